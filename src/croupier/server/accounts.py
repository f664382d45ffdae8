"""Accounts: registration with the identity the room keeps, login slowed down after repeated
failures (per name and address: :mod:`.login_throttle`), sessions, and accounts made by an
administrator.

- CAS-3: only players whose identity is registered have access: a full name and a screen name
  unique in the room (whatever its case); every page but the public ones needs a session.
- POK-1-2: no minors: a date of birth showing the player is of age, or an explicit adult
  confirmation (a date of birth that says otherwise wins).
- POK-1-1: registering implies accepting the room's rules: the player sends the version he
  read (``GET /api/rules``); the account keeps it and the moment it was accepted.
"""

from __future__ import annotations

import asyncio
import math
import re
import time
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict

from croupier.errors import ConfigurationError
from croupier.server.bankroll import NEWCOMER_CREDIT
from croupier.server.config import ServerConfig
from croupier.server.errors import (
    AuthenticationError,
    ConflictError,
    LoginLockedError,
    ServerError,
)
from croupier.server.login_throttle import LoginThrottle
from croupier.server.money import MoneyDesk
from croupier.server.security import Passwords, new_token, token_hash
from croupier.server.storage import Record, Store
from croupier.server.storage.reads import HOUSE_BOT_HASH, session_by_hash, user_by_name
from croupier.server.storage.records import (
    CloseSession,
    LoginSucceeded,
    NewUser,
    OpenSession,
)
from croupier.server.storage.schema import ROLES
from croupier.server.storage.store import transient
from croupier.server.storage.types import utc_now
from croupier.server.textcheck import check_text

__all__ = [
    "Accounts",
    "Login",
    "Registration",
    "SessionInfo",
    "UserInfo",
    "check_not_bot_like",
    "check_password",
    "check_screen_name",
]

_SCREEN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{2,19}")


class Registration(BaseModel):
    """What a newcomer sends to register (JSON)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    full_name: str
    screen_name: str
    password: str
    date_of_birth: date | None = None
    adult: bool = False
    accept_rules: bool = False
    rules_version: str = ""


class Login(BaseModel):
    """What a player sends to log in (JSON)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    screen_name: str
    password: str


@dataclass(frozen=True, slots=True)
class UserInfo:
    """An account as the server shows it to its owner (never the password's hash)."""

    id: int
    screen_name: str
    full_name: str
    role: str
    date_of_birth: date | None
    rules_version: str
    rules_accepted_at: datetime
    created_at: datetime
    is_bot: bool = False
    """The account is marked as a bot (``users.is_bot``): not in its JSON."""

    @classmethod
    def of(cls, row: Any) -> UserInfo:
        """From a ``users`` row (or a row joined to it)."""
        return cls(
            int(row.id),
            row.screen_name,
            row.full_name,
            row.role,
            row.date_of_birth,
            row.rules_version,
            row.rules_accepted_at,
            row.created_at,
            bool(getattr(row, "is_bot", False)),
        )

    def to_json(self) -> dict[str, Any]:
        """The account as JSON."""
        return {
            "screen_name": self.screen_name,
            "full_name": self.full_name,
            "role": self.role,
            "date_of_birth": None if self.date_of_birth is None else self.date_of_birth.isoformat(),
            "rules_version": self.rules_version,
            "rules_accepted_at": self.rules_accepted_at.isoformat(),
            "created_at": self.created_at.isoformat(),
        }


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """A logged-in session: its user, its CSRF token and the keyed hash of its token."""

    user: UserInfo
    csrf_token: str
    token_hash: str
    expires_at: datetime | None = None


def check_screen_name(name: str) -> str:
    """A screen name: 3 to 20 letters, digits, ``_``, ``.`` or ``-``, starting with a letter
    or digit."""
    if not _SCREEN_NAME.fullmatch(name):
        raise ServerError(
            f"screen name {name!r}: 3 to 20 letters, digits, '_', '.' or '-', starting with a"
            " letter or a digit"
        )
    return name


_BOT_LIKE = re.compile(r"b[o0]t(?:[-_.]|$)", re.IGNORECASE)


def check_not_bot_like(name: str) -> str:
    """Refuse a screen name that reads as one of the house's bots' (``Bot-...``, ``bot_x``,
    ``B0t.x``, ``Bot``): a bot is marked on its account by the house and shown as a bot to
    everyone, and a player must not pass for one."""
    if _BOT_LIKE.match(name):
        raise ServerError(
            f"screen name {name!r}: names starting with 'Bot' and a separator are kept for the"
            " house's bots"
        )
    return name


def check_password(password: str, screen_name: str) -> str:
    """A password: 8 to 200 characters, not the screen name."""
    if not 8 <= len(password) <= 200:
        raise ServerError(f"a password has 8 to 200 characters, not {len(password)}")
    if password.casefold() == screen_name.casefold():
        raise ServerError("the password cannot be the screen name")
    return password


