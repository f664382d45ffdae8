"""Rate limits: token buckets per key (a connection, a user, an address), times given in.

A :class:`Rate` fills a bucket with ``per_second`` tokens a second up to ``burst``; each
message takes a token, and one that finds the bucket empty is refused with the time to
wait. :class:`TokenBuckets` keeps one bucket per key for one rate, at most ``max_keys`` of
them (the least recently used goes first, so memory stays bounded whatever keys arrive);
:class:`RateLimiter` checks several scopes at once and charges them only when all agree.
Nothing here reads a clock: ``now`` is passed in (``time.monotonic()`` on the server).

    >>> chat = chat_limiter()
    >>> [chat.check(0.0, connection=1, user="ann").allowed for _ in range(6)]
    [True, True, True, True, True, False]
    >>> chat.check(0.0, connection=1, user="ann").retry_after   # one chat line per 2 s
    2.0
    >>> chat.check(2.0, connection=1, user="ann").allowed
    True
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Final, NamedTuple

from croupier.errors import ConfigurationError

__all__ = [
    "CHAT",
    "MESSAGES",
    "Decision",
    "Rate",
    "RateLimiter",
    "TokenBuckets",
    "chat_limiter",
    "message_limiter",
]


@dataclass(frozen=True, slots=True)
class Rate:
    """``per_second`` tokens a second, at most ``burst`` saved up (a new key starts full).

    >>> Rate.per(5, seconds=10)
    Rate(per_second=0.5, burst=5)
    """

    per_second: float
    burst: int

    def __post_init__(self) -> None:
        rate = self.per_second
        if isinstance(rate, bool) or not isinstance(rate, int | float) or not rate > 0:
            raise ConfigurationError(f"a rate is a number of tokens a second > 0, not {rate!r}")
        if not math.isfinite(rate):
            raise ConfigurationError(f"a rate is finite, not {rate!r}")
        if not isinstance(self.burst, int) or isinstance(self.burst, bool) or self.burst < 1:
            raise ConfigurationError(f"a burst is a whole number >= 1, not {self.burst!r}")

    @classmethod
    def per(cls, count: int, *, seconds: float, burst: int | None = None) -> Rate:
        """``count`` tokens every ``seconds``, ``burst`` (default ``count``) saved up."""
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0:
            raise ConfigurationError(f"a period is a number of seconds > 0, not {seconds!r}")
        return cls(count / seconds, count if burst is None else burst)


class TokenBuckets:
    """One :class:`Rate`, one bucket per key, at most ``max_keys`` buckets.

    A key evicted for room comes back with a full bucket, as a new key does; the least
    recently used key goes first, and a bucket idle long enough to have refilled loses
    nothing by going.
    """

    __slots__ = ("_buckets", "max_keys", "rate")

    def __init__(self, rate: Rate, *, max_keys: int = 10_000) -> None:
        if not isinstance(rate, Rate):
            raise ConfigurationError(f"{rate!r} is not a Rate")
        if not isinstance(max_keys, int) or isinstance(max_keys, bool) or max_keys < 1:
            raise ConfigurationError(f"max_keys is a whole number >= 1, not {max_keys!r}")
        self.rate = rate
        self.max_keys = max_keys
        self._buckets: OrderedDict[Hashable, tuple[float, float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def tokens(self, key: Hashable, now: float) -> float:
        """The tokens in ``key``'s bucket at ``now``."""
        return self._level(key, now)[0]

    def retry_after(self, key: Hashable, now: float, *, cost: int = 1) -> float:
        """Seconds from ``now`` until ``key`` may spend ``cost`` tokens (0: at once)."""
        self._check_cost(cost)
        missing = cost - self._level(key, now)[0]
        return 0.0 if missing <= 0 else missing / self.rate.per_second

    def allow(self, key: Hashable, now: float, *, cost: int = 1) -> bool:
        """Take ``cost`` tokens from ``key``'s bucket if it has them; True if taken."""
        self._check_cost(cost)
        tokens, at = self._level(key, now)
        if tokens < cost:
            return False
        self._store(key, tokens - cost, at)
        return True

    def take(self, key: Hashable, now: float, *, cost: int = 1) -> None:
        """Take ``cost`` tokens whatever the level (checked beforehand by the caller)."""
        tokens, at = self._level(key, now)
        self._store(key, tokens - cost, at)

    def prune(self, now: float) -> int:
        """Forget every bucket that has refilled by ``now`` (nothing is lost); return how many."""
        full = [k for k in self._buckets if self._level(k, now)[0] >= self.rate.burst]
        for key in full:
            del self._buckets[key]
        return len(full)

    def _level(self, key: Hashable, now: float) -> tuple[float, float]:
        """The bucket's tokens at ``now`` and the time it is reckoned from."""
        if isinstance(now, bool) or not isinstance(now, int | float) or not math.isfinite(now):
            raise ConfigurationError(f"a time is a finite number of seconds, not {now!r}")
        burst = self.rate.burst
        found = self._buckets.get(key)
        if found is None:
            return float(burst), now
        tokens, last = found
        if now <= last:  # a clock that stood still (or a time from the past): no refill
            return tokens, last
        return min(float(burst), tokens + (now - last) * self.rate.per_second), now

    def _store(self, key: Hashable, tokens: float, at: float) -> None:
        buckets = self._buckets
        buckets[key] = (tokens, at)
        buckets.move_to_end(key)
        while len(buckets) > self.max_keys:
            buckets.popitem(last=False)

    def _check_cost(self, cost: int) -> None:
        if not isinstance(cost, int) or isinstance(cost, bool) or not 1 <= cost <= self.rate.burst:
            raise ConfigurationError(
                f"a cost is a whole number from 1 to the burst ({self.rate.burst}), not {cost!r}"
            )


