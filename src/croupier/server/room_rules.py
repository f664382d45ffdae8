"""The room's rules, which every player accepts when registering (POK-1-1).

A new version of the text gets a new version string; each account keeps the version it
accepted and when (``users.rules_version``, ``users.rules_accepted_at``).
"""

from __future__ import annotations

__all__ = ["ROOM_RULES", "ROOM_RULES_VERSION"]

ROOM_RULES_VERSION = "2025-1"

ROOM_RULES = """\
croupier room rules (version 2025-1)

1. Registering implies accepting these rules and the rules of each game as posted at its
   table or tournament (POK-1-1).
2. Adults only: you confirm that you are of age (18 or more) when you register (POK-1-2).
3. Your identity is registered: your full name and one screen name, unique in the room; one
   account per person (CAS-3).
4. Play money only: chips have no value outside the room. The cashier credits and pays out
   play money; every movement is in the room's ledger.
5. Each game is played by the rules of its preset (casino-fr, pokerkings, pokcomm, italian,
   tda), shown with the table; the floor's decisions are final.
"""
