"""The serving process's collector: survivors of a full collection frozen, thawed on time."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from croupier.server.collector import Collector, settle


@pytest.fixture
def clean_gc() -> Iterator[None]:
    """Leave the collector as it was: no callback of ours, nothing frozen."""
    yield
    for callback in list(gc.callbacks):
        if isinstance(callback, Collector):
            gc.callbacks.remove(callback)
    gc.unfreeze()


class Box:
    """An object the collector tracks, in a reference cycle with itself."""

    def __init__(self) -> None:
        self.me = self


def test_settle_freezes_what_lives_and_installs_one_callback(clean_gc: None) -> None:
    settle()
    collector = settle()  # a second call replaces the first callback
    assert [c for c in gc.callbacks if isinstance(c, Collector)] == [collector]
    assert gc.get_freeze_count() > 0
    assert gc.get_count()[0] < 700  # the young generation was emptied by the collection


def test_a_full_collection_freezes_its_survivors_then_a_thaw_frees_dead_cycles(
    clean_gc: None,
) -> None:
    now = [0.0]
    collector = settle(thaw_every=60.0)
    collector.clock = lambda: now[0]
    collector.thawed = 0.0
    kept = Box()
    ref = weakref.ref(kept)
    gc.collect()  # survived a full collection: frozen
    assert (collector.freezes, collector.thaws) == (1, 0)
    del kept  # now a dead cycle among the frozen objects
    now[0] = 30.0
    gc.collect()
    assert ref() is not None  # frozen: no collection walks it before the thaw
    now[0] = 61.0
    gc.collect()  # the thaw: everything back in the oldest generation
    assert collector.thaws == 1 and gc.get_freeze_count() == 0
    gc.collect()  # the next full collection walks everything and frees the cycle
    assert ref() is None
    assert collector.freezes == 3


def test_young_collections_do_not_freeze(clean_gc: None) -> None:
    collector = settle()
    before = collector.freezes
    gc.collect(0)
    gc.collect(1)
    assert collector.freezes == before
