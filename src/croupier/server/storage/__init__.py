"""The server's storage: the schema, its migrations, the records written and the store."""

from croupier.server.storage.store import Record, Store, StoreClosedError, StoreStats

__all__ = ["Record", "Store", "StoreClosedError", "StoreStats"]