def _slowed(wait: float) -> LoginLockedError:
    seconds = max(1, math.ceil(wait))
    return LoginLockedError(
        f"too many failed logins for this screen name from your address: try again in {seconds} s",
        retry_after=seconds,
    )


def _age(born: date, today: date) -> int:
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


SESSIONS_KNOWN = 10_000
"""The sessions :class:`Accounts` remembers for a database outage (the oldest forgotten first)."""


def _expired(session: SessionInfo) -> bool:
    return session.expires_at is None or session.expires_at <= utc_now()


class Accounts:
    """Registration, login and sessions over the store."""

    def __init__(
        self,
        *,
        store: Store,
        config: ServerConfig,
        secret: bytes,
        passwords: Passwords,
        money: MoneyDesk,
    ) -> None:
        self.store = store
        self.config = config
        self.secret = secret
        self.passwords = passwords
        self.money = money
        self._registering = asyncio.Lock()
        self.throttle = LoginThrottle(
            max_failures=config.login_max_failures, max_wait=config.login_lock_seconds
        )
        self._known: dict[str, SessionInfo] = {}
        """Sessions the database confirmed lately (newest last, at most :data:`SESSIONS_KNOWN`):
        the answer while the database cannot be read, so that what the server holds in memory
        (the lobby, the tables) is still served to those already logged in."""

    # ---------------------------------------------------------------- register
    def check(self, form: Registration, *, today: date) -> str:
        """Refuse a registration that breaks CAS-3, POK-1-2 or POK-1-1; returns the full
        name as it will be kept."""
        full_name = " ".join(form.full_name.split())
        if not 2 <= len(full_name) <= 200:
            raise ServerError(
                f"full name {form.full_name!r}: the room registers each player's identity"
                " (CAS-3): give your full name (2 to 200 characters)"
            )
        check_screen_name(form.screen_name)
        check_not_bot_like(form.screen_name)
        check_password(form.password, form.screen_name)
        adult_age = self.config.adult_age
        if form.date_of_birth is not None:
            if form.date_of_birth > today:
                raise ServerError(
                    f"date of birth {form.date_of_birth.isoformat()} is in the future"
                )
            age = _age(form.date_of_birth, today)
            if age < adult_age:
                raise ServerError(
                    f"date of birth {form.date_of_birth.isoformat()}: players must be adults"
                    f" ({adult_age} or more) (POK-1-2); that is {age}"
                )
        elif form.adult is not True:
            raise ServerError(
                f"players must be adults (POK-1-2): confirm you are {adult_age} or more"
                ' ("adult": true) or give your date of birth ("date_of_birth": "YYYY-MM-DD")'
            )
        version = self.config.rules_version
        if form.accept_rules is not True:
            raise ServerError(
                f"registering implies accepting the room's rules (POK-1-1): read them (GET"
                f' /api/rules), then send "accept_rules": true and "rules_version": "{version}"'
            )
        if form.rules_version != version:
            raise ServerError(
                f"rules version {form.rules_version!r}: the room's rules are version"
                f" {version!r} (POK-1-1): read them again (GET /api/rules) and accept that one"
            )
        return full_name

    async def register(self, form: Registration) -> tuple[UserInfo, str, str]:
        """Register a newcomer (a player) and log him in; returns (user, session token, CSRF
        token). In the demo room he is credited with ``demo_chips`` in the same transaction."""
        now = utc_now()
        full_name = self.check(form, today=now.date())
        password_hash = await asyncio.to_thread(self.passwords.hash, form.password)
        async with self._registering:
            self.money.check_open()
            if await self.store.read(lambda c: user_by_name(c, form.screen_name)) is not None:
                raise ConflictError(f"the screen name {form.screen_name!r} is already taken")
            token, csrf = new_token(), new_token()
            records: list[Record] = [
                NewUser(
                    screen_name=form.screen_name,
                    full_name=full_name,
                    date_of_birth=form.date_of_birth,
                    adult_confirmed_at=now,
                    rules_version=self.config.rules_version,
                    rules_accepted_at=now,
                    role="player",
                    password_hash=password_hash,
                    created_at=now,
                ),
                self._open_session(token, csrf, None, screen_name=form.screen_name),
            ]
            entries = []
            if self.config.demo and self.config.demo_chips > 0:
                entries.append(
                    self.money.ledger.deposit(
                        form.screen_name, self.config.demo_chips, NEWCOMER_CREDIT
                    )
                )
            await self.money.save(entries, with_records=records)
        row = await self.store.read(lambda c: user_by_name(c, form.screen_name))
        assert row is not None
        return UserInfo.of(row), token, csrf

    def _open_session(
        self, token: str, csrf: str, user_id: int | None, *, screen_name: str | None = None
    ) -> OpenSession:
        now = utc_now()
        return OpenSession(
            token_hash=token_hash(self.secret, token),
            user_id=user_id,
            csrf_token=csrf,
            expires_at=now + timedelta(seconds=self.config.session_seconds),
            created_at=now,
            screen_name=screen_name,
        )

    # ------------------------------------------------------------------- login
    async def login(self, form: Login, *, source: str = "unknown") -> tuple[UserInfo, str, str]:
        """Log in from the address ``source``; returns (user, session token, CSRF token).

        Repeated failures slow down that name from that address (and an address trying many
        names), never the account itself: :class:`~.login_throttle.LoginThrottle`. A known and
        an unknown name get the same answers."""
        now = time.monotonic()
        wait = self.throttle.wait(form.screen_name, source, now=now)
        if wait > 0:
            raise _slowed(wait)
        row = await self.store.read(lambda c: user_by_name(c, form.screen_name))
        if row is not None and row.password_hash == HOUSE_BOT_HASH:  # the house plays it
            row = None
        stored = None if row is None else row.password_hash
        if not await asyncio.to_thread(self.passwords.verify, stored, form.password):
            self.throttle.failed(form.screen_name, source, now=time.monotonic())
            raise AuthenticationError("wrong screen name or password")
        assert row is not None  # verify() is False for an unknown account
        self.throttle.succeeded(form.screen_name, source)
        token, csrf = new_token(), new_token()
        opened = self._open_session(token, csrf, int(row.id))
        await self.store.write([LoginSucceeded(int(row.id)), opened])
        user = UserInfo.of(row)
        self._remember(SessionInfo(user, csrf, opened.token_hash, opened.expires_at))
        return user, token, csrf

    async def logout(self, session: SessionInfo) -> None:
        """End ``session``."""
        self._known.pop(session.token_hash, None)
        await self.store.write([CloseSession(session.token_hash)])

    async def session(self, token: str) -> SessionInfo | None:
        """The live session of a cookie's token, or None (unknown or expired: deleted)."""
        hashed = token_hash(self.secret, token)
        try:
            row = await self.store.read(lambda c: session_by_hash(c, hashed))
        except Exception as error:
            known = self._known.get(hashed)
            if not transient(error) or known is None or _expired(known):
                raise
            return known  # the database is unreachable: the session it confirmed last
        if row is None:
            self._known.pop(hashed, None)
            return None
        if row.expires_at <= utc_now():
            self._known.pop(hashed, None)
            await self.store.write([CloseSession(hashed)])
            return None
        info = SessionInfo(UserInfo.of(row), row.csrf_token, hashed, row.expires_at)
        self._remember(info)
        return info

    def _remember(self, info: SessionInfo) -> None:
        self._known.pop(info.token_hash, None)
        self._known[info.token_hash] = info
        if len(self._known) > SESSIONS_KNOWN:
            del self._known[next(iter(self._known))]


