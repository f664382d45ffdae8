"""The table layer (layer T): the button and the blinds from hand to hand, who is dealt in.

Unit tests per clause of layer T, the first-button draw, and ITA-19 (every player pays the
blinds each orbit) as a property of random tournaments with busts. The long hand-by-hand
runs are in ``test_table_scenarios.py``; both use the driver defined here: ``play`` deals
the table's next hand and plays it passively (fold to a bet, check otherwise), except that
the players of ``bust`` go all-in with a losing hand against the covering player's AsAh.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import pytest

from _hands import assert_conserved, rigged_deck
from croupier.cards import Card, Deck
from croupier.engine import (
    Acted,
    Action,
    BetReturned,
    ForcedKind,
    Hand,
    HandStarted,
    HoleDealt,
    Posted,
    next_seat,
)
from croupier.errors import ConfigurationError
from croupier.rules import (
    FirstButton,
    Rules,
    Stakes,
    casino_fr,
    italian,
    pokcomm,
    pokerkings,
    tda,
)
from croupier.table import (
    Eliminated,
    HandPlan,
    HandSettled,
    Missed,
    Table,
    Waiting,
    draw_button,
)

SB, BB = ForcedKind.SMALL_BLIND, ForcedKind.BIG_BLIND
ANTE, LIVE, DEAD = ForcedKind.ANTE, ForcedKind.LIVE_BLIND, ForcedKind.DEAD_BLIND

# ------------------------------------------------------------------------------------ driver

LOSING_HOLES = ("7c2d", "8c3d", "9c4d", "Tc5d", "6d3c")
BOARD = "KsQhJd6c2h"
"""No straight or flush on this board, and every losing hole above loses to AsAh."""


@dataclass
class Bank:
    """Chips brought to the table, taken away and raked: what the stacks must add up to."""

    chips_in: int = 0
    chips_out: int = 0
    rake: int = 0

    def check(self, table: Table) -> None:
        on_table = sum(ts.stack for ts in table)
        assert on_table + self.rake + self.chips_out == self.chips_in, (
            on_table,
            self.rake,
            self.chips_out,
            self.chips_in,
        )


def seated(rules: Rules, stacks: Mapping[int, int], *, seed: int, size: int | None = None) -> Table:
    """A table with ``p<seat>`` seated at each seat of ``stacks``; the rng is seeded."""
    table = Table(rules, seats=size, rng=random.Random(seed))
    for seat, stack in stacks.items():
        table.sit(f"p{seat}", stack, seat=seat)
    return table


def table_at(
    rules: Rules, seats: Iterable[int], button: int, *, stack: int = 10_000, size: int | None = None
) -> Table:
    """A table whose (seeded, recorded) draw gives the first button to ``button``."""
    chosen = list(seats)
    for seed in range(500):
        table = seated(rules, dict.fromkeys(chosen, stack), seed=seed, size=size)
        if table.draw_for_button().button == button:
            return table
    raise AssertionError(f"no seed draws seat {button}")  # pragma: no cover


def drive(hand: Hand, fighters: set[int]) -> None:
    """Play a hand: fighters bet everything they can, the others check or fold; all show."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if legal.show:
            action = Action.show()
        elif seat in fighters:
            if legal.all_in is not None:
                action = Action.all_in()
            elif legal.max_raise_to is not None:
                action = Action.raise_to(legal.max_raise_to)
            elif legal.call is not None:
                action = Action.call()
            else:
                action = Action.check()
        elif legal.check:
            action = Action.check()
        else:
            action = Action.fold()
        hand.act(seat, action)


def bust_deck(table: Table, plan: HandPlan, bust: Mapping[int, int]) -> Deck:
    """A deck in which every victim of ``bust`` (victim -> killer) loses to the killer's AsAh."""
    (killer,) = set(bust.values())
    holes = {killer: "AsAh"}
    holes.update(zip(sorted(bust), LOSING_HOLES, strict=False))
    return rigged_deck(
        table.next_rules(), list(plan.seats), plan.positions.button, holes, BOARD, plan.forced
    )


def play(
    table: Table, bust: Mapping[int, int] | None = None, bank: Bank | None = None
) -> tuple[HandPlan, Hand, HandSettled]:
    """Deal and play the next hand; exactly the victims of ``bust`` lose their last chip."""
    bust = dict(bust or {})
    plan = table.plan()
    hand = table.start_hand(deck=bust_deck(table, plan, bust) if bust else None)
    assert hand.seats == plan.seats
    drive(hand, set(bust) | set(bust.values()))
    assert_conserved(hand)
    settled = table.finish_hand()
    assert {e.seat for e in settled.eliminated} == set(bust), settled.eliminated
    starting = {s.seat: s.stack for s in plan.seats}
    assert all(e.starting_stack == starting[e.seat] for e in settled.eliminated)
    if bank is not None:
        bank.rake += hand.rake
        bank.check(table)
    return plan, hand, settled


def marker(table: Table, seat: int) -> Missed:
    """What a seat shows: "ML", "MS" or nothing (PKG-21, PKG-22)."""
    return table.seats[seat].missed


def blinds(plan: HandPlan) -> tuple[int, int | None, int]:
    p = plan.positions
    return p.button, p.small_blind, p.big_blind


def dealt(plan: HandPlan) -> list[int]:
    return [s.seat for s in plan.seats]


