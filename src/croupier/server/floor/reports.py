"""The floor's reports from the database: the daily report of the cash tables (CAS-23: the rake
of each table, its hands, buy-ins and cash-outs), each table's ledger, the rake box reconciled.

Read queries (functions of a connection, for ``store.read``) and their CSV and printable forms.
Days are UTC days.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections import defaultdict
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa

from croupier.room.cash.ledger import format_money
from croupier.server.storage.schema import hand_events, hands, ledger_entries, ledger_postings
from croupier.server.web import asset_url

__all__ = [
    "daily_report",
    "report_csv",
    "report_html",
    "stored_rake",
    "table_ledger",
    "table_ledger_csv",
]

_REPORT_COLUMNS = (
    "table",
    "hands",
    "voided",
    "rake",
    "buy_ins",
    "rebuys",
    "cash_outs",
    "set_aside",
    "moved_in",
    "moved_out",
)


def _day(day: date) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time(0), tzinfo=UTC)
    return start, start + timedelta(days=1)


def daily_report(connection: sa.Connection, day: date) -> dict[str, Any]:
    """What each cash table did on ``day`` (UTC), from the stored ledger and hands (CAS-23)."""
    start, end = _day(day)
    e, p = ledger_entries.c, ledger_postings.c
    rows = connection.execute(
        sa.select(e.kind, p.account_kind, p.table_name, sa.func.sum(p.amount))
        .select_from(ledger_postings.join(ledger_entries, p.entry_number == e.number))
        .where((e.created_at >= start) & (e.created_at < end) & (p.table_name != ""))
        .group_by(e.kind, p.account_kind, p.table_name)
    ).all()
    lines: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(_REPORT_COLUMNS[1:], 0))
    for kind, account_kind, table, amount in rows:
        line = lines[table]
        amount = int(amount or 0)
        if account_kind == "house" and kind == "hand":
            line["rake"] += amount
        elif account_kind == "seat" and kind == "buy-in":
            line["buy_ins"] += amount
        elif account_kind == "seat" and kind == "rebuy":
            line["rebuys"] += amount
        elif account_kind == "seat" and kind == "cash-out":
            line["cash_outs"] -= amount
        elif account_kind == "set-aside" and kind == "set-aside":
            line["set_aside"] += amount
        elif account_kind == "seat" and kind == "move":
            line["moved_in" if amount > 0 else "moved_out"] += abs(amount)
    h = hands.c
    counts = connection.execute(
        sa.select(h.table_name, h.status, sa.func.count())
        .where((h.ended_at >= start) & (h.ended_at < end))
        .group_by(h.table_name, h.status)
    ).all()
    for table, status, count in counts:
        lines[table]["hands" if status == "ended" else "voided"] += int(count)
    tables: list[dict[str, Any]] = [{"table": name, **lines[name]} for name in sorted(lines)]
    totals = {k: sum(int(t[k]) for t in tables) for k in _REPORT_COLUMNS[1:]}
    return {"date": day.isoformat(), "tables": tables, "totals": totals}


def report_csv(report: dict[str, Any]) -> str:
    """The daily report as CSV (amounts in cents), its totals last."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["date", *_REPORT_COLUMNS])
    for line in [*report["tables"], {"table": "TOTAL", **report["totals"]}]:
        writer.writerow([report["date"], *(line[k] for k in _REPORT_COLUMNS)])
    return out.getvalue()


_HEADINGS = {
    "en": ("Daily report of the cash tables", "Amounts in euros; days in UTC (CAS-23)."),
    "fr": ("Rapport journalier des tables de cash game", "Montants en euros ; jour UTC (CAS-23)."),
    "it": ("Rapporto giornaliero dei tavoli cash", "Importi in euro; giorno UTC (CAS-23)."),
}
_COLUMN_WORDS = {
    "en": ("Table", "Hands", "Voided", "Rake", "Buy-ins", "Rebuys", "Cash-outs", "Set aside",
           "Moved in", "Moved out"),
    "fr": ("Table", "Coups", "Annulés", "Cagnotte", "Caves", "Recaves", "Sorties",
           "Mis de côté", "Transferts reçus", "Transferts partis"),
    "it": ("Tavolo", "Mani", "Annullate", "Rake", "Buy-in", "Rebuy", "Incassi",
           "Messi da parte", "Spostati in", "Spostati fuori"),
}  # fmt: skip


