"""HAProxy in front of several parlour workers: its configuration, and a running one.

A table is acted on by one worker at a time (its lease, tables.py), so the proxy sends
every request about a table to one worker: it hashes the table's id, the `table` query
parameter of the websocket (`/ws?table=ID`) and the `{table_id}` segment of
`/api/tables/{table_id}/...`. The hash is consistent, so when a worker goes down only its
own tables move to the others, and come back when it is up again. Everything else (the
lobby, new tables, static files) goes round robin. Each worker is checked on `/healthz`
every second and taken out after two failures; a connection refused by a worker not yet
marked down is sent to another (`redispatch`). Websockets are long-lived: a tunnel may
sit idle an hour (the page pings far more often).

`running_proxy` runs Debian's haproxy as a child, as pgcluster.py runs PostgreSQL, for the
tests, the benchmark and `parlour serve --workers N`.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

HAPROXY = "/usr/sbin/haproxy"
START_SECONDS = 20.0


class ProxyError(RuntimeError):
    """haproxy is missing, refuses its configuration, or did not start."""


def haproxy_config(listen_port: int, workers: list[tuple[str, int]], host: str = "127.0.0.1") -> str:
    """The configuration of a proxy on `host:listen_port` in front of `workers` (their
    (address, port) pairs)."""
    if not workers:
        raise ValueError("a proxy needs at least one worker")
    servers = [(f"w{i + 1}", address, port) for i, (address, port) in enumerate(workers)]
    checked = "\n".join(
        f"    server {name} {address}:{port} check inter 1s fall 2 rise 2" for name, address, port in servers
    )
    tracked = "\n".join(f"    server {name} {address}:{port} track tables/{name}" for name, address, port in servers)
    return f"""\
global
    maxconn 8000

defaults
    mode http
    option forwardfor
    option redispatch 1
    retries 2
    timeout connect 5s
    timeout client 30s
    timeout server 30s
    timeout tunnel 1h
    timeout client-fin 5s
    timeout http-request 10s

frontend parlour
    bind {host}:{listen_port}
    # The table a request is about: the websocket's ?table=, or /api/tables/<id>/...
    http-request set-var(txn.table) url_param(table) if {{ path /ws }}
    http-request set-var(txn.table) path,field(4,/) if {{ path_beg /api/tables/ }}
    use_backend tables if {{ var(txn.table) -m found }}
    default_backend anyone

backend tables
    balance hash var(txn.table)
    hash-type consistent
    option httpchk GET /healthz
    http-check expect status 200
{checked}

backend anyone
    balance roundrobin
{tracked}
"""


def find_haproxy() -> str | None:
    """Debian's haproxy, else one on the PATH."""
    if Path(HAPROXY).exists():
        return HAPROXY
    return shutil.which("haproxy")


@contextlib.contextmanager
def running_proxy(listen_port: int, workers: list[tuple[str, int]], host: str = "127.0.0.1") -> Iterator[
        subprocess.Popen[bytes]]:
    """haproxy on `listen_port` in front of `workers`, as a child, for the duration; its
    configuration and log in a temporary folder removed at the end."""
    program = find_haproxy()
    if program is None:
        raise ProxyError("haproxy is not installed (Debian: apt-get install haproxy)")
    root = Path(tempfile.mkdtemp(prefix="parlour-proxy-"))
    config = root / "haproxy.cfg"
    config.write_text(haproxy_config(listen_port, workers, host))
    checked = subprocess.run([program, "-c", "-q", "-f", str(config)], capture_output=True, text=True)
    if checked.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        raise ProxyError(f"haproxy refuses its configuration: {checked.stderr.strip() or checked.stdout.strip()}")
    log = open(root / "log", "wb")  # noqa: SIM115
    proc = subprocess.Popen([program, "-f", str(config), "-db"], stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)
    try:
        _wait_listening(proc, host, listen_port, root / "log")
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
        log.close()
        shutil.rmtree(root, ignore_errors=True)


def _wait_listening(proc: subprocess.Popen[bytes], host: str, port: int, log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ProxyError(f"haproxy exited with {proc.returncode}: {log.read_text(errors='replace').strip()}")
        with socket.socket() as s:
            s.settimeout(0.5)
            if s.connect_ex((host, port)) == 0:
                return
        time.sleep(0.05)
    raise ProxyError(f"haproxy did not listen on {host}:{port} in {START_SECONDS:g} s")
