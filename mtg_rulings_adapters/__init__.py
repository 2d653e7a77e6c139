"""Engine adapters shipped with mtg-rulings, registered under the ``mtg_rulings.engines`` entry points.

Each adapter is a factory the runner calls to get a live :class:`conformance.engines.protocol.Engine`.
Third-party engines run out of process, in virtual environments of their own, behind the stdio protocol:
an adapter here only knows how to launch them and imports nothing from them.

==========  ===========================================  ==============================================
name        factory                                      engine
==========  ===========================================  ==============================================
``pymtg``   :func:`mtg_rulings_adapters.pymtg.engine`    python-mtg 0.1.1 (``engines/python-mtg/``)
``phase``   :func:`mtg_rulings_adapters.phase.engine`    phase.rs, phase-python 0.103.0 (``engines/phase/``)
==========  ===========================================  ==============================================
"""
