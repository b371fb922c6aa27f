# Two set-up commands (see README):  make demo   and   make test
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test

.PHONY: demo test bench fuzz clean

# pip's and setuptools' chatter goes to .venv/pip.log, shown only when the install fails
PIPLOG := $(VENV)/pip.log
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	@$(PIP) --upgrade pip > $(PIPLOG) 2>&1 || { cat $(PIPLOG); exit 1; }

# the compiled cores (setup.py) are built by this install: a changed C source reinstalls
CSOURCES := $(shell find tractor_analysis -name '*.c' -o -name '*.h' 2>/dev/null)

# the package's bytecode written once, as pip does for a non-editable install: where PYTHONDONTWRITEBYTECODE
# is set (this machine), every `tractor` start and every worker process compiled the sources again (about
# 0.5 CPU-s each; the suite starts hundreds; bench/README.md, issue 27)
$(STAMP): $(BIN)/python pyproject.toml setup.py $(CSOURCES)
	@echo "installing tractor-analysis into $(VENV)/ (log: $(PIPLOG))"
	@$(PIP) -e . > $(PIPLOG) 2>&1 || { cat $(PIPLOG); exit 1; }
	@$(BIN)/python -m compileall -q -j 0 tractor_analysis cli reports >> $(PIPLOG) 2>&1 || { cat $(PIPLOG); exit 1; }
	@touch $@

# the test extras alone (pyproject.toml's [test] list): `pip install -e '.[test]'` would build the C cores again
TESTDEPS = $(BIN)/python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['test']))"

$(TSTAMP): $(STAMP)
	@echo "installing the test extras into $(VENV)/ (log: $(PIPLOG))"
	@$(TESTDEPS) > $(VENV)/test-requirements.txt
	@$(PIP) -r $(VENV)/test-requirements.txt > $(PIPLOG) 2>&1 || { cat $(PIPLOG); exit 1; }
	@touch $@

## demo: create the venv, install, and run the main job on sample_logs/:
## check every record, replay the disputed trick, ingest into a Parquet dataset, write the HTML report,
## and the standings of the 8-team event in tests/data/event (with its printable sheet).
## (exit 1 from check/replay means "a violation was found": the disputed trick has one on purpose;
## 3 "a hand not fully judged"; only 2, a record that cannot be read, stops the demo)
demo: $(STAMP)
	$(BIN)/tractor check sample_logs/ ; test $$? -ne 2
	$(BIN)/tractor replay sample_logs/disputed-trick.tgn ; test $$? -ne 2
	$(BIN)/tractor ingest sample_logs/ -o out/dataset
	$(BIN)/tractor report out/dataset -o out/report > out/report-path.txt
	$(BIN)/tractor standings tests/data/event/ --html out/event-standings.html
	@echo ""
	@echo "Parquet dataset / 数据集:  $(CURDIR)/out/dataset"
	@echo "HTML report / 网页报告:    $$(cat out/report-path.txt)"
	@echo "Event standings to print / 赛事排名打印版: $(CURDIR)/out/event-standings.html"
	@echo ""
	@echo "Next / 下一步:"
	@echo "  . .venv/bin/activate        # puts the tractor command on your PATH / 将 tractor 命令加入 PATH"
	@echo "  tractor --help              # every command, with examples / 所有命令及示例"
	@echo "  open the report / 打开报告:  $$(cat out/report-path.txt)"

## test: install what the tests need and run the whole suite, on up to 4 CPUs (pytest-xdist;
## `.venv/bin/python -m pytest -q` alone runs it in one process; --dist loadgroup keeps a module marked
## xdist_group on one worker, so its costly module fixtures are built once; tests/warm_asserts.py first writes
## pytest's rewritten test modules once, which PYTHONDONTWRITEBYTECODE kept each worker rewriting: ~19 CPU-s each)
test: $(TSTAMP)
	sh tests/install_browser.sh
	@$(BIN)/python tests/warm_asserts.py
	$(BIN)/python -m pytest -q -n auto --maxprocesses 4 --dist loadgroup

## bench: issue 27's speed figures (bench/README.md): every step's CPU against the json.loads baseline of the
## same run, paired rounds; then the 16,120-hand file: memory, and two workers against one over 6 rounds
bench: $(STAMP)
	$(BIN)/python bench/speed_bench.py
	$(BIN)/python bench/speed_bench.py --big-file 8 --big-rounds 6 --only-ingest

## fuzz: the long fuzz run (issue 15): 10,000 hostile cases in child processes with memory and time
## limits, a table of failure classes, a minimal reproducer of each failure in fuzz-out/.
## CASES=2000 SEED=7 JOBS=2 change the run; the fast part (240 cases) is in `make test`.
CASES ?= 10000
JOBS  ?= 2
fuzz: $(TSTAMP)
	nice $(BIN)/python bench/fuzz.py --cases $(CASES) --jobs $(JOBS) $(if $(SEED),--seed $(SEED),)

clean:
	rm -rf $(VENV) build *.egg-info out
