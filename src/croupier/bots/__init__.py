"""Computer players: each sees only its own seat's view and answers with a legal action.

========== ======================================================================
name       player
========== ======================================================================
random     :class:`RandomBot`: uniform over the legal options
station    :class:`CallingStation`: checks or calls, never raises
reasonable :class:`ReasonableBot`: a starting-hand chart, then equity vs pot odds
========== ======================================================================

>>> make_bot("station", seed=1)
CallingStation()
"""

from __future__ import annotations

from collections.abc import Callable

from croupier._checks import quote
from croupier.bots.base import Bot, can_win, showdown_choice
from croupier.bots.chart import RANGES, Line, chen_score
from croupier.bots.reasonable import OpponentStats, ReasonableBot, is_nuts
from croupier.bots.simple import CallingStation, RandomBot
from croupier.errors import ConfigurationError

__all__ = [
    "BOTS",
    "RANGES",
    "Bot",
    "CallingStation",
    "Line",
    "OpponentStats",
    "RandomBot",
    "ReasonableBot",
    "can_win",
    "chen_score",
    "is_nuts",
    "make_bot",
    "showdown_choice",
]

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "station": CallingStation,
    "reasonable": ReasonableBot,
}
"""Every bot by name."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """The bot called ``name`` (random, station or reasonable), seeded with ``seed``."""
    try:
        build = BOTS[name]
    except KeyError:
        raise ConfigurationError(
            f"unknown bot {quote(name)}: choose one of {', '.join(sorted(BOTS))}"
        ) from None
    return build(seed=seed)
