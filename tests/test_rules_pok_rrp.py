"""Proofs of the one-hand (layer E) clauses of seed 000 (POK@COMM) and seed 004 (RRP).

Every test plays under the ``pokcomm`` preset, the preset of seed 000; the RRP showdown
clauses apply to every preset unless its own seed says otherwise, so they are played under
``pokcomm`` too, and where a clause is a knob on which the seeds differ the test is
parametrized over the presets to show both values. Stakes are 50-100 unless a test says
otherwise; seats are numbered clockwise and the button is seat 0 unless a test says
otherwise (so with three players seat 1 is the small blind, seat 2 the big blind, and seat 0
acts first before the flop and last after it).
"""

from __future__ import annotations

import secrets
from typing import Any, TypeVar

import pytest

from _hands import assert_conserved, make_hand, play, run_out
from croupier.cards import FULL_DECK, Card, Deck, parse_cards
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
    HandStarted,
    HoleDealt,
    Move,
    Mucked,
    Phase,
    Posted,
    Pot,
    SeatSetup,
    Shown,
    Street,
)
from croupier.errors import DeckError, IllegalActionError, OutOfTurnError
from croupier.evaluate import describe, evaluate
from croupier.rules import Rules, casino_fr, italian, phh, pokcomm, tda

E = TypeVar("E")

POK = pokcomm(50, 100)


def rules_of(name: str) -> Rules:
    """A preset at 50-100 (casino-fr in no-limit), by name."""
    build = {
        "pokcomm": lambda: pokcomm(50, 100),
        "tda": lambda: tda(50, 100),
        "italian": lambda: italian(50, 100),
        "casino-fr": lambda: casino_fr("no-limit", 50, 100),
        "phh": lambda: phh("no-limit", 50, 100),
    }
    return build[name]()


def of(hand: Hand, kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in hand.events if isinstance(e, kind)]


def shown_order(hand: Hand) -> list[int]:
    return [e.seat for e in of(hand, Shown)]


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything a refused action must leave as it was."""
    return (
        hand.events,
        hand.stacks,
        hand.bets,
        hand.pots,
        hand.to_act,
        hand.legal_actions(),
        hand.street,
        hand.phase,
    )


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def index_of(hand: Hand, kind: type[Any], **match: Any) -> int:
    """Position in ``hand.events`` of the first event of ``kind`` with these fields."""
    for k, e in enumerate(hand.events):
        if isinstance(e, kind) and all(getattr(e, f) == v for f, v in match.items()):
            return k
    raise AssertionError(f"no {kind.__name__} {match}")


# ---------------------------------------------------------------------------- 2 La donne


@pytest.mark.rule("POK-2-3")
def test_every_shuffle_draws_a_full_deck_from_the_system_csprng(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2-3 "Le mélange des cartes est obligatoire": a Fisher-Yates shuffle of all 52 cards,
    fed by the operating system's cryptographic generator."""
    draws: list[int] = []
    bits: list[int] = []

    class Spy(secrets.SystemRandom):
        # random.Random's Fisher-Yates asks its generator for j below i + 1 at each swap
        # (_randbelow), and SystemRandom answers with bits read from os.urandom (getrandbits)
        def _randbelow(self, n: int) -> int:
            draws.append(n)
            return int(super()._randbelow(n))  # type: ignore[misc]

        def getrandbits(self, k: int) -> int:
            bits.append(k)
            return super().getrandbits(k)

    monkeypatch.setattr(secrets, "SystemRandom", Spy)  # the module croupier.cards draws from
    deck = Deck.shuffled()
    deck.check()
    assert sorted(deck, key=lambda c: c.index) == list(FULL_DECK)
    assert draws == list(range(52, 1, -1))  # one draw per swap, 52 down to 2
    assert len(bits) >= len(draws)  # every draw read the system's generator
    monkeypatch.undo()
    assert len({Deck.shuffled() for _ in range(20)}) == 20  # a new order for every hand


@pytest.mark.rule("POK-2-3")
def test_a_hand_is_never_dealt_from_anything_but_a_full_52_card_deck() -> None:
    seats = [SeatSetup(0, "a", 1_000), SeatSetup(1, "b", 1_000)]
    with pytest.raises(DeckError, match=r"51 cards; missing: As"):
        Hand(rules=POK, seats=seats, button=0, deck=Deck(FULL_DECK[:51]))
    doubled = Deck((FULL_DECK[0], *FULL_DECK[:51]))
    with pytest.raises(DeckError, match=r"duplicated: 2c; missing: As"):
        Hand(rules=POK, seats=seats, button=0, deck=doubled)


# ---------------------------------------------------------------------- 4 Les cartes mortes


@pytest.mark.rule("POK-4-1", "POK-8-2")
def test_a_fold_is_final_the_folded_hand_never_acts_again_and_wins_nothing() -> None:
    """4-1 "Une main est morte sur un mot ou un geste indiquant un abandon": seat 0 folds
    quad aces on the flop; his chips stay in the pot, he is never asked again, and the pot
    goes to the best live hand."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 1_000},
        holes={0: "AsAh", 1: "7c2d", 2: "KdKc"},
        board="AcAd3h4s9c",
    )
    play(hand, "0: call, 1: call, 2: check")
    play(hand, "1: bet 100, 2: call, 0: fold")
    assert hand.is_folded(0)
    assert of(hand, BetsGathered)[-1] == BetsGathered(Street.FLOP, (Pot(500, (1, 2)),))
    with pytest.raises(OutOfTurnError, match="it is seat 1's turn"):
        hand.act(0, Action.call())  # no way back into the hand
    play(hand, "1: check, 2: check")  # turn: seat 0 is skipped
    play(hand, "1: check, 2: check")  # river
    assert hand.to_act == 1  # the showdown asks only the live hands
    with pytest.raises(OutOfTurnError):
        hand.act(0, Action.show())
    play(hand, "1: show, 2: show")
    assert of(hand, Awarded) == [
        Awarded(0, 500, ((2, 500),), describe(evaluate(cards("KdKcAcAd3h4s9c"))))
    ]
    assert hand.stacks == {0: 900, 1: 800, 2: 1_300}
    assert_conserved(hand)


@pytest.mark.rule("POK-4-2")
def test_a_folded_hand_is_never_shown_to_anyone_even_when_the_others_are_tabled() -> None:
    """4-2 "Passer oblige à jeter ses cartes faces cachées": seat 0 folds, the two all-in
    hands are turned up; seat 0's cards stay hidden from every other viewer to the end."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 500, 2: 500},
        holes={0: "AsAh", 1: "KdKc", 2: "QdQc"},
        board="2c7d9hTs3c",
    )
    play(hand, "0: raise 300, 1: all-in, 2: all-in, 0: fold")
    assert hand.is_over
    assert shown_order(hand) == [1, 2]
    assert hand.stacks == {0: 700, 1: 1_300, 2: 0}
    folded = set(cards("AsAh"))
    for viewer in (None, 1, 2):
        view = hand.spectator_view() if viewer is None else hand.view(viewer)
        assert view.seats[0].cards is None and view.seats[0].folded
        assert not folded & view.visible_cards()
        assert [e.cards for e in view.events if isinstance(e, HoleDealt) and e.seat == 0] == [None]
    assert hand.view(0).seats[0].cards == cards("AsAh")  # only their owner saw them
    assert_conserved(hand)


