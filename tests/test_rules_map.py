"""docs/rules.md maps every clause to the tests that prove it, and stays true."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import rules_map  # noqa: E402

PROVEN_LAYERS = ("E", "T", "C", "U", "D")
"""Layers whose every clause must be cited by a test: the engine, the table, the cash room,
the tournament and the floor (layer S, the server and platform, has no issue yet)."""


def test_every_cited_clause_exists() -> None:
    known = {c.id for c in rules_map.read_clauses()}
    unknown = sorted(set(rules_map.cited()) - known)
    assert unknown == [], f"tests cite clauses that clauses.md does not have: {unknown}"


@pytest.mark.parametrize("layer", PROVEN_LAYERS)
def test_every_clause_of_the_layer_is_proven_by_a_test(layer: str) -> None:
    tests = rules_map.cited()
    missing = [c.id for c in rules_map.read_clauses() if c.layer == layer and not tests.get(c.id)]
    assert missing == [], f"layer {layer} clauses without a test: {missing}"


def test_every_clause_has_a_note_on_what_croupier_does() -> None:
    notes = rules_map.NOTES
    missing = [
        c.id for c in rules_map.read_clauses() if c.layer in PROVEN_LAYERS and not notes.get(c.id)
    ]
    assert missing == []


def test_docs_rules_md_is_up_to_date() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "rules_map.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
