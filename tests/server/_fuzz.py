"""Messages no server may accept: malformed, oversized, out of order, forged. Each generator
makes one message text from a seeded generator and what it knows of the table."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from typing import Any

Context = dict[str, Any]
"""The table (``table``), the hand in play (``hand``), who is to act (``to_act``) and who
waits (``waiting``), a player not seated (``outsider``)."""


def _id(rng: random.Random) -> str:
    return f"f{rng.getrandbits(48):x}"


def _msg(rng: random.Random, kind: str, **fields: Any) -> str:
    return json.dumps({"v": 1, "type": kind, "id": _id(rng), **fields})


def malformed(rng: random.Random, ctx: Context) -> str:
    """Not JSON, or JSON that is not an object, or broken text."""
    choice = rng.randrange(8)
    if choice == 0:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 80)))
    if choice == 1:
        good = _msg(rng, "act", table=ctx["table"], hand=ctx["hand"], action="fold")
        return good[: rng.randrange(1, len(good) - 1)]
    if choice == 2:
        return json.dumps(rng.choice([[1, 2], 3, "act", None, True, 1.5, []]))
    if choice == 3:
        depth = rng.randrange(50, 1500)
        return "[" * depth + "]" * depth
    if choice == 4:
        return '{"v": 1, "type": "act", "id": "x", "amount": NaN}'
    if choice == 5:
        return "\ud800\udfff" + "{}"
    if choice == 6:
        return ""
    return '{"v":1,"type":"ping","id":"a","id":' + "9" * rng.randrange(1, 4000) + "}"


def oversized(rng: random.Random, ctx: Context) -> str:
    """A message over the size limit (4 KiB)."""
    text = "x" * rng.randrange(4_100, 60_000)
    return _msg(rng, "chat", table=ctx["table"], text=text)


def bad_schema(rng: random.Random, ctx: Context) -> str:
    """A JSON object the schema refuses: unknown type, field or version, a wrong type."""
    table, hand = ctx["table"], ctx["hand"]
    options: list[Callable[[], dict[str, Any]]] = [
        lambda: {"v": 1, "type": rng.choice(["hack", "admin", "deal", "", "ACT"]), "id": "a"},
        lambda: {"v": rng.choice([0, 2, "1", None, 1.0, True]), "type": "ping", "id": "a"},
        lambda: {"type": "ping", "id": "a"},
        lambda: {"v": 1, "type": "ping"},
        lambda: {"v": 1, "type": "ping", "id": rng.choice(["", "x" * 65, "a b", "é", 7, None])},
        lambda: {"v": 1, "type": "ping", "id": "a", "extra": 1},
        lambda: {"v": 1, "type": "act", "id": "a", "table": table, "hand": hand},
        lambda: {
            "v": 1,
            "type": "act",
            "id": "a",
            "table": table,
            "hand": rng.choice([str(hand), -1, 0, 1.5, True, 10**13]),
            "action": "fold",
        },
        lambda: {"v": 1, "type": "act", "id": "a", "table": table, "hand": hand, "action": "cheat"},
        lambda: {
            "v": 1,
            "type": "act",
            "id": "a",
            "table": table,
            "hand": hand,
            "action": "raise",
            "amount": rng.choice(["100", -5, 0, 1.5, 10**13, True, None, [1]]),
        },
        lambda: {
            "v": 1,
            "type": "sit",
            "id": "a",
            "table": table,
            "buy_in": rng.choice(["1", -1, 0, 2.5]),
        },
        lambda: {"v": 1, "type": "sit", "id": "a", "table": rng.choice(["", "t 1", "x" * 65, 5])},
        lambda: {
            "v": 1,
            "type": "chat",
            "id": "a",
            "table": table,
            "text": rng.choice(["", 5, None]),
        },
        lambda: {
            "v": 1,
            "type": "watch",
            "id": "a",
            "table": table,
            "since": rng.choice([-1, "3", 2**60]),
        },
        lambda: {"v": 1, "type": "mute", "id": "a", "player": rng.choice(["", "a b", 3])},
        lambda: {
            "v": 1,
            "type": "ask_to_see",
            "id": "a",
            "table": table,
            "hand": hand,
            "seat": rng.choice([0, 11, "1"]),
        },
        lambda: {
            "v": 1,
            "type": "join_waiting_list",
            "id": "a",
            "buy_in": rng.choice([0, -1, "5"]),
        },
    ]
    data = rng.choice(options)()
    if "id" in data and data["id"] == "a":
        data["id"] = _id(rng)
    return json.dumps(data)


def out_of_order(rng: random.Random, ctx: Context) -> str:
    """A well-formed command the table refuses now: another hand, out of turn, during a hand."""
    table, hand = ctx["table"], ctx["hand"]
    options: list[Callable[[], str]] = [
        lambda: _msg(rng, "act", table=table, hand=hand + rng.randrange(1, 50), action="fold"),
        lambda: (
            _msg(rng, "act", table=table, hand=max(1, hand - rng.randrange(1, 50)), action="call")
            if hand > 1
            else _msg(rng, "act", table=table, hand=hand + 1, action="call")
        ),
        lambda: _msg(rng, "rebuy", table=table, amount=rng.randrange(1, 10_000)),
        lambda: _msg(rng, "ask_to_see", table=table, hand=hand, seat=rng.randrange(1, 7)),
        lambda: _msg(rng, "act", table=table, hand=hand, action=rng.choice(["show", "muck"])),
        lambda: _msg(rng, "act", table=table, hand=hand, action="check"),
        lambda: _msg(
            rng, "act", table=table, hand=hand, action="raise", amount=rng.randrange(1, 300)
        ),
        lambda: _msg(rng, "act", table=table, hand=hand, action="fold", amount=100),
        lambda: _msg(rng, "act", table=table, hand=hand, action="raise"),
        lambda: _msg(rng, "call_clock", table=table),
        lambda: _msg(rng, "history", table=table, hand=hand + rng.randrange(1, 1000)),
        lambda: _msg(rng, "watch", table="nowhere"),
        lambda: _msg(rng, "sit", table="nowhere", buy_in=5_000),
        lambda: _msg(rng, "leave_waiting_list"),
        lambda: _msg(rng, "claim"),
        lambda: _msg(rng, "join_waiting_list", table="nowhere"),
    ]
    return rng.choice(options)()


def forged(rng: random.Random, ctx: Context) -> str:
    """A command for someone else's seat or role, sent by a player not to act (``waiting``)
    or by one not seated (``outsider``): acting out of turn or for a seat he does not hold,
    the floor's commands from a player, a spectator's seat commands."""
    table, hand = ctx["table"], ctx["hand"]
    anyone: list[Callable[[], str]] = [
        lambda: _msg(rng, "void_hand", table=table, hand=hand),
        lambda: _msg(rng, "mute", player=rng.choice(["ann", "bob", "boss"])),
        lambda: _msg(
            rng, "act", table=table, hand=hand, action=rng.choice(["call", "fold", "all_in"])
        ),
        lambda: _msg(rng, "time_bank", table=table),
        lambda: _msg(rng, "sit", table=table, buy_in=rng.choice([1, 10**12])),
    ]
    outsider: list[Callable[[], str]] = [
        lambda: _msg(rng, "leave", table=table),
        lambda: _msg(rng, "sit_out", table=table),
        lambda: _msg(rng, "sit_in", table=table),
        lambda: _msg(rng, "rebuy", table=table, amount=1_000),
        lambda: _msg(rng, "chat", table=table, text="I have aces"),
        lambda: _msg(rng, "call_clock", table=table),
    ]
    options = anyone + (outsider if ctx["sender"] == "outsider" else [])
    return rng.choice(options)()


KINDS: dict[str, Callable[[random.Random, Context], str]] = {
    "malformed": malformed,
    "oversized": oversized,
    "schema": bad_schema,
    "out-of-order": out_of_order,
    "forged": forged,
}
