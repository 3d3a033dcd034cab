# The README's two commands: `make serve` and `make test`. Both create .venv and install first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 5006
STAMP  := $(VENV)/.installed

.PHONY: serve test lint format bench scenarios clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/python scripts/compile_locale.py
	touch $(STAMP)

## Serve the table-side app on http://localhost:$(PORT)/ (SQLite store in data/, demo game included).
## The tutorial notebooks are rendered to data/tutorial/ once (then only when they or what they
## import change); "your first game" is /first-game.
serve: $(STAMP)
	$(BIN)/python scripts/render_tutorial.py
	$(BIN)/panel serve dashboards/app.py dashboards/first-game.py --index app \
		--port $(PORT) --address 127.0.0.1 \
		--allow-websocket-origin=localhost:$(PORT) --allow-websocket-origin=127.0.0.1:$(PORT) \
		--static-dirs tutorial=./data/tutorial

## Run every test: unit, scenarios, property-based, notebooks, real-browser.
test: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/ruff check swcore dashboards tests scripts

format: $(STAMP)
	$(BIN)/ruff format swcore dashboards tests scripts

bench: $(STAMP)
	$(BIN)/python -m swcore bench

scenarios: $(STAMP)
	$(BIN)/python -m swcore scenario tests/scenarios ../shared/conformance/examples

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
