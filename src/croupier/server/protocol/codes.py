"""The error codes of the protocol: every refusal is ``{"type": "error", "code", "message"}``.

The code says what kind of refusal it is (a client branches on it); the message says why, and
for a move at the table what would have been legal (the engine's words).
"""

from __future__ import annotations

from typing import Final

from croupier.errors import ConfigurationError, CroupierError, IllegalActionError, OutOfTurnError
from croupier.server.errors import ServerError

__all__ = ["CODES", "ProtocolError", "code_of"]

CODES: Final[dict[str, str]] = {
    "bad_message": "not JSON, not an object, an unknown type or field, a wrong type or value",
    "bad_text": "text holding a control character (NUL, ...) or a lone surrogate: refused",
    "bad_version": "a protocol version this server does not speak",
    "too_large": "a message over the size limit",
    "binary": "a binary frame (the protocol is text)",
    "rate_limited": "too many messages (or chat lines) too fast; retry_after says when",
    "unauthenticated": "no valid session cookie (log in first), or the session ended (logout)",
    "too_many_connections": "too many sockets open for this user or this address",
    "too_slow": "the client reads too slowly: its unsent frames passed the limit",
    "forbidden": "not allowed: another origin, or a floor command without the floor role",
    "not_found": "no such table or hand",
    "not_seated": "the player is not seated there, or not dealt in (POK-3-3)",
    "not_your_turn": "acting out of turn (POK-8-13)",
    "stale": "a command for another hand than the one being played",
    "illegal": "the move or operation the rules refuse; the message says what is legal",
    "muted": "the floor has muted this player's chat",
    "silent": "chat not allowed now (POK-12-2: out of the hand, or a spectator, during a hand)",
    "storage_failed": "the database did not take the change: nothing was done",
    "database_unavailable": "the database is unavailable for now: nothing was done; the server"
    " resumes by itself once it answers again",
    "unavailable": "the table is stopped (after a storage failure); the server must restart",
    "internal": "a fault of the server (its log has the details; nothing was done)",
}
"""Every error code, with what it means."""


_STATUS = {
    "unauthenticated": 401,
    "forbidden": 403,
    "not_found": 404,
    "too_large": 413,
    "rate_limited": 429,
    "too_many_connections": 429,
    "storage_failed": 503,
    "database_unavailable": 503,
    "unavailable": 503,
    "internal": 500,
}


class ProtocolError(ServerError):
    """A message refused by the protocol, with one of :data:`CODES` (and, over HTTP, the
    status that goes with it)."""

    def __init__(self, code: str, message: str, *, retry_after: float | None = None) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.status = _STATUS.get(code, 400)
        self.retry_after = retry_after


def code_of(error: CroupierError) -> str:
    """The protocol's code for a croupier error."""
    if isinstance(error, ProtocolError):
        return error.code
    if isinstance(error, OutOfTurnError):
        return "not_your_turn"
    if isinstance(error, IllegalActionError):
        return "illegal"
    if isinstance(error, ServerError):
        return error.code if error.code in CODES else "illegal"
    if isinstance(error, ConfigurationError):
        return "illegal"
    return "bad_message"
