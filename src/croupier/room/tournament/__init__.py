"""Tournaments: prize pools, payouts, ICM and the tournament itself.

=====================  ==============================================================
module                 what it holds
=====================  ==============================================================
``structure``          levels, breaks, the seeds' blind structures (ITA-6, POK-6-2)
``clock``              the level clock on an injectable clock (pause, add time)
``config``             formats (freezeout, knock-out, rebuys), room options, presets
``registration``       entries, adult confirmation (POK-1-2)
``seating``            the secure seat draw (POK-1-3, ITA-2)
``balancing``          balancing and breaking decisions (POK-7-1, ITA-14, ITA-15)
``standings``          eliminations, places (POK-9-8), bounties (POK-6-3)
``_core``, ``base``    what engine and live tournaments share
``tournament``         a tournament on engine tables
``live``               a live tournament: the floor enters busts and counts
``floor``              penalties, voided hands, pot decisions, overrides (layer D)
``bots``, ``simulate`` a fast push/fold bot and whole simulated tournaments
``payouts``, ``icm``   prize pools, payout tables and ICM
=====================  ==============================================================
"""

from croupier.room.tournament.balancing import Move, MoveReason
from croupier.room.tournament.base import Phase, Result
from croupier.room.tournament.bots import PushFold
from croupier.room.tournament.clock import Clock, LevelClock, ManualClock, SystemClock
from croupier.room.tournament.config import (
    TOURNAMENT_PRESETS,
    AddOn,
    BustRanking,
    KnockOut,
    NewSeat,
    Options,
    Rebuy,
    TournamentConfig,
    tournament_preset,
)
from croupier.room.tournament.floor import Decision, Fault, Floor, PotRecord, Sanction
from croupier.room.tournament.live import CountCorrection, CountResult, LiveTable, LiveTournament
from croupier.room.tournament.payouts import PayoutTable, PrizePool, payouts, prize_pool
from croupier.room.tournament.registration import Entry, RegistrationError
from croupier.room.tournament.simulate import SimulationError, SimulationResult, simulate
from croupier.room.tournament.standings import Bust, BustKind, Finish
from croupier.room.tournament.structure import (
    Break,
    Level,
    Structure,
    italian_structure,
    pokcomm_double_stack,
    pokcomm_freezeout,
    tda_structure,
)
from croupier.room.tournament.tournament import HandReport, Tournament

__all__ = [
    "TOURNAMENT_PRESETS",
    "AddOn",
    "Break",
    "Bust",
    "BustKind",
    "BustRanking",
    "Clock",
    "CountCorrection",
    "CountResult",
    "Decision",
    "Entry",
    "Fault",
    "Finish",
    "Floor",
    "HandReport",
    "KnockOut",
    "Level",
    "LevelClock",
    "LiveTable",
    "LiveTournament",
    "ManualClock",
    "Move",
    "MoveReason",
    "NewSeat",
    "Options",
    "PayoutTable",
    "Phase",
    "PotRecord",
    "PrizePool",
    "PushFold",
    "Rebuy",
    "RegistrationError",
    "Result",
    "Sanction",
    "SimulationError",
    "SimulationResult",
    "Structure",
    "SystemClock",
    "Tournament",
    "TournamentConfig",
    "italian_structure",
    "payouts",
    "pokcomm_double_stack",
    "pokcomm_freezeout",
    "prize_pool",
    "simulate",
    "tda_structure",
    "tournament_preset",
]
