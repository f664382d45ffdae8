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
from croupier.server.ratelimit import Rate
from croupier.server.security import origin_allowed, request_origin, token_hash
from croupier.server.services import Services
from croupier.server.storage.types import utc_now
from croupier.server.ws.connection import Connection, _error
from croupier.server.ws.sockets import (
    CLOSE_TOO_MANY,
    CLOSE_TOO_SLOW,
    Admit,
    Ending,
    FrameGate,
    Socket,
)

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
    online = services.online
    if token and online is not None and online.sockets.cooling(token_hash(services.secret, token)):
        await websocket.close(code=CLOSE_TOO_MANY)  # before the handshake: an HTTP 403
        return
    session = await services.accounts.session(token) if token else None
    if session is None:
        await _refuse(
            websocket, "unauthenticated", "log in first: the WebSocket needs a session", 4401
        )
        return
    assert online is not None, "the tables are not started"
    client = websocket.client
    ip = client.host if client is not None else "unknown"
    try:
        socket = online.sockets.open(
            user=session.user.screen_name,
            address=ip,
            session=session.token_hash,
            expires_at=session.expires_at,
        )
    except ProtocolError as error:
        await _refuse(websocket, error.code, str(error), CLOSE_TOO_MANY)
        return
    try:
        await _serve(websocket, services, socket, ip, session.user.role)
    finally:
        online.sockets.close(socket)


async def _serve(
    websocket: WebSocket, services: Services, socket: Socket, ip: str, role: str
) -> None:
    online = services.online
    assert online is not None
    await websocket.accept()
    connection = Connection(
        tables=online.tables,
        store=services.store,
        pubsub=online.pubsub,
        user=socket.user,
        role=role,
        ip=ip,
        limits=online.limits,
        memory=online.memory,
        clock=online.clock,
    )
    config = online.tables.config
    connection.on_overflow = lambda: socket.end(
        Ending(
            "too_slow",
            f"more than {config.max_outbox_bytes} bytes of frames wait for this client: it"
            " reads too slowly; reconnect for a fresh view",
            CLOSE_TOO_SLOW,
        )
    )
    allowance = config.message_rates.get("connection", Rate(20, 40))
    gate = FrameGate(
        Rate(allowance.per_second * 2, allowance.burst * 2), strikes=config.flood_strikes
    )
    await connection.open()
    sender = asyncio.create_task(_send(websocket, connection))
    guard = asyncio.create_task(_guard(websocket, socket, sender))
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            if socket.ended.is_set():  # ended by the server: nothing more is applied
                continue
            now = online.clock()
            admit = gate.admit(now)
            if admit is Admit.NOTICE:
                wait = gate.retry_after(now)
                connection.push(
                    _error(
                        None,
                        ProtocolError(
                            "rate_limited",
                            "too many frames: those over the allowance are dropped unread;"
                            f" wait {wait:.2f} s (keep on and the connection is closed)",
                            retry_after=round(wait, 3),
                        ),
                    )
                )
            elif admit is Admit.CLOSE:
                socket.end(
                    Ending(
                        "rate_limited",
                        "too many frames for too long: this connection is closed",
                        CLOSE_TOO_MANY,
                    )
                )
            if admit is not Admit.READ:
                continue
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
        guard.cancel()
        await connection.close()
        sender.cancel()
        for task in (guard, sender):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


async def _guard(websocket: WebSocket, socket: Socket, sender: asyncio.Task[None]) -> None:
    """Wait for the server to end this socket (logout, flood, a slow reader) or for its
    session to expire; then say why in one ``error`` frame and close it."""
    timeout = None
    if socket.expires_at is not None:
        timeout = max(0.0, (socket.expires_at - utc_now()).total_seconds())
    try:
        await asyncio.wait_for(socket.ended.wait(), timeout)
    except TimeoutError:
        socket.end(Ending("unauthenticated", "the session expired: log in again", 4401))
    ending = socket.ending
    assert ending is not None
    sender.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await sender
    with contextlib.suppress(Exception):
        await websocket.send_text(_error(None, ProtocolError(ending.code, ending.message)))
        await websocket.close(code=ending.close)


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
