"""The operations fuzzer: random sequences of every public operation of tables, cash rooms
and tournaments, good and bad, with random players, checking after each that no chip or
cent is lost or created and that a snapshot restores an identical twin.

``croupier fuzz tables|rooms|tournaments|live --runs N --seed S`` runs it at length; the
test suite runs a CI-sized batch of each (``tests/test_fuzz.py``). See ``docs/room.md``.
"""

from croupier.room.fuzz._common import FuzzFailure, FuzzReport
from croupier.room.fuzz.live import fuzz_live
from croupier.room.fuzz.rooms import fuzz_rooms
from croupier.room.fuzz.tables import fuzz_tables
from croupier.room.fuzz.tournaments import fuzz_tournaments

__all__ = [
    "FuzzFailure",
    "FuzzReport",
    "fuzz_live",
    "fuzz_rooms",
    "fuzz_tables",
    "fuzz_tournaments",
]