# ---------------------------------------------------------------------------- 7 Les blinds


@pytest.mark.rule("POK-7-3")
def test_live_big_blind_may_raise_when_only_called() -> None:
    """7-3 "la grosse blind a le droit de relancer même s'il a seulement été suivie"."""
    hand = make_hand(POK, {0: 1_000, 1: 1_000, 2: 1_000})
    play(hand, "0: call, 1: call")
    legal = hand.legal_actions()
    assert hand.to_act == 2 and hand.street is Street.PREFLOP
    assert legal.check and legal.call is None
    assert (legal.min_raise_to, legal.max_raise_to) == (200, 1_000)
    play(hand, "2: raise 300")
    legal = hand.legal_actions()
    assert hand.to_act == 0 and legal.call == 200 and legal.min_raise_to == 500
    play(hand, "0: call, 1: call")
    assert of(hand, BetsGathered) == [BetsGathered(Street.PREFLOP, (Pot(900, (0, 1, 2)),))]
    assert hand.street is Street.FLOP
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-7-11")
@pytest.mark.parametrize(("button", "other"), [(1, 0), (0, 1)])
def test_heads_up_the_button_posts_the_small_blind_and_speaks_first_before_the_flop(
    button: int, other: int
) -> None:
    """7-11 "En tête-à-tête ... le donneur mise la petite blind (et parle en premier avant le
    flop) et l'autre joueur mise la grosse blind"."""
    hand = make_hand(POK, {0: 1_000, 1: 1_000}, button=button)
    posted = [(e.seat, e.kind, e.amount) for e in of(hand, Posted)]
    assert posted == [(button, ForcedKind.SMALL_BLIND, 50), (other, ForcedKind.BIG_BLIND, 100)]
    legal = hand.legal_actions()
    assert hand.to_act == button and legal.call == 50 and legal.min_raise_to == 200
    play(hand, f"{button}: call, {other}: check")
    assert hand.street is Street.FLOP and hand.to_act == other  # and last after the flop
    run_out(hand)
    assert_conserved(hand)


# ------------------------------------------------------------- 8 Les actions et les relances


