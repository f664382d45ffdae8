"""Tournaments online: one actor per tournament driving the domain's
:class:`~croupier.room.tournament.Tournament`, its tables dealt like cash tables (see
``docs/tournament.md``, "Online")."""

from croupier.server.tournaments import penalties as _penalties  # noqa: F401 (registers the "tournament" applier)
from croupier.server.tournaments.service import Tournaments

__all__ = ["Tournaments"]
