"""Asking to see a called hand (RRP-5) and the hand history that shows it (PKG-14)."""

from __future__ import annotations

import json

import pytest

from _hands import make_hand, play
from croupier.engine import Hand, Revealed, event_from_dict, event_to_dict
from croupier.errors import IllegalActionError
from croupier.history import render_text, render_view
from croupier.rules import Rules, phh, pokcomm, pokerkings


def river_called_and_mucked(rules: Rules | None = None) -> Hand:
    """Three players: seat 1 folds; seat 2 bets the river, seat 0 calls and mucks."""
    hand = make_hand(
        rules or pokcomm(25, 50),
        {0: 2_000, 1: 2_000, 2: 2_000},
        button=0,
        holes={0: "7c2d", 1: "QsQd", 2: "AsAh"},
        board="KdJc9s5h3d",
    )
    play(hand, "0: call, 1: fold, 2: check")
    play(hand, "2: check, 0: check")
    play(hand, "2: check, 0: check")
    play(hand, "2: bet 200, 0: call")
    play(hand, "2: show, 0: muck")
    assert hand.is_over
    return hand


@pytest.mark.rule("RRP-5", "RRP-6", "ITA-39")
def test_a_player_dealt_in_may_see_a_called_hand_that_was_mucked_and_so_may_all() -> None:
    """Seat 1 folded before the flop, yet was dealt in: he may ask to see the called hand
    that seat 0 mucked. It is turned up for the table (show one, show all); the result
    does not change: a mucked hand stays dead (RRP-4)."""
    hand = river_called_and_mucked()
    stacks = hand.stacks
    assert hand.view(1).seats[0].cards is None
    cards = hand.ask_to_see(1, 0)
    assert [str(c) for c in cards] == ["7c", "2d"]
    assert hand.events[-1] == Revealed(0, cards, 1)
    assert hand.view(1).seats[0].cards == cards
    assert hand.view(2).seats[0].cards == cards
    assert hand.spectator_view().seats[0].cards == cards
    assert "[7c 2d]" in render_text(hand.events, viewer=2)
    assert hand.stacks == stacks


@pytest.mark.rule("PKG-14")
def test_online_the_mucked_hand_is_in_the_history_of_the_player_who_asked_only() -> None:
    """PKG-14: "Les joueurs qui aimeraient savoir ce que contenait la main pliée peuvent
    demander un historique du coup": the asker's view and history show it; the others'
    do not, nor a spectator's."""
    hand = river_called_and_mucked(pokerkings(100, 200))
    cards = hand.ask_to_see(2, 0)
    assert hand.view(2).seats[0].cards == cards
    asker = render_view(hand.view(2))
    assert "asks to see" in asker and "[7c 2d]" in asker
    for view in (hand.view(1), hand.spectator_view()):
        assert view.seats[0].cards is None
        assert not set(cards) & view.visible_cards()
        assert "[7c 2d]" not in render_view(view)
    assert "[7c 2d]" not in render_text(hand.events, viewer=1)
    assert "[7c 2d]" in render_text(hand.events, viewer=2)


@pytest.mark.rule("RRP-5")
def test_an_unshown_winner_may_be_asked_for_too() -> None:
    """RRP-5: "même si ... la main gagnante a été jetée": under phh the last hand wins
    unshown; a player dealt in may still ask to see it."""
    hand = make_hand(
        phh("no-limit", 25, 50),
        {0: 2_000, 1: 2_000},
        button=0,
        holes={0: "7c2d", 1: "AsAh"},
        board="KdJc9s5h3d",
    )
    play(hand, "0: call, 1: check")
    for _ in range(3):
        play(hand, "1: check, 0: check")
    play(hand, "1: muck")  # the aces give up: seat 0 wins unshown
    assert hand.is_over and not hand.has_shown(0)
    assert hand.ask_to_see(1, 0) == hand.hole_cards(0)


@pytest.mark.rule("RRP-5", "PKG-13")
def test_what_cannot_be_asked_for() -> None:
    """Not during the betting, not a hand folded before the showdown, not a hand won
    without a showdown, not one's own hand, not by someone not dealt in, not twice."""
    hand = make_hand(pokcomm(25, 50), {0: 2_000, 1: 2_000, 2: 2_000}, button=0)
    with pytest.raises(IllegalActionError, match="betting is not over"):
        hand.ask_to_see(1, 0)
    play(hand, "0: raise 200, 1: fold, 2: fold")
    with pytest.raises(IllegalActionError, match="never called"):
        hand.ask_to_see(1, 0)
    hand = river_called_and_mucked()
    events = len(hand.events)
    with pytest.raises(IllegalActionError, match="folded before the showdown"):
        hand.ask_to_see(0, 1)
    with pytest.raises(IllegalActionError, match="his own hand"):
        hand.ask_to_see(0, 0)
    with pytest.raises(IllegalActionError, match="dealt in"):
        hand.ask_to_see(7, 0)
    with pytest.raises(IllegalActionError, match="already shown to everyone"):
        hand.ask_to_see(1, 2)
    hand.ask_to_see(1, 0)
    with pytest.raises(IllegalActionError, match="already shown to him"):
        hand.ask_to_see(1, 0)
    assert len(hand.events) == events + 1  # each refusal changed nothing


@pytest.mark.rule("RRP-5")
def test_a_request_replays_and_survives_json() -> None:
    hand = river_called_and_mucked()
    hand.ask_to_see(1, 0)
    data = json.loads(json.dumps([event_to_dict(e) for e in hand.events]))
    again = Hand.replay([event_from_dict(d) for d in data])
    assert again.events == hand.events
    assert again.view(1).seats[0].cards == hand.hole_cards(0)