@pytest.mark.rule("POK-8-1")
def test_check_raise_is_allowed() -> None:
    """8-1 "Le check-raise (l'embuscade) est autorisé"."""
    hand = make_hand(POK, {0: 1_000, 1: 1_000, 2: 1_000})
    play(hand, "0: call, 1: call, 2: check")
    play(hand, "1: check, 2: bet 200, 0: call")
    legal = hand.legal_actions()
    assert hand.to_act == 1 and legal.call == 200
    assert (legal.min_raise_to, legal.max_raise_to) == (400, 900)
    assert hand.act(1, Action.raise_to(600)) == Move(ActionKind.RAISE, 600, 600, False)
    assert hand.to_act == 2 and hand.legal_actions().call == 400
    play(hand, "2: call, 0: fold")
    assert of(hand, BetsGathered)[-1] == BetsGathered(Street.FLOP, (Pot(1_700, (1, 2)),))
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-2")
def test_a_declared_call_is_binding_and_cannot_be_turned_into_a_raise() -> None:
    """8-2 "Toute annonce verbale ... de suivi ... vous engage": once the call is made the
    turn has passed; there is no undo and no second declaration."""
    hand = make_hand(POK, {0: 1_000, 1: 1_000, 2: 1_000})
    assert hand.act(0, Action.call()) == Move(ActionKind.CALL, 100, 100, False)
    with pytest.raises(OutOfTurnError) as err:
        hand.act(0, Action.raise_to(300))
    assert str(err.value) == "seat 0 acted out of turn: it is seat 1's turn (POK-8-13)"
    assert of(hand, Acted) == [Acted(0, ActionKind.CALL, 100, 100, False, "")]
    assert hand.bets == {0: 100, 1: 50, 2: 100}
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-2")
def test_a_refused_declaration_changes_nothing_and_says_what_is_legal() -> None:
    hand = make_hand(POK, {0: 1_000, 1: 1_000, 2: 1_000})
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as err:
        hand.act(0, Action.raise_to(150))
    assert str(err.value) == (
        "raise to 150 is below the minimum of 200:"
        " you may fold, call 100, raise to 200 to 1,000, or go all-in for 1,000"
    )
    assert snapshot(hand) == before
    assert hand.act(0, Action.raise_to(200)) == Move(ActionKind.RAISE, 200, 200, False)
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-3")
def test_a_raise_is_one_action_giving_its_total() -> None:
    """8-3 "Une relance doit être faite ... en mettant sur le tapis le montant total en une
    fois ... ou en annonçant clairement le montant total": ``raise_to`` names the total; the
    big blind's 100 counts toward his raise to 800."""
    hand = make_hand(POK, {0: 2_000, 1: 2_000, 2: 2_000})
    assert hand.act(0, Action.raise_to(300)) == Move(ActionKind.RAISE, 300, 300, False)
    play(hand, "1: fold")
    assert hand.act(2, Action.raise_to(800)) == Move(ActionKind.RAISE, 700, 800, False)
    assert of(hand, Acted)[-1] == Acted(2, ActionKind.RAISE, 700, 800, False, "")
    assert hand.bets == {0: 300, 1: 50, 2: 800}
    assert hand.stacks == {0: 1_700, 1: 1_950, 2: 1_200}
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-5")
@pytest.mark.parametrize(("sb", "bb"), [(50, 100), (100, 200)])
def test_every_opening_before_or_after_the_flop_is_at_least_the_current_big_blind(
    sb: int, bb: int
) -> None:
    """8-5 "Toute ouverture avant ou après le flop doit être au moins égale à la grosse blind
    en cours"."""
    hand = make_hand(pokcomm(sb, bb), {0: 10 * bb, 1: 10 * bb, 2: 10 * bb})
    legal = hand.legal_actions()  # before the flop: the big blind is the bet to call
    assert not legal.check and legal.call == bb and legal.min_raise_to == 2 * bb
    play(hand, "0: call, 1: call, 2: check")
    legal = hand.legal_actions()
    assert hand.to_act == 1 and legal.check
    assert (legal.min_raise_to, legal.max_raise_to) == (bb, 9 * bb)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as err:
        hand.act(1, Action.bet(bb - 1))
    assert str(err.value) == (
        f"bet {bb - 1} is below the minimum of {bb}:"
        f" you may fold, check, bet {bb} to {9 * bb:,}, or go all-in for {9 * bb:,}"
    )
    assert snapshot(hand) == before
    assert hand.act(1, Action.bet(bb)) == Move(ActionKind.BET, bb, bb, False)
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-6")
def test_preflop_all_in_under_the_big_blind_others_still_call_the_blind_or_raise_to_two() -> None:
    """8-6 "Si un joueur n'a pas assez pour ouvrir à hauteur de la grosse blind avant le flop,
    il est à tapis mais les autres joueurs sont tenus d'ouvrir du montant minimum égal à la
    grosse blind ... ou de relancer au moins du double de la grosse blind"."""
    hand = make_hand(POK, {0: 1_000, 1: 1_000, 2: 1_000, 3: 60})
    assert hand.act(3, Action.all_in()) == Move(ActionKind.CALL, 60, 60, True)
    legal = hand.legal_actions()
    assert hand.to_act == 0 and not legal.check
    assert (legal.call, legal.min_raise_to) == (100, 200)
    assert Action.raise_to(199) not in legal
    play(hand, "0: call, 1: call")
    legal = hand.legal_actions()
    assert hand.to_act == 2 and legal.check and legal.min_raise_to == 200
    play(hand, "2: check")
    assert of(hand, BetsGathered) == [
        BetsGathered(Street.PREFLOP, (Pot(240, (0, 1, 2, 3)), Pot(120, (0, 1, 2))))
    ]
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-6")
@pytest.mark.parametrize(
    ("name", "call", "min_raise_to", "pots"),
    [
        ("pokcomm", 100, 200, (Pot(240, (0, 1, 2, 3)), Pot(120, (0, 1, 3)))),
        ("tda", 100, 200, (Pot(240, (0, 1, 2, 3)), Pot(120, (0, 1, 3)))),
        ("italian", 100, 200, (Pot(240, (0, 1, 2, 3)), Pot(120, (0, 1, 3)))),
        ("phh", 60, 160, (Pot(240, (0, 1, 2, 3)),)),  # PHH: a short blind is called as posted
    ],
)
def test_a_big_blind_posted_short_is_still_a_full_big_blind_to_call(
    name: str, call: int, min_raise_to: int, pots: tuple[Pot, ...]
) -> None:
    """8-6: the big blind "est considérée comme une mise" even when its poster is all-in
    for 60 of it: the others call 100 or raise to 200."""
    hand = make_hand(rules_of(name), {0: 1_000, 1: 1_000, 2: 60, 3: 1_000})
    assert of(hand, Posted)[-1] == Posted(2, ForcedKind.BIG_BLIND, 60, True)
    legal = hand.legal_actions()
    assert hand.to_act == 3 and (legal.call, legal.min_raise_to) == (call, min_raise_to)
    play(hand, "3: call, 0: call, 1: call")
    assert of(hand, BetsGathered) == [BetsGathered(Street.PREFLOP, pots)]
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-7")
@pytest.mark.parametrize(
    ("name", "call", "min_raise_to", "pots"),
    [
        ("pokcomm", 20, 120, (Pot(360, (0, 1, 2)),)),
        ("tda", 20, 120, (Pot(360, (0, 1, 2)),)),
        ("casino-fr", 20, 120, (Pot(360, (0, 1, 2)),)),
        ("italian", 100, 200, (Pot(360, (0, 1, 2)), Pot(160, (0, 2)))),  # ITA-35
    ],
)
def test_postflop_all_in_bet_under_the_big_blind_may_be_called_or_raised_by_a_big_blind(
    name: str, call: int, min_raise_to: int, pots: tuple[Pot, ...]
) -> None:
    """8-7 "Si un joueur n'a pas assez pour ouvrir à hauteur de la grosse blind après le flop,
    il est à tapis et les autres peuvent le suivre du montant de son tapis ou le relancer au
    moins du montant de la grosse blind": BB 100, all-in bet of 20 -> call 20 or raise to 120
    (ITA-35, the other value: call 100 or raise to 200)."""
    hand = make_hand(rules_of(name), {0: 1_000, 1: 120, 2: 1_000})
    play(hand, "0: call, 1: call, 2: check")
    legal = hand.legal_actions()
    assert hand.to_act == 1 and (legal.min_raise_to, legal.all_in) == (20, 20)
    assert hand.act(1, Action.all_in()) == Move(ActionKind.BET, 20, 20, True)
    legal = hand.legal_actions()
    assert hand.to_act == 2 and (legal.call, legal.min_raise_to) == (call, min_raise_to)
    assert Action.raise_to(min_raise_to) in legal
    assert Action.raise_to(min_raise_to - 1) not in legal
    play(hand, "2: call, 0: call")
    assert of(hand, BetsGathered)[-1] == BetsGathered(Street.FLOP, pots)
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-8")
@pytest.mark.parametrize(
    ("name", "reraise", "next_min"),
    [("pokcomm", 500, 700), ("tda", 500, 700), ("italian", 500, 700), ("casino-fr", 600, 1_200)],
)
def test_a_raise_is_at_least_the_previous_bet_or_raise_and_never_under_the_big_blind(
    name: str, reraise: int, next_min: int
) -> None:
    """8-8 "Toute relance doit au moins être égale au double du montant de la mise ou de la
    relance précédente, et ne jamais être inférieure à la grosse blind": 50-100, the first
    raise goes to 200, after a raise to 300 the re-raise to 500 (ITA-34's example; CAS-27's
    "double the last raise", the other value, asks 600)."""
    hand = make_hand(rules_of(name), {0: 5_000, 1: 5_000, 2: 5_000, 3: 5_000})
    legal = hand.legal_actions()
    assert hand.to_act == 3 and (legal.call, legal.min_raise_to) == (100, 200)
    play(hand, "3: raise 300")
    legal = hand.legal_actions()
    assert hand.to_act == 0 and (legal.call, legal.min_raise_to) == (300, reraise)
    assert Action.raise_to(reraise - 1) not in legal
    play(hand, f"0: raise {reraise}")
    assert hand.legal_actions().min_raise_to == next_min
    play(hand, "1: fold, 2: fold, 3: fold")
    assert hand.rake == (30 if name == "casino-fr" else 0)  # CAS-23: 4 % of the 750 pot
    assert hand.stacks == {0: 5_450 - hand.rake, 1: 4_950, 2: 4_900, 3: 4_700}
    assert_conserved(hand)


