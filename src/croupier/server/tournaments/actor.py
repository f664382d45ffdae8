"""A tournament's actor: one asyncio task, the only writer of the tournament and its tables.

It takes from its queue, one at a time, the tournament's commands (register, unregister,
watch, rebuy, add-on, the floor's operations, its clock's ticks) and its tables' (each table
is a :class:`~croupier.server.tournaments.tables.TourneyTable`: a cash table's actor over the
tournament's engine table). Each command is validated and applied to the domain
synchronously (a refusal changes nothing), then everything it changed is written in one
transaction (the tournament's stored part with every table, the hands' events, the ledger's
entries: buy-ins, refunds, rebuys, add-ons, prizes), and only then published: table frames,
``moved``, ``offer``, ``tournament_result``, the tournament's view, the lobby.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from croupier.errors import ConfigurationError, CroupierError
from croupier.room.tournament import HandReport, Tournament, TournamentConfig
from croupier.room.tournament._core import Phase
from croupier.room.tournament.balancing import MoveReason
from croupier.server.cluster.fence import StaleEpochError
from croupier.server.cluster.shards import tournament_shard
from croupier.server.protocol.codes import ProtocolError
from croupier.server.pubsub import Split, Topic
from croupier.server.storage import Record
from croupier.server.storage.records import SaveSnapshot
from croupier.server.tables import publish
from croupier.server.tables.actor import entries_since
from croupier.server.tables.commands import Command, Step
from croupier.server.tables.frames import dumps
from croupier.server.tables.recovery import Recovered
from croupier.server.tournaments import views
from croupier.server.tournaments.bounties import pay_bounties
from croupier.server.tournaments.busted import tell_busted
from croupier.server.tournaments.purse import Purse, ServerClock
from croupier.server.tournaments.spec import Spec, table_name
from croupier.server.tournaments.tables import TableInfo, TourneyService, TourneyTable, number_of

if TYPE_CHECKING:
    from croupier.server.tournaments.service import Tournaments

__all__ = ["KIND", "ServerClock", "TournamentActor"]

KIND = "tournament"
"""The kind of a tournament's stored part in the ``snapshots`` table (its name: the id)."""
_log = logging.getLogger("croupier.server.tournaments")
_REASONS = {
    MoveReason.BALANCE: "balancing",
    MoveReason.BREAK: "table broken",
    MoveReason.FINAL_TABLE: "final table",
    MoveReason.FLOOR: "moved by the floor",
}


