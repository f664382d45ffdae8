"""``--history DIR``: the folder where ``croupier play`` and ``croupier simulate`` save hands."""

from __future__ import annotations

import datetime
from pathlib import Path

from croupier._checks import quote
from croupier.errors import ConfigurationError
from croupier.history import Tournament
from croupier.history.save import HistoryFolder, HistoryFormat
from croupier.rules import Rules

__all__ = ["FORMAT_HELP", "HISTORY_HELP", "history_folder"]

HISTORY_HELP = "Save every hand to this folder (created if need be)."
FORMAT_HELP = "How hands are saved: text (croupier's), pokerstars (for tracking tools) or phh."

_IN_CENTS = frozenset({"casino-fr", "pokerkings"})
"""Presets whose default games count euro cents (croupier.simulate.DEFAULT_STAKES)."""


def history_folder(
    folder: Path | None,
    history_format: str,
    *,
    preset: str,
    rules: Rules,
    seed: int,
    viewer: int | None = None,
    seats: int | None = None,
) -> HistoryFolder | None:
    """The folder to save the session's hands to, or None without ``--history``;
    ``seats``: the table's seats (the PokerStars table line's ``N-max``).

    Raises :class:`croupier.errors.ConfigurationError` for a bad format or folder.
    """
    if folder is None:
        if history_format not in set(HistoryFormat):  # a bad format is refused with or without
            choices = ", ".join(f.value for f in HistoryFormat)
            raise ConfigurationError(f"--history-format {quote(history_format)}: choose {choices}")
        return None
    now = datetime.datetime.now(datetime.UTC)
    session = f"{preset}-{seed}"
    tournament = Tournament(seed, level=1) if rules.tournament else None
    return HistoryFolder(
        folder,
        HistoryFormat(history_format) if history_format in set(HistoryFormat) else history_format,
        session=session,
        viewer=viewer,
        currency_code="EUR" if preset in _IN_CENTS else None,
        table=f"croupier {preset}",
        tournament=tournament,
        now=now,
        max_seats=seats,
    )