@pytest.mark.rule("POK-8-8")
def test_postflop_raises_follow_the_previous_raise_300_600_900_1200() -> None:
    """8-8 after the flop: bet 300, raise to 600, 900, 1,200 (ITA-34's postflop example)."""
    hand = make_hand(POK, {0: 5_000, 1: 5_000, 2: 5_000})
    play(hand, "0: call, 1: call, 2: check")
    assert hand.legal_actions().min_raise_to == 100
    play(hand, "1: bet 300")
    assert hand.legal_actions().min_raise_to == 600
    play(hand, "2: raise 600")
    assert hand.legal_actions().min_raise_to == 900
    play(hand, "0: raise 900")
    legal = hand.legal_actions()
    assert hand.to_act == 1 and (legal.call, legal.min_raise_to) == (600, 1_200)
    with pytest.raises(IllegalActionError) as err:
        hand.act(1, Action.raise_to(1_100))
    assert str(err.value) == (
        "raise to 1,100 is below the minimum of 1,200:"
        " you may fold, call 600, raise to 1,200 to 4,900, or go all-in for 4,900"
    )
    play(hand, "1: raise 1200, 2: fold, 0: fold")
    assert of(hand, BetReturned) == [BetReturned(1, 300)]
    assert hand.stacks == {0: 4_000, 1: 6_700, 2: 4_300}
    assert_conserved(hand)


@pytest.mark.rule("POK-8-8", "POK-8-12")
def test_a_short_all_in_raise_is_allowed_and_reopens_only_for_players_yet_to_act() -> None:
    """8-8 "(sauf en cas de tapis)": facing a raise to 300 (min re-raise 500) the small blind
    may still go all-in for 450. 8-12: "les joueurs ayant déjà misé ne peuvent pas
    sur-relancer. Les joueurs placés après et n'ayant pas encore misé peuvent sur-relancer
    (toujours au minimum du montant ... de la mise ou relance d'origine)"."""
    hand = make_hand(POK, {0: 5_000, 1: 450, 2: 5_000, 3: 5_000})
    play(hand, "3: raise 300, 0: fold")
    legal = hand.legal_actions()
    assert hand.to_act == 1 and legal.call == 250
    assert (legal.min_raise_to, legal.max_raise_to, legal.all_in) == (450, 450, 450)
    assert hand.act(1, Action.raise_to(450)) == Move(ActionKind.RAISE, 400, 450, True)
    legal = hand.legal_actions()  # the big blind has not acted yet: he may raise
    assert hand.to_act == 2 and (legal.call, legal.min_raise_to) == (350, 650)
    play(hand, "2: call")
    legal = hand.legal_actions()  # the first raiser faces only 150 more: no re-raise
    assert hand.to_act == 3 and legal.call == 150 and not legal.can_raise
    with pytest.raises(IllegalActionError) as err:
        hand.act(3, Action.raise_to(650))
    assert str(err.value) == (
        "raise to 650 is not allowed (the betting was not reopened: the all-in was less than"
        " a full raise): you may fold, or call 150"
    )
    play(hand, "3: call")
    assert of(hand, BetsGathered) == [BetsGathered(Street.PREFLOP, (Pot(1_350, (1, 2, 3)),))]
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-12")
def test_after_a_short_all_in_bet_those_who_bet_may_only_call_the_others_may_raise() -> None:
    """8-12 after the flop: seat 1 bets 100, seat 2 goes all-in for 150 (short); seats 3 and 0
    have not acted and may raise to 250 (150 + the original bet); seat 1 may only call."""
    hand = make_hand(POK, {0: 1_000, 1: 1_000, 2: 250, 3: 1_000})
    play(hand, "3: call, 0: call, 1: call, 2: check")
    play(hand, "1: bet 100, 2: all-in")
    for seat in (3, 0):
        legal = hand.legal_actions()
        assert hand.to_act == seat and (legal.call, legal.min_raise_to) == (150, 250)
        play(hand, f"{seat}: call")
    legal = hand.legal_actions()
    assert hand.to_act == 1 and legal.call == 50 and not legal.can_raise
    assert (
        legal.why_no_raise == "the betting was not reopened: the all-in was less than a full raise"
    )
    assert Action.raise_to(250) not in legal and Action.all_in() not in legal
    play(hand, "1: call")
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-12")
@pytest.mark.parametrize(("second_all_in", "reopened"), [(200, True), (199, False)])
def test_several_short_all_ins_that_double_the_bet_together_reopen_the_betting(
    second_all_in: int, reopened: bool
) -> None:
    """8-12 "... [le joueur dont la] mise ou la relance initiale a finalement été doublée par le
    cumul de plusieurs petits tapis peut à nouveau sur-relancer": seat 1 bets 100, all-ins of
    150 and 200 double it (seat 1 may raise again, to 300); 150 and 199 do not."""
    hand = make_hand(POK, {0: 1_000, 1: 1_000, 2: 250, 3: 100 + second_all_in})
    play(hand, "3: call, 0: call, 1: call, 2: check")
    play(hand, "1: bet 100, 2: all-in, 3: all-in")
    assert hand.bets == {0: 0, 1: 100, 2: 150, 3: second_all_in}
    play(hand, "0: call")
    legal = hand.legal_actions()
    assert hand.to_act == 1 and legal.call == second_all_in - 100
    assert legal.can_raise is reopened
    if reopened:
        assert (legal.min_raise_to, legal.max_raise_to) == (300, 900)
        off = hand.rules.but(cumulative_reopen=False)  # the knob's other value: no reopening
        again = make_hand(off, {0: 1_000, 1: 1_000, 2: 250, 3: 300})
        play(again, "3: call, 0: call, 1: call, 2: check, 1: bet 100, 2: all-in, 3: all-in")
        play(again, "0: call")
        assert not again.legal_actions().can_raise
        run_out(again)
        assert_conserved(again)
    play(hand, "1: call")
    gathered = of(hand, BetsGathered)[-1]
    assert gathered.street is Street.FLOP
    assert gathered.pots[0] == Pot(1_000, (0, 1, 2, 3))
    run_out(hand)
    assert_conserved(hand)


