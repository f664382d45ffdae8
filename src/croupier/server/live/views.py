"""What the floor's console shows of a live event, and the exports: results and payouts
(CSV and a printable page), the seating list and the seat cards to print."""

from __future__ import annotations

import csv
import html
import io
from typing import Any

from croupier.room.tournament.base import Phase
from croupier.room.tournament.standings import BustKind
from croupier.room.tournament.structure import Level
from croupier.server.live.clock_face import clock_face
from croupier.server.live.event import LiveEvent
from croupier.server.web import asset_url

__all__ = [
    "console_view",
    "event_summary",
    "public_clock",
    "results_csv",
    "results_page",
    "seat_cards_page",
    "seating_csv",
    "seating_page",
]


def public_clock(event: LiveEvent) -> dict[str, Any]:
    """The event's clock face (what ``/clock/<id>`` shows)."""
    face = clock_face(
        event.tournament, title=event.name, message=event.message, now=event.clock.now()
    )
    if event.tournament.phase is Phase.REGISTRATION:
        face["average_stack"] = event.tournament.structure.starting_stack
    return face


def event_summary(event: LiveEvent) -> dict[str, Any]:
    """One line of the events list."""
    t = event.tournament
    return {
        "id": event.id,
        "name": event.name,
        "phase": t.phase.value,
        "entries": len(t.registry),
        "players_left": t.remaining,
        "level": t.clock.level_number,
        "winner": t.winner,
        "season": event.season,
        "in_season": event.in_season,
    }


def _move(m: Any) -> dict[str, Any]:
    return {
        "player": m.player,
        "from_table": m.from_table,
        "from_seat": m.from_seat,
        "to_table": m.to_table,
        "to_seat": m.to_seat,
        "reason": m.reason.value,
    }


def console_view(event: LiveEvent) -> dict[str, Any]:
    """Everything the floor's console shows of ``event``."""
    t = event.tournament
    t.tick()
    config = t.config
    pending = t.pending_counts()
    tables = []
    if t.phase is Phase.RUNNING:
        for number in sorted(t.tables):
            m = t.table_map(number)
            seats: list[dict[str, Any]] = []
            for seat in range(1, m.size + 1):
                player = m.seats.get(seat)
                if player is None:
                    seats.append({"seat": seat, "player": None})
                    continue
                seats.append(
                    {
                        "seat": seat,
                        "player": player,
                        "stack": t.stack(player),
                        "counted": pending.get(player),
                        "absent": t.is_absent(player),
                        "suspended": t.suspension_left(player),
                        "can_rebuy": t.can_rebuy(player),
                    }
                )
            tables.append(
                {
                    "number": number,
                    "size": m.size,
                    "button": m.button,
                    "players": len(m.seats),
                    "next_big_blind": t.next_big_blind(number),
                    "seats": seats,
                }
            )
    entries = [
        {
            "player": e.player,
            "arrived": e.arrived,
            "late": e.late,
            "rebuys": e.rebuys,
            "add_on": e.add_on,
            "account": e.player in event.accounts,
        }
        for e in t.registry
    ]
    results = [
        {
            "place": r.place,
            "player": r.player,
            "shared": r.shared,
            "prize": r.prize,
            "bounty": r.bounty,
        }
        for r in t.results()
    ]
    finishes = []
    for f in t.finishes():
        b = f.bust
        finishes.append(
            {
                "place": f.place,
                "player": f.player,
                "shared": f.shared,
                "kind": b.kind.value if b is not None else "winner",
                "by": list(b.eliminators) if b is not None else [],
                "table": b.table if b is not None else None,
                "undoable": b is not None and b.kind is BustKind.BUSTED,
            }
        )
    pool = t.prize_pool()
    structure = [
        {
            "kind": "level",
            "small_blind": p.small_blind,
            "big_blind": p.big_blind,
            "ante": p.ante,
            "minutes": p.minutes,
        }
        if isinstance(p, Level)
        else {"kind": "break", "minutes": p.minutes}
        for p in t.structure.periods
    ]
    return {
        **event_summary(event),
        "spec": event.spec,
        "clock": public_clock(event),
        "structure": structure,
        "starting_stack": t.structure.starting_stack,
        "late_levels": t.structure.late_registration_levels,
        "late_registration_open": t.late_registration_open,
        "buy_in": config.buy_in,
        "fee": config.fee,
        "table_size": config.options.table_size,
        "knockout": None
        if config.knockout is None
        else {
            "bounty": config.knockout.bounty,
            "points": config.knockout.points,
            "progressive": config.knockout.progressive,
        },
        "rebuy_open": t.rebuy_open,
        "busted_may_rebuy": t.busted_may_rebuy(),
        "add_on_open": t.add_on_open,
        "guarantee": t.guarantee,
        "pool": {
            "total": pool.total,
            "breakdown": pool.breakdown(),
            "fees": pool.fees,
            "bounties": pool.bounties,
            "overlay": pool.overlay,
        },
        "entries_list": entries,
        "tables": tables,
        "moves_todo": [_move(m) for m in event.moves_todo],
        "hand_for_hand": t.hand_for_hand,
        "chips_expected": t.chips_expected(),
        "chips_in_play": t.chips_in_play(),
        "chip_discrepancy": t.chip_discrepancy(),
        "pending_counts": [[p, c] for p, c in pending.items()],
        "corrections": [
            {"difference": c.difference, "reason": c.reason, "counts": [list(x) for x in c.counts]}
            for c in t.corrections
        ],
        "finishes": finishes,
        "results": results,
        "still_in": t.players(),
        "journal": event.journal[-80:],
        "journal_count": len(event.journal),
        "decisions": [
            {
                "number": d.number,
                "director": d.director,
                "action": d.action,
                "players": list(d.players),
                "table": d.table,
                "reason": d.reason,
                "detail": d.detail,
                "level": d.level,
                "fault": None if d.fault is None else d.fault.value,
                "sanction": None if d.sanction is None else d.sanction.value,
            }
            for d in event.floor.log
        ],
        "message": event.message,
    }


