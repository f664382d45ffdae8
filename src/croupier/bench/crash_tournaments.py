"""The tournaments' part of ``croupier bench crash``: kills that land during registrations,
tournament hands and table moves.

- A scheduled tournament far in the future takes registrations and unregistrations from
  WebSocket clients while the server is killed: after each restart every operation a client
  was told was done (its ``ok``, the last one of that player) is in the stored state, and the
  prize pool holds exactly the entries' buy-ins.
- Sit-and-gos of in-process bots on three-seat tables (so that players bust, tables are
  balanced and broken, players move) are created every few kills and played through the
  kills: after each restart ``croupier db check`` proves every running tournament's chips
  (on its tables, pots included, exactly what it issued) and its prize pool, and the
  finished ones paid out their whole pool.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

from croupier.server.money import MoneyDesk
from croupier.server.storage import Store
from croupier.server.storage.reads import latest_snapshots
from croupier.server.storage.records import SaveSnapshot, WriteEntry
from croupier.server.tournaments.actor import KIND, TournamentActor
from croupier.server.tournaments.service import TOURNAMENT_BOTS
from croupier.server.tournaments.spec import Spec

__all__ = [
    "PLAYERS",
    "REGISTRATIONS",
    "Churn",
    "add_sit_and_go",
    "check_registrations",
    "churn",
    "prepare",
    "stored_states",
]

REGISTRATIONS = "bench-registrations"
"""The tournament that takes the registrations during the kills."""
PLAYERS = ("tp1", "tp2", "tp3", "tp4")
"""The clients that register and unregister."""
QUICK = {
    "starting_stack": 1500,
    "levels": [
        {"small_blind": 25, "big_blind": 50, "minutes": 0.05},
        {"small_blind": 100, "big_blind": 200, "minutes": 0.05},
        {"small_blind": 300, "big_blind": 600, "minutes": 0.05},
        {"small_blind": 1000, "big_blind": 2000, "minutes": 1},
    ],
}


def prepare(url: str) -> None:
    """Play money for the registering clients and the bots, and the registrations'
    tournament (scheduled a long way off: it only takes registrations)."""
    store = Store(url)
    try:
        money = MoneyDesk.load(store)
        names = [*PLAYERS, *(f"Bot-{n}" for n in TOURNAMENT_BOTS)]
        made = [money.ledger.deposit(n, 100_000_000, "bench chips") for n in names]
        spec = Spec.make(
            id=REGISTRATIONS,
            preset="pokcomm",
            kind="scheduled",
            max_players=100,
            starts_at=time.time() + 10**8,
            fee=250,
        )
        store.write_blocking(
            [
                *(WriteEntry(e) for e in made),
                SaveSnapshot(KIND, spec.id, TournamentActor.new_part(spec)),
            ]
        )
    finally:
        store.close()


def add_sit_and_go(url: str, number: int) -> str:
    """A new bots' sit-and-go (nine players on three-seat tables) for the next run."""
    tid = f"bench-sng-{number}"
    spec = Spec.make(
        id=tid,
        preset="pokcomm",
        max_players=9,
        start_when=9,
        table_size=3,
        structure=QUICK,
        fee=100,
        bots=9,
    )
    store = Store(url, migrate=False)
    try:
        store.write_blocking([SaveSnapshot(KIND, tid, TournamentActor.new_part(spec))])
    finally:
        store.close()
    return tid


def stored_states(url: str) -> dict[str, dict[str, Any]]:
    """Every tournament's stored part."""
    store = Store(url, migrate=False)
    try:
        return store.read_blocking(lambda c: latest_snapshots(c, KIND))
    finally:
        store.close()


class Churn:
    """What the registering clients were told: each player's registration as the server
    last acknowledged it (None once an operation went unanswered: it may or may not have
    been done before the kill)."""

    def __init__(self) -> None:
        self.registered: dict[str, bool | None] = {p: False for p in PLAYERS}
        self.acked = 0
        self.errors: list[str] = []


async def churn(
    server: str, tokens: dict[str, str], state: Churn, *, seconds: float, seed: int
) -> None:
    """The clients register and unregister at random for ``seconds`` (until killed)."""
    rng = random.Random(seed)
    await asyncio.gather(
        *(_client(server, tokens[p], p, state, seconds, rng.random()) for p in PLAYERS),
        return_exceptions=True,
    )


async def _client(
    server: str, token: str, player: str, state: Churn, seconds: float, seed: float
) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    headers = {"Cookie": f"croupier_session={token}", "Origin": server}
    deadline = time.monotonic() + seconds
    number = 0
    async with connect(
        server.replace("http", "ws", 1) + "/ws", additional_headers=headers, compression=None
    ) as ws:
        while time.monotonic() < deadline:
            known = state.registered[player]
            if known is None:
                return  # an answer was lost: the stored state says, after the restart
            kind = "unregister" if known else "register"
            number += 1
            command = f"{player}-{seed:.6f}-{number}"
            state.registered[player] = None
            await ws.send(
                json.dumps({"v": 1, "type": kind, "id": command, "tournament": REGISTRATIONS})
            )
            while True:
                frame = json.loads(await ws.recv())
                if frame.get("id") == command and frame["type"] in ("ok", "error"):
                    break
            if frame["type"] != "ok":
                state.errors.append(f"{kind} of {player} refused: {frame}")
                return
            state.registered[player] = kind == "register"
            state.acked += 1
            await asyncio.sleep(rng.uniform(0.0, 0.05))


def check_registrations(url: str, state: Churn) -> None:
    """Every acknowledged registration (or unregistration) is in the stored state."""
    assert not state.errors, state.errors
    part = stored_states(url)[REGISTRATIONS]
    stored = set(part["registered"])
    for player, registered in state.registered.items():
        if registered is None:
            continue
        assert (player in stored) == registered, (
            f"{player}'s acknowledged {'registration' if registered else 'unregistration'}"
            " is not in the stored tournament"
        )
    state.registered = {p: p in stored for p in PLAYERS}
