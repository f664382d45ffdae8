"""Nothing creates money but a cashier's deposit or the demo's newcomer credit (issue 23): the
demo played on a real SQLite database (its cash tables, a bot that busts and is funded again,
its sit-and-go filled by bots), then every deposit in the stored ledger is read back; and a
player named like a bot is never funded by the house."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from _api import PASSWORD, make_config, registration
from _tourney import FAST, Player, Room, fast_config

from croupier.room.cash.ledger import Entry, EntryKind
from croupier.rules import casino_fr
from croupier.server.accounts import Registration, create_user
from croupier.server.bankroll import (
    HOUSE_CASHIER,
    NEWCOMER_CREDIT,
    cashier_memo,
    fund_bot,
    origin,
)
from croupier.server.check import check_database
from croupier.server.online import start_online
from croupier.server.room_rules import ROOM_RULES_VERSION
from croupier.server.services import Services, start_services
from croupier.server.storage import Store
from croupier.server.storage.reads import iter_entries, user_by_name
from croupier.server.storage.records import SaveSnapshot, WriteEntry
from croupier.server.storage.schema import users
from croupier.server.tables.actor import TableActor, entries_since
from croupier.server.tables.commands import Command, Step
from croupier.server.tables.config import OnlineConfig
from croupier.server.tables.demo import DEMO_BOTS
from croupier.server.tables.service import BOT_PREFIX
from croupier.server.tables.state import (
    ROOM,
    ROOM_KIND,
    TABLE_KIND,
    new_room,
    room_part,
    table_part,
)

CAS = casino_fr("no-limit", 100, 200)


def _demo_config(tmp_path: Path, **online: Any) -> Any:
    knobs: dict[str, Any] = {
        "demo_tables": True,
        "demo_tournaments": True,
        "italian_every": 3600,
        "demo_level_minutes": 0.05,
        **online,
    }
    return fast_config(f"sqlite:///{tmp_path / 'croupier.db'}", tmp_path / "data", **knobs)


def _stored_entries(store: Store) -> list[Entry]:
    return store.read_blocking(lambda c: list(iter_entries(c)))


def _role(store: Store, name: str) -> tuple[str, bool] | None:
    row = store.read_blocking(lambda c: user_by_name(c, name))
    return None if row is None else (str(row.role), bool(row.is_bot))


def _assert_only_cashiers_and_newcomers_create_money(store: Store) -> list[Entry]:
    """Every entry that brings money in is a deposit by a cashier account, or the newcomer
    credit of a player (once, never to a bot); returns the deposits."""
    entries = _stored_entries(store)
    deposits = []
    credited: list[str] = []
    for entry in entries:
        assert sum(v for _, v in entry.postings) == 0, entry
        outside = [v for a, v in entry.postings if a.kind.value == "outside"]
        if not any(v < 0 for v in outside):
            assert entry.kind is not EntryKind.DEPOSIT, entry
            continue  # moves money already in the room, or takes it out
        assert entry.kind is EntryKind.DEPOSIT, entry
        deposits.append(entry)
        where = origin(entry)
        assert where is not None, entry
        (player,) = {a.player for a, v in entry.postings if v > 0}
        if where.kind == "newcomer":
            assert _role(store, player) == ("player", False), entry
            credited.append(player)
        else:
            assert where.kind == "cashier", entry
            assert _role(store, where.by) == ("cashier", False), entry
            assert where.reason, entry  # a reason is written with it
    assert len(credited) == len(set(credited)), credited  # once each
    report = check_database(store)
    assert report["ledger_balanced"] and report["problems"] == [], report
    return deposits


async def _register(services: Services, name: str) -> None:
    await services.accounts.register(
        Registration.model_validate_json(json.dumps(registration(name)))
    )


async def _shove(
    player: Player,
    table: str,
    buy_in: int,
    *,
    stop: Any,
    services: Services,
) -> None:
    """Go all in at every turn at ``table``; out of chips, buy in again, the cashier
    depositing for him when his balance is short (a deposit by the cashier, with its memo)."""
    done: set[tuple[int, int]] = set()
    while not stop():
        player.drain()
        frames = [f for f in player.frames if f["type"] in ("table", "update") and f.get("you")]
        frames = [f for f in frames if f["table"] == table]
        if frames:
            frame = frames[-1]
            state = frame["state"]
            turn = state["to_act"]
            if turn is not None and turn["player"] == player.name:
                key = (state["hand"], frame["seq"])
                if key not in done:
                    done.add(key)
                    legal = turn["legal"]
                    action = next(
                        a for a in ("show", "all_in", "call", "check", "fold") if legal.get(a)
                    )
                    await player.send("act", table=table, hand=state["hand"], action=action)
            you = [s for s in state["seats"] if s and s["player"] == player.name]
            if you and you[0]["stack"] == 0 and state.get("to_act") is None:
                if services.money.balance(player.name) < buy_in:
                    await services.money.deposit(
                        player.name, 10 * buy_in, cashier_memo(HOUSE_CASHIER, "ann's top-up")
                    )
                await player.send("rebuy", table=table, amount=buy_in)
        await asyncio.sleep(0.01)


async def _keep_short(
    services: Services, bot: str, table: str, *, stop: Any, cashier: str = HOUSE_CASHIER
) -> None:
    """Keep ``bot`` short at ``table`` until ``stop()``: the cashier pays out whatever he
    comes to hold beside his stack (a sit-and-go's funding or prize), and whenever his
    stack is past three minimum buy-ins he sits again short (:func:`_sit_short`): a random
    run of won hands cannot take him out of reach of a player who covers him."""
    assert services.online is not None
    room = services.online.tables.room
    while not stop():
        held = services.money.balance(bot)
        if held > 0:
            await services.money.withdraw(bot, held, "withdrawal by cashier: the test")
        seat = next((s for s in room.table(table) if s.player == bot), None)
        if seat is not None and seat.stack > 3 * room.session(table).min_buy_in:
            await _sit_short(services, bot, table, cashier=cashier)
        await asyncio.sleep(0.01)


def _short_memo(cashier: str, bot: str) -> str:
    return cashier_memo(cashier, f"a short stack for {bot}")


async def _sit_short(
    services: Services, bot: str, table: str, *, cashier: str = HOUSE_CASHIER
) -> None:
    """``bot`` leaves ``table`` (its hand settled first), ``cashier`` pays out all he
    holds, deposits the table's minimum buy-in for him, and he sits again with it: a short
    stack that a player sitting with the maximum covers, with nothing beside it."""
    assert services.online is not None
    tables = services.online.tables
    room = tables.room

    def leave(actor: TableActor, step: Step) -> dict[str, Any]:
        room.leave(bot)
        step.table = step.room = step.publish = True
        return {}

    await tables.actor(table).submit(Command("floor", player=HOUSE_CASHIER, message=leave))
    while room.where(bot) is not None:  # dealt in a hand: he leaves when it is settled
        await asyncio.sleep(0.01)
    held = services.money.balance(bot)
    if held > 0:
        await services.money.withdraw(bot, held, "withdrawal by cashier: the test")
    least = room.session(table).min_buy_in
    await services.money.deposit(bot, least, _short_memo(cashier, bot))

    def sit(actor: TableActor, step: Step) -> dict[str, Any]:
        room.join(bot, table, least)
        step.table = step.room = step.publish = True
        return {}

    await tables.actor(table).submit(Command("floor", player=HOUSE_CASHIER, message=sit))


def test_the_demo_creates_money_only_by_its_cashier_and_the_newcomer_credit(
    tmp_path: Path,
) -> None:
    config = _demo_config(tmp_path)

    async def scenario() -> None:
        services = start_services(config)  # a new database: the demo room is made
        try:
            # The cashier pays out what the house's bots hold beside their stacks: a bot that
            # the sit-and-go registers is short of its entry, and the house's cashier funds it.
            for bot in DEMO_BOTS:
                name = f"{BOT_PREFIX}{bot}"
                held = services.money.balance(name)
                await services.money.withdraw(name, held, "withdrawal by cashier: the test")
            await _register(services, "ann")
            online = await start_online(services)
            services.online = online
            room = Room(services, online)
            try:
                ann = await room.connect("ann")
                sng = next(a for a in online.tournaments.actors.values() if a.spec.bots)
                await ann.ok("register", tournament=sng.id)
                await room.until(lambda: sng.state == "running", timeout=20)
                assert set(sng.registered) - {"ann"} <= online.tables.house_bots
                assert len(sng.registered) == sng.spec.start_when
                await ann.ok("watch", table="casino-fr-2")
                top = online.tables.room.session("casino-fr-2").max_buy_in
                await ann.ok("sit", table="casino-fr-2", buy_in=top)

                def funded() -> bool:
                    return any(
                        "short at casino-fr-2" in e.memo for e in services.money.ledger.entries
                    )

                # A bot of casino-fr-2 is kept short, with nothing beside his stack: his bust
                # finds him short, and the house's cashier funds him again.
                keeper = _keep_short(services, "Bot-Elena", "casino-fr-2", stop=funded)
                tournament_play = asyncio.create_task(ann.autoplay(stop=funded, passive=True))
                shove = _shove(ann, "casino-fr-2", top, stop=funded, services=services)
                await asyncio.wait_for(asyncio.gather(shove, keeper), 60)
                await tournament_play
                stored = services.store  # the bust's entries written before the room stops
                await room.until(
                    lambda: any("short at casino-fr-2" in e.memo for e in _stored_entries(stored))
                )
            finally:
                await online.close()
                services.online = None
            deposits = _assert_only_cashiers_and_newcomers_create_money(services.store)
            memos = [e.memo for e in deposits]
            assert NEWCOMER_CREDIT in memos
            assert any("short at casino-fr-2" in m for m in memos)  # the bust, funded
            assert any(sng.id in m for m in memos)  # a sit-and-go bot's entry, funded
            assert any("seated at casino-fr-1" in m for m in memos)  # the demo's first chips
        finally:
            services.close()

    asyncio.run(scenario())


def test_a_player_named_like_a_bot_never_gets_the_houses_money(tmp_path: Path) -> None:
    config = _demo_config(tmp_path, demo_tables=False)

    async def scenario() -> None:
        services = start_services(config)
        try:
            create_user(  # a player (registering a name that reads as a bot's is refused)
                services.store,
                services.passwords,
                screen_name="quinn",
                role="player",
                password=PASSWORD,
                rules_version=ROOM_RULES_VERSION,
            )
            # His account renamed in the database to read as a bot: still a player.
            engine = sa.create_engine(config.database)
            with engine.begin() as c:
                c.execute(
                    sa.update(users)
                    .where(users.c.screen_name == "quinn")
                    .values(screen_name="Bot-Quinn", screen_key="bot-quinn")
                )
            engine.dispose()
            assert _role(services.store, "Bot-Quinn") == ("player", False)
            online = await start_online(services)
            services.online = online
            room = Room(services, online)
            try:
                assert "Bot-Quinn" not in online.tables.house_bots
                assert "Bot-Quinn" not in online.tournaments.bot_names()
                sng = next(a for a in online.tournaments.actors.values() if a.spec.bots)
                # He has no money: the entry a bot short of money would be funded for is
                # refused him, and nothing is deposited in his name.
                quinn = await room.connect("Bot-Quinn")
                refused = await quinn.send("register", tournament=sng.id)
                assert refused["type"] == "error", refused
                assert services.money.balance("Bot-Quinn") == 0
            finally:
                await online.close()
                services.online = None
            for entry in _stored_entries(services.store):
                assert all(a.player != "Bot-Quinn" for a, _ in entry.postings), entry
            _assert_only_cashiers_and_newcomers_create_money(services.store)
        finally:
            services.close()

    asyncio.run(scenario())


def _short_bot_table(services: Services, table: str, bot: str) -> None:
    """Open ``table`` on the new database with ``bot`` seated for the minimum buy-in, given
    him by the house's cashier (as the demo's tables are opened, but short)."""
    money = services.money
    online = services.config.online
    cash = new_room(max_hands=online.absence_max_hands, max_seconds=online.absence_max_seconds)
    cash.ledger = money.ledger
    before = len(money.ledger)
    session = cash.open_table(table, CAS, seats=6)
    fund_bot(money.ledger, bot, session.min_buy_in, f"seated at {table}")
    cash.join(bot, table, session.min_buy_in)
    services.store.write_blocking(
        [
            SaveSnapshot(TABLE_KIND, table, table_part(cash, table)),
            SaveSnapshot(ROOM_KIND, ROOM, room_part(cash, muted=set())),
            *(WriteEntry(e) for e in entries_since(money.ledger, before)),
        ]
    )


def test_without_the_demo_no_bot_is_funded_but_by_the_rooms_cashier(tmp_path: Path) -> None:
    config = make_config(
        f"sqlite:///{tmp_path / 'croupier.db'}",
        tmp_path / "data",
        demo=False,
        online=OnlineConfig(**FAST),
    )
    top = new_room(max_hands=None, max_seconds=None).open_table("x", CAS, seats=6).max_buy_in

    memo = ""

    async def scenario() -> None:
        nonlocal memo
        services = start_services(config)
        try:
            for name, role, bot in (
                ("cashier", "cashier", False),
                ("Bot-Ines", "player", True),
                ("ann", "player", False),
            ):
                create_user(
                    services.store,
                    services.passwords,
                    screen_name=name,
                    role=role,
                    password=PASSWORD,
                    rules_version=ROOM_RULES_VERSION,
                    bot=bot,
                )
            # The house's cashier gives its bot one short buy-in; the room's cashier gives ann
            # hers.
            _short_bot_table(services, "t1", "Bot-Ines")
            await services.money.deposit("ann", 20 * top, cashier_memo("cashier", "ann's chips"))
            online = await start_online(services)
            services.online = online
            room = Room(services, online)
            try:
                assert online.tables.fund_bots is False
                assert services.money.balance("Bot-Ines") == 0
                ann = await room.connect("ann")
                await ann.ok("watch", table="t1")
                await ann.ok("sit", table="t1", buy_in=top)
                cash = online.tables.room

                def bot_short() -> bool:
                    seats = {ts.player: ts.stack for ts in cash.table("t1")}
                    return "Bot-Ines" in seats and seats["Bot-Ines"] < 200  # seated, busted

                keeper = _keep_short(services, "Bot-Ines", "t1", stop=bot_short, cashier="cashier")
                shove = _shove(ann, "t1", top, stop=bot_short, services=services)
                await asyncio.wait_for(asyncio.gather(shove, keeper), 60)
                await asyncio.sleep(0.3)  # the table, looking before each deal, funds nobody
                assert bot_short() and services.money.balance("Bot-Ines") == 0
                # The room's cashier funds the house's bot: it buys in again at the next deal.
                memo = cashier_memo("cashier", "the house's bankroll for Bot-Ines")
                await services.money.deposit("Bot-Ines", 10 * top, memo)
                await room.until(lambda: not bot_short(), timeout=5)
            finally:
                await online.close()
                services.online = None
            for entry in _stored_entries(services.store):
                if entry.kind is EntryKind.DEPOSIT and entry.postings[-1][0].player == "Bot-Ines":
                    assert entry.memo in (memo, _short_memo("cashier", "Bot-Ines")) or (
                        "seated at t1" in entry.memo
                    ), entry
            _assert_only_cashiers_and_newcomers_create_money(services.store)
        finally:
            services.close()

    asyncio.run(scenario())


def test_without_the_demo_only_bots_the_cashier_funded_fill_a_sit_and_go(
    tmp_path: Path,
) -> None:
    config = make_config(
        f"sqlite:///{tmp_path / 'croupier.db'}",
        tmp_path / "data",
        demo=False,
        online=OnlineConfig(**{**FAST, "demo_level_minutes": 0.05}),
    )

    async def scenario() -> None:
        services = start_services(config)
        try:
            for name, role in (("cashier", "cashier"), ("ann", "player")):
                create_user(
                    services.store,
                    services.passwords,
                    screen_name=name,
                    role=role,
                    password=PASSWORD,
                    rules_version=ROOM_RULES_VERSION,
                )
            await services.money.deposit("ann", 100_000, cashier_memo("cashier", "ann's chips"))
            online = await start_online(services)
            services.online = online
            room = Room(services, online)
            try:
                # A sit-and-go that bots fill (one the demo opened, run after a restart with
                # the demo off).
                await online.tournaments.demo_round()
                sng = next(a for a in online.tournaments.actors.values() if a.spec.bots)
                ann = await room.connect("ann")
                await ann.ok("register", tournament=sng.id)
                await asyncio.sleep(0.5)  # past sng_bots_after: no bot has the money
                assert sng.registered == ["ann"]
                memo = cashier_memo("cashier", "the house's bankroll for Bot-Ines")
                await services.money.deposit("Bot-Ines", 10_000, memo)
                await room.until(lambda: "Bot-Ines" in sng.registered, timeout=5)
                assert sorted(sng.registered) == ["Bot-Ines", "ann"]
            finally:
                await online.close()
                services.online = None
            _assert_only_cashiers_and_newcomers_create_money(services.store)
        finally:
            services.close()

    asyncio.run(scenario())
