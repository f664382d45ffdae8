"""The layer-E clauses of seed 002, the Italian tournament regulations (ITA), proved.

Every test plays under the ``italian`` preset and asserts what the Italian text says,
with the document's own worked examples as test cases. Where a clause is a variant
(a knob on which the seeds differ), the other presets are shown to do the other thing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from _hands import assert_conserved, make_hand, play, run_out
from croupier.cards import Deck, parse_cards
from croupier.engine import (
    Acted,
    Action,
    ActionKind,
    Awarded,
    BetReturned,
    BetsGathered,
    BoardDealt,
    ForcedKind,
    Hand,
    HoleDealt,
    Mucked,
    Posted,
    Pot,
    SeatSetup,
    Shown,
    Street,
)
from croupier.errors import ConfigurationError, IllegalActionError, OutOfTurnError
from croupier.evaluate import describe, evaluate
from croupier.rules import (
    BettingStructure,
    Rules,
    casino_fr,
    italian,
    phh,
    pokcomm,
    pokerkings,
    tda,
)

SB, BB, ANTE = ForcedKind.SMALL_BLIND, ForcedKind.BIG_BLIND, ForcedKind.ANTE
FOLD, CALL, BET, RAISE = (
    ActionKind.FOLD,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
)

PRESETS: dict[str, Callable[[], Rules]] = {
    "italian": lambda: italian(50, 100),
    "pokcomm": lambda: pokcomm(50, 100),
    "pokerkings": lambda: pokerkings(100, 200),  # small blind 50, big blind 100
    "casino-fr": lambda: casino_fr(BettingStructure.NO_LIMIT, 50, 100),
    "tda": lambda: tda(50, 100),
    "phh": lambda: phh(BettingStructure.NO_LIMIT, 50, 100),
}


def ita() -> Rules:
    return italian(50, 100)


def acted(hand: Hand) -> list[Acted]:
    return [e for e in hand.events if isinstance(e, Acted)]


def last_acted(hand: Hand) -> Acted:
    return acted(hand)[-1]


def awards(hand: Hand) -> list[Awarded]:
    return [e for e in hand.events if isinstance(e, Awarded)]


def gathered(hand: Hand, street: Street) -> tuple[Pot, ...]:
    (event,) = [e for e in hand.events if isinstance(e, BetsGathered) and e.street == street]
    return event.pots


def shown_seats(hand: Hand) -> list[int]:
    return [e.seat for e in hand.events if isinstance(e, Shown)]


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.events, hand.stacks, hand.bets, hand.to_act, hand.street, hand.legal_actions())


def refused(
    hand: Hand, seat: int, action: Action, error: type[Exception] = IllegalActionError
) -> str:
    """Act, expect a refusal that changes nothing, and return its message."""
    before = snapshot(hand)
    with pytest.raises(error) as info:
        hand.act(seat, action)
    assert snapshot(hand) == before
    return str(info.value)


def limp_to_flop(hand: Hand, script: str) -> None:
    play(hand, script)
    assert hand.street == Street.FLOP


# --------------------------------------------------------------------- ITA-4, ITA-5
@pytest.mark.rule("ITA-4")
@pytest.mark.parametrize(("button", "small", "big"), [(5, 7, 9), (7, 9, 2), (9, 2, 5)])
def test_small_blind_left_of_button_big_blind_double_left_of_small(
    button: int, small: int, big: int
) -> None:
    """ITA-4: "piccolo buio ... alla sinistra del mazziere; grande buio doppio ... alla
    sinistra del piccolo buio"."""
    stacks = {2: 1_000, 5: 1_000, 7: 1_000, 9: 1_000}
    hand = make_hand(ita(), stacks, button=button)
    posted = [(e.seat, e.kind, e.amount) for e in hand.events if isinstance(e, Posted)]
    assert posted == [(small, SB, 50), (big, BB, 100)]
    assert hand.bets == {s: {small: 50, big: 100}.get(s, 0) for s in stacks}
    assert hand.stacks == {s: 1_000 - hand.bets[s] for s in stacks}
    assert_conserved(hand)


@pytest.mark.rule("ITA-5")
@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_ante_is_paid_by_every_player_in_every_hand(players: int) -> None:
    """ITA-5: "ante ... è obbligatorio per tutti i partecipanti al gioco, in ogni mano"."""
    hand = make_hand(italian(50, 100, ante=10), [1_000] * players, button=0)
    antes = [(e.seat, e.amount) for e in hand.events if isinstance(e, Posted) and e.kind is ANTE]
    assert antes == [(s, 10) for s in range(players)]
    posted = [e for e in hand.events if isinstance(e, Posted)]
    assert [e.kind for e in posted[:players]] == [ANTE] * players  # before the blinds
    assert_conserved(hand)


@pytest.mark.rule("ITA-5")
def test_antes_are_not_part_of_the_bet_and_go_to_the_pot() -> None:
    """The antes are dead money for the bet (the call is still 100) and go to the winner."""
    hand = make_hand(italian(50, 100, ante=10), [1_000] * 4, button=0)
    assert hand.bets == {0: 0, 1: 50, 2: 100, 3: 0}
    assert hand.legal_actions().call == 100
    play(hand, "3: fold, 0: fold, 1: fold")
    assert BetReturned(2, 50) in hand.events
    assert gathered(hand, Street.PREFLOP) == (Pot(140, (2,)),)
    assert awards(hand) == [Awarded(0, 140, ((2, 140),), "")]
    assert hand.stacks == {0: 990, 1: 940, 2: 1_080, 3: 990}
    assert_conserved(hand)


@pytest.mark.rule("ITA-5")
def test_no_ante_is_taken_when_the_level_has_none() -> None:
    """The ante is optional ("opzionale, può essere richiesto in alcune fasi")."""
    hand = make_hand(italian(50, 100), [1_000] * 4, button=0)
    assert not [e for e in hand.events if isinstance(e, Posted) and e.kind is ANTE]
    assert sum(hand.stacks.values()) == 4_000 - 150


# --------------------------------------------------------------------------- ITA-7
@pytest.mark.rule("ITA-7")
def test_hole_cards_dealt_one_at_a_time_in_two_rounds_from_the_small_blind() -> None:
    """ITA-7: "due giri di distribuzione, cominciando dal piccolo buio", clockwise."""
    deck = Deck()
    seats = [SeatSetup(s, f"p{s}", 1_000) for s in (1, 3, 4, 6, 8)]
    hand = Hand(rules=ita(), seats=seats, button=4, deck=deck)  # small blind: seat 6
    dealt = [e for e in hand.events if isinstance(e, HoleDealt)]
    assert [e.seat for e in dealt] == [6, 8, 1, 3, 4]
    for k, event in enumerate(dealt):
        assert event.cards == (deck[k], deck[k + 5])


