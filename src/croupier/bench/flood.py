"""One client floods while the room plays: does anyone else notice?

A real server in its own process, tables full of bot clients playing over real WebSockets
(:mod:`croupier.bench.online`), measured twice for the same time: quiet, then while one more
registered user floods one socket as fast as the loopback takes it (invalid 4 KB frames, or
valid pings), never reading an answer, and reconnecting each time the server closes him. The
figures: the players' p50/p99 from an action sent to its update received in both phases, the
flooder's frames, how often and with which close code the server ended his socket, and the
server's memory (RSS) before, at its peak and after. Used by ``croupier bench flood`` and by
the flood test (short runs, loose bounds).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import tempfile
import time
from pathlib import Path
from typing import Any

from croupier.bench.online import Crowd, launch, play_crowd, prepare_room, table_specs

__all__ = ["rss_bytes", "run_flood"]

FLOODER = "flooder"


def rss_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` (Linux ``/proc``; 0 elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return 0
    return 0


def _frame(kind: str, n: int) -> str:
    if kind == "invalid":
        return "{" + "x" * 4000  # not JSON, 4 KB: parsed (and refused) if it is read at all
    return json.dumps({"v": 1, "type": "ping", "id": f"f{n}"})


async def _flood(
    url: str, token: str, kind: str, stop: asyncio.Event, report: dict[str, Any]
) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidStatus

    headers = {"Cookie": f"croupier_session={token}", "Origin": url}
    sent = 0
    closes: list[int | None] = []
    while not stop.is_set():
        try:
            async with connect(
                url.replace("http", "ws", 1) + "/ws",
                additional_headers=headers,
                compression=None,
                max_queue=None,  # never read: what arrives piles up on this side only
            ) as ws:
                while not stop.is_set():
                    await ws.send(_frame(kind, sent))
                    sent += 1
                    if sent % 64 == 0:
                        await asyncio.sleep(0)  # let the clock run
        except ConnectionClosed as closed:
            closes.append(None if closed.rcvd is None else closed.rcvd.code)
        except (OSError, InvalidStatus):
            await asyncio.sleep(0.01)  # turned away before the handshake: try again
    report["flood_frames"] = sent
    report["flood_closes"] = closes


def _flood_process(url: str, token: str, kind: str, seconds: float, results: Any) -> None:
    """The flooder's process: flood for ``seconds``, then put what it did on ``results``."""

    async def timed() -> dict[str, Any]:
        stop = asyncio.Event()
        report: dict[str, Any] = {}
        task = asyncio.create_task(_flood(url, token, kind, stop, report))
        await asyncio.sleep(seconds)
        stop.set()
        try:
            await asyncio.wait_for(task, 10)
        except TimeoutError:
            task.cancel()
        return report

    results.put(asyncio.run(timed()))


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _figures(crowd: Crowd) -> dict[str, float]:
    return {
        "p50_ms": round(_quantile(crowd.latencies, 0.5) * 1000, 2),
        "p99_ms": round(_quantile(crowd.latencies, 0.99) * 1000, 2),
        "max_ms": round(max(crowd.latencies, default=0.0) * 1000, 2),
        "actions": len(crowd.latencies),
    }


def run_flood(
    *,
    tables: int = 2,
    seconds: float = 10.0,
    kind: str = "invalid",
    think: float = 1.0,
    settle: float = 3.0,
    workdir: Path | None = None,
) -> dict[str, Any]:
    """One run (SQLite): ``seconds`` quiet, then ``seconds`` with ``kind`` ("invalid" or
    "pings"; "none": nobody, the control) flooding; then ``settle`` seconds before the memory
    is read again."""
    if kind not in ("invalid", "pings", "none"):
        raise ValueError(f"flood kind {kind!r}: invalid, pings or none (a control run)")
    base = Path(tempfile.mkdtemp(prefix="croupier-flood-")) if workdir is None else workdir
    data = base / "data"
    specs = table_specs(tables, 6)
    tokens = prepare_room(data, None, specs, watchers=(FLOODER,))
    seats = {p: (tokens[p], name) for name, _, _, players in specs for p in players}
    # The room's own rate limits (the bench's crowd, a dozen bots on one address, stays well
    # within them); only the pause between hands is taken away.
    server = launch(data, None, {"between_hands": 0.0, "disconnect_grace": 3600.0})
    report: dict[str, Any] = {"tables": tables, "seconds": seconds, "kind": kind}
    try:
        pid = server.process.pid

        async def both() -> None:
            quiet = await play_crowd(server.url, seats, seconds=seconds, think=think, warmup=2)
            report["quiet"] = _figures(quiet)
            report["rss_before_mib"] = round(rss_bytes(pid) / 2**20, 1)
            stop = asyncio.Event()
            peak = 0

            async def sample() -> None:
                nonlocal peak
                while not stop.is_set():
                    peak = max(peak, rss_bytes(pid))
                    await asyncio.sleep(0.2)

            # The flooder in its own process: on this side too, one client must not slow
            # the players' clients (they share this process's event loop).
            context = multiprocessing.get_context("spawn")
            results = context.Queue()
            flooder = context.Process(
                target=_flood_process,
                args=(server.url, tokens[FLOODER], kind, seconds + 1, results),
                daemon=True,
            )
            if kind != "none":
                flooder.start()
            sampler = asyncio.create_task(sample())
            flooded = await play_crowd(server.url, seats, seconds=seconds, think=think, warmup=1)
            stop.set()
            await sampler
            if kind != "none":
                report.update(await asyncio.to_thread(results.get, True, 60))
                await asyncio.to_thread(flooder.join, 30)
            report["flooded"] = _figures(flooded)
            report["rss_peak_mib"] = round(peak / 2**20, 1)
            await asyncio.sleep(settle)
            report["rss_after_mib"] = round(rss_bytes(pid) / 2**20, 1)

        started = time.perf_counter()
        asyncio.run(both())
        report["wall_s"] = round(time.perf_counter() - started, 1)
    finally:
        server.stop()
    return report
