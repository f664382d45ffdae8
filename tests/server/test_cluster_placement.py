"""Placement by rendezvous hashing: deterministic, spread over the workers, and stable: when a
worker joins only the shards it wins move (to it), when one leaves only its shards move."""

from __future__ import annotations

from collections import Counter

import pytest

from croupier.errors import ConfigurationError
from croupier.server.cluster.placement import moves, owner_of, place, weight
from croupier.server.cluster.shards import ROOM_SHARD, Shard, table_shard, tournament_shard

SHARDS = [
    *(table_shard(f"t{i}") for i in range(300)),
    *(tournament_shard(f"mtt-{i}") for i in range(50)),
    ROOM_SHARD,
    Shard("cashier", "0"),
]
WORKERS = ["w1", "w2", "w3", "w4"]


def test_the_placement_is_the_same_whatever_the_order_of_the_workers() -> None:
    first = place(SHARDS, WORKERS)
    assert place(SHARDS, list(reversed(WORKERS))) == first
    assert place(SHARDS, [*WORKERS, "w2"]) == first  # a worker listed twice counts once
    # the weight is a fixed hash (not Python's salted hash): the same on every machine
    assert weight("w1", table_shard("t0")) == weight("w1", table_shard("t0"))
    assert weight("w1", table_shard("t0")) != weight("w2", table_shard("t0"))


def test_each_worker_gets_a_fair_share() -> None:
    counts = Counter(place(SHARDS, WORKERS).values())
    assert set(counts) == set(WORKERS)
    share = len(SHARDS) / len(WORKERS)
    assert all(0.7 * share <= n <= 1.3 * share for n in counts.values()), counts


def test_a_worker_that_joins_takes_only_the_shards_it_wins() -> None:
    before = place(SHARDS, WORKERS)
    after = place(SHARDS, [*WORKERS, "w5"])
    moved = moves(before, after)
    assert moved, "a new worker gets some shards"
    assert all(to == "w5" for _, to in moved.values())
    assert set(moved) == {s for s, w in after.items() if w == "w5"}
    assert len(moved) < 0.35 * len(SHARDS)  # about a fifth, not a reshuffle


def test_a_worker_that_leaves_gives_up_only_its_own_shards() -> None:
    before = place(SHARDS, WORKERS)
    after = place(SHARDS, [w for w in WORKERS if w != "w3"])
    moved = moves(before, after)
    assert set(moved) == {s for s, w in before.items() if w == "w3"}
    assert all(source == "w3" and to != "w3" for source, to in moved.values())
    # each goes to its next-highest worker: spread over the others, not dumped on one
    assert len({to for _, to in moved.values()}) == 3


def test_the_owner_is_the_highest_weight() -> None:
    for shard in SHARDS[:20]:
        best = max(WORKERS, key=lambda w: weight(w, shard))
        assert owner_of(shard, WORKERS) == best


def test_no_live_worker_is_a_clear_error() -> None:
    with pytest.raises(ConfigurationError, match="no live worker to place table:t0 on"):
        owner_of(table_shard("t0"), [])
    with pytest.raises(ConfigurationError, match="no live worker"):
        place(SHARDS, [])
