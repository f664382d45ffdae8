"""The floor reads every card of a hand through its history, but of a hand still being played
only where the room allows it (``floor_sees_live_cards``, off by default: issue 23)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _online import online_config, run, running_room

from croupier.rules import casino_fr
from croupier.server.protocol.codes import ProtocolError
from croupier.server.tables.histories import hand_history

CAS = casino_fr("no-limit", 100, 200)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_floor_reads_a_hands_cards_once_it_has_ended(database_url: str, tmp_path: Path) -> None:
    config = online_config(database_url, tmp_path / "data")

    async def scenario() -> None:
        async with running_room(config, [("t1", CAS, 6, ("ann", "bob"))]) as room:
            ann = await room.connect("ann")
            await room.connect("bob")
            await room.settle()
            book = room.actor("t1").current
            assert book is not None and book.hand is not None  # a hand is being played
            store = room.services.store
            with pytest.raises(ProtocolError, match="still being played"):
                await hand_history(store, book.hand_id, player="flo", role="floor")
            with pytest.raises(ProtocolError, match="still being played"):
                await hand_history(store, book.hand_id, player="root", role="admin")
            allowed = await hand_history(
                store, book.hand_id, player="flo", role="floor", live_cards=True
            )
            hole = [" ".join(str(c) for c in book.hand.hole_cards(s.seat)) for s in book.hand.seats]
            assert all(cards in allowed["text"] for cards in hole)
            mine = await ann.ok("history", table="t1", hand=book.number)  # a player: his own
            assert hole[0] in mine["text"] or hole[1] in mine["text"]
            refused = await room.connect("flo", role="floor")
            answer = await refused.send("history", table="t1", hand=book.number)
            assert answer["code"] == "forbidden" and "still being played" in answer["message"]

    run(scenario())
