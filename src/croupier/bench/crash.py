"""``croupier bench crash``: kill a real server with SIGKILL at random moments while bot clients
play over WebSockets, start it again, and check after each restart that nothing was lost:

- the server comes back (recovery rebuilt the room and proved every seat against its table);
- the ledger balances (every entry posted again through the domain's rules), nothing was
  created or lost (the room holds exactly what was deposited);
- every action a client was told was taken (its ``ok``) is in the stored hand;
- every table's chips in the view a client gets (stacks, bets, pots) are what the ledger's
  seat accounts of that table hold, seat by seat between hands;
- with ``tournaments``, kills also land during registrations, tournament hands and table
  moves (:mod:`croupier.bench.crash_tournaments`): every acknowledged registration is
  stored, every running tournament holds exactly the chips it issued, its prize pool what
  its entries paid.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
import time
from collections import defaultdict
from functools import partial
from pathlib import Path
from typing import Any

from croupier.bench import crash_tournaments as tourneys
from croupier.bench.online import Crowd, launch, play_crowd, prepare_room, table_specs
from croupier.engine import Acted, Mucked, Shown, event_from_dict
from croupier.room.cash.ledger import AccountKind
from croupier.server.check import check_database
from croupier.server.config import ServerConfig
from croupier.server.money import load_ledger
from croupier.server.storage import Store
from croupier.server.storage.reads import iter_entries
from croupier.server.tables.records import hand_by_number, hand_record

__all__ = ["ONLINE", "run_crashes"]

ONLINE: dict[str, Any] = {
    "between_hands": 0.05,
    "disconnect_grace": 3600.0,
    "message_rates": {"connection": [1000, 10000], "user": [1000, 10000], "ip": [1e6, 10**7]},
    "bot_think": [0.0, 0.02],
    "sng_bots_after": 0.0,
    "tournament_tick": 0.1,
}
"""The server's knobs for the run: hands one after another, nobody sat out for going away."""


def run_crashes(
    *,
    kills: int,
    database: str | None = None,
    tables: int = 2,
    seats: int = 4,
    seed: int = 1,
    workdir: Path | None = None,
    log: Any = None,
    tournaments: bool = True,
) -> dict[str, Any]:
    """Play, kill -9, restart and check, ``kills`` times; returns a report (raises
    ``AssertionError`` at the first check that fails)."""
    rng = random.Random(seed)
    base = Path(tempfile.mkdtemp(prefix="croupier-crash-")) if workdir is None else workdir
    data = base / "data"
    specs = table_specs(tables, seats)
    watchers = ("watcher", *tourneys.PLAYERS) if tournaments else ("watcher",)
    tokens = prepare_room(data, database, specs, watchers=watchers)
    seats_of = {p: (tokens[p], name) for name, _, _, players in specs for p in players}
    url = ServerConfig(data_dir=data, database=database).database_url
    if tournaments:
        tourneys.prepare(url)
    churned = tourneys.Churn()
    created = 0
    deposited = _deposited(url)
    acked: list[tuple[str, int, int, str, int]] = []
    hands = actions = 0
    started = time.monotonic()
    for kill in range(kills + 1):
        if tournaments and kill < kills and kill % 3 == 0:
            tourneys.add_sit_and_go(url, kill)
            created += 1
        server = launch(data, database, ONLINE)
        try:
            _check(url, server.url, tokens["watcher"], [s[0] for s in specs], acked, deposited)
            if tournaments:
                tourneys.check_registrations(url, churned)
            if kill == kills:
                break
            seconds = rng.uniform(0.3, 1.2)
            crowd: Crowd = asyncio.run(
                _play(server, seats_of, tokens, churned, seconds, kill, tournaments)
            )
            acked.extend(crowd.acks)
            hands += len(crowd.hands)
            actions += len(crowd.acks)
            if log is not None:
                log(f"kill {kill + 1}/{kills}: {len(crowd.acks)} actions acknowledged, killed")
        finally:
            server.kill()
    server = launch(data, database, ONLINE)
    server.stop()
    store = Store(url)
    try:
        report = check_database(store)
    finally:
        store.close()
    assert report["ledger_balanced"] and not report["problems"], report["problems"]
    stored = tourneys.stored_states(url) if tournaments else {}
    tournament_hands = sum(
        int(p["domain"]["hands_played"]) for p in stored.values() if p.get("domain")
    )
    return {
        "kills": kills,
        "database": report["database"],
        "actions_acknowledged": actions,
        "hands_seen": hands,
        "ledger_balanced": report["ledger_balanced"],
        "deposited": deposited,
        "seconds": round(time.monotonic() - started, 1),
        "tournaments": created,
        "tournament_hands": tournament_hands,
        "tournaments_finished": sum(1 for p in stored.values() if p["state"] == "finished"),
        "tournament_moves": sum(
            len(p["domain"]["moves"]) for p in stored.values() if p.get("domain")
        ),
        "registrations_acknowledged": churned.acked,
    }