def forced(plan: HandPlan) -> list[tuple[int, ForcedKind, int]]:
    return sorted((f.seat, f.kind, f.amount) for f in plan.forced)


def posted(hand: Hand) -> list[tuple[int, ForcedKind, int]]:
    return sorted((e.seat, e.kind, e.amount) for e in hand.events if isinstance(e, Posted))


# ------------------------------------------------------------------------ the first button


@pytest.mark.rule("POK-2-2")
def test_pok_2_2_first_button_is_the_lowest_card_of_a_recorded_draw() -> None:
    table = seated(pokcomm(), dict.fromkeys([1, 2, 3, 5, 6, 8, 9], 5_000), seed=2)
    draw = table.draw_for_button()
    assert draw.rule is FirstButton.LOWEST_CARD
    # one card to each seated player in seat order; two threes: the club is the lower
    assert [(s, str(c)) for s, c in draw.cards] == [
        (1, "5s"), (2, "9d"), (3, "4d"), (5, "7d"), (6, "3c"), (8, "3h"), (9, "As"),
    ]  # fmt: skip
    assert draw.button == 6
    plan = table.plan()
    assert table.draw is draw  # the draw is recorded and the first hand uses it
    assert blinds(plan) == (6, 8, 9)


@pytest.mark.rule("POK-2-2")
def test_pok_2_2_lowest_card_on_other_seeds() -> None:
    seats = [1, 2, 3, 5, 6, 8, 9]
    for seed in range(40):
        draw = draw_button(FirstButton.LOWEST_CARD, seats, random.Random(seed))
        assert [s for s, _ in draw.cards] == seats
        assert len({c for _, c in draw.cards}) == len(seats)
        low = min(draw.cards, key=lambda sc: (sc[1].rank, sc[1].suit))
        assert draw.button == low[0]


@pytest.mark.rule("CAS-12")
def test_cas_12_first_button_is_the_highest_club_dealt_from_the_left() -> None:
    table = seated(casino_fr(), dict.fromkeys([1, 2, 3, 5, 6, 7, 9], 20_000), seed=1)
    draw = table.draw_for_button()
    assert draw.rule is FirstButton.HIGHEST_CLUB
    # the croupier deals one club each, face up, from his left (seat 1 first)
    assert [(s, str(c)) for s, c in draw.cards] == [
        (1, "Tc"), (2, "Ac"), (3, "2c"), (5, "Kc"), (6, "7c"), (7, "5c"), (9, "8c"),
    ]  # fmt: skip
    assert draw.button == 2
    assert blinds(table.plan()) == (2, 3, 5)
    for seed in range(40):
        draw = draw_button(FirstButton.HIGHEST_CLUB, list(range(1, 11)), random.Random(seed))
        assert all(c.suit == 0 for _, c in draw.cards)  # clubs only
        assert draw.button == max(draw.cards, key=lambda sc: sc[1].rank)[0]


@pytest.mark.rule("ITA-3")
@pytest.mark.parametrize("rules", [italian(), pokerkings(), tda()], ids=lambda r: r.name)
def test_highest_card_with_suit_tie_break_for_the_other_presets(rules: Rules) -> None:
    table = seated(rules, dict.fromkeys([1, 2, 4, 5, 7, 8, 9], 5_000), seed=6)
    draw = table.draw_for_button()
    assert draw.rule is FirstButton.HIGHEST_CARD
    assert [(s, str(c)) for s, c in draw.cards] == [
        (1, "8s"), (2, "Qs"), (4, "3c"), (5, "Js"), (7, "Jh"), (8, "Qc"), (9, "7h"),
    ]  # fmt: skip
    assert draw.button == 2  # two queens: spades beat clubs
    assert table.plan().positions.button == 2


def test_the_draw_is_reproducible_with_a_seeded_rng_only() -> None:
    seats = list(range(1, 11))
    a = draw_button(FirstButton.HIGHEST_CARD, seats, random.Random(9))
    b = draw_button(FirstButton.HIGHEST_CARD, seats, random.Random(9))
    assert a == b
    with pytest.raises(ConfigurationError):
        draw_button(FirstButton.HIGHEST_CARD, [4], random.Random(1))


@pytest.mark.rule("ITA-3")
def test_ita_3_drawn_button_then_moves_clockwise_one_player_each_hand() -> None:
    table = seated(italian(), dict.fromkeys([1, 2, 4, 5, 7, 8, 9], 5_000), seed=6)
    buttons = [play(table)[0].positions.button for _ in range(8)]
    assert buttons == [2, 4, 5, 7, 8, 9, 1, 2]


# ------------------------------------------------------------------------- start, seats


@pytest.mark.rule("CAS-4")
def test_cas_4_no_hand_with_fewer_than_two_ready_players() -> None:
    table = seated(casino_fr(), {3: 20_000}, seed=1)
    assert not table.can_start()
    with pytest.raises(ConfigurationError):
        table.start_hand()  # not even a draw for the button with one player
    table.sit("p7", 20_000, seat=7)
    assert table.can_start()
    play(table)
    table.sit_out("p7")  # a cash player stepping away is not ready
    assert not table.can_start()
    with pytest.raises(ConfigurationError, match="CAS-4"):
        table.start_hand()
    table.sit_in("p7")
    assert table.can_start()  # the game goes on while two play
    play(table)
    table.leave("p3")
    assert not table.can_start()


