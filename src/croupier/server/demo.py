"""The demo room, made once on a new database when the server runs with ``demo`` on.

It makes the staff accounts (a cashier, a floor, an administrator) with random passwords,
kept in ``demo-accounts.txt`` in the data folder (readable by its owner only) and printed at
each start, and the cash tables with bots (:mod:`croupier.server.tables.demo`). The demo's
sit-and-go and tournament hook in here too, in :func:`seed_demo`.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from croupier.server.accounts import create_user
from croupier.server.bankroll import HOUSE_CASHIER
from croupier.server.config import ServerConfig
from croupier.server.money import MoneyDesk
from croupier.server.security import Passwords
from croupier.server.storage import Store

__all__ = ["DEMO_ACCOUNTS_FILE", "DEMO_STAFF", "DemoAccount", "read_demo_accounts", "seed_demo"]

DEMO_ACCOUNTS_FILE = "demo-accounts.txt"
DEMO_STAFF = ((HOUSE_CASHIER, "cashier"), ("floor", "floor"), ("admin", "admin"))
"""(screen name, role) of the demo room's staff (its cashier funds the house's bots)."""


@dataclass(frozen=True, slots=True)
class DemoAccount:
    """A demo account: its screen name, role and password."""

    screen_name: str
    role: str
    password: str


def seed_demo(
    store: Store, passwords: Passwords, config: ServerConfig, *, money: MoneyDesk
) -> list[DemoAccount]:
    """Make the demo room on a new database (call it only when the database has no account):
    the staff accounts, the cash tables with their bots (the tournaments hook in here)."""
    from croupier.server.tables.demo import seed_tables

    made = []
    for name, role in DEMO_STAFF:
        password = secrets.token_urlsafe(12)
        create_user(
            store,
            passwords,
            screen_name=name,
            role=role,
            password=password,
            full_name=f"Demo {role}",
            rules_version=config.rules_version,
        )
        made.append(DemoAccount(name, role, password))
    path = config.data_dir / DEMO_ACCOUNTS_FILE
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write("# croupier demo accounts: screen name, role, password\n")
        for account in made:
            out.write(f"{account.screen_name} {account.role} {account.password}\n")
    if config.online.demo_tables:
        seed_tables(store, passwords, config, money)
    return made


def read_demo_accounts(data_dir: Path) -> list[DemoAccount]:
    """The demo accounts written by :func:`seed_demo` (none if there is no such file)."""
    path = data_dir / DEMO_ACCOUNTS_FILE
    if not path.is_file():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) == 3 and not line.startswith("#"):
            out.append(DemoAccount(*parts))
    return out
