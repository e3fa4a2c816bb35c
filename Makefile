# The two commands of the README: `make play` and `make test`.
# Both create .venv when it is missing and install the project into it.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,ray]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/parlour play $(or $(GAME),ribs) --players $(or $(PLAYERS),6)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy src

test: $(STAMP) lint
	$(BIN)/python -m pytest

bench: $(STAMP)
	for b in benchmarks/*.py; do $(BIN)/python $$b; done

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
