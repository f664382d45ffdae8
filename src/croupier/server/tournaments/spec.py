"""What the server knows of a tournament besides the domain's state: its id and name, how it
starts (a sit-and-go when N have registered, a scheduled one at a time), its limits, and the
structure as published in the lobby (ITA-6).

A :class:`Spec` is made when a tournament is created (by the demo or the floor) and stored with
it; :meth:`Spec.config` builds the domain's :class:`TournamentConfig` from it.
"""

from __future__ import annotations

import dataclasses
import re
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from croupier.errors import ConfigurationError
from croupier.room.tournament import TournamentConfig, tournament_preset
from croupier.room.tournament._state import config_from_json, config_to_json
from croupier.room.tournament.structure import Break, Level, Structure
from croupier.rules.model import AnteKind

__all__ = ["ONLINE_PRESETS", "Spec", "levels_json", "structure_from_json", "table_name"]

ONLINE_PRESETS = (
    "pokcomm",
    "pokcomm-double",
    "pokcomm-ko",
    "pokcomm-pko",
    "pokcomm-rebuy",
    "italian",
    "tda",
)
"""The tournament presets served online (``pokcomm-pko``: money bounties, see .bounties)."""

_ID = re.compile(r"^[A-Za-z0-9_.-]{1,48}$")
Kind = Literal["sit-and-go", "scheduled"]


def table_name(tournament: str, number: int) -> str:
    """The name of a tournament's table: ``"sng-pokcomm-3@1"``."""
    return f"{tournament}@{number}"


def levels_json(structure: Structure) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The structure's levels ({level, small_blind, big_blind, ante, minutes}) and breaks
    ({after_level, minutes}), as the lobby publishes them."""
    levels: list[dict[str, Any]] = []
    breaks: list[dict[str, Any]] = []
    for period in structure.periods:
        if isinstance(period, Level):
            levels.append(
                {
                    "level": len(levels) + 1,
                    "small_blind": period.small_blind,
                    "big_blind": period.big_blind,
                    "ante": period.ante,
                    "minutes": float(period.minutes),
                }
            )
        else:
            breaks.append({"after_level": len(levels), "minutes": float(period.minutes)})
    return levels, breaks


def structure_from_json(data: Any, *, base: Structure) -> Structure:
    """A structure from the floor's JSON: ``{"levels": [{small_blind, big_blind, ante?,
    minutes?}], "breaks": [{after_level, minutes}]?, "starting_stack"?,
    "late_registration_levels"?, "name"?}``; what is not given is ``base``'s."""
    if not isinstance(data, dict):
        raise ConfigurationError(f"a structure is a JSON object, not {data!r:.60}")
    unknown = set(data) - {"levels", "breaks", "starting_stack", "late_registration_levels", "name"}
    if unknown:
        raise ConfigurationError(f"a structure has no field {sorted(unknown)[0]!r}")
    rows = data.get("levels")
    periods: list[Level | Break] = []
    if rows is None:
        periods = list(base.periods)
    else:
        if not isinstance(rows, list) or not rows or len(rows) > 100:
            raise ConfigurationError("a structure's levels are a list of 1 to 100 levels")
        breaks = data.get("breaks", [])
        if not isinstance(breaks, list):
            raise ConfigurationError("a structure's breaks are a list")
        after: dict[int, float] = {}
        for b in breaks:
            if not isinstance(b, dict) or set(b) - {"after_level", "minutes"}:
                raise ConfigurationError(f"a break is {{after_level, minutes}}, not {b!r:.60}")
            after[_int(b.get("after_level"), "a break's after_level")] = _minutes(b.get("minutes"))
        for i, row in enumerate(rows, start=1):
            if not isinstance(row, dict) or set(row) - {
                "small_blind",
                "big_blind",
                "ante",
                "minutes",
                "level",
            }:
                raise ConfigurationError(
                    f"level {i} is {{small_blind, big_blind, ante, minutes}}, not {row!r:.60}"
                )
            periods.append(
                Level(
                    _int(row.get("small_blind"), f"level {i}'s small blind"),
                    _int(row.get("big_blind"), f"level {i}'s big blind"),
                    ante=_int(row.get("ante", 0), f"level {i}'s ante"),
                    minutes=_minutes(row.get("minutes", 20)),
                )
            )
            if i in after and i < len(rows):
                periods.append(Break(after[i]))
    stack = data.get("starting_stack", base.starting_stack)
    late = data.get("late_registration_levels", base.late_registration_levels)
    name = data.get("name", base.name)
    if not isinstance(name, str) or not 1 <= len(name) <= 80:
        raise ConfigurationError("a structure's name is a text of 1 to 80 characters")
    has_ante = any(isinstance(p, Level) and p.ante for p in periods)
    ante_kind = base.ante_kind
    if has_ante and ante_kind is AnteKind.NONE:
        ante_kind = AnteKind.EVERY_PLAYER
    return Structure(
        name,
        _int(stack, "the starting stack"),
        tuple(periods),
        ante_kind=ante_kind,
        late_registration_levels=_int(late, "late_registration_levels"),
    )


