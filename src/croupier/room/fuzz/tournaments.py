"""Fuzzing tournaments on engine tables (:class:`croupier.room.tournament.Tournament`) and
the floor's tools over them: every public operation, good and bad, with hands in play at
several tables at once, the clock running, late entries, rebuys and add-ons, penalties,
voided hands and pot decisions.

After every operation: every chip issued and not removed is in play (stacks, bets, pots),
every entrant is exactly once seated, waiting for a rebuy decision, or ranked; the tables'
counts match their seats; bounties add up to what was put on the heads; a finished
tournament's winner holds every chip.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from croupier.engine import Action
from croupier.errors import CroupierError
from croupier.room.fuzz._common import BAD_NUMBERS, FuzzReport, Op, Run, random_action, run_many
from croupier.room.tournament import (
    AddOn,
    Fault,
    Floor,
    Level,
    ManualClock,
    Rebuy,
    Tournament,
    tournament_preset,
)
from croupier.room.tournament.base import TournamentBase
from croupier.room.tournament.payouts import minimum_places
from croupier.room.tournament.structure import Break, Period

__all__ = ["Event", "TournamentRun", "check_tournament", "fuzz_tournaments", "some_config"]

PRESETS = (
    "pokcomm",
    "pokcomm-double",
    "pokcomm-ko",
    "pokcomm-pko",
    "pokcomm-rebuy",
    "italian",
    "tda",
)
FAULTS = tuple(Fault)


@dataclasses.dataclass
class Event:
    """What the fuzzer drives: a tournament and the floor over it."""

    t: Any
    floor: Floor


def some_config(rng: random.Random, entrants: int) -> Any:
    """A random tournament: a preset with short levels, small tables, maybe rebuys."""
    config = tournament_preset(rng.choice(PRESETS))
    periods: list[Period] = []
    for p in config.structure.periods[:12]:
        if isinstance(p, Level):
            periods.append(Level(p.small_blind, p.big_blind, p.ante, rng.choice([2, 5, 10])))
        else:
            periods.append(Break(rng.choice([1, 5])))
    while not isinstance(periods[-1], Level):
        periods.pop()
    structure = dataclasses.replace(
        config.structure,
        periods=tuple(periods),
        starting_stack=rng.choice([1_000, 2_000, config.structure.starting_stack]),
        late_registration_levels=rng.choice([0, 0, 2, 4]),
    )
    options = dataclasses.replace(
        config.options,
        table_size=rng.randint(3, 8),
        hand_for_hand_seconds=rng.choice([30, 120]),
    )
    changes: dict[str, Any] = {"structure": structure, "options": options}
    if config.rebuy is None and rng.random() < 0.2:
        changes["rebuy"] = Rebuy(
            until_level=rng.randint(1, 4),
            stack=1_000,
            price=1_000,
            threshold=rng.choice([0, 1_000]),
            max_rebuys=rng.choice([None, 2]),
        )
        changes["add_on"] = AddOn(after_level=rng.randint(1, 4), stack=1_000, price=1_000)
    if rng.random() < 0.3:
        least = minimum_places(entrants)
        changes["places"] = min(entrants, rng.randint(least, least + 2))
    return config.but(**changes)


def check_tournament(t: TournamentBase) -> None:
    """The invariants every tournament keeps (engine or live)."""
    seated = set(t._where)
    pending = set(t._pending)
    ranked: list[str] = [b.player for g in t.standings.groups for b in g.busts if not b.pending]
    ranked += [b.player for b in t._hfh_busts if not b.pending]
    waiting = [b.player for g in t.standings.groups for b in g.busts if b.pending]
    waiting += [b.player for b in t._hfh_busts if b.pending]
    every = sorted([*seated, *pending, *ranked])
    if every != sorted(t.registry.players):
        raise AssertionError(
            f"entrants {sorted(t.registry.players)} but seated {sorted(seated)}, waiting for a"
            f" rebuy {sorted(pending)}, ranked {sorted(ranked)}"
        )
    if sorted(waiting) != sorted(pending):
        raise AssertionError(f"busts waiting {sorted(waiting)} but pending {sorted(pending)}")
    if sum(t._counts.values()) != len(seated):
        raise AssertionError(f"table counts {t._counts} for {len(seated)} players seated")
    found: dict[str, int] = {}
    for n, count in t._counts.items():
        occupied = t._occupied(n)
        if len(occupied) != count:
            raise AssertionError(f"table {n} counts {count}, seats {occupied}")
        found.update(dict.fromkeys(occupied.values(), n))
    if found != t._where:
        raise AssertionError(f"players are at {found}, the tournament says {t._where}")
    if t.bounties is not None:
        b = t.bounties
        total = sum(b.head.values()) + sum(b.won.values()) + b.unclaimed
        if total != b.knockout.bounty * len(b.head) or min(b.head.values(), default=0) < 0:
            raise AssertionError(f"bounties: heads {b.head}, won {b.won}, unclaimed {b.unclaimed}")
    if t.finished and (t.winner is None or seated != {t.winner} or pending):
        raise AssertionError(f"finished with {seated} seated and {pending} pending")


class TournamentRun(Run[Event]):
    """One tournament on engine tables under random operations."""

    target = "tournaments"

    def build(self) -> Event:
        rng = self.rng
        self.clock = ManualClock()
        self.names = [f"p{k}" for k in range(1, rng.randint(4, 24) + 1)]
        config = some_config(rng, len(self.names))
        t = Tournament(config, clock=self.clock, rng=random.Random(rng.getrandbits(64)))
        for name in self.names:
            t.register(name, adult=True, arrived=rng.random() < 0.9)
        self.extra = 0
        t.start()
        return Event(t, Floor(t, director="fuzz"))

    def snap(self, obj: Event) -> dict[str, Any]:
        return {"t": obj.t.snapshot(), "floor": obj.floor.snapshot()}

    def restore(self, data: dict[str, Any]) -> Event:
        t = Tournament.restore(data["t"], clock=self.clock)
        return Event(t, Floor.restore(data["floor"], t))

    # ---------------------------------------------------------- operations
    def _player(self) -> Any:
        t, rng = self.obj.t, self.rng
        roll = rng.random()
        if t._where and roll < 0.7:
            return rng.choice(list(t._where))
        if roll < 0.95:
            return rng.choice(self.names)
        return rng.choice([None, 3, "", "nobody"])

    def _table(self) -> Any:
        numbers = self.obj.t.table_numbers()
        if numbers and self.rng.random() < 0.93:
            return self.rng.choice(numbers)
        return self.rng.choice([99, "1", None, True, 0])

    def choose(self) -> Op:
        t, rng = self.obj.t, self.rng
        playing = [n for n in t.table_numbers() if t.hand(n) is not None and not t.hand(n).is_over]
        over = [n for n in t.table_numbers() if t.hand(n) is not None and t.hand(n).is_over]
        if playing and rng.random() < 0.7:
            return self._act(rng.choice(playing))
        if over and rng.random() < 0.6:
            n = rng.choice(over)
            return Op(f"finish_hand({n})", lambda x: x.t.finish_hand(n))
        ready = [n for n in t.table_numbers() if t.can_start(n)]
        if ready and rng.random() < 0.5:
            return self._start(rng.choice(ready))
        if not ready and not playing and not over and rng.random() < 0.5:
            seconds = rng.choice([60.0, 300.0, 1200.0])
            return Op(f"clock +{seconds}", lambda x: self.clock.advance(seconds), shared=True)
        return self._other()

    def _act(self, n: int) -> Op:
        hand = self.obj.t.hand(n)
        assert hand is not None and hand.to_act is not None
        seat = hand.to_act
        action = random_action(hand, self.rng)
        if hand.legal_actions().all_in is not None and self.rng.random() < 0.2:
            action = Action.all_in()  # busts, for the standings to rank
        return Op(f"act {n} {seat} {action}", lambda x: x.t.hand(n).act(seat, action))

    def _start(self, n: Any) -> Op:
        expected = self.obj.t.can_start(n) if isinstance(n, int) else None

        def start(x: Event) -> object:
            try:
                hand = x.t.start_hand(n)
            except CroupierError:
                if expected is True:
                    raise AssertionError("can_start() said yes but start_hand() refused") from None
                raise
            if expected is False:
                raise AssertionError("can_start() said no but start_hand() dealt")
            return hand

        def dealt(_: object) -> None:
            self.hands += 1

        return Op(f"start_hand({n!r})", start, book=dealt, bad=type(n) is not int)

    def _other(self) -> Op:
        t, rng = self.obj.t, self.rng
        who, n = self._player(), self._table()
        roll = rng.random()
        if roll < 0.08:
            self.extra += 1
            name: Any = f"late{self.extra}" if rng.random() < 0.9 else rng.choice([None, "", who])
            adult: Any = rng.choice([True, True, False, "yes"])
            return Op(
                f"register({name!r}, adult={adult!r})",
                lambda x: x.t.register(name, adult=adult, arrived=True),
                bad=adult is not True or not isinstance(name, str) or not name.strip(),
            )
        if roll < 0.12:
            return Op(f"arrive({who!r})", lambda x: x.t.arrive(who))
        if roll < 0.2:
            return Op(f"rebuy({who!r})", lambda x: x.t.rebuy(who))
        if roll < 0.24:
            return Op(f"decline_rebuy({who!r})", lambda x: x.t.decline_rebuy(who))
        if roll < 0.28:
            return Op(f"add_on({who!r})", lambda x: x.t.add_on(who))
        if roll < 0.33:
            fault = rng.choice(FAULTS)
            return Op(
                f"penalize({who!r}, {fault})",
                lambda x: x.floor.penalize(who, fault, "fuzz", orbits=1),
            )
        if roll < 0.36:
            orbits: Any = rng.choice([1, 2, 5, 0, "1"])
            return Op(
                f"suspend({who!r}, {orbits!r})",
                lambda x: x.floor.suspend(who, orbits, Fault.CONDUCT, "fuzz"),
                bad=orbits in (0, "1"),
            )
        if roll < 0.38:
            return Op(
                f"disqualify({who!r})", lambda x: x.floor.disqualify(who, Fault.CONDUCT, "fuzz")
            )
        if roll < 0.42:
            amount: Any = rng.choice([1, 50, 500, 5_000, *BAD_NUMBERS])
            return Op(
                f"remove_chips({who!r}, {amount!r})",
                lambda x: x.floor.remove_chips(who, amount, Fault.SOFT_PLAY, "fuzz"),
                bad=type(amount) is not int or amount <= 0,
            )
        if roll < 0.46:
            return self._pot(n)
        if roll < 0.5:
            playing = [m for m in t.table_numbers() if t.hand(m) is not None]
            m = rng.choice(playing) if playing else n
            return Op(f"void_hand({m!r})", lambda x: x.floor.void_hand(m, "misdeal"))
        if roll < 0.6:
            choice = rng.choice(["pause", "resume", "add_time", "next_period", "tick"])
            return Op(f"clock {choice}", lambda x: _clock(x, choice))
        if roll < 0.68:
            seconds = rng.choice([30.0, 120.0, 600.0])
            return Op(f"clock +{seconds}", lambda x: self.clock.advance(seconds), shared=True)
        if roll < 0.76:
            return self._start(n)
        if roll < 0.82:
            return Op(f"finish_hand({n!r})", lambda x: x.t.finish_hand(n), bad=type(n) is not int)
        return Op(
            f"queries({who!r}, {n!r})",
            lambda x: (
                x.t.why_not(n),
                x.t.stack(who),
                x.t.table_of(who),
                x.t.results(),
                x.t.paid_places(),
                x.t.can_rebuy(who),
            ),
        )

    def _pot(self, n: Any) -> Op:
        t, rng = self.obj.t, self.rng
        try:
            records = self.obj.floor.pots(n)
        except CroupierError:
            return Op(f"pots({n!r})", lambda x: x.floor.pots(n))
        if not records or rng.random() < 0.2:
            return Op(f"pots({n!r})", lambda x: x.floor.pots(n))
        k = rng.randrange(len(records) + 1)
        eligible = list(records[k].eligible) if k < len(records) else ["nobody"]
        winners = rng.sample(eligible, rng.randint(1, len(eligible))) if eligible else []
        del t
        return Op(
            f"award_pot({n}, {k}, {winners})", lambda x: x.floor.award_pot(n, k, winners, "fuzz")
        )

    def done(self) -> bool:
        return bool(self.obj.t.finished) and self.twin is None

    # ------------------------------------------------------------- checks
    def check(self) -> None:
        t = self.obj.t
        if t.chips_in_play() != t.chips_expected():
            raise AssertionError(
                f"{t.chips_in_play():,} chips in play, {t.chips_expected():,} expected"
            )
        check_tournament(t)
        if t.finished and t.winner is not None and t.stack(t.winner) != t.chips_expected():
            raise AssertionError("the winner does not hold every chip")


def _clock(x: Event, choice: str) -> object:
    clock = x.t.clock
    if choice == "pause":
        return clock.pause()
    if choice == "resume":
        return clock.resume()
    if choice == "add_time":
        return clock.add_time(60)
    if choice == "next_period":
        return clock.next_period()
    return x.t.tick()


def fuzz_tournaments(
    runs: int, *, seed: int = 0, steps: int = 200, progress: Callable[[int], None] | None = None
) -> FuzzReport:
    """Fuzz ``runs`` random tournaments (seeds ``seed`` ...); see the module docstring."""
    return run_many(
        lambda s: TournamentRun(s, steps=steps),
        runs=runs,
        seed=seed,
        target="tournaments",
        progress=progress,
    )
