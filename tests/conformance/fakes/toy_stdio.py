"""ToyEngine served over stdio by the real serve loop (conformance.engines.serve)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from conformance.engines.serve import main  # noqa: E402

sys.exit(main(sys.argv[1:] or ["toy:ToyEngine"]))
