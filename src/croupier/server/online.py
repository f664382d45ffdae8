"""The room online: the cash tables with their actors, the publish/subscribe hub, the rate
limits and the command ids every connection shares. Started in the app's lifespan (it needs
the event loop) once the services are open; stopped before they close."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import sqlalchemy as sa

from croupier.errors import CroupierError
from croupier.server.bankroll import HOUSE_CASHIER
from croupier.server.cluster.ownership import Ownership
from croupier.server.cluster.shards import CASHIER_SHARD
from croupier.server.pubsub import InProcessPubSub, PubSub
from croupier.server.services import Services
from croupier.server.storage import StoreClosedError
from croupier.server.storage.reads import user_by_name
from croupier.server.tables.service import CashTables
from croupier.server.tournaments import Tournaments
from croupier.server.tournaments.service import ensure_bot_accounts
from croupier.server.ws.connection import Limits
from croupier.server.ws.dedupe import CommandMemory
from croupier.server.ws.sockets import Sockets

__all__ = ["Online", "start_online"]

_log = logging.getLogger("croupier.server.online")


@dataclass
class Online:
    """What the WebSocket connections of one server share."""

    tables: CashTables
    pubsub: PubSub
    limits: Limits
    memory: CommandMemory
    clock: Callable[[], float] = field(default=time.monotonic)
    tournaments: Tournaments | None = None
    sockets: Sockets = field(default_factory=Sockets)
    ownership: Ownership | None = None
    """The leases of the shards this process runs, renewed by its heartbeat."""

    async def close(self) -> None:
        """Stop the tournaments and the tables, then the hub; free the leases of the tables,
        the tournaments and the room (the cashier's stays with the services)."""
        if self.tournaments is not None:
            await self.tournaments.close()
        await self.tables.close()
        await self.pubsub.close()
        if self.ownership is not None:
            await self.ownership.stop(release=False)
            await _release(self.ownership)


async def _release(ownership: Ownership) -> None:
    """Free the leases of the tables, the tournaments and the room on a clean stop; with the
    database away, leave them to expire (a stop never waits for the database)."""
    if not ownership.store.available:
        return
    held = [s for s in ownership.epochs if s != CASHIER_SHARD]
    try:
        await asyncio.wait_for(ownership.release(held), timeout=ownership.times.ttl)
    except (TimeoutError, CroupierError, StoreClosedError, sa.exc.SQLAlchemyError) as error:
        _log.warning("the leases were not freed on stop (they expire): %s", error)


async def _house_cashier(services: Services) -> bool:
    """Whether the house's cashier (the demo's ``cashier``) is a cashier's account: the demo
    funds its bots in his name only then (never in a player's who took that name)."""
    row = await services.store.read(lambda c: user_by_name(c, HOUSE_CASHIER))
    return row is not None and row.role == "cashier" and not row.is_bot


async def start_online(
    services: Services,
    *,
    pubsub: PubSub | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Online:
    """Recover the cash room and start its tables (an in-process hub unless one is given;
    ``clock``: the tables' and the rate limits' seconds)."""
    hub = pubsub if pubsub is not None else InProcessPubSub()
    config = services.config.online
    await ensure_bot_accounts(services.store)  # before the tables read the house's bots
    tables = await CashTables.start(
        store=services.store,
        money=services.money,
        pubsub=hub,
        config=config,
        clock=clock,
        fund_bots=services.config.demo and await _house_cashier(services),
    )
    demo = config.demo_tournaments
    tournaments = await Tournaments.start(
        cash=tables,
        money=services.money,
        store=services.store,
        demo=services.config.demo and (config.demo_tables if demo is None else demo),
    )
    tables.tournaments = tournaments
    if services.ownership is not None:
        services.ownership.start()
    return Online(
        ownership=services.ownership,
        tournaments=tournaments,
        tables=tables,
        pubsub=hub,
        limits=Limits(config),
        memory=CommandMemory(keep=config.command_ids),
        clock=clock,
        sockets=Sockets(
            max_per_user=config.max_sockets_per_user,
            max_per_address=config.max_sockets_per_address,
            cooldown=config.flood_cooldown,
        ),
    )
