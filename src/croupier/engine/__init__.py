"""One hand of hold'em: forced bets, dealing, betting, pots, showdown, events and views.

The hand's modules run compiled by mypyc when the build made them, else pure
(:mod:`croupier.engine._native`, chosen before any of them is imported).
"""

from croupier.engine import _native  # noqa: F401  (first: it chooses compiled or pure)
from croupier.engine.actions import Action, ActionKind
from croupier.engine.events import (
    Acted,
    Awarded,
    BetReturned,
    BetsGathered,
    BoardDealt,
    Event,
    HandEnded,
    HandStarted,
    HoleDealt,
    Mucked,
    Posted,
    Pot,
    Raked,
    Revealed,
    Shown,
    Street,
    Voided,
    event_from_dict,
    event_to_dict,
)
from croupier.engine.hand import Hand, Phase
from croupier.engine.legal import LegalActions, Move
from croupier.engine.pots import PotLayer
from croupier.engine.setup import ForcedBet, ForcedKind, SeatSetup, next_seat, standard_forced_bets
from croupier.engine.views import HandView, SeatView

__all__ = [
    "Acted",
    "Action",
    "ActionKind",
    "Awarded",
    "BetReturned",
    "BetsGathered",
    "BoardDealt",
    "Event",
    "ForcedBet",
    "ForcedKind",
    "Hand",
    "HandEnded",
    "HandStarted",
    "HandView",
    "HoleDealt",
    "LegalActions",
    "Move",
    "Mucked",
    "Phase",
    "Posted",
    "Pot",
    "PotLayer",
    "Raked",
    "Revealed",
    "SeatSetup",
    "SeatView",
    "Shown",
    "Street",
    "Voided",
    "event_from_dict",
    "event_to_dict",
    "next_seat",
    "standard_forced_bets",
]
