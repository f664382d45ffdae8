"""What a player may do at a table, each a function of the actor, the player, his message.

Each checks that the player may do it (POK-3-3: seated, and for a move in the hand dealt in;
a player acts only for his own seat: his seat is found from his name, never taken from the
message) and applies it to the domain, which refuses anything illegal changing nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from croupier.engine import Action, Hand
from croupier.rules.model import ClockCaller
from croupier.server.protocol import client
from croupier.server.protocol.codes import ProtocolError
from croupier.server.tables.commands import Step
from croupier.server.tables.config import ChatPolicy

if TYPE_CHECKING:
    from croupier.server.tables.actor import TableActor

__all__ = ["MOVES"]


def _seat(actor: TableActor, player: str) -> int:
    seat = actor.seated(player)
    if seat is None:
        raise ProtocolError("not_seated", f"{player} is not seated at table {actor.name}")
    return seat


def _hand_seat(actor: TableActor, player: str, number: int) -> tuple[Hand, int]:
    """The hand being played (numbered ``number``) and the player's seat in it (POK-3-3)."""
    book = actor.current
    if book is None:
        raise ProtocolError("stale", f"no hand is being played at table {actor.name}")
    if number != book.number:
        raise ProtocolError(
            "stale", f"hand {number} is not the one being played at {actor.name}: {book.number}"
        )
    seat = _seat(actor, player)
    if seat not in book.hand.stacks:
        raise ProtocolError(
            "not_seated",
            f"{player} is not dealt in hand {number}: only the players dealt in act (POK-3-3)",
        )
    return book.hand, seat


def do_sit(actor: TableActor, player: str, msg: client.Sit, step: Step) -> dict[str, Any]:
    """Take a seat drawn at random (CAS-7), buying in from the balance (CAS-9, CAS-10)."""
    room = actor.service.room
    actor.service.floor.check_may_play(player)
    actor.service.floor.check_bots_allowed(actor.name, player, actor.service.is_bot(player))
    seat = room.join(player, actor.name, msg.buy_in, post=msg.post)
    step.table = step.room = step.publish = True
    return {"seat": seat, "balance": room.balance(player)}


def do_rebuy(actor: TableActor, player: str, msg: client.Rebuy, step: Step) -> dict[str, Any]:
    """Add chips between hands, within the table's maximum (CAS-11)."""
    _seat(actor, player)
    room = actor.service.room
    stack = room.rebuy(player, msg.amount)
    step.table = step.room = step.publish = True
    return {"stack": stack, "balance": room.balance(player)}


def do_sit_out(actor: TableActor, player: str, msg: client.SitOut, step: Step) -> dict[str, Any]:
    """Step away leaving the chips (CAS-8): dealt out from the next hand."""
    _seat(actor, player)
    actor.service.room.step_away(player)
    actor.away_by_disconnect.discard(player)
    step.table = step.room = step.publish = True
    return {}


def do_sit_in(actor: TableActor, player: str, msg: client.SitIn, step: Step) -> dict[str, Any]:
    """Come back, posting what is owed now (``post``) or waiting for the big blind (PKG-18,
    PKG-21)."""
    _seat(actor, player)
    actor.service.floor.check_may_sit_in(player)
    actor.service.room.come_back(player, post=msg.post)
    actor.away_by_disconnect.discard(player)
    step.table = step.room = step.publish = True
    return {}


def do_leave(actor: TableActor, player: str, msg: client.Leave, step: Step) -> dict[str, Any]:
    """Leave with the chips; dealt in a hand, at its settlement (the hand is folded)."""
    _seat(actor, player)
    room = actor.service.room
    paid = room.leave(player)
    deferred = actor.table.dealt_in(player)
    if deferred:
        actor.leaving.add(player)
        turn = actor.turn
        if turn is not None and turn.player == player:
            actor.turn = None  # his decision is taken for him at once
    step.table = step.room = step.publish = True
    return {"cash_out": paid, "at_settlement": deferred, "balance": room.balance(player)}


_ACTIONS: dict[str, Callable[[int | None], Action]] = {
    "fold": lambda _: Action.fold(),
    "check": lambda _: Action.check(),
    "call": lambda _: Action.call(),
    "all_in": lambda _: Action.all_in(),
    "show": lambda _: Action.show(),
    "muck": lambda _: Action.muck(),
}


def do_act(actor: TableActor, player: str, msg: client.Act, step: Step) -> dict[str, Any]:
    """Act in the hand, for one's own seat only; the engine says what would be legal."""
    hand, seat = _hand_seat(actor, player, msg.hand)
    if msg.action in ("bet", "raise"):
        if msg.amount is None:
            raise ProtocolError("bad_message", f"{msg.action} needs an amount (the total to)")
        action = Action.raise_to(msg.amount)
    else:
        if msg.amount is not None:
            raise ProtocolError("bad_message", f"{msg.action} takes no amount")
        action = _ACTIONS[msg.action](None)
    move = hand.act(seat, action)
    step.publish = True
    return {
        "move": {"kind": move.kind.value, "put": move.put, "to": move.to, "all_in": move.all_in}
    }