@pytest.mark.rule("ITA-7", "ITA-23")
@pytest.mark.parametrize(
    ("name", "first"),
    [
        ("italian", 0),  # the small blind is the button heads-up: he is dealt first
        ("pokcomm", 1),
        ("pokerkings", 1),  # PKG-3: from the left of the button
        ("casino-fr", 1),  # CAS-15
        ("tda", 1),
        ("phh", 1),
    ],
)
def test_heads_up_the_deal_starts_with_the_small_blind_only_in_italy(name: str, first: int) -> None:
    """Heads-up the button posts the small blind (ITA-23), so ITA-7 deals to the button first;
    the seeds that deal from the left of the button start with the other player."""
    deck = Deck()
    seats = [SeatSetup(0, "ann", 1_000), SeatSetup(1, "bob", 1_000)]
    hand = Hand(rules=PRESETS[name](), seats=seats, button=0, deck=deck)
    assert [(e.seat, e.kind) for e in hand.events if isinstance(e, Posted)] == [(0, SB), (1, BB)]
    dealt = [e for e in hand.events if isinstance(e, HoleDealt)]
    assert [e.seat for e in dealt] == [first, 1 - first]
    assert dealt[0].cards == (deck[0], deck[2])
    assert dealt[1].cards == (deck[1], deck[3])


# ------------------------------------------------------------------ ITA-8, ITA-9
@pytest.mark.rule("ITA-8")
@pytest.mark.parametrize(("players", "first"), [(3, 0), (4, 3), (6, 3)])
def test_preflop_action_starts_left_of_big_blind_with_call_raise_or_fold(
    players: int, first: int
) -> None:
    """ITA-8: "partendo dal primo giocatore dopo il grande buio ... Call, Raise, Fold"."""
    hand = make_hand(ita(), [1_000] * players, button=0)
    assert hand.to_act == first
    legal = hand.legal_actions()
    assert (legal.fold, legal.check, legal.call) == (True, False, 100)
    assert (legal.min_raise_to, legal.max_raise_to, legal.all_in) == (200, 1_000, 1_000)
    message = refused(hand, first, Action.check())
    assert message == (
        "check is not allowed (you owe 100): "
        "you may fold, call 100, raise to 200 to 1,000, or go all-in for 1,000"
    )


@pytest.mark.rule("ITA-9")
def test_round_ends_when_the_highest_raise_has_been_called() -> None:
    hand = make_hand(ita(), [1_000] * 4, button=0)
    play(hand, "3: raise 300, 0: call, 1: fold")
    assert hand.street == Street.PREFLOP and hand.to_act == 2
    play(hand, "2: call")
    assert hand.street == Street.FLOP and len(hand.board) == 3
    assert gathered(hand, Street.PREFLOP) == (Pot(950, (0, 2, 3)),)
    assert hand.stacks == {0: 700, 1: 950, 2: 700, 3: 700}
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-9")
def test_round_and_hand_end_when_only_one_player_has_not_folded() -> None:
    hand = make_hand(ita(), [1_000] * 4, button=0)
    play(hand, "3: raise 300, 0: fold, 1: fold, 2: fold")
    assert hand.is_over and hand.board == ()
    assert BetReturned(3, 200) in hand.events
    assert awards(hand) == [Awarded(0, 250, ((3, 250),), "")]
    assert hand.stacks == {0: 1_000, 1: 950, 2: 900, 3: 1_150}
    assert_conserved(hand)


@pytest.mark.rule("ITA-9")
def test_round_ends_when_all_checked_and_every_player_entitled_to_act_has_acted() -> None:
    """ "... tutti i giocatori aventi diritto hanno espresso la propria giocata": the big blind
    speaks after the calls, and a checked round ends only when everyone has checked."""
    hand = make_hand(ita(), [1_000] * 4, button=0)
    play(hand, "3: call, 0: call, 1: call")
    assert hand.street == Street.PREFLOP and hand.to_act == 2
    play(hand, "2: check")
    assert hand.street == Street.FLOP
    play(hand, "1: check, 2: check, 3: check")
    assert hand.street == Street.FLOP and hand.to_act == 0
    play(hand, "0: check")
    assert hand.street == Street.TURN and len(hand.board) == 4
    run_out(hand)
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-10
@pytest.mark.rule("ITA-10")
def test_a_card_is_burned_before_flop_turn_and_river() -> None:
    """ "scarta la prima carta del mazzo e ne dispone tre scoperte (Flop)"; then burn + turn,
    burn + river."""
    deck = Deck()
    seats = [SeatSetup(s, f"p{s}", 1_000) for s in range(4)]
    hand = Hand(rules=ita(), seats=seats, button=0, deck=deck)
    play(hand, "3: call, 0: call, 1: call, 2: check")  # 8 hole cards: deck[0..7]
    assert hand.board == (deck[9], deck[10], deck[11])  # deck[8] burned
    play(hand, "1: check, 2: check, 3: check, 0: check")
    assert hand.board[3:] == (deck[13],)  # deck[12] burned
    play(hand, "1: check, 2: check, 3: check, 0: check")
    assert hand.board[4:] == (deck[15],)  # deck[14] burned
    flop = next(e for e in hand.events if isinstance(e, BoardDealt))
    assert flop.street == Street.FLOP and len(flop.cards) == 3
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-10")
def test_postflop_rounds_start_with_the_first_player_still_in_after_the_button() -> None:
    hand = make_hand(ita(), [1_000] * 5, button=0)
    play(hand, "3: call, 4: call, 0: call, 1: fold, 2: check")
    assert hand.street == Street.FLOP and hand.to_act == 2  # the small blind (1) folded
    play(hand, "2: bet 100, 3: call, 4: call, 0: call")
    assert hand.street == Street.TURN and hand.to_act == 2
    play(hand, "2: check, 3: bet 200, 4: call, 0: fold, 2: fold")
    assert hand.street == Street.RIVER and hand.to_act == 3  # 1, 2 and the button (0) out
    run_out(hand)
    assert_conserved(hand)


# --------------------------------------------------------------- ITA-11, ITA-12
@pytest.mark.rule("ITA-11")
def test_showdown_best_five_of_seven_cards_wins() -> None:
    """A royal flush from one hole card and four board cards beats trip aces and a flush."""
    hand = make_hand(
        ita(),
        [1_000] * 3,
        button=0,
        holes={0: "9s8s", 1: "AhAd", 2: "Ts3c"},
        board="AsKsQsJs2d",
    )
    play(hand, "0: call, 1: call, 2: check")
    run_out(hand)
    assert awards(hand) == [Awarded(0, 300, ((2, 300),), "Royal flush")]
    assert hand.stacks == {0: 900, 1: 900, 2: 1_200}
    assert_conserved(hand)


@pytest.mark.rule("ITA-11", "ITA-13")
def test_when_the_board_plays_for_both_the_pot_is_split() -> None:
    hand = make_hand(
        ita(),
        [1_000] * 3,
        button=0,
        holes={1: "AhAd", 2: "KhKd"},
        board="5c6d7h8s9c",
    )
    play(hand, "0: call, 1: call, 2: check")
    play(hand, "1: bet 100, 2: call, 0: fold")
    run_out(hand)
    assert awards(hand) == [Awarded(0, 500, ((1, 250), (2, 250)), "Straight, nine high")]
    assert hand.stacks == {0: 900, 1: 1_050, 2: 1_050}
    assert_conserved(hand)


