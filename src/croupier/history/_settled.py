"""A hand's log as if every hand a winner's request made live had been shown at its turn.

Under RRP-5 (``winner_request_live``) the winner of a pot may ask to see a losing hand
mucked at the showdown once the pots are paid; both hands are then live, tabled, and the
pots go to the best (:mod:`croupier.engine._requests`): the log holds the first award, the
request, the hands tabled, the pots awarded again and a second ``HandEnded``. Formats that
know no such request (PokerStars, PHH) write the same result as a showdown where those
hands were shown: :func:`as_shown` gives that log. Private to :mod:`croupier.history`.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.engine import Awarded, Event, HandEnded, Mucked, Revealed, Shown

__all__ = ["as_shown"]


def as_shown(log: Sequence[Event]) -> list[Event]:
    """``log`` with the hands tabled after the award (RRP-5) shown where they were mucked
    (or, unshown winners, before the first award), each pot's last award in place of its
    first, and one ``HandEnded``, the last; other logs come back unchanged.

    >>> as_shown([]) == []
    True
    """
    end = next((k for k, e in enumerate(log) if isinstance(e, HandEnded)), None)
    if end is None or not any(isinstance(e, Shown) for e in log[end:]):
        return list(log)
    after = log[end + 1 :]
    tabled = {e.seat: e for e in after if isinstance(e, Shown)}
    awards = {e.pot: e for e in after if isinstance(e, Awarded)}
    last_end = next(e for e in reversed(log) if isinstance(e, HandEnded))
    out: list[Event] = []
    placed: set[int] = set()
    for e in log[:end]:
        if isinstance(e, Mucked) and e.seat in tabled:
            out.append(tabled[e.seat]._replace(auto=False))
            placed.add(e.seat)
            continue
        if isinstance(e, Awarded):
            for seat, shown in tabled.items():  # an unshown winner's hand, tabled to compare
                if seat not in placed:
                    out.append(shown._replace(auto=False))
                    placed.add(seat)
            out.append(awards.get(e.pot, e))
            continue
        out.append(e)
    out.extend(e for e in after if isinstance(e, Revealed) and e.seat not in tabled)
    out.append(last_end)
    return out
