"""The package as users expect it: a version, ``python -m croupier``, a licence, and the
library importable without the command line's dependencies."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from typer.testing import CliRunner

import croupier
from croupier.cli.main import app

ROOT = Path(__file__).resolve().parents[1]

_BLOCKED = """
import importlib.abc, sys

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("typer", "rich", "click"):
            raise ImportError(f"blocked: {name}")
        return None

sys.meta_path.insert(0, Block())
"""

_LIBRARY = """
import random
from croupier.cards import Deck
from croupier.engine import Action, Hand, SeatSetup
from croupier.evaluate import rank_hand
from croupier.evaluate.equity import equity
from croupier.history import dumps, hand_to_phh, loads, render_pokerstars, render_text, replay_phh
from croupier.rules import preset

seats = [SeatSetup(0, "ann", 5_000), SeatSetup(1, "bob", 5_000), SeatSetup(2, "cy", 5_000)]
hand = Hand(rules=preset("tda", 50, 100), button=0, deck=Deck.shuffled(random.Random(1)),
            seats=seats)
while not hand.is_over:
    legal = hand.legal_actions()
    move = Action.show() if legal.show else Action.check() if legal.check else Action.call()
    hand.act(hand.to_act, move)
assert replay_phh(loads(dumps(hand_to_phh(hand)))).match is True
assert "Seat #1 is the button" in render_pokerstars(hand.events, hand_number=1)  # from 1
assert render_text(hand.events)
assert rank_hand("Kh Kd Ks 7c 7d 2s 3h").description == "Full house, kings full of sevens"
assert equity(["AsAh", "KsKd"]).wins == (1399204, 305177)
assert not [m for m in sys.modules if m.split(".")[0] in ("typer", "rich", "click")]
print("ok")
"""


def test_the_library_imports_without_typer_or_rich() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _BLOCKED + _LIBRARY],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_block_really_blocks() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _BLOCKED + "import croupier.cli.main"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0 and "blocked: typer" in done.stderr


def test_version_option_and_command() -> None:
    runner = CliRunner()
    for args in (["--version"], ["-V"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0
        assert result.output == f"croupier {croupier.__version__}\n"
    assert runner.invoke(app, ["version"]).output == f"{croupier.__version__}\n"


def test_the_version_is_the_packages() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert croupier.__version__ == project["version"]
    assert project["license"] == "MIT"


def test_python_dash_m_croupier() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "croupier", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"croupier {croupier.__version__}\n"
    helped = subprocess.run(
        [sys.executable, "-m", "croupier", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert helped.returncode == 0 and "replay" in helped.stdout and "croupier" in helped.stdout


def test_an_mit_licence() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text
