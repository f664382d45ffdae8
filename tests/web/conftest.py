"""Fixtures of the browser tests: one real server and one headless Chromium per test module
(shared by its tests), players with their own browser contexts, and the screenshots' folder
(``build/screenshots``, or ``CROUPIER_SCREENSHOTS``), printed at the end of the run."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from _browser import CHROMIUM_FLAGS, Server, chromium
from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("CROUPIER_SCREENSHOTS", ROOT / "build" / "screenshots"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, with a fresh profile (Playwright's own temporary user
    data folder); one for every test of a module."""
    path = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(path), args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The real server on a loopback port, on a new SQLite database with the demo room."""
    folder = tmp_path_factory.mktemp("web-server")
    running = Server(folder / "data")
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def shots() -> Path:
    """Where the screenshots go."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if SHOTS.is_dir() and any(SHOTS.glob("*.png")):
        count = len(list(SHOTS.glob("*.png")))
        terminalreporter.write_line(f"browser screenshots ({count}): {SHOTS}")
