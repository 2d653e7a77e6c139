# python-mtg engine (third-party, MIT) in a virtual environment of its own.
# Included by the top-level Makefile; `make engines` creates/updates it idempotently.
PYMTG_DIR   := engines/python-mtg
PYMTG_VENV  := $(PYMTG_DIR)/.venv
PYMTG_STAMP := $(PYMTG_VENV)/.installed
PYMTG_PY    ?= python3
# The stdio protocol messages, the card data reader and the harnesses' shared stdio loop (stdlib only),
# installed into every engine venv from the repo (wire/: links to conformance/wire.py,
# conformance/card_data.py and conformance/features.py, and mtg_rulings_harness.py).
WIRE_SRC    := wire/pyproject.toml conformance/wire.py conformance/card_data.py conformance/features.py \
               wire/mtg_rulings_harness.py

.PHONY: engines engines-clean

engines: $(PYMTG_STAMP)

$(PYMTG_STAMP): $(PYMTG_DIR)/requirements.txt $(WIRE_SRC)
	test -x $(PYMTG_VENV)/bin/python || $(PYMTG_PY) -m venv $(PYMTG_VENV)
	$(PYMTG_VENV)/bin/pip install --quiet --disable-pip-version-check -r $(PYMTG_DIR)/requirements.txt
	$(PYMTG_VENV)/bin/pip install --quiet --disable-pip-version-check -e ./wire
	$(PYMTG_VENV)/bin/python -c "import mtg, sys; sys.exit(0 if mtg.__version__ == '0.1.1' else 1)"
	touch $(PYMTG_STAMP)

engines-clean:
	rm -rf $(PYMTG_VENV)

# The whole suite against python-mtg, judged by its committed expectations (what CI runs; exit 1 when a
# result changed). Needs the project venv ($(STAMP), top-level Makefile) and the engine venv.
PYMTG_SPEC := cmd:engines/python-mtg/run-harness
PYMTG_EXP  := conformance/expectations/python-mtg.yaml

.PHONY: engines-conformance engines-expectations

engines-conformance: $(STAMP) $(PYMTG_STAMP)
	mkdir -p $(OUT)
	$(BIN)/rulings run conformance/cases --engine $(PYMTG_SPEC) --expectations $(PYMTG_EXP) \
	    --timeout 30 --jsonl $(OUT)/python-mtg.jsonl --junit $(OUT)/python-mtg.junit.xml

# Regenerate python-mtg's expectations file and report from a fresh run (after checking every new failure
# is python-mtg's bug and adding it to engines/python-mtg/diagnoses.yaml). Measures the run's peak RSS too.
engines-expectations: $(STAMP) $(PYMTG_STAMP)
	mkdir -p $(OUT)
	$(BIN)/python engines/measure_run.py -- $(BIN)/rulings run conformance/cases --engine $(PYMTG_SPEC) \
	    --timeout 30 --jsonl $(OUT)/python-mtg.jsonl -q 2> $(OUT)/python-mtg.rss.txt || true
	$(BIN)/rulings run tests/engines/data/cases --engine $(PYMTG_SPEC) --timeout 30 \
	    --jsonl $(OUT)/python-mtg-probes.jsonl -q || true
	$(BIN)/python engines/write_expectations.py $(OUT)/python-mtg.jsonl engines/python-mtg/diagnoses.yaml -o $(PYMTG_EXP)
	$(BIN)/python engines/write_expectations.py $(OUT)/python-mtg-probes.jsonl engines/python-mtg/diagnoses.yaml \
	    -o tests/engines/data/expectations/python-mtg-probes.yaml
	$(BIN)/python engines/engine_report.py $(OUT)/python-mtg.jsonl $(OUT)/python-mtg-probes.jsonl \
	    --cases conformance/cases --cases tests/engines/data/cases --diagnoses engines/python-mtg/diagnoses.yaml \
	    --peak-rss-mb "$$(tail -1 $(OUT)/python-mtg.rss.txt | $(BIN)/python -c 'import json,sys; print(json.load(sys.stdin)["peak_total_mb"])')" \
	    -o reports/engines/python-mtg.md
