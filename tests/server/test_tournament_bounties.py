"""Money bounties online (``pokcomm-pko``, a progressive knock-out; POK-6-3): each entry's
bounty part to the bounty account through the ledger, each knock-out paid to the eliminators'
balances (half collected, half onto their own heads), the winner's own bounty, every cent
accounted for; the lobby and the tournament's view carry the amounts."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from _tourney import fast_config, tourney_room
from test_online_tournaments import _finish, sng

from croupier.room.cash.ledger import Account, EntryKind
from croupier.server.check import check_database
from croupier.server.protocol.server import server_message
from croupier.server.tournaments.bounties import bounty_account


@pytest.mark.rule("POK-6-3")
def test_a_progressive_knock_out_pays_every_bounty_through_the_ledger(
    database_url: str, tmp_path: Path
) -> None:
    config = fast_config(database_url, tmp_path / "data")

    async def scenario() -> None:
        async with tourney_room(config, players={"ann": 100_000}) as room:
            await room.tournaments.create(sng("pko-1", preset="pokcomm-pko"))
            ann = await room.connect("ann")
            (entry,) = (await ann.ok("lobby"))["tournaments"]
            assert entry["buy_in"] == 2_000 and entry["bounty"] == 1_000 and entry["progressive"]
            assert (await ann.ok("register", tournament="pko-1"))["balance"] == 97_800
            money = room.services.money
            ledger = money.ledger
            assert ledger.balance(bounty_account("pko-1")) == 1_000
            assert ledger.balance(Account.prize_pool("pko-1")) == 1_000
            await ann.ok("unregister", tournament="pko-1")  # refunded, bounty part included
            assert money.balance("ann") == 100_000
            assert ledger.balance(bounty_account("pko-1")) == 0
            await ann.ok("register", tournament="pko-1")
            await ann.ok("tournament", tournament="pko-1")
            actor = room.tournaments.actor("pko-1")

            def knocked_out() -> bool:
                t = actor.tournament
                return t is not None and t.bounties is not None and any(t.bounties.won.values())

            playing = asyncio.create_task(ann.autoplay(stop=knocked_out))
            await room.until(knocked_out, timeout=40)
            await playing
            if actor.state == "running":  # the books mid-way: heads + collected-not-paid
                check = check_database(room.services.store)
                assert check["ledger_balanced"] and check["problems"] == [], check
            await _finish(room, "pko-1", ann)
            t = actor.tournament
            assert t is not None and t.bounties is not None
            # six heads of 10.00 €: all collected in the end (knock-outs and the winner's own)
            assert sum(t.bounties.won.values()) + t.bounties.unclaimed == 6_000
            assert all(v == 0 for v in t.bounties.head.values())
            paid: dict[str, int] = {}
            for e in ledger.entries:
                if e.kind is EntryKind.BOUNTY:
                    for account, amount in e.postings:
                        if account.kind.value == "player":
                            paid[account.player] = paid.get(account.player, 0) + amount
            assert paid == {p: w for p, w in t.bounties.won.items() if w}
            assert actor.bounties_paid == {p: w for p, w in t.bounties.won.items() if w}
            assert ledger.balance(bounty_account("pko-1")) == 0
            assert ledger.balance(Account.prize_pool("pko-1")) == 0
            assert sum(r.prize for r in t.results()) == 6_000  # 6 x (20.00 - 10.00) €
            winner = t.winner
            assert winner is not None and t.bounties.won[winner] >= 1_000  # his own head
            mine = next(r for r in t.results() if r.player == "ann")
            assert money.balance("ann") == 97_800 + mine.prize + t.bounties.won.get("ann", 0)
            view = ann.of("tournament_update")[-1]
            server_message.validate_json(json.dumps(view))
            assert view["bounty"] == 1_000 and view["progressive"]
            assert view["bounty_pool"] == 6_000
            won = {e["player"]: e["bounties_won"] for e in view["players"]}
            assert won == {p: t.bounties.won.get(p, 0) for p in won}
            assert view["you"]["bounties_won"] == t.bounties.won.get("ann", 0)
            check = check_database(room.services.store)
            assert check["ledger_balanced"] and check["problems"] == [], check

    asyncio.run(scenario())


@pytest.mark.rule("POK-6-3")
def test_a_restart_pays_no_bounty_twice(database_url: str, tmp_path: Path) -> None:
    """The server stops after knock-outs were paid and starts again: what was paid is known
    (``bounties_paid``, written with the ledger's entries), so that each bounty is paid once."""
    config = fast_config(database_url, tmp_path / "data")

    async def first() -> dict[str, int]:
        async with tourney_room(config, players={"ann": 100_000}) as room:
            await room.tournaments.create(sng("pko-2", preset="pokcomm-pko"))
            ann = await room.connect("ann")
            await ann.ok("register", tournament="pko-2")
            actor = room.tournaments.actor("pko-2")

            def paid() -> bool:
                return bool(actor.bounties_paid) and actor.state == "running"

            playing = asyncio.create_task(ann.autoplay(stop=paid))
            await room.until(paid, timeout=40)
            await playing
            return dict(actor.bounties_paid)

    async def second(before: dict[str, int]) -> None:
        async with tourney_room(config) as room:
            actor = room.tournaments.actor("pko-2")
            assert all(actor.bounties_paid.get(p, 0) >= v for p, v in before.items())
            ann = await room.connect("ann")
            await _finish(room, "pko-2", ann)
            t = actor.tournament
            assert t is not None and t.bounties is not None
            ledger = room.services.money.ledger
            paid: dict[str, int] = {}
            for e in ledger.entries:
                if e.kind is EntryKind.BOUNTY:
                    for account, amount in e.postings:
                        if account.kind.value == "player":
                            paid[account.player] = paid.get(account.player, 0) + amount
            won = {p: w for p, w in t.bounties.won.items() if w}
            # the ledger restored from the database holds the entries since its snapshot:
            # what it shows paid after the restart plus what was paid before is what was won
            for player, amount in won.items():
                assert paid.get(player, 0) + before.get(player, 0) >= amount
            assert actor.bounties_paid == won
            assert ledger.balance(bounty_account("pko-2")) == 0
            check = check_database(room.services.store)
            assert check["ledger_balanced"] and check["problems"] == [], check

    before = asyncio.run(first())
    asyncio.run(second(before))
