"""The web client's build for the tests: made (under a lock, once for all xdist workers) when
it is missing or older than its sources, as ``make`` does, so that a test run right after a
change to a JavaScript file serves that change (the server itself refuses a stale build)."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
from pathlib import Path

import pytest

from croupier.server.web import WEB_DIR, load_build

ROOT = Path(__file__).resolve().parents[1]


def ensure_web_build() -> None:
    """Build ``src/croupier/web/dist`` when it is not the sources'; a clear failure without Node."""
    if load_build().problem is None:
        return
    lock_dir = ROOT / "build"
    lock_dir.mkdir(exist_ok=True)
    with open(lock_dir / ".web-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if load_build().problem is None:  # another worker built it meanwhile
            return
        node, npm = shutil.which("node"), shutil.which("npm")
        if node is None or npm is None:
            pytest.exit(
                "the web client must be built with Node.js 18+ and npm: run `make test`,"
                " or install them (apt-get install -y nodejs npm)",
                returncode=1,
            )
        if not (ROOT / "node_modules" / "esbuild").is_dir():
            subprocess.run(
                [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
                cwd=ROOT,
                check=True,
            )
        subprocess.run([node, "scripts/build_web.mjs", "--quiet"], cwd=ROOT, check=True)
    problem = load_build(WEB_DIR).problem
    if problem:
        pytest.exit(f"the web client's build failed: {problem}", returncode=1)
