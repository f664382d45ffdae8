"""Publish/subscribe: the in-process hub and the Redis one behave alike, and a slow consumer
is told to resync instead of growing memory.

The Redis tests run against the real Redis on 127.0.0.1:6379 and never skip: if it does not
answer they fail and say so (``.ci/run`` starts it when it is stopped).
"""

from __future__ import annotations

import asyncio
import doctest
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import pytest
import redis
import redis.asyncio

import croupier.server.pubsub as pubsub_module
from croupier.server.pubsub import (
    InProcessPubSub,
    Lagged,
    Message,
    PubSub,
    PubSubError,
    RedisPubSub,
    Split,
    Topic,
    TopicKind,
    decode_split,
    encode_split,
)

REDIS_URL = "redis://127.0.0.1:6379/0"
T = TypeVar("T")


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(asyncio.wait_for(coroutine, 30))


@pytest.fixture(scope="module")
def redis_up() -> None:
    """Fail, clearly, when the Redis the server's tests need does not answer."""
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        pytest.fail(
            f"Redis does not answer at {REDIS_URL} ({error}): the publish/subscribe tests"
            " need it; start it with `redis-server --daemonize yes --bind 127.0.0.1 -::1"
            " --port 6379 --save '' --appendonly no` (.ci/run does)"
        )


HubFactory = Callable[[], Awaitable[PubSub]]


def _namespace() -> str:
    return "croupier-test-" + uuid.uuid4().hex[:16]


@pytest.fixture(params=["in-process", "redis"])
def make_hub(request: pytest.FixtureRequest) -> HubFactory:
    """Builds hubs of one kind; Redis hubs of one test share a namespace of their own."""
    if request.param == "in-process":

        async def in_process() -> PubSub:
            return InProcessPubSub()

        return in_process
    request.getfixturevalue("redis_up")
    namespace = _namespace()

    async def on_redis() -> PubSub:
        return await RedisPubSub.connect(REDIS_URL, namespace=namespace)

    return on_redis


@asynccontextmanager
async def _hub(make_hub: HubFactory) -> AsyncIterator[PubSub]:
    hub = await make_hub()
    try:
        yield hub
    finally:
        await hub.close()


async def _next(subscription: Any, seconds: float = 5.0) -> Message:
    message: Message = await asyncio.wait_for(subscription.get(), seconds)
    return message


async def _nothing_within(subscription: Any, seconds: float = 0.2) -> bool:
    try:
        await asyncio.wait_for(subscription.get(), seconds)
    except TimeoutError:
        return True
    return False


def test_the_doctests() -> None:
    failures, tests = doctest.testmod(pubsub_module)
    assert tests > 0 and failures == 0


def test_messages_reach_the_subscribers_of_their_topic_only_in_order(
    make_hub: HubFactory,
) -> None:
    async def scenario() -> None:
        async with _hub(make_hub) as hub:
            table = await hub.subscribe(Topic.table("7"))
            lobby = await hub.subscribe(Topic.lobby(), Topic.user("ann"))
            for n in range(50):
                await hub.publish(Topic.table("7"), f'{{"seq": {n}}}')
            await hub.publish(Topic.table("8"), "other table")
            await hub.publish(Topic.user("ann"), "for ann")
            await hub.publish(Topic.user("bob"), "for bob")
            await hub.publish(Topic.lobby(), "lobby")
            got = [(await _next(table)).data for _ in range(50)]
            assert got == [f'{{"seq": {n}}}' for n in range(50)]
            assert await _nothing_within(table)
            first, second = await _next(lobby), await _next(lobby)
            assert first == Message(Topic.user("ann"), "for ann")
            assert second == Message(Topic.lobby(), "lobby")
            assert await _nothing_within(lobby)

    _run(scenario())


def _change(n: int) -> Split:
    """One change of table 7: the public frame and ann's and bob's own."""
    return Split(
        f'{{"seq":{n},"you":null}}',
        {"ann": f'{{"seq":{n},"you":"ann-Ah"}}', "bob": f'{{"seq":{n},"you":"bob-Kd"}}'},
    )


