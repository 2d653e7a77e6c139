# python-mtg engine (third-party, MIT) in a virtual environment of its own.
# Included by the top-level Makefile; `make engines` creates/updates it idempotently.
PYMTG_DIR   := engines/python-mtg
PYMTG_VENV  := $(PYMTG_DIR)/.venv
PYMTG_STAMP := $(PYMTG_VENV)/.installed
PYMTG_PY    ?= python3

.PHONY: engines engines-clean

engines: $(PYMTG_STAMP)

$(PYMTG_STAMP): $(PYMTG_DIR)/requirements.txt
	test -x $(PYMTG_VENV)/bin/python || $(PYMTG_PY) -m venv $(PYMTG_VENV)
	$(PYMTG_VENV)/bin/pip install --quiet --disable-pip-version-check -r $(PYMTG_DIR)/requirements.txt
	$(PYMTG_VENV)/bin/python -c "import mtg, sys; sys.exit(0 if mtg.__version__ == '0.1.1' else 1)"
	touch $(PYMTG_STAMP)

engines-clean:
	rm -rf $(PYMTG_VENV)
