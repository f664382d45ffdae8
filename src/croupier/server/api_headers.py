"""The headers every API answer carries: ``X-Content-Type-Options: nosniff`` (a JSON answer is
never read as a page or a script) and ``Cache-Control: no-store`` (the ledger, the hands and
the accounts are private: no browser or proxy keeps a copy). A plain ASGI middleware, so the
WebSocket and the pages pass through untouched."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["API_HEADERS", "ApiHeaders"]

API_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"cache-control", b"no-store"),
)


class ApiHeaders:
    """Add :data:`API_HEADERS` to every HTTP answer under ``/api/`` that lacks them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; mark the answer's start."""
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith("/api/"):
            await self.app(scope, receive, send)
            return

        async def marked(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in API_HEADERS if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, marked)
