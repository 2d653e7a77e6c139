"""Executable conformance cases for MTG rules engines, and the harness that runs them.

Public API (see ``conformance/SPEC.md`` for the contract and ``docs/engines.md`` for a tutorial):

* :mod:`conformance.engines.protocol` — ``Engine`` (the Python protocol), ``EngineInfo``,
  ``Observation``, ``EngineReportedError``, ``PROTOCOL_VERSION``.
* :mod:`conformance.engines.spec` — ``parse_spec``, ``connect``, ``EngineSpec``,
  ``installed_engines`` (the ``mtg_rulings.engines`` entry-point group), ``list_engines``.
* :mod:`conformance.engines.stdio` — ``StdioEngine`` (JSON lines over a child's stdin/stdout);
  :mod:`conformance.engines.pipes` — ``EngineProcess`` (the child in a process group of its own,
  every write and read bounded);
  :mod:`conformance.engines.reaper` — kills every live engine on SIGTERM/SIGINT;
  :mod:`conformance.engines.serve` — serve any Python engine over stdio;
  :mod:`conformance.engines.inprocess` — ``InProcessEngine``.
* :mod:`conformance.case_yaml` — the one reader of suite YAML files (``parse_yaml``,
  ``read_text``, ``load_yaml_file``: libyaml, no aliases, no duplicate keys, bounded size).
* :mod:`conformance.cases_io` — ``Case``, ``load_case``, ``load_cases``, ``check_suite``,
  ``case_hash``, ``rehash``, ``CaseFilter``, ``shard_of``; :mod:`conformance.case_lint` —
  ``lint``; :mod:`conformance.case_vocabulary` — ``load_features``, ``known_card_names``.
* :mod:`conformance.judge` — ``judge``, ``matches``, ``Mismatch``.
* :mod:`conformance.runner` — ``run_suite`` (``rulings run``), ``run_cases``, and from
  :mod:`conformance.runs` ``RunOptions``, ``Run``, ``select_cases``, from
  :mod:`conformance.executor` ``execute_case``, ``CaseExecutor``; ``CaseResult``.
* :mod:`conformance.expectations` — ``load_expectations``, ``Expectations``, ``Expected``.
* :mod:`conformance.runfile` — the run-file format's one owner: ``CaseResult``, ``STATUSES``,
  ``RunFileWriter``, ``read_run_file`` (strict), ``compute_suite_version``.
* :mod:`conformance.output` — ``jsonl`` (``JsonlWriter``, ``write_run``, ``load_run``),
  ``junit`` (``render_junit``), ``markdown`` (``render_markdown``), ``text`` (making engine
  text safe for them).
* :mod:`conformance.diff` — ``diff_runs``; :mod:`conformance.smoke` — ``smoke``;
  :mod:`conformance.mutation` — ``run_mutants``; :mod:`conformance.schemas` — the JSON Schemas.
* :mod:`conformance.mining` — ``mine_cases`` (``rulings mine``); :mod:`conformance.verification`
  — ``verify_suite`` (``rulings verify``).
* :mod:`conformance.errors` — every exception, by lifecycle step.
"""
