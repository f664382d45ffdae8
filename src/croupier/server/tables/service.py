"""The cash room online: the domain room, one actor per table, who is connected, the lobby.

Made on start (:meth:`CashTables.start`): the room is recovered from the database
(:mod:`.recovery`), each table gets its actor task, the lobby its publisher. Operations of the
room as a whole (the waiting lists, claims, the floor's mutes) run here, in the one asyncio
thread that owns every domain object: each is applied synchronously, then written, then
answered, like a table's command.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from croupier.bots import Bot, make_bot
from croupier.errors import IllegalActionError
from croupier.room.cash import Room
from croupier.room.cash.ledger import format_money
from croupier.server.bankroll import fund_bot
from croupier.server.cluster.shards import ROOM_SHARD, Shard, table_shard
from croupier.server.floor.state import FloorState, load_floor_state
from croupier.server.money import MoneyDesk
from croupier.server.protocol import client
from croupier.server.protocol.codes import ProtocolError
from croupier.server.pubsub import PubSub, Topic
from croupier.server.storage import Record, Store
from croupier.server.storage.reads import bot_accounts, house_bots
from croupier.server.storage.records import EndHand, SaveSnapshot
from croupier.server.tables.actor import TableActor, entries_since
from croupier.server.tables.commands import Command
from croupier.server.tables.config import OnlineConfig
from croupier.server.tables.frames import dumps, info_json
from croupier.server.tables.records import last_hand_id
from croupier.server.tables.recovery import load_room
from croupier.server.tables.state import ROOM, ROOM_KIND, room_part

__all__ = ["BOT_PREFIX", "CashTables"]

BOT_PREFIX = "Bot-"
"""The screen names of the demo room's in-process bots start with this."""
_log = logging.getLogger("croupier.server.tables")