@pytest.mark.rule("POK-8-13")
def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    """8-13 "Tout joueur agissant hors de son tour" (digital: refused, state unchanged)."""
    hand = make_hand(POK, {0: 1_000, 1: 1_000, 2: 1_000})
    before = snapshot(hand)
    for seat, action in ((2, Action.check()), (1, Action.call()), (1, Action.fold())):
        with pytest.raises(OutOfTurnError) as err:
            hand.act(seat, action)
        assert str(err.value) == f"seat {seat} acted out of turn: it is seat 0's turn (POK-8-13)"
        assert snapshot(hand) == before
    play(hand, "0: fold, 1: fold")
    with pytest.raises(OutOfTurnError, match="seat 2 cannot act: the hand is over"):
        hand.act(2, Action.check())
    assert hand.stacks == {0: 1_000, 1: 950, 2: 1_050}
    assert_conserved(hand)


@pytest.mark.rule("POK-8-14")
def test_no_string_bet_only_the_first_declared_amount_counts() -> None:
    """8-14 "annoncée ... en une seule fois et non pas en plusieurs étapes ... auquel cas seule
    la première étape de la mise sera considérée": a raise is one action with one amount; a
    second step by the same player is refused and the first amount stands."""
    hand = make_hand(POK, {0: 2_000, 1: 2_000, 2: 2_000})
    hand.act(0, Action.raise_to(300))
    before = snapshot(hand)
    with pytest.raises(OutOfTurnError, match="it is seat 1's turn"):
        hand.act(0, Action.raise_to(600))
    assert snapshot(hand) == before
    assert hand.bets[0] == 300
    assert of(hand, Acted) == [Acted(0, ActionKind.RAISE, 300, 300, False, "")]
    run_out(hand)
    assert_conserved(hand)


# ---------------------------------------------------------------------------- 9 L'abattage


def _river_with_raises(name: str) -> Hand:
    """Three players check to the river; there seat 1 bets 100, seat 2 raises to 300, seat 0
    raises to 600 and both others call. Seat 0 holds the best hand."""
    hand = make_hand(
        rules_of(name),
        {0: 5_000, 1: 5_000, 2: 5_000},
        holes={0: "AsAh", 1: "KsKh", 2: "QsQh"},
        board="2c7d9hTs3c",
    )
    play(hand, "0: call, 1: call, 2: check")
    play(hand, "1: check, 2: check, 0: check")
    play(hand, "1: check, 2: check, 0: check")
    play(hand, "1: bet 100, 2: raise 300, 0: raise 600, 1: call, 2: call")
    return hand


@pytest.mark.rule("POK-9-1", "RRP-8")
@pytest.mark.parametrize(
    ("name", "order"),
    [
        ("pokcomm", [0, 1, 2]),
        ("tda", [0, 1, 2]),
        ("italian", [0, 1, 2]),
        ("casino-fr", [2, 0, 1]),  # CAS-21: the first to raise on the river (not the bettor)
    ],
)
def test_the_last_raiser_of_the_last_round_shows_first_then_clockwise(
    name: str, order: list[int]
) -> None:
    """9-1 "C'est au dernier relanceur du dernier tour de mise ... d'exposer d'abord son jeu,
    puis ceux qui prétendent le battre dans le sens des aiguilles d'une montre"; RRP 3.6.8
    "le dernier joueur à avoir fait une action agressive ... est le premier à montrer"."""
    hand = _river_with_raises(name)
    legal = hand.legal_actions()
    assert hand.to_act == order[0] and legal.show
    asked: list[int] = []
    while (seat := hand.to_act) is not None:
        asked.append(seat)
        hand.act(seat, Action.show())
    assert asked == order and shown_order(hand) == order
    assert [a.shares[0][0] for a in of(hand, Awarded)] == [0]
    assert hand.stacks[0] == 5_000 - 700 + 2_100 - hand.rake
    assert_conserved(hand)


@pytest.mark.rule("POK-9-1", "RRP-8")
def test_with_no_bet_on_the_river_the_first_to_speak_shows_first() -> None:
    """9-1 "(ou au premier de parole s'il n'y a pas de mise au dernier tour)"; RRP 3.6.8 "Si tous
    les joueurs check ... le joueur ayant agi le premier dévoilera son jeu en premier": the
    small blind folded, so the big blind (seat 2) speaks first and shows first."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 1_000, 3: 1_000},
        holes={0: "AsAh", 2: "KsKh", 3: "QsQh"},
        board="2c7d9hTs3c",
    )
    play(hand, "3: raise 300, 0: call, 1: fold, 2: call")
    for _ in range(3):
        play(hand, "2: check, 3: check, 0: check")
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 2
    play(hand, "2: show, 3: show, 0: show")
    assert shown_order(hand) == [2, 3, 0]
    assert hand.stacks == {0: 1_650, 1: 950, 2: 700, 3: 700}
    assert_conserved(hand)


@pytest.mark.rule("RRP-8")
def test_when_all_in_on_the_last_round_the_first_to_speak_shows_first() -> None:
    """RRP 3.6.8 "Si tous les joueurs check (ou sont all-in) sur la dernière ronde d'enchères,
    le joueur ayant agi le premier dévoilera son jeu en premier": seat 2 moved all-in on the
    flop; no betting is left, and seat 1, first to speak, is tabled first."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 500},
        holes={1: "KsKh", 2: "QsQh"},
        board="2c7d9hTs3c",
    )
    play(hand, "0: call, 1: call, 2: check")
    play(hand, "1: check, 2: all-in, 0: fold, 1: call")
    assert shown_order(hand) == [1, 2]
    assert hand.stacks == {0: 900, 1: 1_600, 2: 0}
    assert_conserved(hand)


