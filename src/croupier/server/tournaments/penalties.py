"""Penalties on the players of a tournament online (POK-13-1, ITA-51), served at the place
``tournament:ID`` of ``POST /api/floor/penalties``.

- A warning is logged, nothing else changes.
- A suspension of N orbits: N times the players at his table (ITA-51: an orbit is as many
  hands as players), during which he is dealt no cards and is blinded and anted away as an
  absent player (POK-13-1: "blindes toujours prélevées"); his chips stay in play. Each hand
  played at his table counts one (the domain's count); when served he is back in play (unless
  he is away by disconnection). ``lift`` ends it at once.
- A disqualification takes him and his chips out of play (POK-13-1, ITA-51; TDA R71 says the
  same): the chips removed are counted (``chips_removed``), he takes the place of a player out
  at that moment, and he gets no prize for it (the seeds are silent; TDA R71 leaves it to the
  director: croupier forfeits it to the house). What he won before (bounties collected) is
  his. During a hand of his table it waits for the hand's end (he is suspended meanwhile so
  that he is dealt no more).

Each decision is a line of the floor's log written in the same transaction as the change it
makes (the tournament's stored part), so that both survive a restart or neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from croupier.errors import IllegalActionError
from croupier.room.tournament import Phase
from croupier.server.floor.cash import Floor
from croupier.server.floor.log import LogDecision
from croupier.server.floor.penalties import Penalty, register_applier
from croupier.server.protocol.codes import ProtocolError
from croupier.server.services import Services
from croupier.server.tables.commands import Command
from croupier.server.tournaments.spec import table_name

if TYPE_CHECKING:
    from croupier.server.tournaments.actor import TournamentActor

__all__ = ["apply_in_actor", "serve_due"]


async def _applier(
    services: Services, floor: Floor, penalty: Penalty, log: LogDecision
) -> dict[str, Any]:
    online = services.online
    if online is None or online.tournaments is None:
        raise ProtocolError("unavailable", "the tournaments are not running")
    actor = online.tournaments.actor(penalty.place.partition(":")[2])
    return await actor.submit(Command("penalty", player=floor.who, message=(penalty, floor)))


register_applier("tournament", _applier)


def _seated(actor: TournamentActor, player: str) -> None:
    t = actor.tournament
    if t is None or actor.state != "running" or t.phase is not Phase.RUNNING:
        raise IllegalActionError(
            f"{actor.id} is {actor.state}: a suspension or a disqualification is served while"
            " it runs (a warning is logged at any time)"
        )
    if player in actor.disqualify_due or player in actor.disqualified:
        raise IllegalActionError(f"{player} is disqualified from {actor.id} already")
    if player not in t.players() and player not in t.busted_may_rebuy():
        raise ProtocolError("not_seated", f"{player} has no chips in {actor.id}: he is not playing")


def apply_in_actor(actor: TournamentActor, penalty: Penalty, floor: Floor) -> dict[str, Any]:
    """Apply ``penalty`` in the actor's turn; queue its log line for the change's write."""
    t = actor.tournament
    player = penalty.player
    entered = player in actor.registered or (t is not None and player in t.registry)
    if not entered:
        raise ProtocolError("not_found", f"{player} has not entered {actor.id}")
    result: dict[str, Any] = {"player": player, "kind": penalty.kind, "tournament": actor.id}
    if penalty.kind == "warning":
        actor.pending_records.append(penalty.log(floor))
        return {**result, "logged": True}
    _seated(actor, player)
    assert t is not None
    if player in t.busted_may_rebuy():  # busted, a rebuy open to him: no more (he is out)
        if penalty.kind != "disqualification":
            raise ProtocolError("not_seated", f"{player} is busted: he sits nowhere")
        t.decline_rebuy(player)
        actor.deadlines.pop(player, None)
        actor.disqualified.add(player)
        actor.pending_records.append(penalty.log(floor, rebuy_refused=True))
        actor.changed = actor.view_dirty = actor.dirty = True
        return {**result, "pending": False, "chips_removed": 0}
    table = table_name(actor.id, t.table_of(player))
    if penalty.kind == "suspension":
        hands = penalty.orbits * t.players_at_table_of(player)  # ITA-51
        t.suspend(player, hands)
        log = penalty.log(floor, hands=hands, table=table)
        result.update(orbits=penalty.orbits, hands=hands, table=table)
    elif penalty.kind == "lift":
        if not t.is_suspended(player):
            raise IllegalActionError(f"{player} serves no suspension in {actor.id}")
        left = t.lift_suspension(player, absent=player in actor.away)
        log = penalty.log(floor, hands_left=left, table=table)
        result.update(hands_left=left, table=table)
    else:
        if actor._in_hand(player):  # served at the hand's end; dealt nothing more meanwhile
            if not t.is_suspended(player):
                t.suspend(player, 1)
            actor.disqualify_due[player] = penalty.why
            log = penalty.log(floor, due="at the end of the hand", table=table)
            result.update(pending=True, table=table)
        else:
            chips = t.disqualify(player)
            actor.disqualified.add(player)
            log = penalty.log(floor, chips_removed=chips, table=table)
            result.update(pending=False, chips_removed=chips, table=table)
    actor.pending_records.append(log)
    actor.touched.add(table)
    actor.changed = actor.view_dirty = actor.dirty = True
    return result


def serve_due(actor: TournamentActor) -> None:
    """The disqualifications decided during a hand, once the player's table is between hands
    (logged with the write of that change); a player busted meanwhile is out already."""
    t = actor.tournament
    if t is None:
        return
    for player, why in list(actor.disqualify_due.items()):
        if player in t.players() and actor._in_hand(player):
            continue
        del actor.disqualify_due[player]
        actor.disqualified.add(player)
        actor.changed = actor.view_dirty = actor.dirty = True
        detail: dict[str, Any] = {"served": True}
        if player in t.players() and t.phase is Phase.RUNNING:
            table = table_name(actor.id, t.table_of(player))
            try:
                detail["chips_removed"] = t.disqualify(player)
            except IllegalActionError as error:  # the last player with chips
                detail["not_removed"] = str(error)
            detail["table"] = table
            actor.touched.add(table)
        else:
            detail["busted_before"] = True
            if player in t.busted_may_rebuy():  # no rebuy for a disqualified player
                t.decline_rebuy(player)
                actor.deadlines.pop(player, None)
        actor.pending_records.append(
            LogDecision(
                who="croupier",
                role="system",
                subject_kind="player",
                subject_id=player,
                action="disqualification_served",
                why=why,
                detail=detail,
                place=f"tournament:{actor.id}",
            )
        )
