"""What a client is sent of a tournament: its lobby entry and its view (players, tables, the
clock, payouts, one's own standing and offers), built from the domain's public state: chips,
seats, places; never a card (those go through the tables' views)."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from croupier.errors import ConfigurationError
from croupier.room.tournament import Level, payouts
from croupier.room.tournament.structure import Break
from croupier.server.tournaments.bounties import bounty_part
from croupier.server.tournaments.spec import levels_json, table_name

if TYPE_CHECKING:
    from croupier.server.tournaments.actor import TournamentActor

__all__ = ["lobby_entry", "offers_for", "view"]


def _level(level: Level, number: int) -> dict[str, Any]:
    return {
        "level": number,
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "minutes": float(level.minutes),
    }


def _pool(actor: TournamentActor) -> int:
    t = actor.tournament
    if t is not None:
        return t.prize_pool().total
    return len(actor.registered) * (actor.config.buy_in - bounty_part(actor.config))


def _bounty(actor: TournamentActor) -> dict[str, Any]:
    ko = actor.config.knockout
    part = bounty_part(actor.config)
    return {"bounty": part, "progressive": bool(part and ko is not None and ko.progressive)}


def _amounts(actor: TournamentActor) -> list[int]:
    t = actor.tournament
    if t is not None:
        return t.prize_amounts()
    pool = _pool(actor)
    entrants = max(1, len(actor.registered))
    if pool <= 0:
        return []
    try:
        return payouts(pool, entrants, unit=100)
    except ConfigurationError:
        return payouts(pool, entrants, unit=1)


def _start_text(actor: TournamentActor) -> str:
    spec = actor.spec
    if spec.kind == "sit-and-go":
        return f"when {spec.start_when} have registered"
    if spec.starts_at is None:
        return "when the floor starts it"
    return time.strftime("%H:%M UTC", time.gmtime(spec.starts_at))


def lobby_entry(actor: TournamentActor) -> dict[str, Any]:
    """The tournament in the lobby (``LobbyTournament``)."""
    spec = actor.spec
    config = actor.config
    structure = config.structure
    levels, breaks = levels_json(structure)
    t = actor.tournament
    minutes = sorted({lv["minutes"] for lv in levels})
    length = f"levels of {minutes[0]:g} min" if len(minutes) == 1 else "levels of various lengths"
    late = structure.late_registration_levels
    rules = config.table_rules()
    return {
        "id": spec.id,
        "name": spec.name,
        "preset": spec.preset,
        "game": rules.name,
        "kind": spec.kind,
        "structure": f"{structure.name}: {structure.starting_stack:,} chips, {length}",
        "levels": levels,
        "breaks": breaks,
        "buy_in": config.buy_in,
        "fee": config.fee,
        "starting_stack": structure.starting_stack,
        "entrants": len(actor.entrants()),
        "max_players": spec.max_players,
        "table_size": config.options.table_size,
        "start": _start_text(actor),
        "starts_at": spec.starts_at,
        "starts_when": spec.start_when,
        "state": actor.state,
        "prize_pool": _pool(actor),
        "late_registration_level": late or None,
        "registered": actor.entrants()[:200],
        "remaining": t.remaining if t is not None else len(actor.registered),
        "level": t.clock.level_number if t is not None and t.clock.started else None,
        "rebuys": config.rebuy is not None,
        "add_on": config.add_on is not None,
        **_bounty(actor),
    }


def offers_for(actor: TournamentActor, player: str) -> list[dict[str, Any]]:
    """The rebuy and add-on open to ``player`` now."""
    t = actor.tournament
    if t is None or actor.state != "running":
        return []
    out: list[dict[str, Any]] = []
    rebuy = t.config.rebuy
    if rebuy is not None and t.can_rebuy(player):
        deadline = actor.deadlines.get(player)
        out.append(
            {
                "kind": "rebuy",
                "chips": rebuy.stack,
                "price": rebuy.price,
                "expires_in": None
                if deadline is None
                else round(max(0.0, deadline - actor.now()), 2),
            }
        )
    add_on = t.config.add_on
    if (
        add_on is not None
        and t.add_on_open
        and player in t.registry
        and not t.registry[player].add_on
        and player in t.players()
    ):
        out.append(
            {"kind": "add_on", "chips": add_on.stack, "price": add_on.price, "expires_in": None}
        )
    return out


def _players(actor: TournamentActor) -> list[dict[str, Any]]:
    t = actor.tournament
    stack = actor.config.structure.starting_stack
    if t is None:
        return [
            {
                "player": p,
                "status": "registered",
                "table": None,
                "seat": None,
                "chips": stack,
                "place": None,
                "prize": 0,
                "rebuys": 0,
                "add_on": False,
                "bounty": bounty_part(actor.config),
                "bounties_won": 0,
            }
            for p in actor.registered
        ]
    places = {f.player: f.place for f in t.finishes()}
    prizes = {r.player: r.prize for r in t.results()} if actor.paid else {}
    playing = set(t.players())
    pending = set(t.busted_may_rebuy())
    money = t.bounties is not None and bounty_part(actor.config) > 0
    heads = t.bounties.head if money and t.bounties is not None else {}
    won = t.bounties.won if money and t.bounties is not None else {}
    out = []
    for entry in t.registry:
        p = entry.player
        table = seat = None
        chips = 0
        if p in playing:
            number, seat = t.seat_of(p)
            table = table_name(actor.id, number)
            chips = t.stack(p)
        if t.winner == p:
            status = "winner"
        elif p in pending:
            status = "pending"
        elif p in playing:
            status = "playing"
        else:
            status = "out"
        out.append(
            {
                "player": p,
                "status": status,
                "table": table,
                "seat": seat,
                "chips": chips,
                "place": places.get(p),
                "prize": prizes.get(p, 0),
                "rebuys": entry.rebuys,
                "add_on": entry.add_on,
                "bounty": heads.get(p, 0),
                "bounties_won": won.get(p, 0),
                "suspended": t.suspension_left(p) if p in playing else 0,
            }
        )
    out.sort(key=_order)
    return out


def _order(e: dict[str, Any]) -> tuple[bool, int, int, str]:
    place = e["place"]
    return (place is not None, place or 0, -int(e["chips"]), str(e["player"]))


def _clock(actor: TournamentActor) -> dict[str, Any]:
    t = actor.tournament
    structure = actor.config.structure
    if t is None or not t.clock.started:
        return {
            "level": None,
            "next_level": _level(structure.levels[0], 1),
            "time_left": None,
            "on_break": False,
            "next_break_in": None,
            "paused": False,
        }
    clock = t.clock
    number = clock.level_number
    left = clock.remaining()
    time_left = None if math.isinf(left) else round(left, 1)
    levels = structure.levels
    following = None
    if clock.on_break:
        following = _level(levels[number], number + 1) if number < len(levels) else None
    elif number < len(levels):
        following = _level(levels[number], number + 1)
    next_break = None
    if time_left is not None and not clock.on_break:
        total = time_left
        for period in structure.periods[clock.period_index + 1 :]:
            if isinstance(period, Break):
                next_break = round(total, 1)
                break
            total += period.seconds
    return {
        "level": _level(clock.level, number),
        "next_level": following,
        "time_left": time_left,
        "on_break": clock.on_break,
        "next_break_in": next_break,
        "paused": actor.state == "running" and not clock.running and not t.hand_for_hand,
    }


def _tables(actor: TournamentActor) -> list[dict[str, Any]]:
    t = actor.tournament
    if t is None or actor.state not in ("running", "finished"):
        return []
    out = []
    numbers = t.table_numbers()
    for number in numbers:
        table = t.table(number)
        out.append(
            {
                "table": table_name(actor.id, number),
                "number": number,
                "players": len(table.players),
                "chips": sum(table.stacks.values()),
                "playing": table.hand is not None,
                "final": len(numbers) == 1,
            }
        )
    return out


def view(actor: TournamentActor, player: str | None, *, kind: str = "tournament") -> dict[str, Any]:
    """The tournament as ``player`` sees it (None: a spectator): a ``tournament`` or
    ``tournament_update`` frame."""
    t = actor.tournament
    players = _players(actor)
    you = None
    offers: list[dict[str, Any]] = []
    if player is not None:
        mine = next((e for e in players if e["player"] == player), None)
        offers = offers_for(actor, player)
        rank = None
        if mine is not None and mine["status"] == "playing":
            playing = [e for e in players if e["status"] == "playing"]
            rank = 1 + sum(1 for e in playing if e["chips"] > mine["chips"])
        you = {
            "player": player,
            "registered": mine is not None,
            "status": "none" if mine is None else mine["status"],
            "table": None if mine is None else mine["table"],
            "seat": None if mine is None else mine["seat"],
            "chips": 0 if mine is None else mine["chips"],
            "place": rank if mine is None or mine["place"] is None else mine["place"],
            "prize": 0 if mine is None else mine["prize"],
            "may_rebuy": any(o["kind"] == "rebuy" for o in offers),
            "may_add_on": any(o["kind"] == "add_on" for o in offers),
            "balance": actor.service.money.balance(player),
            "bounty": 0 if mine is None else mine["bounty"],
            "bounties_won": 0 if mine is None else mine["bounties_won"],
        }
    remaining = t.remaining if t is not None else len(actor.registered)
    chips = t.chips_in_play() if t is not None and actor.state == "running" else None
    return {
        "v": 1,
        "type": kind,
        "id": actor.id,
        "name": actor.spec.name,
        "preset": actor.spec.preset,
        "seq": actor.seq,
        "state": actor.state,
        "unit": "chips",
        "entrants": len(actor.entrants()),
        "remaining": remaining,
        "prize_pool": _pool(actor),
        "payouts": [{"place": i, "amount": a} for i, a in enumerate(_amounts(actor), start=1)],
        **_clock(actor),
        "hand_for_hand": t is not None and t.hand_for_hand,
        "late_registration": actor.state == "running"
        and t is not None
        and t.late_registration_open,
        "rebuy_open": t is not None and t.rebuy_open,
        "add_on_open": t is not None and t.add_on_open,
        "average_stack": None if chips is None or not remaining else chips // remaining,
        "players": players,
        "tables": _tables(actor),
        "you": you,
        "offers": offers,
        **_bounty(actor),
        "bounty_pool": t.prize_pool().bounties
        if t is not None
        else bounty_part(actor.config) * len(actor.registered),
    }
