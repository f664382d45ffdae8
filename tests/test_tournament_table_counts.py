"""TableCounts (croupier.room.tournament.balancing): the balancing decisions it speeds up give
the answers they give on a plain dict, whatever the sequence of changes."""

from __future__ import annotations

import random

import pytest

from croupier.room.tournament.balancing import (
    TableCounts,
    break_draw,
    break_draw_counted,
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


@pytest.mark.parametrize("seed", range(40))
def test_the_counted_break_draw_is_the_draw_over_every_table(seed: int) -> None:
    """break_draw_counted draws the same players into the same seats, and leaves the
    generator where break_draw leaves it, for tables of any counts and free seats."""
    rng = random.Random(seed)
    size = rng.choice([6, 9, 10])
    tables = rng.randint(2, 60)
    seated = {
        t: sorted(rng.sample(range(1, size + 1), rng.randint(0, size)))
        for t in range(1, tables + 1)
    }
    broken = rng.choice(sorted(seated))
    players = [f"p{s}" for s in seated[broken]]
    others = {t: len(s) for t, s in seated.items() if t != broken}
    free = {t: [s for s in range(1, size + 1) if s not in seated[t]] for t in others}
    counts = TableCounts({t: len(s) for t, s in seated.items()})
    plain_rng, counted_rng = random.Random(seed * 7), random.Random(seed * 7)
    if sum(len(f) for f in free.values()) < len(players):
        with pytest.raises(ValueError, match="not enough free seats"):
            break_draw_counted(players, counts, broken, size, free.__getitem__, counted_rng)
        return
    expected = break_draw(players, free, plain_rng, others)
    got = break_draw_counted(players, counts, broken, size, free.__getitem__, counted_rng)
    assert got == expected
    assert plain_rng.getstate() == counted_rng.getstate()
    assert counts == {t: len(s) for t, s in seated.items()}  # the counts are only read