@pytest.mark.rule("CAS-4")
def test_cas_4_a_player_without_chips_is_not_ready() -> None:
    table = table_at(casino_fr(), [1, 2], 1, stack=20_000)
    play(table, bust={2: 1})  # heads-up: the button (small blind) busts the big blind
    assert table.seats[2].stack == 0
    assert table.seats[2].sitting_out  # a cash player without chips sits out
    assert not table.can_start()
    with pytest.raises(ConfigurationError):
        table.start_hand()


@pytest.mark.rule("CAS-5")
def test_cas_5_at_most_ten_seats_one_hand_per_seated_player() -> None:
    rules = casino_fr()
    assert rules.max_players == 10
    with pytest.raises(ConfigurationError, match="CAS-5"):
        Table(rules, seats=11)
    table = Table(rules, rng=random.Random(1))
    assert table.size == 10
    for seat in range(1, 11):
        table.sit(f"p{seat}", 20_000, seat=seat)
    with pytest.raises(ConfigurationError, match="full"):
        table.sit("p11", 20_000)
    table.leave("p10")
    with pytest.raises(ConfigurationError, match="already seated"):
        table.sit("p1", 20_000)  # one seat, one hand per player
    with pytest.raises(ConfigurationError, match="taken"):
        table.sit("p11", 20_000, seat=4)
    with pytest.raises(ConfigurationError, match="not a seat"):
        table.sit("p11", 20_000, seat=11)
    plan, hand, _ = play(table)
    assert dealt(plan) == list(range(1, 10))  # only seated players get a hand
    assert len({e.seat for e in hand.events if isinstance(e, HoleDealt)}) == 9


# ---------------------------------------------------------------------------- the shuffle


def deck_of(hand: Hand) -> tuple[Card, ...]:
    started = hand.events[0]
    assert isinstance(started, HandStarted)
    return started.deck


@pytest.mark.rule("POK-7-5")
def test_pok_7_5_every_hand_starts_with_a_fresh_secure_shuffle() -> None:
    random.seed(1)  # the global generator plays no part
    first = Table(tda(), rng=None)
    second = Table(tda(), rng=None)
    for table in (first, second):
        for seat in (1, 2, 3):
            table.sit(f"p{seat}", 10_000, seat=seat)
    decks = []
    for _ in range(3):
        for table in (first, second):
            random.seed(1)
            _, hand, _ = play(table)
            Deck(deck_of(hand)).check()  # 52 distinct cards
            decks.append(deck_of(hand))
    assert len(set(decks)) == len(decks)


@pytest.mark.rule("POK-7-5")
def test_pok_7_5_an_injected_rng_or_deck_makes_hands_reproducible() -> None:
    def decks(seed: int) -> list[tuple[Card, ...]]:
        table = seated(tda(), {1: 10_000, 2: 10_000, 3: 10_000}, seed=seed)
        return [deck_of(play(table)[1]) for _ in range(4)]

    assert decks(5) == decks(5)
    assert decks(5) != decks(6)
    table = seated(tda(), {1: 10_000, 2: 10_000}, seed=5)
    injected = Deck.shuffled(random.Random(77))
    hand = table.start_hand(deck=injected)
    assert deck_of(hand) == tuple(injected)


@pytest.mark.rule("POK-7-5")
def test_pok_7_5_the_hand_starts_at_the_shuffle_so_new_stakes_apply_until_then() -> None:
    table = table_at(tda(50, 100), [1, 2, 3], 1)
    table.set_stakes(Stakes(100, 200))
    plan = table.plan()  # planning is not starting: the new level applies
    assert forced(plan) == [(2, SB, 100), (3, BB, 200)]
    hand = table.start_hand()
    table.set_stakes(Stakes(200, 400))  # too late for the hand being played
    drive(hand, set())
    assert posted(hand) == [(2, SB, 100), (3, BB, 200)]
    table.finish_hand()
    assert forced(table.plan()) == [(1, BB, 400), (3, SB, 200)]


# ----------------------------------------------------------------------- absent players


def killed_before_betting(hand: Hand, seats: set[int]) -> bool:
    acted = [e for e in hand.events if isinstance(e, Acted)]
    head = acted[: len(seats)]
    return {e.seat for e in head} == seats and all(e.reason == "absent" for e in head)


@pytest.mark.rule("POK-2-10", "POK-3-2")
def test_pok_2_10_an_absent_tournament_player_is_dealt_in_blinded_and_killed() -> None:
    table = table_at(pokcomm(50, 100), [1, 2, 3, 4], 1)
    play(table)  # hand 1: button 1, blinds 2 and 3
    table.sit_out("p4")  # away from the table: he will be the big blind
    plan, hand, _ = play(table)
    assert blinds(plan) == (2, 3, 4)
    assert dealt(plan) == [1, 2, 3, 4]  # dealt in
    assert [s.absent for s in plan.seats] == [False, False, False, True]
    assert not plan.waiting
    assert posted(hand) == [(3, SB, 50), (4, BB, 100)]  # his blind is taken
    assert any(e.seat == 4 for e in hand.events if isinstance(e, HoleDealt))
    assert killed_before_betting(hand, {4})  # his hand is killed before the first round
    # His blind stays in the pot (POK-3-2, TDA R30): while a player still in has chips
    # behind, nothing of it comes back; only what no player still in can win (every one
    # of them all-in for less) would.
    covered = any(hand.stacks[s.seat] for s in hand.seats if not hand.is_folded(s.seat))
    assert covered and hand.stacks[4] == 10_000 - 100
    assert not any(isinstance(e, BetReturned) and e.seat == 4 for e in hand.events)
    table.sit_in("p4")
    plan, hand, _ = play(table)
    assert not any(s.absent for s in plan.seats)
    assert not any(isinstance(e, Acted) and e.reason == "absent" for e in hand.events)


