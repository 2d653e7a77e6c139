# phase.rs (PyPI phase-python, MIT) in a virtual environment of its own.
# Included by the top-level Makefile; `make engines` creates/updates it idempotently (stamped).
PHASE_DIR   := engines/phase
PHASE_VENV  := $(PHASE_DIR)/.venv
PHASE_STAMP := $(PHASE_VENV)/.installed
PHASE_PY    ?= python3
PHASE_SPEC  := cmd:engines/phase/run-harness
PHASE_EXP   := conformance/expectations/phase.yaml

.PHONY: engines engines-clean engines-conformance engines-expectations phase-clean phase-conformance \
        phase-expectations

# Prerequisites only: python-mtg's engines.mk holds the recipes of these shared targets.
engines: $(PHASE_STAMP)
engines-clean: phase-clean
engines-conformance: phase-conformance
engines-expectations: phase-expectations

$(PHASE_STAMP): $(PHASE_DIR)/requirements.txt $(WIRE_SRC)
	test -x $(PHASE_VENV)/bin/python || $(PHASE_PY) -m venv $(PHASE_VENV)
	$(PHASE_VENV)/bin/pip install --quiet --disable-pip-version-check -r $(PHASE_DIR)/requirements.txt
	$(PHASE_VENV)/bin/pip install --quiet --disable-pip-version-check -e ./wire
	$(PHASE_VENV)/bin/python -c "import importlib.metadata as m, sys, phase; sys.exit(0 if m.version('phase-python') == '0.103.0' else 1)"
	touch $(PHASE_STAMP)

phase-clean:
	rm -rf $(PHASE_VENV)

# The whole suite against phase, judged by its committed expectations (CI: engines-conformance runs
# python-mtg's and this one; exit 1 when a result changed).
phase-conformance: $(STAMP) $(PHASE_STAMP)
	mkdir -p $(OUT)
	$(BIN)/rulings run conformance/cases --engine $(PHASE_SPEC) --expectations $(PHASE_EXP) \
	    --timeout 30 --jsonl $(OUT)/phase.jsonl --junit $(OUT)/phase.junit.xml

# Regenerate phase's expectations file and report from a fresh run (every non-pass must be in
# engines/phase/diagnoses.yaml first). Measures the run's peak RSS too.
phase-expectations: $(STAMP) $(PHASE_STAMP)
	mkdir -p $(OUT)
	$(BIN)/python engines/measure_run.py -- $(BIN)/rulings run conformance/cases --engine $(PHASE_SPEC) \
	    --timeout 30 --jsonl $(OUT)/phase.jsonl -q 2> $(OUT)/phase.rss.txt || true
	$(BIN)/python engines/write_expectations.py $(OUT)/phase.jsonl engines/phase/diagnoses.yaml -o $(PHASE_EXP)
	$(BIN)/python engines/engine_report.py $(OUT)/phase.jsonl --cases conformance/cases \
	    --diagnoses engines/phase/diagnoses.yaml \
	    --source-note "Each is an engine limit, an engine bug or a case bug, checked by running the harness; engine paths are in phase's repository (phase-rs/phase, crates/engine/src/), read at its public head; the installed engine is phase-python 0.103.0 (engine commit 60296e2)." \
	    --abstain-note "phase's own Oracle parser left a gap marker (Unimplemented, Unknown, Unrecognized, Other) in an ability, trigger, static or replacement of these cards, so the harness does not claim them." \
	    --peak-rss-mb "$$(tail -1 $(OUT)/phase.rss.txt | $(BIN)/python -c 'import json,sys; print(json.load(sys.stdin)["peak_total_mb"])')" \
	    -o reports/engines/phase.md
