"""Malformed PHH never crashes the reader, the replay or the command (``phh_fuzz.py``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from _paths import shared_phh_dir
from _phh_hands import random_engine_hand
from croupier.cli.main import app
from croupier.errors import HandHistoryError
from croupier.history import dumps, hand_to_phh, iter_phh_files, loads, read_phh, replay_phh
from phh_fuzz import fuzz

NESTED = "variant = 'NT'\nactions = " + "[" * 5000 + "\n"


def test_five_thousand_nested_brackets_are_a_clear_error() -> None:
    with pytest.raises(HandHistoryError, match="nested too deep to be read"):
        loads(NESTED)


def test_the_command_says_so_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.phh"
    path.write_text(NESTED)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "nested too deep to be read" in result.output
    assert "Traceback" not in result.output and "RecursionError" not in result.output


def test_binary_and_non_utf8_files_are_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_bytes(b"\xff\xfe\x00variant")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    with pytest.raises(HandHistoryError, match="PHH text is a str, not bytes"):
        loads(b"variant = 'NT'")  # type: ignore[arg-type]


def test_mutated_files_are_read_or_refused_never_crash() -> None:
    rng = random.Random(9)
    real = [p.read_text() for p in rng.sample(list(iter_phh_files(shared_phh_dir())), 150)]
    written = [dumps(hand_to_phh(random_engine_hand(rng))) for _ in range(60)]
    seen = fuzz(real + written, mutations=3_000, seed=9)
    assert sum(seen.values()) >= 3_000
    assert seen["refused"] > 500 and seen["replayed"] > 300 and seen["replay error"] > 100, seen


def test_a_written_file_read_back_from_disk(tmp_path: Path) -> None:
    hand = random_engine_hand(random.Random(4))
    path = tmp_path / "h.phh"
    path.write_text(dumps(hand_to_phh(hand)))
    assert replay_phh(read_phh(path)).match is True