@pytest.mark.rule("POK-2-10", "POK-3-2")
def test_pok_2_10_absent_players_pay_their_antes_too() -> None:
    table = table_at(italian(50, 100, ante=10), [1, 2, 3, 4, 5], 1)
    table.sit_out("p5")
    table.sit_out("p2")
    plan, hand, _ = play(table)
    assert blinds(plan) == (1, 2, 3)
    assert {s.seat for s in plan.seats if s.absent} == {2, 5}
    assert posted(hand) == [
        (1, ANTE, 10), (2, ANTE, 10), (2, SB, 50), (3, ANTE, 10), (3, BB, 100),
        (4, ANTE, 10), (5, ANTE, 10),
    ]  # fmt: skip
    assert killed_before_betting(hand, {2, 5})
    assert hand.stacks[5] == 10_000 - 10 and hand.stacks[2] == 10_000 - 60


@pytest.mark.rule("POK-2-10", "PKG-21", "PKG-22")
@pytest.mark.parametrize("rules", [pokerkings(2, 4), casino_fr()], ids=lambda r: r.name)
def test_in_cash_games_a_player_sitting_out_is_not_dealt_in_and_owes_missed_blinds(
    rules: Rules,
) -> None:
    table = table_at(rules, [1, 2, 3, 4, 5], 1)
    play(table)  # hand 1: button 1, blinds 2 and 3
    table.sit_out("p4")  # he would be the big blind of hand 2
    plan, hand, _ = play(table)
    assert dealt(plan) == [1, 2, 3, 5]
    assert dict(plan.waiting) == {4: Waiting.SITTING_OUT}
    assert dict(plan.missed) == {4: Missed.BIG}
    assert hand.stacks.get(4) is None
    assert marker(table, 4) is Missed.BIG


# --------------------------------------------------------------------------- dead button


@pytest.mark.rule("POK-7-6")
def test_pok_7_6_big_blind_busts_the_next_hand_has_no_small_blind() -> None:
    table = table_at(pokcomm(50, 100), [1, 2, 3, 4, 5, 6], 1)
    assert blinds(play(table, bust={3: 1})[0]) == (1, 2, 3)  # the big blind busts
    # the big blind advances one player (to 4); the small blind is due from seat 3, now
    # empty: no small blind; the button goes to seat 2 (the last small blind)
    plan, hand, _ = play(table)
    assert blinds(plan) == (2, None, 4)
    assert plan.positions.small_blind_seat == 3
    assert forced(plan) == [(4, BB, 100)]
    assert posted(hand) == [(4, BB, 100)]
    # then seat 4 posts the small blind, 5 the big blind, and the button is on seat 3
    # where nobody sits: a dead button
    plan, hand, _ = play(table)
    assert blinds(plan) == (3, 4, 5)
    assert 3 not in dealt(plan) and hand.button_seat == 3
    plan, _, _ = play(table)
    assert blinds(plan) == (4, 5, 6)


@pytest.mark.rule("POK-7-6")
def test_pok_7_6_small_blind_busts_the_button_is_dead_next_hand() -> None:
    table = table_at(pokcomm(50, 100), [1, 2, 3, 4, 5, 6], 1)
    play(table, bust={2: 1})  # hand 1: the small blind (seat 2) busts
    plan, _, _ = play(table)
    # the big blind advances to 4, the last big blind posts the small blind, and the
    # button goes where the last small blind sat: seat 2, empty
    assert blinds(plan) == (2, 3, 4) and dealt(plan) == [1, 3, 4, 5, 6]
    plan, _, _ = play(table)
    assert blinds(plan) == (3, 4, 5)


@pytest.mark.rule("POK-7-6")
def test_pok_7_6_two_players_bust_the_big_blind_still_advances_one_player() -> None:
    table = table_at(tda(50, 100), [1, 2, 3, 4, 5, 6, 7], 1)
    play(table, bust={3: 6, 4: 6})  # hand 1 (button 1, blinds 2, 3): seats 3 and 4 bust
    plan, _, _ = play(table)
    assert blinds(plan) == (2, None, 5)  # no seat skipped by the big blind: 4 is gone
    plan, _, _ = play(table)
    assert blinds(plan) == (3, 5, 6)  # dead button on seat 3


@pytest.mark.rule("POK-7-12")
@pytest.mark.parametrize(
    ("victim", "expected"),
    [
        # hand 1: button 1, small blind 2, big blind 3; the big blind advances to the
        # next player still in, the other player has the button and posts the small blind
        (1, (3, 3, 2)),
        (2, (3, 3, 1)),
        (3, (2, 2, 1)),  # seat 2 posts the small blind twice running
    ],
    ids=["button-busts", "small-blind-busts", "big-blind-busts"],
)
def test_pok_7_12_going_heads_up_the_big_blind_advances(
    victim: int, expected: tuple[int, int, int]
) -> None:
    table = table_at(pokcomm(50, 100), [1, 2, 3], 1, stack=10_000)
    killer = 3 if victim != 3 else 1
    play(table, bust={victim: killer})
    plan, hand, _ = play(table)
    assert blinds(plan) == expected
    button, _, big = expected
    assert forced(plan) == sorted([(button, SB, 50), (big, BB, 100)])
    assert hand.button_seat == button
    plan, _, _ = play(table)
    assert blinds(plan) == (big, big, button)  # then they alternate


