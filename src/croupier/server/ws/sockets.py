"""The open sockets of a server: who holds them, and what ends them early.

- A session that ends (logout, expiry) ends every socket it opened: each gets one ``error``
  frame (``unauthenticated``) and is closed with 4401; nothing it sends after is applied.
- A user may hold ``max_per_user`` sockets at once and an address ``max_per_address``; one more
  is refused (``too_many_connections``, close 4429).
- Every frame is counted before it is read (:class:`FrameGate`): past the socket's allowance
  the frame is dropped unread and unanswered (one ``rate_limited`` notice a second at most), and
  a socket that keeps flooding is closed (4429): one client cannot hold the event loop that
  every table shares.

    >>> gate = FrameGate(Rate(10, 10), strikes=3)
    >>> [gate.admit(0.0).value for _ in range(12)][9:]
    ['read', 'notice', 'drop']
    >>> flood = [gate.admit(t / 20).value for t in range(20, 120)]  # twice that, for 5 s
    >>> "close" in flood   # a socket that keeps on past its allowance is closed
    True
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

from croupier.server.protocol.codes import ProtocolError
from croupier.server.ratelimit import Rate, TokenBuckets

__all__ = ["Admit", "Ending", "FrameGate", "Socket", "Sockets"]

CLOSE_UNAUTHENTICATED = 4401
CLOSE_TOO_MANY = 4429
CLOSE_TOO_SLOW = 4408


class Admit(Enum):
    """What to do with a frame that arrives."""

    READ = "read"
    """Within the allowance: read it and answer it."""
    NOTICE = "notice"
    """Over: drop it, and tell the client (at most once a second)."""
    DROP = "drop"
    """Over: drop it silently."""
    CLOSE = "close"
    """Over for too long: close the socket."""


class FrameGate:
    """One socket's allowance of frames (any frame: text, binary, valid or not), counted before
    anything is parsed. ``strikes``: dropped frames, one second each at most counted, after
    which the socket is closed."""

    __slots__ = ("_bucket", "_last_notice", "_strike_at", "strikes", "struck")

    def __init__(self, rate: Rate, *, strikes: int) -> None:
        self._bucket = TokenBuckets(rate, max_keys=1)
        self.strikes = strikes
        self.struck = 0
        self._strike_at = float("-inf")
        self._last_notice = float("-inf")

    def admit(self, now: float) -> Admit:
        """Charge one frame arriving at ``now``."""
        if self._bucket.allow(0, now):
            if self.struck and now - self._strike_at > 10.0:  # calm again: forgiven
                self.struck = 0
            return Admit.READ
        if now - self._strike_at >= 1.0 or self.struck == 0:
            self.struck += 1
            self._strike_at = now
        if self.struck > self.strikes:
            return Admit.CLOSE
        if now - self._last_notice >= 1.0:
            self._last_notice = now
            return Admit.NOTICE
        return Admit.DROP

    def retry_after(self, now: float) -> float:
        """Seconds until the next frame would be read."""
        return self._bucket.retry_after(0, now)


@dataclass(frozen=True, slots=True)
class Ending:
    """Why a socket is ended by the server: the error frame's code and message, the close
    code."""

    code: str
    message: str
    close: int


@dataclass(eq=False)
class Socket:
    """One open socket: its user, address, session (the keyed hash of its token) and when that
    session expires; ``ended`` is set once the server ends it."""

    user: str
    address: str
    session: str
    expires_at: datetime | None = None
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    ending: Ending | None = None

    def end(self, ending: Ending) -> None:
        """End this socket (the first reason given wins)."""
        if self.ending is None:
            self.ending = ending
        self.ended.set()


class Sockets:
    """Every open socket of the server, by session, user and address."""

    def __init__(
        self,
        *,
        max_per_user: int = 8,
        max_per_address: int = 32,
        cooldown: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_per_user = max_per_user
        self.max_per_address = max_per_address
        self.cooldown = cooldown
        self.clock = clock
        self._open: set[Socket] = set()
        self._cooling: dict[str, float] = {}
        """Users whose socket was closed for flooding, until when they may open another."""

    def __len__(self) -> int:
        return len(self._open)

    def open(
        self, *, user: str, address: str, session: str, expires_at: datetime | None = None
    ) -> Socket:
        """Count a new socket; refused (``too_many_connections``) past either cap, or while
        the user cools down after a socket closed for flooding."""
        now = self.clock()
        until = self._cooling.get(user)
        if until is not None and until > now:
            raise ProtocolError(
                "too_many_connections",
                f"{user}'s last connection was closed for flooding: connect again in"
                f" {until - now:.0f} s",
                retry_after=round(until - now, 1),
            )
        self._cooling.pop(user, None)
        mine = sum(1 for s in self._open if s.user == user)
        if mine >= self.max_per_user:
            raise ProtocolError(
                "too_many_connections",
                f"{user} has {mine} connections open already (at most {self.max_per_user})",
            )
        here = sum(1 for s in self._open if s.address == address)
        if here >= self.max_per_address:
            raise ProtocolError(
                "too_many_connections",
                f"{here} connections are open from this address already (at most"
                f" {self.max_per_address})",
            )
        socket = Socket(user, address, session, expires_at)
        self._open.add(socket)
        return socket

    def close(self, socket: Socket) -> None:
        """The socket is gone (closed for flooding: its user cools down)."""
        self._open.discard(socket)
        if socket.ending is not None and socket.ending.close == CLOSE_TOO_MANY:
            self._cooling[socket.user] = self.clock() + self.cooldown
            self._cooling[f"session:{socket.session}"] = self.clock() + self.cooldown
            if len(self._cooling) > 10_000:  # bounded: the oldest go first
                for user in sorted(self._cooling, key=self._cooling.__getitem__)[:1_000]:
                    del self._cooling[user]

    def cooling(self, session: str) -> bool:
        """Whether ``session`` (its token's keyed hash) had a socket closed for flooding a
        moment ago: checked before anything else, so that a flooder reconnecting in a loop is
        turned away at the cost of a hash."""
        until = self._cooling.get(f"session:{session}")
        return until is not None and until > self.clock()

    def end_session(self, session: str, *, why: str = "logged out") -> int:
        """End every socket of ``session`` (logout); returns how many."""
        ending = Ending("unauthenticated", f"{why}: this session has ended", CLOSE_UNAUTHENTICATED)
        ended = [s for s in self._open if s.session == session]
        for socket in ended:
            socket.end(ending)
        return len(ended)

    def end_user(self, user: str, *, why: str) -> int:
        """End every socket of ``user`` (his account changed); returns how many."""
        ending = Ending("unauthenticated", f"{why}: log in again", CLOSE_UNAUTHENTICATED)
        ended = [s for s in self._open if s.user == user]
        for socket in ended:
            socket.end(ending)
        return len(ended)
