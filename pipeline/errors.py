"""Exceptions raised by the pipeline core (sources, store, build).

Which step raises what:

- reading inputs (:mod:`pipeline.sources`): :class:`InputError` when a path given to the pipeline
  does not exist, is not a file or folder, or has an unsupported extension. A file or folder
  that cannot be read (permissions, a FIFO, a link leaving the inputs, over a size limit) and
  problems *inside* an input file are not exceptions: they become
  :class:`~pipeline.records.Issue` and :class:`~pipeline.records.Quarantined` records.
- writing or reading a dataset (:mod:`pipeline.store`): :class:`DatasetError`.
- orchestration (:mod:`pipeline.build`): :class:`BuildError`, which wraps the errors of the
  language, cards and align stages (their own exception classes stay available as ``__cause__``).

Every class derives from :class:`PipelineError`, so a caller (the CLI) can catch them all at once.
"""

from __future__ import annotations


class PipelineError(Exception):
    """Base class of every error raised by the pipeline core."""


class InputError(PipelineError):
    """An input path does not exist, is not a supported file, or cannot be read."""


class DatasetError(PipelineError):
    """A dataset directory cannot be written (or read back): wrong place, missing parts, bad schema."""


class BuildError(PipelineError):
    """A pipeline stage failed while building; ``__cause__`` holds the stage's own exception."""