@pytest.mark.rule("POK-9-3")
def test_the_winning_hand_is_shown_whole_to_everyone_at_the_table() -> None:
    """9-3 "Le jeu montré par le vainqueur à l'abattage doit l'être entièrement (les deux
    cartes) et à tous les joueurs présents": both cards, to every seat (the folded one too)
    and to spectators."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 1_000},
        holes={1: "7c2d", 2: "KdKc"},
        board="AcAd3h4s9c",
    )
    play(hand, "0: fold, 1: call, 2: check")
    for _ in range(3):
        play(hand, "1: check, 2: check")
    play(hand, "1: show, 2: show")
    assert of(hand, Shown)[-1] == Shown(2, cards("KdKc"), False)
    assert of(hand, Awarded)[0].shares == ((2, 200),)
    for view in (hand.spectator_view(), hand.view(0), hand.view(1), hand.view(2)):
        assert view.seats[2].cards == cards("KdKc") and view.seats[2].shown
        assert set(cards("KdKc")) <= view.visible_cards()
    assert_conserved(hand)


@pytest.mark.rule("POK-9-5")
def test_all_hands_are_turned_up_as_soon_as_one_player_at_most_has_chips() -> None:
    """9-5 "Quand il n'y a plus qu'un seul joueur en jeu possédant des jetons avant la fin du
    coup : toutes les cartes des joueurs encore en jeu sont révélées": not while two players
    with chips can still bet, and at once, before the turn, when the second one folds."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 300},
        holes={0: "AsAh", 1: "KsKh", 2: "QsQh"},
        board="2c7d9hTs3c",
    )
    play(hand, "0: call, 1: call, 2: all-in, 0: call, 1: call")
    assert hand.is_all_in(2) and hand.street is Street.FLOP
    assert of(hand, Shown) == []  # seats 0 and 1 can still bet
    assert not set(cards("QsQh")) & hand.view(0).visible_cards()
    play(hand, "1: bet 200, 0: fold")
    assert of(hand, Shown) == [Shown(1, cards("KsKh"), True), Shown(2, cards("QsQh"), True)]
    assert index_of(hand, Shown, seat=2) < index_of(hand, BoardDealt, street=Street.TURN)
    for view in (hand.spectator_view(), hand.view(1), hand.view(2)):
        assert set(cards("KsKhQsQh")) <= view.visible_cards()
        assert not set(cards("AsAh")) & view.visible_cards()
    assert hand.stacks == {0: 700, 1: 1_600, 2: 0}
    assert_conserved(hand)


@pytest.mark.rule("POK-9-5")
def test_heads_up_all_in_and_call_before_the_flop_tables_both_hands_before_the_flop() -> None:
    hand = make_hand(
        POK, {0: 1_000, 1: 1_000}, button=1, holes={0: "AsAh", 1: "KsKh"}, board="2c7d9hTs3c"
    )
    play(hand, "1: all-in, 0: call")
    assert shown_order(hand) == [0, 1]
    assert all(e.auto for e in of(hand, Shown))
    assert index_of(hand, Shown, seat=1) < index_of(hand, BoardDealt, street=Street.FLOP)
    assert hand.stacks == {0: 2_000, 1: 0}
    assert_conserved(hand)


def _three_way_split(name: str) -> Hand:
    """Blinds 20-40, four players; the small blind folds and the other three split a pot of
    140 (a royal flush on the board): 46 each and 2 odd chips."""
    rules = {"pokcomm": pokcomm, "italian": italian, "tda": tda}[name](20, 40)
    hand = make_hand(
        rules,
        {0: 1_000, 1: 1_000, 2: 1_000, 3: 1_000},
        holes={0: "2c3d", 2: "4c5d", 3: "6c7d"},
        board="AsKsQsJsTs",
    )
    play(hand, "3: call, 0: call, 1: fold, 2: check")
    for _ in range(3):
        play(hand, "2: check, 3: check, 0: check")
    play(hand, "2: show, 3: show, 0: show")
    return hand


@pytest.mark.rule("POK-9-6")
@pytest.mark.parametrize(
    ("name", "shares"),
    [
        ("pokcomm", ((2, 47), (3, 47), (0, 46))),
        ("italian", ((2, 47), (3, 47), (0, 46))),  # ITA-13: the same rule
        ("tda", ((2, 48), (3, 46), (0, 46))),  # TDA R20-A: all to the first left of the button
    ],
)
def test_odd_chips_go_one_each_to_the_first_winners_left_of_the_button(
    name: str, shares: tuple[tuple[int, int], ...]
) -> None:
    """9-6 "En cas de partage, les jetons indivisibles sont donnés aux premiers joueurs à
    gauche du donneur": two odd chips go to seats 2 and 3; the button (seat 0) is last."""
    hand = _three_way_split(name)
    (award,) = of(hand, Awarded)
    assert award.amount == 140 and award.shares == shares
    assert hand.stacks == {seat: 960 + share for seat, share in shares} | {1: 980}
    assert_conserved(hand)


@pytest.mark.rule("POK-9-7", "RRP-7")
@pytest.mark.parametrize(
    ("name", "side_pots_first"),
    [("pokcomm", True), ("tda", True), ("italian", False), ("phh", False)],
)
def test_side_pots_are_awarded_one_by_one_before_the_main_pot(
    name: str, side_pots_first: bool
) -> None:
    """9-7 "Les pots multiples sont partagés un par un ... en commençant par les pots
    extérieurs"; RRP 3.6.7 "le croupier attribue d'abord le pot auquel participe le moins de
    joueurs, puis le suivant ... jusqu'au pot principal" (ITA-41, the other value: main pot
    first). Three pots, each won by a different player."""
    hand = make_hand(
        rules_of(name),
        {0: 200, 1: 500, 2: 1_000, 3: 1_000},
        holes={0: "AsAh", 1: "KsKh", 2: "QsQh", 3: "JdJh"},
        board="2c7d9hTs3c",
    )
    play(hand, "3: all-in, 0: call, 1: call, 2: call")
    assert hand.is_over
    awards = of(hand, Awarded)
    expected = [
        Awarded(2, 1_000, ((2, 1_000),), describe(evaluate(cards("QsQh2c7d9hTs3c")))),
        Awarded(1, 900, ((1, 900),), describe(evaluate(cards("KsKh2c7d9hTs3c")))),
        Awarded(0, 800, ((0, 800),), describe(evaluate(cards("AsAh2c7d9hTs3c")))),
    ]
    assert awards == (expected if side_pots_first else expected[::-1])
    pots = of(hand, BetsGathered)[-1].pots
    assert pots == (Pot(800, (0, 1, 2, 3)), Pot(900, (1, 2, 3)), Pot(1_000, (2, 3)))
    players = [len(pots[a.pot].eligible) for a in awards]
    assert players == ([2, 3, 4] if side_pots_first else [4, 3, 2])  # fewest players first
    assert hand.stacks == {0: 800, 1: 900, 2: 1_000, 3: 0}
    assert_conserved(hand)


