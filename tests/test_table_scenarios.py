"""Long runs of a table, hand by hand, one per button rule and preset family.

Each scenario lists, for every hand, what the rules texts demand: the button, the small
blind (None: no small blind), the big blind, the seats dealt in, every forced bet, who
waits and why, and which seats miss a blind; with the reasoning in a comment. Between
hands players sit down, leave, step away, come back, rebuy, and blinds change. The run
is checked hand by hand against the table, and chips are conserved across the run.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import pytest

from croupier.engine import Acted, ForcedKind, HandStarted
from croupier.errors import ConfigurationError
from croupier.rules import Rules, Stakes, casino_fr, italian, pokcomm, pokerkings
from croupier.table import Missed, Table, Waiting
from test_table import ANTE, BB, DEAD, LIVE, SB, Bank, dealt, forced, play, posted

ML, MS = Missed.BIG, Missed.SMALL
W_BUTTON, W_BB = Waiting.BUTTON, Waiting.BIG_BLIND
W_OUT, W_CHIPS = Waiting.SITTING_OUT, Waiting.NO_CHIPS


@dataclass
class Run:
    table: Table
    stakes: Stakes
    bank: Bank = field(default_factory=Bank)


Op = Callable[[Run], None]


def sit(player: str, stack: int, seat: int, *, post: bool = False) -> Op:
    def op(run: Run) -> None:
        run.table.sit(player, stack, seat=seat, post=post)
        run.bank.chips_in += stack

    return op


def leave(player: str) -> Op:
    def op(run: Run) -> None:
        run.bank.chips_out += run.table.leave(player)

    return op


def sit_out(player: str) -> Op:
    return lambda run: run.table.sit_out(player)


def sit_in(player: str, *, post: bool = False) -> Op:
    return lambda run: run.table.sit_in(player, post=post)


def add_chips(player: str, amount: int) -> Op:
    def op(run: Run) -> None:
        run.table.add_chips(player, amount)
        run.bank.chips_in += amount

    return op


def set_stakes(stakes: Stakes) -> Op:
    def op(run: Run) -> None:
        run.table.set_stakes(stakes)
        run.stakes = stakes

    return op


@dataclass(frozen=True)
class Deal:
    """What one hand must be: positions, seats dealt in, extra forced bets, waits, misses."""

    button: int
    sb: int | None
    bb: int
    dealt: str
    bust: Mapping[int, int] = field(default_factory=dict)
    """victim -> the covering player who busts him this hand"""
    posts: tuple[tuple[int, ForcedKind, int], ...] = ()
    """live and dead blinds posted besides the small and big blind (and antes)"""
    waiting: Mapping[int, Waiting] = field(default_factory=dict)
    missed: Mapping[int, Missed] = field(default_factory=dict)
    absent: tuple[int, ...] = ()
    before: tuple[Op, ...] = ()


def run_scenario(run: Run, deals: list[Deal]) -> None:
    table = run.table
    for number, deal in enumerate(deals, start=1):
        for op in deal.before:
            op(run)
        plan = table.plan()
        where = f"hand {number}"
        assert plan.number == number
        pos = plan.positions
        assert (pos.button, pos.small_blind, pos.big_blind) == (deal.button, deal.sb, deal.bb), (
            where
        )
        seats = [int(s) for s in deal.dealt.split()]
        assert dealt(plan) == seats, where
        assert [s.seat for s in plan.seats if s.absent] == list(deal.absent), where
        stakes = run.stakes
        expected = [(s, ANTE, stakes.ante) for s in seats if stakes.ante]
        if deal.sb is not None:
            expected.append((deal.sb, SB, stakes.small_blind))
        expected.append((deal.bb, BB, stakes.big_blind))
        expected.extend(deal.posts)
        assert forced(plan) == sorted(expected), where
        assert dict(plan.waiting) == dict(deal.waiting), where
        assert dict(plan.missed) == dict(deal.missed), where
        played, hand, _ = play(table, bust=deal.bust, bank=run.bank)
        assert played == plan, where
        assert posted(hand) == sorted(expected), where
        started = hand.events[0]
        assert isinstance(started, HandStarted) and started.button == deal.button
        killed = {e.seat for e in hand.events if isinstance(e, Acted) and e.reason == "absent"}
        assert killed == set(deal.absent), where
        assert table.positions == pos
        for victim in deal.bust:  # out of a tournament with nothing; sitting out in cash
            if table.rules.tournament:
                assert victim not in table.seats, where
            else:
                assert table.seats[victim].stack == 0 and table.seats[victim].sitting_out
        for seat, marker in deal.missed.items():  # the seat shows "ML" / "MS"
            assert table.seats[seat].missed in (marker, ML), where


def new_run(rules: Rules, stacks: Mapping[int, int], seed: int) -> Run:
    table = Table(rules, rng=random.Random(seed))
    run = Run(table, rules.stakes)
    for seat, stack in stacks.items():
        sit(f"p{seat}", stack, seat)(run)
    return run


def drawn(run: Run) -> list[tuple[int, str]]:
    draw = run.table.draw_for_button()
    return [(seat, str(card)) for seat, card in draw.cards]


# ------------------------------------------------------ POK@COMM: dead button tournament


@pytest.mark.rule("POK-2-2", "POK-7-6", "POK-7-12", "POK-2-10", "POK-3-2")
def test_pokcomm_dead_button_tournament_to_the_last_player() -> None:
    stacks = {1: 5_000, 2: 5_000, 3: 5_000, 5: 20_000, 6: 5_000, 8: 30_000, 9: 5_000}
    run = new_run(pokcomm(50, 100), stacks, seed=2)
    # POK-2-2: the lowest card deals first; two threes, the club is lower: seat 6
    assert drawn(run) == [(1, "5s"), (2, "9d"), (3, "4d"), (5, "7d"), (6, "3c"), (8, "3h"),
                          (9, "As")]  # fmt: skip
    assert run.table.draw is not None and run.table.draw.button == 6
    level2, level3 = Stakes(100, 200), Stakes(200, 400)
    # fmt: off
    deals = [
        # hand 1: button 6 by the draw, blinds left of it: 8 and 9
        Deal(6, 8, 9, "1 2 3 5 6 8 9"),
        # POK-7-6 from here on: the big blind advances one player, the small blind is the
        # last big blind, the button goes where the last small blind was
        Deal(8, 9, 1, "1 2 3 5 6 8 9"),  # hand 2
        Deal(9, 1, 2, "1 2 3 5 6 8 9"),  # hand 3
        # hand 4: big blind 3 busts (covered by 8)
        Deal(1, 2, 3, "1 2 3 5 6 8 9", bust={3: 8}),
        # hand 5: BB advances past the empty seat 3 to 5; the small blind is due from
        # seat 3, now empty: no small blind; button on 2 (last small blind)
        Deal(2, None, 5, "1 2 5 6 8 9"),
        # hand 6: BB 6, SB 5; the button goes to seat 3, empty: a dead button
        Deal(3, 5, 6, "1 2 5 6 8 9"),
        # hand 7: small blind 6 busts
        Deal(5, 6, 8, "1 2 5 6 8 9", bust={6: 8}),
        # hand 8: BB 9, SB 8 (last BB); the button goes to seat 6 where the last small
        # blind sat, now empty: dead button
        Deal(6, 8, 9, "1 2 5 8 9"),
        # hand 9: new level (POK-7-4) before the shuffle: 100-200
        Deal(8, 9, 1, "1 2 5 8 9", before=(set_stakes(level2),)),
        # hand 10: seat 2 is away (POK-3-2): dealt in, his big blind taken, hand killed
        Deal(9, 1, 2, "1 2 5 8 9", absent=(2,), before=(sit_out("p2"),)),
        # hand 11: still away: he posts the small blind, dead hand; the button (seat 1)
        # busts against seat 8
        Deal(1, 2, 5, "1 2 5 8 9", absent=(2,), bust={1: 8}),
        # hand 12: seat 2 is back; BB 8, SB 5, button on 2
        Deal(2, 5, 8, "2 5 8 9", before=(sit_in("p2"),)),
        Deal(5, 8, 9, "2 5 8 9"),  # hand 13
        # hand 14: both blinds (9 and 2) bust against seat 5: heads-up next
        Deal(8, 9, 2, "2 5 8 9", bust={2: 5, 9: 5}),
        # hand 15: POK-7-12: the big blind advances to the next player after seat 2, 5;
        # the other player (8) is the button and posts the small blind (POK-7-11):
        # seat 8 keeps the button two hands running
        Deal(8, 8, 5, "5 8"),
        Deal(5, 5, 8, "5 8"),  # hand 16: heads-up, button and big blind alternate
        Deal(8, 8, 5, "5 8", before=(set_stakes(level3),)),  # hand 17: level 200-400
        Deal(5, 5, 8, "5 8"),  # hand 18
        Deal(8, 8, 5, "5 8"),  # hand 19
        Deal(5, 5, 8, "5 8"),  # hand 20
        # hand 21: seat 5 busts: seat 8 holds every chip
        Deal(8, 8, 5, "5 8", bust={5: 8}),
    ]
    # fmt: on
    run_scenario(run, deals)
    table = run.table
    assert [(ts.seat, ts.stack) for ts in table] == [(8, sum(stacks.values()))]
    assert not table.can_start()
    with pytest.raises(ConfigurationError):
        table.start_hand()


# ---------------------------------------------------- Italian button, antes, heads-up


@pytest.mark.rule("ITA-3", "ITA-19", "ITA-20", "ITA-21", "ITA-23", "ITA-24")
def test_italian_tournament_small_and_big_blind_eliminations_to_heads_up() -> None:
    stacks = {1: 40_000, 2: 5_000, 4: 5_000, 5: 5_000, 7: 5_000, 8: 5_000, 9: 5_000}
    run = new_run(italian(50, 100, ante=10), stacks, seed=6)
    # ITA-3: the button position is drawn (highest card; queens tie: spades over clubs)
    assert drawn(run) == [(1, "8s"), (2, "Qs"), (4, "3c"), (5, "Js"), (7, "Jh"), (8, "Qc"),
                          (9, "7h")]  # fmt: skip
    level2 = Stakes(100, 200, ante=25)
    # fmt: off
    deals = [
        # hand 1: button 2 by the draw; small blind 4, big blind 5; everyone antes (ITA-5)
        Deal(2, 4, 5, "1 2 4 5 7 8 9"),
        Deal(4, 5, 7, "1 2 4 5 7 8 9"),  # hand 2: the button moves one player (ITA-3)
        # hand 3: the small blind (7) is eliminated
        Deal(5, 7, 8, "1 2 4 5 7 8 9", bust={7: 1}),
        # hand 4: ITA-20: the button stays on 5 one hand so both blinds are posted: 8, 9
        Deal(5, 8, 9, "1 2 4 5 8 9"),
        Deal(8, 9, 1, "1 2 4 5 8 9"),  # hand 5: the button moves again
        # hand 6: the big blind (2) is eliminated
        Deal(9, 1, 2, "1 2 4 5 8 9", bust={2: 1}),
        # hand 7: ITA-21: the button moves (to 1) and the hand is played without small
        # blind; the big blind is the next player after seat 2: 4
        Deal(1, None, 4, "1 4 5 8 9"),
        # hand 8: ITA-21: the button stays on 1 so both blinds are posted: 4 and 5
        Deal(1, 4, 5, "1 4 5 8 9"),
        Deal(4, 5, 8, "1 4 5 8 9"),  # hand 9: regular movement again
        # hand 10: new level with a bigger ante
        Deal(5, 8, 9, "1 4 5 8 9", before=(set_stakes(level2),)),
        # hand 11: seat 4 (first to act) is eliminated: no blind involved
        Deal(8, 9, 1, "1 4 5 8 9", bust={4: 1}),
        Deal(9, 1, 5, "1 5 8 9"),  # hand 12: the button moves, blinds 1 and 5
        # hand 13: a player from another table sits in seat 6, after the next small blind:
        # he is the big blind (not between the big blind and the button, ITA-24)
        Deal(1, 5, 6, "1 5 6 8 9", before=(sit("p6", 6_000, 6),)),
        # hand 14: seat 8 is away (TDA R30): dealt in, blind and ante taken, hand killed
        Deal(5, 6, 8, "1 5 6 8 9", absent=(8,), before=(sit_out("p8"),)),
        # hand 15: seat 8 is back; the big blind (9) is eliminated
        Deal(6, 8, 9, "1 5 6 8 9", bust={9: 1}, before=(sit_in("p8"),)),
        # hand 16: ITA-21: button moves to 8, no small blind, big blind 1
        Deal(8, None, 1, "1 5 6 8"),
        # hand 17: ITA-21: the button stays on 8: blinds 1 and 5
        Deal(8, 1, 5, "1 5 6 8"),
        # hand 18: the small blind (5) is eliminated
        Deal(1, 5, 6, "1 5 6 8", bust={5: 1}),
        # hand 19: ITA-20: the button stays on 1: blinds 6 and 8
        Deal(1, 6, 8, "1 6 8"),
        Deal(6, 8, 1, "1 6 8"),  # hand 20
        # hand 21: the button (8) is eliminated: heads-up next
        Deal(8, 1, 6, "1 6 8", bust={8: 1}),
        # hand 22: going heads-up the big blind advances (ITA-19), to 1; the other player,
        # 6, has the button and posts the small blind (ITA-23), not the big blind twice
        Deal(6, 6, 1, "1 6"),
        Deal(1, 1, 6, "1 6"),  # hand 23
        Deal(6, 6, 1, "1 6"),  # hand 24
        Deal(1, 1, 6, "1 6", bust={6: 1}),  # hand 25: seat 1 wins the tournament
    ]
    # fmt: on
    run_scenario(run, deals)
    assert [(ts.seat, ts.stack) for ts in run.table] == [(1, sum(stacks.values()) + 6_000)]
    assert not run.table.can_start()


# --------------------------------------------- PokerKings: moving button, fixed-limit cash


@pytest.mark.rule("PKG-17", "PKG-18", "PKG-19", "PKG-20", "PKG-21", "PKG-22", "CAS-4")
def test_pokerkings_cash_game_sitting_out_joining_leaving_rebuying() -> None:
    stacks = dict.fromkeys([1, 2, 4, 5, 7, 8], 200)
    run = new_run(pokerkings(2, 4), stacks, seed=2)
    assert drawn(run) == [(1, "5s"), (2, "9d"), (4, "4d"), (5, "7d"), (7, "3c"), (8, "3h")]
    higher = pokerkings(4, 8).stakes  # 4-8: small blind 2, big blind 4
    # fmt: off
    deals = [
        # hand 1: button 2 (highest card, 9d), small blind 4, big blind 5
        Deal(2, 4, 5, "1 2 4 5 7 8"),
        # PKG-17: the last small blind gets the button; the blinds follow it
        Deal(4, 5, 7, "1 2 4 5 7 8"),  # hand 2
        # hand 3: seat 8, due the big blind, sits out: PKG-21: the next active player (1)
        # posts the big blind; seat 8 shows "ML"
        Deal(5, 7, 1, "1 2 4 5 7", waiting={8: W_OUT}, missed={8: ML}, before=(sit_out("p8"),)),
        # hand 4: a rebuy between hands (seat 1 adds 100); the small blind passes seat 8
        # too (he stays "ML": he owes both)
        Deal(7, 1, 2, "1 2 4 5 7", waiting={8: W_OUT}, missed={8: MS},
             before=(add_chips("p1", 100),)),
        # hand 5: a newcomer in seat 3, the seat of the next big blind: PKG-19, he is
        # the big blind
        Deal(1, 2, 3, "1 2 3 4 5 7", waiting={8: W_OUT}, before=(sit("p3", 200, 3),)),
        Deal(2, 3, 4, "1 2 3 4 5 7", waiting={8: W_OUT}),  # hand 6
        # hand 7: seat 4 (last big blind) sits out, due the small blind: PKG-22: the
        # player due the big blind (5) posts the small blind, the next active (7) the big
        # blind; seat 4 shows "MS"
        Deal(3, 5, 7, "1 2 3 5 7", waiting={4: W_OUT, 8: W_OUT}, missed={4: MS},
             before=(sit_out("p4"),)),
        # hand 8: the blinds go up to 2-4 (limits 4-8); the big blind passes seat 8 again
        Deal(5, 7, 1, "1 2 3 5 7", waiting={4: W_OUT, 8: W_OUT}, missed={8: ML},
             before=(set_stakes(higher),)),
        # hand 9: seat 4 is back; the button has passed him (3 -> 5): PKG-22, he pays the
        # small blind he missed, dead, at the current level
        Deal(7, 1, 2, "1 2 3 4 5 7", posts=((4, DEAD, 2),), waiting={8: W_OUT},
             missed={8: MS}, before=(sit_in("p4"),)),
        Deal(1, 2, 3, "1 2 3 4 5 7", waiting={8: W_OUT}),  # hand 10
        # hand 11: seat 8 comes back posting (PKG-21): the big blind live, the small blind
        # dead into the pot, dealt in at once
        Deal(2, 3, 4, "1 2 3 4 5 7 8", posts=((8, LIVE, 4), (8, DEAD, 2)),
             before=(sit_in("p8", post=True),)),
        # hand 12: a newcomer in seat 10, left of the small blind, does not post: PKG-18,
        # he waits for the big blind
        Deal(3, 4, 5, "1 2 3 4 5 7 8", waiting={10: W_BB}, before=(sit("p10", 200, 10),)),
        Deal(4, 5, 7, "1 2 3 4 5 7 8", waiting={10: W_BB}),  # hand 13
        Deal(5, 7, 8, "1 2 3 4 5 7 8", waiting={10: W_BB}),  # hand 14
        # hand 15: the big blind reaches seat 10: he is dealt in as the big blind
        Deal(7, 8, 10, "1 2 3 4 5 7 8 10"),
        # hand 16: seat 2 leaves; a newcomer in seat 9, between the button (8) and the
        # small blind (10): PKG-20, he waits for the button to pass
        Deal(8, 10, 1, "1 3 4 5 7 8 10", waiting={9: W_BUTTON},
             before=(leave("p2"), sit("p9", 200, 9))),
        # hand 17: seat 9 steps away before playing a hand: he owes nothing
        Deal(10, 1, 3, "1 3 4 5 7 8 10", waiting={9: W_OUT}, before=(sit_out("p9"),)),
        # hand 18: seat 7 tops up to cover seat 5, who loses every chip (he sits out)
        Deal(1, 3, 4, "1 3 4 5 7 8 10", waiting={9: W_OUT}, bust={5: 7},
             before=(add_chips("p7", 300),)),
        # hand 19: seat 9 comes back posting (PKG-18): a live big blind, nothing dead (he
        # never missed a blind); the big blind passes the busted seat 5: "ML"
        Deal(3, 4, 7, "1 3 4 7 8 9 10", posts=((9, LIVE, 4),), waiting={5: W_CHIPS},
             missed={5: ML}, before=(sit_in("p9", post=True),)),
        # hand 20: the small blind passes seat 5 as well
        Deal(4, 7, 8, "1 3 4 7 8 9 10", waiting={5: W_CHIPS}, missed={5: MS}),
        # hand 21: seat 5 buys chips again, still sitting out
        Deal(7, 8, 9, "1 3 4 7 8 9 10", waiting={5: W_OUT}, before=(add_chips("p5", 200),)),
        # hand 22: seat 5 is back posting both blinds (PKG-21)
        Deal(8, 9, 10, "1 3 4 5 7 8 9 10", posts=((5, LIVE, 4), (5, DEAD, 2)),
             before=(sit_in("p5", post=True),)),
        # hand 23: seat 1, due the big blind, sits out: seat 3 posts it (PKG-21)
        Deal(9, 10, 3, "3 4 5 7 8 9 10", waiting={1: W_OUT}, missed={1: ML},
             before=(sit_out("p1"),)),
        Deal(10, 3, 4, "3 4 5 7 8 9 10", waiting={1: W_OUT}, missed={1: MS}),  # hand 24
        Deal(3, 4, 5, "3 4 5 7 8 9 10", waiting={1: W_OUT}),  # hand 25
        # hand 26: seat 1 is back without posting: he waits for the big blind (PKG-21)
        Deal(4, 5, 7, "3 4 5 7 8 9 10", waiting={1: W_BB}, before=(sit_in("p1"),)),
        Deal(5, 7, 8, "3 4 5 7 8 9 10", waiting={1: W_BB}),  # hand 27
        Deal(7, 8, 9, "3 4 5 7 8 9 10", waiting={1: W_BB}),  # hand 28
        Deal(8, 9, 10, "3 4 5 7 8 9 10", waiting={1: W_BB}),  # hand 29
        # hand 30: the big blind reaches him: he plays it, nothing dead
        Deal(9, 10, 1, "1 3 4 5 7 8 9 10"),
        # hand 31: all but seats 10 and 1 leave: heads-up, the last small blind (10) has
        # the button (PKG-17) and posts the small blind; 1 is big blind again
        Deal(10, 10, 1, "1 10",
             before=tuple(leave(f"p{s}") for s in (3, 4, 5, 7, 8, 9))),
        Deal(1, 1, 10, "1 10"),  # hand 32
    ]
    # fmt: on
    run_scenario(run, deals)
    run.bank.chips_out += run.table.leave("p10")
    assert not run.table.can_start()  # CAS-4: one player left
    run.bank.check(run.table)
    assert run.bank.chips_in == 6 * 200 + 3 * 200 + 100 + 300 + 200  # buy-ins and rebuys


# ------------------------------------------------ French casino: dead button cash game


@pytest.mark.rule("CAS-12", "CAS-4", "POK-7-6", "PKG-18", "PKG-19", "PKG-20", "PKG-21", "PKG-22")
def test_casino_dead_button_cash_game() -> None:
    stacks = {1: 60_000, 2: 20_000, 3: 20_000, 5: 20_000, 6: 20_000, 7: 20_000, 9: 20_000}
    run = new_run(casino_fr(), stacks, seed=1)
    # CAS-12: one club to each player from the croupier's left; the ace of clubs wins
    assert drawn(run) == [(1, "Tc"), (2, "Ac"), (3, "2c"), (5, "Kc"), (6, "7c"), (7, "5c"),
                          (9, "8c")]  # fmt: skip
    # fmt: off
    deals = [
        # hand 1: button 2, small blind 3, big blind 5 (1 and 2 euros, in cents)
        Deal(2, 3, 5, "1 2 3 5 6 7 9"),
        # dead button (TDA R32): the big blind advances one player, the rest follows
        Deal(3, 5, 6, "1 2 3 5 6 7 9"),  # hand 2
        Deal(5, 6, 7, "1 2 3 5 6 7 9"),  # hand 3
        # hand 4: seat 9, due the big blind, steps away: the next active player (1)
        # posts it; seat 9 shows "ML"
        Deal(6, 7, 1, "1 2 3 5 6 7", waiting={9: W_OUT}, missed={9: ML},
             before=(sit_out("p9"),)),
        # hand 5: a newcomer in seat 8, between the button (7) and the big blind (2):
        # he waits for the button to pass (PKG-20); the small blind passes seat 9
        Deal(7, 1, 2, "1 2 3 5 6 7", waiting={8: W_BUTTON, 9: W_OUT}, missed={9: MS},
             before=(sit("p8", 20_000, 8),)),
        # hand 6: the button has passed seat 8; not posting, he waits for the big blind
        Deal(1, 2, 3, "1 2 3 5 6 7", waiting={8: W_BB, 9: W_OUT}),
        # hand 7: seat 9 is back posting: his big blind live, the small blind dead
        Deal(2, 3, 5, "1 2 3 5 6 7 9", posts=((9, LIVE, 200), (9, DEAD, 100)),
             waiting={8: W_BB}, before=(sit_in("p9", post=True),)),
        Deal(3, 5, 6, "1 2 3 5 6 7 9", waiting={8: W_BB}),  # hand 8
        Deal(5, 6, 7, "1 2 3 5 6 7 9", waiting={8: W_BB}),  # hand 9
        # hand 10: the big blind reaches seat 8 (PKG-19): he is dealt in as big blind
        Deal(6, 7, 8, "1 2 3 5 6 7 8 9"),
        # hand 11: seat 2 leaves; a newcomer in seat 4, left of the small blind, posts a
        # live big blind and plays at once (PKG-18)
        Deal(7, 8, 9, "1 3 4 5 6 7 8 9", posts=((4, LIVE, 200),),
             before=(leave("p2"), sit("p4", 20_000, 4, post=True))),
        # hand 12: seat 9 (last big blind) steps away: the small blind is due from his
        # seat: no small blind this hand (dead button rule); he shows "MS"
        Deal(8, None, 1, "1 3 4 5 6 7 8", waiting={9: W_OUT}, missed={9: MS},
             before=(sit_out("p9"),)),
        # hand 13: the button goes to seat 9, whose player is away: a dead button
        Deal(9, 1, 3, "1 3 4 5 6 7 8", waiting={9: W_OUT}),
        # hand 14: seat 9 is back and the button has passed him: he pays the small blind
        # dead (PKG-22)
        Deal(1, 3, 4, "1 3 4 5 6 7 8 9", posts=((9, DEAD, 100),), before=(sit_in("p9"),)),
        # hand 15: seat 6 (first to act) loses every chip to seat 1
        Deal(3, 4, 5, "1 3 4 5 6 7 8 9", bust={6: 1}),
        # hand 16: seat 6 has no chips: the big blind passes him: "ML"
        Deal(4, 5, 7, "1 3 4 5 7 8 9", waiting={6: W_CHIPS}, missed={6: ML}),
        # hand 17: seat 6 rebuys and comes back posting, but he sits between the button
        # (5) and the big blind (8): he waits for the button to pass (PKG-20)
        Deal(5, 7, 8, "1 3 4 5 7 8 9", waiting={6: W_BUTTON},
             before=(add_chips("p6", 20_000), sit_in("p6", post=True))),
        # hand 18: the button has passed: big blind live and small blind dead
        Deal(7, 8, 9, "1 3 4 5 6 7 8 9", posts=((6, LIVE, 200), (6, DEAD, 100))),
        Deal(8, 9, 1, "1 3 4 5 6 7 8 9"),  # hand 19
        # hand 20: seats 3 and 4 leave: the big blind goes from 1 to 5
        Deal(9, 1, 5, "1 5 6 7 8 9", before=(leave("p3"), leave("p4"))),
        Deal(1, 5, 6, "1 5 6 7 8 9"),  # hand 21
        # hand 22: seat 6 (last big blind) leaves: no small blind, big blind 7
        Deal(5, None, 7, "1 5 7 8 9", before=(leave("p6"),)),
        # hand 23: dead button on the empty seat 6
        Deal(6, 7, 8, "1 5 7 8 9"),
        # hand 24: seats 5 and 9 leave: three-handed, big blind 1
        Deal(7, 8, 1, "1 7 8", before=(leave("p5"), leave("p9"))),
        # hand 25: seat 7 leaves: heads-up, the big blind advances to 8, the other
        # player (1) has the button and posts the small blind
        Deal(1, 1, 8, "1 8", before=(leave("p7"),)),
        Deal(8, 8, 1, "1 8"),  # hand 26
    ]
    # fmt: on
    run_scenario(run, deals)
    run.bank.chips_out += run.table.leave("p8")
    assert not run.table.can_start()  # CAS-4: the game stops with one player
    with pytest.raises(ConfigurationError):
        run.table.start_hand()
    assert run.bank.rake > 0
    run.bank.check(run.table)