LADDER = [  # best to worst: each category from its best to its worst hand
    "AsKsQsJsTs",  # royal flush
    "KsQsJsTs9s",  # straight flush
    "6h5h4h3h2h",
    "5d4d3d2dAd",  # the lowest straight flush: the ace plays low
    "AcAdAhAsKc",  # four of a kind
    "2c2d2h2s3c",
    "AcAdAhKcKd",  # full house
    "2c2d2h3c3d",
    "AhKhQhJh9h",  # flush
    "7c5c4c3c2c",
    "AcKdQhJsTc",  # straight
    "6c5d4h3s2c",
    "5c4d3h2sAc",  # the wheel: the lowest straight
    "AcAdAhKsQd",  # three of a kind
    "2c2d2h4s3d",
    "AcAdKhKsQd",  # two pair
    "3c3d2h2s4c",
    "AcAdKhQsJd",  # pair
    "2c2d5h4s3d",
    "AcKdQhJs9d",  # high card: the ace is the highest card
    "KcQdJh9s8d",
    "7c5d4h3s2d",  # the two is the lowest
]


@pytest.mark.rule("ITA-12")
def test_hand_ranking_from_royal_flush_down_to_high_card() -> None:
    """ITA-12: Scala Reale > Scala a colore > Poker > Full > Colore > Scala > Tris >
    Doppia Coppia > Coppia > Carta Alta (Asso la più alta, 2 la più bassa)."""
    values = [evaluate(parse_cards(text)) for text in LADDER]
    for better, worse, hi, lo in zip(LADDER, LADDER[1:], values, values[1:], strict=False):
        assert hi > lo, f"{better} should beat {worse}"
    assert describe(values[0]) == "Royal flush"


@pytest.mark.rule("ITA-12", "ITA-11")
def test_at_showdown_the_wheel_loses_to_a_six_high_straight() -> None:
    hand = make_hand(
        ita(), [1_000, 1_000], button=0, holes={0: "As2c", 1: "6c2d"}, board="3c4d5h9sKd"
    )
    play(hand, "0: call, 1: check")
    run_out(hand)
    assert awards(hand) == [Awarded(0, 200, ((1, 200),), "Straight, six high")]
    assert hand.stacks == {0: 900, 1: 1_100}
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-13
@pytest.mark.rule("ITA-13")
@pytest.mark.parametrize(
    ("name", "shares"),
    [
        ("italian", ((4, 113), (0, 113), (1, 112), (2, 112))),
        ("pokcomm", ((4, 113), (0, 113), (1, 112), (2, 112))),  # POK-9-6: the same
        ("tda", ((4, 114), (0, 112), (1, 112), (2, 112))),  # TDA R20-A: all to the first
        ("pokerkings", ((4, 114), (0, 112), (1, 112), (2, 112))),
        ("phh", ((4, 114), (0, 112), (1, 112), (2, 112))),
    ],
)
def test_odd_chips_go_one_each_to_the_winners_from_the_first_seat_after_the_button(
    name: str, shares: tuple[tuple[int, int], ...]
) -> None:
    """ITA-13: "gettoni dispari ... assegnati ai giocatori vincenti partendo dalla prima
    posizione dopo il Dealer Button". Button 2: the order from it is 3, 4, 0, 1, 2."""
    hand = make_hand(PRESETS[name](), [1_000] * 5, button=2, board="AsKsQsJsTs")
    play(hand, "0: call, 1: call, 2: call, 3: fold, 4: check")
    run_out(hand)
    assert gathered(hand, Street.PREFLOP) == (Pot(450, (0, 1, 2, 4)),)
    assert awards(hand) == [Awarded(0, 450, shares, "Royal flush")]
    assert hand.stacks == {3: 950, **{seat: 900 + chips for seat, chips in shares}}
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-22
@pytest.mark.rule("ITA-22")
def test_big_blind_may_check_or_raise_when_everyone_called() -> None:
    """ITA-22: "Un giocatore che posta i bui ha l'opzione di rilancio"."""
    hand = make_hand(ita(), [1_000] * 4, button=0)
    play(hand, "3: call, 0: call, 1: call")
    legal = hand.legal_actions()
    assert legal.seat == 2
    assert (legal.check, legal.call, legal.min_raise_to, legal.max_raise_to) == (
        True,
        None,
        200,
        1_000,
    )
    play(hand, "2: raise 300")
    assert last_acted(hand) == Acted(2, RAISE, 200, 300)
    assert hand.to_act == 3 and hand.legal_actions().min_raise_to == 500
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-22")
def test_big_blind_may_raise_after_an_all_in_for_less_than_a_minimum_raise() -> None:
    """ "... questa opzione di rilancio è valida anche se qualcuno va all-in di una somma
    inferiore all'aumento minimo": all-in 150 (a minimum raise is to 200), both call."""
    hand = make_hand(ita(), {0: 1_000, 1: 1_000, 2: 1_000, 3: 150}, button=0)
    play(hand, "3: all-in")
    assert last_acted(hand) == Acted(3, RAISE, 150, 150, True)
    play(hand, "0: call, 1: call")
    legal = hand.legal_actions()
    assert legal.seat == 2
    assert (legal.call, legal.min_raise_to, legal.why_no_raise) == (50, 250, "")
    play(hand, "2: raise 250")
    assert last_acted(hand) == Acted(2, RAISE, 150, 250)
    assert hand.legal_actions().min_raise_to == 350  # a full raise reopens for the others
    play(hand, "0: call, 1: call")
    assert gathered(hand, Street.PREFLOP) == (Pot(600, (0, 1, 2, 3)), Pot(300, (0, 1, 2)))
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-22", "ITA-33")
def test_big_blind_keeps_his_option_after_an_all_in_below_the_big_blind() -> None:
    hand = make_hand(ita(), {0: 1_000, 1: 1_000, 2: 1_000, 3: 60}, button=0)
    play(hand, "3: all-in")
    assert last_acted(hand) == Acted(3, CALL, 60, 60, True)
    assert hand.legal_actions().call == 100  # the short all-in does not lower the call
    play(hand, "0: call, 1: call")
    legal = hand.legal_actions()
    assert (legal.seat, legal.check, legal.min_raise_to) == (2, True, 200)
    play(hand, "2: check")
    assert gathered(hand, Street.PREFLOP) == (Pot(240, (0, 1, 2, 3)), Pot(120, (0, 1, 2)))
    run_out(hand)
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-23
@pytest.mark.rule("ITA-23")
def test_heads_up_the_button_posts_the_small_blind_and_acts_first_only_preflop() -> None:
    """ITA-23: "il piccolo buio viene posizionato da chi ha il bottone che solo per il primo
    giro di puntate è il primo ad agire"."""
    hand = make_hand(ita(), {3: 1_000, 7: 1_000}, button=7)
    posted = [(e.seat, e.kind, e.amount) for e in hand.events if isinstance(e, Posted)]
    assert posted == [(7, SB, 50), (3, BB, 100)]
    assert hand.to_act == 7 and hand.legal_actions().call == 50
    play(hand, "7: call, 3: check")
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        assert hand.street == street and hand.to_act == 3
        play(hand, "3: check, 7: check")
    run_out(hand)
    assert_conserved(hand)


