"""The button and the newcomers at the edges: the last small blind gets the button even when
he is gone (PKG-17), a newcomer or a returning player plays as soon as the button has passed
him (PKG-20, PKG-22, ITA-24), a newcomer between the button and the small blind waits under
the dead button too (ITA-24, TDA R8), and both blinds going out in one hand (ITA-20, ITA-21).
"""

from __future__ import annotations

import random

import pytest

from croupier.engine import Action
from croupier.errors import IllegalActionError
from croupier.rules import Rules, italian, pokcomm, pokerkings, tda
from croupier.table import Missed, Table, Waiting
from test_table import (
    BB,
    DEAD,
    LIVE,
    SB,
    blinds,
    check_italian,
    dealt,
    forced,
    play,
    random_tournament,
    table_at,
)


@pytest.mark.rule("PKG-17")
@pytest.mark.parametrize("how", ["sits-out", "leaves", "busts"])
def test_pkg_17_the_last_small_blind_gets_the_button_even_when_not_dealt_in(how: str) -> None:
    table = table_at(pokerkings(2, 4), [1, 2, 3, 4, 5, 6], 1, stack=200)
    table.add_chips("p6", 400)
    # hand 1: button 1, small blind 2, big blind 3
    plan, _, _ = play(table, bust={2: 6} if how == "busts" else None)
    assert blinds(plan) == (1, 2, 3)
    if how == "sits-out":
        table.sit_out("p2")
    elif how == "leaves":
        table.leave("p2")
    plan = table.plan()
    # PKG-17: "all players must pay all their blinds before they may have the button;
    # therefore the player who posted the small blind in the last hand gets the button".
    # Seat 3 has paid the big blind only: he posts the small blind now, seat 4 the big
    # blind, and the button goes to seat 2 (dead: nobody is dealt in there). When seat 2
    # has left, the first sentence still forbids giving seat 3 the button.
    # (The table gives seat 3 the button: (3, 4, 5); seat 3 never pays a small blind.)
    pos = plan.positions
    assert (pos.small_blind, pos.big_blind) == (3, 4)
    assert pos.button == 2 or (how == "leaves" and pos.button in (1, 2))
    assert dealt(plan) == [1, 3, 4, 5, 6]
    assert not plan.missed  # seat 2 misses no blind on the button


@pytest.mark.rule("PKG-20", "PKG-18", "PKG-17")
@pytest.mark.parametrize("post", [True, False])
def test_pkg_20_newcomer_plays_once_the_button_has_passed_him(post: bool) -> None:
    table = table_at(pokerkings(2, 4), [1, 3, 4, 5, 6], 1)
    play(table)  # hand 1: button 1, small blind 3, big blind 4; seat 2 is empty
    table.sit("new", 200, seat=2, post=post)  # between the button and the blinds
    plan = table.plan()
    # hand 2: the button moves to the last small blind, seat 3 (PKG-17): it has passed
    # seat 2, which now lies behind it. PKG-20's wait is over; PKG-18: he may post a big
    # blind, live, and play at once, or wait for the big blind. (The table makes him
    # wait for the button, one hand more, as if the button were to move onto him.)
    assert blinds(plan) == (3, 4, 5)
    if post:
        assert dealt(plan) == [1, 2, 3, 4, 5, 6]
        assert forced(plan) == [(2, LIVE, 2), (4, SB, 1), (5, BB, 2)]
        assert not plan.waiting
    else:
        assert dict(plan.waiting) == {2: Waiting.BIG_BLIND}


@pytest.mark.rule("PKG-22", "PKG-17")
def test_pkg_22_missed_small_blind_returns_when_the_button_has_passed() -> None:
    table = table_at(pokerkings(2, 4), [1, 2, 3, 4, 5, 6], 1)
    play(table)  # hand 1: button 1, blinds 2 and 3
    table.sit_out("p3")  # due the small blind of hand 2
    plan, _, _ = play(table)
    assert blinds(plan) == (2, 4, 5) and dict(plan.missed) == {3: Missed.SMALL}
    table.sit_in("p3")
    plan = table.plan()
    # hand 3: the button moves to the last small blind, 4, passing seat 3. PKG-22: "he
    # must wait for the button to pass before coming back; when he pays the missed small
    # blind it is dead". He is dealt in, paying 1 dead. (The table makes him wait.)
    assert blinds(plan) == (4, 5, 6)
    assert dealt(plan) == [1, 2, 3, 4, 5, 6]
    assert forced(plan) == [(3, DEAD, 1), (5, SB, 1), (6, BB, 2)]


@pytest.mark.rule("ITA-24")
def test_ita_24_newcomer_is_dealt_in_once_the_button_has_passed_him() -> None:
    table = table_at(italian(50, 100), [1, 2, 4, 5, 6], 1)
    play(table)  # hand 1: button 1, blinds 2 and 4
    table.sit("new", 10_000, seat=3)
    plan, _, _ = play(table)  # hand 2: seat 3 is the small blind seat: he waits
    assert blinds(plan) == (2, 4, 5) and dict(plan.waiting) == {3: Waiting.BUTTON}
    plan = table.plan()
    # hand 3: the button moves clockwise (ITA-3) from 2 to the next player dealt in, 4:
    # it has passed seat 3. ITA-24: "he becomes active when the button has passed him".
    # (The table moves the button onto him and makes him wait another hand.)
    assert blinds(plan) == (4, 5, 6)
    assert dealt(plan) == [1, 2, 3, 4, 5, 6]
    assert not plan.waiting


