"""Who owns what when the room runs on several processes: shards, their leases with fencing,
and their placement over the live workers (docs/cluster.md).

The layers point down: :mod:`.shards` (what a shard is) < :mod:`.leases` (the lease rows, on a
connection) < :mod:`.fence` (the check inside a commit) < :mod:`.ownership` (what one process
holds, its heartbeat); :mod:`.placement` is pure; :mod:`.advisory` is PostgreSQL's crash signal.
Nothing here imports the tables, the tournaments or the money.
"""

from croupier.server.cluster.fence import Fence, StaleEpochError
from croupier.server.cluster.shards import (
    CASHIER_SHARD,
    ROOM_SHARD,
    Shard,
    table_shard,
    tournament_shard,
)

__all__ = [
    "CASHIER_SHARD",
    "ROOM_SHARD",
    "Fence",
    "Shard",
    "StaleEpochError",
    "table_shard",
    "tournament_shard",
]
