"""What clients see of a table: stacks and who is still in (POK-11-2, ITA-50), show one show
all (ITA-39, RRP-6), asking to see a called hand (RRP-5), hand histories with the deck
commitment's proofs (PKG-14, PKG-15), and the stream's sequence numbers on reconnecting."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest
from _online import Client, act_once, online_config, passive, play_hands, run, running_room

from croupier.cards import Deck
from croupier.commitment import HandProofs
from croupier.engine import Action, Hand, SeatSetup
from croupier.evaluate import evaluate
from croupier.rules import casino_fr, pokerkings
from croupier.server.config import ServerConfig
from croupier.server.tables.frames import legal_json
from croupier.server.tables.histories import hand_history

CAS = casino_fr("no-limit", 100, 200)
CAS_FIRST_MAY_MUCK = dataclasses.replace(CAS, called_hand_must_show=False)
"""The first to show may muck: online, the only hand that can be mucked before it is known to
lose (a hand no shown hand beats is shown at once: croupier.server.tables.showdown)."""
PKG = pokerkings(100, 200, euro=100)


@pytest.fixture
def room_config(database_url: str, tmp_path: Path) -> ServerConfig:
    return online_config(database_url, tmp_path / "data", stream_window=8, between_hands=60.0)


def _muck_if_you_can(client: Client, legal: dict[str, Any], state: dict[str, Any]) -> Any:
    if legal["muck"]:
        return "muck", None
    return passive(client, legal, state)


def _frames_with_state(client: Client) -> list[dict[str, Any]]:
    return [f for f in client.all() if f["type"] in ("table", "update")]


@pytest.mark.rule("POK-11-2", "ITA-50", "ITA-46")
def test_every_view_shows_every_stack_who_is_in_and_what_the_player_to_act_may_do(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        tables = [("t1", CAS, 6, ("ann", "bob", "cy"))]
        async with running_room(room_config, tables, players=["spy"]) as room:
            room.tables.room.rng = random.Random(5)
            players = [await room.connect(n) for n in ("ann", "bob", "cy")]
            spy = await room.connect("spy")
            rng = random.Random(1)

            def mixed(client: Client, legal: dict[str, Any], state: dict[str, Any]) -> Any:
                if legal["show"] or legal["muck"]:
                    return passive(client, legal, state)
                roll = rng.random()
                if roll < 0.15 and legal["fold"]:
                    return "fold", None
                if roll < 0.35 and legal["can_raise"]:
                    return "raise", legal["min_raise_to"]
                return passive(client, legal, state)

            await play_hands(players, "t1", 6, mixed)
            seen_turns = 0
            for client in [*players, spy]:
                for frame in _frames_with_state(client):
                    state = frame["state"]
                    for seat in state["seats"]:  # POK-11-2: every stack, to everyone
                        assert isinstance(seat["stack"], int) and seat["stack"] >= 0
                        assert {"in_hand", "folded", "all_in", "bet"} <= set(seat)
                    turn = state["to_act"]
                    if turn is not None:  # ITA-50: who is in, stacks, whether it reopens
                        seen_turns += 1
                        legal = turn["legal"]
                        assert {"can_raise", "why_no_raise", "call", "min_raise_to"} <= set(legal)
                        assert legal["can_raise"] == (legal["min_raise_to"] is not None)
            assert seen_turns > 20

    run(scenario())


@pytest.mark.rule("ITA-50")
def test_the_legal_actions_sent_say_when_a_short_all_in_did_not_reopen_the_betting() -> None:
    rules = casino_fr("no-limit", 100, 200)
    short = Hand(
        rules=rules,
        seats=[SeatSetup(1, "ann", 40_000), SeatSetup(2, "bob", 40_000), SeatSetup(3, "cy", 2_500)],
        button=3,
        deck=Deck.shuffled(random.Random(2)),
    )
    short.act(3, Action.call())
    short.act(1, Action.raise_to(2_000))  # a raise of 1,800 over the big blind
    short.act(2, Action.call())
    short.act(3, Action.all_in())  # 2,500: 500 more, short of a full raise
    assert short.to_act == 1
    legal = legal_json(short.legal_actions())
    assert legal == {**legal, "can_raise": False, "call": 500, "min_raise_to": None}
    assert "not reopened" in legal["why_no_raise"]


@pytest.mark.rule("RRP-5", "RRP-6", "ITA-39")
def test_a_called_hand_asked_for_is_shown_to_the_whole_table(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        async with running_room(
            room_config, [("t1", CAS_FIRST_MAY_MUCK, 6, ("ann", "bob"))], players=["spy"]
        ) as room:
            ann, bob = await room.connect("ann"), await room.connect("bob")
            spy = await room.connect("spy")
            actor = room.actor("t1")
            await play_hands([ann, bob], "t1", 1, _muck_if_you_can)
            book = actor.last
            assert book is not None and book.number == 1
            mucked = [e for e in spy.hand_events("t1", 1) if e["type"] == "mucked"]
            assert len(mucked) == 1, "one of the two called hands is mucked"
            seat = mucked[0]["seat"]
            player = next(s.player for s in book.hand.seats if s.seat == seat)
            asker = bob if player == "ann" else ann
            assert actor.current is None  # until the next deal, the last hand may be asked for
            answer = await asker.ok("ask_to_see", table="t1", hand=1, seat=seat)
            cards = answer["cards"]
            shown = [e for e in spy.hand_events("t1", 1) if e["type"] == "revealed"]
            assert shown and shown[-1]["cards"] == cards  # RRP-6, ITA-39: to everyone
            proofs = {
                p["card"] for f in spy.all() if f.get("hand") == 1 for p in f.get("proofs", [])
            }
            assert set(cards) <= proofs
            again = await asker.send("ask_to_see", table="t1", hand=1, seat=seat)
            assert again["code"] == "illegal" and "already" in again["message"]
            own = await asker.send("ask_to_see", table="t1", hand=1, seat=asker.you("t1")["seat"])
            assert own["code"] == "illegal" and "his own hand" in own["message"]
            outsider = await spy.send("ask_to_see", table="t1", hand=1, seat=seat)
            assert outsider["code"] == "not_seated"

    run(scenario())


@pytest.mark.rule("RRP-5")
def test_the_winner_asking_to_see_a_better_mucked_hand_loses_the_pot_to_it(
    room_config: ServerConfig,
) -> None:
    """RRP-5 online: the server knows every mucked card. Hands are played until one whose
    mucked hand was the better one (the first to show, where he may muck); the winner asks to
    see it before the next deal: both
    hands are live, the pot goes to the mucked hand, the stacks, the ledger and every
    client's events say so, and the books still balance."""

    async def scenario() -> None:
        async with running_room(
            room_config, [("t1", CAS_FIRST_MAY_MUCK, 6, ("ann", "bob"))], players=["spy"]
        ) as room:
            room.tables.room.rng = random.Random(11)
            ann, bob = await room.connect("ann"), await room.connect("bob")
            spy = await room.connect("spy")
            actor = room.actor("t1")
            for _ in range(40):
                await play_hands([ann, bob], "t1", 1, _muck_if_you_can)
                book = actor.last
                assert book is not None
                hand = book.hand
                mucked = [s.seat for s in hand.seats if hand.has_mucked(s.seat)]
                if not mucked:
                    continue
                (loser,) = mucked
                (winner,) = (s.seat for s in hand.seats if s.seat != loser)

                def value(seat: int, hand: Hand = hand) -> int:
                    return evaluate((*hand.hole_cards(seat), *hand.board))

                if value(loser) > value(winner):
                    break
            else:
                raise AssertionError("no hand with a better hand mucked in 40")
            names = {s.seat: s.player for s in hand.seats}
            asker = ann if names[winner] == "ann" else bob
            before = dict(actor.table.stacks)
            pot = before[names[winner]] - hand.starting_stacks[winner]
            answer = await asker.ok("ask_to_see", table="t1", hand=book.number, seat=loser)
            assert answer["awarded_again"] is True
            await room.settle()
            after = actor.table.stacks
            gained = hand.stacks[loser] - before[names[loser]]
            assert gained > 0 and after[names[loser]] == before[names[loser]] + gained
            assert after[names[winner]] == before[names[winner]] - gained
            assert gained >= pot  # what the winner had won comes back, at least
            events = spy.hand_events("t1", book.number)
            kinds = [e["type"] for e in events]
            assert kinds.count("ended") == 2
            assert kinds[-4:] == ["revealed", "shown", "awarded", "ended"]
            assert events[-2]["shares"] == [[loser, gained]]  # the whole pot, after its rake
            actor.service.room.check()  # the ledger agrees with the table
            again = await asker.send("ask_to_see", table="t1", hand=book.number, seat=loser)
            assert again["code"] == "illegal" and "already shown" in again["message"]

    run(scenario())


