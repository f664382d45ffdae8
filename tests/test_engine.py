"""The engine's contract: setup checks, refusals that change nothing, uncalled bets, side pots,
timeouts, absent players, events and views."""

from __future__ import annotations

import pytest

from _hands import assert_conserved, make_hand, play
from croupier.cards import FULL_DECK, Card, Deck
from croupier.engine import (
    Acted,
    Action,
    ActionKind,
    Awarded,
    BetReturned,
    BetsGathered,
    ForcedBet,
    ForcedKind,
    Hand,
    HandStarted,
    Phase,
    SeatSetup,
    Street,
)
from croupier.errors import ConfigurationError, DeckError, IllegalActionError, OutOfTurnError
from croupier.rules import pokerkings, tda


def three_handed(**kwargs: object) -> Hand:
    return make_hand(tda(50, 100), {0: 2_000, 1: 2_000, 2: 2_000}, button=0, **kwargs)  # type: ignore[arg-type]


def test_illegal_raise_says_what_is_legal_and_changes_nothing() -> None:
    hand = three_handed()
    play(hand, "0: raise 200, 1: fold")
    before = (hand.events, hand.stacks, hand.bets, hand.to_act)
    with pytest.raises(IllegalActionError) as info:
        hand.act(2, Action.raise_to(250))
    assert str(info.value) == (
        "raise to 250 is below the minimum of 300: you may fold, call 100, "
        "raise to 300 to 2,000, or go all-in for 2,000"
    )
    assert Action.raise_to(250) not in hand.legal_actions()
    assert (hand.events, hand.stacks, hand.bets, hand.to_act) == before
    with pytest.raises(IllegalActionError, match="above the maximum of 2,000 \\(your stack\\)"):
        hand.act(2, Action.raise_to(2_001))
    with pytest.raises(IllegalActionError, match="check is not allowed \\(you owe 100\\)"):
        hand.act(2, Action.check())
    assert (hand.events, hand.stacks, hand.bets, hand.to_act) == before


def test_out_of_turn_is_refused_and_changes_nothing() -> None:
    hand = three_handed()
    before = hand.events
    with pytest.raises(OutOfTurnError, match="seat 2 acted out of turn: it is seat 0's turn"):
        hand.act(2, Action.fold())
    with pytest.raises(IllegalActionError, match="seat 7 is not in this hand"):
        hand.view(7)
    assert hand.events == before


