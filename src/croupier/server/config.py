"""The server's configuration, its data folder and the session secret kept there."""

from __future__ import annotations

import ipaddress
import os
import secrets
import stat
from dataclasses import dataclass, field
from pathlib import Path

from croupier._checks import quote
from croupier.errors import ConfigurationError
from croupier.server.room_rules import ROOM_RULES_VERSION
from croupier.server.storage.engine import database_url, sqlite_url
from croupier.server.tables.config import OnlineConfig

__all__ = [
    "SECRET_FILE",
    "ServerConfig",
    "load_or_create_secret",
    "prepare_data_dir",
]

SECRET_FILE = "session-secret"
DATABASE_FILE = "croupier.db"


@dataclass(frozen=True, kw_only=True)
class ServerConfig:
    """How the server runs. Amounts are cents, durations seconds.

    >>> ServerConfig(data_dir=Path("room")).database_url
    'sqlite:///room/croupier.db'
    """

    host: str = "127.0.0.1"
    port: int = 8000
    data_dir: Path = Path("data")
    database: str | None = None
    """A database URL; None keeps an SQLite database in the data folder."""
    demo: bool = True
    """On a new database, make the demo room (for now its staff accounts: :mod:`.demo`), and
    credit every newcomer with ``demo_chips``."""
    demo_chips: int = 100_000
    session_seconds: int = 14 * 24 * 3600
    login_max_failures: int = 5
    """Failed logins in a row, for one screen name from one address, before that pair is slowed
    down (1 s, then 2, 4, ... between tries); an address trying many names, four times as
    many. The account itself is never locked (:mod:`.login_throttle`)."""
    login_lock_seconds: int = 300
    """The longest wait between two tries of a slowed-down pair."""
    adult_age: int = 18
    rules_version: str = ROOM_RULES_VERSION
    secure_cookies: bool = False
    """Mark cookies Secure (set it when the server is reached over HTTPS)."""
    allowed_origins: tuple[str, ...] = ()
    """Origins allowed besides the server's own (``https://room.example``, behind a proxy)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses (or networks) of the reverse proxies whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed; none by default: a client's own address counts, for the
    rate limits and the login throttle, whatever headers he sends."""
    max_body_bytes: int = 64 * 1024
    argon2_time_cost: int = 3
    argon2_memory_kib: int = 64 * 1024
    online: OnlineConfig = field(default_factory=OnlineConfig)
    """The tables online: pauses, the disconnect grace, chat, limits (:mod:`.tables.config`)."""

    def __post_init__(self) -> None:
        if not isinstance(self.port, int) or not 0 <= self.port <= 65_535:
            raise ConfigurationError(f"port {self.port!r}: a number from 0 to 65535")
        if (
            not isinstance(self.host, str)
            or not self.host
            or len(self.host) > 253
            or not self.host.isprintable()
            or any(c.isspace() for c in self.host)
        ):
            raise ConfigurationError(
                f"host {quote(self.host)}: an address to listen on, such as 127.0.0.1"
            )
        for name in ("demo_chips", "session_seconds", "login_lock_seconds", "max_body_bytes"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ConfigurationError(f"{name} {value!r}: a whole number >= 0")
        if self.login_max_failures < 1:
            raise ConfigurationError(f"login_max_failures {self.login_max_failures!r}: at least 1")
        if self.database is not None:
            database_url(self.database)
        for proxy in self.trusted_proxies:
            try:
                ipaddress.ip_network(proxy, strict=False)
            except ValueError:
                raise ConfigurationError(
                    f"trusted proxy {quote(proxy)}: an IP address or network, such as 10.0.0.2"
                    " or 10.0.0.0/24"
                ) from None

    @property
    def database_url(self) -> str:
        """The database's URL: ``database``, or the SQLite file in the data folder."""
        if self.database is not None:
            return self.database
        return sqlite_url(str(self.data_dir / DATABASE_FILE))

    @property
    def address(self) -> str:
        """The address to open in a browser."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"


def prepare_data_dir(path: Path) -> Path:
    """Create the data folder (owner-only) if it does not exist; refuse a file in its place,
    and a folder others may read or enter (it holds the database: every deck of the hands in
    play), as for the session secret."""
    if path.exists() and not path.is_dir():
        raise ConfigurationError(f"data folder {str(path)!r} is a file, not a folder")
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise ConfigurationError(
            f"data folder {str(path)!r} cannot be created: {error.strerror}"
        ) from None
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise ConfigurationError(
            f"the data folder {str(path)!r} can be read by others (mode {mode:o}): it holds the"
            " database, with the deck of every hand in play; chmod 700 it"
        )
    return path


def load_or_create_secret(data_dir: Path) -> bytes:
    """The session secret: made on first start (32 random bytes) and kept in the data folder,
    readable by its owner only; a secret file others can read is refused, never used."""
    path = prepare_data_dir(data_dir) / SECRET_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            raise ConfigurationError(
                f"the session secret {str(path)!r} can be read by others (mode {mode:o}):"
                f" chmod 600 it, or delete it to make a new one (every session then ends)"
            ) from None
        text = path.read_text(encoding="ascii").strip()
        try:
            secret = bytes.fromhex(text)
        except ValueError:
            secret = b""
        if len(secret) < 32:
            raise ConfigurationError(
                f"the session secret {str(path)!r} is not 64 hex digits: delete it to make a"
                " new one (every session then ends)"
            ) from None
        return secret
    secret = secrets.token_bytes(32)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(secret.hex() + "\n")
    return secret
