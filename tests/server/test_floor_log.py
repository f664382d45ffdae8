"""The floor's log: the migration builds it, decisions are appended, read, filtered, exported."""

from __future__ import annotations

import asyncio
import csv
import doctest
import importlib
import io

import pytest
import sqlalchemy as sa
from _api import Browser, running, staff

from croupier.server import ServerConfig
from croupier.server.errors import ServerError
from croupier.server.floor.log import LogDecision, LogFilter, log_csv, read_log, write_decision
from croupier.server.storage import Store
from croupier.server.storage.migrate import current_revision, head_revision


def test_the_migrations_build_the_floor_log(store: Store) -> None:
    assert head_revision() >= "0003"  # 0003 made the floor's log; later ones keep it
    engine = sa.create_engine(store.url)
    try:
        with engine.connect() as connection:
            assert current_revision(connection) == head_revision()
            columns = {c["name"] for c in sa.inspect(connection).get_columns("floor_log")}
    finally:
        engine.dispose()
    assert columns == {
        "id", "at", "who", "role", "subject_kind", "subject_id", "place", "action", "detail",
        "why",
    }  # fmt: skip


@pytest.mark.rule("POK-13-1")
def test_decisions_are_appended_and_filtered(store: Store) -> None:
    async def scenario() -> None:
        first = await write_decision(
            store,
            who="flo",
            role="floor",
            subject_kind="player",
            subject_id="ann",
            action="warning",
            why="slow play, =again",
            detail={"orbits": 0},
            place="table:t1",
        )
        assert first.id >= 1
        await store.write(
            [
                LogDecision(
                    who="flo", role="floor", subject_kind="table", subject_id="t1",
                    action="table_opened",
                ),
                LogDecision(
                    who="adm", role="admin", subject_kind="player", subject_id="bob",
                    action="suspension", why="abuse", detail={"orbits": 2},
                ),
            ]
        )  # fmt: skip

    asyncio.run(scenario())
    everything = store.read_blocking(read_log)
    assert [d.action for d in everything] == ["suspension", "table_opened", "warning"]
    only_ann = store.read_blocking(lambda c: read_log(c, LogFilter(subject_id="ann")))
    assert [d.why for d in only_ann] == ["slow play, =again"]
    assert only_ann[0].detail == {"orbits": 0}
    assert only_ann[0].at.tzinfo is not None
    by_text = store.read_blocking(lambda c: read_log(c, LogFilter(text="ABUSE")))
    assert [d.subject_id for d in by_text] == ["bob"]
    page = store.read_blocking(lambda c: read_log(c, LogFilter(limit=1)))
    after = store.read_blocking(lambda c: read_log(c, LogFilter(before=page[0].id)))
    assert [d.action for d in page + after] == ["suspension", "table_opened", "warning"]
    rows = list(csv.reader(io.StringIO(log_csv(everything))))
    assert rows[0][:3] == ["id", "at", "who"]
    assert rows[3][8] == "slow play, =again"  # only a cell that starts with = is guarded


def test_a_bad_decision_is_refused_before_anything_is_written(store: Store) -> None:
    with pytest.raises(ServerError, match="subject kind 'chair'"):
        LogDecision(who="flo", role="floor", subject_kind="chair", subject_id="1", action="x")
    with pytest.raises(ServerError, match="action ''"):
        LogDecision(who="flo", role="floor", subject_kind="table", subject_id="t", action="")
    with pytest.raises(ServerError, match="why: at most"):
        LogDecision(
            who="flo", role="floor", subject_kind="table", subject_id="t", action="a",
            why="x" * 1001,
        )  # fmt: skip
    assert store.read_blocking(read_log) == []


def _floor(browser: Browser, name: str = "flo", role: str = "floor") -> None:
    staff(browser, name, role)
    assert browser.login(name).status_code == 200


def test_the_log_over_http(config: ServerConfig) -> None:
    with running(config) as browser:
        asyncio.run(
            write_decision(
                browser.services.store, who="flo", role="floor", subject_kind="table",
                subject_id="t1", action="table_opened", why="busy night",
            )
        )  # fmt: skip
        assert browser.get("/api/floor/log").status_code == 401
        assert browser.register("ann").status_code == 201
        refused = browser.get("/api/floor/log")
        assert refused.status_code == 403 and refused.json()["error"] == "forbidden"
        browser.post("/api/logout")
        _floor(browser)
        got = browser.get("/api/floor/log?subject_kind=table").json()["decisions"]
        assert [(d["action"], d["why"]) for d in got] == [("table_opened", "busy night")]
        assert browser.get("/api/floor/log?subject_kind=player").json()["decisions"] == []
        bad = browser.get("/api/floor/log?limit=0")
        assert bad.status_code == 400 and "limit '0'" in bad.json()["message"]
        assert "unknown filter 'colour'" in browser.get("/api/floor/log?colour=red").text
        assert browser.get("/api/floor/log?since=yesterday").status_code == 400
        download = browser.get("/api/floor/log?format=csv")
        assert download.headers["content-type"].startswith("text/csv")
        assert "busy night" in download.text


@pytest.mark.parametrize(
    "module",
    [
        "croupier.server.floor.log",
        "croupier.server.floor.cash",
        "croupier.server.floor.state",
        "croupier.server.floor.penalties",
        "croupier.server.floor.reports",
    ],
)
def test_the_doctests(module: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(module))
    assert failures == 0