class CashTables:
    """Every cash table of the server's room, with its actor."""

    def __init__(
        self,
        *,
        room: Room,
        store: Store,
        money: MoneyDesk,
        pubsub: PubSub,
        config: OnlineConfig,
        muted: set[str],
        hand_id: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.room = room
        self.store = store
        self.money = money
        self.pubsub = pubsub
        self.config = config
        self.muted = muted
        self.actors: dict[str, TableActor] = {}
        self.bots: dict[str, Bot] = {}
        self.house_bots: set[str] = set()
        """The house's bots: accounts marked ``is_bot`` the house plays (never a name's look)."""
        self.bot_accounts: set[str] = set()
        """Every account marked ``is_bot`` (the house's and those that log in), read when the
        server starts: marked as bots in the lobby and the seats."""
        self.fund_bots = False
        """Whether the house's cashier funds a bot short of money (the demo only)."""
        self._presence: Counter[str] = Counter()
        self._hand_id = hand_id
        self._tasks: list[asyncio.Task[None]] = []
        self._lobby_dirty: set[str] = set()
        self._seq = 0
        self._clock = clock
        self.floor = FloorState()
        """The floor's own state: suspensions, players barred, tables whose list it calls."""
        self.tournaments: Any = None
        """The tournaments online (:class:`croupier.server.tournaments.Tournaments`), whose
        tables connections reach through :meth:`actor` too."""

    # ------------------------------------------------------------------ start
    @classmethod
    async def start(
        cls,
        *,
        store: Store,
        money: MoneyDesk,
        pubsub: PubSub,
        config: OnlineConfig,
        clock: Callable[[], float] = time.monotonic,
        fund_bots: bool = False,
    ) -> CashTables:
        """Recover the room from the database and start every table's actor (``fund_bots``:
        the house's cashier funds a bot short of money, as the demo does)."""
        if money.ownership is not None:  # the room's lease before its state is read
            await money.ownership.hold([ROOM_SHARD])
        recovered = await asyncio.to_thread(load_room, store, money.ledger, config)
        hand_id = await store.read(last_hand_id)
        floor = await store.read(load_floor_state)
        tables = cls(
            room=recovered.room,
            store=store,
            money=money,
            pubsub=pubsub,
            config=config,
            muted=recovered.muted,
            hand_id=hand_id,
            clock=clock,
        )
        tables.floor = floor
        tables.fund_bots = fund_bots
        money.on_deposit.append(tables.deposited)
        tables.house_bots = await store.read(house_bots)
        tables.bot_accounts = await store.read(bot_accounts)
        await tables.hold(table_shard(n) for n in recovered.room.tables)
        if money.ownership is not None:
            money.ownership.on_lost.append(tables.lost)
        if recovered.stray_hands:
            await store.write([EndHand(h, "voided") for h in recovered.stray_hands])
        for name in recovered.room.tables:
            for ts in recovered.room.table(name):
                if ts.player in tables.house_bots:
                    tables.bots[ts.player] = make_bot("reasonable")
        for name in recovered.room.tables:
            actor = TableActor(tables, name, recovered.tables.get(name) or _empty())
            tables.actors[name] = actor
            tables._tasks.append(asyncio.create_task(actor.run(), name=f"table-{name}"))
        tables._tasks.append(asyncio.create_task(tables._lobby_loop(), name="lobby"))
        return tables

    async def close(self) -> None:
        """Stop the actors (a write handed to the store is committed all the same)."""
        if self.deposited in self.money.on_deposit:
            self.money.on_deposit.remove(self.deposited)
        ownership = self.money.ownership
        if ownership is not None and self.lost in ownership.on_lost:
            ownership.on_lost.remove(self.lost)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # ----------------------------------------------------------------- leases
    async def hold(self, shards: Iterable[Shard]) -> None:
        """Take the leases of ``shards`` (a table about to open) for this process."""
        if self.money.ownership is not None:
            await self.money.ownership.hold(shards)

    def fence(self, shards: Iterable[Shard]) -> list[Record]:
        """The fence to put first in a write of ``shards`` (none without leases)."""
        ownership = self.money.ownership
        return [] if ownership is None else [ownership.fence(shards)]

    def lost(self, shard: Shard, why: str) -> None:
        """A lease was lost (another worker owns the shard now): its table stops at once."""
        actor: Any = self.actors.get(shard.name) if shard.kind == "table" else None
        if shard.kind == "tournament" and self.tournaments is not None:
            actor = self.tournaments.actors.get(shard.name)
        if actor is not None:
            actor.halted = "moved"

    def is_bot(self, player: str) -> bool:
        """Whether ``player``'s account is marked as a bot (the house's or one that logs in)."""
        return player in self.house_bots or player in self.bot_accounts

    # ----------------------------------------------------------------- clocks
    def now(self) -> float:
        """The tables' clock (seconds, only moving forward)."""
        return self._clock()

    def wall(self) -> float:
        """Seconds since the epoch (the time of a chat line)."""
        return time.time()

    def first_seq(self) -> int:
        """Where a table's stream starts: above every number of an earlier run (microseconds
        since the epoch), so that a client's last number from before a restart is told apart."""
        self._seq = max(self._seq + 1_000_000, time.time_ns() // 1000)
        return self._seq

    def next_hand_id(self) -> int:
        """The id of the next hand dealt (the server numbers the hands)."""
        self._hand_id += 1
        return self._hand_id

    # ----------------------------------------------------------------- tables
    def actor(self, table: str) -> TableActor:
        """The actor of ``table``."""
        actor = self.actors.get(table)
        if actor is None and self.tournaments is not None:
            actor = self.tournaments.table(table)
        if actor is None:
            raise ProtocolError(
                "not_found", f"no table {table!r}: tables are {', '.join(sorted(self.actors))}"
            )
        return actor

    def room_record(self) -> SaveSnapshot:
        """The room's part (everything but its tables and ledger), to write."""
        return SaveSnapshot(ROOM_KIND, ROOM, room_part(self.room, muted=self.muted))

    def waiting_for(self, table: str) -> list[str]:
        """The names on the waiting list of ``table`` (or of its stakes), in order (CAS-7)."""
        if not len(self.room.waiting):
            return []
        session = self.room.session(table)
        return [r.player for r in self.room.waiting.for_table(table, session.stakes_key)]

    # --------------------------------------------------------------- presence
    def online(self, player: str) -> bool:
        """Whether ``player`` has a connection open (a bot always has)."""
        return player in self.bots or self._presence[player] > 0

    def connected(self, player: str) -> None:
        """A connection of ``player`` opened."""
        self._presence[player] += 1
        if self._presence[player] == 1:
            self._tell_tables(player, "connected")

    def disconnected(self, player: str) -> None:
        """A connection of ``player`` closed."""
        if self._presence[player] <= 0:
            return
        self._presence[player] -= 1
        if self._presence[player] == 0:
            del self._presence[player]
            self._tell_tables(player, "disconnected")

    def _tell_tables(self, player: str, kind: str) -> None:
        if self.tournaments is not None:
            self.tournaments.presence(player, kind)
        table = self.room.where(player)
        if table is not None and table in self.actors:
            self.actors[table].post(Command(kind, player=player))

    def tell(self, player: str, frame: dict[str, Any]) -> None:
        """Send ``player`` a frame of his own (on every connection he has)."""
        text = dumps({"v": 1, **frame})
        task = asyncio.get_running_loop().create_task(self.pubsub.publish(Topic.user(player), text))
        self._tasks = [t for t in self._tasks if not t.done()] + [task]

    # ------------------------------------------------------------------ lobby
    def lobby_entry(self, table: str) -> dict[str, Any]:
        """One table in the lobby: game, version, stakes, seats taken, the waiting list, and
        the table's posted information (CAS-28)."""
        room = self.room
        t = room.table(table)
        info = room.info(table)
        actor = self.actors.get(table)
        average_pot, per_hour = actor.pace() if actor is not None else (None, None)
        return {
            "table": table,
            "game": info.game,
            "version": info.version,
            "stakes": info.stakes,
            "seats": t.size,
            "taken": len(t.players),
            "players": [ts.player for ts in t],
            "bots": [ts.player for ts in t if self.is_bot(ts.player)],
            "bots_allowed": self.floor.bots_allowed(table),
            "waiting": len(self.waiting_for(table)),
            "playing": t.hand is not None,
            "hands_played": info.hands_played,
            "average_pot": average_pot,
            "hands_per_hour": per_hour,
            "status": info.status,
            "info": info_json(info),
        }

    def lobby(self) -> list[dict[str, Any]]:
        """Every table in the lobby."""
        return [self.lobby_entry(name) for name in self.room.tables]

    def lobby_changed(self, table: str) -> None:
        """Mark ``table``'s lobby entry to be published at the next tick."""
        self._lobby_dirty.add(table)

    async def _lobby_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.lobby_interval)
            if not self._lobby_dirty:
                continue
            names, self._lobby_dirty = sorted(self._lobby_dirty), set()
            if self.pubsub.subscribers(Topic.lobby()) == 0:
                continue
            try:
                entries = [self.lobby_entry(n) for n in names if n in self.actors]
                text = dumps({"v": 1, "type": "lobby_update", "tables": entries})
                await self.pubsub.publish(Topic.lobby(), text)
            except Exception:  # never let the lobby stop
                _log.exception("lobby update failed")

    # ------------------------------------------------------------ room-wide
    async def _save(self, before: int, extra: list[Record] | None = None) -> None:
        records: list[Record] = [*(extra or []), self.room_record()]
        await self.money.save(
            entries_since(self.room.ledger, before), with_records=records, shards=[ROOM_SHARD]
        )

    async def join_waiting_list(self, player: str, msg: client.JoinWaitingList) -> dict[str, Any]:
        """Put ``player`` on a waiting list (CAS-7); a table with a free seat calls it."""
        if msg.table is not None:
            self.actor(msg.table)
        self.floor.check_may_play(player)
        if msg.table is not None:
            self.floor.check_bots_allowed(msg.table, player, self.is_bot(player))
        registration = self.room.register(
            player, table=msg.table, stakes=msg.stakes, buy_in=msg.buy_in
        )
        await self._save(len(self.room.ledger))
        for name, actor in self.actors.items():
            session = self.room.session(name)
            if name == msg.table or session.stakes_key == msg.stakes:
                actor.post(Command("call_list"))
                self.lobby_changed(name)
        return {"number": registration.number, "target": registration.target}

    async def leave_waiting_list(self, player: str) -> dict[str, Any]:
        """Take ``player`` off every waiting list."""
        gone = self.room.waiting.remove(player)
        if not gone:
            raise ProtocolError("illegal", f"{player} is on no waiting list")
        await self._save(len(self.room.ledger))
        for name, actor in self.actors.items():
            actor.post(Command("call_list"))
            self.lobby_changed(name)
        return {"removed": len(gone)}

    async def claim(self, player: str) -> dict[str, Any]:
        """Pay ``player``'s set-aside and orphan chips into his balance (CAS-8)."""
        self.money.check_open()
        before = len(self.room.ledger)
        paid = self.room.claim(player)
        if not paid:
            raise ProtocolError(
                "illegal", f"{player} has no chips set aside or on the orphan register (CAS-8)"
            )
        await self._save(before)
        return {"claimed": paid, "balance": self.room.balance(player)}

    async def mute(self, msg: client.Mute, *, by: str = "floor") -> dict[str, Any]:
        """The floor (``by``) mutes or unmutes ``msg.player``'s chat (written to its log)."""
        from croupier.server.floor.log import LogDecision

        if msg.muted:
            self.muted.add(msg.player)
        else:
            self.muted.discard(msg.player)
        log = LogDecision(
            who=by,
            role="floor",
            subject_kind="player",
            subject_id=msg.player,
            action="muted" if msg.muted else "unmuted",
        )
        await self._save(len(self.room.ledger), [log])
        return {"player": msg.player, "muted": msg.muted}

    # ------------------------------------------------------------------- bots
    def deposited(self, player: str) -> None:
        """The cashier deposited for ``player``: a house bot's table looks again (the bot
        buys in again if it was short, and the table deals if it can)."""
        table = self.room.where(player) if player in self.bots else None
        actor = self.actors.get(table) if table is not None else None
        if actor is not None:
            actor.wake()

    def bots_between_hands(self, table: str) -> None:
        """The house's bots without chips buy in again from their balance; in the demo
        (:attr:`fund_bots`) the house's cashier funds a bot whose balance is short, from the
        house's bankroll (:func:`~croupier.server.bankroll.fund_bot`): the demo's tables keep
        playing. Without the demo nothing is created: a bot short of money stays short until
        the room's cashier deposits for it."""
        room = self.room
        session = room.session(table)
        for ts in room.table(table):
            if ts.player not in self.bots or ts.stack >= room.info(table).big_blind:
                continue
            amount = session.min_buy_in * 2 if ts.stack == 0 else session.min_buy_in
            amount = min(amount, session.max_rebuy)
            if room.balance(ts.player) < amount:
                if not self.fund_bots:
                    _log.info(
                        "bot %s is short of %s to buy in again", ts.player, format_money(amount)
                    )
                    continue
                fund_bot(room.ledger, ts.player, 10 * session.max_buy_in, f"short at {table}")
            try:
                room.rebuy(ts.player, amount)
            except IllegalActionError as error:
                _log.warning("bot %s cannot rebuy %s: %s", ts.player, format_money(amount), error)


def _empty() -> Any:
    from croupier.server.tables.recovery import Recovered

    return Recovered()
