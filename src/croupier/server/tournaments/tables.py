"""A tournament's tables, dealt by the server like cash tables.

Each table of a tournament is a :class:`TourneyTable`: the cash table's actor
(:class:`croupier.server.tables.actor.TableActor`: hands, turns and their clocks, bots, the
stream of frames, watching, the hidden cards) over the tournament's engine table instead of a
cash room's. It does not run its own task: its commands go to its tournament's queue, so that
the tournament's one task is the only writer of the tournament and all its tables (a hand
that ends at one table may move players from another, between its hands).

What the actor asks of a "room" (:class:`TourneyRoom`) the tournament answers: a hand starts
when the tournament allows (not on a break, hand-for-hand ...), a settled hand goes to
:meth:`Tournament.finish_hand` (busts, levels, balancing), an absent player is blinded
(``Table.sit_out``: POK-3-2, POK-2-10), the money a table shows is none (``unit: "chips"``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from croupier.bots import Bot
from croupier.cards import Deck
from croupier.engine import Hand
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.tournament import HandReport, Tournament
from croupier.room.tournament._core import Phase
from croupier.server.protocol.codes import ProtocolError
from croupier.server.pubsub import PubSub
from croupier.server.storage import Record
from croupier.server.tables.actor import TableActor
from croupier.server.tables.commands import Command, Step
from croupier.server.tables.config import OnlineConfig
from croupier.server.tables.recovery import Recovered
from croupier.table import Table

if TYPE_CHECKING:
    from croupier.room.cash.ledger import Ledger
    from croupier.server.tournaments.actor import TournamentActor

__all__ = ["TableInfo", "TourneyRoom", "TourneyService", "TourneyTable", "number_of"]

_REFUSED = frozenset({"sit", "rebuy", "leave"})


def number_of(name: str) -> int:
    """The table number in a tournament table's name (``"x@3"`` -> 3)."""
    return int(name.rsplit("@", 1)[1])


@dataclass(frozen=True)
class TableInfo:
    """A tournament table's posted information, in the shape of a cash table's (its amounts
    are chips: ``unit``)."""

    data: dict[str, Any]
    text: list[str]

    def to_dict(self) -> dict[str, Any]:
        return dict(self.data)

    def lines(self) -> list[str]:
        return list(self.text)


class TourneyRoom:
    """What a table's actor asks of its room, answered by the tournament."""

    def __init__(self, owner: TournamentActor) -> None:
        self.owner = owner

    @property
    def t(self) -> Tournament:
        tournament = self.owner.tournament
        assert tournament is not None
        return tournament

    @property
    def ledger(self) -> Ledger:
        return self.owner.service.money.ledger

    @property
    def rng(self) -> Any:
        return self.t.rng

    def _live(self, name: str) -> int | None:
        """The table's number if the actor of ``name`` still plays the tournament's table."""
        actor = self.owner.tables.get(name)
        number = number_of(name)
        if actor is None or number not in self.t.table_numbers():
            return None
        return number if self.t.table(number) is actor.domain_table else None

    def table(self, name: str) -> Table:
        actor = self.owner.tables.get(name)
        if actor is not None:
            return actor.domain_table
        return self.t.table(number_of(name))

    def can_start(self, name: str) -> bool:
        number = self._live(name)
        return number is not None and self.t.can_start(number)

    def start_hand(self, name: str, *, deck: Deck) -> Hand:
        number = self._live(name)
        if number is None:
            raise IllegalActionError(f"table {name} is closed")
        return self.t.start_hand(number, deck=deck)

    def finish_hand(self, name: str) -> HandReport:
        number = number_of(name)
        report = self.t.finish_hand(number)
        self.owner.reports.append(report)
        return report

    def fill(self, name: str, *, answers: Callable[[Any], bool]) -> list[Any]:
        return []  # no waiting list: the tournament seats its players

    def enforce_absence(self, name: str) -> None:
        self.t.tick()

    def step_away(self, player: str) -> None:
        """A player away is dealt in and blinded (POK-3-2, POK-2-10)."""
        self.owner.away.add(player)
        self.t.table(self.t.table_of(player)).sit_out(player)

    def come_back(self, player: str, *, post: bool = False) -> None:
        self.owner.away.discard(player)
        if self.t.is_suspended(player):
            raise IllegalActionError(f"{player} is suspended (ITA-51): he sits out his penalty")
        self.t.table(self.t.table_of(player)).sit_in(player)

    def balance(self, player: str) -> int:
        return self.owner.service.money.balance(player)

    def info(self, name: str) -> TableInfo:
        return self.owner.table_info(name)

    def where(self, player: str) -> str | None:
        return self.owner.where(player)


