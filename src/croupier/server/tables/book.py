"""A hand's bookkeeping at the server: its id, its commitment, what is stored and published."""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.commitment import Opening
from croupier.engine import Hand, event_to_dict
from croupier.server.storage import Record
from croupier.server.storage.records import AppendHandEvents, EndHand
from croupier.server.tables.records import OpenHand

__all__ = ["HandBook"]


@dataclass
class HandBook:
    """One hand being played (or just played) at a table, as the server keeps it.

    ``persisted`` counts the hand's events stored so far (the next is stored as event
    ``next_seq``); ``published`` the events sent to clients. ``opened``: the hand's row is
    not written yet; ``ended``: its end is still to write.
    """

    hand: Hand
    hand_id: int
    number: int
    opening: Opening | None
    persisted: int = 0
    next_seq: int = 0
    published: int = 0
    opened: bool = False
    ended: str | None = None
    shown: dict[int, list[str]] = field(default_factory=dict)
    """Cards shown to everyone, by seat (from the public events)."""
    hole: dict[int, list[str]] = field(default_factory=dict)
    """Each seat's own hole cards, from his seat's view."""
    revealed: dict[int, dict[int, list[str]]] = field(default_factory=dict)
    """Asker seat -> the called hands shown to him alone (PKG-14)."""
    public_proofs: list[dict[str, object]] = field(default_factory=list)

    @property
    def root(self) -> str | None:
        """The deck commitment published before the first action."""
        return None if self.opening is None else self.opening.root

    def records(self, table: str) -> list[Record]:
        """What to write for this hand now: its row and first events if it just opened, the
        events since the last write, its end."""
        events = self.hand.events
        out: list[Record] = []
        if self.opened:
            assert self.opening is not None
            out.append(
                OpenHand(
                    hand_id=self.hand_id,
                    table=table,
                    number=self.number,
                    players=[(s.seat, s.player) for s in self.hand.seats],
                    root=self.opening.root,
                    opening=self.opening.to_dict(),
                    events=[event_to_dict(e) for e in events],
                )
            )
            self.opened = False
            self.next_seq = len(events)
            self.persisted = len(events)
        elif len(events) > self.persisted:
            fresh = [event_to_dict(e) for e in events[self.persisted :]]
            out.append(AppendHandEvents(self.hand_id, self.next_seq, fresh))
            self.next_seq += len(fresh)
            self.persisted = len(events)
        if self.ended is not None:
            out.append(EndHand(self.hand_id, self.ended))
            self.ended = None
        return out
