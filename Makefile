# Two commands for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
OUT    ?= out

.PHONY: setup run test bench lint clean

.DEFAULT_GOAL := run
include engines/python-mtg/engines.mk
include engines/phase/engines.mk

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

INPUTS := fixtures/seeds fixtures/data/recent/at_knifepoint_otj.json fixtures/data/mtgjson-2022/rulings_en.jsonl.gz

# The main job on the shipped fixtures: dataset -> mined cases (checked) -> conformance run -> reports, export.
run: $(STAMP)
	$(BIN)/rulings build $(INPUTS) --out $(OUT)/dataset
	$(BIN)/rulings mine $(OUT)/dataset --out conformance/cases --check
	$(BIN)/rulings run conformance/cases --engine reference --jsonl $(OUT)/runs/reference.jsonl \
	    --junit $(OUT)/runs/reference.junit.xml --markdown $(OUT)/runs/reference.md -q
	$(BIN)/rulings report translation $(OUT)/dataset --out $(OUT)/reports/translation
	$(BIN)/rulings report conformance $(OUT)/runs/reference.jsonl --out $(OUT)/reports/conformance
	$(BIN)/rulings export $(OUT)/dataset --format parquet --out $(OUT)/export
	@echo "reports: $(OUT)/reports/translation/index.html $(OUT)/reports/conformance/index.html"

# `make test` leaves out the `ci` tests (whole-corpus checks at scale); .ci/run runs them too.
# The tests start hundreds of Python processes (the CLI, engines, fakes): they share compiled
# bytecode, kept under .venv/pycache, even where the shell sets PYTHONDONTWRITEBYTECODE.
TEST_ENV := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache
# Three workers on a 2-core machine: many tests wait (an engine's close grace, a case deadline, a
# process start-up), and a third worker uses the core a waiting one leaves idle (116 s with two
# workers, 106 s with three, on the 2-core machine of issue 12).
test: $(STAMP)
	$(TEST_ENV) $(BIN)/python -m pytest -n 3 --dist worksteal -q -rs -m "not ci"

bench: $(STAMP)
	$(BIN)/python bench/run.py

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy pipeline conformance reports rulings mtg_rulings_adapters --ignore-missing-imports

clean:
	rm -rf $(OUT) .pytest_cache .hypothesis