@pytest.mark.rule("POK-7-12")
def test_pok_7_12_the_same_player_may_keep_the_button_twice() -> None:
    table = table_at(pokcomm(50, 100), [1, 2, 3, 4], 1)
    play(table, bust={2: 4, 3: 4})  # hand 1: button 1, blinds 2 and 3 both bust
    plan, _, _ = play(table)
    # big blind: the first player after seat 3, seat 4; the other player (1) is the
    # button again
    assert blinds(plan) == (1, 1, 4)


# ------------------------------------------------------------------------ Italian button


@pytest.mark.rule("ITA-20")
def test_ita_20_small_blind_eliminated_the_button_stays_one_hand() -> None:
    table = table_at(italian(50, 100), [1, 2, 3, 4, 5, 6], 1)
    play(table, bust={2: 6})  # hand 1: button 1, small blind 2 (eliminated), big blind 3
    plan, _, _ = play(table)
    assert blinds(plan) == (1, 3, 4)  # button stays on 1: both blinds posted
    assert forced(plan) == [(3, SB, 50), (4, BB, 100)]
    assert [blinds(play(table)[0]) for _ in range(2)] == [(3, 4, 5), (4, 5, 6)]


@pytest.mark.rule("ITA-21")
def test_ita_21_big_blind_eliminated_no_small_blind_then_the_button_stays() -> None:
    table = table_at(italian(50, 100), [1, 2, 3, 4, 5, 6], 1)
    play(table, bust={3: 6})  # hand 1: button 1, blinds 2 and 3; the big blind is out
    plan, hand, _ = play(table)
    assert blinds(plan) == (2, None, 4)  # the button moves, no small blind
    assert forced(plan) == [(4, BB, 100)] and posted(hand) == [(4, BB, 100)]
    plan, _, _ = play(table)
    assert blinds(plan) == (2, 4, 5)  # the button stays so both blinds are posted
    plan, _, _ = play(table)
    assert blinds(plan) == (4, 5, 6)  # and moves again


@pytest.mark.rule("ITA-19", "ITA-21", "ITA-23")
def test_italian_going_heads_up_after_the_big_blind_busts_three_handed() -> None:
    """Three-handed, button 1, blinds 2 and 3; the big blind (3) busts. Heads-up ITA-23
    has both blinds posted every hand, so ITA-21's hold (kept for a hand without a small
    blind) has nothing to do: the big blind advances to 1, 2 has the button and the small
    blind, then they alternate. Nobody posts a blind three times running, nobody the big
    blind twice (ITA-19: each pays every blind each round)."""
    table = table_at(italian(50, 100), [1, 2, 3], 1)
    play(table, bust={3: 1})  # hand 1: button 1, blinds 2 and 3; the big blind is out
    sequence = [blinds(play(table)[0]) for _ in range(4)]
    assert sequence == [(2, 2, 1), (1, 1, 2), (2, 2, 1), (1, 1, 2)]


@pytest.mark.rule("ITA-19", "ITA-20", "ITA-23")
def test_italian_going_heads_up_after_the_small_blind_busts_three_handed() -> None:
    """Three-handed, button 1, blinds 2 and 3; the small blind (2) busts. The big blind
    advances to 1, so 3, big blind last hand, has the button and the small blind: not the
    big blind twice running, as ITA-20's hold would give him."""
    table = table_at(italian(50, 100), [1, 2, 3], 1)
    play(table, bust={2: 1})
    sequence = [blinds(play(table)[0]) for _ in range(3)]
    assert sequence == [(3, 3, 1), (1, 1, 3), (3, 3, 1)]


@pytest.mark.rule("ITA-24")
def test_ita_24_a_player_entering_in_the_small_blind_is_not_dealt_in() -> None:
    table = table_at(italian(50, 100), [1, 2, 4, 5, 6], 1)
    play(table)  # hand 1: button 1, blinds 2 and 4
    table.sit("new", 10_000, seat=3)  # between the button and the big blind of hand 2
    plan = table.plan()
    assert blinds(plan) == (2, 4, 5)
    assert dict(plan.waiting) == {3: Waiting.BUTTON}
    assert 3 not in dealt(plan)


@pytest.mark.rule("ITA-24")
@pytest.mark.parametrize("rules", [italian(50, 100), pokcomm(50, 100)], ids=lambda r: r.name)
def test_ita_24_a_tournament_player_entering_elsewhere_is_dealt_in_at_once(rules: Rules) -> None:
    table = table_at(rules, [1, 2, 3, 5, 6, 8], 1, size=9)
    play(table)  # hand 1: button 1, blinds 2 and 3
    table.sit("bb", 10_000, seat=4)  # in the seat of the next big blind
    table.sit("late", 10_000, seat=7)  # after the big blind
    plan = table.plan()
    assert blinds(plan) == (2, 3, 4)
    assert dealt(plan) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert not plan.waiting
    assert forced(plan) == [(3, SB, 50), (4, BB, 100)]  # nothing owed in a tournament


# ----------------------------------------------------------------- moving button (PKG)


