"""A tournament's state as JSON-ready data, and back (``snapshot()`` / ``restore()``).

Private: use the methods of :class:`~croupier.room.tournament.Tournament` and
:class:`~croupier.room.tournament.LiveTournament`. Everything the room holds goes in: the
configuration (its hands' rules as a rules value), the level clock, the registry, the
standings and the busts waiting for a decision (rebuys, hand-for-hand), bounties, seats
and tables, counters and the generator's state. The clock resumes where the snapshot left
it: time between a snapshot and its restore does not run.
"""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from typing import Any

from croupier.errors import ConfigurationError
from croupier.room.tournament._core import Phase, TournamentCore
from croupier.room.tournament.balancing import Move, MoveReason, TableCounts
from croupier.room.tournament.clock import Clock, LevelClock
from croupier.room.tournament.config import (
    AddOn,
    BustRanking,
    KnockOut,
    NewSeat,
    Options,
    Rebuy,
    TournamentConfig,
)
from croupier.room.tournament.registration import Entry
from croupier.room.tournament.standings import Bust, BustGroup, BustKind, KnockOutPay
from croupier.room.tournament.structure import Break, Level, Period, Structure
from croupier.rules.model import AnteKind, Rules, Stakes
from croupier.table._check import rng_state
from croupier.table._state import rules_to_json

__all__ = [
    "FixedRules",
    "config_from_json",
    "config_to_json",
    "core_from_json",
    "core_to_json",
]