@pytest.mark.rule("ITA-24")
def test_ita_24_newcomer_left_of_the_button_plays_when_it_moves_past_him() -> None:
    table = table_at(italian(50, 100), [1, 3, 4, 5, 6], 1)
    play(table)  # hand 1: button 1, blinds 3 and 4; seat 2 is empty
    table.sit("new", 10_000, seat=2)  # between the button and the small blind
    plan = table.plan()
    # hand 2: the button moves from 1 to the next player, 3, passing seat 2 (ITA-24)
    assert blinds(plan) == (3, 4, 5)
    assert dealt(plan) == [1, 2, 3, 4, 5, 6]


@pytest.mark.rule("ITA-24")
@pytest.mark.parametrize("rules", [tda(50, 100), pokcomm(50, 100)], ids=lambda r: r.name)
def test_ita_24_dead_button_newcomer_between_button_and_small_blind_waits(rules: Rules) -> None:
    table = table_at(rules, [1, 2, 5, 6, 7], 1, size=9)
    play(table)  # hand 1: button 1, small blind 2, big blind 5
    table.sit("new", 10_000, seat=3)
    plan, _, _ = play(table)
    # hand 2 (dead button): big blind 6, small blind 5, button 2. Seat 3 lies between
    # the button and the small blind: ITA-24 (and TDA R8, "dealt in except between the
    # small blind and the button") keep him out until the button passes him. (The
    # table deals him in at once: it only checks the small blind seat and the button.)
    assert blinds(plan) == (2, 5, 6)
    assert dealt(plan) == [1, 2, 5, 6, 7]
    assert dict(plan.waiting) == {3: Waiting.BUTTON}
    plan = table.plan()
    assert blinds(plan) == (5, 6, 7) and 3 in dealt(plan)  # hand 3: the button passed


@pytest.mark.rule("ITA-20", "ITA-21")
def test_ita_20_21_small_and_big_blind_eliminated_in_the_same_hand() -> None:
    table = table_at(italian(50, 100), [1, 2, 3, 4, 5, 6], 1)
    play(table, bust={2: 6, 3: 6})  # hand 1: button 1, blinds 2 and 3 both eliminated
    plans = [play(table)[0] for _ in range(3)]
    # hand 2: ITA-21 (big blind out): no small blind, the big blind is the next player,
    # 4. ITA-20 (small blind out): the button stays on 1; moving it would put it on the
    # big blind. Hand 3: ITA-21, the button stays so both blinds are posted: 4 and 5.
    # Hand 4: the button moves again. (The table puts button and big blind on seat 4 in
    # hand 2, and seat 4 never posts a small blind.)
    assert [blinds(p) for p in plans] == [(1, None, 4), (1, 4, 5), (4, 5, 6)]


@pytest.mark.rule("ITA-21")
def test_ita_21_the_big_blind_of_a_hand_without_small_blind_eliminated() -> None:
    table = table_at(italian(50, 100), [1, 2, 3, 4, 5, 6], 1)
    play(table, bust={3: 6})  # hand 1: button 1, blinds 2, 3; the big blind is out
    plan, _, _ = play(table, bust={4: 6})  # hand 2: ITA-21, no small blind; 4 is out
    assert blinds(plan) == (2, None, 4)
    plans = [play(table)[0] for _ in range(3)]
    # hand 3: ITA-21 again: no small blind (it is due from seat 4, gone), big blind 5;
    # the button cannot move onto 5, the big blind: it stays on 2 (ITA-21 holds it this
    # hand anyway). Hand 4: both blinds, 5 and 6. Hand 5: the button moves.
    # (The table puts the button on seat 5, the big blind.)
    assert [blinds(p) for p in plans] == [(2, None, 5), (2, 5, 6), (5, 6, 1)]


@pytest.mark.rule("ITA-19", "ITA-20", "ITA-21")
def test_ita_19_italian_button_with_any_busts() -> None:
    for seed in range(60):
        check_italian(random_tournament(italian(10, 20), seed))


def test_the_first_button_is_drawn_again_when_its_winner_leaves_before_the_first_hand() -> None:
    table = Table(pokerkings(2, 4), rng=random.Random(8))
    for seat in (1, 2, 3):
        table.sit(f"p{seat}", 100, seat=seat)
    first = table.draw_for_button()
    table.leave(f"p{first.button}")
    plan = table.plan()
    assert table.draw is not None and table.draw.button != first.button
    assert table.draw.button in {1, 2, 3} - {first.button}
    assert plan.positions.button == table.draw.button


def test_a_player_leaving_during_a_hand_leaves_after_it_with_his_chips_reported() -> None:
    table = Table(pokerkings(2, 4), rng=random.Random(9))
    for seat in (1, 2, 3):
        table.sit(f"p{seat}", 100, seat=seat)
    hand = table.start_hand()
    assert table.leave("p2") == 0  # still in the hand: he leaves when it ends
    with pytest.raises(IllegalActionError, match="CAS-11"):
        table.add_chips("p1", 50)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(legal.seat, Action.check() if legal.check else Action.fold())
    settled = table.finish_hand()
    assert settled.left == ((2, "p2", hand.stacks[2]),)
    assert 2 not in table.seats
