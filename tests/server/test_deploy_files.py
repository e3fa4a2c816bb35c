"""The files of deploy/ are what an operator installs, so they are checked as the tools
that read them would: HAProxy's configuration by Debian's haproxy (and run, in front of
two stand-in workers, to see it route by table), the systemd units by systemd-analyze
(else by their structure), and a worker's command line by parlour's own argument parser.

Where haproxy is not installed its tests are skipped, except under `make test`
(PARLOUR_REQUIRE_POSTGRES=1 there: `make haproxy` is one of its prerequisites).
"""

from __future__ import annotations

import asyncio
import configparser
import contextlib
import io
import os
import re
import shlex
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from serverkit import ROOT, free_port
from websockets.sync.server import Server, ServerConnection, serve

from parlour.cli import build_parser

DEPLOY = ROOT / "deploy"
HAPROXY_CFG = DEPLOY / "haproxy" / "parlour.cfg"
CERT_PATH = "/etc/haproxy/certs/parlour.pem"
WORKER_UNIT = DEPLOY / "systemd" / "parlour-worker@.service"
ENV_FILE = DEPLOY / "parlour.env"
UNITS = ["parlour-worker@.service", "parlour.target", "parlour-backup.service", "parlour-backup.timer"]
HAPROXY = "/usr/sbin/haproxy"


def need_haproxy() -> str:
    found = HAPROXY if os.access(HAPROXY, os.X_OK) else shutil.which("haproxy")
    if found is None:
        if os.environ.get("PARLOUR_REQUIRE_POSTGRES"):
            pytest.fail("haproxy is required here (make haproxy)")
        pytest.skip("haproxy is not installed (Debian: apt-get install haproxy)")
    return found


def self_signed(folder: Path) -> Path:
    """A throwaway certificate and key for localhost, in one PEM file as HAProxy takes them."""
    pem = folder / "parlour.pem"
    try:
        import datetime

        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError:
        key, cert = folder / "key.pem", folder / "cert.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                        "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=localhost"],
                       check=True, capture_output=True)
        pem.write_bytes(cert.read_bytes() + key.read_bytes())
        return pem
    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(private.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now)
            .not_valid_after(now + datetime.timedelta(days=1)).sign(private, hashes.SHA256()))
    pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM) + private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return pem


def shipped_config() -> str:
    text = HAPROXY_CFG.read_text()
    assert CERT_PATH in text, "the shipped configuration names its certificate where docs/deploy.md says"
    return text


def test_the_shipped_haproxy_config_is_valid(tmp_path: Path) -> None:
    haproxy = need_haproxy()
    config = tmp_path / "parlour.cfg"
    config.write_text(shipped_config().replace(CERT_PATH, str(self_signed(tmp_path))))
    checked = subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # ... and the check can fail: a misspelt keyword is refused.
    config.write_text(config.read_text().replace("hash-type consistent", "hash-type consistant"))
    assert subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True).returncode != 0


# --- the shipped configuration at work, in front of two stand-in workers -------------------

def stand_in_worker(name: str) -> Server:
    """A worker's outside as the proxy sees it: /healthz, HTTP routes that answer with the
    worker's name, and /ws, a websocket that says the name and echoes the request's path."""

    def http(connection: ServerConnection, request: Any) -> Any:
        if request.path == "/healthz":
            return connection.respond(200, "ok\n")
        if request.path.startswith("/ws"):
            return None  # on to the websocket handshake
        forwarded = request.headers.get("X-Forwarded-Proto", "")
        return connection.respond(200, f"{name} {forwarded}\n")

    def handler(ws: ServerConnection) -> None:
        ws.send(f"{name} {ws.request.path if ws.request else ''}")
        for message in ws:
            ws.send(message)

    server = serve(handler, "127.0.0.1", 0, process_request=http)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def port_of(server: Server) -> int:
    return int(server.socket.getsockname()[1])