class TournamentActor(Purse):
    """One tournament online (see the module docstring)."""

    def __init__(
        self,
        service: Tournaments,
        spec: Spec,
        *,
        stored: dict[str, Any] | None = None,
        tournament: Tournament | None = None,
        recovered: dict[str, Recovered] | None = None,
    ) -> None:
        self.service = service
        self.spec = spec
        self.id = spec.id
        self.config: TournamentConfig = spec.tournament_config()
        self.queue: asyncio.Queue[tuple[TourneyTable | None, Command]] = asyncio.Queue()
        self.tournament = tournament
        self.tables: dict[str, TourneyTable] = {}
        self.table_service = TourneyService(self)
        self.reports: list[HandReport] = []
        self.seq = service.cash.first_seq()
        self.dirty = True
        """The lobby entry changed."""
        self.view_dirty = True
        self.changed = False
        """The stored part must be written with the next write."""
        self.watchers: dict[int, Any] = {}
        self.frames: list[tuple[str, dict[str, Any]]] = []
        """(player, frame) to send once the change is written."""
        self.touched: set[str] = set()
        self.fresh: list[TourneyTable] = []
        self.retired: dict[str, TourneyTable] = {}
        """Tables retired by the last change (their last frame is still to go out)."""
        self.offered: set[tuple[str, str]] = set()
        self.halted: str | None = None
        self._task: asyncio.Task[None] | None = None
        s = stored or {}
        self.state: str = s.get("state", "registering")
        self.registered: list[str] = list(s.get("registered", []))
        self.away: set[str] = set(s.get("away", []))
        self.paid: bool = bool(s.get("paid", False))
        self.first_at: float | None = s.get("first_at")
        self.decisions: list[dict[str, Any]] = list(s.get("decisions", []))
        self.deadlines: dict[str, float] = {
            p: self.now() + float(left) for p, left in s.get("deadlines", {}).items()
        }
        self.told: set[str] = set(s.get("told", []))
        self.buys: dict[str, list[str]] = {p: list(k) for p, k in s.get("buys", {}).items()}
        """Rebuys and add-ons accepted during a hand of the player's table: bought after it."""
        self.disqualify_due: dict[str, str] = dict(s.get("disqualify_due", {}))
        """Disqualifications decided during a hand of the player's table (player: why)."""
        self.disqualified: set[str] = set(s.get("disqualified", []))
        """Players disqualified: no prize for their place (:mod:`.penalties`)."""
        self.bounties_paid: dict[str, int] = dict(s.get("bounties_paid", {}))
        """What each player's collected bounties were paid so far, in cents (.bounties)."""
        self.pending_records: list[Record] = []
        self.busted_at: dict[str, str] = {}
        """Players out of chips not yet told their finish, and the table they busted at."""
        self.busted_told: set[str] = set()
        """Players told they may rebuy (told again once their place is decided)."""
        """The floor's log lines of the change in hand, written with it."""
        t = self.tournament
        self.moves_seen = len(t.moves) if t is not None else 0
        if t is not None:
            for number in t.table_numbers():
                name = table_name(self.id, number)
                self.tables[name] = TourneyTable(
                    self, name, t.table(number), (recovered or {}).get(name) or Recovered()
                )

    # ---------------------------------------------------------------- access
    def now(self) -> float:
        return float(self.service.cash.now())

    def entrants(self) -> list[str]:
        """Everyone registered (before the start: the list; then the domain's registry)."""
        t = self.tournament
        return self.registered if t is None else t.registry.players

    def where(self, player: str) -> str | None:
        """The table ``player`` plays at in this tournament, if any."""
        t = self.tournament
        if t is None or self.state != "running" or player not in t.players():
            return None
        return table_name(self.id, t.table_of(player))

    def table_info(self, name: str) -> TableInfo:
        """A table's posted information: the level's blinds, in chips (``unit``)."""
        t = self.tournament
        assert t is not None
        actor = self.tables.get(name) or self.retired.get(name)
        table = actor.domain_table if actor is not None else t.table(number_of(name))
        rules = table.rules
        stakes = rules.stakes
        level = t.clock.level_number if t.clock.started else 1
        ante = f" ante {stakes.ante:,}" if stakes.ante else ""
        text = f"{stakes.small_blind:,}/{stakes.big_blind:,}{ante}"
        data = {
            "table": name,
            "session": 1,
            "game": rules.name,
            "version": rules.structure.value,
            "stakes": text,
            "small_blind": stakes.small_blind,
            "big_blind": stakes.big_blind,
            "option": 0,
            "min_bet": stakes.min_bet,
            "small_bet": stakes.small_bet,
            "big_bet": stakes.big_bet,
            "max_players": table.size,
            "min_buy_in": 0,
            "max_buy_in": 0,
            "max_rebuy": 0,
            "rake_rate": "0%",
            "rake_step": 0,
            "rake_cap": None,
            "no_flop_no_drop": False,
            "status": "open" if self.state == "running" else "closed",
            "hands_played": table.hand_number,
            "hands_left": None,
            "unit": "chips",
            "tournament": self.id,
        }
        lines = [
            f"table {table_name(self.id, number_of(name))} of {self.spec.name}",
            f"{rules.name} {rules.structure.value}, at most {table.size} players",
            f"level {level}: blinds {text} (tournament chips)",
            "no rake: the entry fee is the house's",
        ]
        return TableInfo(data, lines)

    # ------------------------------------------------------------------ queue
    def submit(self, command: Command) -> asyncio.Future[dict[str, Any]]:
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        command.reply = future
        self.queue.put_nowait((None, command))
        return future

    def post(self, command: Command) -> None:
        self.queue.put_nowait((None, command))

    def start(self) -> None:
        self._task = asyncio.create_task(self.run(), name=f"tournament-{self.id}")

    async def close(self) -> None:
        for table in self.tables.values():
            table.retire()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def run(self) -> None:
        """Resume the tables, then take commands until cancelled."""
        try:
            for resumed in list(self.tables.values()):
                await resumed._resume()
            await self._after_write(None)
        except asyncio.CancelledError:
            raise
        except Exception:
            _log.exception("tournament %s could not resume", self.id)
            self.halted = "internal"
        while True:
            table, command = await self.queue.get()
            try:
                if self.halted is not None:
                    _fail(command, ProtocolError("unavailable", f"tournament {self.id} is stopped"))
                elif table is None:
                    await self._handle(command)
                elif table.retired or self.tables.get(table.name) is not table:
                    _fail(
                        command,
                        ProtocolError(
                            "not_found", f"table {table.name} is closed: its players were moved"
                        ),
                    )
                else:
                    await table._handle(command)
                    if table.halted is not None:
                        self.halted = table.halted
                    else:
                        await self._after_write(table)
            except asyncio.CancelledError:
                raise
            except Exception:
                _log.exception("tournament %s stopped on %s", self.id, command.kind)
                self.halted = "internal"
                _fail(command, ProtocolError("internal", "internal error: nothing was done"))

    # --------------------------------------------------------------- writing
    @staticmethod
    def new_part(spec: Spec) -> dict[str, Any]:
        """The stored part of a new tournament, registering (what :meth:`part` writes)."""
        return {
            "kind": "tournament-online",
            "version": 1,
            "spec": spec.to_json(),
            "state": "registering",
            "registered": [],
            "domain": None,
            "tables": {},
            "away": [],
            "paid": False,
            "first_at": None,
            "decisions": [],
            "deadlines": {},
            "told": [],
            "buys": {},
        }

    def part(self) -> dict[str, Any]:
        """The tournament's stored part: the spec, the server's state, the domain's."""
        t = self.tournament
        now = self.now()
        return {
            "kind": "tournament-online",
            "version": 1,
            "spec": self.spec.to_json(),
            "state": self.state,
            "registered": self.registered,
            "domain": None if t is None else t.snapshot(),
            "tables": {name: table.extra() for name, table in self.tables.items()},
            "away": sorted(self.away),
            "paid": self.paid,
            "first_at": self.first_at,
            "decisions": self.decisions[-500:],
            "deadlines": {p: round(max(0.0, d - now), 3) for p, d in self.deadlines.items()},
            "told": sorted(self.told),
            "buys": self.buys,
            "disqualify_due": self.disqualify_due,
            "disqualified": sorted(self.disqualified),
            "bounties_paid": self.bounties_paid,
        }

    async def save(
        self,
        before: int,
        records: list[Record],
        *,
        hand_id: int | None = None,
        snapshot: bool = True,
    ) -> None:
        """Write what changed: ``records``, the ledger's entries since ``before``, and the
        stored part (when ``snapshot``, or something needs it), in one transaction."""
        entries = entries_since(self.service.money.ledger, before)
        records, self.pending_records = [*self.pending_records, *records], []
        if snapshot or entries or self.changed:
            records = [*records, SaveSnapshot(KIND, self.id, self.part())]
            self.changed = False
        if records or entries:
            await self.service.money.save(
                entries, with_records=records, hand_id=hand_id, shards=[tournament_shard(self.id)]
            )
            await self._tell_decisions(records)

    async def _tell_decisions(self, records: list[Record]) -> None:
        """Tell each player the floor's decisions about him, at his table (written)."""
        from croupier.server.floor.log import LogDecision
        from croupier.server.tables import notices

        for record in records:
            if not isinstance(record, LogDecision) or record.subject_kind != "player":
                continue
            table = record.detail.get("table") or self.where(record.subject_id)
            actor = self.tables.get(str(table)) if table else None
            if actor is not None:
                await notices.deliver(actor, [record])

    # -------------------------------------------------------------- commands
    async def _handle(self, command: Command) -> None:
        if command.kind == "watch_tournament":
            self._watch(command)
            return
        before = len(self.service.money.ledger)
        try:
            result = self._dispatch(command)
        except CroupierError as error:
            if len(self.service.money.ledger) == before and not self.changed:
                _fail(command, error)
                return
            # refused after something changed (a bot's entry before a refusal): keep it
            _log.warning(
                "tournament %s: %s refused after a change: %s", self.id, command.kind, error
            )
            self.after_change(None)
            await self.save(before, [])
            await self._after_write(None)
            _fail(command, error)
            return
        self.after_change(None)
        try:
            quiet = command.kind in ("tick", "clock_face", "floor_view")
            await self.save(before, [], snapshot=self.changed or not quiet)
        except StaleEpochError as error:  # fenced: another worker owns the tournament now
            self.halted = "moved"
            _log.error("tournament %s stopped: %s", self.id, error)
            _fail(command, ProtocolError("unavailable", str(error)))
            return
        except Exception as error:
            self.halted = "storage"
            _log.error("tournament %s stopped: its write failed: %s", self.id, error)
            _fail(
                command,
                ProtocolError(
                    "storage_failed", "the database did not take the change: nothing was done"
                ),
            )
            return
        await self._after_write(None)
        if command.reply is not None and not command.reply.done():
            command.reply.set_result(result)

    def _dispatch(self, command: Command) -> dict[str, Any]:
        kind = command.kind
        player = command.player or ""
        if kind == "tick":
            self._tick()
            return {}
        if kind == "register":
            return self._register(player)
        if kind == "unregister":
            return self._unregister(player)
        if kind == "tournament_rebuy":
            return self._rebuy(player, accept=command.message.accept)
        if kind == "add_on":
            return self._add_on(player, accept=command.message.accept)
        if kind == "floor":
            return self._floor(player, command.message)
        if kind == "penalty":  # POST /api/floor/penalties at tournament:ID
            from croupier.server.tournaments.penalties import apply_in_actor

            return apply_in_actor(self, *command.message)
        if kind in ("clock_face", "floor_view"):  # read in the actor: its tick is the only one
            from croupier.server.tournaments.console import face, staff_view

            self._tick()
            return face(self) if kind == "clock_face" else staff_view(self)
        raise ConfigurationError(f"a tournament does not take {kind!r}")

    def _watch(self, command: Command) -> None:
        viewer = command.viewer
        assert viewer is not None
        key = id(viewer)
        if not command.message.watch:
            self.watchers.pop(key, None)
        else:
            self.watchers[key] = viewer
            viewer.push(dumps(views.view(self, viewer.user)))
        if command.reply is not None and not command.reply.done():
            command.reply.set_result({"seq": self.seq})

    # ------------------------------------------------------------------ floor
    def _floor(self, player: str, order: dict[str, Any]) -> dict[str, Any]:
        from croupier.server.tournaments.console import log_record
        from croupier.server.tournaments.floor import apply

        role = str(order.get("role") or "floor")
        result = apply(self, order)
        args = {k: v for k, v in order.items() if k not in ("op", "reason", "role")}
        decision = {
            "at": time.time(),
            "by": player,
            "what": order.get("op"),
            "args": args,
            "why": order.get("reason", ""),
        }
        self.decisions.append(decision)
        self.pending_records.append(
            log_record(
                self,
                who=player,
                role=role,
                action=str(order.get("op")),
                why=str(decision["why"]),
                detail={**args, "result": result} if len(str(result)) < 2000 else args,
            )
        )
        self.changed = self.view_dirty = self.dirty = True
        return result

    # ------------------------------------------------------------------ clock
    def _tick(self) -> None:
        """The clock: a scheduled start, bots filling a sit-and-go, a new level, a break's
        end, a rebuy offer run out."""
        config = self.service.config
        if self.state == "registering":
            spec = self.spec
            alone = spec.bots >= (spec.start_when or spec.max_players)  # bots alone fill it
            if spec.kind == "sit-and-go" and spec.bots and (self.first_at or alone):
                if alone or time.time() - (self.first_at or 0) >= config.sng_bots_after:
                    self._fill_with_bots(spec.start_when or spec.max_players)
            elif self._due(spec.starts_at):
                if spec.bots:
                    self._fill_with_bots(min(spec.max_players, len(self.registered) + spec.bots))
                if len(self.registered) >= 2:
                    self._start()
                else:
                    from croupier.server.tournaments.console import log_record

                    why = "fewer than two players registered at the start"
                    self.cancel(why)
                    self.pending_records.append(
                        log_record(
                            self, who="server", role="server", action="cancel", why=why, detail={}
                        )
                    )
            return
        t = self.tournament
        if t is None or self.state != "running":
            return
        before = (t.clock.level_number, t.clock.on_break, t.clock.period_index)
        t.tick()
        now = self.now()
        for player, deadline in list(self.deadlines.items()):
            if now >= deadline and player in t.busted_may_rebuy():
                t.decline_rebuy(player)  # no answer in time: he is out
                self.deadlines.pop(player, None)
                self.changed = self.view_dirty = True
            elif player not in t.busted_may_rebuy():
                self.deadlines.pop(player, None)
        if (t.clock.level_number, t.clock.on_break, t.clock.period_index) != before:
            self.changed = self.view_dirty = self.dirty = True
            for table in self.tables.values():
                table.info_cache = None
                self.touched.add(table.name)

    def _due(self, at: float | None) -> bool:
        return self.spec.kind == "scheduled" and at is not None and time.time() >= at

    def _fill_with_bots(self, upto: int) -> None:
        for bot in self.service.bot_names():
            if len(self.registered) >= upto or self.state != "registering":
                return
            if bot in self.registered:
                continue
            if not self.service.cash.fund_bots and self.service.money.balance(bot) < self._cost():
                continue  # without the demo, only a bot the cashier funded takes a seat
            self.service.add_bot(bot)
            try:
                self._register(bot)
            except CroupierError as error:
                _log.warning("bot %s cannot register for %s: %s", bot, self.id, error)

    # ------------------------------------------------------------- after a change
    def after_change(self, step: Step | None) -> None:
        """After any change (synchronously, before the write): the hands' reports, the
        tables opened and closed, the moves, the offers, the prizes at the end."""
        t = self.tournament
        if t is None:
            return
        for report in self.reports:
            self.changed = self.view_dirty = self.dirty = True
            for player in (*report.eliminated, *report.may_rebuy):
                self.busted_at[player] = table_name(self.id, report.table)
            for player in report.may_rebuy:
                if player in self.service.bots:
                    t.decline_rebuy(player)
                else:
                    self.deadlines[player] = self.now() + self.service.config.rebuy_answer_seconds
            self.touched.add(table_name(self.id, report.table))
        self.reports.clear()
        self._sync_tables()
        moves = t.moves[self.moves_seen :]
        self.moves_seen = len(t.moves)
        for move in moves:
            self.changed = self.view_dirty = self.dirty = True
            source = table_name(self.id, move.from_table)
            target = table_name(self.id, move.to_table)
            self.touched.update((source, target))
            if move.player in self.away and move.player in t.players():
                with contextlib.suppress(CroupierError):
                    t.table(move.to_table).sit_out(move.player)
                if target in self.tables:  # back in play when he connects again
                    self.tables[target].away_by_disconnect.add(move.player)
            self.frames.append(
                (
                    move.player,
                    {
                        "type": "moved",
                        "tournament": self.id,
                        "table": target,
                        "seat": move.to_seat,
                        "from_table": source,
                        "reason": _REASONS.get(move.reason, move.reason.value),
                    },
                )
            )
        if step is not None and (step.table or step.room):
            self.changed = True
        if self.buys:
            self._deferred_buys()
        if self.disqualify_due:
            from croupier.server.tournaments.penalties import serve_due

            serve_due(self)
        if t.bounties is not None and not self.paid:
            pay_bounties(self)  # knock-outs paid to the eliminators' balances
        tell_busted(self)  # before the tournament's result, when the bust ends it
        if t.phase is Phase.FINISHED and not self.paid:
            self._pay()
        self._offers()

    def _sync_tables(self) -> None:
        """A table actor for each table of the tournament; a table broken, or redrawn as the
        final table (POK-7-2), gets a new actor and the old one is retired."""
        t = self.tournament
        assert t is not None
        numbers = set(t.table_numbers())
        for name in list(self.tables):
            actor = self.tables[name]
            number = number_of(name)
            if number not in numbers or t.table(number) is not actor.domain_table:
                actor.retire()
                self.retired[name] = actor
                del self.tables[name]
        for number in sorted(numbers):
            name = table_name(self.id, number)
            if name not in self.tables:
                actor = TourneyTable(self, name, t.table(number), Recovered())
                self.tables[name] = actor
                self.fresh.append(actor)
                self.changed = True
                for player in t.table(number).players.values():
                    if not self.table_service.online(player):  # not here: blinded (POK-3-2)
                        with contextlib.suppress(CroupierError):
                            t.table(number).sit_out(player)
                        actor.away_by_disconnect.add(player)
                        self.away.add(player)

    def _offers(self) -> None:
        t = self.tournament
        if t is None:
            return
        open_now: set[tuple[str, str]] = set()
        if t.config.rebuy is not None or t.config.add_on is not None:
            for player in t.registry.players:
                if player in self.service.bots:
                    continue
                for offer in views.offers_for(self, player):
                    key = (player, offer["kind"])
                    open_now.add(key)
                    if key not in self.offered and (player, "add_on-declined") not in self.offered:
                        self.frames.append(
                            (player, {"type": "offer", "tournament": self.id, "offer": offer})
                        )
                        self.view_dirty = True
        declined = {k for k in self.offered if k[1] == "add_on-declined"}
        self.offered = open_now | declined

    # ---------------------------------------------------------------- publish
    async def _after_write(self, acted: TourneyTable | None) -> None:
        """Once the change is written: the new tables' first frames, the other tables'
        updates, the players' own frames, the tournament's view; then deal where one may."""
        fresh, self.fresh = self.fresh, []
        self.retired.clear()
        touched, self.touched = self.touched, set()
        pubsub = self.service.cash.pubsub
        for table in fresh:  # a new table (or the final table drawn again): a fresh view
            touched.discard(table.name)
            if table.retired:
                continue
            own = {
                player: publish.table_frame(table, player)
                for player in table.domain_table.players.values()
                if player not in self.service.bots
            }
            split = Split(publish.table_frame(table, None), own)
            await pubsub.publish_split(Topic.table(table.name), split)
        for name in sorted(touched):
            other = self.tables.get(name)
            if other is not None and other is not acted and not other.retired:
                await publish.update(other)
        frames, self.frames = self.frames, []
        for player, frame in frames:
            if frame["type"] == "tournament_result":
                frame["balance"] = self.service.money.balance(player)
            self.service.cash.tell(player, frame)
        if self.view_dirty:
            self.view_dirty = False
            self.seq += 1
            for key, viewer in list(self.watchers.items()):
                if getattr(viewer, "closed", False):
                    del self.watchers[key]
                    continue
                viewer.push(dumps(views.view(self, viewer.user, kind="tournament_update")))
        if self.state == "running":
            for table in self.tables.values():
                table.kick()
        elif self.state in ("finished", "cancelled"):
            for table in self.tables.values():  # no hand will follow: nothing to resume
                table.window.clear()  # (kept with the finished tournaments: issue 22)


def _fail(command: Command, error: CroupierError) -> None:
    if command.reply is not None and not command.reply.done():
        command.reply.set_exception(error)
