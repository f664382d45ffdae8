"""A headless cash-game room full of bots, for tests, load and the ``simulate`` command.

:func:`run_room` opens tables, gives every bot money at the cashier and lets them live:
they register on the waiting list and are called in order (some do not answer), buy in,
play, leave during a hand or between hands, rebuy (refused during a hand), step away
and come back or stay away past the maximum (their chips are set aside), claim their
chips, withdraw and deposit; now and then a session's last three hands are announced
and a new session opens. The ledger is checked after every hand and audited at the end.
Everything is drawn from one seed: same seed, same room.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from croupier.bots import make_bot
from croupier.engine import Action, Hand, HandView
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.cash.absence import AbsencePolicy, AwayReason
from croupier.room.cash.room import Room
from croupier.rules import BettingStructure, Rules, casino_fr, pokerkings
from croupier.rules import preset as rules_preset

__all__ = ["BotFactory", "Player", "RoomReport", "cash_rules", "run_room"]


class Player(Protocol):
    """A computer player: sees its seat's view, returns an action (``croupier.bots``)."""

    def act(self, view: HandView) -> Action:
        """The action for the seat of ``view``."""
        ...


BotFactory = Callable[[str, int], Player]
"""Builds a bot from a kind name and a seed (``croupier.bots.make_bot``)."""

Progress = Callable[[int, int], None]
"""Called with (hands played, hands wanted) after every hand."""

_VERSIONS = tuple(BettingStructure)


def cash_rules(name: str, version: BettingStructure | str | None = None) -> Rules:
    """The cash-game rules of preset ``name`` at small stakes, in cents.

    ``pokerkings``: 2-4 EUR fixed limit (PKG-4: small blind 1 EUR); ``casino-fr``: blinds
    1-2 EUR in ``version`` (no-limit by default) with the option (CAS-14).
    """
    if name == "pokerkings":
        return pokerkings(200, 400, euro=100)
    if name == "casino-fr":
        return casino_fr(version or BettingStructure.NO_LIMIT, 100, 200, option=True)
    rules = rules_preset(name)
    if rules.tournament:
        raise ConfigurationError(
            f"{name!r} is a tournament preset: a cash-game room plays pokerkings or casino-fr"
        )
    return rules


