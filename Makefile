# unoparty — everyday commands. The quick start is `make app` and `make test`.
#
#   make app        build .venv if needed, then serve the app with Voila on 127.0.0.1:$(PORT)
#   make test       build .venv if needed, then run the test suite: unit, property, notebooks,
#                   type check and the browser journeys (about 3 minutes)
#   make test-wide  the wider browser matrix (every language and width, axe, servers of their own)
#   make typecheck  mypy --strict over the whole package, the views included (part of make test)
#   make lab        JupyterLab on notebooks/ for teachers (outputs and widget state never saved)
#   make soak       long random-play soak runs, outside make test (~15 min on a busy machine)
#   make site       build the app as a static site in site/ (Python in the browser, no server)
#   make test-site  build the site if needed, serve it locally and drive it in Chromium
#   make bench      run the benchmarks in benchmarks/
#   make fast       build the compiled engine (mypyc) into build/fast/site, beside the pure one
#   make test-fast  build it, then run the engine, bad-input, simulate and bot tests against it
#   make messages   extract, update and compile the translation catalogue (Babel)
#   make clean      remove .venv, caches and build output
#
# pip uses the package indexes configured on the machine; nothing here sets an index URL.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.unoparty-installed
EXTRAS := app,test,bench
PORT ?= 8866
LAB_PORT ?= 8888
# Test workers for pytest-xdist (the machines have 2 cores). FAST: a worker that runs out of
# tests takes some from the other (a long test at the end no longer leaves a core idle), and
# the runs without notebooks skip loading nbval (its import of nbformat's validator costs
# about a second in every process).
JOBS ?= 2
# The main run's workers: three on the two cores, because its tests wait for other processes
# a third of their time (servers, PostgreSQL, processes writing one store): a third worker
# uses the core a waiting test leaves (0.92x the wall time of two on a quiet machine, 0.83x with
# other work beside it, the same CPU; paired runs, 2 December).
MAIN_JOBS ?= 3
FAST := --dist worksteal -p no:nbval
# Compiled modules are kept (in the __pycache__ folders git ignores): with PYTHONDONTWRITEBYTECODE
# set, as on the shared machines, every process compiled unoparty and the tests again — every
# kernel, every server, every test worker (collecting the tests took 7 s of CPU instead of 3).
unexport PYTHONDONTWRITEBYTECODE
# Note the space in the file name: always quote it in recipes.
APP_NOTEBOOK := unoparty/app/Start here.ipynb
# Kernels kept preheated by `make app`: a demo for five people opening it together (a class: POOL=30).
POOL ?= 5
# The address `make app` listens on: this computer only; IP=0.0.0.0 serves a class network.
IP ?= 127.0.0.1

LOCALE_DIR := unoparty/locale
DOMAIN := unoparty
POT := $(LOCALE_DIR)/$(DOMAIN).pot
# The languages of the app besides English, its source language (unoparty.i18n.LANGUAGES
# names the same five): French, Romanian, Norwegian (bokmål), Czech — the seeds' languages.
LANGUAGES ?= fr ro nb cs

.PHONY: all venv app lab test test-wide typecheck soak bench messages catalogues clean help browser-deps site test-site fast test-fast

all: test

help:
	@sed -n '3,17p' Makefile

# The virtual environment: created if missing, (re)installed when pyproject.toml is newer
# than the stamp file, so repeated runs cost nothing.
venv: $(STAMP)

$(STAMP): pyproject.toml
	@if ! $(PY) -c 'import sys' >/dev/null 2>&1; then \
	    echo "Creating the virtual environment $(VENV) with $(PYTHON)"; \
	    rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); \
	fi
	$(PY) -m pip install --progress-bar off -e '.[$(EXTRAS)]'
	@touch $(STAMP)

