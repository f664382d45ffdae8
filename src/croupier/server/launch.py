"""Run the server from a JSON configuration, for benchmarks and tests that need knobs the
command line does not offer (fast pauses between hands, rate limits for bot crowds)::

    python -m croupier.server.launch '{"port": 8123, "data_dir": "d", "online": {...}}'

``online`` holds :class:`~croupier.server.tables.config.OnlineConfig` fields; rates are
``{"connection": [per_second, burst], ...}``. Prints nothing; ``GET /api/health`` answers once
it listens.
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any

from croupier.server.config import ServerConfig
from croupier.server.ratelimit import Rate
from croupier.server.tables.config import OnlineConfig

__all__ = ["WS_MAX_SIZE", "config_from_json", "main", "uvicorn_options"]

WS_MAX_SIZE = 64 * 1024
"""The largest WebSocket frame the transport takes (bigger: the socket is closed, 1009)."""


def uvicorn_options(config: ServerConfig) -> dict[str, Any]:
    """How uvicorn serves ``config``: forwarded headers believed only from its trusted proxies
    (uvicorn's own default believes them from 127.0.0.1, so any local client could pick the
    address the rate limits count)."""
    return {
        "host": config.host,
        "port": config.port,
        "log_level": "warning",
        "access_log": False,
        "ws_max_size": WS_MAX_SIZE,
        "proxy_headers": bool(config.trusted_proxies),
        "forwarded_allow_ips": list(config.trusted_proxies),
    }


def config_from_json(data: dict[str, Any]) -> ServerConfig:
    """A server configuration from JSON-ready data."""
    values = dict(data)
    online = dict(values.pop("online", {}))
    for name in ("message_rates", "chat_rates"):
        if name in online:
            online[name] = {k: Rate(float(r), int(b)) for k, (r, b) in online[name].items()}
    if "bot_think" in online:
        online["bot_think"] = tuple(online["bot_think"])
    if "trusted_proxies" in values:
        values["trusted_proxies"] = tuple(values["trusted_proxies"])
    if "allowed_origins" in values:
        values["allowed_origins"] = tuple(values["allowed_origins"])
    if "data_dir" in values:
        values["data_dir"] = Path(values["data_dir"])
    return ServerConfig(online=OnlineConfig(**online), **values)


def main(argv: list[str] | None = None) -> None:
    """Serve until killed."""
    import uvicorn

    from croupier.server.app import create_app
    from croupier.server.collector import settle
    from croupier.server.services import start_services

    args = sys.argv[1:] if argv is None else argv
    config = config_from_json(json.loads(args[0]))
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s")
    services = start_services(config)
    settle()
    app = create_app(config, services=services)
    uvicorn.Server(uvicorn.Config(app, **uvicorn_options(config))).run()


if __name__ == "__main__":
    main()
