"""Rate limits: token buckets per connection, user and address, with bounded memory."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import croupier.server.ratelimit as ratelimit_module
from croupier.errors import ConfigurationError
from croupier.server.ratelimit import (
    CHAT,
    Decision,
    Rate,
    RateLimiter,
    TokenBuckets,
    chat_limiter,
    message_limiter,
)


def test_the_doctests() -> None:
    failures, tests = doctest.testmod(ratelimit_module)
    assert tests > 0 and failures == 0


def test_a_bucket_allows_its_burst_then_its_rate() -> None:
    buckets = TokenBuckets(Rate(per_second=2, burst=4))
    assert [buckets.allow("c1", 0.0) for _ in range(5)] == [True] * 4 + [False]
    assert buckets.retry_after("c1", 0.0) == 0.5
    assert not buckets.allow("c1", 0.49)
    assert buckets.allow("c1", 0.5) and not buckets.allow("c1", 0.5)
    assert buckets.tokens("c1", 100.0) == 4.0  # never more than the burst
    assert buckets.allow("c2", 0.0)  # each key has its own bucket


def test_a_refusal_costs_nothing() -> None:
    buckets = TokenBuckets(Rate(1, 1))
    assert buckets.allow("k", 0.0)
    for _ in range(100):
        assert not buckets.allow("k", 0.5)
    assert buckets.allow("k", 1.0)


def test_time_that_stands_still_or_goes_back_refills_nothing() -> None:
    buckets = TokenBuckets(Rate(1, 2))
    assert buckets.allow("k", 10.0) and buckets.allow("k", 10.0)
    assert not buckets.allow("k", 5.0)  # a time from the past is not a refill
    assert buckets.tokens("k", 10.5) == 0.5


def test_costs_above_one_and_bounds() -> None:
    buckets = TokenBuckets(Rate(10, 10))
    assert buckets.allow("k", 0.0, cost=7) and not buckets.allow("k", 0.0, cost=7)
    assert buckets.retry_after("k", 0.0, cost=7) == pytest.approx(0.4)
    with pytest.raises(ConfigurationError, match="from 1 to the burst \\(10\\), not 11"):
        buckets.allow("k", 0.0, cost=11)


def test_memory_is_bounded_the_least_recently_used_key_goes_first() -> None:
    buckets = TokenBuckets(Rate(1, 3), max_keys=100)
    for n in range(10_000):
        buckets.allow(f"ip{n}", float(n))
        assert len(buckets) <= 100
    assert len(buckets) == 100
    buckets.allow("ip9900", 10_000.0)  # touched: now the most recent
    buckets.allow("new", 10_000.0)
    assert "ip9900" in buckets._buckets and "ip9901" not in buckets._buckets


def test_prune_forgets_only_buckets_that_refilled() -> None:
    buckets = TokenBuckets(Rate(1, 5))
    buckets.allow("idle", 0.0)
    for _ in range(5):
        buckets.allow("busy", 9.0)
    assert buckets.prune(9.5) == 1 and len(buckets) == 1
    assert buckets.tokens("busy", 9.5) == 0.5  # kept, still owed


def test_the_limiter_charges_every_scope_only_when_all_allow() -> None:
    limiter = RateLimiter({"connection": Rate(10, 10), "user": Rate(1, 3)})
    for _ in range(3):
        assert limiter.check(0.0, connection="c1", user="ann").allowed
    refused = limiter.check(0.0, connection="c1", user="ann")
    assert refused == Decision(False, 1.0, "user")
    assert limiter.scopes["connection"].tokens("c1", 0.0) == 7.0  # not charged when refused
    assert limiter.check(0.0, connection="c2").allowed  # a guest: no user scope
    assert limiter.check(0.0, connection="c3", user=None).allowed


def test_a_user_with_several_connections_is_limited_as_one() -> None:
    chat = chat_limiter()
    lines = [chat.check(0.0, connection=c, user="ann", ip="::1") for c in range(10)]
    assert [d.allowed for d in lines] == [True] * 5 + [False] * 5
    assert {d.scope for d in lines[5:]} == {"user"}


def test_one_address_is_limited_across_its_users() -> None:
    chat = chat_limiter()
    answers = [chat.check(0.0, connection=n, user=f"u{n}", ip="127.0.0.1") for n in range(25)]
    assert sum(d.allowed for d in answers) == CHAT["ip"].burst == 20
    assert answers[-1].scope == "ip"


def test_the_message_limiter_lets_play_through_and_stops_a_flood() -> None:
    messages = message_limiter()
    # a fast player: 5 messages a second for a minute
    assert all(messages.check(t / 5, connection=1, user="bob").allowed for t in range(300))
    flood = [messages.check(60.0, connection=2, user="eve").allowed for _ in range(1_000)]
    assert sum(flood) == 40


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Rate(0, 1), "tokens a second > 0"),
        (lambda: Rate(float("inf"), 1), "finite"),
        (lambda: Rate(1, 0), "burst is a whole number >= 1"),
        (lambda: Rate.per(5, seconds=0), "period is a number of seconds > 0"),
        (lambda: TokenBuckets(Rate(1, 1), max_keys=0), "max_keys is a whole number >= 1"),
        (lambda: RateLimiter({}), "at least one scope"),
        (lambda: RateLimiter({"user": Rate(1, 1)}).check(0.0, room=1), "unknown rate limit"),
        (lambda: TokenBuckets(Rate(1, 1)).allow("k", float("nan")), "finite number of seconds"),
    ],
)
def test_bad_configurations_are_refused(make: object, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        make()  # type: ignore[operator]


@settings(max_examples=100, deadline=None)
@given(
    rate=st.floats(0.1, 50),
    burst=st.integers(1, 50),
    gaps=st.lists(st.floats(0, 2), min_size=1, max_size=200),
)
def test_property_never_more_than_the_burst_plus_the_rate_over_any_span(
    rate: float, burst: int, gaps: list[float]
) -> None:
    buckets = TokenBuckets(Rate(rate, burst))
    now, allowed = 0.0, 0
    for gap in gaps:
        now += gap
        allowed += buckets.allow("k", now)
        assert 0.0 <= buckets.tokens("k", now) <= burst
    assert allowed <= burst + rate * now + 1e-9
