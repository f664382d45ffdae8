"""A real ``croupier serve`` process on a free loopback port, for the end-to-end tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2

LAUNCH = "from croupier.cli.main import app; app()"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on (now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def croupier(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``croupier ARGS`` in a new process."""
    return subprocess.run(
        [sys.executable, "-c", LAUNCH, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


class ServerProcess:
    """``croupier serve`` on a data folder and a database; ``start`` waits until it answers."""

    def __init__(self, data: Path, database: str, *extra: str) -> None:
        self.data = data
        self.database = database
        self.extra = extra
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.log = data.parent / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> str:
        """Start the server; returns what it printed once it answered."""
        self.port = free_port()
        args = ["serve", "--port", str(self.port), "--data", str(self.data)]
        args += ["--database", self.database, *self.extra]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-c", LAUNCH, *args], stdout=log, stderr=log, env=env
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text()}")
            try:
                if httpx2.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return self.log.read_text()
            except httpx2.TransportError:
                pass
            time.sleep(0.05)
        self.kill()
        raise AssertionError(f"the server did not answer in {timeout} s: {self.log.read_text()}")

    def stop(self) -> int:
        """Ctrl-C's way: SIGINT, and wait for a clean exit."""
        assert self.process is not None
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=30)

    def kill(self) -> None:
        """kill -9."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)


class Visitor:
    """A browser on the real server: its own cookies, the Origin header, the CSRF token."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.client = httpx2.Client(base_url=server.url, timeout=30)
        self.csrf = ""

    def close(self) -> None:
        self.client.close()

    def get(self, path: str) -> Any:
        return self.client.get(path)

    def post(self, path: str, body: Any) -> Any:
        if not self.csrf:
            self.csrf = self.client.get("/api/csrf").json()["csrf_token"]
        headers = {"Origin": self.server.url, "X-CSRF-Token": self.csrf}
        response = self.client.post(path, json=body, headers=headers)
        token = response.json().get("csrf_token")
        if token:
            self.csrf = token
        return response
