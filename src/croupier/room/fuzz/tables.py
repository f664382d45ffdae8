"""Fuzzing :class:`croupier.table.Table`: every public operation, good and bad, at every
moment, with random players; the chips on the table are counted after each operation.

The count: every chip brought (sit, add_chips, set_stack up) minus every chip taken away
(leave, the players who left after a hand, set_stack down, the rake of each settled
hand) is on the table: in the stacks of the players not dealt in, and in the hand not yet
settled (its stacks, bets, pots and rake). ``can_start()`` must say exactly whether
``start_hand()`` deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from croupier.cards import Deck
from croupier.errors import CroupierError
from croupier.room.fuzz._common import BAD_NUMBERS, FuzzReport, Op, Run, random_action, run_many
from croupier.rules import Rules, Stakes, casino_fr, italian, pokcomm, pokerkings, tda
from croupier.table import HandSettled, Table

__all__ = ["RULES", "TableRun", "fuzz_tables"]

RULES: dict[str, Callable[[], Rules]] = {
    "pokerkings": lambda: pokerkings(200, 400, euro=100),
    "casino-fr-nl": lambda: casino_fr("no-limit", 100, 200, option=True),
    "casino-fr-pl": lambda: casino_fr("pot-limit", 100, 200),
    "casino-fr-fl": lambda: casino_fr("fixed-limit", 100, 200),
    "pokcomm": lambda: pokcomm(25, 50),
    "italian": lambda: italian(50, 100, ante=10),
    "tda": lambda: tda(50, 100, ante=100),
}
"""The rules the fuzzers draw from: cash games (in cents) and tournaments."""

NAMES = tuple(f"p{k}" for k in range(1, 13))


def some_stakes(rules: Rules, rng: random.Random) -> object:
    """Stakes to set: usually good for these rules, sometimes wrong ("1-2", an ante
    nobody pays, a bad type)."""
    roll = rng.random()
    if roll < 0.1:
        return rng.choice(["1-2", (1, 2), None, 5])
    big = rules.stakes.big_blind * rng.choice([1, 1, 2, 3])
    ante = rng.choice([0, 0, big // 10, big]) if rng.random() < 0.3 else 0
    straddle = 2 * big if rules.stakes.straddle else 0
    return Stakes(big // 2, big, ante=ante, straddle=straddle)


class TableRun(Run[Table]):
    """One table under random operations."""

    target = "tables"

    def build(self) -> Table:
        self.rules_name = self.rng.choice(sorted(RULES))
        rules = RULES[self.rules_name]()
        size = self.rng.randint(2, min(rules.max_players, 9))
        table = Table(rules, name="fuzz", seats=size, rng=random.Random(self.rng.getrandbits(64)))
        self.bank = 0
        self.unit = rules.stakes.big_blind
        for name in self.rng.sample(NAMES, self.rng.randint(2, size)):
            stack = self.unit * self.rng.randint(1, 60)
            table.sit(name, stack)
            self.bank += stack
        return table

    def snap(self, obj: Table) -> dict[str, Any]:
        return obj.snapshot()

    def restore(self, data: dict[str, Any]) -> Table:
        return Table.restore(data)

    def _bank(self, chips: int) -> None:
        self.bank += chips

    # ---------------------------------------------------------- operations
    def _name(self) -> Any:
        seated = [ts.player for ts in self.obj]
        roll = self.rng.random()
        if seated and roll < 0.75:
            return self.rng.choice(seated)
        if roll < 0.95:
            return self.rng.choice(NAMES)
        return self.rng.choice([None, 7, "", ("p1",)])

    def _amount(self) -> tuple[Any, bool]:
        if self.rng.random() < 0.12:
            return self.rng.choice(BAD_NUMBERS), True
        return self.unit * self.rng.randint(1, 40) + self.rng.choice([0, 0, 1]), False

    def choose(self) -> Op:
        t, rng = self.obj, self.rng
        if t.in_hand and rng.random() < 0.75:
            return self._act()
        if t.hand is not None and not t.in_hand and rng.random() < 0.6:
            return Op("finish_hand", lambda x: x.finish_hand(), book=self._settled)
        if t.hand is None and rng.random() < 0.3:
            return self._start()
        roll = rng.random()
        who = self._name()
        if roll < 0.15:
            return self._sit()
        if roll < 0.27:
            return Op(f"leave({who!r})", lambda x: x.leave(who), book=lambda c: self._bank(-c))
        if roll < 0.37:
            return Op(f"sit_out({who!r})", lambda x: x.sit_out(who))
        if roll < 0.47:
            post: Any = rng.choice([False, True, "yes"])
            return Op(
                f"sit_in({who!r}, post={post!r})",
                lambda x: x.sit_in(who, post=post),
                bad=post == "yes",
            )
        if roll < 0.57:
            amount, bad = self._amount()
            return Op(
                f"add_chips({who!r}, {amount!r})",
                lambda x: x.add_chips(who, amount),
                bad=bad,
                book=lambda _: self._bank(amount),
            )
        if roll < 0.65:
            stack, bad = self._amount()
            seated = any(ts.player == who for ts in t)
            old = t.stack_of(who) if seated else 0
            return Op(
                f"set_stack({who!r}, {stack!r})",
                lambda x: x.set_stack(who, stack),
                bad=bad and not (stack == 0 and not t.rules.tournament),
                book=lambda _: self._bank(stack - old),
            )
        if roll < 0.72:
            stakes = some_stakes(t.rules, rng)
            return Op(
                f"set_stakes({stakes!r})",
                lambda x: x.set_stakes(stakes),
                bad=not isinstance(stakes, Stakes),
            )
        if roll < 0.75:
            return Op("draw_for_button", lambda x: x.draw_for_button())
        if roll < 0.80:
            return Op("plan", lambda x: x.plan())
        if roll < 0.85 and t.in_hand:
            return Op("void", lambda x: x.hand.void("fuzz"))
        if roll < 0.9:
            return Op("finish_hand", lambda x: x.finish_hand(), book=self._settled)
        return Op(
            "queries",
            lambda x: (
                x.can_start(),
                x.free_seats(),
                x.occupied(),
                x.next_rules(),
                [x.stack_of(ts.player) for ts in x],
                [x.seat_of(ts.player) for ts in x],
            ),
        )

    def _sit(self) -> Op:
        t, rng = self.obj, self.rng
        stack, bad = self._amount()
        seat: Any = rng.choice([None, None, *range(0, t.size + 2), True, "3", 1.0])
        post = rng.random() < 0.2
        name: Any = rng.choice(NAMES) if rng.random() < 0.9 else rng.choice([None, 3, " "])
        bad = (
            bad
            or not isinstance(name, str)
            or not name.strip()
            or not (seat is None or type(seat) is int)
        )
        return Op(
            f"sit({name!r}, {stack!r}, seat={seat!r}, post={post})",
            lambda x: x.sit(name, stack, seat=seat, post=post),
            bad=bad,
            book=lambda _: self._bank(stack),
        )

    def _act(self) -> Op:
        hand = self.obj.hand
        assert hand is not None and hand.to_act is not None
        seat, action = hand.to_act, random_action(hand, self.rng)
        return Op(f"act({seat}, {action})", lambda x: x.hand.act(seat, action))

    def _start(self) -> Op:
        rng = self.rng
        straddle = rng.random() < 0.1
        deck: Any = None
        if rng.random() < 0.05:
            deck = rng.choice(["AsKd", [1, 2], list(Deck())[:51]])
        expected = self.obj.can_start() if deck is None and not straddle else None

        def start(x: Table) -> object:
            try:
                hand = x.start_hand(deck=deck, straddle=straddle)
            except CroupierError:
                if expected is True:
                    raise AssertionError("can_start() said yes but start_hand() refused") from None
                raise
            if expected is False:
                raise AssertionError("can_start() said no but start_hand() dealt")
            return hand

        def dealt(_: object) -> None:
            self.hands += 1

        return Op(
            f"start_hand(deck={deck!r:.20}, straddle={straddle})",
            start,
            bad=deck is not None,
            book=dealt,
        )

    def _settled(self, outcome: HandSettled) -> None:
        self.bank -= sum(chips for _, _, chips in outcome.left) + self._rake

    # ------------------------------------------------------------- checks
    _rake = 0

    def check(self) -> None:
        t = self.obj
        hand = t.hand
        dealt = {s.seat for s in hand.seats} if hand is not None else set()
        chips = sum(ts.stack for ts in t if ts.seat not in dealt)
        self._rake = 0
        if hand is not None:
            chips += hand.total_in_play
            self._rake = hand.rake
        if chips != self.bank:
            raise AssertionError(f"{chips} chips on the table, {self.bank} brought and not taken")
        for ts in t:
            if type(ts.stack) is not int or ts.stack < 0:
                raise AssertionError(f"{ts.player} has a stack of {ts.stack!r}")
        if len(t.history) > 10:
            raise AssertionError(f"the table keeps {len(t.history)} hand plans")


def fuzz_tables(
    runs: int, *, seed: int = 0, steps: int = 120, progress: Callable[[int], None] | None = None
) -> FuzzReport:
    """Fuzz ``runs`` random tables (seeds ``seed`` ...); see the module docstring."""
    return run_many(
        lambda s: TableRun(s, steps=steps), runs=runs, seed=seed, target="tables", progress=progress
    )
