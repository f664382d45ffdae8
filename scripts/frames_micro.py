"""Micro-measures of one change's frames (docs/performance.md, "One publish per change"):
the best of 7 repetitions of the same work, the thread's CPU time, so that a loaded machine
weighs less on them than on ``croupier bench server``.

    PYTHONPATH=src python scripts/frames_micro.py

Plays 8 hands at a six-handed table in the tests' in-process room, keeps every change's
:class:`~croupier.server.pubsub.Split`, then times (1) writing each change's public frame and
its six ``you`` parts with the standard library and with orjson, (2) the hub's fan-out of the
changes to six players watching their table (and two spectators), each subscription read by a
task that checks the sequence number as a connection does: as seven publishes (one per player
on his own topic and the public one on the table's) and as one split.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))

import _online
from _online import online_config, play_hands, run, running_room

import croupier.server.online as online_module
from croupier.rules import casino_fr
from croupier.server import jsontext
from croupier.server.pubsub import InProcessPubSub, Split, Topic

PLAYERS = ("ann", "bob", "cy", "dan", "eve", "fay")
HEAD = re.compile(r'^\{"v":1,"type":"(\w+)","table":"([^"]*)","seq":(\d+)')


def capture(hands: int) -> list[Split]:
    """Every change published while ``hands`` hands are played."""
    captured: list[Split] = []

    class Hub(InProcessPubSub):
        async def publish_split(self, topic: Topic, split: Split) -> None:
            captured.append(split)
            await super().publish_split(topic, split)

    started = online_module.start_online

    async def start(services: Any, **kwargs: Any) -> Any:
        return await started(services, pubsub=Hub(), **kwargs)

    _online.start_online = start  # type: ignore[assignment]
    folder = Path(tempfile.mkdtemp(prefix="croupier-frames-"))
    config = online_config(f"sqlite:///{folder}/room.sqlite", folder / "data")

    async def scenario() -> None:
        tables = [("t1", casino_fr("no-limit", 100, 200), 6, PLAYERS)]
        async with running_room(config, tables) as room:
            clients = [await room.connect(n) for n in PLAYERS]
            await play_hands(clients, "t1", hands)

    run(scenario())
    return captured


def best(work: Callable[[], object], repeat: int = 7) -> float:
    """The least thread CPU time of ``repeat`` runs of ``work``."""
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        work()
        times.append(time.thread_time() - start)
    return min(times)


async def fan_out(changes: list[Split], *, split: bool, spectators: int) -> float:
    """Thread CPU seconds a change to fan out and be read by every subscription."""
    hub = InProcessPubSub()
    table = Topic.table("t1")
    names = [*PLAYERS, *(f"s{i}" for i in range(spectators))]
    subs = [await hub.subscribe(Topic.user(n), table, owner=n) for n in names]
    last = {id(s): -1 for s in subs}

    async def read(subscription: Any) -> None:
        while True:
            message = await subscription.get()
            head = HEAD.match(message.data)
            assert head is not None
            last[id(subscription)] = max(last[id(subscription)], int(head.group(3)))

    readers = [asyncio.create_task(read(s)) for s in subs]
    start = time.thread_time()
    for change in changes:
        if split:
            await hub.publish_split(table, change)
        else:
            for user, text in change.private.items():
                await hub.publish(Topic.user(user), text)
            await hub.publish(table, change.public)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
    took = time.thread_time() - start
    for reader in readers:
        reader.cancel()
    await hub.close()
    return took / len(changes)


def main() -> None:
    """Print the measures."""
    changes = capture(8)
    frames = [
        (json.loads(c.public), [json.loads(t)["you"] for t in c.private.values()]) for c in changes
    ]
    print(f"{len(changes)} changes, {sum(len(p) for _, p in frames) / len(frames):.0f} parts each")
    for name, dumps in (
        ("standard library", jsontext.stdlib_dumps),
        (jsontext.ENCODER, jsontext.dumps),
    ):

        def write(dumps: Callable[[Any], str] = dumps) -> None:
            for public, parts in frames:
                dumps(public)
                for part in parts:
                    dumps(part)

        print(f"writing, {name}: {best(write) / len(frames) * 1e6:.1f} µs a change")
    for spectators in (0, 2):
        for split in (False, True):
            took = min(
                asyncio.run(fan_out(changes, split=split, spectators=spectators)) for _ in range(7)
            )
            way = "one split" if split else "seven publishes"
            print(
                f"fan-out, 6 players + {spectators} spectators, {way}: {took * 1e6:.1f} µs a change"
            )


if __name__ == "__main__":
    main()