@contextlib.contextmanager
def shipped_proxy(tmp: Path, workers: list[int]) -> Iterator[tuple[int, int]]:
    """The shipped configuration, run: its listening ports moved to free ones on loopback,
    its two servers to `workers`, its certificate a throwaway one, what needs root left
    out (user, chroot, twenty thousand connections' files), and its log on its output. Yields (http port, https port)."""
    http_port, https_port, stats_port = free_port(), free_port(), free_port()
    text = shipped_config().replace(CERT_PATH, str(self_signed(tmp)))
    text = re.sub(r"^\s*(user|group|chroot)\b.*$", "", text, flags=re.M)
    text = text.replace("log /dev/log local0", "log stdout format raw local0")  # into the test's log file
    text = text.replace("bind :80\n", f"bind 127.0.0.1:{http_port}\n")
    text = text.replace("bind :443 ", f"bind 127.0.0.1:{https_port} ")
    text = text.replace("bind 127.0.0.1:8404", f"bind 127.0.0.1:{stats_port}")
    text = text.replace("127.0.0.1:8001", f"127.0.0.1:{workers[0]}").replace("127.0.0.1:8002", f"127.0.0.1:{workers[1]}")
    text = text.replace("inter 2s fall 2 rise 2", "inter 200ms fall 2 rise 2")
    text = text.replace("maxconn 20000", "maxconn 1000")  # within an unprivileged file limit
    assert str(http_port) in text and str(https_port) in text and str(workers[1]) in text
    config = tmp / "run.cfg"
    config.write_text(text)
    log = tmp / "haproxy.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([need_haproxy(), "-db", "-f", str(config)], stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while True:
            assert proc.poll() is None, log.read_text()
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", https_port), timeout=1):
                break
            assert time.monotonic() < deadline, "haproxy did not listen"
            time.sleep(0.05)
        yield http_port, https_port
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_shipped_proxy_keeps_each_table_on_one_worker(tmp_path: Path) -> None:
    need_haproxy()
    workers = {"one": stand_in_worker("one"), "two": stand_in_worker("two")}
    ports = [port_of(workers["one"]), port_of(workers["two"])]
    insecure = ssl.create_default_context()
    insecure.check_hostname = False
    insecure.verify_mode = ssl.CERT_NONE
    try:
        with shipped_proxy(tmp_path, ports) as (http_port, https_port), \
                httpx.Client(base_url=f"https://127.0.0.1:{https_port}", verify=False, timeout=20) as web:
            plain = httpx.get(f"http://127.0.0.1:{http_port}/api/tables/abc/join", timeout=5)
            assert plain.status_code == 301 and plain.headers["location"].startswith("https://")

            def http_worker(path: str) -> str:
                answer = web.get(path)
                assert answer.status_code == 200, answer.text
                name, proto = answer.text.split()
                assert proto == "https"  # the workers are told the player came over TLS
                return name

            async def ws_talk(table: str) -> str:
                url = f"wss://127.0.0.1:{https_port}/ws?table={table}"
                async with websockets.connect(url, ssl=insecure, open_timeout=20) as ws:
                    name, path = str(await asyncio.wait_for(ws.recv(), 20)).split()
                    assert path == f"/ws?table={table}"
                    await ws.send("still there")  # the upgraded connection carries both ways
                    assert await asyncio.wait_for(ws.recv(), 20) == "still there"
                return name

            def ws_worker(table: str) -> str:
                # The asyncio client: over TLS 1.3 the threaded one at times never sends its
                # opening request (the proxy answers 408 after 10 s); this one always does.
                return asyncio.run(ws_talk(table))

            deadline = time.monotonic() + 10
            while {http_worker("/api/games") for _ in range(4)} != {"one", "two"}:  # both checked up
                assert time.monotonic() < deadline, "the health checks did not find both workers up"
                time.sleep(0.1)
            tables = [f"t{n:03d}x" for n in range(40)]
            owner = {}
            for table in tables:
                owner[table] = ws_worker(table)
                for path in (f"/api/tables/{table}", f"/api/tables/{table}/join", f"/api/tables/{table}/replay?seat=0"):
                    assert http_worker(path) == owner[table], f"{path} reached another worker than its table's socket"
                assert ws_worker(table) == owner[table]
            assert set(owner.values()) == {"one", "two"}, "every table hashed to one worker"

            # One worker goes down: every request goes to the other at once (tried there
            # when the first try fails), the websockets too.
            workers["two"].shutdown()
            assert {http_worker(f"/api/tables/{table}") for table in tables} == {"one"}
            assert all(ws_worker(table) == "one" for table in tables)
    finally:
        for worker in workers.values():
            worker.shutdown()


# --- systemd units -------------------------------------------------------------------------

def unit_file(name: str) -> configparser.ConfigParser:
    """A unit read as sections of keys; repeated keys (two ExecStart=) are kept, joined."""
    parser = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",), comment_prefixes=("#", ";"))
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string((DEPLOY / "systemd" / name).read_text())
    return parser


