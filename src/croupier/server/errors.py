"""The server's errors: croupier errors (ValueError) that also say which HTTP status they are.

The HTTP app turns each into ``{"error": code, "message": message}`` with its status; anything
else becomes a 500 with a generic message (the details go to the server's log, never to the
client).
"""

from __future__ import annotations

from croupier.errors import CroupierError

__all__ = [
    "AuthenticationError",
    "ConflictError",
    "DatabaseUnavailableError",
    "ForbiddenError",
    "LoginLockedError",
    "NotFoundError",
    "ServerError",
    "StorageFailedError",
]


class ServerError(CroupierError):
    """A request the server refuses; ``status`` and ``code`` say how, the message says why."""

    status = 400
    code = "bad_request"


class AuthenticationError(ServerError):
    """Not logged in, or a wrong screen name or password."""

    status = 401
    code = "unauthenticated"


class ForbiddenError(ServerError):
    """Logged in, but not allowed: a role is missing, a CSRF token or origin is wrong."""

    status = 403
    code = "forbidden"


class NotFoundError(ServerError):
    """No such player, page or record."""

    status = 404
    code = "not_found"


class ConflictError(ServerError):
    """The request clashes with what exists (a screen name already taken)."""

    status = 409
    code = "conflict"


class LoginLockedError(ServerError):
    """Login refused for a while after repeated failures."""

    status = 429
    code = "login_locked"

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class StorageFailedError(ServerError):
    """The database did not take a write: the server refuses what would depend on it."""

    status = 503
    code = "storage_failed"


class DatabaseUnavailableError(ServerError):
    """The database cannot be used now (stopped, unreachable, its disk full or its file gone):
    nothing was done; the server resumes by itself once it answers again."""

    status = 503
    code = "database_unavailable"
