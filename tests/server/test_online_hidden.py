"""Hidden cards stay hidden: every frame sent to every client (players and spectators, over
their topics and straight to their connections) is recorded over many multi-player hands with
folds, raises, all-ins, mucks, showdowns and hands asked for; at the moment it is sent, each
card it holds must be one the client's own view of the hand shows (POK-5-1: nobody's hand
before the rules table it), and never a card that was not dealt. Checked twice: as each message
is published (each player's part of a change as his) and as each frame is queued for a socket
(everything any socket is given, even a frame it then drops as already sent)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from _online import Client, Room, online_config, run, running_room

from croupier.rules import casino_fr, pokerkings
from croupier.server.config import ServerConfig
from croupier.server.protocol.server import server_message
from croupier.server.pubsub import InProcessPubSub, Split, Topic, TopicKind
from croupier.server.tables.commands import Command
from croupier.server.tables.service import CashTables
from croupier.server.ws.connection import Connection

CARD = re.compile(r'"([2-9TJQKA][cdhs])"')
PLAYERS = ("ann", "bob", "cy", "dan", "eve", "fay")
SPECTATORS = ("spy", "kib")


def cards_in(text: str) -> set[str]:
    """Every card written anywhere in a frame (any JSON string of a rank and a suit)."""
    return set(CARD.findall(text))


class Oracle:
    """What each viewer may see of a table at this moment, from the engine's own views."""

    def __init__(self) -> None:
        self.tables: Any = None
        self.frames = 0
        self.cards_checked = 0
        self.private_frames = 0
        self.pushed = 0
        self.violations: list[str] = []

    def check(self, viewer: str | None, text: str) -> None:
        """Record a violation (raising here would stop the table, hiding the reason)."""
        try:
            self._check(viewer, text)
        except (AssertionError, ValueError) as error:  # ValueError: pydantic's
            self.violations.append(str(error))

    def check_pushed(self, viewer: str, text: str) -> None:
        """A frame queued for ``viewer``'s socket: any of it is his to see now (the answers to
        his own commands, ``ok`` and ``error``, are not frames of a table: their hands are
        checked by the histories' tests)."""
        self.pushed += 1
        if not text.startswith(('{"v":1,"type":"ok"', '{"v":1,"type":"error"')):
            self.check(viewer, text)

    def _check(self, viewer: str | None, text: str) -> None:
        self.frames += 1
        server_message.validate_json(text)  # every frame true to the documented schema
        seen = cards_in(text)
        if not seen:
            return
        frame = json.loads(text)
        table = frame.get("table")
        assert self.tables is not None and table in self.tables.actors, frame["type"]
        actor = self.tables.actors[table]
        allowed: set[str] = set()
        dealt: set[str] = set()
        for book in (actor.current, actor.last):
            if book is None:
                continue
            hand = book.hand
            seat = next((s.seat for s in hand.seats if s.player == viewer), None)
            view = hand.view(seat) if seat is not None else hand.spectator_view()
            allowed |= {str(c) for c in view.visible_cards()}
            for s in hand.seats:
                dealt |= {str(c) for c in hand.hole_cards(s.seat)}
            dealt |= {str(c) for c in hand.board}
        assert seen <= dealt, f"undealt cards {seen - dealt} sent to {viewer}: {frame['type']}"
        assert seen <= allowed, f"cards {seen - allowed} sent to {viewer} early: {text[:300]}"
        self.cards_checked += len(seen)
        if viewer is not None and frame.get("you"):
            self.private_frames += 1


class RecordingHub(InProcessPubSub):
    """The in-process hub, each message checked as it is published: a user's own topic and
    each user's part of a change as his, the rest as a spectator's."""

    def __init__(self, oracle: Oracle) -> None:
        super().__init__()
        self.oracle = oracle
        self.splits = 0

    async def publish(self, topic: Topic, data: str) -> None:
        viewer = topic.name if topic.kind is TopicKind.USER else None
        self.oracle.check(viewer, data)
        await super().publish(topic, data)

    async def publish_split(self, topic: Topic, split: Split) -> None:
        self.splits += 1
        self.oracle.check(None, split.public)
        for user, text in split.private.items():
            self.oracle.check(user, text)
        await super().publish_split(topic, split)


def _record_pushed(oracle: Oracle) -> Any:
    """Every frame queued for a socket, whatever its way (a topic, a catch-up, an answer),
    checked against the connection's user at the moment it is queued: also a frame the
    connection would then drop as already sent."""
    original = Connection.push

    def push(self: Connection, text: str) -> None:
        oracle.check_pushed(self.user, text)
        original(self, text)

    return original, push


