"""TableCounts (croupier.room.tournament.balancing): the balancing decisions it speeds up give
the answers they give on a plain dict, whatever the sequence of changes."""

from __future__ import annotations

import random

import pytest

from croupier.room.tournament.balancing import (
    TableCounts,
    difference,
    is_final,
    long_and_short,
    table_to_break,
)


def _answers(counts: dict[int, int], movable: set[int], size: int) -> tuple[object, ...]:
    return (
        difference(counts),
        long_and_short(counts),
        long_and_short(counts, movable),
        table_to_break(counts, size),
        is_final(counts, size),
    )


@pytest.mark.parametrize("seed", range(6))
def test_answers_match_a_plain_dict_through_random_changes(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice([6, 9, 10])
    plain = {t: rng.randint(0, size) for t in range(1, rng.randint(2, 40))}
    kept = TableCounts(plain)
    for _ in range(3_000):
        tables = sorted(plain)
        move = rng.random()
        if move < 0.4 and tables:  # a bust or an arrival
            t = rng.choice(tables)
            step = rng.choice([-1, 1])
            if 0 <= plain[t] + step <= size:
                plain[t] += step
                kept[t] += step
        elif move < 0.5 and len(tables) > 1:  # a table closes (the last, or any)
            t = tables[-1] if rng.random() < 0.7 else rng.choice(tables)
            del plain[t]
            del kept[t]
        elif move < 0.55:  # a table opens
            t = max(plain, default=0) + 1
            plain[t] = kept[t] = 0
        elif move < 0.56:
            plain.clear()
            kept.clear()
            plain[1] = kept[1] = rng.randint(0, size)
        assert kept == plain and kept.total == sum(plain.values())
        movable = {t for t in plain if rng.random() < 0.5}
        assert _answers(kept, movable, size) == _answers(dict(plain), movable, size)


def test_a_snapshot_round_trip_and_the_refused_bulk_changes() -> None:
    counts = TableCounts([(1, 9), (2, 7), (3, 9)])
    assert counts.pop(2) == 7 and counts.pop(5, 0) == 0 and counts.total == 18
    assert counts.setdefault(4, 3) == 3 and counts.last() == 4 and counts.with_count(9) == [1, 3]
    with pytest.raises(TypeError):
        counts.update({5: 1})
    with pytest.raises(TypeError):
        counts.popitem()
    assert dict(counts) == {1: 9, 3: 9, 4: 3} and counts.total == 21
