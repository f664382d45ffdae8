# croupier: two commands, `make run` and `make test`, set everything up on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test lint typecheck pytest bench clean browser web node

# setup.py, the evaluator's C kernel and the engine's modules too: the editable install compiles
# them in place (the C kernel; the engine with mypyc, croupier.engine._native)
ENGINE_SOURCES := $(wildcard src/croupier/engine/*.py) src/croupier/cards.py src/croupier/_checks.py \
  src/croupier/errors.py src/croupier/rules/model.py
$(STAMP): pyproject.toml setup.py src/croupier/evaluate/_ckernel.c $(ENGINE_SOURCES)
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "croupier needs Python 3.11 or newer"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all,test,bench]'
	touch $(STAMP)

# The web client's build (scripts/build_web.mjs, esbuild from package-lock.json): its bundles
# in src/croupier/web/dist, rebuilt when a source changes (the server refuses a stale one).
NODE_STAMP := node_modules/.installed
WEB_BUILD := src/croupier/web/dist/manifest.json
WEB_SOURCES := $(shell find src/croupier/web -path src/croupier/web/dist -prune -o -type f -print 2>/dev/null)

$(NODE_STAMP): package.json package-lock.json | node
	npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $(NODE_STAMP)

$(WEB_BUILD): $(NODE_STAMP) scripts/build_web.mjs $(WEB_SOURCES)
	node scripts/build_web.mjs

web: $(WEB_BUILD)

# Node.js and npm build the client: installed here when missing (as root), else a clear stop.
node:
	@if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Node.js and npm to build the web client (apt-get install nodejs npm)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	  else \
	    echo "error: the web client is built with Node.js 18+ and npm; install them (as root: apt-get install -y nodejs npm)" >&2; \
	    exit 1; \
	  fi; \
	fi

run: $(STAMP) web
	$(BIN)/croupier serve

play: $(STAMP)
	$(BIN)/croupier play

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/croupier

# With a C compiler at hand, the install must have compiled the engine (tests/test_engine_native.py
# fails rather than skips then: a build that silently fell back to the pure engine is a fault).
pytest: $(STAMP) browser web
	CROUPIER_EXPECT_NATIVE=$$(command -v cc >/dev/null 2>&1 && echo 1 || echo 0) $(BIN)/pytest -n 2 -q

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/croupier bench evaluator
	$(BIN)/croupier bench equity
	$(BIN)/croupier bench engine

clean:
	rm -rf $(VENV) build .mypy_cache .pytest_cache .ruff_cache node_modules src/croupier/web/dist

# The browser tests drive Debian's Chromium: installed here when missing (as root), else a
# clear stop saying what to install (never a silent skip).
CHROMIUM ?= /usr/bin/chromium
browser:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Chromium for the browser tests (apt-get install chromium)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; \
	  else \
	    echo "error: the browser tests need Chromium at $(CHROMIUM); install it as root: apt-get update && apt-get install -y chromium" >&2; \
	    exit 1; \
	  fi; \
	fi
