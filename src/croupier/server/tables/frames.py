"""What a client is sent of a table: JSON built from views and public state, never from state.

The public part of a frame (events redacted as a spectator's view redacts them, the table's
seats and stacks, the pots, the board, the turn with its legal actions and its clock) is the
same for everyone and built once; a seated player's frame adds ``you``: his own hole cards
(from his seat's view), the hands shown to him alone at his request (PKG-14), their proofs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from croupier.cards import Card
from croupier.commitment import Opening, prove_cards
from croupier.engine import Event, Hand, HandStarted, LegalActions, event_to_dict
from croupier.room.cash.session import SessionInfo
from croupier.server.jsontext import dumps
from croupier.table import Table

__all__ = [
    "cards_json",
    "client_event",
    "dumps",
    "info_json",
    "legal_json",
    "proofs_json",
    "seats_json",
]


def cards_json(cards: Iterable[Card] | None) -> list[str] | None:
    """Cards as a list of two-character texts (None stays None)."""
    return None if cards is None else [str(c) for c in cards]


def client_event(event: Event) -> dict[str, Any]:
    """An event of a view as a client gets it: ``event_to_dict`` without the rules and the
    deck of ``HandStarted`` (the table's information carries the rules; the deck is never
    sent) and with cards as lists."""
    if isinstance(event, HandStarted):
        return {
            "type": "started",
            "button": event.button,
            "seats": [list(s) for s in event.seats],
            "forced": [[f.seat, f.kind.value, f.amount] for f in event.forced],
            "hand_id": event.hand_id,
        }
    data = event_to_dict(event)
    cards = data.get("cards")
    if isinstance(cards, str):
        data["cards"] = [cards[i : i + 2] for i in range(0, len(cards), 2)]
    return data


def legal_json(legal: LegalActions) -> dict[str, Any]:
    """The legal actions of the player to act, with the amounts (ITA-50: whether he may raise,
    and why not when the betting was not reopened)."""
    return {
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call,
        "min_raise_to": legal.min_raise_to,
        "max_raise_to": legal.max_raise_to,
        "all_in": legal.all_in,
        "show": legal.show,
        "muck": legal.muck,
        "facing_bet": legal.facing_bet,
        "can_raise": legal.can_raise,
        "why_no_raise": legal.why_no_raise,
        "stack": legal.stack,
        "bet": legal.bet,
    }


def proofs_json(opening: Opening | None, cards: Iterable[Card]) -> list[dict[str, Any]]:
    """The commitment's proofs of ``cards`` (cards the viewer may see), in deck order."""
    if opening is None:
        return []
    chosen = list(cards)
    return [p.to_dict() for p in prove_cards(opening, chosen)] if chosen else []


def info_json(info: SessionInfo) -> dict[str, Any]:
    """The table's posted information (CAS-28): game, version, stakes, rake, buy-ins."""
    data = info.to_dict()
    data["lines"] = info.lines()
    return data


def seats_json(
    table: Table,
    hand: Hand | None,
    *,
    shown: Mapping[int, Sequence[str]],
    connected: Callable[[str], bool],
    leaving: Iterable[str],
    bot: Callable[[str], bool] = lambda _: False,
) -> list[dict[str, Any]]:
    """Every occupied seat as everyone sees it: player, stack (POK-11-2), bet, whether he is
    still in the hand (ITA-50), folded, all-in, shown cards, sitting out, missed blinds, and
    whether the player is one of the house's bots (his account says so)."""
    stacks = hand.stacks if hand is not None else {}
    bets = hand.bets if hand is not None else {}
    gone = set(leaving)
    seats = table._seats  # read only, in place: ``Table.seats`` copies every seat
    out = []
    for seat in sorted(seats):
        ts = seats[seat]
        player = ts.player
        if hand is not None and seat in stacks:
            folded = hand.is_folded(seat)
            entry = {
                "seat": seat,
                "player": player,
                "stack": stacks[seat],
                "bet": bets[seat],
                "dealt_in": True,
                "in_hand": not folded,
                "folded": folded,
                "all_in": hand.is_all_in(seat),
                "cards": list(shown[seat]) if seat in shown else None,
                "mucked": hand.has_mucked(seat),
            }
        else:
            entry = {
                "seat": seat,
                "player": player,
                "stack": ts.stack,
                "bet": 0,
                "dealt_in": False,
                "in_hand": False,
                "folded": False,
                "all_in": False,
                "cards": None,
                "mucked": False,
            }
        entry["sitting_out"] = ts.sitting_out or ts.absent  # absent: blinded (tournaments)
        entry["missed"] = ts.missed.value
        entry["leaving"] = ts.leaving or player in gone
        entry["connected"] = connected(player)
        entry["bot"] = bot(player)
        out.append(entry)
    return out
