"""A private PostgreSQL server of its own (initdb into a temporary folder, a free loopback
port), that a test or a benchmark may stop and start at will without touching any other
database. The binaries are found through ``pg_config --bindir`` (or ``CROUPIER_PG_BIN``); run
as root, the server runs as the ``postgres`` user (PostgreSQL refuses root).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["PrivatePostgres", "postgres_binaries"]


def postgres_binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``, or None when PostgreSQL is not installed."""
    named = os.environ.get("CROUPIER_PG_BIN")
    if named:
        return Path(named)
    config = shutil.which("pg_config")
    if config is not None:
        found = subprocess.run([config, "--bindir"], capture_output=True, text=True, check=False)
        folder = Path(found.stdout.strip())
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb is not None else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivatePostgres:
    """One private PostgreSQL cluster: :meth:`start`, :meth:`stop` (fast: connections are cut,
    what was not committed is rolled back), :meth:`remove`."""

    def __init__(self, bindir: Path | None = None) -> None:
        found = bindir or postgres_binaries()
        if found is None:
            raise RuntimeError("PostgreSQL's initdb and pg_ctl were not found")
        self.bindir = found
        self.root = Path(tempfile.mkdtemp(prefix="croupier-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            shutil.chown(self.root, "postgres")
            os.chmod(self.root, 0o700)
        self._run("initdb", "-D", str(self.data), "-U", "croupier", "-A", "trust", "-E", "UTF8")

    @property
    def url(self) -> str:
        """The URL of its ``postgres`` database for croupier."""
        return f"postgresql+psycopg://croupier@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bindir / tool), *args]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stdout[-1000:]} {done.stderr[-1000:]}")

    def start(self) -> None:
        """Start it and wait until it takes connections."""
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -F"
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w",
            "start",
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the private PostgreSQL did not start")

    def stop(self) -> None:
        """Stop it (``pg_ctl stop -m fast``): every connection is cut at once."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        """Stop it if it runs and remove its folder."""
        with contextlib.suppress(RuntimeError):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