def test_a_change_is_split_before_any_subscription_receives_it(make_hub: HubFactory) -> None:
    """One publish of a change: each seated player's subscriptions get his own frame alone
    (on the table's topic, or on his own when he does not hold the table's), a spectator the
    public frame; nobody ever gets another player's part, nor both copies."""

    async def scenario() -> None:
        async with _hub(make_hub) as hub:
            table = Topic.table("7")
            ann = await hub.subscribe(Topic.user("ann"), table, owner="ann")
            ann_too = await hub.subscribe(Topic.user("ann"), owner="ann")  # not watching
            bob = await hub.subscribe(Topic.user("bob"), table, owner="bob")
            spy = await hub.subscribe(Topic.user("spy"), table, owner="spy")
            anonymous = await hub.subscribe(table)
            cy = await hub.subscribe(Topic.user("cy"), owner="cy")  # elsewhere
            for n in range(3):
                await hub.publish_split(table, _change(n))
            for n in range(3):
                assert (await _next(ann)) == Message(table, f'{{"seq":{n},"you":"ann-Ah"}}')
                mine = Message(Topic.user("ann"), f'{{"seq":{n},"you":"ann-Ah"}}')
                assert (await _next(ann_too)) == mine
                assert (await _next(bob)).data == f'{{"seq":{n},"you":"bob-Kd"}}'
                assert (await _next(spy)).data == f'{{"seq":{n},"you":null}}'
                assert (await _next(anonymous)).data == f'{{"seq":{n},"you":null}}'
            for subscription in (ann, ann_too, bob, spy, anonymous, cy):
                assert await _nothing_within(subscription, 0.1)

    _run(scenario())


def test_a_split_crosses_redis_whole_and_is_split_in_the_receiving_process(
    redis_up: None,
) -> None:
    """Published by one process, split by the other; a player's part published on his own
    channel carries his part alone, whatever else a message claims."""

    async def scenario() -> None:
        namespace = _namespace()
        first = await RedisPubSub.connect(REDIS_URL, namespace=namespace)
        second = await RedisPubSub.connect(REDIS_URL, namespace=namespace)
        admin = redis.asyncio.Redis.from_url(REDIS_URL, decode_responses=True)
        try:
            table = Topic.table("7")
            spy = await second.subscribe(table, owner="spy")
            bob = await second.subscribe(Topic.user("bob"), owner="bob")
            await first.publish_split(table, _change(1))
            assert (await _next(spy)).data == '{"seq":1,"you":null}'
            assert (await _next(bob)) == Message(Topic.user("bob"), '{"seq":1,"you":"bob-Kd"}')
            # a message on bob's channel holding ann's part too: only bob's reaches bob
            forged = encode_split(table, _change(2))
            await admin.publish(f"{namespace}:user:bob", forged)
            assert (await _next(bob)).data == '{"seq":2,"you":"bob-Kd"}'
            assert await _nothing_within(bob) and await _nothing_within(spy)
        finally:
            await admin.aclose()
            for hub in (first, second):
                await hub.close()

    _run(scenario())


def test_a_split_survives_its_encoding_and_plain_text_is_not_a_split() -> None:
    table = Topic.table("7")
    change = Split('{"a":"é\\n"}', {"ann": '{"b":"\n"}', "bob": ""})
    assert decode_split(encode_split(table, change)) == (table, change)
    assert decode_split('{"v":1}') is None
    with pytest.raises(PubSubError, match="a split message is a Split"):
        _run(InProcessPubSub().publish_split(table, "text"))  # type: ignore[arg-type]
    with pytest.raises(PubSubError, match="a split is text"):
        Split("{}", {"ann": 3})  # type: ignore[dict-item]


def test_topics_are_added_and_removed_on_a_live_subscription(make_hub: HubFactory) -> None:
    async def scenario() -> None:
        async with _hub(make_hub) as hub:
            sub = await hub.subscribe()
            await sub.add(Topic.table(3))
            await hub.publish(Topic.table(3), "sat down")  # published once add() returned
            assert (await _next(sub)).data == "sat down"
            await sub.remove(Topic.table(3))
            assert hub.subscribers(Topic.table(3)) == 0
            await hub.publish(Topic.table(3), "gone")
            assert await _nothing_within(sub)
            await sub.add(Topic.tournament("t1"))
            await hub.publish(Topic.tournament("t1"), "level 2")
            assert (await _next(sub)).data == "level 2"
            assert sub.topics == {Topic.tournament("t1")}

    _run(scenario())