@pytest.mark.rule("POK-9-10", "RRP-2")
def test_a_tabled_winning_hand_cannot_be_killed_and_is_read_by_the_cards() -> None:
    """9-10 "Une main gagnante étalée ne peut être accidentellement tuée ... le vainqueur se
    verra remettre ses gains"; RRP 3.6.2 "Les cartes parlent d'elles-mêmes": seat 1 tables
    7-2 without a word, the board makes it a straight; once tabled it can no longer be
    mucked, and it beats three kings."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 1_000},
        holes={1: "7h2c", 2: "KcKs"},
        board="3d4s5h6cKd",
    )
    play(hand, "0: fold, 1: call, 2: check")
    play(hand, "1: check, 2: check")
    play(hand, "1: check, 2: check")
    play(hand, "1: bet 200, 2: call")
    play(hand, "1: show")
    assert hand.to_act == 2
    before = snapshot(hand)
    with pytest.raises(OutOfTurnError, match="it is seat 2's turn"):
        hand.act(1, Action.muck())
    assert snapshot(hand) == before
    play(hand, "2: muck")
    straight = describe(evaluate(cards("7h2c3d4s5h6cKd")))
    assert of(hand, Awarded) == [Awarded(0, 600, ((1, 600),), straight)]
    assert hand.has_shown(1) and not hand.has_mucked(1)
    assert hand.stacks == {0: 1_000, 1: 1_300, 2: 700}
    assert_conserved(hand)


@pytest.mark.rule("RRP-2")
def test_cards_speak_the_best_five_of_seven_wins_whoever_shows_first() -> None:
    """RRP 3.6.2: the hands are read by the engine, no claim is ever asked or needed."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 1_000},
        holes={1: "7h2c", 2: "KcKs"},
        board="3d4s5h6cKd",
    )
    play(hand, "0: fold, 1: call, 2: check")
    play(hand, "1: check, 2: check")
    play(hand, "1: check, 2: check")
    play(hand, "1: check, 2: bet 100, 1: call")
    play(hand, "2: show, 1: show")
    (award,) = of(hand, Awarded)
    assert award.shares == ((1, 400),)
    assert award.hand == describe(evaluate(cards("7h2c3d4s5h6cKd")))
    assert evaluate(cards("7h2c3d4s5h6cKd")) > evaluate(cards("KcKs3d4s5h6cKd"))
    assert hand.stacks == {0: 1_000, 1: 1_200, 2: 800}
    assert_conserved(hand)


@pytest.mark.rule("POK-12-3")
def test_no_rabbit_hunting_undealt_cards_never_reach_any_view() -> None:
    """12-3 "Si un coup se termine avant la fin, il est interdit de regarder les cartes qui
    seraient arrivées au tableau": the hand ends on the flop; the turn and river cards (and
    the burn cards) are in no view, no event, nowhere but the engine's deck."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 1_000},
        holes={0: "AsAh", 1: "KsKh", 2: "QsQh"},
        board="2c7d9hTs3c",
    )
    play(hand, "0: call, 1: call, 2: check, 1: bet 100, 2: fold, 0: fold")
    assert hand.is_over and hand.board == cards("2c7d9h")
    assert [e.street for e in of(hand, BoardDealt)] == [Street.FLOP]
    (started,) = of(hand, HandStarted)
    undealt = set(started.deck[6:])  # 6 hole cards dealt; then burn, flop, burn, turn ...
    undealt -= set(cards("2c7d9h"))
    assert Card("Ts") in undealt and Card("3c") in undealt and len(undealt) == 43
    for view in (hand.spectator_view(), hand.view(0), hand.view(1), hand.view(2)):
        assert not undealt & view.visible_cards()
        assert [e.deck for e in view.events if isinstance(e, HandStarted)] == [()]
    assert hand.stacks == {0: 900, 1: 1_200, 2: 900}
    assert_conserved(hand)


@pytest.mark.rule("RRP-1", "RRP-8")
def test_to_win_any_part_of_a_pot_a_player_shows_all_his_cards() -> None:
    """RRP 3.6.1 "Pour prétendre gagner toute portion d'un pot, un joueur [doit] retourner ...
    toutes ses cartes": the board plays for all three, but seat 2 mucks and the pot is split
    between the two who tabled both cards. RRP 3.6.8: a player may muck rather than contest."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 1_000},
        holes={0: "2c3d", 1: "4c5d", 2: "6c7d"},
        board="AsKsQsJsTs",
    )
    play(hand, "0: call, 1: call, 2: check")
    play(hand, "1: check, 2: check, 0: check")
    play(hand, "1: check, 2: check, 0: check")
    play(hand, "1: bet 100, 2: call, 0: call")
    play(hand, "1: show")
    assert hand.to_act == 2 and hand.legal_actions().muck
    play(hand, "2: muck, 0: show")
    assert [(e.seat, len(e.cards)) for e in of(hand, Shown)] == [(1, 2), (0, 2)]
    (award,) = of(hand, Awarded)
    assert award.shares == ((1, 300), (0, 300))
    assert hand.stacks == {0: 1_100, 1: 1_100, 2: 800}
    assert_conserved(hand)


