"""A table's frames: what each client is sent after a change, and on watching.

Each change is one ``update`` with the next sequence number of the table's stream. Its public
part is built once: the new events as a spectator's view redacts them, the seats with their
stacks (POK-11-2) and who is still in (ITA-50), the pots and the board, the turn with its legal
actions (ITA-50: whether the bet reopens the betting) and its clock, the proofs of the cards
it shows (the deck commitment), the table's information (CAS-28). Each seated player gets the
same frame with ``you``: his own cards and what was shown to him alone, with their proofs. Both
go out as one message on the table's topic (:class:`~croupier.server.pubsub.Split`): each
seated player's subscriptions get his frame alone (also on his own topic when he does not watch
the table), every other subscription the public one. The public frames are
kept in a bounded window for clients that reconnect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from croupier.cards import Card
from croupier.engine import BoardDealt, HandStarted, HoleDealt, Revealed, Shown
from croupier.server.pubsub import Split, Topic
from croupier.server.tables import notices, showdown
from croupier.server.tables.book import HandBook
from croupier.server.tables.commands import Command
from croupier.server.tables.frames import (
    cards_json,
    client_event,
    dumps,
    info_json,
    legal_json,
    proofs_json,
    seats_json,
)

if TYPE_CHECKING:
    from croupier.server.tables.actor import TableActor

__all__ = ["chat", "public_state", "update", "watch", "you"]

_SECRET = (HandStarted, HoleDealt, Revealed)
"""The events a view redacts; every other event is the same in every view."""


def _info(actor: TableActor) -> dict[str, Any]:
    if actor.info_cache is None:
        actor.info_cache = info_json(actor.service.room.info(actor.name))
    return actor.info_cache


def _info_text(actor: TableActor) -> str:
    text = actor.info_text
    if text is None or actor.info_cache is None:
        text = actor.info_text = dumps(_info(actor))
    return text


def _display(actor: TableActor) -> HandBook | None:
    """The hand on show: the one being played, or the last one until the next deal."""
    return actor.current if actor.current is not None else actor.last


def public_state(actor: TableActor) -> dict[str, Any]:
    """The table as everyone sees it now."""
    service = actor.service
    table = actor.table
    book = actor.current
    hand = None if book is None else book.hand
    shown_book = _display(actor)
    shown = {} if shown_book is None else shown_book.shown
    state: dict[str, Any] = {
        "hand": None if book is None else book.number,
        "phase": None if hand is None else hand.phase.value,
        "street": None if hand is None else hand.street.name.lower(),
        "button": hand.button if hand is not None else _button(actor),
        "board": [] if hand is None else cards_json(hand.board),
        "pots": []
        if hand is None
        else [{"amount": p.amount, "eligible": list(p.eligible)} for p in hand.pots],
        "seats": seats_json(
            table,
            hand,
            shown=shown if hand is not None else {},
            connected=service.online,
            leaving=actor.leaving,
            bot=service.is_bot,
        ),
        "to_act": None,
        "root": None if book is None else book.root,
        "next_hand_in": None,
        "waiting": service.waiting_for(actor.name),
    }
    turn = actor.turn
    now = service.now()
    if turn is not None and hand is not None and hand.to_act == turn.seat:
        state["to_act"] = {
            "seat": turn.seat,
            "player": turn.player,
            "legal": legal_json(hand.legal_actions()),
            "clock": turn.to_json(now),
        }
    if actor._deal_at is not None:
        state["next_hand_in"] = round(max(0.0, actor._deal_at - now), 2)
    return state


def _button(actor: TableActor) -> int | None:
    positions = actor.table.positions
    return None if positions is None else positions.button


def you(
    actor: TableActor,
    player: str,
    *,
    proofs: list[dict[str, Any]],
    seats: list[dict[str, Any]] | None = None,
) -> dict[str, Any] | None:
    """What only ``player`` sees at this table (None when he is not seated); ``seats``: the
    public state's, when at hand."""
    if seats is None:
        seats = public_state(actor)["seats"]
    mine_public = next((s for s in seats if s["player"] == player), None)
    if mine_public is None:
        return None
    book = _display(actor)
    dealt = None
    if book is not None:
        dealt = next((s.seat for s in book.hand.seats if s.player == player), None)
    return _you(actor, mine_public, book, dealt, proofs)


