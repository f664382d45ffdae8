"""Table chat: POK-12-2 (players out of the hand and spectators are silent while a hand is
played, as the room configures), the floor's mute, and the rate limits of chat lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _online import GENEROUS, Client, online_config, play_hands, run, running_room

from croupier.rules import casino_fr
from croupier.server.config import ServerConfig
from croupier.server.ratelimit import CHAT
from croupier.server.tables.config import ChatPolicy

CAS = casino_fr("no-limit", 100, 200)


def _lines(client: Client) -> list[tuple[str, str]]:
    return [(f["player"], f["text"]) for f in client.all() if f["type"] == "chat"]


def _config(database_url: str, tmp_path: Path, **knobs: Any) -> ServerConfig:
    return online_config(
        database_url, tmp_path / "data", between_hands=60.0, chat_rates=GENEROUS, **knobs
    )


@pytest.mark.rule("POK-12-2")
def test_during_a_hand_only_the_players_still_in_it_chat(database_url: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        tables = [("t1", CAS, 6, ("ann", "bob", "cy"))]
        async with running_room(_config(database_url, tmp_path), tables, players=["spy"]) as room:
            ann, bob, cy = [await room.connect(n) for n in ("ann", "bob", "cy")]
            spy = await room.connect("spy")
            turn = ann.state("t1")["to_act"]
            folder = {"ann": ann, "bob": bob, "cy": cy}[turn["player"]]
            await folder.ok("act", table="t1", hand=1, action="fold")
            silent = await spy.send("chat", table="t1", text="raise him!")
            assert silent["code"] == "silent" and "spectators" in silent["message"]
            out = await folder.send("chat", table="t1", text="he has it")
            assert out["code"] == "silent" and "out of the hand" in out["message"]
            still = next(c for c in (ann, bob, cy) if c is not folder)
            await still.ok("chat", table="t1", text="nice   hand")
            assert _lines(spy) == [(still.name, "nice hand")]
            await play_hands([ann, bob, cy], "t1", 1)
            assert room.actor("t1").current is None  # between hands everyone may talk
            await spy.ok("chat", table="t1", text="gg")
            await folder.ok("chat", table="t1", text="ty")
            assert _lines(ann)[-2:] == [("spy", "gg"), (folder.name, "ty")]

    run(scenario())


@pytest.mark.rule("POK-12-2")
@pytest.mark.parametrize(
    ("policy", "spy_ok", "player_ok"),
    [
        (ChatPolicy.NOBODY, False, False),
        (ChatPolicy.SEATED, False, True),
        (ChatPolicy.EVERYONE, True, True),
    ],
)
def test_the_room_configures_who_chats_during_a_hand(
    database_url: str, tmp_path: Path, policy: ChatPolicy, spy_ok: bool, player_ok: bool
) -> None:
    async def scenario() -> None:
        config = _config(database_url, tmp_path, chat_during_hand=policy)
        async with running_room(config, [("t1", CAS, 6, ("ann", "bob"))], players=["spy"]) as room:
            ann, spy = await room.connect("ann"), await room.connect("spy")
            assert room.actor("t1").current is not None
            assert (await spy.send("chat", table="t1", text="hi"))["type"] == (
                "ok" if spy_ok else "error"
            )
            assert (await ann.send("chat", table="t1", text="hi"))["type"] == (
                "ok" if player_ok else "error"
            )

    run(scenario())


def test_the_floor_mutes_a_player(database_url: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_room(_config(database_url, tmp_path), [("t1", CAS, 6, ())]) as room:
            ann, bob = await room.connect("ann"), await room.connect("bob")
            floor = await room.connect("boss", role="floor")
            refused = await bob.send("mute", player="ann")
            assert refused["code"] == "forbidden" and "floor command" in refused["message"]
            await ann.ok("chat", table="t1", text="hello")
            await floor.ok("mute", player="ann")
            muted = await ann.send("chat", table="t1", text="hello?")
            assert muted["code"] == "muted"
            await floor.ok("mute", player="ann", muted=False)
            await ann.ok("chat", table="t1", text="thanks")
            assert [t for _, t in _lines(bob)] == ["hello", "thanks"]

    run(scenario())


def test_chat_is_rate_limited(database_url: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        config = online_config(database_url, tmp_path / "data", chat_rates=CHAT)
        async with running_room(config, [("t1", CAS, 6, ())]) as room:
            ann = await room.connect("ann")
            for n in range(5):
                await ann.ok("chat", table="t1", text=f"line {n}")
            limited = await ann.send("chat", table="t1", text="one more")
            assert limited["code"] == "rate_limited" and limited["retry_after"] == 2.0
            room.clock.now += 2.0
            await ann.ok("chat", table="t1", text="later")
            assert len(_lines(ann)) == 6

    run(scenario())