class TourneyService:
    """What a table's actor asks of its service, answered by the tournament and the server."""

    def __init__(self, owner: TournamentActor) -> None:
        self.owner = owner
        self.room = TourneyRoom(owner)
        cash = owner.service.cash
        self.cash = cash
        self.config: OnlineConfig = cash.config
        self.pubsub: PubSub = cash.pubsub
        self.money = owner.service.money
        self.muted = cash.muted
        self.floor = cash.floor
        """The floor's cash state (suspensions count at cash tables only; see docs/floor.md)."""

    @property
    def bots(self) -> dict[str, Bot]:
        return self.owner.service.bots

    def now(self) -> float:
        return float(self.cash.now())

    def wall(self) -> float:
        return time.time()

    def first_seq(self) -> int:
        return int(self.cash.first_seq())

    def next_hand_id(self) -> int:
        return int(self.cash.next_hand_id())

    def online(self, player: str) -> bool:
        return player in self.bots or bool(self.cash.online(player))

    def is_bot(self, player: str) -> bool:
        return bool(self.cash.is_bot(player))

    def waiting_for(self, table: str) -> list[str]:
        return []

    def lobby_changed(self, table: str) -> None:
        self.owner.dirty = True

    def tell(self, player: str, frame: dict[str, Any]) -> None:
        self.cash.tell(player, frame)

    def bots_between_hands(self, table: str) -> None:
        return None


class TourneyTable(TableActor):
    """One table of a tournament (see the module docstring)."""

    def __init__(
        self, owner: TournamentActor, name: str, table: Table, recovered: Recovered
    ) -> None:
        self.owner = owner
        self.domain_table = table
        self.retired = False
        super().__init__(owner.table_service, name, recovered)  # type: ignore[arg-type]

    @property
    def table(self) -> Table:
        return self.domain_table

    def submit(self, command: Command) -> asyncio.Future[dict[str, Any]]:
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        command.reply = future
        self.owner.queue.put_nowait((self, command))
        return future

    def post(self, command: Command) -> None:
        self.owner.queue.put_nowait((self, command))

    def retire(self) -> None:
        """The table was broken (or redrawn): its timers stop, its commands are refused."""
        self.retired = True
        for handle in (self._timer, self._deal, *self._grace.values()):
            if handle is not None:
                handle.cancel()
        self._timer = self._deal = None
        self._grace.clear()

    def kick(self) -> None:
        """Deal when the table may (after a change elsewhere in the tournament)."""
        if self.retired or self._deal is not None or not self.domain_table.between_hands:
            return
        if self.service.room.can_start(self.name):
            self._schedule_deal(0.0 if self.last is None else self.config.between_hands)

    def _dispatch(self, command: Command, step: Step) -> dict[str, Any]:
        if command.kind in _REFUSED:
            raise ProtocolError(
                "illegal",
                f"{command.kind} is for cash tables: at {self.name} the tournament seats its"
                " players and their chips are tournament chips",
            )
        tournament = self.owner.tournament
        if command.kind in ("sit_out", "sit_in") and (
            tournament is None or tournament.phase is not Phase.RUNNING
        ):
            raise ProtocolError("illegal", "the tournament is not running")
        return super()._dispatch(command, step)

    def _settle(self, step: Step) -> None:
        super()._settle(step)
        self.owner.after_change(step)

    async def _write(self, step: Step) -> None:
        records: list[Record] = []
        ended_id = None
        for book in (self.last, self.current):
            if book is None:
                continue
            if book.ended is not None:
                ended_id = book.hand_id
            records.extend(book.records(self.name))
        await self.owner.save(step.entries_before, records, hand_id=ended_id)

    def extra(self) -> dict[str, Any]:
        """The server's own part of the table (time banks, who is away), stored with the
        tournament."""
        return {
            "banks": {p: round(b, 3) for p, b in self.banks.items()},
            "away": sorted(self.away_by_disconnect),
        }


def check_table(t: Tournament, name: str) -> int:
    """The number of tournament table ``name``, or ``not_found``."""
    try:
        number = number_of(name)
        t.table(number)
    except (ValueError, IndexError, ConfigurationError):
        raise ProtocolError("not_found", f"no table {name!r} in this tournament") from None
    return number
