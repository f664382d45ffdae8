"""A table's state as JSON-ready data, and back (``Table.snapshot`` / ``Table.restore``).

Private: use the methods. The snapshot is a plain dictionary of lists, numbers, texts,
booleans and None, so that ``json.loads(json.dumps(s)) == s``. A hand not yet settled is
kept as its events (:func:`croupier.engine.event_to_dict`) and rebuilt with
:meth:`croupier.engine.Hand.replay`, which checks every one.
"""

from __future__ import annotations

import json
import random
from dataclasses import fields
from typing import TYPE_CHECKING, Any, cast

from croupier.cards import Card
from croupier.engine import (
    ForcedBet,
    ForcedKind,
    Hand,
    HandStarted,
    SeatSetup,
    event_from_dict,
    event_to_dict,
)
from croupier.errors import ConfigurationError, CroupierError
from croupier.rules.model import FirstButton, Rules, Stakes
from croupier.table._check import (
    flag,
    name,
    number,
    rng_from_state,
    rng_state,
    snapshot_part,
    whole,
)
from croupier.table.button import ButtonDraw, Positions

if TYPE_CHECKING:
    from croupier.table.table import HandPlan, Table

__all__ = [
    "hand_from_json",
    "hand_to_json",
    "plan_from_json",
    "plan_to_json",
    "positions_from_json",
    "positions_to_json",
    "rules_to_json",
    "table_restore",
    "table_snapshot",
]


_RULES_SEEN: dict[int, tuple[Rules, str]] = {}


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()`` as JSON gives it back, remembered for the few rules values a room
    plays (a fresh copy each time: the caller may change it)."""
    seen = _RULES_SEEN.get(id(rules))  # the value is kept alive with it: ids stay unique
    if seen is None or seen[0] is not rules:
        if len(_RULES_SEEN) > 256:
            _RULES_SEEN.clear()
        # kept as JSON text: the snapshot must come back from JSON equal (tuples as lists)
        seen = _RULES_SEEN[id(rules)] = (rules, json.dumps(rules.to_dict()))
    data: dict[str, Any] = json.loads(seen[1])
    return data


def positions_to_json(pos: Positions | None) -> list[int | None] | None:
    """Positions as a list (None stays None)."""
    return None if pos is None else list(pos)


def positions_from_json(data: Any) -> Positions | None:
    """Positions back from :func:`positions_to_json`."""
    if data is None:
        return None
    button, small, big, small_seat = data
    return Positions(button, small, big, small_seat)


def plan_to_json(plan: HandPlan) -> dict[str, Any]:
    """A hand plan as JSON-ready data."""
    return {
        "number": plan.number,
        "positions": positions_to_json(plan.positions),
        "seats": [list(s) for s in plan.seats],
        "forced": [[f.seat, f.kind.value, f.amount] for f in plan.forced],
        "waiting": [[seat, why.value] for seat, why in plan.waiting],
        "missed": [[seat, marker.value] for seat, marker in plan.missed],
        "hold": plan.hold,
    }


PLANS_REMEMBERED = 256
"""Settled hands' plans whose JSON is remembered (only those in tables' histories are asked
for: 10 a table). It was 4,096 (plan and JSON, ~3 KB each, filled at the pace of hands: one
of the things that grew in a server's soak, docs/performance.md), then 512 (~1.5 MB, filled
in twenty minutes of the demo room)."""
_PLANS_SEEN: dict[int, tuple[HandPlan, dict[str, Any]]] = {}


def _plan_json(plan: HandPlan) -> dict[str, Any]:
    """:func:`plan_to_json` of a settled hand's plan, remembered (a fresh copy each time)."""
    seen = _PLANS_SEEN.get(id(plan))  # the plan is kept alive with it: ids stay unique
    if seen is None or seen[0] is not plan:
        if len(_PLANS_SEEN) >= PLANS_REMEMBERED:
            _PLANS_SEEN.clear()
        seen = _PLANS_SEEN[id(plan)] = (plan, plan_to_json(plan))
    data = seen[1]
    return {
        **data,
        "positions": list(data["positions"]),
        **{
            key: [list(row) for row in data[key]]
            for key in ("seats", "forced", "waiting", "missed")
        },
    }


def plan_from_json(data: dict[str, Any]) -> HandPlan:
    """A hand plan back from :func:`plan_to_json`."""
    from croupier.table.table import HandPlan, Missed, Waiting

    positions = positions_from_json(data["positions"])
    assert positions is not None
    return HandPlan(
        data["number"],
        positions,
        tuple(SeatSetup(*s) for s in data["seats"]),
        tuple(ForcedBet(s, ForcedKind(k), a) for s, k, a in data["forced"]),
        tuple((seat, Waiting(why)) for seat, why in data["waiting"]),
        tuple((seat, Missed(m)) for seat, m in data["missed"]),
        bool(data["hold"]),
    )


