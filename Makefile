# The README's two commands: `make serve` and `make test`. Both create .venv and install first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 5006
STAMP  := $(VENV)/.installed
# The other supported Pythons (3.11 to 3.13) found on this machine besides $(PYTHON)'s, e.g.
# "3.12 3.13": `make test` runs the suite on each in its own .venv-3.X (scripts/interpreters.py).
OTHERS  = $(shell $(PYTHON) scripts/interpreters.py --besides $(PYTHON))

.PHONY: serve test test-main test-others lint format bench scenarios clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/python scripts/compile_locale.py
	touch $(STAMP)

## Serve the table-side app on http://localhost:$(PORT)/ (SQLite store in data/, demo game included).
## The port opens within seconds: the tutorial notebooks are rendered to data/tutorial/ in the
## background meanwhile, at low priority (then only when they or what they import change; log in
## data/tutorial-render.log; the lobby says when it is not rendered yet); "your first game" is
## /first-game. Stopping the server stops the rendering. `--plugins dashboards.alive` adds the
## cheap /sw-alive answer that open pages ask before reconnecting (dashboards/alive.py);
## TOKEN_LIFETIME is how long (s) a page may take to reconnect in place (Bokeh's default: 300).
## A page's session waits 60 s for its websocket (Bokeh: 15 s): on a loaded server a page's
## scripts take longer, and Bokeh then builds the session a second time.
TOKEN_LIFETIME ?= 604800
serve: $(STAMP)
	@mkdir -p data/tutorial
	nice -n 15 $(BIN)/python scripts/render_tutorial.py > data/tutorial-render.log 2>&1 & \
	render=$$!; trap 'kill $$render 2>/dev/null' EXIT INT TERM; \
	$(BIN)/panel serve dashboards/app.py dashboards/first-game.py dashboards/game-film.py dashboards/club-stats.py --index app \
		--port $(PORT) --address 127.0.0.1 \
		--allow-websocket-origin=localhost:$(PORT) --allow-websocket-origin=127.0.0.1:$(PORT) \
		--static-dirs tutorial=./data/tutorial --plugins dashboards.alive \
		--session-token-expiration $(TOKEN_LIFETIME) --unused-session-lifetime 60000

## Run every test: unit, scenarios, property-based, notebooks, real-browser, on .venv's Python
## ($(PYTHON), 3.11 here); and, at the same time, every test but the real-browser ones (marker
## `browser`: the app in chromium, the load test) on each other supported Python found (3.12,
## 3.13): the engine, the app's logic and the tutorial notebooks on every Python; the browsers
## see the same pages whatever the server's Python (figures in BENCHMARKS.md). Each run has two
## pytest-xdist workers (`TEST_WORKERS`); the tutorial's tests (notebooks, static site) keep to
## one worker, where the notebooks of a folder share a kernel and the site's pages share their
## runs (tests/notebook_runs.py), and the browser tests to one (groups in tests/conftest.py).
## The browser tests are most of .venv's run and wait on pages more than they compute: the
## other Pythons' runs (installed one after the other meanwhile) take the CPU they leave, at a
## lower priority (`OTHERS_NICE`), so that the pages keep their pace. A notebook's time bound is
## its kernel's CPU time, which a neighbouring run does not stretch. Each run's output is shown
## whole when it ends (make's --output-sync); any run failing fails `make test`.
TEST_WORKERS ?= 2
OTHERS_NICE ?= 10
## The runs start many processes (servers, kernels, workers, the CLI) that import the project:
## its modules are compiled once and the bytecode kept, even where the environment sets
## PYTHONDONTWRITEBYTECODE (each process compiled them again: about half a second of CPU each).
test test-main test-3.%: export PYTHONDONTWRITEBYTECODE :=
PYTEST_ARGS = -q -p no:cacheprovider -n $(TEST_WORKERS) --dist loadgroup
test: $(STAMP)
	@echo "Other Pythons found: $(or $(OTHERS),none)"
	@$(MAKE) --no-print-directory -j --output-sync=target test-main test-others

## The whole suite on .venv's Python alone.
test-main: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

## The other Pythons' runs (`make test-others -j` runs them side by side, as `make test` does).
test-others: $(foreach v,$(OTHERS),test-$(v))

## The suite but its browser tests on Python 3.X, in .venv-3.X (created and installed here).
test-3.%: .venv-3.%/.installed
	nice -n $(OTHERS_NICE) .venv-3.$*/bin/python -m pytest $(PYTEST_ARGS) -m "not browser"

## One install at a time (flock): two editable installs of this tree at once would both write
## its egg-info.
.PRECIOUS: .venv-3.%/.installed  # a stamp, not an intermediate file to delete
.venv-3.%/.installed: pyproject.toml
	flock .venv-install.lock sh -c '\
	  nice -n $(OTHERS_NICE) $$($(PYTHON) scripts/interpreters.py --path 3.$*) -m venv .venv-3.$* && \
	  nice -n $(OTHERS_NICE) .venv-3.$*/bin/pip install --quiet --upgrade pip && \
	  nice -n $(OTHERS_NICE) .venv-3.$*/bin/pip install --quiet -e ".[dev]"'
	touch $@

lint: $(STAMP)
	$(BIN)/ruff check swcore dashboards tests scripts notebooks

format: $(STAMP)
	$(BIN)/ruff format swcore dashboards tests scripts

bench: $(STAMP)
	$(BIN)/python -m swcore bench

scenarios: $(STAMP)
	$(BIN)/python -m swcore scenario tests/scenarios tests/conformance/examples

clean:
	rm -rf $(VENV) .venv-3.* .pytest_cache .hypothesis .venv-install.lock
