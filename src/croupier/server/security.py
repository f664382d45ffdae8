"""Passwords (argon2), session tokens (stored as keyed hashes) and same-origin checks."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

__all__ = ["Passwords", "new_token", "origin_allowed", "request_origin", "token_hash"]


class Passwords:
    """argon2id hashing; ``verify`` also runs for unknown accounts (against a dummy hash), so
    that a wrong name takes as long as a wrong password."""

    def __init__(self, *, time_cost: int = 3, memory_kib: int = 64 * 1024) -> None:
        self._hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib)
        self._dummy = self._hasher.hash(secrets.token_hex(16))

    def hash(self, password: str) -> str:
        """The argon2id hash of ``password`` (salted; never the same twice)."""
        return self._hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """True when ``password`` matches the ``stored`` hash (None: an unknown account)."""
        try:
            return self._hasher.verify(stored or self._dummy, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False


def new_token() -> str:
    """A random token (256 bits, URL-safe): a session's cookie or a CSRF token."""
    return secrets.token_urlsafe(32)


def token_hash(secret: bytes, token: str) -> str:
    """What the database keeps of a session token: HMAC-SHA256 under the session secret, so
    that neither a copy of the database nor of the secret alone can forge a session."""
    return hmac.new(secret, token.encode(), hashlib.sha256).hexdigest()


def request_origin(scheme: str, host: str) -> str:
    """The origin a request was sent to: ``http://127.0.0.1:8000``."""
    return f"{scheme}://{host}".lower()


def origin_allowed(headers: Mapping[str, str], own: str, extra: Iterable[str] = ()) -> bool:
    """True when the request says it comes from the server's own origin (or an allowed one):
    its ``Origin`` header, or failing that its ``Referer``; a request with neither is refused."""
    allowed = {own.lower(), *(o.lower().rstrip("/") for o in extra)}
    origin = headers.get("origin")
    if origin is None:
        referer = headers.get("referer")
        if not referer:
            return False
        parts = urlsplit(referer)
        origin = f"{parts.scheme}://{parts.netloc}"
    return origin.lower() in allowed
