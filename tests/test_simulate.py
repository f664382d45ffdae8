"""Simulations of bots at one table (croupier.simulate) and the ``croupier simulate`` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.bots import make_bot
from croupier.cli.main import app
from croupier.rules import PRESETS, casino_fr
from croupier.simulate import (
    BLIND_LEVELS,
    Simulation,
    blind_level,
    default_rules,
    default_stack,
    simulate,
)

runner = CliRunner()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_conserves_chips(preset: str) -> None:
    result = simulate(hands=40, preset=preset, bots=["reasonable", "random", "station"], seed=8)
    assert result.chips_conserved
    assert 0 < result.hands <= 40
    assert sum(b.net for b in result.bots) + result.rake == 0
    assert result.preset == default_rules(preset).name


def test_the_same_seed_gives_the_same_session() -> None:
    def run(seed: int) -> dict[str, object]:
        data = simulate(hands=60, preset="casino-fr", bots=["reasonable", "random"], seed=seed)
        out = data.as_dict()
        del out["per_s"], out["seconds"]
        return out

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_cash_games_rebuy_busted_players() -> None:
    result = simulate(hands=80, preset="casino-fr", bots=["random", "random"], seed=2, stack=2_000)
    assert result.chips_conserved and result.hands == 80 and result.stopped == "hands"
    assert sum(b.buy_ins for b in result.bots) > 2
    assert result.rake > 0  # CAS-23: 4 % of every pot
    assert sum(b.net for b in result.bots) == -result.rake


def test_a_tournament_stops_with_one_player_left() -> None:
    result = simulate(hands=5_000, preset="tda", bots=["random", "station", "random"], seed=1)
    assert result.stopped == "winner" and result.hands < 5_000
    assert [b.net > 0 for b in result.bots].count(True) == 1
    assert sum(b.net for b in result.bots) == 0 and result.chips_conserved


def test_tournament_blinds_go_up_by_level() -> None:
    rules = default_rules("tda")
    sim = Simulation(rules=rules, bots=[make_bot("station"), make_bot("station")], seed=1)
    sim.level_hands = 2
    for _ in range(4):
        sim.play_hand()
    assert sim.table.rules.stakes.big_blind == BLIND_LEVELS[1] * rules.stakes.big_blind
    assert blind_level(rules.stakes, 99).big_blind == BLIND_LEVELS[-1] * rules.stakes.big_blind


def test_cash_blinds_stay() -> None:
    sim = Simulation(
        rules=casino_fr(), bots=[make_bot("station"), make_bot("station")], seed=1, level_hands=1
    )
    for _ in range(3):
        sim.play_hand()
    assert sim.table.rules.stakes == casino_fr().stakes


def test_default_games() -> None:
    for name in PRESETS:
        rules = default_rules(name)
        assert default_stack(rules) == 100 * rules.stakes.big_blind
    assert default_rules("pokerkings").stakes.small_blind == 100  # PKG-4: 1 euro in the 2-4 game
    with pytest.raises(ValueError, match="unknown preset 'nope'"):
        default_rules("nope")
    with pytest.raises(ValueError, match="at least two bots"):
        simulate(hands=1, bots=["random"])


def test_the_command_prints_a_table() -> None:
    result = runner.invoke(
        app, ["simulate", "--hands", "30", "--preset", "casino-fr", "--bots", "reasonable,random"]
    )
    assert result.exit_code == 0, result.output
    for text in ("30 hands of casino-fr", "reasonable-1", "random-2", "bb/100", "hands/s"):
        assert text in result.output
    assert "chips conserved: yes" in result.output


def test_the_command_prints_json() -> None:
    args = ["simulate", "-n", "50", "-p", "pokerkings", "-b", "reasonable,station,random"]
    result = runner.invoke(app, [*args, "--seed", "9", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hands"] == 50 and data["seed"] == 9 and data["preset"] == "pokerkings"
    assert data["chips_conserved"] is True and data["per_s"] > 0
    assert [(b["seat"], b["bot"]) for b in data["bots"]] == [
        (1, "reasonable"),
        (2, "station"),
        (3, "random"),
    ]
    assert sum(b["net"] for b in data["bots"]) + data["rake"] == 0
    again = json.loads(runner.invoke(app, [*args, "--seed", "9", "--json"]).output)
    assert [b["net"] for b in again["bots"]] == [b["net"] for b in data["bots"]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "reasonable,shark"], "unknown bot 'shark'"),
        (["--preset", "nope"], "unknown preset 'nope'"),
        (["--bots", "random"], "at least two bots"),
    ],
)
def test_the_command_refuses_bad_input(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "--hands", "5", *args])
    assert result.exit_code == 2
    assert message in result.output


def _croupier() -> list[str]:
    """The installed ``croupier`` command (beside this Python), or the module."""
    script = Path(sys.executable).with_name("croupier")
    return [str(script)] if script.exists() else [sys.executable, "-m", "croupier.cli.main"]


def test_the_installed_command_in_a_subprocess() -> None:
    args = ["simulate", "--hands", "25", "--preset", "tda", "--bots", "station,random,reasonable"]
    done = subprocess.run(
        [*_croupier(), *args, "--seed", "3", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["chips_conserved"] is True and len(data["bots"]) == 3
    assert 0 < data["hands"] <= 25 and data["preset"] == "tda"
