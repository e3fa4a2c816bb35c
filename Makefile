# The commands of the README: `make serve`, `make play` and `make test`.
# Both create .venv when it is missing and install the project into it.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve play test lint bench strength clean chromium postgresql haproxy

$(STAMP): pyproject.toml Makefile
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,ray,postgres,openspiel]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/parlour serve $(if $(PORT),--port $(PORT))

play: $(STAMP)
	$(BIN)/parlour play $(or $(GAME),ribs) --players $(or $(PLAYERS),6)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/mypy src
	$(BIN)/lint-imports

# The browser tests drive Debian's chromium (never `playwright install`).
chromium:
	test -x /usr/bin/chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

# The server tests run on SQLite and on a throwaway PostgreSQL cluster they start
# themselves (parlour.server.pgcluster): Debian's server programs, without the
# package's own "main" cluster, so nothing is left running.
postgresql:
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || ( \
	  mkdir -p /etc/postgresql-common/createcluster.d && \
	  echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/parlour.conf && \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql </dev/null)

# The proxy in front of several workers (deploy/haproxy/parlour.cfg): the tests check the
# shipped configuration with it and start it in front of workers, as they start PostgreSQL.
haproxy:
	test -x /usr/sbin/haproxy || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy </dev/null)

# The suite runs on both cores, a test file to a process: a file's server and browser
# fixtures start once, and one file's waits (restarts, leases, bots' pace) overlap another's work.
test: $(STAMP) lint chromium postgresql haproxy
	PARLOUR_REQUIRE_POSTGRES=1 PARLOUR_REQUIRE_OPENSPIEL=1 $(BIN)/python -m pytest -n 2 --dist loadfile

bench: $(STAMP)
	for b in benchmarks/*.py; do $(BIN)/python $$b; done

# The results page's figures (docs/strength.md) with fewer hands: about ten minutes on two
# idle cores. `parlour strength --full` plays the page's own hand counts.
strength: $(STAMP)
	$(BIN)/parlour strength --jobs $(or $(JOBS),2)

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