@pytest.mark.rule("PKG-17")
def test_pkg_17_the_last_small_blind_gets_the_button_after_paying_every_blind() -> None:
    table = table_at(pokerkings(2, 4), [1, 2, 4, 5, 7, 8], 2)
    plans = [play(table)[0] for _ in range(7)]
    assert [blinds(p) for p in plans] == [
        (2, 4, 5), (4, 5, 7), (5, 7, 8), (7, 8, 1), (8, 1, 2), (1, 2, 4), (2, 4, 5),
    ]  # fmt: skip
    for before, after in itertools.pairwise(plans):
        assert after.positions.button == before.positions.small_blind
    # so each player posts the big blind, the small blind, then has the button
    for k in range(len(plans) - 2):
        seat = plans[k].positions.big_blind
        assert plans[k + 1].positions.small_blind == seat
        assert plans[k + 2].positions.button == seat


@pytest.mark.rule("PKG-18")
def test_pkg_18_new_player_posts_a_live_big_blind_or_waits_for_it() -> None:
    table = table_at(pokerkings(2, 4), [1, 2, 3, 4, 5], 1, size=8)
    play(table)  # hand 1: button 1, blinds 2 and 3
    table.sit("poster", 200, seat=7, post=True)
    table.sit("waiter", 200, seat=8)
    plan = table.plan()
    assert blinds(plan) == (2, 3, 4)
    assert dealt(plan) == [1, 2, 3, 4, 5, 7]
    assert dict(plan.waiting) == {8: Waiting.BIG_BLIND}
    assert forced(plan) == [(3, SB, 1), (4, BB, 2), (7, LIVE, 2)]
    hand = table.start_hand()
    hand.act(5, Action.call())
    legal = hand.legal_actions()
    assert hand.to_act == 7 and legal.check and legal.call is None  # his blind is live
    drive(hand, set())
    table.finish_hand()
    # the waiting player comes in when the big blind reaches him
    expected = [(3, 4, 5), (4, 5, 7), (5, 7, 8)]
    for number, positions in enumerate(expected, start=3):
        plan, _, _ = play(table)
        assert blinds(plan) == positions, number
        assert (8 in dealt(plan)) == (number == 5)
    assert forced(plan) == [(7, SB, 1), (8, BB, 2)]


@pytest.mark.rule("PKG-19")
@pytest.mark.parametrize("post", [False, True])
def test_pkg_19_new_player_in_the_big_blind_seat_is_the_big_blind(post: bool) -> None:
    table = table_at(pokerkings(2, 4), [1, 2, 3, 5, 6], 1)
    play(table)  # hand 1: button 1, blinds 2 and 3
    table.sit("new", 200, seat=4, post=post)
    plan = table.plan()
    assert blinds(plan) == (2, 3, 4)
    assert 4 in dealt(plan)
    assert forced(plan) == [(3, SB, 1), (4, BB, 2)]  # the big blind, nothing more


@pytest.mark.rule("PKG-20")
@pytest.mark.parametrize("post", [False, True])
def test_pkg_20_new_player_between_the_button_and_the_blinds_waits(post: bool) -> None:
    table = table_at(pokerkings(2, 4), [1, 2, 4, 5, 6], 1)
    play(table)  # hand 1: button 1, blinds 2 and 4
    table.sit("new", 200, seat=3, post=post)
    plan = table.plan()
    assert blinds(plan) == (2, 4, 5)  # seat 3 lies between the button and the blinds
    assert dict(plan.waiting) == {3: Waiting.BUTTON}
    assert forced(plan) == [(4, SB, 1), (5, BB, 2)]


@pytest.mark.rule("PKG-21")
def test_pkg_21_missed_big_blind_next_player_posts_it_and_return_pays_both() -> None:
    table = table_at(pokerkings(2, 4), [1, 2, 3, 4, 5, 6], 1)
    play(table)  # hand 1: button 1, blinds 2 and 3
    table.sit_out("p4")  # due to post the big blind in hand 2
    plan, _, _ = play(table)
    assert blinds(plan) == (2, 3, 5)  # the next active player posts the big blind
    assert dict(plan.missed) == {4: Missed.BIG}
    assert marker(table, 4) is Missed.BIG  # "ML"
    plan, _, _ = play(table)
    assert blinds(plan) == (3, 5, 6)
    assert dict(plan.missed) == {4: Missed.SMALL}  # the small blind passes him too
    assert marker(table, 4) is Missed.BIG  # still "ML": he owes both
    plan, _, _ = play(table)
    assert blinds(plan) == (5, 6, 1)
    table.sit_in("p4", post=True)
    plan = table.plan()
    assert blinds(plan) == (6, 1, 2)
    assert 4 in dealt(plan)
    # the big blind live, the small blind dead into the pot
    assert forced(plan) == [(1, SB, 1), (2, BB, 2), (4, DEAD, 1), (4, LIVE, 2)]
    hand = table.start_hand()
    hand.act(3, Action.call())
    assert hand.to_act == 4 and hand.legal_actions().check
    drive(hand, set())
    assert posted(hand) == [(1, SB, 1), (2, BB, 2), (4, DEAD, 1), (4, LIVE, 2)]
    table.finish_hand()
    assert marker(table, 4) is Missed.NONE