def _choose(rng: random.Random, legal: dict[str, Any]) -> tuple[str, int | None]:
    if legal["show"] or legal["muck"]:
        if legal["muck"] and rng.random() < 0.5:
            return "muck", None
        return ("show" if legal["show"] else "muck"), None
    roll = rng.random()
    if roll < 0.2 and not legal["check"]:
        return "fold", None
    if roll < 0.3 and legal["all_in"] is not None:
        return "all_in", None
    if roll < 0.5 and legal["can_raise"]:
        low, high = legal["min_raise_to"], legal["max_raise_to"]
        return "raise", rng.randint(low, max(low, min(high, low * 3)))
    return ("check" if legal["check"] else "call"), None


async def _play(room: Room, table: str, clients: dict[str, Client], hands: int, seed: int) -> None:
    rng = random.Random(seed)
    actor = room.actor(table)
    target = actor.table.hand_number + hands
    session = room.tables.room.session(table)
    for _ in range(20_000):
        if actor.table.hand_number >= target:
            return
        book = actor.current
        turn = actor.turn
        if book is not None and turn is not None:
            client = clients[turn.player]
            state = client.state(table)
            legal = state["to_act"]["legal"]
            action, amount = _choose(rng, legal)
            fields: dict[str, Any] = {"table": table, "hand": book.number, "action": action}
            if amount is not None:
                fields["amount"] = amount
            answer = await client.send("act", **fields)
            assert answer["type"] == "ok", answer
            continue
        last = actor.last
        if last is not None and rng.random() < 0.7:  # ask to see a called hand (RRP-5)
            mucked = [s.seat for s in last.hand.seats if last.hand.has_mucked(s.seat)]
            askers = [s.player for s in last.hand.seats if s.player in clients]
            if mucked and askers:
                await clients[rng.choice(askers)].send(
                    "ask_to_see", table=table, hand=last.number, seat=rng.choice(mucked)
                )
        for name, client in clients.items():  # rebuy the broke
            if room.tables.room.where(name) == table and actor.table.stack_of(name) == 0:
                await client.ok("rebuy", table=table, amount=session.min_buy_in)
        if rng.random() < 0.1:  # someone drops and comes back asking from his last number
            name = rng.choice(list(clients))
            old = clients[name]
            since = max((f["seq"] for f in old.all() if f.get("table") == table), default=None)
            await old.close()
            fresh = await room.connect(name, watch=None)
            await fresh.ok("watch", table=table, since=since if rng.random() < 0.5 else None)
            clients[name] = fresh
        actor.post(Command("deal"))
        await room.settle()
    raise AssertionError("the hands were not played")


@pytest.mark.rule("POK-5-1", "ITA-39", "RRP-6")
@pytest.mark.parametrize("preset", ["casino-fr", "pokerkings"])
def test_no_card_reaches_a_client_before_the_rules_let_it_see_it(
    database_url: str, tmp_path: Path, preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = (
        casino_fr("no-limit", 100, 200) if preset == "casino-fr" else pokerkings(100, 200, euro=100)
    )
    config: ServerConfig = online_config(database_url, tmp_path / "data", between_hands=60.0)
    oracle = Oracle()
    _, push = _record_pushed(oracle)
    monkeypatch.setattr(Connection, "push", push)

    async def scenario() -> None:
        async with running_room(config, [("t1", rules, 6, PLAYERS)], players=SPECTATORS) as room:
            clients = {n: await room.connect(n) for n in PLAYERS}
            spectators = [await room.connect(n) for n in SPECTATORS]
            await _play(room, "t1", clients, 25, seed=len(preset))
            late = await room.connect("late", watch="t1")
            await _play(room, "t1", clients, 5, seed=7)
            for client in [*spectators, late]:  # spectators saw showdowns, never a hole card
                assert any(f["type"] == "update" for f in client.all())

    hub = RecordingHub(oracle)
    import croupier.server.online as online_module

    started = online_module.start_online

    async def start(services: Any, **kwargs: Any) -> Any:
        return await started(services, pubsub=hub, **kwargs)

    tables_started = CashTables.start.__func__  # type: ignore[attr-defined]

    async def start_tables(cls: type[CashTables], **kwargs: Any) -> CashTables:
        tables = await tables_started(cls, **kwargs)
        # before any actor has run: the room's start goes on awaiting (the tournaments, the
        # database) while its tables' actors already publish
        oracle.tables = tables
        return tables

    monkeypatch.setattr("_online.start_online", start)
    monkeypatch.setattr(CashTables, "start", classmethod(start_tables))
    run(scenario())
    assert not oracle.violations, oracle.violations[:3]
    assert hub.splits > 300 and oracle.pushed > 2_000
    assert oracle.frames > 1_000 and oracle.private_frames > 500
    assert oracle.cards_checked > 5_000