def create_user(
    store: Store,
    passwords: Passwords,
    *,
    screen_name: str,
    role: str,
    password: str,
    full_name: str | None = None,
    rules_version: str,
    bot: bool = False,
    logs_in: bool = False,
) -> int:
    """An account made by an administrator (``croupier admin create-user``): he vouches for
    the identity and age, and registers the rules version in force for it. Returns its id.

    ``bot``: one of the house's bots (a player account the house plays; nobody logs in to it,
    and everyone sees it as a bot); only a bot may have a bot-like name. ``bot`` and
    ``logs_in``: a bot account that logs in with ``password`` and plays through
    :mod:`croupier.client` (the house does not play it), seen by everyone as a bot."""
    if role not in ROLES:
        raise ConfigurationError(f"role {role!r}: one of {', '.join(ROLES)}")
    if bot and role != "player":
        raise ConfigurationError(f"a bot is a player, not {role!r}")
    check_screen_name(screen_name)
    if not bot:
        check_not_bot_like(screen_name)
    check_password(password, screen_name)
    check_text({"screen_name": screen_name, "full_name": full_name or ""})
    name = " ".join((full_name or screen_name).split())
    if not 2 <= len(name) <= 200:
        raise ServerError(f"full name {full_name!r}: 2 to 200 characters (CAS-3)")
    now = utc_now()
    record = NewUser(
        screen_name=screen_name,
        full_name=name,
        date_of_birth=None,
        adult_confirmed_at=now,
        rules_version=rules_version,
        rules_accepted_at=now,
        role=role,
        # Nobody logs in as a house bot: no hash to verify (and no argon2 time spent on it).
        password_hash=HOUSE_BOT_HASH if bot and not logs_in else passwords.hash(password),
        created_at=now,
        is_bot=bot,
    )
    [user_id] = store.write_blocking([record])
    assert isinstance(user_id, int)
    return user_id