@pytest.mark.rule("PKG-21")
def test_pkg_21_missed_big_blind_may_wait_for_the_big_blind_instead() -> None:
    table = table_at(pokerkings(2, 4), [1, 2, 3, 4, 5, 6], 1)
    play(table)
    table.sit_out("p4")
    for _ in range(3):
        play(table)  # hands 2-4: (2, 3, 5), (3, 5, 6), (5, 6, 1)
    table.sit_in("p4")
    waits = []
    for _ in range(2):
        plan, _, _ = play(table)  # hands 5, 6: (6, 1, 2), (1, 2, 3)
        waits.append(dict(plan.waiting))
    assert waits == [{4: Waiting.BIG_BLIND}] * 2
    plan, _, _ = play(table)
    assert blinds(plan) == (2, 3, 4)
    assert forced(plan) == [(3, SB, 1), (4, BB, 2)]  # in his turn: nothing dead


@pytest.mark.rule("PKG-22")
def test_pkg_22_missed_small_blind_shows_ms_and_is_paid_dead_after_the_button() -> None:
    table = table_at(pokerkings(2, 4), [1, 2, 3, 4, 5, 6], 1)
    play(table)  # hand 1: button 1, blinds 2 and 3
    table.sit_out("p3")  # the big blind leaves: he is due the small blind
    plan, _, _ = play(table)
    # the player due the big blind posts the small blind, the next one the big blind
    assert blinds(plan) == (2, 4, 5)
    assert dict(plan.missed) == {3: Missed.SMALL}
    assert marker(table, 3) is Missed.SMALL  # "MS"
    plan, _, _ = play(table)
    assert blinds(plan) == (4, 5, 6) and not plan.missed
    table.sit_in("p3")  # the button has passed him: he pays the small blind, dead
    plan, _, _ = play(table)
    assert blinds(plan) == (5, 6, 1)
    assert 3 in dealt(plan)
    assert forced(plan) == [(1, BB, 2), (3, DEAD, 1), (6, SB, 1)]
    assert marker(table, 3) is Missed.NONE


@pytest.mark.rule("PKG-21", "PKG-22")
def test_dead_button_cash_game_missed_blinds() -> None:
    table = table_at(casino_fr(), [1, 2, 3, 4, 5, 6], 1, stack=20_000)
    play(table)  # hand 1: button 1, blinds 2 and 3
    table.sit_out("p3")  # the last big blind steps away: the small blind of hand 2 is his
    plan, _, _ = play(table)
    assert blinds(plan) == (2, None, 4)  # dead button rule: no small blind this hand
    assert dict(plan.missed) == {3: Missed.SMALL}
    plan, _, _ = play(table)
    assert blinds(plan) == (3, 4, 5)  # the button on his seat, he is not dealt in
    assert 3 not in dealt(plan)
    table.sit_in("p3")
    plan = table.plan()
    assert blinds(plan) == (4, 5, 6)
    assert forced(plan) == [(3, DEAD, 100), (5, SB, 100), (6, BB, 200)]


# ------------------------------------------------------------------- ITA-19: every orbit


def random_tournament(
    rules: Rules, seed: int, *, allow: Callable[[HandPlan, set[int]], bool] | None = None
) -> list[tuple[HandPlan, HandSettled]]:
    """A tournament to the last player with random busts (and absences) between hands."""
    rng = random.Random(seed)
    seats = sorted(rng.sample(range(1, 11), rng.randint(3, 10)))
    stacks = {s: rng.randint(40, 90) * 100 for s in seats}
    table = seated(rules, stacks, seed=seed)
    total = sum(stacks.values())
    log: list[tuple[HandPlan, HandSettled]] = []
    while table.can_start():
        plan = table.plan()
        present = {s.seat: s.stack for s in plan.seats if not s.absent}
        killer = max(present, key=lambda s: (present[s], s))
        bust: dict[int, int] = {}
        if rng.random() < 0.35:
            victims = [s for s in present if present[s] < present[killer]]
            chosen = set(rng.sample(victims, min(len(victims), rng.choice([1, 1, 1, 2, 3]))))
            if allow is None or allow(plan, chosen):
                bust = dict.fromkeys(chosen, killer)
        plan, _, settled = play(table, bust=bust)
        log.append((plan, settled))
        assert sum(ts.stack for ts in table) == total  # the eliminated leave with nothing
        away = [ts.player for ts in table if ts.absent]
        if away and rng.random() < 0.5:
            table.sit_in(away[0])
        elif not away and rng.random() < 0.15:
            candidates = [ts for ts in table if ts.seat != killer]
            if len(candidates) >= 2:
                table.sit_out(rng.choice(candidates).player)
    assert [ts.stack for ts in table] == [total]
    return log


def big_blind_orbits(log: list[tuple[HandPlan, HandSettled]]) -> Iterable[tuple[int, int, int]]:
    """(player's seat, hand index of a big blind, hand index of his next big blind)."""
    last: dict[int, int] = {}
    for i, (plan, _) in enumerate(log):
        bb = plan.positions.big_blind
        if bb in last:
            yield bb, last[bb], i
        last[bb] = i