# ----------------------------------------------------------------- exports
def _csv(rows: list[list[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows(rows)
    return buffer.getvalue()


def results_csv(event: LiveEvent) -> str:
    """Places, players, prizes (cents) and bounties, then the pool's breakdown."""
    t = event.tournament
    by = {f.player: ",".join(f.bust.eliminators) if f.bust else "" for f in t.finishes()}
    rows: list[list[Any]] = [["place", "player", "shared", "prize (cents)", "bounty", "out by"]]
    rows += [
        [r.place, r.player, r.shared, r.prize, r.bounty, by.get(r.player, "")] for r in t.results()
    ]
    rows.append([])
    rows += [[label, amount] for label, amount in t.prize_pool().breakdown()]
    return _csv(rows)


def seating_csv(event: LiveEvent) -> str:
    """Every seated player: table, seat, name (sorted by name, to find oneself)."""
    t = event.tournament
    rows: list[list[Any]] = [["player", "table", "seat"]]
    rows += [[p, *t.seat_of(p)] for p in sorted(t.players(), key=str.lower)]
    return _csv(rows)


def _page(title: str, body: str) -> str:
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<title>{html.escape(title)}</title>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f'<link rel=stylesheet href="{asset_url("css/print.css")}"></head>'
        f"<body><h1>{html.escape(title)}</h1>{body}</body></html>"
    )


def _euros(cents: int) -> str:
    return f"€{cents // 100:,}.{cents % 100:02d}"


def results_page(event: LiveEvent) -> str:
    """The results and payouts, to print."""
    t = event.tournament
    by = {f.player: ", ".join(f.bust.eliminators) if f.bust else "" for f in t.finishes()}
    points = t.config.knockout is not None and t.config.knockout.points
    lines = "".join(
        f"<tr><td class=num>{r.place}</td><td>{html.escape(r.player)}</td>"
        f"<td>{html.escape(by.get(r.player, ''))}</td>"
        f"<td class=num>{_euros(r.prize) if r.prize else ''}</td>"
        f"<td class=num>{(r.bounty if points else _euros(r.bounty)) if r.bounty else ''}</td></tr>"
        for r in t.results()
    )
    pool = "".join(
        f"<tr><td>{html.escape(label)}</td><td class=num>{_euros(amount)}</td></tr>"
        for label, amount in t.prize_pool().breakdown()
    )
    body = (
        f"<p>{len(t.registry)} entries · {t.paid_places()} places paid (ITA-18)</p>"
        "<table><thead><tr><th class=num>Place</th><th>Player</th><th>Knocked out by</th>"
        f"<th class=num>Prize</th><th class=num>{'Knock-out points' if points else 'Bounty'}</th>"
        "</tr>"
        f"</thead><tbody>{lines}</tbody></table><h2>Prize pool</h2><table>{pool}</table>"
    )
    return _page(f"{event.name}: results", body)


def seating_page(event: LiveEvent) -> str:
    """The seating list by name, to pin up at the entrance."""
    t = event.tournament
    lines = "".join(
        f"<tr><td>{html.escape(p)}</td><td class=num>{table}</td><td class=num>{seat}</td></tr>"
        for p in sorted(t.players(), key=str.lower)
        for table, seat in [t.seat_of(p)]
    )
    body = (
        "<table><thead><tr><th>Player</th><th class=num>Table</th><th class=num>Seat</th></tr>"
        "</thead>"
        f"<tbody>{lines}</tbody></table>"
    )
    return _page(f"{event.name}: seating", body)


def seat_cards_page(event: LiveEvent) -> str:
    """One card per player (table, seat, name, starting stack), to cut and hand out."""
    t = event.tournament
    cards = "".join(
        f"<div class=seat-card><div class=event>{html.escape(event.name)}</div>"
        f"<div class=where>Table {table} · Seat {seat}</div>"
        f"<div class=who>{html.escape(p)}</div>"
        f"<div class=stack>{t.structure.starting_stack:,} chips</div></div>"
        for table, seat, p in sorted((*t.seat_of(p), p) for p in t.players())
    )
    return _page(f"{event.name}: seat cards", f"<div class=cards>{cards}</div>")
