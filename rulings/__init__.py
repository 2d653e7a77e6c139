"""The ``rulings`` command line package."""

__version__ = "0.1.0"