def _int(value: Any, what: str) -> int:
    if type(value) is not int or value < 0:
        raise ConfigurationError(f"{what} is a whole number >= 0, not {value!r:.40}")
    return value


def _minutes(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 600:
        raise ConfigurationError(f"a length in minutes is a number from 0 to 600, not {value!r}")
    return float(value)


@dataclass
class Spec:
    """A tournament as the server runs it (stored with its state).

    ``start_when``: a sit-and-go starts when that many have registered; ``starts_at``:
    a scheduled one at that time (seconds since the epoch), with at least two players.
    """

    id: str
    name: str
    preset: str
    kind: Kind
    config: dict[str, Any]
    """The domain's configuration, JSON-ready (``config_to_json``)."""
    max_players: int
    start_when: int | None = None
    starts_at: float | None = None
    demo: bool = False
    bots: int = 0
    """How many bots the demo adds (a sit-and-go: up to its size; scheduled: at the start)."""
    created_at: float = field(default_factory=time.time)

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID.match(self.id):
            raise ConfigurationError(
                f"a tournament id has 1 to 48 letters, digits, '_', '.' or '-', not {self.id!r}"
            )
        if self.kind not in ("sit-and-go", "scheduled"):
            raise ConfigurationError(f"a tournament is a sit-and-go or scheduled, not {self.kind}")
        if type(self.max_players) is not int or not 2 <= self.max_players <= 1000:
            raise ConfigurationError(
                f"a tournament takes 2 to 1000 players, not {self.max_players}"
            )
        if self.kind == "sit-and-go" and (
            type(self.start_when) is not int or not 2 <= self.start_when <= self.max_players
        ):
            raise ConfigurationError(
                f"a sit-and-go starts when 2 to {self.max_players} have registered,"
                f" not {self.start_when!r}"
            )

    @classmethod
    def make(
        cls,
        *,
        id: str,
        preset: str,
        name: str | None = None,
        kind: Kind = "sit-and-go",
        max_players: int | None = None,
        table_size: int | None = None,
        start_when: int | None = None,
        starts_at: float | None = None,
        buy_in: int | None = None,
        fee: int | None = None,
        structure: Any = None,
        level_minutes: float | None = None,
        break_minutes: float | None = None,
        demo: bool = False,
        bots: int = 0,
    ) -> Spec:
        """A tournament of ``preset``, with its knobs changed as given."""
        if preset not in ONLINE_PRESETS:
            raise ConfigurationError(
                f"preset {preset!r} is not played online: choose one of {', '.join(ONLINE_PRESETS)}"
            )
        config = tournament_preset(preset)
        changes: dict[str, Any] = {}
        base = config.structure
        if level_minutes is not None or break_minutes is not None:
            pause = break_minutes if break_minutes is not None else level_minutes
            base = dataclasses.replace(
                base,
                periods=tuple(
                    dataclasses.replace(p, minutes=level_minutes or p.minutes)
                    if isinstance(p, Level)
                    else dataclasses.replace(p, minutes=pause or p.minutes)
                    for p in base.periods
                ),
            )
        if structure is not None:
            base = structure_from_json(structure, base=base)
        changes["structure"] = base
        if table_size is not None:
            changes["options"] = dataclasses.replace(config.options, table_size=table_size)
        if buy_in is not None:
            changes["buy_in"] = buy_in
        if fee is not None:
            changes["fee"] = fee
        config = config.but(**changes)
        size = config.options.table_size
        if max_players is None:
            max_players = size if kind == "sit-and-go" else 10 * size
        if kind == "sit-and-go" and start_when is None:
            start_when = max_players
        return cls(
            id=id,
            name=name or id,
            preset=preset,
            kind=kind,
            config=config_to_json(config),
            max_players=max_players,
            start_when=start_when,
            starts_at=starts_at,
            demo=demo,
            bots=bots,
        )

    def tournament_config(self) -> TournamentConfig:
        """The domain's configuration."""
        return config_from_json(self.config)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Spec:
        """The spec :meth:`to_json` wrote."""
        return cls(**data)
