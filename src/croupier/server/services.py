"""Everything one server process holds: the store, the secret, the ledger, the accounts."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from croupier.server.accounts import Accounts
from croupier.server.cluster.ownership import Ownership
from croupier.server.config import ServerConfig, load_or_create_secret, prepare_data_dir
from croupier.server.datalock import DataFolderLock
from croupier.server.demo import DemoAccount, read_demo_accounts, seed_demo
from croupier.server.money import MoneyDesk
from croupier.server.security import Passwords
from croupier.server.storage import Store
from croupier.server.storage.reads import count_users
from croupier.server.storage.types import utc_now

if TYPE_CHECKING:
    from croupier.server.online import Online

__all__ = ["Services", "start_services"]


@dataclass
class Services:
    """The server's parts, made on start and closed on shutdown."""

    config: ServerConfig
    store: Store
    secret: bytes
    passwords: Passwords
    money: MoneyDesk
    accounts: Accounts
    new_database: bool
    demo_accounts: list[DemoAccount] = field(default_factory=list)
    started_at: datetime = field(default_factory=utc_now)
    online: Online | None = None
    """The tables online, once the app's lifespan has started them."""
    lock: DataFolderLock | None = None
    """The data folder's lock: one server per data folder."""
    ownership: Ownership | None = None
    """The shards' leases this process holds (``croupier serve``: every one, as the worker
    ``serve``); every commit of a shard is fenced by them (docs/cluster.md)."""

    def close(self) -> None:
        """Write what is queued, close the database and free the data folder."""
        self.store.close()
        if self.lock is not None:
            self.lock.release()


def start_services(config: ServerConfig) -> Services:
    """Open everything: the data folder and its secret, the database (migrations applied),
    the ledger (loaded and audited), and on a new database the demo room."""
    prepare_data_dir(config.data_dir)
    lock = DataFolderLock(config.data_dir)
    try:
        secret = load_or_create_secret(config.data_dir)
        store = Store(config.database_url)
    except BaseException:
        lock.release()
        raise
    try:
        passwords = Passwords(
            time_cost=config.argon2_time_cost, memory_kib=config.argon2_memory_kib
        )
        new_database = store.read_blocking(count_users) == 0
        ownership = Ownership(store)
        money = MoneyDesk.load(store, ownership=ownership)
        demo: list[DemoAccount] = []
        if config.demo:
            demo = (
                seed_demo(store, passwords, config, money=money)
                if new_database
                else read_demo_accounts(config.data_dir)
            )
        accounts = Accounts(
            store=store, config=config, secret=secret, passwords=passwords, money=money
        )
    except BaseException:
        store.close()
        lock.release()
        raise
    services = Services(config, store, secret, passwords, money, accounts, new_database, demo)
    services.lock = lock
    services.ownership = ownership
    return services