@pytest.mark.rule("RRP-5", "PKG-14")
def test_under_pkg_14_a_hand_asked_for_is_shown_to_the_asker_alone(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        async with running_room(
            room_config, [("t1", PKG, 6, ("ann", "bob"))], players=["spy"]
        ) as room:
            ann, bob = await room.connect("ann"), await room.connect("bob")
            spy = await room.connect("spy")
            for _ in range(40):  # a beaten hand is asked (and mucked); a winner is shown
                since = len(spy.texts)  # the spy's frames from this hand on
                await play_hands([ann, bob], "t1", 1, _muck_if_you_can)
                book = room.actor("t1").last
                assert book is not None
                number = book.number
                mucked = [e for e in spy.hand_events("t1", number) if e["type"] == "mucked"]
                if mucked:
                    break
            assert len(mucked) == 1
            seat = mucked[0]["seat"]
            player = next(s.player for s in book.hand.seats if s.seat == seat)
            asker, other = (bob, ann) if player == "ann" else (ann, bob)
            cards = (await asker.ok("ask_to_see", table="t1", hand=number, seat=seat))["cards"]
            you = asker.you("t1")
            assert you is not None and you["revealed"] == [{"seat": seat, "cards": cards}]
            assert set(cards) <= {p["card"] for p in you["proofs"]}
            for client in (spy, other):
                revealed = [e for e in client.hand_events("t1", number) if e["type"] == "revealed"]
                assert revealed and revealed[-1]["cards"] is None
                if client is other:
                    continue  # the mucker holds his own cards
                public = _board_and_shown(client, number)
                for text in client.texts[since:]:  # earlier hands dealt the same cards
                    for card in cards:
                        assert f'"{card}"' not in text or card in public, (card, text)

    run(scenario())


def _board_and_shown(client: Client, number: int) -> set[str]:
    """The cards of hand ``number`` that every seat and spectator saw: its board, its shown
    hands."""
    out: set[str] = set()
    for event in client.hand_events("t1", number):
        if event["type"] in ("board", "shown"):
            out.update(event["cards"])
    return out


@pytest.mark.rule("PKG-15", "PKG-14")
def test_each_player_gets_the_history_of_his_own_view_with_the_proofs_of_what_he_saw(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        tables = [("t1", CAS, 6, ("ann", "bob", "cy"))]
        async with running_room(room_config, tables) as room:
            clients = [await room.connect(n) for n in ("ann", "bob", "cy")]

            def cy_folds(client: Client, legal: dict[str, Any], state: dict[str, Any]) -> Any:
                if client.name == "cy" and legal["fold"]:
                    return "fold", None
                return passive(client, legal, state)

            await play_hands(clients, "t1", 1, cy_folds)
            book = room.actor("t1").last
            assert book is not None
            hole = {
                s.player: [str(c) for c in book.hand.hole_cards(s.seat)] for s in book.hand.seats
            }
            cy_seat = next(s.seat for s in book.hand.seats if s.player == "cy")
            assert book.hand.is_folded(cy_seat)  # cy folds at once
            folded = "cy"
            root = next(
                f["state"]["root"]
                for f in clients[0].all()
                if f.get("hand") == 1 and f["type"] in ("table", "update")
            )
            for client in clients:
                got = await client.ok("history", table="t1", hand=1)
                text = got["text"]
                assert " ".join(hole[client.name]) in text  # his own cards
                assert f"[{' '.join(hole[client.name])}]" in got["pokerstars"]
                assert "".join(hole[client.name]) in got["phh"]
                if folded and client.name != "cy":
                    assert " ".join(hole["cy"]) not in text  # never a folded hand's
                    assert " ".join(hole["cy"]) not in got["pokerstars"]
                    assert "".join(hole["cy"]) not in got["phh"] and "????" in got["phh"]
                proofs = HandProofs.from_dict(got["proofs"])
                assert proofs.root == root == book.root
                assert all(proofs.check())  # croupier verify's check
                seen = {str(p.card) for p in proofs.proofs}
                assert set(hole[client.name]) <= seen
                if folded and client.name != "cy":
                    assert not set(hole["cy"]) & seen
                # the events as he saw them (a client writes them in his language)
                in_events = {c for e in got["events"] for c in e.get("cards") or []}
                assert set(hole[client.name]) <= in_events <= seen
                assert not any("deck" in e for e in got["events"])
            floor = await hand_history(
                room.services.store, book.hand_id, player="boss", role="floor"
            )
            assert all(" ".join(cards) in floor["text"] for cards in hole.values())
            spy = await room.connect("spy")
            refused = await spy.send("history", table="t1", hand=1)
            assert refused["code"] == "forbidden"
            missing = await clients[0].send("history", table="t1", hand=99)
            assert missing["code"] == "not_found"

    run(scenario())


def test_a_client_that_reconnects_gets_what_it_missed_or_a_fresh_view(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        async with running_room(
            room_config, [("t1", CAS, 6, ("ann", "bob"))], players=["spy"]
        ) as room:
            ann, bob = await room.connect("ann"), await room.connect("bob")
            spy = await room.connect("spy")
            last = spy.state("t1") and max(f["seq"] for f in spy.all() if f.get("table") == "t1")
            await spy.close()
            await act_once([ann, bob], "t1")
            await act_once([ann, bob], "t1")
            back = await room.connect("spy", watch=None)
            await back.ok("watch", table="t1", since=last)
            frames = [f for f in back.all() if f.get("table") == "t1"]
            assert [f["type"] for f in frames] == ["update", "update", "you"]
            assert [f["seq"] for f in frames[:2]] == [last + 1, last + 2]
            assert frames[-1]["you"] is None  # a spectator
            again = await room.connect("ann", watch=None)
            await again.ok("watch", table="t1", since=last + 2)
            mine = [f for f in again.all() if f.get("table") == "t1"]
            assert [f["type"] for f in mine] == ["you"] and mine[0]["you"]["cards"]
            await play_hands([ann, bob], "t1", 2)  # beyond the window of 8 frames
            old = await room.connect("spy", watch=None)
            await old.ok("watch", table="t1", since=last)
            assert [f["type"] for f in old.all() if f.get("table") == "t1"] == ["table"]

    run(scenario())
