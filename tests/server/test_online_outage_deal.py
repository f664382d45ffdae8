"""While the database cannot take writes, a table deals no new hand (issue 22: two tables
went on dealing hands the money desk could not record); it deals again once it can. The
hand in progress is played to its end (its writes wait for the database). In-process, on
SQLite and PostgreSQL; ``croupier bench outage`` stops a real PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest
from _online import act_once, online_config, play_hands, run, running_room

from croupier.rules import casino_fr
from croupier.server.config import ServerConfig
from croupier.server.storage import Store
from croupier.server.tables.commands import Command

CAS = casino_fr("no-limit", 100, 200)


@pytest.fixture
def room_config(database_url: str, tmp_path: Path) -> ServerConfig:
    return online_config(database_url, tmp_path / "data")


def test_no_hand_is_dealt_while_the_database_cannot_take_writes(
    room_config: ServerConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    down = [False]
    real = Store.available

    def available(store: Store) -> bool:
        return not down[0] and bool(real.fget(store))  # type: ignore[attr-defined]

    async def scenario() -> None:
        async with running_room(room_config, [("t1", CAS, 6, ("ann", "bob"))]) as room:
            clients = [await room.connect("ann"), await room.connect("bob")]
            await play_hands(clients, "t1", 1)
            actor = room.actor("t1")
            monkeypatch.setattr(Store, "available", property(available))
            down[0] = True
            for _ in range(200):  # the hand in progress, if any, is played to its end
                if actor.current is None or actor.current.ended is not None:
                    break
                if await act_once(clients, "t1") is None:
                    await room.settle()
            number = actor.table.hand_number
            for _ in range(3):
                actor.post(Command("deal"))
                await room.settle()
            assert actor.table.between_hands and actor.table.hand_number == number
            assert actor.current is None or actor.current.ended is not None
            down[0] = False
            actor.post(Command("deal"))
            await room.settle()
            assert actor.current is not None and actor.current.ended is None  # dealt again

    run(scenario())
