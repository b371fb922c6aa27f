# Two set-up commands (see README):  make demo   and   make test
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test

.PHONY: demo test bench fuzz clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TSTAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

## demo: create the venv, install, and run the main job on sample_logs/:
## check every record, replay the disputed trick, ingest into a Parquet dataset, write the HTML report.
## (exit 1 from check/replay means "a violation was found": the disputed trick has one on purpose)
demo: $(STAMP)
	$(BIN)/tractor check sample_logs/ ; test $$? -le 1
	$(BIN)/tractor replay sample_logs/disputed-trick.tgn ; test $$? -le 1
	$(BIN)/tractor ingest sample_logs/ -o out/dataset
	$(BIN)/tractor report out/dataset -o out/report > out/report-path.txt
	@echo "Parquet dataset: $(CURDIR)/out/dataset"
	@echo "HTML report:     $$(cat out/report-path.txt)"

## test: install what the tests need and run the whole suite
test: $(TSTAMP)
	sh tests/install_browser.sh
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python bench/speed_bench.py

## fuzz: the long fuzz run (issue 15): 10,000 hostile cases in child processes with memory and time
## limits, a table of failure classes, a minimal reproducer of each failure in fuzz-out/.
## CASES=2000 SEED=7 JOBS=2 change the run; the fast part (240 cases) is in `make test`.
CASES ?= 10000
JOBS  ?= 1
fuzz: $(TSTAMP)
	nice $(BIN)/python bench/fuzz.py --cases $(CASES) --jobs $(JOBS) $(if $(SEED),--seed $(SEED),)

clean:
	rm -rf $(VENV) build *.egg-info out