@pytest.mark.rule("RRP-4", "RRP-1")
def test_a_mucked_hand_is_dead_before_the_pot_is_awarded_even_the_best_one() -> None:
    """RRP 3.6.4 "Le croupier doit éliminer toutes les mains perdantes avant d'attribuer le
    pot": seat 2 mucks the best hand; it is dead, never shown, and the pot goes to the best
    tabled hand (seat 1's kings over seat 0's queens)."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 1_000},
        holes={0: "QsQh", 1: "KsKh", 2: "AsAh"},
        board="2c7d9hTs3c",
    )
    play(hand, "0: call, 1: call, 2: check")
    for _ in range(2):
        play(hand, "1: check, 2: check, 0: check")
    play(hand, "1: bet 100, 2: call, 0: call")
    play(hand, "1: show, 2: muck")
    with pytest.raises(OutOfTurnError):
        hand.act(2, Action.show())  # no way back for a mucked hand
    play(hand, "0: show")
    assert hand.has_mucked(2) and of(hand, Mucked) == [Mucked(2)]
    assert index_of(hand, Mucked, seat=2) < index_of(hand, Awarded, pot=0)
    assert of(hand, Awarded)[0].shares == ((1, 600),)
    for view in (hand.spectator_view(), hand.view(0), hand.view(1)):
        assert view.seats[2].cards is None and view.seats[2].mucked
        assert not set(cards("AsAh")) & view.visible_cards()
    assert hand.stacks == {0: 800, 1: 1_400, 2: 800}
    assert_conserved(hand)


@pytest.mark.rule("RRP-8")
@pytest.mark.parametrize(
    ("name", "may_muck"),
    [
        ("pokcomm", True),
        ("italian", True),
        ("tda", False),  # TDA R18-B: the called hand is shown
        ("casino-fr", False),  # CAS-21: the croupier has the first raiser show
    ],
)
def test_the_first_to_show_may_muck_rather_than_contest_the_pot(name: str, may_muck: bool) -> None:
    """RRP 3.6.8 "Un joueur peut opter de jeter sa main une fois les enchères terminées, plutôt
    que de rivaliser pour le pot" - the last aggressor included; the hand left is then
    tabled to win (RRP-1, ITA-37, POK-9-1 "tous les joueurs prétendant gagner ... doivent
    montrer")."""
    hand = make_hand(
        rules_of(name),
        {0: 1_000, 1: 1_000, 2: 1_000},
        holes={1: "KsKh", 2: "QsQh"},
        board="2c7d9hTs3c",
    )
    play(hand, "0: fold, 1: call, 2: check")
    play(hand, "1: check, 2: check")
    play(hand, "1: check, 2: check")
    play(hand, "1: bet 100, 2: call")
    legal = hand.legal_actions()
    assert hand.to_act == 1 and legal.show and legal.muck is may_muck
    if may_muck:
        play(hand, "1: muck")
        assert hand.is_over and of(hand, Shown) == [Shown(2, cards("QsQh"), True)]
        assert [(a.pot, a.amount, a.shares) for a in of(hand, Awarded)] == [(0, 400, ((2, 400),))]
        assert hand.stacks == {0: 1_000, 1: 800, 2: 1_200}
    else:
        before = snapshot(hand)
        with pytest.raises(IllegalActionError) as err:
            hand.act(1, Action.muck())
        assert str(err.value) == "muck is not allowed now: you may show"
        assert snapshot(hand) == before
        play(hand, "1: show, 2: muck")
        assert of(hand, Awarded)[0].shares == ((1, 400 - hand.rake),)
    assert_conserved(hand)


@pytest.mark.rule("POK-9-5", "POK-9-1")
def test_with_two_players_holding_chips_at_the_end_the_showdown_follows_9_1_not_9_5() -> None:
    """9-5 turns every hand up only "Quand il n'y a plus qu'un seul joueur en jeu possédant des
    jetons avant la fin du coup". Seat 2 is all-in before the flop, but seats 0 and 1 still
    have chips when the river betting ends, so 9-1 decides: the last raiser (seat 1) shows
    first, then those who claim to beat him, clockwise; seat 0 may muck (RRP-8)."""
    hand = make_hand(
        POK,
        {0: 1_000, 1: 1_000, 2: 300},
        holes={0: "QdQc", 1: "KsKh", 2: "AsAh"},
        board="2c7d9hTs3c",
    )
    play(hand, "0: call, 1: call, 2: all-in, 0: call, 1: call")
    play(hand, "1: check, 0: check")
    play(hand, "1: check, 0: check")
    play(hand, "1: bet 200, 0: call")
    assert [e for e in hand.events if isinstance(e, Shown)] == []
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 1
    play(hand, "1: show")
    assert hand.to_act == 2
    play(hand, "2: show")
    assert hand.to_act == 0 and hand.legal_actions().muck
    play(hand, "0: muck")
    assert [e.seat for e in hand.events if isinstance(e, Shown)] == [1, 2]
    assert not set(parse_cards("QdQc")) & hand.spectator_view().visible_cards()
    awards = [(a.pot, a.shares) for a in hand.events if isinstance(a, Awarded)]
    assert awards == [(1, ((1, 400),)), (0, ((2, 900),))]
    assert hand.stacks == {0: 500, 1: 900, 2: 900}
    assert_conserved(hand)


@pytest.mark.rule("POK-9-1", "RRP-8")
def test_with_no_river_bet_the_first_to_speak_on_the_river_shows_first_not_the_all_in() -> None:
    """pokcomm: seat 1 went all-in on the turn; seats 2 and 0 checked the river. Two players
    still hold chips, so the hands are not tabled (POK-9-5); the first to speak on the river
    ("au premier de parole"), seat 2, shows first, then clockwise: 0, then the all-in 1."""
    hand = make_hand(
        pokcomm(25, 50),
        {0: 5_000, 1: 500, 2: 5_000},
        button=0,
        holes={0: "KsKd", 1: "QsQd", 2: "JsJd"},
        board="2c7d9hTs3c",
    )
    play(hand, "0: call, 1: call, 2: check")  # preflop
    play(hand, "1: check, 2: check, 0: check")  # flop
    play(hand, "1: all-in, 2: call, 0: call")  # turn
    play(hand, "2: check, 0: check")  # river
    assert hand.phase.value == "showdown"
    assert hand.to_act == 2
    play(hand, "2: show, 0: show, 1: muck")
    assert hand.is_over
    assert [e.seat for e in hand.events if isinstance(e, Shown)] == [2, 0]
    assert_conserved(hand)
