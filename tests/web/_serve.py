"""Run the real server for the browser tests: ``python _serve.py PORT DATA_DIR``.

The very app ``croupier serve`` runs (``create_app`` under uvicorn, the demo room with its
bots), with the tables' pauses shortened so that hands go by in seconds: the bots think 0.05
to 0.2 s, the next hand comes 1 s after the last, a player whose page closed is sat out after
2 s; the demo's tournaments run on short clocks. Passwords are hashed with cheaper argon2
costs (the tests register many players).
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import uvicorn

from croupier.server import ServerConfig, create_app
from croupier.server.tables.config import OnlineConfig

# The demo's tournaments on short clocks: a sit-and-go filled with bots a second after a
# player registers, levels of 15 s, the Italian multi-table tournament not before an hour.
TOURNAMENTS = {
    "sng_bots_after": 1.0,
    "demo_level_minutes": 0.25,
    "tournament_tick": 0.2,
    "rebuy_answer_seconds": 5.0,
    "italian_every": 3600.0,
}
FIELDS = {f.name for f in dataclasses.fields(OnlineConfig)}
FAST = OnlineConfig(
    bot_think=(0.05, 0.2),
    between_hands=1.0,
    disconnect_grace=2.0,
    lobby_interval=0.2,
    showdown_seconds=6.0,
    **{k: v for k, v in TOURNAMENTS.items() if k in FIELDS},  # type: ignore[arg-type]
)


def main() -> None:
    port, data = int(sys.argv[1]), Path(sys.argv[2])
    config = ServerConfig(
        port=port,
        data_dir=data,
        argon2_time_cost=1,
        argon2_memory_kib=8 * 1024,
        online=FAST,
    )
    app = create_app(config)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
