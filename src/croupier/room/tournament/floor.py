"""The floor: penalties, voided hands, pot decisions and director overrides, all logged.

Every decision is a :class:`Decision` in an append-only log: who decided, what, for
whom, when (clock time, level, the hand of the table) and why. Decisions are final
(POK-13-2): nothing undoes one, and none changes a hand once the next hand at its table
has started (POK-10-1, ITA-49).

Sanctions follow the seeds' ladder (POK-13-1, ITA-51): a warning, then a suspension of
one to four orbits (an orbit is as many hands as players at the table, the suspended
player included; he is dealt in, pays his blinds and antes and his hand is killed), then
disqualification (his chips leave play). Chip dumping is sanctioned without a warning
for both players (POK-12-7); soft play may cost chips (POK-12-6). The director may skip
steps or decide against the written rules (POK-13-1, POK-13-2): that is logged as an
override.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any, NamedTuple

from croupier.engine import Awarded, Hand
from croupier.engine.pots import split_pot
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.tournament.base import TournamentBase
from croupier.room.tournament.tournament import HandReport, Tournament

__all__ = ["Decision", "Fault", "Floor", "PotRecord", "Sanction", "rebuild_pots"]


class Fault(StrEnum):
    """What a player did wrong, with the clauses that name it."""

    TIME_ABUSE = "time-abuse"  # POK-4-5, ITA-48 (delaying the game)
    SOFT_PLAY = "soft-play"  # POK-12-6, ITA-47 (collusion)
    CHIP_DUMPING = "chip-dumping"  # POK-12-7
    CONDUCT = "conduct"  # ITA-47: threats, obscene language, disruption
    IMPROPER_ACTION = "improper-action"  # ITA-48: out of turn, revealing a hand, ...
    OTHER = "other"


class Sanction(StrEnum):
    """The sanctions, in the seeds' order (POK-13-1, ITA-51)."""

    WARNING = "warning"
    SUSPENSION = "suspension"
    DISQUALIFICATION = "disqualification"
    CHIP_PENALTY = "chip-penalty"  # POK-12-6: chips taken out of play


_LADDER = (Sanction.WARNING, Sanction.SUSPENSION, Sanction.DISQUALIFICATION)
_NO_WARNING = frozenset({Fault.CHIP_DUMPING})  # POK-12-7: "sans avertissement"


class Decision(NamedTuple):
    """One floor decision: who, what, for whom, when and why."""

    number: int
    at: float
    """Clock time (seconds) of the decision."""
    level: int
    director: str
    action: str
    players: tuple[str, ...]
    table: int | None
    hand: int | None
    """The last hand dealt at that table when the decision was taken."""
    reason: str
    detail: str = ""
    fault: Fault | None = None
    sanction: Sanction | None = None
    override: bool = False
    """The director decided against the written rules (POK-13-2)."""


class PotRecord(NamedTuple):
    """A pot rebuilt from the bets (ITA-49): amount, players who could win it, award."""

    pot: int
    amount: int
    eligible: tuple[str, ...]
    awarded: tuple[tuple[str, int], ...]


def rebuild_pots(hand: Hand) -> list[PotRecord]:
    """The pots of ``hand`` rebuilt from its bets (ITA-49), with what each paid to whom."""
    names = {s.seat: s.player for s in hand.seats}
    awards = {e.pot: e.shares for e in hand.events if isinstance(e, Awarded)}
    return [
        PotRecord(
            k,
            pot.amount,
            tuple(names[s] for s in pot.eligible),
            tuple((names[s], a) for s, a in awards.get(k, ())),
        )
        for k, pot in enumerate(hand.final_pots)
    ]


