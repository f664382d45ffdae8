"""Shared test configuration.

Tests that prove a rule clause carry ``@pytest.mark.rule("POK-8-12", ...)``; the
IDs are checked against ``../shared/rules/clauses.md``'s format so that a typo
cannot make a clause look covered.
"""

from __future__ import annotations

import re

import pytest

from _webbuild import ensure_web_build

_CLAUSE_ID = re.compile(r"^(POK-\d+-\d+|PKG-\d+|ITA-\d+|CAS-\d+|RRP-\d+)$")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for marker in item.iter_markers(name="rule"):
            if not marker.args:
                raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule needs clause IDs")
            for clause in marker.args:
                if not _CLAUSE_ID.match(clause):
                    raise pytest.UsageError(f"{item.nodeid}: {clause!r} is not a clause ID")


def pytest_sessionstart(session: pytest.Session) -> None:
    # the pages the server tests and the browser tests load come from the client's build
    ensure_web_build()
