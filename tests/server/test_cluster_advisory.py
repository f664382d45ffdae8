"""PostgreSQL's crash signal: a worker's session advisory lock, gone as soon as its process
dies; and the lease times' checks."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from croupier.errors import ConfigurationError
from croupier.server.cluster.advisory import WorkerLock, crashed, worker_key
from croupier.server.cluster.ownership import LeaseTimes, Ownership
from croupier.server.storage import Store

SRC = str(Path(__file__).resolve().parents[2] / "src")


def test_a_worker_s_lock_refuses_a_second_process_with_its_id(postgres_url: str) -> None:
    store = Store(postgres_url)
    try:
        lock = WorkerLock(store.url, "w1")
        with pytest.raises(ConfigurationError, match="worker id 'w1' is in use"):
            WorkerLock(store.url, "w1")
        assert store.read_blocking(lambda c: crashed(c, ["w1", "w2"])) == {"w2"}
        lock.release()
        lock.release()  # idempotent
        assert store.read_blocking(lambda c: crashed(c, ["w1", "w2"])) == {"w1", "w2"}
    finally:
        store.close()


def test_a_killed_worker_s_lock_is_gone_at_once(postgres_url: str) -> None:
    store = Store(postgres_url)
    holder = (
        "import sys, time\n"
        "from sqlalchemy.engine import make_url\n"
        "from croupier.server.cluster.advisory import WorkerLock\n"
        "WorkerLock(make_url(sys.argv[1]), 'w9')\n"
        "print('locked', flush=True)\n"
        "time.sleep(60)\n"
    )
    env = {**os.environ, "PYTHONPATH": SRC}
    worker = subprocess.Popen(
        [sys.executable, "-c", holder, postgres_url], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert worker.stdout is not None and worker.stdout.readline().strip() == "locked"
        assert store.read_blocking(lambda c: crashed(c, ["w9"])) == set()
        worker.send_signal(signal.SIGKILL)
        worker.wait(10)
        deadline = time.monotonic() + 5
        while store.read_blocking(lambda c: crashed(c, ["w9"])) != {"w9"}:
            assert time.monotonic() < deadline, "the killed worker's lock stayed"
            time.sleep(0.02)
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait(10)
        if worker.stdout is not None:
            worker.stdout.close()
        store.close()


def test_the_lock_needs_postgresql(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="an advisory lock needs PostgreSQL"):
        WorkerLock(make_url(f"sqlite:///{tmp_path / 'x.db'}"), "w1")


def test_worker_keys_are_31_bits_and_fixed() -> None:
    assert worker_key("w1") == worker_key("w1") != worker_key("w2")
    assert all(0 <= worker_key(f"w{i}") < 2**31 for i in range(100))


def test_a_lease_is_renewed_more_often_than_it_expires() -> None:
    assert LeaseTimes().ttl_ms == 3000
    with pytest.raises(ConfigurationError, match="renewed more often than it expires"):
        LeaseTimes(ttl=1.0, renew_every=1.0)
    with pytest.raises(ConfigurationError, match="renewed more often"):
        LeaseTimes(ttl=3.0, renew_every=0)


def test_a_worker_may_hold_its_lock_for_the_life_of_its_ownership(postgres_url: str) -> None:
    store = Store(postgres_url)

    async def scenario() -> None:
        ownership = Ownership(store, worker="w1", advisory=True)
        assert store.read_blocking(lambda c: crashed(c, ["w1"])) == set()
        with pytest.raises(ConfigurationError, match="worker id 'w1' is in use"):
            Ownership(store, worker="w1", advisory=True)
        await ownership.stop()
        assert store.read_blocking(lambda c: crashed(c, ["w1"])) == {"w1"}

    try:
        asyncio.run(scenario())
    finally:
        store.close()