@dataclass(frozen=True, slots=True)
class RoomReport:
    """What a simulated room did, and whether its books balanced."""

    preset: str
    seed: int
    tables: int
    players: int
    hands: int
    seconds: float
    hands_per_second: float
    rake: int
    seated: int
    left: int
    rebuys: int
    set_aside: int
    claimed: int
    orphaned: int
    """Set-aside chips that went to the orphan register at the end of a session (CAS-8)."""
    moves: int
    refused: int
    sessions_opened: int
    sessions_closed: int
    orphans: int
    """The orphan register's total at the end (cents)."""
    house: int
    """The house boxes' total: the rake (cents)."""
    deposited: int
    withdrawn: int
    held: int
    entries: int
    ledger_balanced: bool

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary."""
        return asdict(self)


class _Clock:
    """Simulated time: each hand takes a minute."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _Sim:
    """The bots' life in the room (one instance per run)."""

    def __init__(
        self,
        room: Room,
        rng: random.Random,
        names: list[str],
        make: BotFactory,
        kinds: Sequence[str],
        rules_of: Callable[[], Rules],
        close_every: int,
    ) -> None:
        self.room, self.rng, self.names, self.make = room, rng, names, make
        self.kinds, self.rules_of, self.close_every = kinds, rules_of, close_every
        self.bots: dict[str, Player] = {}
        self.refused = 0

    def bot(self, name: str) -> Player:
        if name not in self.bots:
            kind = self.kinds[len(self.bots) % len(self.kinds)]
            self.bots[name] = self.make(kind, self.rng.randrange(2**32))
        return self.bots[name]

    def refuse(self, action: Callable[[], object]) -> None:
        """An operation the room must refuse, changing nothing."""
        before = self.room.ledger.totals(), len(self.room.ledger)
        try:
            action()
        except IllegalActionError:
            self.refused += 1
        else:  # pragma: no cover - a bug in the room
            raise AssertionError("the room accepted an operation it must refuse")
        assert (self.room.ledger.totals(), len(self.room.ledger)) == before

    # ------------------------------------------------------------- a hand
    def play(self, table: str) -> None:
        room, rng = self.room, self.rng
        straddle = bool(room.session(table).rules.stakes.straddle) and rng.random() < 0.2
        try:
            hand = room.start_hand(table, straddle=straddle)
        except ConfigurationError:  # the option needs four players (CAS-14)
            hand = room.start_hand(table)
        while not hand.is_over:
            self.during(table, hand)
            seat = hand.to_act
            assert seat is not None
            hand.act(seat, self.bot(_player(hand, seat)).act(hand.view(seat)))
        room.finish_hand(table)

    def during(self, table: str, hand: Hand) -> None:
        """Things players try while a hand is played."""
        room, rng = self.room, self.rng
        if rng.random() < 0.02:
            player = rng.choice(hand.seats).player
            if room.where(player) == table:
                self.refuse(lambda: room.rebuy(player, room.session(table).min_buy_in))
        if rng.random() < 0.005:
            player = rng.choice(hand.seats).player
            if room.where(player) == table:
                room.leave(player)  # he leaves when the hand ends
        if rng.random() < 0.005:
            player = rng.choice(hand.seats).player
            if room.where(player) == table:
                self.refuse(lambda: room.floor_move(player))

    # ------------------------------------------------------- between hands
    def seated(self, name: str, table: str) -> None:
        room, rng = self.room, self.rng
        session = room.session(table)
        away = room.absences.get(name)
        stack = room.seat(name).stack
        roll = rng.random()
        if away is not None and away.reason is AwayReason.STEPPED_AWAY:
            if roll < 0.15 and stack > 0:
                room.come_back(name, post=rng.random() < 0.5)
            return
        if stack == 0:
            if roll < 0.5:
                amount = min(session.max_rebuy, rng.randint(session.min_buy_in, session.max_buy_in))
                if room.balance(name) < amount and rng.random() < 0.5:
                    room.deposit(name, amount)
                if room.balance(name) >= amount:
                    room.rebuy(name, amount)
            elif roll < 0.7:
                room.leave(name)
            return
        if roll < 0.015:
            room.leave(name)
        elif roll < 0.035:
            room.step_away(name)
        elif roll < 0.05 and stack < session.max_buy_in:
            amount = rng.randint(1, session.max_rebuy)
            if amount <= room.balance(name):
                room.rebuy(name, amount)
        elif roll < 0.052:
            self.refuse(lambda: room.change_seat(name, 1))
        elif roll < 0.054 and room.table(table).free_seats():
            room.floor_move(name)

    def standing(self, name: str) -> None:
        room, rng = self.room, self.rng
        if name in room.waiting:
            if rng.random() < 0.05:
                room.set_answering(name, rng.random() < 0.8)
            return
        if room.claimable(name) and rng.random() < 0.3:
            room.claim(name)
        balance = room.balance(name)
        if balance and rng.random() < 0.05:
            room.withdraw(name, rng.randint(1, balance))
        if rng.random() < 0.3:
            tables = [t for t in room.tables if room.session(t).is_open]
            if not tables:
                return
            table = rng.choice(tables)
            session = room.session(table)
            buy_in = rng.randint(session.min_buy_in, session.max_buy_in)
            if room.balance(name) < buy_in:
                room.deposit(name, buy_in * rng.randint(1, 4))
            if rng.random() < 0.5:
                room.register(name, table=table, buy_in=buy_in)
            else:
                room.register(name, stakes=session.stakes_key, buy_in=buy_in)

    def tend(self, table: str) -> bool:
        """Get ``table`` ready for a hand; False when it cannot deal one now."""
        room, rng = self.room, self.rng
        session = room.session(table)
        if not session.can_deal:
            room.open_table(table, self.rules_of())
            return False
        if session.is_open and rng.random() < 1 / self.close_every:
            room.announce_close(table)
        room.fill(table, answers=lambda r: rng.random() < 0.85)
        if room.can_start(table):
            return True
        if not session.is_open:
            room.close(table)
        else:  # nobody ready: bring the away players back
            for ts in room.table(table):
                if ts.player in room.absences and ts.stack > 0:
                    room.come_back(ts.player)
        return False

    def after(self, table: str) -> None:
        room = self.room
        for ts in room.table(table):
            self.seated(ts.player, table)
        for name in self.names:
            if room.where(name) is None:
                self.standing(name)


