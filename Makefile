# The commands of the README: `make serve`, `make play` and `make test`.
# Both create .venv when it is missing and install the project into it.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve play test lint bench clean chromium

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,ray]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/parlour serve $(if $(PORT),--port $(PORT))

play: $(STAMP)
	$(BIN)/parlour play $(or $(GAME),ribs) --players $(or $(PLAYERS),6)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy src
	$(BIN)/lint-imports

# The browser tests drive Debian's chromium (never `playwright install`).
chromium:
	test -x /usr/bin/chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

test: $(STAMP) lint chromium
	$(BIN)/python -m pytest

bench: $(STAMP)
	for b in benchmarks/*.py; do $(BIN)/python $$b; done

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
