"""Fuzzing live tournaments (:class:`croupier.room.tournament.LiveTournament`) against a
model of the real room: the fuzzer plays the hands itself (chips move between players at
a table, out of croupier's sight) and the floor reports to croupier, rightly or not:
busts (some by mistake, undone later), counts (some wrong), moves, buttons, rebuys,
add-ons, penalties, the clock.

After every operation: the chips croupier expects in play are exactly the real chips,
every entrant is accounted for once (see :func:`~croupier.room.fuzz.tournaments.
check_tournament`), and a true count of every player is applied at once (it adds up).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from croupier.room.fuzz._common import BAD_NUMBERS, FuzzReport, Op, Run, run_many
from croupier.room.fuzz.tournaments import Event, check_tournament, some_config
from croupier.room.tournament import (
    CountResult,
    Fault,
    Floor,
    LiveTournament,
    ManualClock,
    Sanction,
)

__all__ = ["LiveRun", "fuzz_live"]


class LiveRun(Run[Event]):
    """One live tournament and the real room it stands for."""

    target = "live"

    def build(self) -> Event:
        rng = self.rng
        self.clock = ManualClock()
        names = [f"p{k}" for k in range(1, rng.randint(3, 30) + 1)]
        config = some_config(rng, len(names))
        live = LiveTournament(config, clock=self.clock, rng=random.Random(rng.getrandbits(64)))
        for name in names:
            live.register(name, adult=True, arrived=rng.random() < 0.93)
        live.start()
        self.truth = dict.fromkeys(names, config.structure.starting_stack)
        """The chips each player really has (players still in play, or out by mistake)."""
        self.mistaken: set[str] = set()
        self.winner: str | None = None
        self.drift = 0
        """Chips croupier expects beyond what the tables hold (negative: fewer), from
        miscounts it could not see (two wrong counts cancelling, then one player removed)."""
        self.extra = 0
        return Event(live, Floor(live, director="fuzz"))

    def snap(self, obj: Event) -> dict[str, Any]:
        return {"t": obj.t.snapshot(), "floor": obj.floor.snapshot()}

    def restore(self, data: dict[str, Any]) -> Event:
        t = LiveTournament.restore(data["t"], clock=self.clock)
        return Event(t, Floor.restore(data["floor"], t))

    def done(self) -> bool:
        return bool(self.obj.t.finished) and not self.mistaken and self.twin is None

    # ------------------------------------------------------------ the room
    def _in_play(self) -> list[str]:
        """Players croupier has seated."""
        return list(self.obj.t._where)

    def _hand(self) -> Op:
        """A hand at a real table: chips change hands among present players there."""
        t, rng = self.obj.t, self.rng
        numbers = list(t._counts)
        n = rng.choice(numbers)
        there = [p for p in t._occupied(n).values() if not t.is_absent(p) and self.truth[p] > 0]
        if len(there) < 2:
            return Op("no hand", lambda x: None)
        winner, *losers = rng.sample(there, rng.randint(2, len(there)))
        moved = {p: rng.randint(1, self.truth[p]) for p in losers}
        if rng.random() < 0.3:  # an all-in lost
            moved[losers[0]] = self.truth[losers[0]]

        def played(_: object) -> None:
            for p, chips in moved.items():
                self.truth[p] -= chips
                self.truth[winner] += chips
            self.winner = winner
            self.hands += 1

        return Op(f"hand at {n}: {winner} wins {moved}", lambda x: x.t.hand_played(n), book=played)

    def _busted(self) -> list[str]:
        return [p for p in self._in_play() if self.truth[p] == 0]

    # ---------------------------------------------------------- operations
    def _player(self) -> Any:
        roll = self.rng.random()
        seated = self._in_play()
        if seated and roll < 0.8:
            return self.rng.choice(seated)
        if roll < 0.95:
            return self.rng.choice(sorted(self.truth))
        return self.rng.choice([None, 5, "", "nobody", ["p1"]])

    def choose(self) -> Op:
        t, rng = self.obj.t, self.rng
        busted = self._busted()
        if busted and rng.random() < 0.8:
            return self._bust(rng.choice(busted), truly=True)
        if self.mistaken and rng.random() < 0.1:
            return self._undo(rng.choice(sorted(self.mistaken)))
        if t.phase.value == "running" and rng.random() < 0.35:
            return self._hand()
        roll = rng.random()
        who = self._player()
        if roll < 0.12:
            return self._count(who)
        if roll < 0.17:
            return self._count_everyone()
        if roll < 0.2:
            return self._accept()
        if roll < 0.22:
            return Op("discard_counts", lambda x: x.t.discard_counts())
        if roll < 0.26 and isinstance(who, str) and self.truth.get(who, 0) > 0:
            return self._bust(who, truly=False)
        if roll < 0.3:
            seconds = rng.choice([60.0, 300.0, 900.0])
            return Op(f"clock +{seconds}", lambda x: self.clock.advance(seconds), shared=True)
        if roll < 0.35:
            return self._rebuy(who)
        if roll < 0.4:
            return self._remove(who)
        if roll < 0.43:
            return self._disqualify(who)
        if roll < 0.47:
            fault = rng.choice(list(Fault))
            seated = isinstance(who, str) and who in t._where
            if seated and self.obj.floor.next_sanction(who, fault) is Sanction.DISQUALIFICATION:
                return self._disqualify(who)
            return Op(f"penalize({who!r})", lambda x: x.floor.penalize(who, fault, "fuzz"))
        if roll < 0.5:
            return Op(f"arrive({who!r})", lambda x: x.t.arrive(who))
        if roll < 0.54:
            self.extra += 1
            name = f"late{self.extra}"

            def entered(_: object) -> None:
                self.truth[name] = t.structure.starting_stack

            return Op(
                f"register({name!r})",
                lambda x: x.t.register(name, adult=True),
                book=entered,
            )
        if roll < 0.6:
            table: Any = rng.choice([*t._counts, 99, "1", None])
            seat: Any = rng.choice([1, 2, 3, 5, 9, 0, "2", None])
            return Op(
                f"set_button({table!r}, {seat!r})",
                lambda x: x.t.set_button(table, seat),
                bad=table not in t._counts or type(seat) is not int,
            )
        if roll < 0.65:
            table = rng.choice([*t._counts, 99])
            seat = rng.randint(0, t.options.table_size + 1)
            return Op(f"move({who!r}, {table}, {seat})", lambda x: x.t.move(who, table, seat))
        if roll < 0.68:
            return Op("close_hand", lambda x: x.t.close_hand())
        if roll < 0.72:
            bad: Any = rng.choice([None, 3, ["p1", None], {"p1": "1000"}])
            return Op(f"bust({bad!r})", lambda x: x.t.bust(bad), bad=True)
        if roll < 0.76:
            stack: Any = rng.choice(BAD_NUMBERS)
            return Op(
                f"chip_count({who!r}, {stack!r})", lambda x: x.t.chip_count(who, stack), bad=True
            )
        if roll < 0.8:
            table = rng.choice([99, "1", None, True])
            what = rng.choice(["table_map", "hand_played", "set_button"])
            return Op(f"{what}({table!r})", lambda x: _table_op(x, what, table), bad=True)
        return Op(
            f"queries({who!r})",
            lambda x: (
                x.t.status(),
                x.t.pending_counts(),
                x.t.chip_discrepancy(),
                x.t.stack(who),
                x.t.results(),
            ),
        )

    def _bust(self, player: str, *, truly: bool) -> Op:
        t = self.obj.t
        winner = self.winner
        by = winner if truly and winner in t._where and winner != player else None

        def booked(_: object) -> None:
            if not truly:
                self.mistaken.add(player)

        return Op(
            f"bust({player!r}, eliminator={by!r}){'' if truly else ' by mistake'}",
            lambda x: x.t.bust(player, eliminator=by),
            book=booked,
        )

    def _undo(self, player: str) -> Op:
        stack = self.truth[player]

        def undone(_: object) -> None:
            self.mistaken.discard(player)

        return Op(
            f"undo_bust({player!r}, stack={stack})",
            lambda x: x.t.undo_bust(player, stack=stack),
            book=undone,
        )

    def _count(self, who: Any) -> Op:
        rng = self.rng
        if not isinstance(who, str) or who not in self.truth:
            return Op(f"chip_count({who!r})", lambda x: x.t.chip_count(who, 1_000))
        true = self.truth[who]
        stack = true if rng.random() < 0.7 else max(1, true + rng.choice([-500, -25, 25, 500]))
        return Op(
            f"chip_count({who!r}, {stack}) (true {true})", lambda x: x.t.chip_count(who, stack)
        )

    def _count_everyone(self) -> Op:
        counts = {p: self.truth[p] for p in self._in_play()}
        exact = not self.mistaken and not self.drift and all(c > 0 for c in counts.values())

        def count(x: Event) -> object:
            result = x.t.chip_counts(counts)
            if exact and x is self.obj and not (isinstance(result, CountResult) and result.applied):
                raise AssertionError(f"a true count of every player was kept apart: {result}")
            return result

        return Op(f"chip_counts(everyone, true={exact})", count)

    def _accept(self) -> Op:
        if self.mistaken:
            return Op("discard_counts", lambda x: x.t.discard_counts())

        def accepted(_: object) -> None:
            # the floor's decision: croupier's stacks are the chips now (chips found or
            # missing, counted as issued or removed)
            t = self.obj.t
            self.truth = {p: t.stack(p) for p in t._where}
            self.drift = 0

        return Op("accept_counts", lambda x: x.t.accept_counts("fuzz"), book=accepted)

    def _rebuy(self, who: Any) -> Op:
        t = self.obj.t
        config = t.config
        kind = self.rng.choice(["rebuy", "add_on"])
        chips = (
            config.rebuy.stack
            if kind == "rebuy" and config.rebuy
            else (config.add_on.stack if config.add_on else 0)
        )

        def more(_: object) -> None:
            self.truth[who] += chips

        return Op(f"{kind}({who!r})", lambda x: getattr(x.t, kind)(who), book=more)

    def _remove(self, who: Any) -> Op:
        true = self.truth.get(who, 0) if isinstance(who, str) else 0
        amount = self.rng.choice([1, 25, 100, 1_000])
        if amount >= true:  # the real stack must keep chips
            return Op(f"remove_chips({who!r}, 0)", lambda x: x.t.remove_chips(who, 0), bad=True)

        def less(_: object) -> None:
            self.truth[who] -= amount

        return Op(
            f"remove_chips({who!r}, {amount})",
            lambda x: x.floor.remove_chips(who, amount, Fault.SOFT_PLAY, "fuzz"),
            book=less,
        )

    def _disqualify(self, who: Any) -> Op:
        t = self.obj.t
        if not isinstance(who, str):
            return Op(f"disqualify({who!r})", lambda x: x.t.disqualify(who), bad=True)
        known = t._counted.get(who, t._stacks.get(who))
        if known != self.truth.get(who):  # the floor counts him first
            return self._count(who)

        def gone(_: object) -> None:
            del self.truth[who]

        return Op(
            f"disqualify({who!r})",
            lambda x: x.floor.disqualify(who, Fault.CONDUCT, "fuzz"),
            book=gone,
        )

    # ------------------------------------------------------------- checks
    def check(self) -> None:
        t = self.obj.t
        for player in list(self.truth):  # no-shows removed at the end of their level
            bust = t.standings.find(player)
            if bust is not None and bust.kind.value == "no-show":
                # croupier takes out his last count; the floor, the chips really there: a
                # miscount that another cancelled (and so was applied) shows from now on
                self.drift += self.truth.pop(player) - bust.starting_stack
        if t.chips_expected() != sum(self.truth.values()) + self.drift:
            raise AssertionError(
                f"croupier expects {t.chips_expected():,} chips in play; the tables hold"
                f" {sum(self.truth.values()):,} (known miscounts: {self.drift:+,})"
            )
        check_tournament(t)


def _table_op(x: Event, what: str, table: Any) -> object:
    if what == "table_map":
        return x.t.table_map(table)
    if what == "hand_played":
        return x.t.hand_played(table)
    return x.t.set_button(table, 1)


def fuzz_live(
    runs: int, *, seed: int = 0, steps: int = 200, progress: Callable[[int], None] | None = None
) -> FuzzReport:
    """Fuzz ``runs`` random live tournaments (seeds ``seed`` ...); see the module docstring."""
    return run_many(
        lambda s: LiveRun(s, steps=steps), runs=runs, seed=seed, target="live", progress=progress
    )
