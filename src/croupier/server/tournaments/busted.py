"""A busted player told of his finish at his own table: his place and the prize it pays, or
the rebuy still open to him, and whether the tournament still takes entries.

The actor notes the table where each player ran out of chips (from the hands' reports); after
each change :func:`tell_busted` sends each of them a ``busted`` frame once he may rebuy, and
once more when his place is decided (he declined, or the rebuy's time ran out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from croupier.server.tournaments.actor import TournamentActor

__all__ = ["busted_frame", "tell_busted"]


def busted_frame(
    actor: TournamentActor, player: str, table: str, place: int | None
) -> dict[str, Any]:
    """The ``busted`` frame of ``player``, out of chips at ``table`` (``place``: his finish,
    None while he may rebuy)."""
    from croupier.server.tournaments import views

    t = actor.tournament
    assert t is not None
    amounts = t.prize_amounts()
    offer = next((o for o in views.offers_for(actor, player) if o["kind"] == "rebuy"), None)
    return {
        "type": "busted",
        "tournament": actor.id,
        "table": table,
        "place": place,
        "entrants": len(t.registry),
        "prize": amounts[place - 1] if place is not None and place <= len(amounts) else 0,
        "may_rebuy": offer is not None,
        "expires_in": None if offer is None else offer["expires_in"],
        "price": None if offer is None else offer["price"],
        "chips": None if offer is None else offer["chips"],
        "late_registration": actor.state == "running" and t.late_registration_open,
    }


def tell_busted(actor: TournamentActor) -> None:
    """Queue the ``busted`` frames due after a change (see the module's docstring)."""
    t = actor.tournament
    if t is None:
        return
    places = {f.player: f.place for f in t.finishes()}
    pending = set(t.busted_may_rebuy())
    for player, table in list(actor.busted_at.items()):
        if player in actor.service.bots:
            del actor.busted_at[player]
        elif player in places:
            del actor.busted_at[player]
            actor.busted_told.discard(player)
            actor.frames.append((player, busted_frame(actor, player, table, places[player])))
        elif player in pending:
            if player not in actor.busted_told:
                actor.busted_told.add(player)
                actor.frames.append((player, busted_frame(actor, player, table, None)))
        else:  # he rebought: back in play
            del actor.busted_at[player]
            actor.busted_told.discard(player)