# Compile the translation catalogues (*.po -> *.mo). The .mo files are kept in git, so that
# any install has them (pip install ., pip install -e ., a wheel); tests/test_catalogues.py
# fails when one is not current with its .po. `make messages` compiles them too.
catalogues: $(STAMP)
	@if compgen -G '$(LOCALE_DIR)/*/LC_MESSAGES/$(DOMAIN).po' >/dev/null; then \
	    $(VENV)/bin/pybabel -q compile -d $(LOCALE_DIR) -D $(DOMAIN) || exit 1; \
	fi

# The app notebook ships inside the package (unoparty app serves it from an installed wheel).
# POOL: kernels kept preheated (one per learner expected at once; about 60 MB each). Used ones
# are replaced at once, one or two at a time; MAX_KERNELS bounds the kernels (default: from the
# pool and the memory; beyond it a visitor reads "the class is full").
app:
	@if [ ! -f "$(APP_NOTEBOOK)" ]; then \
	    echo "The app is not built yet: \"$(APP_NOTEBOOK)\" does not exist."; \
	    exit 1; \
	fi
	@$(MAKE) --no-print-directory catalogues
	@echo "Starting the unoparty app. Open http://127.0.0.1:$(PORT)/ in your browser; Ctrl-C stops it."
	$(VENV)/bin/unoparty app --port=$(PORT) --ip=$(IP) --pool-size=$(POOL) \
	    --cull-idle=600 --cull-interval=60 $(if $(MAX_KERNELS),--max-kernels=$(MAX_KERNELS)) \
	    --notebook "$(APP_NOTEBOOK)"

# JupyterLab on notebooks/ (loopback only). jupyter_server_config.py strips outputs and
# widget state when a notebook is saved, so running the notebooks never dirties the checkout.
# As root (a container), Jupyter needs --allow-root.
lab: $(STAMP)
	@$(MAKE) --no-print-directory catalogues
	@echo "Starting JupyterLab on notebooks/ at http://127.0.0.1:$(LAB_PORT)/lab; Ctrl-C stops it."
	$(VENV)/bin/jupyter lab --config=jupyter_server_config.py --ServerApp.root_dir=notebooks \
	    --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) \
	    $$(if [ "$$(id -u)" = 0 ]; then echo --allow-root; fi)

# The typed package: `mypy --strict` (settings in pyproject.toml, [tool.mypy]) over the whole
# package, the views included (ipywidgets, anywidget and IPython have no type information:
# Any); no module is left out or read silently (tests/test_packaging.py checks both).
TYPED := unoparty

typecheck: $(STAMP)
	@status=0; \
	set -x; \
	$(VENV)/bin/mypy --strict $(TYPED) || status=1; \
	{ set +x; } 2>/dev/null; \
	exit $$status

# Three pytest runs and the type check (the commands of `make typecheck`, written out: a
# recipe line naming $(MAKE) would run even under `make -n`); every one runs even if an
# earlier one failed, and `make test` fails if any did. Browser tests run on their own: Playwright's sync API keeps an
# event loop running in its process, which breaks other tests that run asyncio loops.
# The notebooks (nbval) and the type check run beside the browser tests, one after the other
# (the browser tests wait on Voila and Chromium and leave a core mostly idle); their output
# is printed when the browser tests are done. The browser tests are spread by `--dist loadgroup`:
# the tests of a server of their own (tests/browser/conftest.py, GROUPED_SERVERS) stay on one worker.
test: catalogues browser-deps
	@status=0; \
	set -x; \
	$(PY) -m pytest -n $(MAIN_JOBS) $(FAST) -m "not browser and not soak" tests unoparty || status=1; \
	{ set +x; } 2>/dev/null; \
	besidelog=$$(mktemp); \
	( st=0; \
	  if compgen -G 'notebooks/*.ipynb' >/dev/null; then \
	      set -x; \
	      UNOPARTY_LAB_SIZE=small $(PY) -m pytest -p no:cacheprovider -p tests.nbval_ipc --nbval-current-env --nbval-lax notebooks/ || st=1; \
	      { set +x; } 2>/dev/null; \
	  else \
	      echo "No notebooks in notebooks/ yet: nothing for nbval to run."; \
	  fi; \
	  set -x; \
	  $(VENV)/bin/mypy --strict $(TYPED) || st=1; \
	  exit $$st ) >"$$besidelog" 2>&1 & besidepid=$$!; \
	set -x; \
	$(PY) -m pytest -n $(JOBS) --dist loadgroup -p no:nbval -m "browser and not wide and not soak" tests || status=1; \
	{ set +x; } 2>/dev/null; \
	wait $$besidepid || status=1; \
	echo "The notebooks and the type check (run beside the browser tests):"; cat "$$besidelog"; rm -f "$$besidelog"; \
	if [ $$status -ne 0 ]; then echo "make test: some tests failed (see above)."; fi; \
	exit $$status