class FixedRules:
    """The rules of a restored tournament's hands: one rules value at any blinds (what
    :attr:`TournamentConfig.rules` is asked for)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def __call__(self, small_blind: int, big_blind: int, **_: Any) -> Rules:
        return self.rules.with_stakes(Stakes(small_blind, big_blind))


def _period_to_json(p: Period) -> list[Any]:
    if isinstance(p, Level):
        return ["level", p.small_blind, p.big_blind, p.ante, p.minutes]
    return ["break", p.minutes]


def _period_from_json(data: list[Any]) -> Period:
    if data[0] == "level":
        return Level(data[1], data[2], data[3], data[4])
    if data[0] == "break":
        return Break(data[1])
    raise ConfigurationError(f"not a level or a break: {data!r}")


_CONFIGS_SEEN: dict[int, tuple[TournamentConfig, str]] = {}


def config_to_json(config: TournamentConfig) -> dict[str, Any]:
    """A tournament's configuration; its rules are kept as the level-1 rules value
    (remembered for the configurations seen: a fresh copy each time)."""
    seen = _CONFIGS_SEEN.get(id(config))  # the value is kept alive with it: ids stay unique
    if seen is None or seen[0] is not config:
        if len(_CONFIGS_SEEN) > 64:
            _CONFIGS_SEEN.clear()
        seen = _CONFIGS_SEEN[id(config)] = (config, json.dumps(_config_json(config)))
    data: dict[str, Any] = json.loads(seen[1])
    return data


def _config_json(config: TournamentConfig) -> dict[str, Any]:
    s = config.structure
    return {
        "name": config.name,
        "rules": rules_to_json(config.table_rules()),
        "structure": {
            "name": s.name,
            "starting_stack": s.starting_stack,
            "periods": [_period_to_json(p) for p in s.periods],
            "ante_kind": s.ante_kind.value,
            "late_registration_levels": s.late_registration_levels,
        },
        "options": asdict(config.options),
        "buy_in": config.buy_in,
        "fee": config.fee,
        "knockout": None if config.knockout is None else asdict(config.knockout),
        "rebuy": None if config.rebuy is None else asdict(config.rebuy),
        "add_on": None if config.add_on is None else asdict(config.add_on),
        "places": config.places,
    }


def config_from_json(data: dict[str, Any]) -> TournamentConfig:
    """A configuration back from :func:`config_to_json`."""
    s = data["structure"]
    structure = Structure(
        s["name"],
        s["starting_stack"],
        tuple(_period_from_json(p) for p in s["periods"]),
        AnteKind(s["ante_kind"]),
        s["late_registration_levels"],
    )
    raw = dict(data["options"])
    known = {f.name for f in fields(Options)}
    if set(raw) - known:
        raise ConfigurationError(f"unknown tournament options {sorted(set(raw) - known)}")
    raw["new_seat"] = NewSeat(raw["new_seat"])
    raw["bust_ranking"] = BustRanking(raw["bust_ranking"])
    return TournamentConfig(
        data["name"],
        FixedRules(Rules.from_dict(data["rules"])),
        structure,
        Options(**raw),
        buy_in=data["buy_in"],
        fee=data["fee"],
        knockout=None if data["knockout"] is None else KnockOut(**data["knockout"]),
        rebuy=None if data["rebuy"] is None else Rebuy(**data["rebuy"]),
        add_on=None if data["add_on"] is None else AddOn(**data["add_on"]),
        places=data["places"],
    )


def _bust_to_json(b: Bust) -> list[Any]:
    return [
        b.player,
        b.starting_stack,
        b.table,
        b.hand,
        list(b.eliminators),
        b.kind.value,
        b.pending,
        b.seat,
    ]


def _bust_from_json(d: list[Any]) -> Bust:
    player, start, table, hand, by, kind, pending, seat = d
    return Bust(player, start, table, hand, tuple(by), BustKind(kind), pending, seat)


def _pay_to_json(k: KnockOutPay) -> list[Any]:
    return [k.victim, k.bounty, [list(p) for p in k.paid]]


def _pay_from_json(d: list[Any]) -> KnockOutPay:
    return KnockOutPay(d[0], d[1], tuple((p, c, h) for p, c, h in d[2]))


def _clock_to_json(c: LevelClock) -> dict[str, Any]:
    return {
        "started": c._started,
        "running_since": c._running_since,
        "banked": c._banked,
        "period": c._period,
        "period_start": c._period_start,
        "period_length": c._period_length,
    }


def _clock_from_json(c: LevelClock, d: dict[str, Any], shift: float) -> None:
    c._started = d["started"]
    since = d["running_since"]
    c._running_since = None if since is None else since + shift
    c._banked = d["banked"]
    c._period = d["period"]
    c._period_start = d["period_start"]
    c._period_length = d["period_length"]


def core_to_json(t: TournamentCore) -> dict[str, Any]:
    """What every tournament holds (the seats are its subclass's)."""
    bounties = t.bounties
    return {
        "config": config_to_json(t.config),
        "taken_at": t.time.now(),
        "rng": rng_state(t.rng),
        "clock": _clock_to_json(t.clock),
        "registry": {
            "entries": [
                [e.player, e.registered_at, e.late, e.arrived, e.rebuys, e.add_on]
                for e in t.registry
            ],
            "rebuys": t.registry._rebuys,
            "add_ons": t.registry._add_ons,
            "not_arrived": sorted(t.registry.not_arrived),
        },
        "standings": {
            "entrants": t.standings.entrants,
            "groups": [
                [[_bust_to_json(b) for b in g.busts], g.share, g.at] for g in t.standings.groups
            ],
        },
        "bounties": None
        if bounties is None
        else {
            "head": [[p, v] for p, v in bounties.head.items()],
            "won": [[p, v] for p, v in bounties.won.items()],
            "unclaimed": bounties.unclaimed,
        },
        "knockouts": [[p, _pay_to_json(k)] for p, k in t.knockouts.items()],
        "phase": t.phase.value,
        "moves": [[*m[:5], m.reason.value] for m in t.moves],
        "max_difference": t.max_difference,
        "chips_issued": t.chips_issued,
        "chips_removed": t.chips_removed,
        "counts": [[n, c] for n, c in t._counts.items()],
        "where": [[p, n] for p, n in t._where.items()],
        "pending": list(t._pending),
        "suspended": [[p, n] for p, n in t._suspended.items()],
        "hand_for_hand": t._hfh,
        "hfh_busts": [_bust_to_json(b) for b in t._hfh_busts],
        "hfh_played": sorted(t._hfh_played),
        "level_applied": t._level_applied,
        "arrival_deadline": [[p, n] for p, n in t._arrival_deadline.items()],
        "winner": t.winner,
        "winner_bounty": t._winner_bounty,
    }


def core_from_json(t: TournamentCore, d: dict[str, Any], clock: Clock) -> None:
    """Load :func:`core_to_json`'s data into a tournament built from its configuration."""
    _clock_from_json(t.clock, d["clock"], clock.now() - d["taken_at"])
    r = d["registry"]
    for player, at, late, arrived, rebuys, add_on in r["entries"]:
        t.registry._entries[player] = Entry(player, at, late, arrived, rebuys, add_on)
    t.registry._rebuys = r["rebuys"]
    t.registry._add_ons = r["add_ons"]
    t.registry.not_arrived = set(r["not_arrived"])
    t.standings.entrants = d["standings"]["entrants"]
    t.standings.groups = [
        BustGroup([_bust_from_json(b) for b in busts], share, at)
        for busts, share, at in d["standings"]["groups"]
    ]
    if (t.bounties is None) != (d["bounties"] is None):
        raise ConfigurationError("the bounties do not match the tournament's format")
    if t.bounties is not None:
        t.bounties.head = {p: v for p, v in d["bounties"]["head"]}
        t.bounties.won = {p: v for p, v in d["bounties"]["won"]}
        t.bounties.unclaimed = d["bounties"]["unclaimed"]
    t.knockouts = {p: _pay_from_json(k) for p, k in d["knockouts"]}
    t.phase = Phase(d["phase"])
    t.moves = [Move(p, ft, fs, tt, ts, MoveReason(why)) for p, ft, fs, tt, ts, why in d["moves"]]
    t.max_difference = d["max_difference"]
    t.chips_issued = d["chips_issued"]
    t.chips_removed = d["chips_removed"]
    t._counts = TableCounts((n, c) for n, c in d["counts"])
    t._where = {p: n for p, n in d["where"]}
    t._suspended = {p: n for p, n in d["suspended"]}
    t._hfh = d["hand_for_hand"]
    t._hfh_busts = [_bust_from_json(b) for b in d["hfh_busts"]]
    t._hfh_played = set(d["hfh_played"])
    t._level_applied = d["level_applied"]
    t._arrival_deadline = {p: n for p, n in d["arrival_deadline"]}
    t.winner = d["winner"]
    t._winner_bounty = d["winner_bounty"]
    # a bust waiting for a rebuy decision is the very one in the standings (or the
    # hand-for-hand group): the same object, as when it was recorded
    recorded = {b.player: b for g in t.standings.groups for b in g.busts}
    recorded.update({b.player: b for b in t._hfh_busts})
    t._pending = {p: recorded[p] for p in d["pending"]}