def check_orbits(log: list[tuple[HandPlan, HandSettled]]) -> None:
    """Blinds counted per orbit of the big blind: from a player's big blind to his next.

    Every player dealt into every hand of the orbit posts the big blind exactly once in it,
    and posts the small blind once, in the hand right after his own big blind; he posts a
    second small blind only when the table goes heads-up after the big blind busted (the
    remaining players are then the button and the next big blind, POK-7-12).
    """
    for seat, i, j in big_blind_orbits(log):
        window = log[i + 1 : j]
        for other in {s.seat for s in log[i][0].seats}:
            if other == seat or not all(other in dealt(p) for p, _ in log[i : j + 1]):
                continue
            assert [p.positions.big_blind for p, _ in window].count(other) == 1
        smalls = [k for k, (p, _) in enumerate(window) if p.positions.small_blind == seat]
        assert smalls[:1] == [0], (seat, i, j)
        assert len(smalls) <= 2
        for k in smalls[1:]:
            prior, _ = log[i + k]
            now, _ = log[i + 1 + k]
            assert len(now.seats) == 2 < len(prior.seats)
            assert prior.positions.big_blind not in dealt(now)


def check_windows(log: list[tuple[HandPlan, HandSettled]]) -> None:
    """ITA-19 with ITA-51's orbit (as many hands as players): n hands in a row with the same
    n players, nobody out in the hand before: each posts one big blind and one small blind.

    A bust inside the window shortens the orbit: then a player may post two (or three)
    big blinds in n hands, or no small blind; only the orbits of ``check_orbits`` hold.
    """
    for i, (first, _) in enumerate(log):
        n = len(first.seats)
        window = log[i : i + n]
        if len(window) < n or any(s.eliminated for _, s in log[max(i - 1, 0) : i + n - 1]):
            continue
        for seat in dealt(first):
            assert [p.positions.big_blind for p, _ in window].count(seat) == 1
            assert [p.positions.small_blind for p, _ in window].count(seat) == 1


def check_dead_button(log: list[tuple[HandPlan, HandSettled]]) -> None:
    """POK-7-6, POK-7-12 hand by hand: the big blind advances one player, the rest follows."""
    for (before, _), (after, _) in itertools.pairwise(log):
        players, prev, now = dealt(after), before.positions, after.positions
        assert now.big_blind == next_seat(players, prev.big_blind)
        if len(players) == 2:
            other = (set(players) - {now.big_blind}).pop()
            assert (now.button, now.small_blind) == (other, other)
        else:
            assert now.small_blind == (prev.big_blind if prev.big_blind in players else None)
            assert now.button == prev.small_blind_seat


def check_italian(log: list[tuple[HandPlan, HandSettled]]) -> None:
    """ITA-20, ITA-21 with three players or more: the dead-button blinds, the button live.

    The big blind advances one player; the small blind is the last big blind, or nobody
    when he is out; the button sits just before the blinds. Heads-up the button posts the
    small blind (ITA-23); going heads-up the big blind advances and the other player has
    the button, so nobody posts the big blind on two hands running (ITA-19).
    """
    for (before, _), (after, _) in itertools.pairwise(log):
        players, prev, now = dealt(after), before.positions, after.positions
        if len(players) >= 3:
            assert now.big_blind == next_seat(players, prev.big_blind)
            assert now.small_blind == (prev.big_blind if prev.big_blind in players else None)
            first = now.small_blind if now.small_blind is not None else now.big_blind
            assert now.button != now.big_blind and next_seat(players, now.button) == first
        else:
            assert now.button == now.small_blind
    runs = [p.positions.big_blind for p, _ in log]
    assert all(a != b for a, b in itertools.pairwise(runs))  # never twice running


@pytest.mark.rule("ITA-19", "POK-7-6", "POK-7-12")
@pytest.mark.parametrize("rules", [pokcomm(10, 20), tda(10, 20)], ids=lambda r: r.name)
def test_ita_19_dead_button_every_player_pays_every_blind_each_orbit(rules: Rules) -> None:
    hands = 0
    for seed in range(60):
        log = random_tournament(rules, seed)
        hands += len(log)
        check_dead_button(log)
        check_orbits(log)
        check_windows(log)
        runs = [p.positions.big_blind for p, _ in log]
        assert all(a != b for a, b in itertools.pairwise(runs))  # never twice running
    assert hands > 600


def single_blind_busts(plan: HandPlan, victims: set[int]) -> bool:
    """Busts the Italian button rule is known to handle (see test_table_pending.py)."""
    pos = plan.positions
    both = pos.small_blind is None or pos.small_blind in victims
    return not (pos.big_blind in victims and both)


@pytest.mark.rule("ITA-19", "ITA-20", "ITA-21")
def test_ita_19_italian_button_every_player_pays_every_blind_each_orbit() -> None:
    hands = 0
    for seed in range(60):
        log = random_tournament(italian(10, 20), seed, allow=single_blind_busts)
        hands += len(log)
        check_italian(log)
        check_windows(log)
        # with three players or more the Italian orbits are those of the dead button
        three = [i for i, (p, _) in enumerate(log) if len(p.seats) >= 3]
        check_orbits(log[: three[-1] + 1] if three else [])
    assert hands > 600


def test_driver_busts_a_fixed_limit_cash_player_who_then_sits_out() -> None:
    table = table_at(pokerkings(2, 4), [1, 2, 3, 4], 1, stack=200)
    table.add_chips("p1", 400)
    plan, _, settled = play(table, bust={4: 1})
    assert blinds(plan) == (1, 2, 3)
    assert settled.eliminated == (Eliminated(4, "p4", 200),)
    assert table.seats[4].sitting_out and table.seats[4].stack == 0
    assert dict(table.plan().waiting) == {4: Waiting.NO_CHIPS}
