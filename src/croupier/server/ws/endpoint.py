"""The WebSocket endpoint ``/ws``: the origin checked, the session cookie authenticated, then
a :class:`~croupier.server.ws.connection.Connection` fed every text frame.

A refused handshake (another origin, no session) is accepted only to say why: one ``error``
frame with its code, then the socket is closed (4403, 4401). A binary frame gets an error; a
frame over the transport's limit closes the socket (1009, uvicorn's ``ws_max_size``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from croupier.server.protocol.codes import ProtocolError
from croupier.server.security import origin_allowed, request_origin
from croupier.server.services import Services
from croupier.server.ws.connection import Connection, _error

__all__ = ["routes"]

_log = logging.getLogger("croupier.server.ws")
SESSION_COOKIE = "croupier_session"


async def _refuse(websocket: WebSocket, code: str, message: str, close: int) -> None:
    await websocket.accept()
    await websocket.send_text(_error(None, ProtocolError(code, message)))
    await websocket.close(code=close)


async def endpoint(websocket: WebSocket) -> None:
    """Serve one client until it goes."""
    services: Services = websocket.app.state.services
    scheme = "https" if websocket.url.scheme == "wss" else "http"
    own = request_origin(scheme, websocket.headers.get("host", ""))
    if not origin_allowed(websocket.headers, own, services.config.allowed_origins):
        shown = websocket.headers.get("origin") or "none"
        await _refuse(
            websocket, "forbidden", f"origin {shown!r} refused: this server is {own!r}", 4403
        )
        return
    token = websocket.cookies.get(SESSION_COOKIE)
    session = await services.accounts.session(token) if token else None
    if session is None:
        await _refuse(
            websocket, "unauthenticated", "log in first: the WebSocket needs a session", 4401
        )
        return
    online = services.online
    assert online is not None, "the tables are not started"
    await websocket.accept()
    client = websocket.client
    connection = Connection(
        tables=online.tables,
        store=services.store,
        pubsub=online.pubsub,
        user=session.user.screen_name,
        role=session.user.role,
        ip=client.host if client is not None else "unknown",
        limits=online.limits,
        memory=online.memory,
        clock=online.clock,
    )
    await connection.open()
    sender = asyncio.create_task(_send(websocket, connection))
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                connection.push(
                    _error(None, ProtocolError("binary", "the protocol is JSON in text frames"))
                )
                continue
            await connection.receive(text)
    except WebSocketDisconnect:
        pass
    finally:
        await connection.close()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _send(websocket: WebSocket, connection: Connection) -> None:
    try:
        while True:
            text = await connection.next_frame()
            if text is None:
                return
            await websocket.send_text(text)
    except Exception:  # the socket went away: the receiving side ends the connection
        await connection.close()


routes = [WebSocketRoute("/ws", endpoint)]