def _player(hand: Hand, seat: int) -> str:
    for s in hand.seats:
        if s.seat == seat:
            return s.player
    raise ValueError(f"seat {seat} is not dealt in")  # pragma: no cover


def run_room(
    preset: str | Rules,
    *,
    tables: int = 2,
    hands: int = 1_000,
    seed: int | None = None,
    bots: Sequence[str] | BotFactory = ("random", "station"),
    players: int | None = None,
    absence: AbsencePolicy | None = None,
    close_every: int = 400,
    progress: Progress | None = None,
    check_every_hand: bool = True,
) -> RoomReport:
    """Run a room of ``tables`` tables for ``hands`` hands in all, filled with bots.

    ``preset``: ``pokerkings`` or ``casino-fr`` (cash stakes in cents, see
    :func:`cash_rules`; casino sessions draw their version), or a rules value.
    ``bots``: kinds for ``croupier.bots.make_bot`` used in turn, or a factory. ``seed``
    (drawn securely when None, and reported) replays the room. The ledger is checked
    after every hand (``check_every_hand``) and audited at the end.
    """
    if tables < 1 or hands < 0:
        raise ConfigurationError(f"a room needs tables >= 1 and hands >= 0, not {tables}/{hands}")
    chosen = secrets.randbelow(2**31) if seed is None else seed
    master = random.Random(chosen)
    clock = _Clock()
    room = Room(
        rng=random.Random(master.randrange(2**63)),
        clock=clock,
        absence=absence or AbsencePolicy(max_hands=15, max_seconds=30 * 60),
    )
    if isinstance(preset, Rules):
        fixed, label = preset, preset.name

        def rules_of() -> Rules:
            return fixed
    else:
        label = preset
        cash_rules(label)  # refuse tournament presets before anything else

        def rules_of() -> Rules:
            if label == "casino-fr":
                return cash_rules(label, master.choice(_VERSIONS))
            return cash_rules(label)

    kinds: tuple[str, ...] = ("bot",)
    if callable(bots):
        make = bots
    else:
        make, kinds = make_bot, tuple(bots) or ("random",)
        for kind in kinds:
            make_bot(kind)  # an unknown name is refused before anything starts
    names = [f"p{k:03d}" for k in range(1, (players or 13 * tables) + 1)]
    sim = _Sim(room, master, names, make, kinds, rules_of, close_every)
    for k in range(tables):
        room.open_table(f"t{k + 1}", rules_of())
    for name in names:
        session = room.session(master.choice(room.tables))
        room.deposit(name, master.randint(3, 8) * session.max_buy_in)
        sim.standing(name)
    started = time.perf_counter()
    idle = 0
    while room.stats.hands < hands:
        played = False
        for table in room.tables:
            if room.stats.hands >= hands:
                break
            if not sim.tend(table):
                continue
            sim.play(table)
            played = True
            clock.now += 60.0
            if check_every_hand:
                room.check()
            sim.after(table)
            if progress is not None:
                progress(room.stats.hands, hands)
        if played:
            idle = 0
            continue
        idle += 1
        clock.now += 60.0
        for name in names:  # nobody could play: everyone standing tries to get a seat
            if room.where(name) is None and name not in room.waiting:
                sim.standing(name)
        if idle > 1_000:  # pragma: no cover - a bug in the simulation
            raise RuntimeError("the simulated room stopped dealing")
    seconds = time.perf_counter() - started
    room.ledger.audit()
    totals = room.check()
    stats = room.stats
    return RoomReport(
        preset=label,
        seed=chosen,
        tables=tables,
        players=len(names),
        hands=stats.hands,
        seconds=round(seconds, 3),
        hands_per_second=round(stats.hands / seconds, 1) if seconds else 0.0,
        rake=stats.rake,
        seated=stats.seated,
        left=stats.left,
        rebuys=stats.rebuys,
        set_aside=stats.set_aside,
        claimed=stats.claimed,
        orphaned=stats.orphaned,
        moves=stats.moves,
        refused=sim.refused,
        sessions_opened=stats.sessions_opened,
        sessions_closed=stats.sessions_closed,
        orphans=totals.orphans,
        house=totals.house,
        deposited=totals.deposited,
        withdrawn=totals.withdrawn,
        held=totals.held,
        entries=len(room.ledger),
        ledger_balanced=totals.balanced,
    )
