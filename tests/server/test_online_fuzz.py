"""The fuzz test: 100,000 malformed, oversized, out-of-order and forged messages through the
connection's own path (in-process), and some over real sockets to a real server: every one is
answered by an error (or, too big for the transport, the socket is dropped), none changes
anything, and the server stays up."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from _fuzz import KINDS
from _online import Room, online_config, run, running_room

from croupier.bench.online import launch, prepare_room
from croupier.rules import casino_fr
from croupier.server.protocol.server import server_message
from croupier.server.ratelimit import MESSAGES
from croupier.server.storage import Store
from croupier.server.storage.schema import hand_events, ledger_entries, snapshots
from croupier.server.tables.state import room_part, table_part

CAS = casino_fr("no-limit", 100, 200)
IN_PROCESS = 100_000
OVER_SOCKETS = 3_000


def _fingerprint(room: Room) -> tuple[Any, ...]:
    domain = room.tables.room
    actor = room.actor("t1")
    part = room_part(domain, muted=room.tables.muted)
    part.pop("taken_at")
    balances = {p: domain.balance(p) for p in ("ann", "bob", "mallory")}
    return (
        json.dumps(table_part(domain, "t1"), sort_keys=True),
        json.dumps(part, sort_keys=True),
        len(domain.ledger),
        actor.seq,
        actor.turn.key if actor.turn else None,
        balances,
    )


def test_100000_bad_messages_are_refused_and_change_nothing(
    database_url: str, tmp_path: Path
) -> None:
    # The in-process clients read their frames only at the end: their outboxes may hold all
    # 100,000 answers (a real socket's would be closed past max_outbox_bytes: too slow).
    config = online_config(
        database_url, tmp_path / "data", between_hands=60.0, max_outbox_bytes=1 << 31
    )

    async def scenario() -> dict[str, int]:
        async with running_room(
            config, [("t1", CAS, 6, ("ann", "bob"))], players=["mallory"]
        ) as room:
            clients = {n: await room.connect(n) for n in ("ann", "bob", "mallory")}
            actor = room.actor("t1")
            assert actor.current is not None and actor.turn is not None
            ctx = {"table": "t1", "hand": actor.current.number}
            to_act = clients[actor.turn.player]
            waiting = next(c for n, c in clients.items() if n not in (actor.turn.player, "mallory"))
            before = _fingerprint(room)
            rng = random.Random(2024)
            counts = dict.fromkeys(KINDS, 0)
            for client in clients.values():
                client.drain()
                client.frames.clear()
            sent = 0
            kinds = list(KINDS)
            for n in range(IN_PROCESS):
                kind = kinds[n % len(kinds)]
                if kind in ("forged", "out-of-order"):
                    ctx["sender"] = rng.choice(["waiting", "outsider"])
                else:
                    ctx["sender"] = rng.choice(["to_act", "waiting", "outsider"])
                sender = {"to_act": to_act, "waiting": waiting, "outsider": clients["mallory"]}[
                    ctx["sender"]
                ]
                text = KINDS[kind](rng, ctx)
                await sender.connection.receive(text)
                sent += 1
                counts[kind] += 1
                if n % 2_000 == 0:
                    await room.settle()
            await room.settle()
            answers = [f for c in clients.values() for f in c.all()]
            for client in clients.values():  # every answer true to the documented schema
                for text in client.texts:
                    server_message.validate_json(text)
            errors = [f for f in answers if f["type"] == "error"]
            assert len(errors) == sent, [f for f in answers if f["type"] != "error"][:5]
            assert all(f["code"] and f["message"] for f in errors)
            assert not any("Traceback" in f["message"] for f in errors)
            assert _fingerprint(room) == before
            room.tables.room.check()
            counts["codes"] = len({f["code"] for f in errors})
            return counts

    counts = run(scenario())
    assert sum(v for k, v in counts.items() if k != "codes") == IN_PROCESS
    assert counts["codes"] >= 8


def test_the_rate_limit_refuses_a_flood_and_changes_nothing(
    database_url: str, tmp_path: Path
) -> None:
    config = online_config(
        database_url, tmp_path / "data", message_rates=MESSAGES, disconnect_grace=3600.0
    )

    async def scenario() -> None:
        async with running_room(config, [("t1", CAS, 6, ("ann", "bob"))]) as room:
            ann = await room.connect("ann")
            before = _fingerprint(room)
            ann.frames.clear()
            for n in range(2_000):
                await ann.connection.receive(json.dumps({"v": 1, "type": "ping", "id": f"p{n}"}))
            await room.settle()
            kinds = [f["type"] for f in ann.all()]
            assert kinds.count("ok") == 40 - 1  # the burst, less the watch of connect()
            limited = [f for f in ann.all() if f["type"] == "error"]
            assert len(limited) == 2_000 - kinds.count("ok")
            assert {f["code"] for f in limited} == {"rate_limited"}
            assert _fingerprint(room) == before

    run(scenario())


def _stored(url: str) -> tuple[int, int, list[tuple[str, str, int]]]:
    store = Store(url, migrate=False)
    try:

        def read(c: sa.Connection) -> tuple[int, int, list[tuple[str, str, int]]]:
            entries = c.execute(sa.select(sa.func.count()).select_from(ledger_entries)).scalar_one()
            events = c.execute(sa.select(sa.func.count()).select_from(hand_events)).scalar_one()
            versions = [
                tuple(r)
                for r in c.execute(
                    sa.select(snapshots.c.kind, snapshots.c.name, snapshots.c.version)
                )
            ]
            return int(entries), int(events), sorted(versions)

        return store.read_blocking(read)
    finally:
        store.close()


def test_bad_messages_over_real_sockets_leave_the_server_up_and_unchanged(
    database_url: str, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    specs = [("t1", CAS, 6, ("ann", "bob"))]
    tokens = prepare_room(data, database_url, specs, watchers=("mallory",))
    online = {
        "disconnect_grace": 3600.0,
        "between_hands": 60.0,
        "message_rates": {"connection": [1e6, 10**7], "user": [1e6, 10**7], "ip": [1e6, 10**7]},
    }
    server = launch(data, database_url, online)
    try:
        asyncio.run(asyncio.sleep(0.5))
        url = Store(database_url, migrate=False).url.render_as_string(hide_password=False)
        before = _stored(url)
        answered, dropped = asyncio.run(_flood(server.url, tokens))
        assert answered + dropped == OVER_SOCKETS + 2
        assert dropped >= 2
        assert _stored(url) == before
        import urllib.request

        with urllib.request.urlopen(f"{server.url}/api/health", timeout=5) as health:
            assert health.status == 200
    finally:
        server.kill()


async def _flood(url: str, tokens: dict[str, str]) -> tuple[int, int]:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    rng = random.Random(7)
    ctx = {"table": "t1", "hand": 1, "sender": "outsider"}
    answered = dropped = 0

    def open_socket(name: str) -> Any:
        headers = {"Cookie": f"croupier_session={tokens[name]}", "Origin": url}
        return connect(
            url.replace("http", "ws", 1) + "/ws",
            additional_headers=headers,
            compression=None,
            max_size=2**22,
        )

    for name in ("ann", "mallory"):  # ann may be to act: she sends only what no one may
        kinds = ["malformed", "schema"] if name == "ann" else [k for k in KINDS if k != "oversized"]
        async with open_socket(name) as ws:
            json.loads(await ws.recv())  # welcome
            for n in range(OVER_SOCKETS // 2):
                if n % 3 == 0:
                    await ws.send(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 50))))
                else:  # a socket carries UTF-8: lone surrogates cannot cross it
                    text = KINDS[kinds[n % len(kinds)]](rng, ctx)
                    await ws.send(text.encode("utf-8", "replace").decode())
                frame = json.loads(await ws.recv())
                while frame["type"] in ("update", "table", "you", "chat"):  # the table's news
                    frame = json.loads(await ws.recv())
                assert frame["type"] == "error", frame
                answered += 1
        async with open_socket(name) as ws:  # over the transport's limit: dropped
            json.loads(await ws.recv())
            await ws.send("x" * 100_000)
            try:
                while True:  # the table's news until the socket is closed
                    await asyncio.wait_for(ws.recv(), timeout=10)
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1009
                dropped += 1
    return answered, dropped