# ----------------------------------------------------------------- ITA-25, ITA-26
@pytest.mark.rule("ITA-25")
def test_all_in_bets_every_chip_as_a_raise_or_a_call_for_less() -> None:
    """ITA-25: "Puntare tutti i propri gettoni viene detto All In"."""
    hand = make_hand(ita(), {0: 250, 1: 1_000, 2: 1_000, 3: 700}, button=0)
    assert hand.legal_actions().all_in == 700
    play(hand, "3: all-in")
    assert last_acted(hand) == Acted(3, RAISE, 700, 700, True)
    assert hand.stacks[3] == 0 and hand.is_all_in(3)
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.all_in, legal.min_raise_to) == (0, 250, 250, None)
    play(hand, "0: all-in, 1: fold, 2: fold")
    assert last_acted(hand) == Acted(2, FOLD, 0, 100)
    assert [a for a in acted(hand) if a.seat == 0] == [Acted(0, CALL, 250, 250, True)]
    assert BetReturned(3, 450) in hand.events
    assert hand.is_over and len(hand.board) == 5
    assert_conserved(hand)


@pytest.mark.rule("ITA-26", "ITA-33")
def test_a_bet_that_is_not_all_in_is_at_least_the_previous_bet_or_raise() -> None:
    """ITA-26: "Ogni puntata non all-in deve essere almeno dell'importo della precedente
    puntata o rilancio di quel giro"; the opening bet is at least the big blind (ITA-33)."""
    hand = make_hand(ita(), {0: 1_000, 1: 1_000, 2: 1_000, 3: 550}, button=0)
    limp_to_flop(hand, "3: call, 0: call, 1: call, 2: check")
    assert refused(hand, 1, Action.bet(50)) == (
        "bet 50 is below the minimum of 100: you may fold, check, bet 100 to 900,"
        " or go all-in for 900"
    )
    play(hand, "1: bet 300")
    assert hand.legal_actions().min_raise_to == 600
    assert refused(hand, 2, Action.raise_to(500)) == (
        "raise to 500 is below the minimum of 600: you may fold, call 300,"
        " raise to 600 to 900, or go all-in for 900"
    )
    play(hand, "2: call")
    legal = hand.legal_actions()  # seat 3 has 450: all-in below a full raise is allowed
    assert (legal.seat, legal.min_raise_to, legal.max_raise_to, legal.all_in) == (3, 450, 450, 450)
    play(hand, "3: all-in")
    assert last_acted(hand) == Acted(3, RAISE, 450, 450, True)
    play(hand, "0: call, 1: call, 2: call")
    assert gathered(hand, Street.FLOP) == (Pot(2_200, (0, 1, 2, 3)),)
    run_out(hand)
    assert_conserved(hand)


# ----------------------------------------------------------------- ITA-27, ITA-29
@pytest.mark.rule("ITA-27")
def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    """ITA-27: "Non è permesso agire deliberatamente fuori dal proprio turno"; a call out of
    turn is not taken, so it can never become a raise."""
    hand = make_hand(ita(), [1_000] * 4, button=0)
    message = refused(hand, 0, Action.call(), OutOfTurnError)
    assert message.startswith("seat 0 acted out of turn: it is seat 3's turn")
    refused(hand, 2, Action.raise_to(300), OutOfTurnError)
    play(hand, "3: call, 0: raise 300")
    assert acted(hand) == [Acted(3, CALL, 100, 100), Acted(0, RAISE, 300, 300)]
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-27")
def test_a_declared_action_is_binding_and_a_refused_one_changes_nothing() -> None:
    """A declared call cannot be changed into a raise, a fold cannot be taken back, an
    illegal action is refused with what is legal and leaves the hand as it was."""
    hand = make_hand(ita(), [1_000] * 4, button=0)
    play(hand, "3: call")
    refused(hand, 3, Action.raise_to(300), OutOfTurnError)  # his call stands
    assert refused(hand, 0, Action.raise_to(150)) == (
        "raise to 150 is below the minimum of 200: you may fold, call 100,"
        " raise to 200 to 1,000, or go all-in for 1,000"
    )
    play(hand, "0: fold")
    refused(hand, 0, Action.call(), OutOfTurnError)
    play(hand, "1: raise 400, 2: call, 3: call")
    assert hand.is_folded(0) and hand.street == Street.FLOP
    assert [a.seat for a in acted(hand)].count(0) == 1  # never asked to act again
    assert all(0 not in pot.eligible for pot in hand.pots)
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-29")
def test_a_raise_is_one_action_with_its_total() -> None:
    """ITA-29: "Non sono permessi rilanci in più movimenti": one "raise to" with the total,
    recorded as a single action; the raiser cannot add chips afterwards."""
    hand = make_hand(ita(), [1_000] * 4, button=0)
    before = len(hand.events)
    play(hand, "3: raise 300")
    assert hand.events[before:] == (Acted(3, RAISE, 300, 300),)
    refused(hand, 3, Action.raise_to(500), OutOfTurnError)
    play(hand, "0: fold, 1: fold")
    before = len(hand.events)
    play(hand, "2: raise 800")  # the big blind's 100 counts toward his total
    assert hand.events[before:] == (Acted(2, RAISE, 700, 800),)
    assert hand.stacks[2] == 200
    play(hand, "3: call")
    run_out(hand)
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-30
def _facing_a_flop_bet_of_300() -> Hand:
    hand = make_hand(ita(), [1_000] * 4, button=0)
    limp_to_flop(hand, "3: call, 0: call, 1: call, 2: check")
    play(hand, "1: bet 300")
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to) == (2, 300, 600)
    return hand


@pytest.mark.rule("ITA-30")
@pytest.mark.parametrize(
    ("chips", "kind", "put", "to"),
    [
        (300, CALL, 300, 300),  # case 1: a correct call is announced as a call
        (600, RAISE, 600, 600),  # case 1: a correct (minimum) raise
        (750, RAISE, 750, 750),  # case 1: a correct raise
        (200, CALL, 300, 300),  # case 2: less than the bet: a call, completed to 300
        (400, CALL, 300, 300),  # case 3: 100 < 50 % of the 300 raise: a call, 100 returned
        (449, CALL, 300, 300),  # case 3
        (450, RAISE, 600, 600),  # exactly 50 %: a raise (seed silent: TDA R45)
        (500, RAISE, 600, 600),  # case 4: over 50 %: a raise, completed to the minimum
    ],
)
def test_chips_put_forward_without_declaration_follow_the_50_percent_rule(
    chips: int, kind: ActionKind, put: int, to: int
) -> None:
    """ITA-30, the four cases of the dealer's reading of undeclared chips (bet 300 facing,
    minimum raise to 600)."""
    hand = _facing_a_flop_bet_of_300()
    play(hand, f"2: put {chips}")
    assert last_acted(hand) == Acted(2, kind, put, to)
    assert hand.stacks[2] == 900 - put  # chips beyond the announced action stay with him
    assert hand.bets[2] == to
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-30")
@pytest.mark.parametrize(
    ("chips", "kind", "to"),
    [(250, CALL, 300), (349, CALL, 300), (350, RAISE, 500), (430, RAISE, 500), (600, RAISE, 650)],
)
def test_the_50_percent_rule_reads_half_of_the_last_raise_preflop(
    chips: int, kind: ActionKind, to: int
) -> None:
    """After "call 100, raise 300" (ITA-34 example 1) the small blind (50 in) owes 250 and a
    re-raise goes to 500: under 100 chips more than the call is a call, from 100 on a raise
    completed to 500."""
    hand = make_hand(ita(), [1_000] * 4, button=0)
    play(hand, "3: call, 0: raise 300")
    play(hand, f"1: put {chips}")
    assert last_acted(hand) == Acted(1, kind, to - 50, to)
    assert hand.stacks[1] == 1_000 - to
    run_out(hand)
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-31
def _short_all_in_after_bet_and_call() -> Hand:
    hand = make_hand(ita(), {0: 2_000, 1: 2_000, 2: 2_000, 3: 550}, button=0)
    limp_to_flop(hand, "3: call, 0: call, 1: call, 2: check")
    play(hand, "1: bet 300, 2: call, 3: all-in")  # 450: 150 more, not a full raise of 300
    assert last_acted(hand) == Acted(3, RAISE, 450, 450, True)
    return hand


