"""What a reasonable bot remembers stays within its documented bounds however long it plays
(a server's bots play for weeks: docs/performance.md, soak)."""

from __future__ import annotations

import random

import pytest

from croupier.bots import ReasonableBot, reasonable
from croupier.cards import Deck
from croupier.engine import Action, Hand, LegalActions, SeatSetup
from croupier.rules import tda
from croupier.simulate import simulate


def test_the_bots_caches_fill_to_their_bound_and_stay_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reasonable, "EQUITIES_KEPT", 12)
    monkeypatch.setattr(reasonable, "NARROWED_KEPT", 20)
    monkeypatch.setattr(reasonable, "_NARROWED", type(reasonable._NARROWED)())
    bots = [ReasonableBot(seed=i, samples=30) for i in range(4)]
    sizes: list[int] = []

    def after_hand(_: int) -> None:
        sizes.append(len(reasonable._NARROWED))
        assert all(len(b._equities) <= 12 for b in bots)
        assert len(reasonable._NARROWED) <= 20

    result = simulate(hands=80, preset="tda", bots=bots, seed=5, on_hand=after_hand)
    assert result.chips_conserved
    assert sizes[-1] == 20 and max(sizes) == 20  # reached, and held
    assert any(len(b._equities) == 12 for b in bots)


def _passive(legal: LegalActions) -> Action:
    """Check, call, show: an opponent who stays to the end."""
    if legal.check:
        return Action.check()
    if legal.call:
        return Action.call()
    if legal.show:
        return Action.show()
    return Action.muck() if legal.muck else Action.fold()


def test_a_bot_remembers_only_its_most_recent_opponents(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reasonable, "OPPONENTS_KEPT", 5)
    bot = ReasonableBot(seed=1, samples=20)
    rules = tda()
    rng = random.Random(2)
    for n in range(12):  # a new pair of opponents at every hand
        seats = [
            SeatSetup(0, "bot", 2_000),
            SeatSetup(1, f"new{n}a", 2_000),
            SeatSetup(2, f"new{n}b", 2_000),
        ]
        hand = Hand(rules=rules, seats=seats, button=n % 3, deck=Deck.shuffled(rng))
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            assert view.legal is not None
            action = bot.act(view) if seat == 0 else _passive(view.legal)
            hand.act(seat, action)
        assert len(bot.stats) <= 5
    assert len(bot.stats) == 5
    assert "new11b" in bot.stats or "new11a" in bot.stats
    assert not any(name.startswith("new0") for name in bot.stats)
