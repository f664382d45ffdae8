"""A club's championship: a season of tournaments and its points table.

Each tournament of the season gives points by finishing place, by a formula the club
chooses (:data:`FORMULAS`: a fixed table, one point per player beaten, the square-root
law, or the club's own table), plus bonus points for each knock-out (POK-6-3: the player
who takes all of another player's chips). The standings add them up across the season.
Everything is in whole points. A knock-out by several eliminators (a split pot) gives no
point by default: nobody took « la totalité » of the busted player's chips (POK-6-3); a
season with ``shared_knockouts`` splits its points instead, the odd points one each to
the first named (as the bounties do). Players sharing a place share the points of the
places they hold, the odd points one each to the first of them.

>>> season = Season("2026", formula=formula("linear"), knockout_points=2)
>>> season.add(EventResult("week 1", "2026-01-08", entrants=3,
...     places=(Placed(1, "ann"), Placed(2, "bob"), Placed(3, "cy")),
...     knockouts=(("cy", ("ann",)), ("bob", ("ann",)))))
>>> [(r.rank, r.player, r.points) for r in season.standings()]
[(1, 'ann', 7), (2, 'bob', 2), (3, 'cy', 1)]
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from croupier.errors import ConfigurationError

if TYPE_CHECKING:
    from croupier.room.tournament.base import TournamentBase

__all__ = [
    "FORMULAS",
    "EventResult",
    "Formula",
    "Placed",
    "Season",
    "Standing",
    "event_from_tournament",
    "formula",
]

_F1 = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)


@dataclass(frozen=True, slots=True)
class Formula:
    """Points for a finishing place among ``entrants``: a named law or a club's table.

    ``kind`` is ``table`` (``table[place - 1]``, 0 beyond it), ``linear`` (one point per
    player beaten, plus one: the last gets 1) or ``sqrt`` (``round(scale * sqrt(entrants
    / place))``, the usual league law: the winner of a bigger field gets more).
    ``played`` points go to every entrant for taking part.

    >>> formula("sqrt").points(1, 25), formula("sqrt").points(25, 25)
    (50, 10)
    >>> Formula("table", table=(10, 6, 3)).points(2, 30)
    6
    """

    kind: str
    table: tuple[int, ...] = ()
    scale: int = 10
    played: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("table", "linear", "sqrt"):
            raise ConfigurationError(
                f"a points formula is 'table', 'linear' or 'sqrt', not {self.kind!r}"
            )
        if not isinstance(self.table, tuple) or any(
            type(p) is not int or p < 0 for p in self.table
        ):
            raise ConfigurationError(f"a points table is whole points >= 0, not {self.table!r}")
        if any(b > a for a, b in zip(self.table, self.table[1:], strict=False)):
            raise ConfigurationError(
                f"a points table does not give more to a lower place: {list(self.table)}"
            )
        if self.kind == "table" and not self.table:
            raise ConfigurationError("a points table needs the points of at least one place")
        for name, value in (("scale", self.scale), ("played", self.played)):
            if type(value) is not int or value < 0:
                raise ConfigurationError(f"the formula's {name} is a whole number >= 0")

    def points(self, place: int, entrants: int) -> int:
        """The points of ``place`` (from 1) among ``entrants``."""
        if type(entrants) is not int or entrants < 1:
            raise ConfigurationError(f"entrants are a whole number >= 1, not {entrants!r}")
        if type(place) is not int or not 1 <= place <= entrants:
            raise ConfigurationError(f"a place is 1 to {entrants}, not {place!r}")
        if self.kind == "table":
            base = self.table[place - 1] if place <= len(self.table) else 0
        elif self.kind == "linear":
            base = entrants - place + 1
        else:
            base = _round_sqrt(Fraction(self.scale * self.scale * entrants, place))
        return base + self.played

    def to_json(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "kind": self.kind,
            "table": list(self.table),
            "scale": self.scale,
            "played": self.played,
        }

    @classmethod
    def from_json(cls, data: Any) -> Formula:
        """A formula back from :meth:`to_json` (or typed by the floor)."""
        if not isinstance(data, dict):
            raise ConfigurationError(f"a points formula is an object, not {data!r:.60}")
        table = data.get("table", [])
        if not isinstance(table, list):
            raise ConfigurationError(f"a points table is a list, not {table!r:.60}")
        return cls(
            data.get("kind", ""),
            tuple(table),
            data.get("scale", 10),
            data.get("played", 0),
        )


def _round_sqrt(x: Fraction) -> int:
    """``sqrt(x)`` rounded to the nearest whole number (halves up), exactly."""
    r = math.isqrt(x.numerator // x.denominator)
    while (r + 1) * (r + 1) <= x:
        r += 1
    return r + 1 if x >= Fraction((2 * r + 1) ** 2, 4) else r


FORMULAS: dict[str, Callable[[], Formula]] = {
    "f1": lambda: Formula("table", table=_F1),
    "linear": lambda: Formula("linear"),
    "sqrt": lambda: Formula("sqrt"),
    "pokcomm": lambda: Formula("linear", played=5),
}
"""The formulas ready to use: ``f1`` (25, 18, 15, 12, 10, 8, 6, 4, 2, 1), ``linear`` (one
point per player beaten, plus one), ``sqrt`` (``round(10 * sqrt(entrants / place))``) and
``pokcomm`` (linear, plus 5 for taking part: croupier's choice, the seed gives none)."""


def formula(name: str) -> Formula:
    """The named formula (see :data:`FORMULAS`)."""
    try:
        return FORMULAS[name]()
    except (KeyError, TypeError):
        raise ConfigurationError(
            f"unknown points formula {name!r}: choose one of {', '.join(FORMULAS)}"
        ) from None


class Placed(NamedTuple):
    """A finishing place: ``shared`` players hold it (a tie); ``prize`` in cents."""

    place: int
    player: str
    shared: int = 1
    prize: int = 0


class EventResult(NamedTuple):
    """One tournament of the season: its places and who knocked out whom."""

    event: str
    date: str
    entrants: int
    places: tuple[Placed, ...]
    knockouts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(victim, eliminators) for each knock-out (POK-6-3)."""

    def check(self) -> None:
        """Refuse an impossible result (changing nothing)."""
        if not isinstance(self.event, str) or not self.event.strip():
            raise ConfigurationError("an event of the season has a name")
        if type(self.entrants) is not int or self.entrants < 2:
            raise ConfigurationError(f"a tournament has 2 or more entrants, not {self.entrants!r}")
        players = [p.player for p in self.places]
        if len(set(players)) != len(players) or len(players) != self.entrants:
            raise ConfigurationError(
                f"{self.event}: every one of the {self.entrants} entrants has one place"
            )
        for p in self.places:
            if type(p.place) is not int or not 1 <= p.place <= self.entrants:
                raise ConfigurationError(f"{self.event}: {p.player} has no valid place")
        for victim, by in self.knockouts:
            if victim not in players or any(b not in players or b == victim for b in by):
                raise ConfigurationError(f"{self.event}: the knock-out of {victim!r} is unknown")


class Standing(NamedTuple):
    """One line of the season's standings."""

    rank: int
    player: str
    points: int
    place_points: int
    knockout_points: int
    events: int
    wins: int
    best: int
    knockouts: int
    prizes: int


class PlayerEvent(NamedTuple):
    """One player's result in one event of the season."""

    event: str
    date: str
    entrants: int
    place: int
    shared: int
    place_points: int
    knockouts: int
    knockout_points: int
    prize: int

    @property
    def points(self) -> int:
        """Place and knock-out points."""
        return self.place_points + self.knockout_points


@dataclass
class Season:
    """A season: its formula, the knock-out bonus (POK-6-3) and the events played.

    ``shared_knockouts``: a knock-out by several eliminators (a split pot) splits its
    points between them; False (POK-6-3's reading: nobody took all the chips): it gives
    no point and counts as nobody's knock-out.
    """

    name: str
    formula: Formula
    knockout_points: int = 0
    events: list[EventResult] = field(default_factory=list)
    shared_knockouts: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ConfigurationError("a season has a name")
        if not isinstance(self.formula, Formula):
            raise ConfigurationError(f"a season has a points Formula, not {self.formula!r}")
        if type(self.knockout_points) is not int or self.knockout_points < 0:
            raise ConfigurationError(
                f"knock-out points are a whole number >= 0, not {self.knockout_points!r}"
            )
        if type(self.shared_knockouts) is not bool:
            raise ConfigurationError(
                f"shared_knockouts is true or false, not {self.shared_knockouts!r}"
            )

    def add(self, result: EventResult) -> None:
        """Add a tournament's result (refused, changing nothing, if it is already in or
        impossible)."""
        result.check()
        if any(e.event == result.event for e in self.events):
            raise ConfigurationError(f"{result.event!r} is already in the season {self.name}")
        self.events.append(result)

    def remove(self, event: str) -> None:
        """Take an event out of the season (entered by mistake)."""
        kept = [e for e in self.events if e.event != event]
        if len(kept) == len(self.events):
            raise ConfigurationError(f"the season {self.name} has no event {event!r}")
        self.events = kept

    # -------------------------------------------------------------- points
    def _event_points(self, result: EventResult) -> dict[str, PlayerEvent]:
        out: dict[str, PlayerEvent] = {}
        ko_count: dict[str, int] = {}
        ko_points: dict[str, int] = {}
        for _, by in result.knockouts:
            if len(by) > 1 and not self.shared_knockouts:
                continue  # POK-6-3: nobody took « la totalité » of his chips
            each, left = divmod(self.knockout_points, len(by)) if by else (0, 0)
            for k, player in enumerate(by):
                ko_count[player] = ko_count.get(player, 0) + 1
                ko_points[player] = ko_points.get(player, 0) + each + (1 if k < left else 0)
        groups: dict[int, list[Placed]] = {}
        for p in result.places:
            groups.setdefault(p.place, []).append(p)
        for place, tied in groups.items():
            total = sum(
                self.formula.points(q, result.entrants)
                for q in range(place, min(place + len(tied), result.entrants + 1))
            )
            each, left = divmod(total, len(tied))
            for k, p in enumerate(tied):
                out[p.player] = PlayerEvent(
                    result.event,
                    result.date,
                    result.entrants,
                    place,
                    len(tied),
                    each + (1 if k < left else 0),
                    ko_count.get(p.player, 0),
                    ko_points.get(p.player, 0),
                    p.prize,
                )
        return out

    def player_results(self, player: str) -> list[PlayerEvent]:
        """``player``'s result in each event he played, in the season's order."""
        return [
            got[player] for got in (self._event_points(e) for e in self.events) if player in got
        ]

    def standings(self) -> list[Standing]:
        """Every player of the season, best first: by points, then wins, then best place;
        players equal on all three share the rank."""
        totals: dict[str, list[PlayerEvent]] = {}
        for result in self.events:
            for player, one in self._event_points(result).items():
                totals.setdefault(player, []).append(one)
        rows = []
        for player, got in totals.items():
            place = sum(g.place_points for g in got)
            ko = sum(g.knockout_points for g in got)
            rows.append(
                (
                    place + ko,
                    place,
                    ko,
                    len(got),
                    sum(1 for g in got if g.place == 1),
                    min(g.place for g in got),
                    sum(g.knockouts for g in got),
                    sum(g.prize for g in got),
                    player,
                )
            )
        rows.sort(key=lambda r: (-r[0], -r[4], r[5], r[8]))
        out: list[Standing] = []
        for k, r in enumerate(rows):
            tied = out and (out[-1].points, out[-1].wins, out[-1].best) == (r[0], r[4], r[5])
            rank = out[-1].rank if tied else k + 1
            out.append(Standing(rank, r[8], r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]))
        return out

    def to_csv(self) -> str:
        """The standings as CSV (one line a player)."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(
            [
                "rank",
                "player",
                "points",
                "place points",
                "knock-out points",
                "events",
                "wins",
                "best place",
                "knock-outs",
                "prizes (cents)",
            ]
        )
        for s in self.standings():
            writer.writerow(list(s))
        return buffer.getvalue()

    # ------------------------------------------------------------- records
    def snapshot(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "kind": "season",
            "version": 1,
            "name": self.name,
            "formula": self.formula.to_json(),
            "knockout_points": self.knockout_points,
            "shared_knockouts": self.shared_knockouts,
            "events": [
                {
                    "event": e.event,
                    "date": e.date,
                    "entrants": e.entrants,
                    "places": [list(p) for p in e.places],
                    "knockouts": [[v, list(by)] for v, by in e.knockouts],
                }
                for e in self.events
            ],
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Season:
        """The season :meth:`snapshot` saved."""
        if not isinstance(data, dict) or data.get("kind") != "season":
            raise ConfigurationError(f"not a season snapshot: {data!r:.60}")
        try:
            season = cls(
                data["name"],
                Formula.from_json(data["formula"]),
                data["knockout_points"],
                shared_knockouts=data.get("shared_knockouts", False),
            )
            for e in data["events"]:
                season.events.append(
                    EventResult(
                        e["event"],
                        e["date"],
                        e["entrants"],
                        tuple(Placed(*p) for p in e["places"]),
                        tuple((v, tuple(by)) for v, by in e["knockouts"]),
                    )
                )
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigurationError(f"not a valid season snapshot: {exc!r}") from exc
        return season


def event_from_tournament(tournament: TournamentBase, *, event: str, date: str) -> EventResult:
    """The result of a finished tournament (played online or live) for the season: its
    places, prizes and knock-outs (POK-6-3)."""
    if not tournament.finished:
        raise ConfigurationError(f"{event} is not over: a season counts finished tournaments")
    places = tuple(Placed(r.place, r.player, r.shared, r.prize) for r in tournament.results())
    knockouts = tuple(
        (f.player, f.bust.eliminators)
        for f in tournament.finishes()
        if f.bust is not None and f.bust.eliminators
    )
    return EventResult(event, date, len(tournament.registry), places, knockouts)