async def _play(
    server: Any,
    seats_of: dict[str, tuple[str, str]],
    tokens: dict[str, str],
    churned: tourneys.Churn,
    seconds: float,
    kill: int,
    tournaments: bool,
) -> Crowd:
    """The cash tables' crowd plays; with ``tournaments`` the clients register and
    unregister meanwhile, and the kill comes while they still do (and while the bots'
    tournaments play their hands and move their players)."""
    url = server.url
    crowd = play_crowd(url, seats_of, seconds=seconds, seed=kill, rebuys=True)
    if not tournaments:
        return await crowd
    churning = asyncio.create_task(
        tourneys.churn(url, tokens, churned, seconds=seconds + 30, seed=kill)
    )
    played = await crowd
    await asyncio.to_thread(server.kill)  # mid-registration: some answers never come
    await churning
    return played


def _deposited(url: str) -> int:
    store = Store(url)
    try:
        ledger = store.read_blocking(lambda c: load_ledger(iter_entries(c)))
        return ledger.totals().deposited
    finally:
        store.close()


def _check(
    url: str,
    server: str,
    token: str,
    tables: list[str],
    acked: list[tuple[str, int, int, str, int]],
    deposited: int,
) -> None:
    store = Store(url, migrate=False)
    try:
        report = check_database(store)
        assert report["ledger_balanced"] and not report["problems"], report["problems"]
        ledger = store.read_blocking(lambda c: load_ledger(iter_entries(c)))
        totals = ledger.audit()
        assert totals.deposited == deposited and totals.withdrawn == 0
        assert totals.held == deposited, "chips created or lost"
        _acknowledged_are_stored(store, acked)
        views = asyncio.run(_views(server, token, tables))
        seats = ledger.accounts(AccountKind.SEAT)
        for table, frame in views.items():
            _table_matches(
                table, frame, {a.player: v for a, v in seats.items() if a.table == table}
            )
    finally:
        store.close()


def _acknowledged_are_stored(store: Store, acked: list[tuple[str, int, int, str, int]]) -> None:
    by_hand: dict[tuple[str, int], list[tuple[int, str, int]]] = defaultdict(list)
    for table, hand, seat, kind, to in acked:
        by_hand[(table, hand)].append((seat, kind, to))
    for (table, number), moves in by_hand.items():
        found = store.read_blocking(partial(hand_by_number, table=table, number=number))
        assert found is not None, f"hand {number} of {table} is not stored"
        record = store.read_blocking(partial(hand_record, hand_id=found))
        assert record is not None
        stored = [event_from_dict(e) for e in record.events]
        decisions = [
            (e.seat, e.to if isinstance(e, Acted) else None)
            for e in stored
            if isinstance(e, Acted | Shown | Mucked)
        ]
        for seat, kind, to in moves:
            if kind in ("show", "muck"):
                assert any(d[0] == seat for d in decisions), (table, number, seat, kind)
                continue
            assert any(d == (seat, to) for d in decisions), (
                f"acknowledged {kind} to {to} by seat {seat} in hand {number} of {table} is lost"
            )


async def _views(server: str, token: str, tables: list[str]) -> dict[str, dict[str, Any]]:
    from websockets.asyncio.client import connect

    out: dict[str, dict[str, Any]] = {}
    headers = {"Cookie": f"croupier_session={token}", "Origin": server}
    async with connect(
        server.replace("http", "ws", 1) + "/ws", additional_headers=headers, compression=None
    ) as ws:
        for n, table in enumerate(tables):
            await ws.send(json.dumps({"v": 1, "type": "watch", "id": f"check-{n}", "table": table}))
        while len(out) < len(tables):
            frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            if frame["type"] == "table":
                out[frame["table"]] = frame
            elif frame["type"] == "error":
                raise AssertionError(f"watching failed: {frame}")
    return out


def _table_matches(table: str, frame: dict[str, Any], accounts: dict[str, int]) -> None:
    state = frame["state"]
    in_view = sum(s["stack"] + s["bet"] for s in state["seats"]) + sum(
        p["amount"] for p in state["pots"]
    )
    booked = sum(accounts.values())
    assert in_view == booked, f"{table}: the view holds {in_view}, the ledger's seats {booked}"
    for seat in state["seats"]:
        if not seat["dealt_in"]:
            assert accounts.get(seat["player"], 0) == seat["stack"], (table, seat)