@pytest.mark.rule("ITA-31")
def test_short_all_in_raise_lets_the_bettor_and_callers_only_call() -> None:
    """ITA-31: "Un rilancio All In che non costituisca un minimum raise, non consente al
    giocatore che aveva effettuato la prima puntata o ad altri giocatori che l'avevano vista
    (call) di rilanciare ancora, si possono solo adeguare al piatto (call)"."""
    hand = _short_all_in_after_bet_and_call()
    legal = hand.legal_actions()  # seat 0 has not acted yet: he may raise
    assert (legal.seat, legal.call, legal.min_raise_to, legal.max_raise_to) == (0, 450, 750, 1_900)
    play(hand, "0: call")
    for seat in (1, 2):  # the first bettor, then the caller
        legal = hand.legal_actions()
        assert (legal.seat, legal.call, legal.min_raise_to, legal.all_in) == (seat, 150, None, None)
        assert (
            legal.why_no_raise
            == "the betting was not reopened: the all-in was less than a full raise"
        )
        assert refused(hand, seat, Action.raise_to(750)) == (
            "raise to 750 is not allowed (the betting was not reopened: the all-in was less"
            " than a full raise): you may fold, or call 150"
        )
        assert Action.all_in() not in legal
        play(hand, f"{seat}: call")
    assert gathered(hand, Street.FLOP) == (Pot(2_200, (0, 1, 2, 3)),)
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-31")
def test_a_full_raise_after_the_short_all_in_reopens_the_betting() -> None:
    hand = _short_all_in_after_bet_and_call()
    play(hand, "0: raise 750")
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to) == (1, 450, 1_050)
    play(hand, "1: fold, 2: fold")
    assert BetReturned(0, 300) in hand.events
    assert gathered(hand, Street.FLOP) == (Pot(400 + 300 + 300 + 450 + 450, (0, 3)),)
    run_out(hand)
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-32
@pytest.mark.rule("ITA-32")
def test_raises_are_unlimited_in_every_round() -> None:
    """ITA-32: "Il numero dei rilanci in tutti i giri è illimitato"."""
    hand = make_hand(ita(), [100_000] * 3, button=0)
    for street in (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER):
        assert hand.street == street
        for k in range(10):
            legal = hand.legal_actions()
            assert legal.min_raise_to is not None, f"raise {k + 1}: {legal.why_no_raise}"
            hand.act(legal.seat, Action.raise_to(legal.min_raise_to))
        for _ in range(2):
            hand.act(hand.legal_actions().seat, Action.call())
    assert sum(1 for a in acted(hand) if a.kind in (BET, RAISE)) == 40
    run_out(hand)
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-33
@pytest.mark.rule("ITA-33")
def test_minimum_bet_is_the_big_blind_in_every_round() -> None:
    """ITA-33: "La scommessa minima rimane la stessa per tutti i giri di puntate"."""
    hand = make_hand(ita(), [1_000] * 3, button=0)
    play(hand, "0: call, 1: call, 2: check")
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        assert hand.street == street
        legal = hand.legal_actions()
        assert (legal.check, legal.min_raise_to, legal.max_raise_to) == (True, 100, 900)
        assert Action.bet(99) not in legal and Action.bet(100) in legal
        play(hand, "1: check, 2: check, 0: check")
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-33")
def test_a_short_big_blind_does_not_lower_what_the_others_must_put_in() -> None:
    """ "qualunque altro giocatore entri nel piatto è tenuto a mettere la somma richiesta dal
    grande buio (a meno che non si vada all-in per una somma inferiore)"."""
    hand = make_hand(ita(), {0: 1_000, 1: 1_000, 2: 60, 3: 80}, button=0)
    assert Posted(2, BB, 60, True) in hand.events
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to) == (3, 80, None)  # 80: all-in for less
    play(hand, "3: call")
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to) == (0, 100, 200)
    play(hand, "0: call, 1: call")
    assert hand.street == Street.FLOP
    assert gathered(hand, Street.PREFLOP) == (
        Pot(240, (0, 1, 2, 3)),
        Pot(60, (0, 1, 3)),
        Pot(40, (0, 1)),
    )
    run_out(hand)
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-34
@pytest.mark.rule("ITA-34")
def test_raise_minimums_preflop_example_call_100_raise_300_reraise_500() -> None:
    """ITA-34 example 1: "bui 50-100, call 100, raise 300, reraise 500". The first raise is at
    least double the bet (200); after the raise to 300, a re-raise is at least to 500."""
    hand = make_hand(ita(), [10_000] * 4, button=0)
    assert hand.legal_actions().call == 100
    play(hand, "3: call")
    legal = hand.legal_actions()
    assert (legal.call, legal.min_raise_to) == (100, 200)
    assert Action.raise_to(199) not in legal
    play(hand, "0: raise 300")
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to) == (1, 250, 500)
    assert Action.raise_to(499) not in legal and Action.raise_to(500) in legal
    play(hand, "1: raise 500")
    assert hand.legal_actions().min_raise_to == 700
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("ITA-34")
def test_raise_minimums_postflop_example_bet_300_raise_600_900_1200() -> None:
    """ITA-34 example 2: "bet 300, raise 600, reraise 900, reraise 1200": each the minimum."""
    hand = make_hand(ita(), [10_000] * 4, button=0)
    limp_to_flop(hand, "3: call, 0: call, 1: call, 2: check")
    assert hand.legal_actions().min_raise_to == 100
    play(hand, "1: bet 300")
    for seat, minimum in ((2, 600), (3, 900), (0, 1_200)):
        legal = hand.legal_actions()
        assert (legal.seat, legal.min_raise_to) == (seat, minimum)
        assert Action.raise_to(minimum - 1) not in legal
        hand.act(seat, Action.raise_to(minimum))
    assert hand.legal_actions().min_raise_to == 1_500
    assert [(a.seat, a.to) for a in acted(hand)[-4:]] == [(1, 300), (2, 600), (3, 900), (0, 1_200)]
    run_out(hand)
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-35
@pytest.mark.rule("ITA-35", "ITA-33")
@pytest.mark.parametrize(
    ("name", "call", "min_raise", "pots"),
    [
        # ITA-35: anyone entering puts in the big blind, a raise goes to at least 200
        ("italian", 100, 200, (Pot(360, (0, 1, 2)), Pot(160, (0, 2)))),
        # POK-8-7 (and TDA): the all-in may be called for 20, a raise adds one big blind
        ("pokcomm", 20, 120, (Pot(360, (0, 1, 2)),)),
        ("tda", 20, 120, (Pot(360, (0, 1, 2)),)),
    ],
)
def test_after_an_all_in_of_20_postflop_entering_costs_the_big_blind_and_raising_200(
    name: str, call: int, min_raise: int, pots: tuple[Pot, ...]
) -> None:
    """ITA-35: "se il grande buio ... è 100 e un giocatore va all-in dopo il flop per 20, un
    rilancio deve essere almeno di un totale di 200"; ITA-33: "qualunque altro giocatore entri
    nel piatto è tenuto a mettere la somma richiesta dal grande buio"."""
    hand = make_hand(PRESETS[name](), {0: 1_000, 1: 120, 2: 1_000}, button=0)
    limp_to_flop(hand, "0: call, 1: call, 2: check")
    play(hand, "1: all-in")
    assert last_acted(hand) == Acted(1, BET, 20, 20, True)
    legal = hand.legal_actions()
    assert (legal.seat, legal.check, legal.call, legal.min_raise_to) == (2, False, call, min_raise)
    assert Action.raise_to(min_raise - 1) not in legal and Action.raise_to(min_raise) in legal
    play(hand, "2: call, 0: call")
    assert gathered(hand, Street.FLOP) == pots
    run_out(hand)
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-36
@pytest.mark.rule("ITA-36")
@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (Action.call(), Acted(2, CALL, 300, 300)),
        (Action.raise_to(700), Acted(2, RAISE, 700, 700)),
        (Action.raise_to(600), Acted(2, RAISE, 600, 600)),
        (Action.fold(), Acted(2, FOLD, 0, 0)),
        (Action.all_in(), Acted(2, RAISE, 900, 900, True)),
    ],
)
def test_a_declared_action_is_taken_as_declared(action: Action, expected: Acted) -> None:
    """ITA-36: "Se c'è una discrepanza fra la dichiarazione verbale di un giocatore e
    l'importo messo nel piatto, la puntata sarà corretta in base alla dichiarazione verbale":
    a declared action moves exactly the chips it declares (never read by the 50 % rule)."""
    hand = _facing_a_flop_bet_of_300()
    hand.act(2, action)
    assert last_acted(hand) == expected
    assert hand.stacks[2] == 900 - expected.put
    run_out(hand)
    assert_conserved(hand)


