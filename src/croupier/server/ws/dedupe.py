"""Command ids: a command sent twice (a client retrying after a lost connection) is applied
once; the second copy gets the first one's answer. Each user's last ids are remembered, a
bounded number of them, across his connections."""

from __future__ import annotations

import asyncio
from collections import OrderedDict

__all__ = ["CommandMemory"]


class CommandMemory:
    """The answers to each user's last ``keep`` commands, by id (at most ``users`` users)."""

    def __init__(self, *, keep: int, users: int = 100_000) -> None:
        self.keep = keep
        self.users = users
        self._by_user: OrderedDict[str, OrderedDict[str, asyncio.Future[str]]] = OrderedDict()

    def seen(self, user: str, command_id: str) -> asyncio.Future[str] | None:
        """The answer (perhaps still to come) of ``user``'s command ``command_id``, if known."""
        ids = self._by_user.get(user)
        return None if ids is None else ids.get(command_id)

    def begin(self, user: str, command_id: str) -> asyncio.Future[str]:
        """Remember that ``user``'s command ``command_id`` is being applied; settle the
        returned future with its answer."""
        ids = self._by_user.get(user)
        if ids is None:
            ids = self._by_user[user] = OrderedDict()
            while len(self._by_user) > self.users:
                self._by_user.popitem(last=False)
        else:
            self._by_user.move_to_end(user)
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        ids[command_id] = future
        while len(ids) > self.keep:
            ids.popitem(last=False)
        return future
