"""The club's championship: points by place (the formulas), knock-out bonus points
(POK-6-3), standings across a season, each player's results, a live tournament's result."""

from __future__ import annotations

import random

import pytest

from croupier.errors import ConfigurationError
from croupier.room.championship import (
    FORMULAS,
    EventResult,
    Formula,
    Placed,
    Season,
    event_from_tournament,
    formula,
)
from croupier.room.tournament import LiveTournament, ManualClock, tournament_preset


def _event(
    name: str, order: list[str], knockouts: tuple[tuple[str, tuple[str, ...]], ...] = ()
) -> EventResult:
    places = tuple(Placed(k, p) for k, p in enumerate(order, start=1))
    return EventResult(name, "2026-01-01", len(order), places, knockouts)


def test_the_ready_formulas() -> None:
    assert [formula("f1").points(k, 30) for k in (1, 2, 10, 11)] == [25, 18, 1, 0]
    assert [formula("linear").points(k, 30) for k in (1, 30)] == [30, 1]
    assert [formula("sqrt").points(k, 100) for k in (1, 2, 4, 100)] == [100, 71, 50, 10]
    assert formula("pokcomm").points(30, 30) == 6  # 1 for last, 5 for taking part
    assert set(FORMULAS) >= {"f1", "linear", "sqrt"}
    with pytest.raises(ConfigurationError, match="unknown points formula"):
        formula("nope")
    with pytest.raises(ConfigurationError, match="more to a lower place"):
        Formula("table", table=(5, 10))
    with pytest.raises(ConfigurationError, match="a place is 1 to 3"):
        formula("linear").points(4, 3)


def test_sqrt_rounds_exactly() -> None:
    f = formula("sqrt")
    for entrants in range(1, 60):
        for place in range(1, entrants + 1):
            exact = 10 * (entrants / place) ** 0.5
            assert abs(f.points(place, entrants) - exact) <= 0.5 + 1e-9


@pytest.mark.rule("POK-6-3")
def test_knock_out_points_and_a_split_knock_out() -> None:
    """POK-6-3: the bonus goes to the player « qui prend la totalité des jetons »: d's chips
    split between a and b went to nobody whole, so that knock-out gives no point (and is
    nobody's knock-out); c's, all to a, gives a his 3."""
    season = Season("s", formula("linear"), knockout_points=3)
    assert not season.shared_knockouts
    season.add(_event("one", ["a", "b", "c", "d"], (("d", ("a", "b")), ("c", ("a",)))))
    got = {s.player: (s.points, s.knockouts, s.knockout_points) for s in season.standings()}
    assert got["a"] == (4 + 3, 1, 3)
    assert got["b"] == (3, 0, 0)
    assert got["d"] == (1, 0, 0)


@pytest.mark.rule("POK-6-3")
def test_a_season_may_share_a_split_knock_out_s_points() -> None:
    """The championship's setting ``shared_knockouts``: the split knock-out's 3 points are
    shared, the odd point to the first named; the setting survives a snapshot."""
    season = Season("s", formula("linear"), knockout_points=3, shared_knockouts=True)
    season.add(_event("one", ["a", "b", "c", "d"], (("d", ("a", "b")), ("c", ("a",)))))
    got = {s.player: (s.points, s.knockouts, s.knockout_points) for s in season.standings()}
    assert got["a"] == (4 + 2 + 3, 2, 5)  # the odd point of the split to the first named
    assert got["b"] == (3 + 1, 1, 1)
    again = Season.restore(season.snapshot())
    assert again.shared_knockouts and again.standings() == season.standings()
    with pytest.raises(ConfigurationError, match="shared_knockouts"):
        Season("s", formula("linear"), shared_knockouts="yes")  # type: ignore[arg-type]


