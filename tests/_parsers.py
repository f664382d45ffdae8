"""Three PokerStars-format parsers from PyPI reading croupier's text, against the hand
(tests/test_history_pokerstars.py says what each parser reads)."""

from __future__ import annotations

import warnings
from decimal import Decimal

from poker.room.pokerstars import PokerStarsHandHistory
from pokerdf.core.read_and_convert import apply_regex
from pokerkit import HandHistory

from croupier.engine import Awarded, Hand, Posted
from croupier.engine.setup import ForcedKind

__all__ = [
    "check_poker",
    "check_pokerdf",
    "check_pokerkit",
    "plain_blinds",
    "pokerkit_history",
    "won",
]


def pokerkit_history(text: str) -> HandHistory:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (history,) = HandHistory.from_pokerstars(text, error_status=True)
    return history


def plain_blinds(hand: Hand) -> bool:
    """Only antes-free small and big blinds, no rake: what PokerKit's parser can replay."""
    kinds = {e.kind for e in hand.events if isinstance(e, Posted)}
    return kinds <= {ForcedKind.SMALL_BLIND, ForcedKind.BIG_BLIND} and not hand.rake


def won(hand: Hand) -> dict[int, int]:
    """What each seat was paid (each pot's last award: RRP-5 may award one again)."""
    awards: dict[int, tuple[tuple[int, int], ...]] = {}
    for event in hand.events:
        if isinstance(event, Awarded):
            awards[event.pot] = event.shares
    paid: dict[int, int] = {}
    for shares in awards.values():
        for seat, share in shares:
            paid[seat] = paid.get(seat, 0) + share
    return paid


def check_pokerkit(text: str, hand: Hand, *, scale: int = 1) -> None:
    history = pokerkit_history(text)
    assert history.players is not None
    names = {s.player: s.seat for s in hand.seats}
    starting = hand.starting_stacks
    for name, stack in zip(history.players, history.starting_stacks, strict=True):
        assert Decimal(stack) == Decimal(starting[names[name]]) / scale
    if plain_blinds(hand):
        with warnings.catch_warnings():  # "There is no reason for this player to fold"
            warnings.simplefilter("ignore")
            final = list(history)[-1].stacks
        for name, stack in zip(history.players, final, strict=True):
            assert Decimal(stack) == Decimal(hand.stacks[names[name]]) / scale, text


def check_poker(text: str, hand: Hand) -> None:
    parsed = PokerStarsHandHistory(text)
    parsed.parse()
    players = {p.name: p for p in parsed.players if p is not None and p.stack}
    assert {name: p.stack for name, p in players.items()} == {s.player: s.stack for s in hand.seats}
    assert {name: p.seat for name, p in players.items()} == {s.player: s.seat for s in hand.seats}
    pot = sum(e.amount for e in hand.events if isinstance(e, Awarded)) + hand.rake
    assert parsed.total_pot == pot
    # (the poker package keeps a summary tag like "(button)" in a winner's name, and
    # reads the summary from its fourth line, so without a board line it skips seat 1)
    winners = {w.split(" (")[0] for w in parsed.winners}
    names = {s.seat: s.player for s in hand.seats}
    skipped = set() if hand.board else {hand.seats[0].seat}
    assert winners == {names[seat] for seat in won(hand) if seat not in skipped}


def check_pokerdf(text: str, hand: Hand) -> None:
    table = apply_regex(text)
    rows = {row["Player"]: row for _, row in table.iterrows()}
    assert set(rows) == {s.player for s in hand.seats}
    paid = won(hand)
    posted: dict[tuple[int, str], int] = {}
    for event in hand.events:
        if isinstance(event, Posted):
            key = (event.seat, "ante" if event.kind is ForcedKind.ANTE else "blind")
            posted[key] = posted.get(key, 0) + event.amount
    pot = sum(e.amount for e in hand.events if isinstance(e, Awarded)) + hand.rake
    for s in hand.seats:
        row = rows[s.player]
        assert row["Stack"] == s.stack and row["Seat"] == s.seat
        assert _number(row["Balance"]) == paid.get(s.seat, 0)
        assert _number(row["PostedAnte"]) == posted.get((s.seat, "ante"), 0)
        assert _number(row["PostedBlind"]) == posted.get((s.seat, "blind"), 0)
        assert row["TotalPotLog"] == pot


def _number(value: object) -> float:
    return 0.0 if value is None or value != value else float(value)  # type: ignore[arg-type]
