"""The demo room's cash tables: ``casino-fr`` no-limit 1/2 € and ``pokerkings`` fixed-limit
1-2 €, six seats each, with in-process bots in some seats, so that a newcomer can sit and play
at once. Made once, on a new database (through :func:`croupier.server.demo.seed_demo`)."""

from __future__ import annotations

import secrets

from croupier.room.cash.ledger import Entry
from croupier.rules import casino_fr, pokerkings
from croupier.rules.model import Rules
from croupier.server.accounts import create_user
from croupier.server.bankroll import fund_bot
from croupier.server.cluster.shards import CASHIER_SHARD
from croupier.server.config import ServerConfig
from croupier.server.money import MoneyDesk
from croupier.server.security import Passwords
from croupier.server.storage import Record, Store
from croupier.server.storage.records import SaveSnapshot, WriteEntry
from croupier.server.tables.actor import entries_since
from croupier.server.tables.service import BOT_PREFIX
from croupier.server.tables.state import (
    ROOM,
    ROOM_KIND,
    TABLE_KIND,
    new_room,
    room_part,
    table_part,
)

__all__ = ["DEMO_BOTS", "DEMO_BOT_CHIPS", "TableSpec", "demo_tables", "open_tables"]

DEMO_BOTS = ("Anna", "Bruno", "Chloe", "Dario", "Elena", "Fabio", "Greta", "Hugo")
"""The demo bots' names (screen names ``Bot-Anna`` ...)."""

DEMO_BOT_CHIPS = 1_000_000
"""The play money the house's cashier gives each demo bot (cents) when the demo is made: it
buys in with it, and is funded again when short (:mod:`croupier.server.bankroll`)."""

TableSpec = tuple[str, Rules, int, tuple[str, ...]]
"""(table name, rules, seats, players to seat at once)."""


def demo_tables() -> list[TableSpec]:
    """The demo's cash tables and the bots that sit there."""
    bot = [f"{BOT_PREFIX}{name}" for name in DEMO_BOTS]
    return [
        ("casino-fr-1", casino_fr("no-limit", 100, 200), 6, tuple(bot[0:3])),
        ("casino-fr-2", casino_fr("no-limit", 100, 200), 6, tuple(bot[3:5])),
        ("pokerkings-1", pokerkings(100, 200, euro=100), 6, tuple(bot[5:8])),
    ]


def open_tables(
    store: Store,
    money: MoneyDesk,
    specs: list[TableSpec],
    *,
    config: ServerConfig,
    deposit: int,
) -> None:
    """Open cash tables on a new database and seat their first players (the house's bots),
    each funded by the house's cashier with ``deposit`` cents
    (:func:`~croupier.server.bankroll.fund_bot`) and buying in for the table's maximum (the
    players' accounts exist)."""
    online = config.online
    room = new_room(max_hands=online.absence_max_hands, max_seconds=online.absence_max_seconds)
    room.ledger = money.ledger
    entries: list[Entry] = []
    for name, rules, seats, players in specs:
        before = len(money.ledger)  # read table by table: the ledger keeps only its last entries
        session = room.open_table(name, rules, seats=seats)
        for player in players:
            fund_bot(money.ledger, player, deposit, f"seated at {name}")
            room.join(player, name, session.max_buy_in)
        entries.extend(entries_since(money.ledger, before))
    records: list[Record] = [
        SaveSnapshot(TABLE_KIND, name, table_part(room, name)) for name, *_ in specs
    ]
    records.append(SaveSnapshot(ROOM_KIND, ROOM, room_part(room, muted=set())))
    records.extend(WriteEntry(e) for e in entries)
    if entries and money.ownership is not None:  # the money's lease (the server's start)
        records.insert(0, money.ownership.fence([CASHIER_SHARD]))
    store.write_blocking(records)


def seed_tables(store: Store, passwords: Passwords, config: ServerConfig, money: MoneyDesk) -> None:
    """The demo's bots (accounts marked as bots: nobody logs in to them) and its cash
    tables."""
    specs = demo_tables()
    for *_, players in specs:
        for player in players:
            create_user(
                store,
                passwords,
                screen_name=player,
                role="player",
                password=secrets.token_urlsafe(24),
                full_name=f"Demo bot {player.removeprefix(BOT_PREFIX)}",
                rules_version=config.rules_version,
                bot=True,
            )
    open_tables(store, money, specs, config=config, deposit=DEMO_BOT_CHIPS)