def report_html(report: dict[str, Any], lang: str = "en") -> str:
    """The daily report as a printable page (one table, its totals last)."""
    lang = lang if lang in _HEADINGS else "en"
    title, note = _HEADINGS[lang]
    head = "".join(f"<th>{html.escape(w)}</th>" for w in _COLUMN_WORDS[lang])
    body = []
    for line in [*report["tables"], {"table": "TOTAL", **report["totals"]}]:
        cells = [f"<th scope='row'>{html.escape(str(line['table']))}</th>"]
        for key in _REPORT_COLUMNS[1:]:
            value = line[key]
            shown = str(value) if key in ("hands", "voided") else format_money(int(value))
            cells.append(f"<td>{html.escape(shown)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)} {report['date']}</title>"
        f"<link rel='stylesheet' href='{asset_url('css/report.css')}'></head><body>"
        f"<h1>{html.escape(title)} — {report['date']}</h1><p>{html.escape(note)}</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        "</body></html>"
    )


def table_ledger(connection: sa.Connection, table: str) -> list[dict[str, Any]]:
    """Every posting of every ledger entry that touches ``table``, in order."""
    e, p = ledger_entries.c, ledger_postings.c
    touching = sa.select(p.entry_number).where(p.table_name == table).distinct()
    rows = connection.execute(
        sa.select(
            e.number,
            e.created_at,
            e.kind,
            e.memo,
            e.hand_id,
            p.line,
            p.account_kind,
            p.player,
            p.table_name,
            p.amount,
        )
        .select_from(ledger_postings.join(ledger_entries, p.entry_number == e.number))
        .where(e.number.in_(touching))
        .order_by(e.number, p.line)
    ).all()
    return [
        {
            "entry": int(r.number),
            "at": r.created_at.isoformat(),
            "kind": r.kind,
            "memo": r.memo,
            "hand_id": r.hand_id,
            "account": r.account_kind,
            "player": r.player,
            "table": r.table_name,
            "amount": int(r.amount),
        }
        for r in rows
    ]


def table_ledger_csv(lines: list[dict[str, Any]]) -> str:
    """A table's ledger as CSV (amounts in cents; each entry's lines sum to zero)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    columns = ("entry", "at", "kind", "memo", "hand_id", "account", "player", "table", "amount")
    writer.writerow(columns)
    for line in lines:
        row = ["" if line[c] is None else str(line[c]) for c in columns]
        row[3] = "'" + row[3] if row[3][:1] in ("=", "+", "-", "@") else row[3]
        writer.writerow(row)
    return out.getvalue()


def stored_rake(connection: sa.Connection, table: str) -> dict[str, int]:
    """The rake of ``table`` as stored twice: in the ledger (its house box's postings) and in
    the hands (the rake of each hand's ``ended`` event)."""
    p = ledger_postings.c
    in_ledger = connection.execute(
        sa.select(sa.func.coalesce(sa.func.sum(p.amount), 0)).where(
            (p.account_kind == "house") & (p.table_name == table)
        )
    ).scalar_one()
    h, ev = hands.c, hand_events.c
    rows = connection.execute(
        sa.select(ev.data)
        .select_from(hand_events.join(hands, ev.hand_id == h.id))
        .where((h.table_name == table) & (h.status == "ended") & ev.data.contains('"ended"'))
    ).scalars()
    in_hands = 0
    for text in rows:
        data = json.loads(text)
        if data.get("type") == "ended":
            in_hands += int(data.get("rake", 0))
    return {"ledger": int(in_ledger), "hands": in_hands}
