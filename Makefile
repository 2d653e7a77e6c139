# Two commands for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
OUT    ?= out

.PHONY: setup run test bench lint clean

.DEFAULT_GOAL := run
include engines/python-mtg/engines.mk

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/rulings build fixtures/seeds fixtures/data/mtgjson-2022/rulings_en.jsonl.gz fixtures/data/recent/at_knifepoint_otj.json --out $(OUT)/dataset

test: $(STAMP)
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/python bench/run.py

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(OUT) .pytest_cache .hypothesis
