"""One live event as the server keeps it: the domain's live tournament, the floor's
decisions, the event's own settings (guarantee, payout table, the message on the clock)
and the journal of everything the floor entered (who, when, why).

The tournament runs on the wall clock (:class:`WallClock`): a snapshot records the
time it was taken, and a server restarted later lets the clock catch up on the time it
was down (the cards kept being played in the room), unless the clock was paused.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from croupier.errors import ConfigurationError
from croupier.room.tournament import LiveTournament, tournament_preset
from croupier.room.tournament.balancing import Move
from croupier.room.tournament.clock import Clock
from croupier.room.tournament.config import AddOn, KnockOut, Rebuy, TournamentConfig
from croupier.room.tournament.floor import Floor
from croupier.room.tournament.payouts import (
    PayoutTable,
    PrizePool,
    minimum_places,
    payouts,
)
from croupier.room.tournament.registration import Entry, RegistrationError
from croupier.room.tournament.structure import Break, Level, Period, Structure
from croupier.rules.model import AnteKind

__all__ = ["ClubLive", "LiveEvent", "WallClock", "build_config"]

KIND = "live-event"


class WallClock:
    """Seconds since the epoch (``time.time()``): a live event's clock survives a restart."""

    def now(self) -> float:
        """The current time in seconds."""
        return time.time()


class ClubLive(LiveTournament):
    """A live tournament with the club's guarantee (an overlay tops the pool up to it) and
    its own payout table (ITA-18: decreasing percentages, at least 10 % of the entrants
    paid)."""

    guarantee: int = 0
    payout_table: PayoutTable | None = None

    def register(self, player: str, *, adult: bool, arrived: bool = True) -> Entry:
        """As :meth:`LiveTournament.register`; a payout table of N places takes at most
        10 N entrants (ITA-18)."""
        table = self.payout_table
        if table is not None and minimum_places(len(self.registry) + 1) > table.places:
            raise RegistrationError(
                f"the payout table pays {table.places} places: at most {10 * table.places}"
                " entrants (ITA-18: at least 10 % of the entrants are paid)"
            )
        return super().register(player, adult=adult, arrived=arrived)

    def prize_pool(self) -> PrizePool:
        """The pool, topped up to the guarantee by an overlay."""
        pool = super().prize_pool()
        if not self.guarantee:
            return pool
        return dataclasses.replace(pool, overlay=max(0, self.guarantee - pool.collected))

    def prize_amounts(self) -> list[int]:
        """The prizes by the club's payout table (whole euros when the pool allows)."""
        table = self.payout_table
        if table is None:
            return super().prize_amounts()
        pool = self.prize_pool().total
        entrants = max(1, len(self.registry))
        if pool <= 0 or table.places > entrants:
            return []
        try:
            return payouts(pool, entrants, table=table, unit=100)
        except ConfigurationError:
            return payouts(pool, entrants, table=table, unit=1)


def _periods(levels: Sequence[Mapping[str, Any]]) -> tuple[Period, ...]:
    periods: list[Period] = []
    for k, item in enumerate(levels, start=1):
        if not isinstance(item, Mapping):
            raise ConfigurationError(f"period {k} is a level or a break, not {item!r:.40}")
        if item.get("break") is not None:
            periods.append(Break(item["break"]))
        else:
            try:
                periods.append(
                    Level(
                        item["small_blind"],
                        item["big_blind"],
                        item.get("ante", 0),
                        item.get("minutes", 20),
                    )
                )
            except KeyError as exc:
                raise ConfigurationError(f"level {k} needs its {exc.args[0]}") from None
            except ConfigurationError as exc:
                raise ConfigurationError(f"level {k}: {exc}") from None
    return tuple(periods)


def build_config(spec: Mapping[str, Any]) -> TournamentConfig:
    """A tournament's configuration from the floor's form: a preset (``pokcomm``,
    ``italian``, ``tda`` ...) and what the floor changed (levels and breaks, starting
    stack, late registration, buy-in, fee, rebuys, add-on, knock-out, places, table size).
    Refused with a clear error if any part is impossible."""
    base = tournament_preset(str(spec.get("preset") or "pokcomm"))
    structure = base.structure
    periods = structure.periods
    if spec.get("levels"):
        periods = _periods(spec["levels"])
    ante_kind = structure.ante_kind
    if ante_kind is AnteKind.NONE and any(isinstance(p, Level) and p.ante for p in periods):
        ante_kind = AnteKind.EVERY_PLAYER
    structure = Structure(
        structure.name,
        spec.get("starting_stack") or structure.starting_stack,
        periods,
        ante_kind,
        spec.get("late_levels", structure.late_registration_levels),
    )
    changes: dict[str, Any] = {"structure": structure}
    if spec.get("name"):
        changes["name"] = spec["name"]
    for key in ("buy_in", "fee", "places"):
        if spec.get(key) is not None:
            changes[key] = spec[key]
    if spec.get("table_size"):
        changes["options"] = dataclasses.replace(base.options, table_size=spec["table_size"])
    if spec.get("rebuy"):
        changes["rebuy"] = Rebuy(**spec["rebuy"])
    if spec.get("add_on"):
        changes["add_on"] = AddOn(**spec["add_on"])
    if spec.get("knockout"):
        changes["knockout"] = KnockOut(**spec["knockout"])
    elif "knockout" in spec:
        changes["knockout"] = None
    try:
        return base.but(**changes)
    except TypeError as exc:
        raise ConfigurationError(f"not a tournament setting: {exc}") from None


