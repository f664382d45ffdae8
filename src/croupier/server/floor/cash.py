"""The floor's operations on the cash tables, through the room and the table actors.

An operation on one table runs in that table's actor (a ``"floor"`` command: see
:class:`croupier.server.tables.commands.Command`), in its turn like a player's command: it is
checked and applied to the domain (a refusal changes nothing), written with its log line in one
transaction, and only then published and answered. Operations of the room as a whole (opening a
new table, the waiting lists, the orphan register, muting) run in the asyncio thread that owns
the room, the same way. Every operation writes one line to the floor's log
(:mod:`croupier.server.floor.log`) in the transaction of its change.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from croupier.errors import ConfigurationError
from croupier.room.cash.ledger import Account, AccountKind, format_money
from croupier.room.cash.session import LAST_HANDS, SessionStatus
from croupier.rules import casino_fr, pokerkings
from croupier.rules.model import Rules
from croupier.server.cluster.shards import ROOM_SHARD, table_shard
from croupier.server.floor.log import LogDecision
from croupier.server.protocol.codes import ProtocolError
from croupier.server.storage import Record
from croupier.server.storage.records import SaveSnapshot
from croupier.server.tables.actor import TableActor
from croupier.server.tables.commands import Command, Step
from croupier.server.tables.recovery import Recovered
from croupier.server.tables.service import CashTables
from croupier.server.tables.state import TABLE_KIND, table_part

__all__ = [
    "CASH_PRESETS",
    "Floor",
    "TableTerms",
    "announce_last_hands",
    "call_next",
    "cash_rules_of",
    "close_table",
    "disqualify_at_table",
    "lift_at_tables",
    "move_player",
    "mute_player",
    "open_table",
    "overview",
    "remove_from_waiting",
    "return_chips",
    "set_floor_calls",
    "suspend_at_table",
    "void_hand",
]

CASH_PRESETS = ("casino-fr", "pokerkings")
"""The presets whose rules are for cash games."""
VERSIONS = ("no-limit", "pot-limit", "fixed-limit")
_TABLE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")


@dataclass(frozen=True, slots=True)
class Floor:
    """Who acts: the screen name and role of the floor (or admin) at the console."""

    who: str
    role: str

    def log(
        self,
        *,
        subject_kind: str,
        subject_id: str,
        action: str,
        why: str = "",
        detail: dict[str, Any] | None = None,
        place: str = "",
    ) -> LogDecision:
        """The log line of a decision of this floor."""
        return LogDecision(
            who=self.who,
            role=self.role,
            subject_kind=subject_kind,
            subject_id=subject_id,
            action=action,
            why=why,
            detail=detail or {},
            place=place,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class TableTerms:
    """A new table's terms: the preset, the version, the stakes (cents), the seats, the
    buy-ins (None: the house's defaults) and who calls the waiting list."""

    name: str
    preset: str = "casino-fr"
    version: str = "no-limit"
    small_blind: int = 100
    big_blind: int = 200
    seats: int = 6
    min_buy_in: int | None = None
    max_buy_in: int | None = None
    option: bool = False
    floor_calls: bool = True
    """The floor calls the waiting list (CAS-7); else the table calls it by itself."""
    bots_allowed: bool = True
    """Accounts marked as bots may sit (False: a table kept for people)."""


def cash_rules_of(terms: TableTerms) -> Rules:
    """The rules value of ``terms``: ``casino-fr`` (blinds small/big, a version, the option
    CAS-14) or ``pokerkings`` (fixed limit written lower-upper: ``small_blind`` is the lower
    limit, ``big_blind`` the upper, PKG-23).

    >>> cash_rules_of(TableTerms(name="t1")).name
    'casino-fr'
    """
    if terms.preset == "casino-fr":
        if terms.version not in VERSIONS:
            raise ConfigurationError(
                f"version {terms.version!r}: casino-fr plays {', '.join(VERSIONS)} (CAS-26)"
            )
        return casino_fr(terms.version, terms.small_blind, terms.big_blind, option=terms.option)
    if terms.preset == "pokerkings":
        if terms.big_blind != 2 * terms.small_blind:
            raise ConfigurationError(
                f"pokerkings is fixed limit written lower-upper (PKG-23): the upper limit is"
                f" twice the lower, not {format_money(terms.small_blind)}-"
                f"{format_money(terms.big_blind)}"
            )
        return pokerkings(terms.small_blind, terms.big_blind, euro=100)
    raise ConfigurationError(
        f"preset {terms.preset!r}: a cash table plays {' or '.join(CASH_PRESETS)}"
        " (the other presets are for tournaments or replays)"
    )


# ----------------------------------------------------------------- helpers
async def in_table(
    tables: CashTables,
    table: str,
    floor: Floor,
    operation: Callable[[TableActor, Step], dict[str, Any]],
) -> dict[str, Any]:
    """Run ``operation`` in ``table``'s actor, in its turn; its answer once written."""
    actor = tables.actor(table)
    return await actor.submit(Command("floor", player=floor.who, message=operation))


def _seated_at(tables: CashTables, player: str) -> str:
    table = tables.room.where(player)
    if table is None:
        raise ProtocolError("not_seated", f"{player} is not seated at any cash table")
    return table


def _place(table: str) -> str:
    return f"table:{table}"


# -------------------------------------------------------------- open, close
async def open_table(
    tables: CashTables, floor: Floor, terms: TableTerms, why: str = ""
) -> dict[str, Any]:
    """Open a table (a new one, or one whose session closed) with ``terms``."""
    if not _TABLE_NAME.match(terms.name):
        raise ProtocolError(
            "bad_message",
            f"table name {terms.name!r}: 1 to 32 letters, digits, - or _, starting with a"
            " letter or digit",
        )
    if not 2 <= terms.seats <= 10:
        raise ProtocolError("bad_message", f"seats {terms.seats}: from 2 to 10")
    rules = cash_rules_of(terms)
    room = tables.room
    detail = {
        "preset": terms.preset,
        "version": rules.structure.value,
        "small_blind": terms.small_blind,
        "big_blind": terms.big_blind,
        "seats": terms.seats,
        "min_buy_in": terms.min_buy_in,
        "max_buy_in": terms.max_buy_in,
        "floor_calls": terms.floor_calls,
        "bots_allowed": terms.bots_allowed,
    }

    def apply(step_records: list[Record]) -> dict[str, Any]:
        session = room.open_table(
            terms.name,
            rules,
            min_buy_in=terms.min_buy_in,
            max_buy_in=terms.max_buy_in,
            seats=terms.seats,
        )
        if terms.floor_calls:
            tables.floor.floor_calls.add(terms.name)
        else:
            tables.floor.floor_calls.discard(terms.name)
        if terms.bots_allowed:
            tables.floor.no_bots.discard(terms.name)
        else:
            tables.floor.no_bots.add(terms.name)
        detail["session"] = session.number
        detail["min_buy_in"] = session.min_buy_in
        detail["max_buy_in"] = session.max_buy_in
        step_records.append(tables.floor.record())
        step_records.append(
            floor.log(
                subject_kind="table",
                subject_id=terms.name,
                action="table_opened",
                why=why,
                detail=detail,
                place=_place(terms.name),
            )
        )
        return {
            "table": terms.name,
            "session": session.number,
            "bots_allowed": terms.bots_allowed,
            "info": session.info().to_dict(),
        }

    if terms.name in tables.actors:

        def reopen(actor: TableActor, step: Step) -> dict[str, Any]:
            if room.session(terms.name).can_deal:
                raise ProtocolError(
                    "illegal",
                    f"table {terms.name} is in session ({room.session(terms.name).status.value}):"
                    " its terms are fixed until it closes (CAS-24); announce the last hands"
                    " first (CAS-25)",
                )
            done = apply(step.records)
            actor.info_cache = None
            step.table = step.room = step.publish = True
            return done

        return await in_table(tables, terms.name, floor, reopen)
    records: list[Record] = []
    floor_before = tables.floor.to_dict()
    stats_before = room.stats.to_dict()
    sessions_before = room._sessions
    done = apply(records)
    records = [
        SaveSnapshot(TABLE_KIND, terms.name, table_part(room, terms.name)),
        tables.room_record(),
        *records,
    ]
    try:
        shards = [table_shard(terms.name), ROOM_SHARD]
        await tables.hold(shards[:1])
        await tables.store.write([*tables.fence(shards), *records])
    except BaseException:  # nothing was stored: the room forgets the table
        del room._tables[terms.name]
        room._sessions = sessions_before
        for key, value in stats_before.items():
            setattr(room.stats, key, value)
        restored = type(tables.floor).from_dict(floor_before)
        tables.floor.floor_calls = restored.floor_calls
        tables.floor.no_bots = restored.no_bots
        raise
    actor = TableActor(tables, terms.name, Recovered())
    tables.actors[terms.name] = actor
    tables._tasks.append(asyncio.create_task(actor.run(), name=f"table-{terms.name}"))
    tables.lobby_changed(terms.name)
    return done


async def announce_last_hands(
    tables: CashTables, floor: Floor, table: str, why: str = ""
) -> dict[str, Any]:
    """Announce the last three hands of ``table`` (CAS-25); a table that cannot play anyway
    (fewer than two players) closes at once, every player cashed out."""

    def announce(actor: TableActor, step: Step) -> dict[str, Any]:
        room = tables.room
        room.announce_close(table, LAST_HANDS)
        closed: dict[str, int] = {}
        if actor.table.between_hands and not room.can_start(table):
            closed = _close_now(tables, table)
        else:
            tables.floor.closing[table] = f"{floor.who}:{floor.role}"
        step.table = step.room = step.publish = True
        actor.info_cache = None
        session = room.session(table)
        step.records += [
            tables.floor.record(),
            floor.log(
                subject_kind="table",
                subject_id=table,
                action="last_hands_announced",
                why=why,
                detail={"hands": LAST_HANDS, "session": session.number},
                place=_place(table),
            ),
        ]
        if closed or not session.can_deal:
            step.records.append(_closed_line(tables, floor, table, closed, why))
        return {
            "status": session.status.value,
            "hands_left": session.hands_left,
            "cashed_out": closed,
        }

    return await in_table(tables, table, floor, announce)


def _close_now(tables: CashTables, table: str) -> dict[str, int]:
    room = tables.room
    stacks = {ts.player: ts.stack for ts in room.table(table)}
    room.close(table)
    return stacks


def _closed_line(
    tables: CashTables, floor: Floor, table: str, cashed_out: dict[str, int], why: str
) -> LogDecision:
    session = tables.room.session(table)
    return floor.log(
        subject_kind="table",
        subject_id=table,
        action="table_closed",
        why=why,
        detail={
            "session": session.number,
            "hands_played": session.hands_played,
            "cashed_out": cashed_out,
            "rake_box": tables.room.ledger.balance(Account.house(table)),
        },
        place=_place(table),
    )


async def close_table(
    tables: CashTables, floor: Floor, table: str, why: str = ""
) -> dict[str, Any]:
    """Close ``table`` now: allowed once its last hands are played or announced and the
    game has stopped (fewer than two players), never in the middle of the game (CAS-25)."""

    def close(actor: TableActor, step: Step) -> dict[str, Any]:
        room = tables.room
        session = room.session(table)
        if session.status is SessionStatus.CLOSED:
            raise ProtocolError("illegal", f"the session of table {table} is already closed")
        cashed = _close_now(tables, table)
        tables.floor.closing.pop(table, None)
        actor.info_cache = None
        step.table = step.room = step.publish = True
        step.records += [tables.floor.record(), _closed_line(tables, floor, table, cashed, why)]
        return {"status": session.status.value, "cashed_out": cashed}

    return await in_table(tables, table, floor, close)


# ------------------------------------------------------------ waiting lists
async def set_floor_calls(tables: CashTables, floor: Floor, table: str, on: bool) -> dict[str, Any]:
    """Whether the floor calls ``table``'s waiting list (else the table calls it itself)."""

    def change(actor: TableActor, step: Step) -> dict[str, Any]:
        if on:
            tables.floor.floor_calls.add(table)
        else:
            tables.floor.floor_calls.discard(table)
            if actor.table.free_seats():
                actor._call_list(step)
        step.records += [
            tables.floor.record(),
            floor.log(
                subject_kind="table",
                subject_id=table,
                action="floor_calls" if on else "table_calls",
                place=_place(table),
            ),
        ]
        step.publish = True
        return {"floor_calls": on}

    return await in_table(tables, table, floor, change)


async def call_next(tables: CashTables, floor: Floor, table: str) -> dict[str, Any]:
    """Call the next name on ``table``'s waiting list (CAS-7): in order of registration, a
    name not connected (or who cannot buy in) skipped and kept; the first who answers is
    seated at a seat drawn at random, buying in from his balance."""

    def call(actor: TableActor, step: Step) -> dict[str, Any]:
        room = tables.room
        waiting = tables.waiting_for(table)
        if not waiting:
            raise ProtocolError("illegal", f"nobody is on the waiting list of table {table}")
        if not room.session(table).is_open:
            raise ProtocolError(
                "illegal", f"the session of table {table} is {room.session(table).status.value}"
            )
        if not actor.table.free_seats():
            raise ProtocolError("illegal", f"table {table} has no free seat")
        allowed = tables.floor.bots_allowed(table)
        called = room.call_waiting(
            table,
            answers=lambda r: tables.online(r.player) and (allowed or not tables.is_bot(r.player)),
        )
        skipped = [r.player for r in called.skipped]
        r = called.registration
        if r is None:
            raise ProtocolError(
                "illegal",
                f"nobody on the waiting list of {table} answers (CAS-7): {', '.join(skipped)}"
                " not connected or short of the buy-in; they keep their places",
            )
        seat = actor.seated(r.player)
        step.tells.append((r.player, {"type": "called", "table": table, "seat": seat}))
        step.table = step.room = step.publish = True
        step.records.append(
            floor.log(
                subject_kind="player",
                subject_id=r.player,
                action="called",
                detail={"table": table, "seat": seat, "number": r.number, "skipped": skipped},
                place=_place(table),
            )
        )
        return {"player": r.player, "seat": seat, "skipped": skipped}

    return await in_table(tables, table, floor, call)


async def remove_from_waiting(
    tables: CashTables, floor: Floor, player: str, why: str = ""
) -> dict[str, Any]:
    """Take ``player`` off every waiting list."""
    gone = tables.room.waiting.remove(player)
    if not gone:
        raise ProtocolError("illegal", f"{player} is on no waiting list")
    log = floor.log(
        subject_kind="player",
        subject_id=player,
        action="waiting_removed",
        why=why,
        detail={"targets": [r.target for r in gone]},
    )
    await tables._save(len(tables.room.ledger), [log])
    for name in tables.actors:
        tables.lobby_changed(name)
    return {"removed": len(gone)}


# --------------------------------------------------------------- chips
async def return_chips(
    tables: CashTables, floor: Floor, player: str, why: str = ""
) -> dict[str, Any]:
    """Pay ``player``'s set-aside chips and those on the orphan register into his balance
    (CAS-8), through the ledger."""
    tables.money.check_open()
    room = tables.room
    before = len(room.ledger)
    owed = {
        **room.ledger.accounts(AccountKind.SET_ASIDE, player=player),
        **room.ledger.accounts(AccountKind.ORPHAN, player=player),
    }
    paid = room.claim(player)
    if not paid:
        raise ProtocolError(
            "illegal", f"{player} has no chips set aside or on the orphan register (CAS-8)"
        )
    log = floor.log(
        subject_kind="player",
        subject_id=player,
        action="chips_returned",
        why=why,
        detail={"amount": paid, "from": {str(a): v for a, v in owed.items()}},
    )
    await tables._save(before, [log])
    return {"player": player, "returned": paid, "balance": room.balance(player)}


async def move_player(
    tables: CashTables, floor: Floor, player: str, table: str, seat: int | None, why: str = ""
) -> dict[str, Any]:
    """Move ``player`` between hands to ``table`` (his own or another at the same stakes),
    at ``seat`` or one drawn at random (CAS-6)."""
    source = _seated_at(tables, player)
    dest = tables.actor(table)
    tables.floor.check_bots_allowed(table, player, tables.is_bot(player))

    def move(actor: TableActor, step: Step) -> dict[str, Any]:
        room = tables.room
        if room.where(player) != source:
            raise ProtocolError("stale", f"{player} is no longer at {source}")
        new_seat = room.floor_move(player, table=table, seat=seat)
        step.tells.append((player, {"type": "called", "table": table, "seat": new_seat}))
        s = tables.floor.suspensions.get(player)
        if s is not None:
            s.table = table
        step.table = step.room = step.publish = True
        if dest is not actor:
            step.records.append(SaveSnapshot(TABLE_KIND, table, dest._part()))
            dest.post(Command("call_list"))
        step.records += [
            tables.floor.record(),
            floor.log(
                subject_kind="player",
                subject_id=player,
                action="moved",
                why=why,
                detail={"from": source, "to": table, "seat": new_seat},
                place=_place(source),
            ),
        ]
        return {"player": player, "table": table, "seat": new_seat}

    return await in_table(tables, source, floor, move)


async def mute_player(
    tables: CashTables, floor: Floor, player: str, muted: bool, why: str = ""
) -> dict[str, Any]:
    """Mute (or unmute) ``player``'s chat at every table."""
    if muted:
        tables.muted.add(player)
    else:
        tables.muted.discard(player)
    log = floor.log(
        subject_kind="player",
        subject_id=player,
        action="muted" if muted else "unmuted",
        why=why,
    )
    await tables._save(len(tables.room.ledger), [log])
    return {"player": player, "muted": muted}


async def void_hand(
    tables: CashTables, floor: Floor, table: str, hand: int | None, why: str
) -> dict[str, Any]:
    """Void the hand in progress at ``table`` (POK-2-9): every chip goes back to the stack it
    came from; ``hand``: its number, to be sure it is the one the floor saw (None: the one
    being played)."""
    if not why.strip():
        raise ProtocolError("bad_message", "say why the hand is voided (POK-2-9)")

    def void(actor: TableActor, step: Step) -> dict[str, Any]:
        book = actor.current
        if book is None or book.hand.is_over:
            raise ProtocolError("stale", f"no hand is being played at {table}")
        if hand is not None and book.number != hand:
            raise ProtocolError(
                "stale", f"hand {hand} is not the one being played at {table}: {book.number}"
            )
        players = {s.seat: s.player for s in book.hand.seats}
        stacks = {players[s.seat]: s.stack for s in book.hand.seats}
        book.hand.void(f"voided by the floor ({floor.who}): {why}")
        step.publish = True
        step.records.append(
            floor.log(
                subject_kind="hand",
                subject_id=str(book.hand_id),
                action="hand_voided",
                why=why,
                detail={"table": table, "hand": book.number, "stacks_returned": stacks},
                place=_place(table),
            )
        )
        return {"hand_id": book.hand_id, "hand": book.number, "stacks": stacks}

    return await in_table(tables, table, floor, void)


# ------------------------------------------------------------- penalties
async def suspend_at_table(
    tables: CashTables, floor: Floor, player: str, orbits: int, log: LogDecision
) -> dict[str, Any]:
    """Sit ``player`` out at his cash table for ``orbits`` orbits (POK-13-1, ITA-51): he is
    dealt out from the next hand and may not sit in again before they are played."""
    from croupier.server.floor.state import Suspension

    table = _seated_at(tables, player)

    def suspend(actor: TableActor, step: Step) -> dict[str, Any]:
        room = tables.room
        if player in tables.floor.suspensions:
            raise ProtocolError("illegal", f"{player} is suspended already: lift it first")
        hands = orbits * max(2, len(actor.table.players))
        if not actor.table.seats[actor.seated(player) or 0].sitting_out:
            room.step_away(player)
        actor.away_by_disconnect.discard(player)
        tables.floor.suspensions[player] = Suspension(
            player=player,
            table=table,
            orbits=orbits,
            hands_left=hands,
            by=floor.who,
            role=floor.role,
        )
        step.table = step.room = step.publish = True
        step.records += [tables.floor.record(), log]
        return {"player": player, "table": table, "orbits": orbits, "hands": hands}

    return await in_table(tables, table, floor, suspend)


async def disqualify_at_table(
    tables: CashTables, floor: Floor, player: str, log: LogDecision
) -> dict[str, Any]:
    """Disqualify ``player`` from the cash games: he leaves his table with his chips (at the
    hand's settlement if he is dealt in), is taken off the waiting lists and may not sit again
    until the floor lifts it."""
    table = tables.room.where(player)
    if table is None:
        tables.room.waiting.remove(player)
        tables.floor.barred[player] = floor.who
        await tables._save(len(tables.room.ledger), [tables.floor.record(), log])
        return {"player": player, "table": None, "cash_out": 0}

    def disqualify(actor: TableActor, step: Step) -> dict[str, Any]:
        room = tables.room
        paid = room.leave(player)
        if actor.table.dealt_in(player):
            actor.leaving.add(player)
            if actor.turn is not None and actor.turn.player == player:
                actor.turn = None
        room.waiting.remove(player)
        tables.floor.barred[player] = floor.who
        tables.floor.suspensions.pop(player, None)
        step.table = step.room = step.publish = True
        step.records += [tables.floor.record(), log]
        return {"player": player, "table": table, "cash_out": paid}

    return await in_table(tables, table, floor, disqualify)


async def lift_at_tables(
    tables: CashTables, floor: Floor, player: str, log: LogDecision
) -> dict[str, Any]:
    """Lift ``player``'s suspension or disqualification at the cash tables."""
    state = tables.floor
    if player not in state.suspensions and player not in state.barred:
        raise ProtocolError("illegal", f"{player} is neither suspended nor disqualified")
    state.suspensions.pop(player, None)
    state.barred.pop(player, None)
    await tables._save(len(tables.room.ledger), [state.record(), log])
    return {"player": player, "lifted": True}


# --------------------------------------------------------------- reading
def overview(tables: CashTables) -> dict[str, Any]:
    """Everything the console shows of the cash room: each table (its session, players,
    hand in play, rake box, who calls its list), the waiting lists, the chips set aside and
    the orphan register (CAS-8), the suspensions and disqualifications."""
    room = tables.room
    ledger = room.ledger
    out_tables = []
    for name in room.tables:
        entry = tables.lobby_entry(name)
        t = room.table(name)
        actor = tables.actors.get(name)
        book = actor.current if actor is not None else None
        entry["rake_box"] = ledger.balance(Account.house(name))
        entry["floor_calls"] = name in tables.floor.floor_calls
        entry["bots_allowed"] = tables.floor.bots_allowed(name)
        entry["hand"] = None if book is None or book.hand.is_over else book.number
        entry["hand_id"] = None if book is None else book.hand_id
        entry["seated"] = [
            {
                "seat": ts.seat,
                "player": ts.player,
                "stack": ts.stack,
                "sitting_out": ts.sitting_out,
                "online": tables.online(ts.player),
                "suspended": (
                    tables.floor.suspensions[ts.player].hands_left
                    if ts.player in tables.floor.suspensions
                    else None
                ),
            }
            for ts in t
        ]
        entry["waiting_list"] = tables.waiting_for(name)
        out_tables.append(entry)
    waiting = [
        {
            "number": r.number,
            "player": r.player,
            "table": r.table,
            "stakes": r.stakes,
            "buy_in": r.buy_in,
            "online": tables.online(r.player),
        }
        for r in room.waiting
    ]
    set_aside = [
        {"player": a.player, "table": a.table, "amount": v}
        for a, v in sorted(ledger.accounts(AccountKind.SET_ASIDE).items())
        if v
    ]
    orphans = [
        {"player": a.player, "amount": v}
        for a, v in sorted(ledger.accounts(AccountKind.ORPHAN).items())
        if v
    ]
    return {
        "tables": out_tables,
        "waiting": waiting,
        "set_aside": set_aside,
        "orphans": orphans,
        "suspensions": [s.to_dict() for s in tables.floor.suspensions.values()],
        "barred": sorted(tables.floor.barred),
        "muted": sorted(tables.muted),
        "presets": list(CASH_PRESETS),
        "versions": list(VERSIONS),
    }