def do_ask_to_see(
    actor: TableActor, player: str, msg: client.AskToSee, step: Step
) -> dict[str, Any]:
    """Ask to see a called hand (RRP-5), in the hand being played or the last one; the
    winner's request on the last hand, before the next is dealt, may award it again."""
    for book in (actor.current, actor.last):
        if book is not None and book.number == msg.hand:
            hand = book.hand
            asker = next((s.seat for s in hand.seats if s.player == player), None)
            if asker is None:
                raise ProtocolError(
                    "not_seated", f"{player} was not dealt in hand {msg.hand} (RRP-5)"
                )
            settled = hand.stacks
            room = actor.service.room
            trial = Hand.replay(hand.events)  # what the request would do, tried aside
            trial.ask_to_see(asker, msg.seat)
            again = trial.stacks != settled
            if again:  # both hands live (RRP-5): refused, changing nothing, if it cannot be
                room.award_again(actor.name, trial, settled, check_only=True)
            cards = hand.ask_to_see(asker, msg.seat)
            if again:
                room.award_again(actor.name, hand, settled)
                step.table = step.room = True
            step.publish = True
            return {
                "seat": msg.seat,
                "cards": [str(c) for c in cards],
                "awarded_again": again,
            }
    raise ProtocolError(
        "stale", f"hand {msg.hand} of table {actor.name} is neither in play nor the last one"
    )


def do_chat(actor: TableActor, player: str, msg: client.Chat, step: Step) -> dict[str, Any]:
    """A line of chat, if the room lets this player speak now (POK-12-2)."""
    service = actor.service
    if player in service.muted:
        raise ProtocolError("muted", f"the floor has muted {player}'s chat")
    text = " ".join(msg.text.split())
    if not text or len(text) > actor.config.chat_max_chars:
        raise ProtocolError(
            "bad_message", f"a chat line has 1 to {actor.config.chat_max_chars} characters"
        )
    policy = actor.config.chat_during_hand
    book = actor.current
    if book is not None and policy is not ChatPolicy.EVERYONE:
        hand = book.hand
        seat = actor.seated(player)
        in_hand = seat is not None and seat in hand.stacks and not hand.is_folded(seat)
        allowed = (policy is ChatPolicy.IN_HAND and in_hand) or (
            policy is ChatPolicy.SEATED and seat is not None
        )
        if not allowed:
            who = "spectators" if seat is None else "players out of the hand"
            raise ProtocolError(
                "silent",
                f"{who} are silent while a hand is played at {actor.name} (POK-12-2);"
                " chat again when it ends",
            )
    actor.chat_out.append({"player": player, "text": text, "at": round(service.wall(), 3)})
    return {}


def do_time_bank(
    actor: TableActor, player: str, msg: client.TimeBank, step: Step
) -> dict[str, Any]:
    """Spend the time bank on one's own turn, once the clock runs."""
    turn = actor.turn
    if turn is None or turn.player != player:
        raise ProtocolError("not_your_turn", f"it is not {player}'s turn at {actor.name}")
    deadline = turn.clock.use_time_bank(actor.service.now())
    actor._arm()
    step.publish = True
    return {"ends_in": round(deadline - actor.service.now(), 2)}


def do_call_clock(
    actor: TableActor, player: str, msg: client.CallClock, step: Step
) -> dict[str, Any]:
    """Call the clock on the player to act (ITA-28, POK-4-4), as the rules allow."""
    turn = actor.turn
    book = actor.current
    if turn is None or book is None:
        raise ProtocolError("illegal", f"nobody is to act at {actor.name}")
    seat = _seat(actor, player)
    if seat not in book.hand.stacks:
        raise ProtocolError("not_seated", f"{player} is not dealt in this hand")
    by = ClockCaller.PLAYER if turn.player == player else ClockCaller.OPPONENT
    deadline = turn.clock.call_clock(actor.service.now(), by=by)
    actor._arm()
    step.publish = True
    return {"ends_in": round(deadline - actor.service.now(), 2)}


def do_muck_losing(
    actor: TableActor, player: str, msg: client.MuckLosing, step: Step
) -> dict[str, Any]:
    """Muck one's losing hands at the showdown where the rules allow it, or be asked."""
    _seat(actor, player)
    if msg.on:
        actor.mucks_losers.add(player)
    else:
        actor.mucks_losers.discard(player)
    step.publish = True  # his decision, if it is his turn to show, is taken now
    return {"muck_losing": msg.on}


def do_void_hand(
    actor: TableActor, player: str, msg: client.VoidHand, step: Step
) -> dict[str, Any]:
    """The floor voids the hand in progress (POK-2-9): every chip back where it was."""
    book = actor.current
    if book is None or book.number != msg.hand:
        raise ProtocolError("stale", f"hand {msg.hand} is not being played at {actor.name}")
    stacks = {s.player: s.stack for s in book.hand.seats}
    book.hand.void(msg.reason or f"voided by the floor ({player})")
    step.publish = True
    from croupier.server.floor.log import LogDecision

    step.records.append(
        LogDecision(
            who=player,
            role="floor",
            subject_kind="hand",
            subject_id=str(book.hand_id),
            action="hand_voided",
            why=msg.reason or "",
            detail={"table": actor.name, "hand": book.number, "stacks_returned": stacks},
            place=f"table:{actor.name}",
        )
    )
    return {}


MOVES: dict[str, Callable[[TableActor, str, Any, Step], dict[str, Any]]] = {
    "sit": do_sit,
    "rebuy": do_rebuy,
    "sit_out": do_sit_out,
    "sit_in": do_sit_in,
    "leave": do_leave,
    "act": do_act,
    "ask_to_see": do_ask_to_see,
    "chat": do_chat,
    "time_bank": do_time_bank,
    "call_clock": do_call_clock,
    "muck_losing": do_muck_losing,
    "void_hand": do_void_hand,
}
"""Every player command a table takes, by message type."""