# ----------------------------------------------------------------- ITA-37, ITA-38
def _river_bet_and_call(holes: dict[int, str]) -> Hand:
    hand = make_hand(ita(), [1_000] * 3, button=0, holes=holes, board="2c7d9hJs4d")
    play(hand, "0: call, 1: call, 2: check")
    play(hand, "1: check, 2: check, 0: check")
    play(hand, "1: check, 2: check, 0: check")
    play(hand, "1: bet 200, 2: call, 0: fold")
    assert hand.to_act == 1 and hand.legal_actions().show
    return hand


@pytest.mark.rule("ITA-37")
def test_to_win_a_player_must_show_both_cards() -> None:
    """ITA-37: "Per aggiudicarsi il piatto ... il giocatore deve mostrare entrambe le sue
    carte": the best hand, not shown, does not win."""
    hand = _river_bet_and_call({1: "3c5d", 2: "AsAh"})
    play(hand, "1: show")
    assert hand.events[-1] == Shown(1, parse_cards("3c5d"))
    assert hand.spectator_view().seats[1].cards == parse_cards("3c5d")
    legal = hand.legal_actions()
    assert (legal.seat, legal.show, legal.muck) == (2, True, True)
    play(hand, "2: muck")
    assert awards(hand) == [
        Awarded(0, 700, ((1, 700),), describe(evaluate(parse_cards("3c5d2c7d9hJs4d"))))
    ]
    assert hand.stacks == {0: 900, 1: 1_400, 2: 700}
    assert_conserved(hand)


@pytest.mark.rule("ITA-37")
def test_the_winner_tables_both_hole_cards_for_everyone() -> None:
    hand = _river_bet_and_call({1: "3c5d", 2: "AsAh"})
    play(hand, "1: show, 2: show")
    assert [e for e in hand.events if isinstance(e, Shown)] == [
        Shown(1, parse_cards("3c5d")),
        Shown(2, parse_cards("AsAh")),
    ]
    for viewer in (0, 1, None):
        view = hand.spectator_view() if viewer is None else hand.view(viewer)
        assert view.seats[2].cards == parse_cards("AsAh")
    assert awards(hand)[0].shares == ((2, 700),)
    assert hand.stacks == {0: 900, 1: 700, 2: 1_400}
    assert_conserved(hand)


@pytest.mark.rule("ITA-38")
def test_losing_hands_are_killed_before_the_pot_is_awarded() -> None:
    """ITA-38: "Tutte le mani perdenti vengono eliminate dal dealer prima dell'assegnazione
    del piatto": every show or muck comes before the award, a mucked hand is dead and
    unseen, and only the winner is paid."""
    hand = make_hand(
        ita(), [1_000] * 3, button=0, holes={0: "KsKh", 1: "AsAh", 2: "QsQh"}, board="2c7d9hJs4d"
    )
    play(hand, "0: call, 1: call, 2: check")
    for _ in range(3):
        play(hand, "1: check, 2: check, 0: check")
    play(hand, "1: show, 2: muck, 0: show")
    kinds = [type(e).__name__ for e in hand.events if isinstance(e, Shown | Mucked | Awarded)]
    assert kinds == ["Shown", "Mucked", "Shown", "Awarded"]
    assert hand.has_mucked(2) and hand.spectator_view().seats[2].cards is None
    assert hand.view(0).seats[2].cards is None
    assert awards(hand) == [
        Awarded(0, 300, ((1, 300),), describe(evaluate(parse_cards("AsAh2c7d9hJs4d"))))
    ]
    assert hand.stacks == {0: 900, 1: 1_200, 2: 900}
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-40
BOARD = "2c5d9h3sTd"


@pytest.mark.rule("ITA-40")
def test_three_players_one_all_in_short_makes_a_side_pot_he_cannot_win() -> None:
    """ITA-40: "il dealer dovrà creare un piatto secondario composto dalle chips puntate dai
    due giocatori (non all in) in eccedenza ... Il giocatore in all in non potrà ovviamente
    partecipare all'assegnazione del piatto secondario"."""
    hand = make_hand(
        ita(),
        {0: 1_000, 1: 1_000, 2: 400},
        button=0,
        holes={2: "AsAh", 1: "KsKh", 0: "8c6d"},
        board=BOARD,
    )
    limp_to_flop(hand, "0: call, 1: call, 2: check")
    play(hand, "1: bet 500, 2: call, 0: call")
    assert acted(hand)[-2] == Acted(2, CALL, 300, 300, True)
    assert gathered(hand, Street.FLOP) == (Pot(1_200, (0, 1, 2)), Pot(400, (0, 1)))
    play(hand, "1: bet 200, 0: call")
    assert hand.pots == (Pot(1_200, (0, 1, 2)), Pot(800, (0, 1)))
    run_out(hand)
    assert awards(hand) == [
        Awarded(0, 1_200, ((2, 1_200),), "Pair of aces"),
        Awarded(1, 800, ((1, 800),), "Pair of kings"),
    ]
    assert hand.stacks == {0: 200, 1: 1_000, 2: 1_200}
    assert_conserved(hand)


