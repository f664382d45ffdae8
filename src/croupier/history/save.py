"""Save the histories of a session to a folder, hand after hand, in one of three formats.

* ``text``: croupier's readable history (:func:`croupier.history.render_text`), every
  hand appended to ``croupier-<date>-<session>.txt``;
* ``pokerstars``: the PokerStars format (:func:`croupier.history.render_pokerstars`)
  that tracking tools import, every hand appended to ``HH<date> <table>.txt`` (hands
  three newlines apart, as PokerStars writes them);
* ``phh``: one ``<session>-<hand>.phh`` file per hand (:func:`croupier.history.hand_to_phh`),
  which ``croupier replay`` reads back.

A player's own histories (``viewer``) show only what he saw: his cards, and the others'
once shown; without a viewer every card dealt is written (bots, the floor, audits).
"""

from __future__ import annotations

import datetime
import os
from enum import StrEnum
from pathlib import Path
from typing import Final

from croupier._checks import quote
from croupier.engine import Hand
from croupier.errors import ConfigurationError, HandHistoryError
from croupier.history._phh_write import hand_to_phh
from croupier.history.phh import dumps
from croupier.history.pokerstars import Tournament, render_pokerstars
from croupier.history.text import Money, currency, render_text

__all__ = ["HistoryFolder", "HistoryFormat"]

_SYMBOLS: Final = {"EUR": "€", "USD": "$", "GBP": "£"}


class HistoryFormat(StrEnum):
    """The formats :class:`HistoryFolder` writes."""

    TEXT = "text"
    POKERSTARS = "pokerstars"
    PHH = "phh"


class HistoryFolder:
    """Writes each finished hand of a session to ``folder`` (created if need be).

    ``currency`` (``"EUR"``, ``"USD"``, ``"GBP"``) says the engine's amounts are
    cents of it; ``None`` is chips. ``tournament`` (number and buy-in) puts the
    tournament in the PokerStars header; :meth:`write` gives the hand's level.
    ``max_seats``: the table's seats, for the PokerStars table line (``6-max``; default
    the rules' most players).
    """

    def __init__(
        self,
        folder: str | os.PathLike[str],
        history_format: HistoryFormat | str,
        *,
        session: str,
        viewer: int | None = None,
        currency_code: str | None = None,
        table: str = "croupier",
        tournament: Tournament | None = None,
        now: datetime.datetime | None = None,
        max_seats: int | None = None,
    ) -> None:
        try:
            self.format = HistoryFormat(history_format)
        except ValueError:
            choices = ", ".join(f.value for f in HistoryFormat)
            raise ConfigurationError(
                f"history format {quote(history_format)}: choose {choices}"
            ) from None
        if currency_code is not None and currency_code not in _SYMBOLS:
            raise ConfigurationError(
                f"currency {currency_code!r}: choose {', '.join(sorted(_SYMBOLS))} or none (chips)"
            )
        self.folder = Path(folder)
        try:
            if self.folder.exists() and not self.folder.is_dir():
                raise ConfigurationError(
                    f"{quote(str(self.folder))} is a file, not a folder for histories"
                )
            self.folder.mkdir(parents=True, exist_ok=True)
        except (OSError, ValueError) as error:  # a name too long, a NUL in it
            if isinstance(error, ConfigurationError):
                raise
            reason = getattr(error, "strerror", None) or error
            raise ConfigurationError(
                f"cannot make the history folder {quote(str(self.folder))}: {reason}"
            ) from None
        self.session = session
        self.viewer = viewer
        self.currency = currency_code
        self.table = table
        self.tournament = tournament
        self.max_seats = max_seats
        self.started = now or datetime.datetime.now(datetime.UTC)
        self.written = 0
        day = self.started.strftime("%Y%m%d")
        if self.format is HistoryFormat.POKERSTARS:
            self.path = self.folder / f"HH{day} {table} {session}.txt"
        elif self.format is HistoryFormat.TEXT:
            self.path = self.folder / f"croupier-{day}-{session}.txt"
        else:
            self.path = self.folder

    def _money(self) -> Money | None:
        return None if self.currency is None else currency(_SYMBOLS[self.currency])

    def write(
        self, hand: Hand, *, number: int, level: int = 1, played_at: datetime.datetime | None = None
    ) -> Path:
        """Save ``hand`` (hand ``number`` of the session); returns the file written to."""
        when = played_at or datetime.datetime.now(datetime.UTC)
        scale = 1 if self.currency is None else 100
        if self.format is HistoryFormat.PHH:
            written = hand_to_phh(hand, scale=scale, viewer=self.viewer, event=self.session)
            path = self.folder / f"{self.session}-{number:06d}.phh"
            path.write_text(dumps(written), encoding="utf-8")
        else:
            if self.format is HistoryFormat.POKERSTARS:
                tournament = self.tournament
                if tournament is not None:
                    tournament = Tournament(
                        tournament.number,
                        level=level,
                        buy_in=tournament.buy_in,
                        fee=tournament.fee,
                        currency=tournament.currency,
                        table=tournament.table,
                    )
                text = render_pokerstars(
                    hand.events,
                    hand_number=number,
                    played_at=when,
                    viewer=self.viewer,
                    all_cards=self.viewer is None,
                    table=self.table,
                    currency=self.currency,
                    scale=scale,
                    tournament=tournament,
                    max_seats=self.max_seats,
                )
            else:
                text = render_text(
                    hand.events,
                    viewer=self.viewer,
                    all_cards=self.viewer is None,
                    hand_id=str(number),
                    money=self._money(),
                )
            path = self.path
            with path.open("a", encoding="utf-8") as out:
                out.write(("\n\n\n" if self.written else "") + text)
        self.written += 1
        return path


def save_error(error: OSError | HandHistoryError) -> str:
    """One line for a history that could not be saved."""
    return f"the hand history could not be saved: {error}"