# The wider browser matrix (tests marked `wide`, listed in tests/browser/conftest.py: every page
# in every language and width, axe on every page, the servers of their own — held and bounded
# pools, HTTPS, JupyterLab): outside make test's minutes; CI runs it after make test.
test-wide: catalogues browser-deps
	$(PY) -m pytest -n $(JOBS) --dist loadgroup -p no:nbval -m "browser and wide and not soak" tests

# Soak runs (tests marked `soak`, tests/test_soak.py): thousands of random rounds with the
# invariants after every move. Not part of `make test`.
soak: catalogues
	$(PY) -m pytest -n $(JOBS) -m soak tests

# axe-core for the accessibility browser tests (tests/browser/package.json), from npm
AXE := tests/browser/node_modules/axe-core/axe.min.js
browser-deps: $(AXE)
$(AXE): tests/browser/package.json
	npm install --prefix tests/browser --no-audit --no-fund
	@touch $(AXE)

bench: catalogues
	@if ! compgen -G 'benchmarks/*.py' >/dev/null; then \
	    echo "No benchmarks in benchmarks/ yet."; \
	    exit 0; \
	fi; \
	for f in benchmarks/*.py; do \
	    echo "== $$f"; \
	    $(PY) "$$f" || exit 1; \
	done

# The compiled engine (issue 20), beside the pure one as mypy and black ship theirs: setup.py
# compiles the core modules it lists with mypyc and the machine's C compiler when
# UNOPARTY_MYPYC=1. `make fast` builds that wheel from a fresh copy of the sources (no stale
# build/ or extension modules of an earlier build) and unpacks it into build/fast/site:
# `PYTHONPATH=build/fast/site .venv/bin/python` runs the compiled engine. `make app` and
# `make test` stay pure (nothing is compiled unless asked). `make test-fast` runs the engine,
# bad-input, simulate and bot tests from build/fast (so that `unoparty` is the compiled one,
# not the sources here); doctests run on the pure build only (a compiled module keeps none).
FAST_DIR := build/fast
FAST_TESTS := tests/test_rules_*.py tests/test_bad_input.py tests/test_simulate.py tests/test_simulation.py \
	tests/test_bots.py tests/test_replay.py tests/test_listed_moves.py tests/test_pickling.py

fast: $(STAMP)
	rm -rf $(FAST_DIR) && mkdir -p $(FAST_DIR)/src $(FAST_DIR)/dist
	git ls-files -z --cached --others --exclude-standard | \
	    tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C $(FAST_DIR)/src
	cd $(FAST_DIR)/src && UNOPARTY_MYPYC=1 $(abspath $(PY)) -m pip wheel --no-build-isolation --no-deps \
	    --progress-bar off -w ../dist .
	$(PY) -m pip install --no-deps --no-compile --target $(FAST_DIR)/site $(FAST_DIR)/dist/unoparty-*.whl
	@cd $(FAST_DIR) && PYTHONPATH=site $(abspath $(PY)) -c 'import unoparty.engine.effects as e, sys; \
	    sys.exit(0 if not e.__file__.endswith(".py") else "not compiled: " + e.__file__)'
	@echo "The compiled engine is in $(FAST_DIR)/site: PYTHONPATH=$(FAST_DIR)/site $(PY) ... (from a directory without unoparty/)"

# From the copy without its unoparty/ (the tests' subprocesses start in it too).
test-fast: fast
	cd $(FAST_DIR)/src && rm -rf unoparty && PYTHONPATH=$(abspath $(FAST_DIR)/site) $(abspath $(PY)) -c \
	    'import unoparty.engine.legal as m, sys; sys.exit(0 if not m.__file__.endswith(".py") else "pure: " + m.__file__)'
	cd $(FAST_DIR)/src && PYTHONPATH=$(abspath $(FAST_DIR)/site) $(abspath $(PY)) -m pytest \
	    -n $(JOBS) $(FAST) -p no:cacheprovider -o addopts= -m "not soak and not browser" $(FAST_TESTS)

# The static site: its own build tools in .venv-site (deploy/site-requirements.txt), the
# downloads (Pyodide from npm, wheels from PyPI) cached in build/site-cache.
SITE_VENV := .venv-site
SITE_STAMP := $(SITE_VENV)/.installed
SITE_SOURCES := $(shell find unoparty deploy -name '*.py' -o -name '*.toml' -o -name '*.ipynb' -o -name '*.po' -o -name '*.js' -o -name '*.mjs' 2>/dev/null | sed 's/ /\\ /g')

$(SITE_STAMP): deploy/site-requirements.txt
	@if ! $(SITE_VENV)/bin/python -c 'import sys' >/dev/null 2>&1; then \
	    rm -rf $(SITE_VENV) && $(PYTHON) -m venv $(SITE_VENV); \
	fi
	$(SITE_VENV)/bin/python -m pip install --progress-bar off -r deploy/site-requirements.txt
	@touch $(SITE_STAMP)

# SNAPSHOT=0: no memory snapshot of Python (deploy/make_snapshot.mjs, made with Node): the
# site then starts Python the plain way (make test-site expects the snapshot).
SNAPSHOT ?= 1
site/index.html: $(SITE_STAMP) $(SITE_SOURCES) pyproject.toml
	@$(MAKE) --no-print-directory catalogues
	$(SITE_VENV)/bin/python deploy/build_site.py --out site $(if $(filter 0,$(SNAPSHOT)),--no-snapshot)

site: site/index.html

# Outside `make test`: the build takes a minute and the browser test about as long.
test-site: site
	$(PY) -m pytest -p no:randomly -n 0 -m site deploy/tests

# Extract every string marked with _() or ngettext() and every text of the lesson, curriculum
# and rule files (babel.cfg, unoparty/extract.py) into the template, start a catalogue for
# each language in $(LANGUAGES) that has none, update the others, compile all (commit the
# .po and .mo files together).
messages: $(STAMP)
	mkdir -p $(LOCALE_DIR)
	$(VENV)/bin/pybabel extract -F babel.cfg --no-default-keywords -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k npgettext:1c,2,3 \
	    --project=unoparty --sort-by-file -o $(POT) .
	@for lang in $(LANGUAGES); do \
	    if [ ! -f $(LOCALE_DIR)/$$lang/LC_MESSAGES/$(DOMAIN).po ]; then \
	        $(VENV)/bin/pybabel init -i $(POT) -d $(LOCALE_DIR) -D $(DOMAIN) -l $$lang || exit 1; \
	    fi; \
	done
	$(VENV)/bin/pybabel update -i $(POT) -d $(LOCALE_DIR) -D $(DOMAIN)
	$(VENV)/bin/pybabel compile -d $(LOCALE_DIR) -D $(DOMAIN) --statistics

clean:
	rm -rf $(VENV) $(SITE_VENV) site build dist *.egg-info .pytest_cache .hypothesis test-artifacts screenshots
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