@pytest.mark.rule("ITA-40")
def test_four_players_two_all_ins_for_different_amounts_make_two_side_pots() -> None:
    """ "Se al piatto partecipano almeno quattro giocatori e due di essi vanno all in per
    importi diversi, il dealer dovrà creare due side pot ... Ogni giocatore parteciperà solo al
    piatto in cui sono confluite le sue chips"."""
    hand = make_hand(
        ita(),
        {0: 500, 1: 2_000, 2: 2_000, 3: 200},
        button=0,
        holes={3: "AsAh", 0: "KsKh", 1: "QsQh", 2: "8c6d"},
        board=BOARD,
    )
    play(hand, "3: all-in, 0: all-in, 1: call, 2: call")
    assert gathered(hand, Street.PREFLOP) == (Pot(800, (0, 1, 2, 3)), Pot(900, (0, 1, 2)))
    play(hand, "1: bet 300, 2: call")
    assert gathered(hand, Street.FLOP) == (
        Pot(800, (0, 1, 2, 3)),
        Pot(900, (0, 1, 2)),
        Pot(600, (1, 2)),
    )
    run_out(hand)
    assert [(a.pot, a.amount, a.shares) for a in awards(hand)] == [
        (0, 800, ((3, 800),)),
        (1, 900, ((0, 900),)),
        (2, 600, ((1, 600),)),
    ]
    assert hand.stacks == {0: 900, 1: 1_800, 2: 1_200, 3: 800}
    assert_conserved(hand)


@pytest.mark.rule("ITA-40")
def test_five_players_three_all_in_amounts_make_three_side_pots() -> None:
    """ "... e così via se i giocatori in all in per importi diversi sono tre o più"."""
    hand = make_hand(
        ita(),
        {0: 300, 1: 2_000, 2: 2_000, 3: 100, 4: 200},
        button=0,
        holes={3: "AsAh", 4: "KsKh", 0: "QsQh", 1: "JcJd", 2: "8c6d"},
        board=BOARD,
    )
    play(hand, "3: all-in, 4: all-in, 0: all-in, 1: call, 2: call")
    play(hand, "1: bet 500, 2: call")
    assert gathered(hand, Street.FLOP) == (
        Pot(500, (0, 1, 2, 3, 4)),
        Pot(400, (0, 1, 2, 4)),
        Pot(300, (0, 1, 2)),
        Pot(1_000, (1, 2)),
    )
    run_out(hand)
    assert [(a.pot, a.shares) for a in awards(hand)] == [
        (0, ((3, 500),)),
        (1, ((4, 400),)),
        (2, ((0, 300),)),
        (3, ((1, 1_000),)),
    ]
    assert hand.stacks == {0: 300, 1: 2_200, 2: 1_200, 3: 500, 4: 400}
    assert_conserved(hand)


@pytest.mark.rule("ITA-40")
def test_all_ins_for_the_same_amount_share_one_pot() -> None:
    """One side pot per distinct all-in amount: two all-ins of 300 make no side pot."""
    hand = make_hand(ita(), {0: 300, 1: 2_000, 2: 2_000, 3: 300}, button=0)
    play(hand, "3: all-in, 0: all-in, 1: call, 2: call")
    assert gathered(hand, Street.PREFLOP) == (Pot(1_200, (0, 1, 2, 3)),)
    play(hand, "1: bet 200, 2: call")
    assert gathered(hand, Street.FLOP) == (Pot(1_200, (0, 1, 2, 3)), Pot(400, (1, 2)))
    run_out(hand)
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-41
@pytest.mark.rule("ITA-41")
@pytest.mark.parametrize(
    ("name", "order"),
    [
        ("italian", [0, 1, 2]),  # ITA-41: the main pot first
        ("phh", [0, 1, 2]),
        ("pokcomm", [2, 1, 0]),  # POK-9-7: side pots first
        ("tda", [2, 1, 0]),  # RRP-7
        ("pokerkings", [2, 1, 0]),
        ("casino-fr", [2, 1, 0]),
    ],
)
def test_the_main_pot_is_awarded_before_the_side_pots(name: str, order: list[int]) -> None:
    """ITA-41: "il dealer procederà prima all'assegnazione del piatto principale (main pot) e
    poi di quello secondario (side pot)"."""
    hand = make_hand(
        PRESETS[name](),
        {0: 80, 1: 1_000, 2: 1_000, 3: 60},
        button=0,
        holes={3: "AsAh", 0: "KsKh", 1: "QsQh", 2: "8c6d"},
        board=BOARD,
    )
    play(hand, "3: call, 0: call, 1: call, 2: check")
    assert gathered(hand, Street.PREFLOP) == (
        Pot(240, (0, 1, 2, 3)),
        Pot(60, (0, 1, 2)),
        Pot(40, (1, 2)),
    )
    run_out(hand)
    paid = awards(hand)
    assert [a.pot for a in paid] == order
    assert [a.shares[0][0] for a in paid] == [{0: 3, 1: 0, 2: 1}[p] for p in order]
    if name == "italian":
        assert [(a.pot, a.amount, a.shares) for a in paid] == [
            (0, 240, ((3, 240),)),
            (1, 60, ((0, 60),)),
            (2, 40, ((1, 40),)),
        ]
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-42
@pytest.mark.rule("ITA-42")
def test_after_checks_on_the_last_rounds_the_first_active_player_after_the_button_shows_first() -> (
    None
):
    """ITA-42: "Se ci sono stati due turni di check, il primo giocatore a mostrare le carte
    deve essere il primo attivo dopo il bottone" (the small blind, seat 1, has folded)."""
    hand = make_hand(ita(), [1_000] * 4, button=0)
    play(hand, "3: call, 0: call, 1: fold, 2: check")
    play(hand, "2: check, 3: check, 0: bet 100, 2: call, 3: call")  # a bet, but not on the river
    play(hand, "2: check, 3: check, 0: check")
    play(hand, "2: check, 3: check, 0: check")
    assert hand.phase.value == "showdown"
    legal = hand.legal_actions()
    assert (legal.seat, legal.show, legal.muck) == (2, True, True)
    play(hand, "2: show")
    assert hand.to_act == 3
    play(hand, "3: show, 0: show")
    assert shown_seats(hand) == [2, 3, 0]
    assert_conserved(hand)


@pytest.mark.rule("ITA-42")
def test_with_betting_on_the_river_the_last_bettor_or_raiser_shows_first() -> None:
    """ "Se ci sono puntate nel giro finale l'ultimo giocatore che ha effettuato una scommessa o
    un rilancio è il primo a mostrare le carte"; the others follow clockwise."""
    hand = make_hand(ita(), [2_000] * 4, button=0)
    play(hand, "3: call, 0: call, 1: fold, 2: check")
    for _ in range(2):
        play(hand, "2: check, 3: check, 0: check")
    play(hand, "2: check, 3: bet 200, 0: raise 600, 2: call, 3: call")
    assert hand.to_act == 0
    play(hand, "0: show")
    assert hand.to_act == 2
    play(hand, "2: show, 3: show")
    assert shown_seats(hand) == [0, 2, 3]
    assert_conserved(hand)