def test_acting_after_the_hand_is_refused() -> None:
    hand = three_handed()
    play(hand, "0: fold, 1: fold")
    assert hand.is_over and hand.stacks == {0: 2_000, 1: 1_950, 2: 2_050}
    with pytest.raises(OutOfTurnError, match="the hand is over"):
        hand.act(2, Action.check())


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([SeatSetup(0, "a", 100)], "a hand needs 2 to 22 players, not 1"),
        ([SeatSetup(0, "a", 100), SeatSetup(0, "b", 100)], "seat 0 is given twice"),
        ([SeatSetup(0, "a", 100), SeatSetup(1, "b", 0)], "only players with chips"),
        ([SeatSetup(0, "a", 100, True), SeatSetup(1, "b", 9, True)], "every player is absent"),
    ],
)
def test_bad_setups_are_refused(seats: list[SeatSetup], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        Hand(rules=tda(), seats=seats, button=0, deck=Deck())


def test_bad_forced_bets_and_decks_are_refused() -> None:
    seats = [SeatSetup(0, "a", 100), SeatSetup(1, "b", 100)]
    with pytest.raises(ConfigurationError, match="names seat 5"):
        Hand(
            rules=tda(),
            seats=seats,
            button=0,
            deck=Deck(),
            forced_bets=[ForcedBet(5, ForcedKind.BIG_BLIND, 100)],
        )
    with pytest.raises(ConfigurationError, match="only one big-blind"):
        Hand(
            rules=tda(),
            seats=seats,
            button=0,
            deck=Deck(),
            forced_bets=[
                ForcedBet(0, ForcedKind.BIG_BLIND, 100),
                ForcedBet(1, ForcedKind.BIG_BLIND, 100),
            ],
        )
    with pytest.raises(DeckError, match="duplicated: As"):
        Hand(rules=tda(), seats=seats, button=0, deck=[*FULL_DECK[1:], Card("As")])


def test_uncalled_bet_is_returned_before_the_pot_is_paid() -> None:
    hand = three_handed()
    play(hand, "0: raise 600, 1: fold, 2: fold")
    returned = [e for e in hand.events if isinstance(e, BetReturned)]
    assert returned == [BetReturned(0, 500)]
    assert hand.stacks == {0: 2_150, 1: 1_950, 2: 1_900}
    assert_conserved(hand)


def test_three_all_ins_make_a_main_pot_and_two_side_pots() -> None:
    hand = make_hand(
        tda(50, 100),
        {0: 5_000, 1: 300, 2: 800, 3: 1_500},
        button=0,
        holes={1: "AsAh", 2: "KsKh", 3: "QsQh", 0: "JsJh"},
        board="2c3d7h8cTd",
    )
    play(hand, "3: all-in, 0: call, 1: all-in, 2: all-in")
    assert hand.is_over  # nobody left to bet: every hand tabled, the board run out
    gathered = [e for e in hand.events if isinstance(e, BetsGathered)]
    assert [(p.amount, p.eligible) for p in gathered[-1].pots] == [
        (1_200, (0, 1, 2, 3)),
        (1_500, (0, 2, 3)),
        (1_400, (0, 3)),
    ]
    awards = [(e.pot, e.amount, e.shares) for e in hand.events if isinstance(e, Awarded)]
    # tda: side pots first (RRP-7), the pot with the fewest players first
    assert awards == [
        (2, 1_400, ((3, 1_400),)),
        (1, 1_500, ((2, 1_500),)),
        (0, 1_200, ((1, 1_200),)),
    ]
    assert hand.stacks == {0: 3_500, 1: 1_200, 2: 1_500, 3: 1_400}
    assert_conserved(hand)


def test_timeout_checks_when_free_and_folds_otherwise() -> None:
    hand = three_handed()
    play(hand, "0: timeout")
    assert hand.events[-1] == Acted(0, ActionKind.FOLD, 0, 0, False, "timeout")
    play(hand, "1: call, 2: timeout")
    assert Acted(2, ActionKind.CHECK, 0, 100, False, "timeout") in hand.events
    assert hand.street is Street.FLOP


def test_absent_player_is_dealt_in_pays_and_is_killed_before_betting() -> None:
    hand = make_hand(tda(50, 100), {0: 1_000, 1: 1_000, 2: 1_000}, button=0, absent=[2])
    assert hand.is_folded(2)
    assert hand.hole_cards(2)  # dealt in
    assert Acted(2, ActionKind.FOLD, 0, 100, False, "absent") in hand.events
    assert hand.to_act == 0
    play(hand, "0: fold")
    # The small blind, left alone with chips behind, wins the killed big blind whole: an
    # absent player's blinds stay in the pot (TDA R30, POK-3-2).
    assert not any(isinstance(e, BetReturned) for e in hand.events)
    assert hand.stacks == {0: 1_000, 1: 1_100, 2: 900}


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_last_after() -> None:
    hand = make_hand(tda(50, 100), {3: 1_000, 7: 1_000}, button=7)
    assert hand.bets == {3: 100, 7: 50}
    assert hand.to_act == 7
    play(hand, "7: call, 3: check")
    assert hand.street is Street.FLOP and hand.to_act == 3


def test_started_event_carries_the_setup_and_views_never_the_deck() -> None:
    hand = three_handed()
    started = hand.events[0]
    assert isinstance(started, HandStarted)
    assert len(started.deck) == 52 and started.button == 0
    for view in (hand.view(0), hand.spectator_view()):
        first = view.events[0]
        assert isinstance(first, HandStarted) and first.deck == ()


def test_fixed_limit_raise_is_exactly_one_bet() -> None:
    hand = make_hand(pokerkings(2, 4), {0: 100, 1: 100, 2: 100}, button=0)
    legal = hand.legal_actions()
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (2, 4, 4)
    with pytest.raises(IllegalActionError, match="raise to 5 is above the maximum of 4"):
        hand.act(0, Action.raise_to(5))


def test_showdown_asks_in_order_and_the_last_live_hand_wins_unshown() -> None:
    hand = make_hand(
        tda(50, 100),
        {0: 1_000, 1: 1_000, 2: 1_000},
        button=0,
        holes={0: "2c3d", 1: "AsAh", 2: "KsKh"},
        board="9c9dJhQs4h",
    )
    play(hand, "0: call, 1: call, 2: check")
    for _ in range(3):
        play(hand, "1: check, 2: check, 0: check")
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 1
    legal = hand.legal_actions()
    assert legal.show and not legal.muck  # tda: the first hand must be shown (R18-B)
    play(hand, "1: show, 2: muck, 0: muck")
    assert hand.stacks == {0: 900, 1: 1_200, 2: 900}
    assert_conserved(hand)


def test_a_timeout_at_the_showdown_tables_the_hand() -> None:
    """The clock never forfeits a hand at the showdown: a player out of time shows (cards
    speak, RRP-2), under every preset's timeout rule."""
    for rules in (tda(50, 100), pokerkings(100, 200)):
        hand = make_hand(rules, {0: 1_000, 1: 1_000}, button=0, holes={0: "AsAh", 1: "7c2d"})
        run = "0: call, 1: check" + ", 1: check, 0: check" * 3
        play(hand, run)
        seat = hand.to_act
        assert seat is not None and hand.legal_actions().show
        hand.act(seat, Action.timeout())
        assert hand.has_shown(seat)
        while not hand.is_over:
            hand.act(hand.to_act, Action.show())  # type: ignore[arg-type]
        assert_conserved(hand)