def payout_table(percentages: Sequence[str | int] | None) -> PayoutTable | None:
    """The club's payout table (None: croupier's harmonic law)."""
    if not percentages:
        return None
    return PayoutTable.of(*percentages)


def stamp(at: float) -> str:
    """A wall time as ISO 8601 UTC to the second."""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")


class LiveEvent:
    """A live tournament and what the server keeps beside it."""

    def __init__(
        self,
        event_id: str,
        name: str,
        spec: Mapping[str, Any],
        *,
        by: str,
        clock: Clock | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.id = event_id
        self.name = name
        self.spec = dict(spec)
        self.clock: Clock = clock or WallClock()
        table = payout_table(self.spec.get("payouts"))
        guarantee = self.spec.get("guarantee") or 0
        if type(guarantee) is not int or guarantee < 0:
            raise ConfigurationError(f"a guarantee is a whole number of cents, not {guarantee!r}")
        if table is not None and self.spec.get("places") not in (None, table.places):
            raise ConfigurationError(
                f"the payout table pays {table.places} places, not {self.spec['places']}"
            )
        config = build_config({**self.spec, "name": name})
        self.tournament = ClubLive(config, clock=self.clock, rng=rng or random.SystemRandom())
        self.tournament.guarantee = guarantee
        self.tournament.payout_table = table
        self.floor = Floor(self.tournament, director=by)
        self.created_by = by
        self.created_at = self.clock.now()
        self.message = ""
        self.accounts: set[str] = set()
        """Entrants registered from their online accounts."""
        self.moves_todo: list[Move] = []
        """Moves croupier asked for that the floor has not confirmed yet."""
        self.journal: list[dict[str, Any]] = []
        self.season: str | None = None
        self.in_season = False

    # ------------------------------------------------------------ journal
    def note(self, by: str, action: str, detail: str = "", reason: str = "") -> dict[str, Any]:
        """Write what the floor did to the event's journal (who, when, what, why)."""
        entry = {
            "number": len(self.journal) + 1,
            "at": stamp(self.clock.now()),
            "by": by,
            "action": action,
            "detail": detail,
            "reason": reason,
            "level": self.tournament.clock.level_number,
        }
        self.journal.append(entry)
        return entry

    def asked(self, moves: Sequence[Move]) -> None:
        """Croupier asked the floor to make ``moves``: kept until confirmed (a player moved
        twice keeps his last move)."""
        for move in moves:
            self.moves_todo = [m for m in self.moves_todo if m.player != move.player]
            self.moves_todo.append(move)
        seated = set(self.tournament.players())
        self.moves_todo = [m for m in self.moves_todo if m.player in seated]

    # ------------------------------------------------------------ records
    def snapshot(self) -> dict[str, Any]:
        """The event, JSON-ready (the tournament's and the floor's snapshots inside)."""
        return {
            "kind": KIND,
            "version": 1,
            "id": self.id,
            "name": self.name,
            "spec": self.spec,
            "saved_at": self.clock.now(),
            "created_by": self.created_by,
            "created_at": self.created_at,
            "message": self.message,
            "accounts": sorted(self.accounts),
            "moves_todo": [[*m[:5], m.reason.value] for m in self.moves_todo],
            "journal": self.journal,
            "season": self.season,
            "in_season": self.in_season,
            "tournament": self.tournament.snapshot(),
            "floor": self.floor.snapshot(),
        }

    @classmethod
    def restore(cls, data: Mapping[str, Any], *, clock: Clock | None = None) -> LiveEvent:
        """The event :meth:`snapshot` saved; a running clock catches up on the time the
        server was down."""
        from croupier.room.tournament.balancing import MoveReason

        if not isinstance(data, Mapping) or data.get("kind") != KIND:
            raise ConfigurationError(f"not a live event snapshot: {data!r:.60}")
        try:
            event = cls(data["id"], data["name"], data["spec"], by=data["created_by"], clock=clock)
            t = ClubLive.restore(data["tournament"], clock=event.clock)
            assert isinstance(t, ClubLive)
            t.guarantee = event.tournament.guarantee
            t.payout_table = event.tournament.payout_table
            event.tournament = t
            event.floor = Floor.restore(data["floor"], t)
            event.created_at = data["created_at"]
            event.message = data["message"]
            event.accounts = set(data["accounts"])
            event.moves_todo = [
                Move(m[0], m[1], m[2], m[3], m[4], MoveReason(m[5])) for m in data["moves_todo"]
            ]
            event.journal = list(data["journal"])
            event.season = data["season"]
            event.in_season = data["in_season"]
            down = event.clock.now() - float(data["saved_at"])
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ConfigurationError(f"not a valid live event snapshot: {exc!r}") from exc
        if t.clock.running and down > 0:
            t.clock.elapse(down)
            t.tick()
        return event
