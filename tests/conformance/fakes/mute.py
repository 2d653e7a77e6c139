"""A stdio engine that exits at once without answering ``start``."""

import sys

sys.stderr.write("cannot load my rules database\n")
sys.exit(1)
