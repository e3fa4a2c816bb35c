"""A throwaway PostgreSQL cluster from Debian's packages, for the tests and the load benchmark.

The server's PostgreSQL path (a worker thread, pre-pinged pool, retried stores) has to be
exercised by `make test`, not by hand: this starts a private cluster (initdb in a
temporary folder, listening on 127.0.0.1 only at a free port, its socket in that folder)
and removes it at the end. Debian installs the server's programs under
`/usr/lib/postgresql/<version>/bin`, off the PATH; the newest version there is used.
PostgreSQL refuses to run as root, so when the caller is root the programs run as the
`postgres` user the Debian package creates (or a system user made for the purpose).
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

SEARCH = "/usr/lib/postgresql/*/bin/initdb"
SUPERUSER = "parlour"
RUN_AS = ("postgres", "parlour-pg")  # non-root users tried, in order, when we are root


class ClusterError(RuntimeError):
    """PostgreSQL's programs are missing or the cluster did not start."""


def find_bin_dir() -> Path | None:
    """Where initdb, pg_ctl and postgres are: Debian's newest version, else the PATH."""
    found = sorted(Path("/").glob(SEARCH.lstrip("/")), key=lambda p: _version(p.parent.parent.name))
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".") if part.isdigit())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One private cluster: `start()`, `database(name)` for a URL, `stop()`/`start()` to
    take the database away under a running server, and `close()` to remove it all.

    `durable=False` (the tests) turns fsync off: a clean shutdown still loses nothing, and
    only an operating-system crash could, which no test makes; the benchmark keeps the
    defaults so its figures are a real server's.
    """

    def __init__(self, durable: bool = True) -> None:
        bin_dir = find_bin_dir()
        if bin_dir is None:
            raise ClusterError("PostgreSQL's server programs are not installed (Debian: apt-get install postgresql)")
        self.bin = bin_dir
        self.durable = durable
        self.user = _run_as()
        self.root = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--no-sync")
        self.running = False

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, cwd=self.root, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            raise ClusterError(f"{program} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> Cluster:
        settings = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root}"
        if not self.durable:
            settings += " -c fsync=off -c full_page_writes=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-t", "60", "-o", settings, "start")
        self.running = True
        return self

    def stop(self, mode: str = "fast") -> None:
        """Shut the cluster down (`fast`: connections are cut, as in a restart)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")
        self.running = False

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def database(self, name: str) -> str:
        """A new empty database; returns its SQLAlchemy URL."""
        import psycopg

        if not name.replace("_", "").isalnum():
            raise ValueError(f"a database name is letters, digits and _: {name!r}")
        with psycopg.connect(f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def close(self) -> None:
        try:
            if self.running:
                self.stop("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _run_as() -> str | None:
    """The user to run PostgreSQL as: None (ourselves) unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in RUN_AS:
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", RUN_AS[-1]], check=True)
    return RUN_AS[-1]
