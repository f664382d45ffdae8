"""The headless cash room: thousands of bot hands with joins, leaves, rebuys, absences past
the maximum, floor moves and session closes, the ledger checked after every hand."""

from __future__ import annotations

import dataclasses

import pytest

from croupier.bots import make_bot
from croupier.errors import ConfigurationError
from croupier.room.cash import AbsencePolicy
from croupier.room.cash.simulation import RoomReport, cash_rules, run_room
from croupier.rules import BettingStructure, casino_fr


def lively(report: RoomReport) -> None:
    """Every path of the room was taken, and the books balanced at every hand."""
    assert report.ledger_balanced
    assert report.held == report.deposited - report.withdrawn
    assert report.house == report.rake > 0 or report.preset == "pokerkings"
    for counter in ("seated", "left", "rebuys", "set_aside", "claimed", "moves", "refused"):
        assert getattr(report, counter) > 0, counter
    assert report.sessions_closed > 0 and report.sessions_opened > report.tables
    assert report.seated > report.players  # players came back through the waiting list


@pytest.mark.rule("CAS-7", "CAS-8", "CAS-9", "CAS-10", "CAS-11", "CAS-25")
@pytest.mark.parametrize("seed", [1, 2])
def test_a_casino_room_balances_after_every_hand(seed: int) -> None:
    report = run_room("casino-fr", tables=3, hands=2_000, seed=seed, close_every=250)
    assert report.hands == 2_000
    lively(report)
    assert report.orphaned > 0  # set-aside chips reached the orphan register


@pytest.mark.rule("PKG-2", "PKG-23", "CAS-8")
def test_an_online_fixed_limit_room_balances_after_every_hand() -> None:
    report = run_room(
        "pokerkings",
        tables=2,
        hands=1_500,
        seed=3,
        bots=("random", "station"),
        close_every=200,
        absence=AbsencePolicy(max_hands=8),
    )
    assert report.hands == 1_500 and report.rake == 0
    lively(report)


def test_the_same_seed_replays_the_same_room() -> None:
    def run(seed: int) -> dict[str, object]:
        out = dataclasses.asdict(run_room("casino-fr", tables=2, hands=150, seed=seed))
        del out["seconds"], out["hands_per_second"]
        return out

    assert run(9) == run(9)
    assert run(9) != run(10)


def test_progress_is_reported_after_every_hand() -> None:
    seen: list[tuple[int, int]] = []
    report = run_room(
        "casino-fr",
        tables=2,
        hands=40,
        seed=4,
        bots=("reasonable", "random"),
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(k, 40) for k in range(1, 41)] and report.hands == 40
    assert report.to_dict()["ledger_balanced"] is True


def test_a_bot_factory_and_a_rules_value_can_be_given() -> None:
    kinds: list[str] = []

    def factory(kind: str, seed: int) -> object:
        kinds.append(kind)
        return make_bot("station", seed)

    rules = casino_fr(BettingStructure.POT_LIMIT, 50, 100)
    report = run_room(rules, tables=1, hands=60, seed=5, bots=factory)  # type: ignore[arg-type]
    assert report.preset == "casino-fr" and report.hands == 60 and report.ledger_balanced
    assert kinds and set(kinds) == {"bot"}


def test_cash_rules_are_in_cents_and_tournament_presets_are_refused() -> None:
    assert cash_rules("pokerkings").stakes.small_blind == 100  # 2-4 EUR: 1 EUR (PKG-4)
    assert cash_rules("casino-fr", "pot-limit").structure is BettingStructure.POT_LIMIT
    assert cash_rules("casino-fr").stakes.straddle == 400  # the option (CAS-14)
    for name in ("tda", "italian", "pokcomm"):
        with pytest.raises(ConfigurationError, match="tournament preset"):
            run_room(name, hands=1)
    with pytest.raises(ConfigurationError, match="tables >= 1"):
        run_room("casino-fr", tables=0)


def test_the_room_command_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from croupier.room.cash.console import room_command

    assert room_command("casino-fr", tables=2, hands=30, seed=6, as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ledger_balanced"] is True and data["hands"] == 30 and data["seed"] == 6
    for key in ("hands_per_second", "rake", "seated", "left", "orphans", "set_aside"):
        assert key in data
    assert room_command("pokerkings", tables=1, hands=10, seed=6) == 0
    out = capsys.readouterr().out
    assert "10 hands of pokerkings at 1 tables (seed 6)" in out and "ledger balanced: yes" in out