def test_the_units_have_their_sections() -> None:
    for name in UNITS:
        unit = unit_file(name)
        assert unit.has_section("Unit") and unit.get("Unit", "Description"), name
        kind = name.rsplit(".", 1)[1]
        if kind == "service":
            assert unit.has_section("Service") and unit.get("Service", "ExecStart"), name
        if kind == "timer":
            assert unit.has_section("Timer") and unit.get("Timer", "OnCalendar"), name
        if name != "parlour-backup.service":  # started by its timer, never enabled itself
            assert unit.has_section("Install") and unit.get("Install", "WantedBy"), name
    drop_in = configparser.ConfigParser(interpolation=None)
    drop_in.optionxform = str  # type: ignore[assignment,method-assign]
    drop_in.read_string((DEPLOY / "systemd" / "haproxy.service.d" / "parlour.conf").read_text())
    assert drop_in.get("Service", "Environment") == '"CONFIG=/etc/haproxy/parlour.cfg"'


def test_systemd_reads_the_units(tmp_path: Path) -> None:
    """systemd-analyze verify, on copies whose worker command is an executable that
    exists here (it checks that), the template as one instance of it, and Debian's
    haproxy.service with the drop-in beside it when the package is installed."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not here; test_the_units_have_their_sections checks the structure")
    parlour = shutil.which("parlour", path=str(Path(sys.executable).parent)) or sys.executable
    names = []
    for name in UNITS:
        text = (DEPLOY / "systemd" / name).read_text().replace("/opt/parlour/venv/bin/parlour", parlour)
        name = name.replace("@.", "@8001.")
        (tmp_path / name).write_text(text)
        names.append(name)
    debian = Path("/lib/systemd/system/haproxy.service")
    if debian.exists():
        shutil.copy(debian, tmp_path / debian.name)
        shutil.copytree(DEPLOY / "systemd" / "haproxy.service.d", tmp_path / "haproxy.service.d")
        names.append(debian.name)
    done = subprocess.run([analyze, "verify", *names], cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "SYSTEMD_LOG_COLOR": "0"})
    ours = [line for line in (done.stdout + done.stderr).splitlines()
            if any(n in line for n in names) or "parlour" in line]
    assert done.returncode == 0 and not ours, done.stdout + done.stderr


def environment() -> dict[str, str]:
    """deploy/parlour.env as systemd reads it (KEY=value lines)."""
    values = {}
    for line in ENV_FILE.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values[key] = value
    return values


def worker_command(port: str, host: str) -> list[str]:
    """The worker unit's ExecStart as systemd runs it for instance `port`: its specifiers
    and the environment file's variables (${X}: one word; $X: split at spaces) filled in."""
    exec_start = unit_file("parlour-worker@.service").get("Service", "ExecStart")
    line = exec_start.replace("%i", port).replace("%l", host).replace("%%", "%")
    words = []
    env = environment()
    for word in shlex.split(line):
        whole = re.fullmatch(r"\$\{(\w+)\}", word)
        split = re.fullmatch(r"\$(\w+)", word)
        if whole:
            words.append(env[whole.group(1)])
        elif split:
            words.extend(env[split.group(1)].split())
        else:
            assert "$" not in word, f"{word!r}: a variable inside a word is not expanded the same way"
            words.append(word)
    return words


def serve_takes(option: str) -> bool:
    with contextlib.redirect_stderr(io.StringIO()):
        try:
            build_parser().parse_args(["serve", option, "x"])
        except SystemExit:
            return False
    return True


@pytest.mark.xfail(not serve_takes("--worker-name"), strict=True,
                   reason="`parlour serve --worker-name` comes with `parlour serve --workers` (several processes)")
def test_parlour_accepts_the_workers_command_line() -> None:
    words = worker_command("8001", "cards1")
    assert Path(words[0]).name == "parlour" and words[1] == "serve"
    try:
        args = build_parser().parse_args(words[1:])
    except SystemExit:
        pytest.fail(f"parlour refuses the worker's command line: {shlex.join(words)}")
    env = environment()
    assert args.port == 8001 and args.host == env["PARLOUR_HOST"] == "127.0.0.1"
    assert args.db == env["PARLOUR_DB"] and args.db.startswith("postgresql+psycopg://")
    assert args.worker_name == "cards1:8001"
    # The proxy is the one whose forwarding headers the workers believe, and it sends
    # every worker of the env file's address.
    assert args.forwarded_allow_ips == "127.0.0.1"
    assert re.findall(r"^\s*server \S+ (\S+):\d+", HAPROXY_CFG.read_text(), flags=re.M) == ["127.0.0.1"] * 2