class Decision(NamedTuple):
    """A rate limiter's answer: ``allowed``; if not, which ``scope`` refused and for how long."""

    allowed: bool
    retry_after: float = 0.0
    scope: str | None = None


class RateLimiter:
    """Several scopes checked together: a message passes only if every scope has tokens.

    ``limits`` names each scope's rate (``{"connection": ..., "user": ..., "ip": ...}``);
    :meth:`check` takes a key per scope (a scope without a key, such as the user of a
    connection not logged in, is not checked) and charges every scope only when all allow.
    """

    __slots__ = ("_scopes",)

    def __init__(self, limits: Mapping[str, Rate], *, max_keys: int = 10_000) -> None:
        if not limits:
            raise ConfigurationError("a rate limiter needs at least one scope")
        self._scopes = {
            scope: TokenBuckets(rate, max_keys=max_keys) for scope, rate in limits.items()
        }

    @property
    def scopes(self) -> Mapping[str, TokenBuckets]:
        """Each scope's buckets."""
        return self._scopes

    def check(self, now: float, *, cost: int = 1, **keys: Hashable | None) -> Decision:
        """Charge ``cost`` to the key of each scope if all have it; else refuse and say why."""
        unknown = sorted(set(keys) - set(self._scopes))
        if unknown:
            raise ConfigurationError(
                f"unknown rate limit scopes {unknown}: the scopes are {sorted(self._scopes)}"
            )
        chosen = [(self._scopes[s], s, k) for s, k in keys.items() if k is not None]
        worst = Decision(True)
        for buckets, scope, key in chosen:
            wait = buckets.retry_after(key, now, cost=cost)
            if wait > worst.retry_after:
                worst = Decision(False, wait, scope)
        if worst.allowed:
            for buckets, _, key in chosen:
                buckets.take(key, now, cost=cost)
        return worst


MESSAGES: Final[Mapping[str, Rate]] = {
    "connection": Rate(20, 40),
    "user": Rate(30, 60),
    "ip": Rate(60, 120),
}
"""Messages from a client: 20 a second per connection (40 at once), more per user and address
(a user may have a few tabs open, an address a few users)."""

CHAT: Final[Mapping[str, Rate]] = {
    "connection": Rate.per(5, seconds=10),
    "user": Rate.per(5, seconds=10),
    "ip": Rate.per(20, seconds=10),
}
"""Chat lines: 5 per 10 seconds per connection and per user (one every 2 s once spent), 20 per
address."""


def message_limiter(*, max_keys: int = 10_000) -> RateLimiter:
    """The rate limiter of client messages (:data:`MESSAGES`)."""
    return RateLimiter(MESSAGES, max_keys=max_keys)


def chat_limiter(*, max_keys: int = 10_000) -> RateLimiter:
    """The rate limiter of chat lines (:data:`CHAT`)."""
    return RateLimiter(CHAT, max_keys=max_keys)
