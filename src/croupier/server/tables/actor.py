"""A table's actor: one asyncio task, the only writer of its table.

It takes commands from its queue one at a time (players' commands, its clocks, its bots):
validate and apply to the domain synchronously (a refusal changes nothing and answers the
engine's words) -> settle a hand that is over -> hand what changed to the store (the hand's
events, the ledger's entries, the table's stored part) and await the commit -> publish the
frames -> answer. Every change reaches the database before any client hears of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import deque
from typing import TYPE_CHECKING, Any

from croupier.cards import Deck
from croupier.commitment import commit
from croupier.engine import Action, Hand, Phase
from croupier.errors import ConfigurationError, CroupierError, IllegalActionError
from croupier.room.cash.ledger import Entry, Ledger
from croupier.room.cash.waiting import Registration
from croupier.server.cluster.fence import StaleEpochError
from croupier.server.cluster.shards import ROOM_SHARD, table_shard
from croupier.server.protocol.codes import ProtocolError
from croupier.server.storage import Record
from croupier.server.storage.records import SaveSnapshot
from croupier.server.tables import moves, notices, publish, showdown
from croupier.server.tables.book import HandBook
from croupier.server.tables.commands import Command, Step
from croupier.server.tables.recovery import Recovered
from croupier.server.tables.state import TABLE_KIND, table_part
from croupier.server.tables.turns import Turn, start_turn
from croupier.table import Table

if TYPE_CHECKING:
    from croupier.server.tables.service import CashTables

__all__ = ["TableActor", "entries_since"]

_log = logging.getLogger("croupier.server.tables")


class TableActor:
    """The actor of one cash table of the room."""

    def __init__(self, service: CashTables, name: str, recovered: Recovered) -> None:
        self.service = service
        self.name = name
        self.config = service.config
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.window: deque[tuple[int, str]] = deque(maxlen=self.config.stream_window)
        self.seq = service.first_seq()
        self.current: HandBook | None = None
        self.last: HandBook | None = None
        self.turn: Turn | None = None
        self.turn_token = 0
        self.banks: dict[str, float] = {
            str(p): float(b) for p, b in recovered.extra.get("banks", {}).items()
        }
        self.away_by_disconnect: set[str] = set(recovered.extra.get("away", []))
        self.leaving: set[str] = set(recovered.extra.get("leaving", []))
        self.halted: str | None = None
        self.busy = True  # until it has resumed
        self._timer: asyncio.TimerHandle | None = None
        self._deal: asyncio.TimerHandle | None = None
        self._deal_at: float | None = None
        self._grace: dict[str, asyncio.TimerHandle] = {}
        self._rng = random.Random()
        self._recovered = recovered
        self.info_cache: dict[str, Any] | None = None
        self.info_text: str | None = None
        self.chat_out: list[dict[str, Any]] = []
        self.mucks_losers: set[str] = set()
        """The players who chose to muck their losing hands at the showdown."""
        self.notice_count = 0
        self.notices: deque[dict[str, Any]] = deque(maxlen=50)
        """The floor's decisions told at this table (its log): see :mod:`.notices`."""
        self.recent: deque[tuple[float, int]] = deque(maxlen=100)
        """(when, pot) of the last hands played since the server started: the lobby's
        average pot and hands per hour."""
        hand = self.table.hand
        if hand is not None:
            assert recovered.hand_id is not None
            self.current = HandBook(
                hand=hand,
                hand_id=recovered.hand_id,
                number=self.table.hand_number + 1,
                opening=recovered.opening,
                persisted=recovered.persisted,
                next_seq=recovered.next_seq,
            )
            self._remember_cards(self.current)

    # ------------------------------------------------------------------ access
    @property
    def table(self) -> Table:
        """The domain table (read it; only this actor changes it)."""
        return self.service.room.table(self.name)

    def seated(self, player: str) -> int | None:
        """The seat of ``player`` at this table, or None."""
        for seat, name in self.table.players.items():
            if name == player:
                return seat
        return None

    # -------------------------------------------------------------- the queue
    def submit(self, command: Command) -> asyncio.Future[dict[str, Any]]:
        """Queue a player's command; the future gets its answer (or its refusal)."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        command.reply = future
        self.queue.put_nowait(command)
        return future

    def post(self, command: Command) -> None:
        """Queue an internal command (a timer, a connection's coming and going)."""
        self.queue.put_nowait(command)

    def wake(self) -> None:
        """Look at the table again as before a deal, unless a deal is already due (a bot
        funded by the cashier buys in again, and the table deals if it can)."""
        if self._deal is None:
            self.post(Command("deal"))

    async def run(self) -> None:
        """Take commands until cancelled."""
        await self._resume()
        self.busy = False
        while True:
            command = await self.queue.get()
            self.busy = True
            try:
                await self._handle(command)
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug: stop the table rather than guess its state
                _log.exception("table %s stopped on %s", self.name, command.kind)
                self.halted = "internal"
                _fail(command, ProtocolError("internal", "internal error: nothing was done"))
            finally:
                self.busy = False

    def idle(self) -> bool:
        """True when nothing is queued or being done, and no deal is due now."""
        if self.busy or not self.queue.empty():
            return False
        deal = self._deal
        return deal is None or deal.when() > asyncio.get_running_loop().time()

    async def _resume(self) -> None:
        """Start after a restart: void the hand in progress if recovery says so, start the
        clocks, deal when the table can play."""
        step = Step(len(self.service.room.ledger))
        why = self._recovered.void
        book = self.current
        if why is not None and book is not None and not book.hand.is_over:
            book.hand.void(why)
            step.publish = True
        self._settle(step)
        for player in self.table.players.values():
            if not self.service.online(player):  # nobody is connected after a restart
                self.on_presence(Command("disconnected", player=player), Step(0))
        await self._commit(step, None)

    async def _handle(self, command: Command) -> None:
        if self.halted is not None and command.reply is not None:
            why = "run by another worker now" if self.halted == "moved" else "stopped"
            _fail(command, ProtocolError("unavailable", f"table {self.name} is {why}"))
            return
        if command.kind == "watch":
            publish.watch(self, command)
            return
        step = Step(len(self.service.room.ledger))
        try:
            result = self._dispatch(command, step)
        except CroupierError as error:
            _fail(command, error)
            return
        self._settle(step)
        await self._commit(step, command, result)

    async def _commit(
        self, step: Step, command: Command | None, result: dict[str, Any] | None = None
    ) -> None:
        try:
            await self._write(step)
        except StaleEpochError as error:  # fenced: another worker owns the table now
            self.halted = "moved"
            _log.error("table %s stopped: %s", self.name, error)
            if command is not None:
                _fail(command, ProtocolError("unavailable", str(error)))
            return
        except Exception as error:
            self.halted = "storage"
            _log.error("table %s stopped: its write failed: %s", self.name, error)
            if command is not None:
                _fail(
                    command,
                    ProtocolError(
                        "storage_failed", "the database did not take the change: nothing was done"
                    ),
                )
            return
        if step.publish:
            await publish.update(self)
        await notices.deliver(self, step.records)
        for player, frame in step.tells:
            self.service.tell(player, frame)
        while self.chat_out:
            await publish.chat(self, self.chat_out.pop(0))
        if step.publish or step.table:
            self.service.lobby_changed(self.name)
        if command is not None and command.reply is not None and not command.reply.done():
            command.reply.set_result(result or {})

    # ---------------------------------------------------------------- writing
    async def _write(self, step: Step) -> None:
        room = self.service.room
        records: list[Record] = list(step.records)
        ended_id = None
        for book in (self.last, self.current):
            if book is None:
                continue
            if book.ended is not None:
                ended_id = book.hand_id
            records.extend(book.records(self.name))
        entries = entries_since(room.ledger, step.entries_before)
        if entries:
            step.table = step.room = True
        if step.table:
            records.append(SaveSnapshot(TABLE_KIND, self.name, self._part()))
        if step.room:
            records.append(self.service.room_record())
        if records or entries:
            shards = [table_shard(self.name), *([ROOM_SHARD] if step.room else [])]
            await self.service.money.save(
                entries, with_records=records, hand_id=ended_id, shards=shards
            )

    def _part(self) -> dict[str, Any]:
        extra = {
            "banks": {p: round(b, 3) for p, b in self.banks.items()},
            "away": sorted(self.away_by_disconnect),
            "leaving": sorted(self.leaving),
        }
        return table_part(self.service.room, self.name, extra=extra)

    def pace(self) -> tuple[int | None, int | None]:
        """The lobby's figures: the average pot of the recent hands (cents) and the hands an
        hour over the last hour (None before a hand has been played since the start)."""
        if not self.recent:
            return None, None
        pots = [pot for _, pot in self.recent]
        now = self.service.now()
        hour = [t for t, _ in self.recent if now - t <= 3600]
        since = min(hour) if hour else now
        span = max(now - since, 60.0)
        return sum(pots) // len(pots), round(len(hour) * 3600 / span) if hour else 0

    # --------------------------------------------------------------- settling
    def _settle(self, step: Step) -> None:
        """After a command: settle a hand that is over, call the waiting list, run the
        clock of the next decision, and set the next deal."""
        room = self.service.room
        book = self.current
        if book is not None:
            self._auto_showdown(book.hand, step)
        if book is not None and book.hand.is_over:
            leaving = {p: room.balance(p) for p in self.leaving}
            settled = room.finish_hand(self.name)
            self._tell_cashed_out(leaving, step)
            book.ended = "voided" if settled.voided else "ended"
            if not settled.voided:
                self.recent.append((self.service.now(), _pot_of(book.hand)))
            self.last, self.current = book, None
            self.service.floor.hand_settled(self, settled.voided, step)
            self.leaving.clear()
            self.info_cache = None
            step.table = step.room = step.publish = True
            self._call_list(step)
            self._schedule_deal(self.config.between_hands)
        self._sync_turn()
        self.service.floor.close_if_stopped(self, step)
        if self.table.between_hands and self._deal is None and room.can_start(self.name):
            self._schedule_deal(0.0 if self.last is None else self.config.between_hands)

    def _tell_cashed_out(self, before: dict[str, int], step: Step) -> None:
        """Tell each player who left during the hand what its settlement paid him and his
        balance now (his leave's answer could only say he leaves at the settlement)."""
        room = self.service.room
        for player, balance in before.items():
            if room.where(player) is not None:
                continue  # still seated (he came back before the hand was over)
            now = room.balance(player)
            step.tells.append(
                (
                    player,
                    {
                        "type": "cashed_out",
                        "table": self.name,
                        "amount": now - balance,
                        "balance": now,
                    },
                )
            )

    def _auto_showdown(self, hand: Hand, step: Step) -> None:
        """Take at once the showdown's decisions that are no choice (:mod:`.showdown`)."""
        players = self.table.players
        while hand.phase is Phase.SHOWDOWN:
            mucks = {s for s, p in players.items() if p in self.mucks_losers}
            action = showdown.automatic(hand, mucks)
            seat = hand.to_act
            if action is None or seat is None:
                return
            hand.act(seat, action)
            step.publish = True

    def _call_list(self, step: Step) -> None:
        """Seat whoever answers on the waiting list (CAS-7): a name not connected is skipped."""
        room = self.service.room
        if self.name in self.service.floor.floor_calls:
            return  # the floor calls this table's waiting list (croupier.server.floor.cash)
        service = self.service
        bots_allowed = service.floor.bots_allowed(self.name)

        def answers(r: Registration) -> bool:  # a bot is not called where bots may not sit
            return service.online(r.player) and (bots_allowed or not service.is_bot(r.player))

        called = room.fill(self.name, answers=answers)
        if called:
            step.table = step.room = step.publish = True
            for registration in called:  # told once his seat is committed
                step.tells.append(
                    (
                        registration.player,
                        {
                            "type": "called",
                            "table": self.name,
                            "seat": self.seated(registration.player),
                        },
                    )
                )

    def _schedule_deal(self, delay: float) -> None:
        if self._deal is not None:
            self._deal.cancel()
        loop = asyncio.get_running_loop()
        self._deal_at = self.service.now() + delay
        self._deal = loop.call_later(delay, self.post, Command("deal"))

    def deal(self, step: Step) -> None:
        """Deal the next hand if the table can play: a fresh secure shuffle, committed to
        before anything is dealt (its root goes out with the hand's first frame)."""
        self._deal = None
        self._deal_at = None
        room = self.service.room
        if not self.table.between_hands:
            return
        if not self.service.money.store.available:  # no hand that could not be written
            self._schedule_deal(max(self.config.between_hands, 1.0))
            return
        self.service.bots_between_hands(self.name)
        self._call_list(step)
        room.enforce_absence(self.name)
        if not room.can_start(self.name):
            step.table = step.room = step.publish = True
            return
        deck = Deck.shuffled(room.rng)
        _, opening = commit(deck)
        hand = room.start_hand(self.name, deck=deck)
        book = HandBook(
            hand=hand,
            hand_id=self.service.next_hand_id(),
            number=self.table.hand_number + 1,
            opening=opening,
            opened=True,
        )
        self._remember_cards(book)
        self.current, self.last = book, None
        step.table = step.publish = True

    def _remember_cards(self, book: HandBook) -> None:
        """Each dealt seat's own cards, from his seat's view."""
        for setup in book.hand.seats:
            view = book.hand.view(setup.seat)
            for seat_view in view.seats:
                if seat_view.seat == setup.seat and seat_view.cards is not None:
                    book.hole[setup.seat] = [str(c) for c in seat_view.cards]

    # ------------------------------------------------------------------ turns
    def _sync_turn(self) -> None:
        """Start the clock of a new decision (stopping the last one)."""
        book = self.current
        hand = None if book is None else book.hand
        key = None
        if hand is not None and book is not None and hand.to_act is not None:
            key = (book.number, len(hand.events))
        turn = self.turn
        if turn is not None and turn.key == key:
            return
        now = self.service.now()
        if turn is not None:
            left = turn.clock.stop(now)
            if not turn.showdown:
                self.banks[turn.player] = left
            self.turn = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if key is None or hand is None:
            return
        seat = hand.to_act
        assert seat is not None
        player = self.table.players[seat]
        self.turn = start_turn(
            key=key,
            seat=seat,
            player=player,
            rules=hand.rules,
            now=now,
            bank=self.banks.get(player),
            showdown=hand.phase is Phase.SHOWDOWN,
            showdown_seconds=self.config.showdown_seconds,
            house_calls_clock=self.config.house_calls_clock,
        )
        self.turn_token += 1
        token = self.turn_token
        loop = asyncio.get_running_loop()
        if player in self.leaving:
            loop.call_soon(self.post, Command("auto", token=token))
        elif player in self.service.bots:
            low, high = self.config.bot_think
            loop.call_later(self._rng.uniform(low, high), self.post, Command("bot", token=token))
        self._arm()

    def _arm(self) -> None:
        turn = self.turn
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if turn is None:
            return
        now = self.service.now()
        at = turn.wake_at(now)
        if at is not None:
            token = self.turn_token
            delay = max(0.0, at - now) + 0.001
            self._timer = asyncio.get_running_loop().call_later(
                delay, self.post, Command("timer", token=token)
            )

    def on_timer(self, step: Step) -> None:
        """The clock of the turn moved: the house calls it, or the time ran out."""
        turn = self.turn
        book = self.current
        if turn is None or book is None:
            return
        now = self.service.now()
        if turn.house_call_due(now):
            from croupier.rules.model import ClockCaller

            turn.clock.call_clock(now, by=ClockCaller.DEALER)
            step.publish = True
        if turn.expired(now):
            self.act_for(book.hand, turn.seat, timeout=True)
            step.publish = True
            return
        self._arm()
        step.publish = True

    def act_for(self, hand: Hand, seat: int, *, timeout: bool) -> None:
        """Act for a player out of time (``Action.timeout()``: ITA-28, POK-4-4) or gone
        (his hand folded); at the showdown his hand is shown, or mucked if he left."""
        legal = hand.legal_actions()
        if legal.show or legal.muck:
            show = legal.show and (timeout or not legal.muck)
            hand.act(seat, Action.show() if show else Action.muck())
        elif timeout:
            hand.act(seat, Action.timeout())
        else:
            hand.act(seat, Action.fold())

    # --------------------------------------------------------------- presence
    def on_presence(self, command: Command, step: Step) -> None:
        """A seated player's last connection closed (his clock runs on; after the grace he is
        sat out: POK-3-3), or he came back (his seat and his view are his again)."""
        player = command.player
        assert player is not None
        if self.seated(player) is None:
            return
        step.publish = True
        if command.kind == "disconnected":
            old = self._grace.pop(player, None)
            if old is not None:
                old.cancel()
            self._grace[player] = asyncio.get_running_loop().call_later(
                self.config.disconnect_grace, self.post, Command("grace", player=player)
            )
            return
        handle = self._grace.pop(player, None)
        if handle is not None:
            handle.cancel()
        if command.kind == "grace":
            if (
                not self.service.online(player)
                and not self.table.seats[self.seated(player) or 0].sitting_out
            ):
                self.service.room.step_away(player)
                self.away_by_disconnect.add(player)
                step.table = step.room = True
            return
        if player in self.away_by_disconnect:  # connected again: back in his seat
            self.away_by_disconnect.discard(player)
            with contextlib.suppress(IllegalActionError):  # no chips: he rebuys first
                self.service.room.come_back(player)
            step.table = step.room = True

    # -------------------------------------------------------------- dispatch
    def _dispatch(self, command: Command, step: Step) -> dict[str, Any]:
        kind = command.kind
        if kind == "deal":
            self.deal(step)
            return {}
        if kind == "timer":
            if command.token == self.turn_token:
                self.on_timer(step)
            return {}
        if kind in ("bot", "auto"):
            if command.token == self.turn_token and self.turn is not None and self.current:
                hand = self.current.hand
                if kind == "bot":
                    bot = self.service.bots[self.turn.player]
                    hand.act(self.turn.seat, bot.act(hand.view(self.turn.seat)))
                else:
                    self.act_for(hand, self.turn.seat, timeout=False)
                step.publish = True
            return {}
        if kind in ("connected", "disconnected", "grace"):
            self.on_presence(command, step)
            return {}
        if kind == "floor":  # an operation of the floor's console, in the table's turn
            done: dict[str, Any] = command.message(self, step)
            return done
        if kind == "call_list":  # the waiting list changed: call it if a seat is free
            step.publish = True
            if self.table.free_seats():
                self._call_list(step)
            return {}
        handler = moves.MOVES.get(kind)
        if handler is None or command.player is None:
            raise ConfigurationError(f"a table does not take {kind!r}")
        return handler(self, command.player, command.message, step)


def entries_since(ledger: Ledger, before: int) -> list[Entry]:
    """The entries posted since the ledger counted ``before`` (the last ones it keeps; read
    from its deque, not copied whole)."""
    fresh = len(ledger) - before
    kept = ledger._entries
    assert fresh <= len(kept), "the ledger let go of entries not yet written"
    return [kept[i] for i in range(len(kept) - fresh, len(kept))]


def _fail(command: Command, error: CroupierError) -> None:
    if command.reply is not None and not command.reply.done():
        command.reply.set_exception(error)


def _pot_of(hand: Hand) -> int:
    """All the chips a finished hand's pots held: what was awarded and the rake."""
    return sum(p.amount for p in hand.final_pots)