def _you(
    actor: TableActor,
    mine_public: dict[str, Any],
    book: HandBook | None,
    dealt: int | None,
    proofs: list[dict[str, Any]],
) -> dict[str, Any]:
    """The ``you`` of the player of the public seat ``mine_public``, dealt in at seat
    ``dealt`` of ``book``'s hand (None: not dealt in)."""
    player = mine_public["player"]
    cards = None
    beaten = False
    revealed: list[dict[str, Any]] = []
    if book is not None and dealt is not None:
        cards = book.hole.get(dealt)
        beaten = showdown.beaten(book.hand, dealt)
        shown = book.revealed.get(dealt)
        if shown:
            revealed = [{"seat": s, "cards": c} for s, c in sorted(shown.items())]
    bank = actor.banks.get(player)
    turn = actor.turn
    if turn is not None and turn.player == player:
        bank = turn.clock.bank_left(actor.service.now())
    return {
        "seat": mine_public["seat"],
        "player": player,
        "cards": cards,
        "revealed": revealed,
        "proofs": proofs,
        "time_bank": None if bank is None else round(bank, 2),
        "sitting_out": mine_public["sitting_out"],
        "balance": actor.service.room.ledger.cashier_balance(player),
        "beaten": beaten,
        "muck_losing": player in actor.mucks_losers,
        "suspended": _suspended(actor, player) if actor.service.floor.suspensions else None,
    }


def _suspended(actor: TableActor, player: str) -> dict[str, Any] | None:
    """The suspension ``player`` serves at this table (POK-13-1, ITA-51), or None."""
    s = actor.service.floor.suspensions.get(player)
    if s is None or s.table != actor.name:
        return None
    return {"orbits": s.orbits, "hands_left": s.hands_left, "by": s.role}


def _new_events(
    actor: TableActor, book: HandBook
) -> tuple[list[dict[str, Any]], dict[int, list[Card]]]:
    """The events of ``book`` not yet published, as the public sees them, with the public
    cards they show (proven for everyone), and the cards shown to one asker alone."""
    hand = book.hand
    raw = hand.events[book.published :]
    public = raw
    if any(isinstance(e, _SECRET) for e in raw):  # redacted as a spectator's view redacts
        public = hand.spectator_view().events[book.published :]
    book.published = len(hand.events)
    out = []
    cards: list[Card] = []
    private: dict[int, list[Card]] = {}
    for event, secret in zip(public, raw, strict=True):
        out.append(client_event(event))
        if isinstance(event, BoardDealt):
            cards.extend(event.cards)
        elif isinstance(event, Shown):
            book.shown[event.seat] = [str(c) for c in event.cards]
            cards.extend(event.cards)
        elif isinstance(event, Revealed):
            if event.cards is not None:  # shown to the table (RRP-6)
                book.shown[event.seat] = [str(c) for c in event.cards]
                cards.extend(event.cards)
            else:  # shown to the asker alone (PKG-14): from his own view
                assert isinstance(secret, Revealed)
                asker = secret.asker
                view = hand.view(asker)
                for sv in view.seats:
                    if sv.seat == secret.seat and sv.cards is not None:
                        book.revealed.setdefault(asker, {})[sv.seat] = [str(c) for c in sv.cards]
                        private.setdefault(asker, []).extend(sv.cards)
    proofs = proofs_json(book.opening, cards)
    book.public_proofs.extend(proofs)
    return out, private