@pytest.mark.rule("ITA-42")
def test_when_all_are_all_in_the_first_to_act_after_the_button_shows_first() -> None:
    """ "(o sono tutti all-in) il giocatore che ha agito per primo è il primo a mostrare":
    the preflop aggressor (the button, seat 0) is not the first."""
    hand = make_hand(ita(), [1_000] * 3, button=0)
    play(hand, "0: all-in, 1: call, 2: call")
    assert hand.is_over
    shown = [e for e in hand.events if isinstance(e, Shown)]
    assert [(e.seat, e.auto) for e in shown] == [(1, True), (2, True), (0, True)]
    assert_conserved(hand)


# -------------------------------------------------------------------------- ITA-43
@pytest.mark.rule("ITA-43")
def test_a_folded_hand_is_dead() -> None:
    """ITA-43: "Una mano è dichiarata inattiva ... se un giocatore passa": it never acts
    again, cannot win even with the best cards, and is never shown."""
    hand = make_hand(
        ita(), [1_000] * 3, button=0, holes={0: "AsAh", 1: "7c2d", 2: "8c3d"}, board=BOARD
    )
    play(hand, "0: fold")
    assert hand.is_folded(0)
    refused(hand, 0, Action.call(), OutOfTurnError)
    play(hand, "1: raise 300, 2: call")
    for _ in range(3):
        play(hand, "1: check, 2: check")
    run_out(hand)
    assert 0 not in shown_seats(hand)
    assert all(s != 0 for a in awards(hand) for s, _ in a.shares)
    assert hand.spectator_view().seats[0].cards is None
    assert hand.stacks[0] == 1_000
    assert_conserved(hand)


@pytest.mark.rule("ITA-43")
def test_running_out_of_time_facing_a_bet_kills_the_hand() -> None:
    """ITA-43 (and ITA-28): out of time, "la mano viene considerata passata (fold)"."""
    hand = make_hand(ita(), [1_000] * 4, button=0)
    play(hand, "3: timeout")
    assert last_acted(hand) == Acted(3, FOLD, 0, 0, False, "timeout")
    assert hand.is_folded(3) and hand.to_act == 0
    play(hand, "0: raise 300, 1: fold, 2: timeout")
    assert last_acted(hand) == Acted(2, FOLD, 0, 100, False, "timeout")
    assert hand.is_over and hand.stacks == {0: 1_150, 1: 950, 2: 900, 3: 1_000}
    assert_conserved(hand)


@pytest.mark.rule("ITA-43")
def test_a_player_facing_a_bet_cannot_expose_his_cards() -> None:
    """Exposing one's cards while facing a bet kills the hand at a live table; online the
    cards cannot be exposed during the betting: show is refused and nothing changes."""
    hand = make_hand(ita(), [1_000] * 4, button=0)
    assert refused(hand, 3, Action.show()) == (
        "show is not allowed now: you may fold, call 100, raise to 200 to 1,000,"
        " or go all-in for 1,000"
    )
    assert hand.spectator_view().seats[3].cards is None


@pytest.mark.rule("ITA-4")
@pytest.mark.parametrize(("small", "big"), [(50, 150), (50, 75), (60, 100)])
def test_italian_big_blind_must_be_double_the_small_blind(small: int, big: int) -> None:
    """ITA-4: "grande buio (Big Blind) doppio rispetto al piccolo buio"; casino_fr refuses
    stakes outside CAS-13 the same way."""
    with pytest.raises(ConfigurationError, match="ITA-4"):
        italian(small, big)
    assert italian(small, 2 * small).stakes.big_blind == 2 * small


@pytest.mark.rule("ITA-43")
@pytest.mark.parametrize(
    ("rules", "kind"),
    [
        (
            italian(50, 100),
            ActionKind.FOLD,
        ),  # ITA-28/ITA-43: "la mano viene considerata passata (fold)"
        (tda(50, 100), ActionKind.CHECK),  # TDA R29: not facing a bet, the hand is checked
    ],
    ids=["italian", "tda"],
)
def test_running_out_of_time_when_checking_is_free(rules: Rules, kind: ActionKind) -> None:
    """ITA-43: a hand is dead when the player "va fuori dal limite concesso per scommettere o
    rilanciare"; ITA-28: after the countdown "la mano viene considerata passata (fold)"."""
    hand = make_hand(rules, [1_000] * 3, button=0)
    play(hand, "0: call, 1: call, 2: check")
    assert hand.street == Street.FLOP and hand.legal_actions().check
    play(hand, "1: timeout")
    assert [e for e in hand.events if isinstance(e, Acted)][-1] == Acted(
        1, kind, 0, 0, False, "timeout"
    )
    assert hand.is_folded(1) is (kind is ActionKind.FOLD)
    assert_conserved(hand)


@pytest.mark.rule("ITA-37")
def test_the_last_hand_at_showdown_must_still_be_shown_to_win() -> None:
    """ITA-37: "Per aggiudicarsi il piatto ... il giocatore deve mostrare entrambe le sue carte
    scoprendole sul tavolo": when the others muck, the last hand is tabled to win."""
    hand = make_hand(italian(50, 100), [1_000] * 3, button=0, holes={0: "AsAh"}, board="2c5d9h3sTd")
    play(hand, "0: call, 1: call, 2: check")
    for _ in range(3):
        play(hand, "1: check, 2: check, 0: check")
    play(hand, "1: muck, 2: muck")  # seat 0 is now the last live hand: tabled by the rule
    assert hand.is_over
    assert [e for e in hand.events if isinstance(e, Shown)] == [
        Shown(0, hand.hole_cards(0), auto=True)
    ]
    assert [e for e in hand.events if isinstance(e, Awarded)] == [
        Awarded(0, 300, ((0, 300),), "Pair of aces")
    ]
    assert_conserved(hand)


@pytest.mark.rule("ITA-30", "ITA-22")
@pytest.mark.parametrize(
    ("chips", "kind", "to"),
    [(30, ActionKind.CHECK, 100), (49, ActionKind.CHECK, 100), (50, ActionKind.RAISE, 200)],
)
def test_big_blind_option_chips_under_half_a_raise_are_a_call(
    chips: int, kind: ActionKind, to: int
) -> None:
    """ITA-30 case 3: chips "inferiore al 50% del minimum raise" are a call and the excess is
    returned; the big blind's chips are a bet (ITA-22: "i gettoni messi come grande buio sono
    considerati una puntata"), so in a limped pot his call is a check."""
    hand = make_hand(italian(50, 100), [1_000] * 4, button=0)
    play(hand, "3: call, 0: call, 1: call")
    play(hand, f"2: put {chips}")
    assert [e for e in hand.events if isinstance(e, Acted)][-1] == Acted(2, kind, to - 100, to)
    assert hand.stacks[2] == 1_000 - to
    assert_conserved(hand)
