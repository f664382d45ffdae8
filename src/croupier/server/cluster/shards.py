"""The shards of the room: the pieces of state that each have exactly one writer.

- a cash table (``table``, its name): its hands, seats and stored part;
- a tournament with all its tables (``tournament``, its id): one writer, since a hand that
  ends at one table may move players from another;
- the room's shared part (``room``): waiting lists, mutes, the counters;
- a cashier partition (``cashier``, its number): the players' money. Today there is one
  partition (``cashier:0``): the ledger is one stream with one gapless numbering.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from croupier._checks import quote
from croupier.errors import ConfigurationError

__all__ = ["CASHIER_SHARD", "KINDS", "ROOM_SHARD", "Shard", "table_shard", "tournament_shard"]

KINDS: Final = ("table", "tournament", "room", "cashier")
"""The kinds of shard (the lease rows' ``kind``)."""

MAX_NAME = 64


@dataclass(frozen=True, order=True, slots=True)
class Shard:
    """One shard: its kind and its name within the kind.

    >>> Shard.parse("table:Paris 1")
    Shard.parse('table:Paris 1')
    >>> str(Shard("room", ""))
    'room'
    """

    kind: str
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ConfigurationError(
                f"a shard is one of {', '.join(KINDS)}, not {quote(self.kind)}"
            )
        if not isinstance(self.name, str) or len(self.name) > MAX_NAME:
            raise ConfigurationError(
                f"a shard's name is text of at most {MAX_NAME} characters, not {self.name!r}"
            )
        if self.kind in ("table", "tournament") and not self.name:
            raise ConfigurationError(f"a {self.kind} shard needs the {self.kind}'s name")

    @classmethod
    def parse(cls, text: str) -> Shard:
        """The shard written ``kind:name`` (or a bare ``room``)."""
        kind, _, name = text.partition(":")
        return cls(kind, name)

    def __str__(self) -> str:
        return f"{self.kind}:{self.name}" if self.name else self.kind

    def __repr__(self) -> str:
        return f"Shard.parse({str(self)!r})"


ROOM_SHARD: Final = Shard("room")
"""The room's shared part: waiting lists, mutes, counters."""

CASHIER_SHARD: Final = Shard("cashier", "0")
"""The one cashier partition there is today (the ledger is not split yet)."""


def table_shard(name: str) -> Shard:
    """The shard of the cash table ``name``."""
    return Shard("table", name)


def tournament_shard(tournament: str) -> Shard:
    """The shard of the tournament ``tournament`` and all its tables."""
    return Shard("tournament", tournament)
