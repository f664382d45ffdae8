"""Whole tournaments played by bots: chips conserved, tables balanced, one winner."""

from __future__ import annotations

import gc
import json

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.room.tournament import SimulationResult, simulate


def check(result: SimulationResult) -> None:
    """The invariants of a finished tournament."""
    assert result.chips_conserved
    assert result.max_table_difference <= 1
    places = sorted(r.place for r in result.results)
    assert len(result.results) == result.players
    assert places[0] == 1 and result.results[0].player == result.winner
    assert sum(r.prize for r in result.results) == result.prize_pool
    assert {r.player for r in result.results} == {f"p{k:03d}" for k in range(1, 1 + result.players)}


@pytest.mark.rule("POK-1-4", "ITA-17", "POK-7-1", "ITA-14", "ITA-15", "POK-7-2")
def test_three_hundred_players_to_one_winner() -> None:
    result = simulate(300, "pokcomm", seed=20)
    check(result)
    assert result.hands > 1_000 and result.moves > 100
    again = simulate(300, "pokcomm", seed=20)
    assert (again.winner, again.hands, again.moves) == (result.winner, result.hands, result.moves)


@pytest.mark.parametrize("preset", ["italian", "tda", "pokcomm-pko", "pokcomm-rebuy"])
def test_every_preset_plays_to_a_winner(preset: str) -> None:
    result = simulate(120, preset, seed=7)
    check(result)
    if preset == "pokcomm-pko":
        assert sum(result.knockouts.values()) == 120 * 1_000  # every bounty paid out


def test_the_command_prints_json() -> None:
    out = CliRunner().invoke(
        app, ["tournament", "simulate", "--players", "40", "--seed", "3", "--json"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["players"] == 40 and data["chips_conserved"] is True
    assert data["max_table_difference"] <= 1 and data["winner"].startswith("p")
    assert sum(p["amount"] for p in data["payouts"]) == data["prize_pool"] == 40 * 2_000
    assert {"hands", "seconds"} <= set(data)


def test_the_command_prints_the_ranking() -> None:
    out = CliRunner().invoke(
        app, ["tournament", "simulate", "--players", "15", "--seed", "1", "--top", "3"]
    )
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "winner p" in text and "chips conserved: yes" in text
    bad = CliRunner().invoke(app, ["tournament", "simulate", "--preset", "nope"])
    assert bad.exit_code != 0


def test_each_hands_survivors_are_frozen_out_of_the_collector_and_thawed_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gc.unfreeze()  # simulate freezes only what nobody else froze (a server in this process may)
    thresholds = gc.get_threshold()
    freeze = gc.freeze
    calls: list[int] = []

    def counted() -> None:
        calls.append(1)
        freeze()

    monkeypatch.setattr(gc, "freeze", counted)
    result = simulate(40, "pokcomm", seed=4)
    assert result.chips_conserved
    # once before the players are drawn, once after, and once after each hand played
    assert len(calls) == result.hands + 2
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == thresholds