class _KnownRules:
    """Stands for a rules value in :func:`event_to_dict`, from the remembered dictionary."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def to_dict(self) -> dict[str, Any]:
        return rules_to_json(self.rules)


def hand_to_json(hand: Hand) -> list[dict[str, Any]]:
    """A hand as its events, JSON-ready (the secret ones included)."""
    events = hand.events
    first = events[0]
    out = [event_to_dict(e) for e in events[1:]]
    if isinstance(first, HandStarted):  # its rules value, the slow part, is remembered
        known = first._replace(rules=cast(Rules, _KnownRules(first.rules)))
        return [event_to_dict(known), *out]
    return [event_to_dict(first), *out]


def hand_from_json(events: list[dict[str, Any]]) -> Hand:
    """A hand rebuilt from :func:`hand_to_json`, every event checked by the replay."""
    return Hand.replay([event_from_dict(e) for e in events])


def _stakes(stakes: Stakes) -> dict[str, int]:
    return {name: getattr(stakes, name) for name in _STAKES}


_STAKES = tuple(f.name for f in fields(Stakes))


def table_snapshot(table: Table, *, rng: bool) -> dict[str, Any]:
    """Everything a table holds, JSON-ready."""
    draw = table.draw
    hand = table.hand
    plan = table._plan
    return {
        "kind": "table",
        "version": 1,
        "name": table.name,
        "size": table.size,
        "rules": rules_to_json(table.rules),
        "pending_stakes": None if table._pending_stakes is None else _stakes(table._pending_stakes),
        "seats": [
            [
                ts.seat,
                ts.player,
                ts.stack,
                ts.active,
                ts.sitting_out,
                ts.absent,
                ts.post,
                ts.replacing,
                ts.missed.value,
                ts.leaving,
            ]
            for ts in table._seats.values()  # in the table's order
        ],
        "positions": positions_to_json(table._positions),
        "hold": table._hold,
        "eliminated_last": sorted(table._eliminated_last),
        "draw": None
        if draw is None
        else {
            "cards": [[seat, str(card)] for seat, card in draw.cards],
            "button": draw.button,
            "rule": draw.rule.value,
        },
        "hand_number": table.hand_number,
        "history": [_plan_json(p) for p in table.history],
        "hand": None
        if hand is None or plan is None
        else {
            "events": hand_to_json(hand),
            "plan": plan_to_json(plan),
            "missed": [[seat, player, m.value] for seat, player, m in table._missed_now],
        },
        "rng": rng_state(table._rng) if rng else None,
    }


def table_restore(cls: type[Table], data: Any, *, rng: random.Random | None) -> Table:
    """Rebuild a table from :func:`table_snapshot`'s data; malformed data is refused."""
    from croupier.table.table import Missed, TableSeat

    snapshot_part(data, "table")
    try:
        generator = rng if rng is not None else rng_from_state(data["rng"])
        rules = Rules.from_dict(data["rules"])
        table = cls(rules, name=data["name"], seats=data["size"], rng=generator)
        pending = data["pending_stakes"]
        table._pending_stakes = None if pending is None else Stakes(**pending)
        for row in data["seats"]:
            seat, player, stack, active, out, absent, post, replacing, missed, leaving = row
            number(seat, "a seat")
            name(player)
            whole(stack, f"{player}'s stack")
            for value, what in ((active, "active"), (out, "sitting out"), (absent, "absent")):
                flag(value, what)
            for value, what in ((post, "post"), (replacing, "replacing"), (leaving, "leaving")):
                flag(value, what)
            table._seats[seat] = TableSeat(
                seat,
                player,
                stack,
                active=active,
                sitting_out=out,
                absent=absent,
                post=post,
                replacing=replacing,
                missed=Missed(missed),
                leaving=leaving,
            )
        table._positions = positions_from_json(data["positions"])
        table._hold = bool(data["hold"])
        table._eliminated_last = frozenset(data["eliminated_last"])
        draw = data["draw"]
        if draw is not None:
            table.draw = ButtonDraw(
                tuple((seat, Card(card)) for seat, card in draw["cards"]),
                draw["button"],
                FirstButton(draw["rule"]),
            )
        table.hand_number = whole(data["hand_number"], "the hand number")
        table.history.extend(plan_from_json(p) for p in data["history"])
        hand = data["hand"]
        if hand is not None:
            table.hand = hand_from_json(hand["events"])
            table._plan = plan_from_json(hand["plan"])
            table._missed_now = tuple(
                (seat, player, Missed(m)) for seat, player, m in hand["missed"]
            )
    except CroupierError as exc:
        raise ConfigurationError(f"not a valid table snapshot: {exc}") from exc
    except (KeyError, TypeError, ValueError, IndexError, AssertionError) as exc:
        raise ConfigurationError(f"not a valid table snapshot: {exc!r}") from exc
    return table
