"""The croupier server: accounts, money, storage and the HTTP app (issue 11).

A layer above the room, the histories and the bots; nothing below imports it. The domain stays
free of I/O and clocks: the server drives it, and every change reaches the database (through
:class:`croupier.server.storage.Store`) before any client hears of it.
"""

from croupier.server.app import create_app
from croupier.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]