def test_standings_across_the_season_and_each_players_results() -> None:
    season = Season("2026", formula("f1"), knockout_points=0)
    season.add(_event("jan", ["ann", "bob", "cy"]))
    season.add(_event("feb", ["bob", "ann", "cy", "dan"]))
    season.add(_event("mar", ["cy", "dan", "ann", "bob"]))
    rows = season.standings()
    assert [(r.rank, r.player, r.points) for r in rows] == [
        (1, "ann", 25 + 18 + 15),
        (2, "bob", 18 + 25 + 12),
        (2, "cy", 15 + 15 + 25),  # equal on points, wins and best place: the same rank
        (4, "dan", 12 + 18),
    ]
    assert rows[0].events == 3 and rows[0].wins == 1 and rows[0].best == 1
    assert [(r.event, r.place, r.points) for r in season.player_results("dan")] == [
        ("feb", 4, 12),
        ("mar", 2, 18),
    ]
    with pytest.raises(ConfigurationError, match="already in the season"):
        season.add(_event("jan", ["x", "y"]))
    with pytest.raises(ConfigurationError, match="one place"):
        season.add(EventResult("bad", "", 3, (Placed(1, "x"), Placed(2, "y"))))
    assert len(season.events) == 3
    assert Season.restore(season.snapshot()).standings() == rows
    assert season.to_csv().splitlines()[1].startswith("1,ann,58")


def test_equal_players_share_the_rank_and_shared_places_the_points() -> None:
    season = Season("s", formula("f1"))
    tie = EventResult(
        "hfh", "", 3, (Placed(1, "a"), Placed(2, "b", 2), Placed(2, "c", 2))
    )  # TDA RP-8: busted in the same hand-for-hand hand
    season.add(tie)
    rows = season.standings()
    # 18 + 15 shared: the odd point to the first of them; ranks by points
    assert [(r.rank, r.player, r.points) for r in rows] == [
        (1, "a", 25),
        (2, "b", 17),
        (3, "c", 16),
    ]


@pytest.mark.rule("POK-6-3")
@pytest.mark.rule("POK-9-8")
def test_a_finished_live_tournament_becomes_a_result() -> None:
    live = LiveTournament(
        tournament_preset("pokcomm-ko"), clock=ManualClock(), rng=random.Random(4)
    )
    for p in ("ann", "bob", "cy", "dan"):
        live.register(p, adult=True)
    live.start()
    with pytest.raises(ConfigurationError, match="not over"):
        event_from_tournament(live, event="x", date="")
    live.bust("dan", eliminator="cy")
    live.bust("cy", eliminator="ann")
    live.bust("bob", eliminator="ann")
    result = event_from_tournament(live, event="week 1", date="2026-01-08")
    assert [(p.place, p.player) for p in result.places] == [
        (1, "ann"),
        (2, "bob"),
        (3, "cy"),
        (4, "dan"),
    ]
    assert dict(result.knockouts) == {"dan": ("cy",), "cy": ("ann",), "bob": ("ann",)}
    season = Season("2026", formula("linear"), knockout_points=1)
    season.add(result)
    assert season.standings()[0][:3] == (1, "ann", 4 + 2)


def test_the_doctests() -> None:
    import doctest

    import croupier.room.championship as module

    failures, tests = doctest.testmod(module)
    assert tests > 0 and failures == 0


@pytest.mark.parametrize("seed", range(20))
def test_random_seasons_add_up(seed: int) -> None:
    rng = random.Random(seed)
    players = [f"p{k}" for k in range(12)]
    season = Season("s", formula(rng.choice(sorted(FORMULAS))), knockout_points=rng.randint(0, 3))
    for week in range(5):
        field = rng.sample(players, rng.randint(2, 12))
        kos = tuple((v, tuple(rng.sample([p for p in field if p != v], 1))) for v in field[1:])
        season.add(_event(f"w{week}", field, kos))
    rows = season.standings()
    for row in rows:
        got = season.player_results(row.player)
        assert row.points == sum(g.points for g in got) == row.place_points + row.knockout_points
        assert row.events == len(got)
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    assert sum(r.knockouts for r in rows) == sum(len(e.places) - 1 for e in season.events)
