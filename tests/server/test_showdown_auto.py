"""The showdown's decisions the server takes at once (croupier.server.tables.showdown): a hand
the rules make shown is shown, a hand no shown hand beats is shown, a beaten hand is mucked for
a player who chose "muck losing hands", and only a real choice is asked."""

from __future__ import annotations

import dataclasses

import pytest

from _hands import assert_conserved, make_hand, play
from croupier.engine import Action, ActionKind, Phase
from croupier.rules import pokcomm
from croupier.server.tables.showdown import automatic, beaten


def _heads_up(*, called_must_show: bool, holes: dict[int, str]):  # type: ignore[no-untyped-def]
    rules = dataclasses.replace(pokcomm(50, 100), called_hand_must_show=called_must_show)
    hand = make_hand(rules, {0: 1_000, 1: 1_000}, button=0, holes=holes, board="2c3d8h9sKc")
    play(hand, "0: call, 1: check, 1: check, 0: check, 1: check, 0: check, 1: bet 100, 0: call")
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 1  # the river's bettor first
    return hand


@pytest.mark.rule("RRP-8")
def test_the_first_to_show_is_asked_where_the_rules_let_him_muck() -> None:
    hand = _heads_up(called_must_show=False, holes={0: "AdAh", 1: "7c6c"})
    assert hand.legal_actions().muck
    assert automatic(hand) is None  # a bluff may be given up unseen: his choice
    assert automatic(hand, {1}) is None  # nothing shown yet: not known to lose


@pytest.mark.rule("PKG-12")
def test_the_called_hand_is_shown_at_once_where_it_must_be() -> None:
    hand = _heads_up(called_must_show=True, holes={0: "AdAh", 1: "7c6c"})
    action = automatic(hand, {1})
    assert action is not None and action.kind is ActionKind.SHOW


@pytest.mark.rule("PKG-14")
def test_a_beaten_hand_is_asked_or_mucked_by_the_players_setting() -> None:
    hand = _heads_up(called_must_show=True, holes={0: "7c6c", 1: "AdAh"})
    hand.act(1, automatic(hand))  # type: ignore[arg-type]
    assert hand.to_act == 0 and beaten(hand, 0)
    assert automatic(hand) is None  # he may muck: asked
    action = automatic(hand, {0})
    assert action is not None and action.kind is ActionKind.MUCK
    hand.act(0, action)
    assert hand.phase is Phase.COMPLETE and hand.stacks[1] == 1_200
    assert_conserved(hand)


def test_a_hand_no_shown_hand_beats_is_shown_at_once() -> None:
    hand = _heads_up(called_must_show=True, holes={0: "AdAh", 1: "7c6c"})
    hand.act(1, automatic(hand))  # type: ignore[arg-type]
    assert not beaten(hand, 0)
    action = automatic(hand, {0})  # his setting mucks losers only
    assert action is not None and action.kind is ActionKind.SHOW
    hand.act(0, action)
    assert hand.phase is Phase.COMPLETE and hand.stacks[0] == 1_200
    assert_conserved(hand)


@pytest.mark.rule("POK-9-1")
def test_beaten_counts_every_pot_a_hand_contests() -> None:
    # Seat 0 all-in short (main pot); 1 and 2 play a side pot. Seat 2 bets the river and
    # shows queens; seat 0's aces beat them; seat 1's kings lose the main pot to the aces
    # but win the side pot from the queens: not beaten, shown at once.
    hand = make_hand(
        pokcomm(50, 100),
        {0: 300, 1: 2_000, 2: 2_000},
        button=0,
        holes={0: "AdAh", 1: "KdQs", 2: "QdQh"},
        board="2c3d8h9sKc",
    )
    play(
        hand,
        "0: all-in, 1: call, 2: call, 1: check, 2: check, 1: check, 2: check,"
        " 1: check, 2: bet 200, 1: call",
    )
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 2
    assert automatic(hand) is None  # the first to show may muck (pokcomm, RRP-8)
    hand.act(2, Action.show())
    assert hand.to_act == 0 and not beaten(hand, 0)
    hand.act(0, automatic(hand, {0}))  # type: ignore[arg-type]
    assert hand.to_act == 1 and not beaten(hand, 1)  # beaten in the main pot only
    action = automatic(hand, {1})
    assert action is not None and action.kind is ActionKind.SHOW
    hand.act(1, action)
    assert hand.phase is Phase.COMPLETE
    assert hand.stacks[0] == 900 and hand.stacks[1] == 2_000 - 300 - 200 + 400
    assert_conserved(hand)