def test_a_slow_consumer_is_told_to_resync_and_memory_stays_bounded(
    make_hub: HubFactory,
) -> None:
    async def scenario() -> None:
        async with _hub(make_hub) as hub:
            slow = await hub.subscribe(Topic.table(1), buffer=10)
            fast = await hub.subscribe(Topic.table(1), buffer=1_000)
            for n in range(200):
                await hub.publish(Topic.table(1), str(n))
            got_fast = [(await _next(fast)).data for _ in range(200)]
            assert got_fast == [str(n) for n in range(200)]  # the slow one slowed nobody
            assert slow.pending == 0  # dropped, not grown
            with pytest.raises(Lagged) as lag:
                await _next(slow)
            assert lag.value.missed == 200
            await hub.publish(Topic.table(1), "after the resync")
            assert (await _next(slow)).data == "after the resync"

    _run(scenario())


def test_a_subscription_lags_on_characters_too(make_hub: HubFactory) -> None:
    async def scenario() -> None:
        async with _hub(make_hub) as hub:
            sub = await hub.subscribe(Topic.lobby(), max_chars=1_000)
            for _ in range(3):
                await hub.publish(Topic.lobby(), "x" * 400)
            await hub.publish(Topic.lobby(), "y" * 5_000)  # only ever after a resync
            await asyncio.sleep(0.2)
            assert sub.pending <= 2
            with pytest.raises(Lagged):
                await _next(sub)
            big = "z" * 5_000
            await hub.publish(Topic.lobby(), big)  # alone in an empty buffer: taken
            assert (await _next(sub)).data == big

    _run(scenario())


def test_closing_ends_iteration_and_a_closed_hub_refuses(make_hub: HubFactory) -> None:
    async def scenario() -> None:
        hub = await make_hub()
        sub = await hub.subscribe(Topic.table(2))
        other = await hub.subscribe(Topic.table(2))
        await hub.publish(Topic.table(2), "one")
        seen = []
        async for message in sub:
            seen.append(message.data)
            await sub.close()
        assert seen == ["one"] and sub.closed
        assert hub.subscribers(Topic.table(2)) == 1
        await hub.close()
        assert other.closed
        assert [m async for m in other] == []
        with pytest.raises(PubSubError, match="closed"):
            await hub.publish(Topic.table(2), "late")
        with pytest.raises(PubSubError, match="closed"):
            await hub.subscribe(Topic.table(2))
        with pytest.raises(PubSubError, match="subscription is closed"):
            await sub.get()

    _run(scenario())


def test_a_waiting_reader_wakes_when_a_message_comes(make_hub: HubFactory) -> None:
    async def scenario() -> None:
        async with _hub(make_hub) as hub:
            sub = await hub.subscribe(Topic.user("cy"))
            reader = asyncio.create_task(_next(sub))
            await asyncio.sleep(0.05)
            assert not reader.done()
            with pytest.raises(PubSubError, match="one reader each"):
                await sub.get()
            await hub.publish(Topic.user("cy"), "your turn")
            assert (await reader).data == "your turn"

    _run(scenario())


def test_bad_topics_messages_and_buffers_are_refused() -> None:
    async def scenario() -> None:
        async with InProcessPubSub() as hub:
            with pytest.raises(PubSubError, match="a message is text"):
                await hub.publish(Topic.lobby(), b"bytes")  # type: ignore[arg-type]
            with pytest.raises(PubSubError, match="is not a Topic"):
                await hub.publish("table:1", "x")  # type: ignore[arg-type]
            with pytest.raises(PubSubError, match="buffer is a whole number >= 1, not 0"):
                await hub.subscribe(Topic.lobby(), buffer=0)
            sub = await hub.subscribe()
            with pytest.raises(PubSubError, match="is not a Topic"):
                await sub.add("lobby")  # type: ignore[arg-type]

    _run(scenario())
    for bad in ("", "has space", "x" * 65, "a:b"):
        with pytest.raises(PubSubError, match="not a table topic's name"):
            Topic.table(bad)
    with pytest.raises(PubSubError, match="the lobby is one topic"):
        Topic(TopicKind.LOBBY, "x")
    with pytest.raises(PubSubError, match="'room' is not a topic kind"):
        Topic("room", "1")  # type: ignore[arg-type]
    with pytest.raises(PubSubError, match="'seat:1' is not a topic"):
        Topic.parse("seat:1")
    for topic in (Topic.table(1), Topic.lobby(), Topic.user("a@b"), Topic.tournament("t-9")):
        assert Topic.parse(topic.key) == topic