async def update(actor: TableActor) -> None:
    """Publish one ``update`` of the table, once: the public frame, and each seated player's
    own (the public one with his ``you``) in the same message (:class:`Split`); the hub gives
    each subscription its owner's frame or the public one, never another's."""
    events: list[dict[str, Any]] = []
    proofs: list[dict[str, Any]] = []
    secret_cards: dict[int, list[Card]] = {}
    number = None
    opened = None
    for book in (actor.last, actor.current):
        if book is None or book.published >= len(book.hand.events):
            continue
        before = len(book.public_proofs)
        fresh, secret = _new_events(actor, book)
        if fresh and fresh[0].get("type") == "started":
            opened = book
        events.extend(fresh)
        proofs.extend(book.public_proofs[before:])
        for asker, cards in secret.items():
            secret_cards.setdefault(asker, []).extend(cards)
        number = book.number
    actor.seq += 1
    seq = actor.seq
    state = public_state(actor)
    frame = {
        "v": 1,
        "type": "update",
        "table": actor.name,
        "seq": seq,
        "hand": number,
        "events": events,
        "proofs": proofs,
        "state": state,
    }
    head = f'{dumps(frame)[:-1]},"info":{_info_text(actor)}'
    text = head + "}"
    service = actor.service
    book = _display(actor)
    dealt_at = {} if book is None else {s.player: s.seat for s in book.hand.seats}
    private: dict[str, str] = {}
    for entry in state["seats"]:
        player = entry["player"]
        if player in service.bots:
            continue
        mine: list[dict[str, Any]] = []
        if book is not None:
            dealt = dealt_at.get(player)
            if dealt is not None:
                if opened is book and dealt in book.hole:
                    mine = proofs_json(book.opening, [Card(c) for c in book.hole[dealt]])
                if dealt in secret_cards:
                    mine += proofs_json(book.opening, secret_cards[dealt])
        personal = _you(actor, entry, book, dealt_at.get(player), mine)
        private[player] = f'{head},"you":{dumps(personal)}}}'
    actor.window.append((seq, text))
    await service.pubsub.publish_split(Topic.table(actor.name), Split(text, private))


async def chat(actor: TableActor, line: dict[str, Any]) -> None:
    """Publish a line of chat on the table's stream."""
    actor.seq += 1
    frame = {"v": 1, "type": "chat", "table": actor.name, "seq": actor.seq, **line}
    text = dumps(frame)
    actor.window.append((actor.seq, text))
    await actor.service.pubsub.publish(Topic.table(actor.name), text)


def _all_private_proofs(actor: TableActor, player: str) -> list[dict[str, Any]]:
    book = _display(actor)
    if book is None:
        return []
    dealt = next((s.seat for s in book.hand.seats if s.player == player), None)
    if dealt is None:
        return []
    cards = [Card(c) for c in book.hole.get(dealt, [])]
    for shown in book.revealed.get(dealt, {}).values():
        cards.extend(Card(c) for c in shown)
    return proofs_json(book.opening, cards)


def table_frame(actor: TableActor, player: str | None) -> str:
    """A fresh view of the table for ``player`` (None: a spectator)."""
    book = _display(actor)
    events: list[dict[str, Any]] = []
    proofs: list[dict[str, Any]] = []
    if book is not None:
        view = book.hand.spectator_view()
        events = [client_event(e) for e in view.events[: book.published]]
        proofs = list(book.public_proofs)
    frame = {
        "v": 1,
        "type": "table",
        "table": actor.name,
        "seq": actor.seq,
        "hand": None if book is None else book.number,
        "events": events,
        "proofs": proofs,
        "state": public_state(actor),
        "info": _info(actor),
        "you": None
        if player is None
        else you(actor, player, proofs=_all_private_proofs(actor, player)),
        "notices": notices.visible(actor, player),
    }
    return dumps(frame)


def watch(actor: TableActor, command: Command) -> None:
    """A client watches the table: what it missed since ``since`` if the window still holds
    it (then its ``you``), else a fresh view. Frames go straight to the connection, so they
    come before anything published after."""
    viewer = command.viewer
    assert viewer is not None
    since = command.since
    window = actor.window
    player = viewer.user if actor.seated(viewer.user) is not None else None
    if since is not None and since <= actor.seq and window and since >= window[0][0] - 1:
        for seq, text in window:
            if seq > since:
                viewer.push(text)
        personal = (
            None
            if player is None
            else you(actor, player, proofs=_all_private_proofs(actor, player))
        )
        viewer.push(
            dumps({"v": 1, "type": "you", "table": actor.name, "seq": actor.seq, "you": personal})
        )
    elif since is not None and since == actor.seq:
        personal = (
            None
            if player is None
            else you(actor, player, proofs=_all_private_proofs(actor, player))
        )
        viewer.push(
            dumps({"v": 1, "type": "you", "table": actor.name, "seq": actor.seq, "you": personal})
        )
    else:
        viewer.push(table_frame(actor, player))
    if command.reply is not None and not command.reply.done():
        command.reply.set_result({"seq": actor.seq})
