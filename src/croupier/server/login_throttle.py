"""Failed logins slow down the name and the address that failed, never the account itself.

A lock on the account would let any stranger lock anyone out (staff included) with five wrong
passwords, and would tell an existing name from an unknown one (which never locks). Instead the
server counts failures per (screen name, source address) and per source address: past
``max_failures`` in a row, that pair waits 1 s, then 2, 4, ... up to ``max_wait``, before it may
try again; an address spraying many names waits the same way past four times as many. The
account's owner, from his own address, is never slowed by someone else's failures. An unknown
name is counted exactly like a known one, so the answers cannot tell them apart.

    >>> throttle = LoginThrottle(max_failures=2, max_wait=60)
    >>> throttle.wait("ann", "10.0.0.9", now=0.0)
    0.0
    >>> for _ in range(3):
    ...     throttle.failed("ann", "10.0.0.9", now=0.0)
    >>> throttle.wait("ann", "10.0.0.9", now=0.0), throttle.wait("ann", "10.0.0.1", now=0.0)
    (1.0, 0.0)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

__all__ = ["LoginThrottle"]


class LoginThrottle:
    """Failures per (name, source) and per source, each with its own back-off (in memory,
    bounded: at most ``max_keys`` keys, the least recently used forgotten first)."""

    def __init__(self, *, max_failures: int, max_wait: float, max_keys: int = 50_000) -> None:
        self.max_failures = max_failures
        self.max_wait = max_wait
        self.max_keys = max_keys
        self._failures: OrderedDict[Hashable, tuple[int, float]] = OrderedDict()

    def _keys(self, name: str, source: str) -> list[tuple[Hashable, int]]:
        return [(("name", name.casefold(), source), self.max_failures),
                (("source", source), self.max_failures * 4)]  # fmt: skip

    def wait(self, name: str, source: str, *, now: float) -> float:
        """Seconds before ``source`` may try ``name`` again (0: at once)."""
        worst = 0.0
        for key, _ in self._keys(name, source):
            found = self._failures.get(key)
            if found is not None:
                worst = max(worst, found[1] - now)
        return worst

    def failed(self, name: str, source: str, *, now: float) -> None:
        """A wrong password (or an unknown name) for ``name`` from ``source``."""
        for key, allowed in self._keys(name, source):
            count = self._failures.get(key, (0, now))[0] + 1
            until = now
            if count > allowed:
                until = now + min(self.max_wait, 2.0 ** (count - allowed - 1))
            self._failures[key] = (count, until)
            self._failures.move_to_end(key)
        while len(self._failures) > self.max_keys:
            self._failures.popitem(last=False)

    def succeeded(self, name: str, source: str) -> None:
        """A right password: the pair starts afresh (the address keeps its count)."""
        self._failures.pop(self._keys(name, source)[0][0], None)