class Floor:
    """The tournament director's tools over one tournament; ``director`` signs decisions."""

    def __init__(self, tournament: TournamentBase, *, director: str = "director") -> None:
        self.tournament = tournament
        self.director = director
        self._log: list[Decision] = []
        self._offences: dict[str, list[Fault]] = {}

    def snapshot(self) -> dict[str, Any]:
        """The decisions and offences, JSON-ready (the tournament has its own snapshot)."""
        return {
            "kind": "floor",
            "version": 1,
            "director": self.director,
            "log": [
                [
                    d.number,
                    d.at,
                    d.level,
                    d.director,
                    d.action,
                    list(d.players),
                    d.table,
                    d.hand,
                    d.reason,
                    d.detail,
                    None if d.fault is None else d.fault.value,
                    None if d.sanction is None else d.sanction.value,
                    d.override,
                ]
                for d in self._log
            ],
            "offences": [[p, [f.value for f in faults]] for p, faults in self._offences.items()],
        }

    @classmethod
    def restore(cls, data: dict[str, Any], tournament: TournamentBase) -> Floor:
        """The floor :meth:`snapshot` saved, over ``tournament`` (restored beside it)."""
        if not isinstance(data, dict) or data.get("kind") != "floor":
            raise ConfigurationError(f"not a floor snapshot: {data!r:.60}")
        try:
            floor = cls(tournament, director=data["director"])
            for row in data["log"]:
                number, at, level, director, action, players, table, hand, why, detail = row[:10]
                fault, sanction, override = row[10:]
                floor._log.append(
                    Decision(
                        number,
                        at,
                        level,
                        director,
                        action,
                        tuple(players),
                        table,
                        hand,
                        why,
                        detail,
                        None if fault is None else Fault(fault),
                        None if sanction is None else Sanction(sanction),
                        override,
                    )
                )
            floor._offences = {p: [Fault(f) for f in faults] for p, faults in data["offences"]}
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigurationError(f"not a valid floor snapshot: {exc!r}") from exc
        return floor

    @property
    def log(self) -> tuple[Decision, ...]:
        """Every decision, oldest first (read-only: decisions are final, POK-13-2)."""
        return tuple(self._log)

    def offences(self, player: str) -> tuple[Fault, ...]:
        """The faults ``player`` was sanctioned for, in order."""
        return tuple(self._offences.get(player, ())) if isinstance(player, str) else ()

    def _record(
        self,
        action: str,
        players: Sequence[str],
        reason: str,
        *,
        by: str | None,
        table: int | None = None,
        detail: str = "",
        fault: Fault | None = None,
        sanction: Sanction | None = None,
        override: bool = False,
    ) -> Decision:
        _reason(reason, by)
        t = self.tournament
        if table is None and players and players[0] in t._where:
            table = t._where[players[0]]
        decision = Decision(
            len(self._log) + 1,
            t.time.now(),
            t.clock.level_number,
            by or self.director,
            action,
            tuple(players),
            table,
            self._hand_number(table),
            reason,
            detail,
            fault,
            sanction,
            override,
        )
        self._log.append(decision)
        return decision

    def _hand_number(self, table: int | None) -> int | None:
        t = self.tournament
        if table is None or not isinstance(t, Tournament) or table not in t.table_numbers():
            return None
        return t.table(table).hand_number

    # ----------------------------------------------------------- sanctions
    def next_sanction(self, player: str, fault: Fault) -> Sanction:
        """The sanction the ladder gives for ``fault`` now (POK-13-1, ITA-51)."""
        if not isinstance(fault, Fault):
            raise ConfigurationError(f"a fault is one of {[f.value for f in Fault]}, not {fault!r}")
        past = self._offences.get(player, []) if isinstance(player, str) else []
        ladder: tuple[Sanction, ...] = _LADDER[1:] if fault in _NO_WARNING else _LADDER
        if self.tournament.options.warning_once and past:
            ladder = tuple(s for s in ladder if s is not Sanction.WARNING)
        step = sum(1 for f in past if f is fault)
        return ladder[min(step, len(ladder) - 1)]

    def penalize(
        self,
        player: str,
        fault: Fault,
        reason: str,
        *,
        orbits: int = 1,
        sanction: Sanction | None = None,
        by: str | None = None,
    ) -> Decision:
        """Sanction ``player`` for ``fault``: the next step of the ladder, or ``sanction``
        if the director chooses (a harsher one skips steps, POK-13-1; a lighter one is
        an override, POK-13-2). Refused, changing nothing, if it cannot be applied."""
        chosen, override = self._sanction(player, fault, reason, orbits, sanction, by)
        if chosen is Sanction.WARNING:
            decision = self._record(
                "warning", [player], reason, by=by, fault=fault, sanction=chosen, override=override
            )
        elif chosen is Sanction.SUSPENSION:
            decision = self._suspend(player, orbits, reason, by=by, fault=fault, override=override)
        else:
            decision = self._disqualify(player, reason, by=by, fault=fault, override=override)
        self._offences.setdefault(player, []).append(fault)
        return decision

    def _sanction(
        self,
        player: str,
        fault: Fault,
        reason: str,
        orbits: int,
        sanction: Sanction | None,
        by: str | None,
    ) -> tuple[Sanction, bool]:
        """The sanction ``penalize`` would apply, and whether it is an override; refused
        here if anything is wrong, before any change."""
        t = self.tournament
        table = t.table_of(player)
        if not isinstance(fault, Fault):
            raise ConfigurationError(f"a fault is one of {[f.value for f in Fault]}, not {fault!r}")
        if sanction is not None and not isinstance(sanction, Sanction):
            raise ConfigurationError(
                f"a sanction is one of {[x.value for x in Sanction]}, not {sanction!r}"
            )
        _reason(reason, by)
        due = self.next_sanction(player, fault)
        chosen = sanction or due
        order = {s: k for k, s in enumerate(_LADDER)}
        override = chosen in order and order[chosen] < order[due]
        if chosen is Sanction.CHIP_PENALTY:
            raise ConfigurationError("take chips with remove_chips(), which says how many")
        if chosen is Sanction.SUSPENSION:
            most = t.options.max_suspension_orbits
            if type(orbits) is not int or not 1 <= orbits <= most:
                raise ConfigurationError(f"a suspension lasts 1 to {most} orbits, not {orbits!r}")
        if chosen is Sanction.DISQUALIFICATION and not t._between_hands(table):
            raise IllegalActionError(
                f"table {table} is playing a hand: disqualify {player} once it is over"
            )
        if chosen is Sanction.DISQUALIFICATION and len(t._where) <= 1:
            raise IllegalActionError(
                f"{player} is the last player with chips: he cannot be disqualified"
            )
        return chosen, override

    def warn(self, player: str, fault: Fault, reason: str, *, by: str | None = None) -> Decision:
        """A warning (the first step, POK-13-1, ITA-51)."""
        return self.penalize(player, fault, reason, sanction=Sanction.WARNING, by=by)

    def suspend(
        self, player: str, orbits: int, fault: Fault, reason: str, *, by: str | None = None
    ) -> Decision:
        """Suspend ``player`` for ``orbits`` orbits (ITA-51: 1 to 4)."""
        return self.penalize(
            player, fault, reason, orbits=orbits, sanction=Sanction.SUSPENSION, by=by
        )

    def disqualify(
        self, player: str, fault: Fault, reason: str, *, by: str | None = None
    ) -> Decision:
        """Disqualify ``player``: his chips leave play (POK-13-1, ITA-51)."""
        return self.penalize(player, fault, reason, sanction=Sanction.DISQUALIFICATION, by=by)

    def _suspend(
        self, player: str, orbits: int, reason: str, *, by: str | None, fault: Fault, override: bool
    ) -> Decision:
        hands = orbits * self.tournament.players_at_table_of(player)  # ITA-51
        self.tournament.suspend(player, hands)
        return self._record(
            "suspension",
            [player],
            reason,
            by=by,
            detail=f"{_count(orbits, 'orbit')}: {_count(hands, 'hand')}, blinds and antes taken",
            fault=fault,
            sanction=Sanction.SUSPENSION,
            override=override,
        )

    def _disqualify(
        self, player: str, reason: str, *, by: str | None, fault: Fault, override: bool
    ) -> Decision:
        table = self.tournament.table_of(player)
        chips = self.tournament.disqualify(player)
        return self._record(
            "disqualification",
            [player],
            reason,
            by=by,
            table=table,
            detail=f"{chips:,} chips removed from play",
            fault=fault,
            sanction=Sanction.DISQUALIFICATION,
            override=override,
        )

    def remove_chips(
        self, player: str, amount: int, fault: Fault, reason: str, *, by: str | None = None
    ) -> Decision:
        """Take ``amount`` of ``player``'s chips out of play (POK-12-6: "retrait des mises")."""
        if not isinstance(fault, Fault):
            raise ConfigurationError(f"a fault is one of {[f.value for f in Fault]}, not {fault!r}")
        _reason(reason, by)
        self.tournament.remove_chips(player, amount)
        self._offences.setdefault(player, []).append(fault)
        return self._record(
            "chip penalty",
            [player],
            reason,
            by=by,
            detail=f"{amount:,} chips removed from play",
            fault=fault,
            sanction=Sanction.CHIP_PENALTY,
        )

    def chip_dumping(
        self, giver: str, receiver: str, reason: str, *, orbits: int = 1, by: str | None = None
    ) -> list[Decision]:
        """Both players are sanctioned, without a warning (POK-12-7); refused, changing
        nothing, unless both sanctions can be applied."""
        if giver == receiver:
            raise ConfigurationError(f"chip dumping takes two players, not {giver!r} twice")
        chosen = [
            self._sanction(p, Fault.CHIP_DUMPING, reason, orbits, None, by)[0]
            for p in (giver, receiver)
        ]
        if chosen == [Sanction.DISQUALIFICATION] * 2 and len(self.tournament._where) <= 2:
            raise IllegalActionError("disqualifying both would leave nobody with chips")
        return [
            self.penalize(p, Fault.CHIP_DUMPING, reason, orbits=orbits, by=by)
            for p in (giver, receiver)
        ]

    # --------------------------------------------------------------- hands
    def _engine(self) -> Tournament:
        if not isinstance(self.tournament, Tournament):
            raise IllegalActionError("hands are dealt at the tables in a live tournament")
        return self.tournament

    def void_hand(self, table: int, reason: str, *, by: str | None = None) -> HandReport:
        """Void the hand in progress at ``table``: every chip goes back where it was
        before the hand (POK-2-9 misdeal, ITA-45 deck irregularity)."""
        t = self._engine()
        _reason(reason, by)
        hand = t.hand(table)
        number = t.table(table).hand_number + 1
        report = t.void_hand(table, reason)
        self._record(
            "void hand",
            [s.player for s in hand.seats] if hand is not None else [],
            reason,
            by=by,
            table=table,
            detail=f"hand {number} voided: every chip returned",
        )
        return report

    def pots(self, table: int) -> list[PotRecord]:
        """The pots of the last hand at ``table`` rebuilt from the bets (ITA-49), while
        the next hand has not started."""
        return rebuild_pots(self._engine().last_hand(table))

    def award_pot(
        self,
        table: int,
        pot: int,
        winners: Sequence[str],
        reason: str,
        *,
        by: str | None = None,
    ) -> Decision:
        """Give pot ``pot`` of the last hand at ``table`` to ``winners`` (a decision on a
        pot, asked before the next hand starts: POK-10-1, ITA-49)."""
        t = self._engine()
        _reason(reason, by)
        hand = t.last_hand(table)  # refused once the next hand has started
        records = rebuild_pots(hand)
        if isinstance(winners, str) or not all(isinstance(w, str) for w in winners):
            raise ConfigurationError(f"winners are a list of names, not {winners!r}")
        if type(pot) is not int or not 0 <= pot < len(records):
            raise ConfigurationError(f"the hand had pots 0 to {len(records) - 1}, not {pot}")
        record = records[pot]
        if not winners or any(w not in record.eligible for w in winners):
            raise ConfigurationError(
                f"pot {pot} can go only to players who contested it: {list(record.eligible)}"
            )
        seat_of = {s.player: s.seat for s in hand.seats}
        ordered = sorted(winners, key=lambda p: (seat_of[p] - hand.button - 1) % 1_000_000)
        rules = hand.rules
        shares = split_pot(
            record.amount,
            [seat_of[p] for p in ordered],
            rule=rules.odd_chips,
            unit=rules.odd_chip_unit,
        )
        delta: dict[str, int] = {}
        for player, amount in record.awarded:
            delta[player] = delta.get(player, 0) - amount
        for player, amount in zip(ordered, shares, strict=True):
            delta[player] = delta.get(player, 0) + amount
        for player, change in delta.items():
            if player not in t._where:
                raise IllegalActionError(
                    f"{player} was eliminated: the pot cannot be given back to him here"
                )
            if t._where[player] != table:
                raise IllegalActionError(
                    f"{player} is no longer at table {table}: the result stands (ITA-49)"
                )
            if t.stack(player) + change <= 0:
                raise IllegalActionError(
                    f"{player} would be left without chips: decide it as an elimination"
                )
        for player, change in delta.items():
            if change:
                t._set_stack(player, t.stack(player) + change)
        return self._record(
            "pot decision",
            list(winners),
            reason,
            by=by,
            table=table,
            detail=f"pot {pot} ({record.amount:,}) to {', '.join(winners)}",
        )

    def override(
        self,
        rule: str,
        decision: str,
        reason: str,
        *,
        players: Sequence[str] = (),
        by: str | None = None,
    ) -> Decision:
        """Log a decision against the written rules (POK-13-2): final, with its reason."""
        if not isinstance(rule, str) or not isinstance(decision, str):
            raise ConfigurationError("an override names the rule and the decision in words")
        if isinstance(players, str) or not all(isinstance(p, str) for p in players):
            raise ConfigurationError(f"players are a list of names, not {players!r}")
        return self._record(
            "override", list(players), reason, by=by, detail=f"{rule}: {decision}", override=True
        )


def _reason(reason: object, by: object) -> None:
    """Every decision gives its reason; ``by`` names a director (or None: the floor's)."""
    if not isinstance(reason, str) or not reason.strip():
        raise ConfigurationError(f"every floor decision gives its reason (a text), not {reason!r}")
    if by is not None and (not isinstance(by, str) or not by.strip()):
        raise ConfigurationError(f"a decision is signed by a director's name, not {by!r}")


def _count(n: int, word: str) -> str:
    """``1 orbit``, ``2 orbits``: a count with its word in English."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
