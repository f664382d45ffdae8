"""A real server's tournament hands, downloaded as a player and as the floor would
(``GET /api/hands/ID?format=pokerstars`` and ``?format=phh``), are read by the same parsers as
the library's (tests/_parsers.py: PokerKit, ``poker``, ``pokerdf``; PokerKit for PHH): in
chips, under a PokerStars tournament header with its level, at the table's real size."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
import test_tournament_process as process
from test_tournament_process import _launch, _login, _play

from _parsers import check_poker, check_pokerdf, check_pokerkit, plain_blinds
from croupier.engine import Hand, event_from_dict
from croupier.history import loads
from croupier.rules import BettingStructure
from croupier.server.storage import Store
from croupier.server.storage.schema import hands
from croupier.server.tables.records import hand_record
from differential.phh_pokerkit import pokerkit_reading

_HEADER = re.compile(
    r"PokerStars Hand #\d+: Tournament #\d+, (Freeroll|[\d.]+\+[\d.]+ EUR)"
    r" Hold'em (No Limit|Pot Limit|Limit)"
    r" - Level (?P<level>[IVXLCDM]+) \((?P<sb>\d+)/(?P<bb>\d+)\) - "
)


def _ended(store: Store) -> dict[str, list[int]]:
    """The ended hands of every tournament (by its id), ids in order."""
    query = sa.select(hands.c.id, hands.c.table_name).where(hands.c.status == "ended")
    rows = store.read_blocking(lambda c: list(c.execute(query.order_by(hands.c.id))))
    out: dict[str, list[int]] = {}
    for hand_id, table in rows:
        if "@" in table:
            out.setdefault(table.rpartition("@")[0], []).append(int(hand_id))
    return out


def test_the_servers_tournament_hands_are_read_by_the_librarys_parsers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    database = f"sqlite:///{tmp_path / 'croupier.db'}"
    # an Italian tournament with bots soon after the start; ann, gone, is dealt in at once
    knobs = {**process.KNOBS, "italian_every": 5.0, "disconnect_grace": 0.1}
    monkeypatch.setattr(process, "KNOBS", knobs)
    server = _launch(data, database)
    clients = []
    store = Store(database, migrate=False)
    try:
        ann = _login(server.url, "ann")
        clients.append(ann)
        lobby = ann.get("/api/tournaments").json()["tournaments"]
        sng = next(t for t in lobby if t["preset"] == "pokcomm" and t["state"] == "registering")
        # ann plays the sit-and-go to its end (its hands are hers to download too)
        asyncio.run(
            _play(server.url, ann.cookies["croupier_session"], sng["id"], until_result=True)
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            ended = _ended(store)
            if len(ended.get(sng["id"], ())) >= 12 and any(
                t != sng["id"] and len(ids) >= 12 for t, ids in ended.items()
            ):
                break
            time.sleep(0.5)
        else:
            raise AssertionError(f"too few tournament hands: {ended}")
        password = next(
            line.split()[2]
            for line in (data / "demo-accounts.txt").read_text().splitlines()
            if line.startswith("floor ")
        )
        floor = _login(server.url, "floor", password)
        clients.append(floor)
        # the tables' real sizes: the sit-and-go's one table seats its field, the Italian
        # tournaments' tables the preset's size
        presets = floor.get("/api/tournaments/presets").json()["presets"]
        sizes = {sng["id"]: sng["max_players"]}
        sizes |= {tid: presets["italian"]["table_size"] for tid in ended if tid != sng["id"]}
        assert sizes[sng["id"]] == 6
        mine = {h["id"] for h in ann.get("/api/hands?limit=500").json()["hands"]}
        levels: set[str] = set()
        read = {"pokerdf": 0, "floor": 0, "ann": 0, "pokerkit": 0, "phh": 0, "italian": 0}
        for tid, ids in ended.items():
            for hand_id in ids[:12]:
                record = store.read_blocking(lambda c, h=hand_id: hand_record(c, h))
                assert record is not None
                hand = Hand.replay([event_from_dict(e) for e in record.events])
                readers = [("floor", floor)] + ([("ann", ann)] if hand_id in mine else [])
                for who, client in readers:
                    answer = client.get(f"/api/hands/{hand_id}?format=pokerstars")
                    assert answer.status_code == 200, answer.text
                    text = answer.text
                    header = _HEADER.match(text)
                    assert header is not None, text
                    stakes = hand.rules.stakes
                    assert (int(header["sb"]), int(header["bb"])) == (
                        stakes.small_blind,
                        stakes.big_blind,
                    )
                    levels.add(header["level"])
                    assert "€" not in text.split("\n", 1)[1], text  # chips, not euros
                    size = re.search(r"' (\d+)-max Seat #", text)
                    assert size is not None and int(size.group(1)) == sizes[tid], text
                    check_poker(text, hand)
                    numbers = [
                        int(n) for n in re.findall(r"^Seat (\d+): .* in chips\)", text, re.M)
                    ]
                    assert len(numbers) == len(hand.seats)
                    if max(numbers) <= 9:  # pokerdf reads seats 1 to 9 (docs/phh.md)
                        check_pokerdf(text, hand)
                        read["pokerdf"] += 1
                    rules = hand.rules
                    if rules.structure is BettingStructure.NO_LIMIT and plain_blinds(hand):
                        check_pokerkit(text, hand)
                        read["pokerkit"] += 1
                    read[who] += 1
                    phh = client.get(f"/api/hands/{hand_id}?format=phh")
                    assert phh.status_code == 200, phh.text
                    if who == "floor":  # every card: PokerKit plays it to the hand's stacks
                        written = loads(phh.text)
                        assert written.players is not None and written.scale == 1
                        by_name = {s.player: hand.stacks[s.seat] for s in hand.seats}
                        ours = tuple(by_name[name] for name in written.players)
                        assert written.finishing_stacks == ours
                        assert pokerkit_reading(phh.text).stacks == ours, phh.text
                        read["phh"] += 1
                if rules.name == "italian":
                    read["italian"] += 1
        assert read["floor"] >= 14 and read["ann"] >= 1 and read["italian"] >= 12, read
        assert {"I", "II"} <= levels, levels  # each hand at its own level
        assert read["phh"] == read["floor"] and read["pokerdf"] >= 12, read
    finally:
        store.close()
        for client in clients:
            client.close()
        server.kill()