def test_two_processes_share_messages_through_redis(redis_up: None) -> None:
    """Two hubs on one Redis stand for two server processes; other namespaces are apart."""

    async def scenario() -> None:
        namespace = _namespace()
        first = await RedisPubSub.connect(REDIS_URL, namespace=namespace)
        second = await RedisPubSub.connect(REDIS_URL, namespace=namespace)
        apart = await RedisPubSub.connect(REDIS_URL, namespace=_namespace())
        try:
            here = await first.subscribe(Topic.table(5))
            there = await second.subscribe(Topic.table(5))
            elsewhere = await apart.subscribe(Topic.table(5))
            await first.publish(Topic.table(5), "raise to 300")
            assert (await _next(there)).data == "raise to 300"
            assert (await _next(here)).data == "raise to 300"
            assert await _nothing_within(elsewhere)
        finally:
            for hub in (first, second, apart):
                await hub.close()

    _run(scenario())


def test_redis_subscribes_once_per_process_and_unsubscribes_after_the_last(
    redis_up: None,
) -> None:
    async def scenario() -> None:
        namespace = _namespace()
        channel = f"{namespace}:table:9"
        admin = redis.asyncio.Redis.from_url(REDIS_URL, decode_responses=True)
        hub = await RedisPubSub.connect(REDIS_URL, namespace=namespace)
        try:
            subs = [await hub.subscribe(Topic.table(9)) for _ in range(5)]
            assert await admin.pubsub_numsub(channel) == [(channel, 1)]
            for sub in subs:
                await sub.close()
            for _ in range(50):
                if await admin.pubsub_numsub(channel) == [(channel, 0)]:
                    break
                await asyncio.sleep(0.02)
            assert await admin.pubsub_numsub(channel) == [(channel, 0)]
        finally:
            await hub.close()
            await admin.aclose()

    _run(scenario())


def test_a_lost_redis_connection_makes_subscribers_resync(redis_up: None) -> None:
    """Messages published while the connection is down are lost: every subscription lags
    once it is back, then receives again."""

    async def scenario() -> None:
        namespace = _namespace()
        name = namespace.replace("-", "_")
        hub = await RedisPubSub.connect(REDIS_URL, namespace=namespace, client_name=name)
        admin = redis.asyncio.Redis.from_url(REDIS_URL, decode_responses=True)
        try:
            sub = await hub.subscribe(Topic.table(4))
            await hub.publish(Topic.table(4), "before")
            assert (await _next(sub)).data == "before"
            clients = await admin.client_list()
            ours = [c["id"] for c in clients if c["name"] == name and c["cmd"] != "publish"]
            assert ours
            for client_id in ours:  # our own connections only, never another test's
                await admin.client_kill_filter(_id=client_id)
            with pytest.raises(Lagged):
                await _next(sub, 10.0)
            assert hub.reconnections == 1
            await hub.publish(Topic.table(4), "after")
            assert (await _next(sub)).data == "after"
        finally:
            await hub.close()
            await admin.aclose()

    _run(scenario())


def test_a_redis_that_does_not_answer_is_one_clear_error() -> None:
    async def scenario() -> None:
        with pytest.raises(PubSubError, match=r"Redis does not answer at redis://127\.0\.0\.1:1/0"):
            await RedisPubSub.connect("redis://127.0.0.1:1/0")
        with pytest.raises(PubSubError, match="is not a namespace"):
            await RedisPubSub.connect(REDIS_URL, namespace="has space")

    _run(scenario())
