"""Publish/subscribe: how the updates of a table, a tournament or the lobby reach the clients.

A table's actor publishes each update, once, as JSON text on its :class:`Topic` (a table, a
tournament, the lobby, a user); every connection watching it holds a :class:`Subscription`,
a bounded queue it reads with ``async for``. Two implementations stand behind one interface,
:class:`PubSub`: :class:`InProcessPubSub` for one server process, and :class:`RedisPubSub`
(redis-py's asyncio client) for several processes sharing one Redis.

A change of a table is published once, as a :class:`Split`: the public frame and each seated
player's own frame (the public one with his private part). The hub splits it before anything is
queued: a subscription of the table's topic whose :attr:`Subscription.owner` has a part gets
that part, and no other; every other subscription gets the public frame; a player's own part
also reaches his subscriptions that hold his user's topic but not the table's (one copy each).
Through Redis the split travels as one message on the table's channel (and each part alone on
its player's channel), and the receiving process splits it the same way.

A slow consumer never makes memory grow: when its buffer is full (too many messages, or too
many characters), what it held is dropped and its next read raises :class:`Lagged`; it takes
a fresh view then, and receives every message published after that read, in order. A
connection lost to Redis lags every subscription the same way, since messages published
while it was down are lost.

    >>> import asyncio
    >>> async def demo() -> list[str]:
    ...     hub = InProcessPubSub()
    ...     sub = await hub.subscribe(Topic.table("7"), buffer=2)
    ...     for n in range(3):
    ...         await hub.publish(Topic.table("7"), f'{{"seq": {n}}}')
    ...     try:
    ...         await sub.get()
    ...     except Lagged as lag:
    ...         seen = [f"lagged, {lag.missed} missed"]
    ...     await hub.publish(Topic.table("7"), '{"seq": 3}')
    ...     seen.append((await sub.get()).data)
    ...     await hub.close()
    ...     return seen
    >>> asyncio.run(demo())
    ['lagged, 3 missed', '{"seq": 3}']
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import re
from abc import ABC, abstractmethod
from collections import deque
from dataclasses import dataclass
from enum import StrEnum
from types import TracebackType
from typing import Any, Final, Self

from croupier.errors import CroupierError

__all__ = [
    "DEFAULT_BUFFER",
    "DEFAULT_MAX_CHARS",
    "InProcessPubSub",
    "Lagged",
    "Message",
    "PubSub",
    "PubSubError",
    "RedisPubSub",
    "Split",
    "Subscription",
    "Topic",
    "TopicKind",
]

DEFAULT_BUFFER: Final = 256
"""Messages a subscription holds before its consumer is told to resync."""
DEFAULT_MAX_CHARS: Final = 1 << 20
"""Characters of message text a subscription holds before its consumer is told to resync."""

_NAME = re.compile(r"[A-Za-z0-9_.@-]{1,64}")
_log = logging.getLogger(__name__)


class PubSubError(CroupierError):
    """A topic or message the publish/subscribe layer refuses, or a broker that fails."""


class Lagged(Exception):
    """Raised once by a subscription whose consumer fell behind: take a fresh view.

    ``missed`` counts the messages dropped (0 when a lost connection may have lost some).
    """

    def __init__(self, missed: int) -> None:
        super().__init__(f"the subscriber fell behind: {missed} messages dropped, resync")
        self.missed = missed


class TopicKind(StrEnum):
    """What a topic is about."""

    TABLE = "table"
    TOURNAMENT = "tournament"
    LOBBY = "lobby"
    USER = "user"


@dataclass(frozen=True, slots=True)
class Topic:
    """Where messages are published: ``Topic.table("7")``, ``Topic.lobby()`` ...

    Its :attr:`key` (``"table:7"``, ``"lobby"``) names it to a broker.
    """

    kind: TopicKind
    name: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, TopicKind):
            try:
                object.__setattr__(self, "kind", TopicKind(self.kind))
            except ValueError:
                kinds = ", ".join(k.value for k in TopicKind)
                raise PubSubError(f"{self.kind!r} is not a topic kind: {kinds}") from None
        if self.kind is TopicKind.LOBBY:
            if self.name:
                raise PubSubError(f"the lobby is one topic: no name, not {self.name!r}")
        elif not isinstance(self.name, str) or not _NAME.fullmatch(self.name):
            raise PubSubError(
                f"{self.name!r} is not a {self.kind} topic's name: 1 to 64 letters, digits, _.@-"
            )

    @classmethod
    def table(cls, name: str | int) -> Topic:
        """The topic of one table."""
        return _topic(TopicKind.TABLE, str(name))

    @classmethod
    def tournament(cls, name: str | int) -> Topic:
        """The topic of one tournament."""
        return _topic(TopicKind.TOURNAMENT, str(name))

    @classmethod
    def lobby(cls) -> Topic:
        """The lobby's topic: tables and tournaments opening, filling, closing."""
        return cls(TopicKind.LOBBY)

    @classmethod
    def user(cls, name: str | int) -> Topic:
        """One user's own topic: what is for him alone, on every connection he has."""
        return _topic(TopicKind.USER, str(name))

    @classmethod
    def parse(cls, key: str) -> Topic:
        """The topic whose :attr:`key` is ``key``."""
        text, _, name = key.partition(":") if isinstance(key, str) else (key, "", "")
        try:
            kind = TopicKind(text)
        except ValueError:
            kinds = ", ".join(k.value for k in TopicKind)
            raise PubSubError(f"{key!r} is not a topic: it starts with one of {kinds}") from None
        return cls(kind, name)

    @property
    def key(self) -> str:
        """The topic's name for a broker: ``"table:7"``, ``"lobby"``."""
        return self.kind.value if self.kind is TopicKind.LOBBY else f"{self.kind}:{self.name}"

    def __str__(self) -> str:
        return self.key


@functools.lru_cache(maxsize=16_384)
def _topic(kind: TopicKind, name: str) -> Topic:
    """A topic, checked once (the same few are named at every change of a table)."""
    return Topic(kind, name)


@dataclass(frozen=True, slots=True)
class Message:
    """One message received: its topic and its text (JSON, as published)."""

    topic: Topic
    data: str


@dataclass(frozen=True, slots=True)
class Split:
    """One change published once: ``public`` for everyone, ``private[user]`` (the public frame
    with his own part) for ``user`` alone, in place of the public one."""

    public: str
    private: dict[str, str]

    def __post_init__(self) -> None:
        if not isinstance(self.public, str) or not all(
            isinstance(u, str) and isinstance(t, str) for u, t in self.private.items()
        ):
            raise PubSubError("a split is text: the public frame and each user's own")


_SPLIT: Final = "\x1esplit:"
"""How a split message starts on a Redis channel (no JSON text starts so)."""


def encode_split(topic: Topic, split: Split) -> str:
    """``split`` of ``topic`` as one text (for a broker): a header with each part's length,
    then the parts, none of them escaped again."""
    parts = [[user, len(text)] for user, text in split.private.items()]
    header = json.dumps({"of": topic.key, "public": len(split.public), "private": parts})
    return "".join((_SPLIT, header, "\n", split.public, *split.private.values()))


def decode_split(data: str) -> tuple[Topic, Split] | None:
    """The topic and split of a text made by :func:`encode_split` (None: a plain message)."""
    if not data.startswith(_SPLIT):
        return None
    end = data.index("\n", len(_SPLIT))
    header = json.loads(data[len(_SPLIT) : end])
    at = end + 1
    public = data[at : at + header["public"]]
    at += header["public"]
    private = {}
    for user, size in header["private"]:
        private[user] = data[at : at + size]
        at += size
    return Topic.parse(header["of"]), Split(public, private)


class Subscription:
    """A bounded queue of the messages published on some topics, read with ``async for``.

    Get one from :meth:`PubSub.subscribe`; :meth:`add` and :meth:`remove` change its topics
    (a player who sits down at a table); :meth:`close` ends it. A message published after
    :meth:`add` returns is received (unless the subscription lags: :class:`Lagged`).
    ``owner``: the user it reads for; of a :class:`Split` it gets his own part, if any.
    """

    __slots__ = (
        "_chars",
        "_closed",
        "_hub",
        "_lagged",
        "_limit",
        "_max_chars",
        "_missed",
        "_queue",
        "_topics",
        "_waiter",
        "owner",
    )

    def __init__(
        self, hub: PubSub, *, buffer: int, max_chars: int, owner: str | None = None
    ) -> None:
        for name, value in (("buffer", buffer), ("max_chars", max_chars)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise PubSubError(f"a subscription's {name} is a whole number >= 1, not {value!r}")
        self._hub = hub
        self._topics: set[Topic] = set()
        self._queue: deque[Message] = deque()
        self._chars = 0
        self._limit = buffer
        self._max_chars = max_chars
        self._missed = 0
        self._lagged = False
        self._closed = False
        self._waiter: asyncio.Future[None] | None = None
        if owner is not None and not isinstance(owner, str):
            raise PubSubError(f"a subscription's owner is a user's name, not {owner!r}")
        self.owner = owner

    @property
    def topics(self) -> frozenset[Topic]:
        """The topics it receives."""
        return frozenset(self._topics)

    @property
    def pending(self) -> int:
        """Messages received and not yet read."""
        return len(self._queue)

    @property
    def closed(self) -> bool:
        """True once closed (by :meth:`close` or by its :class:`PubSub` closing)."""
        return self._closed

    async def add(self, topic: Topic) -> None:
        """Receive ``topic`` too, from the moment this returns."""
        if self._closed:
            raise PubSubError("this subscription is closed")
        if not isinstance(topic, Topic):
            raise PubSubError(f"{topic!r} is not a Topic")
        if topic not in self._topics:
            self._topics.add(topic)
            try:
                await self._hub._attach(self, topic)
            except BaseException:
                self._topics.discard(topic)
                raise

    async def remove(self, topic: Topic) -> None:
        """Stop receiving ``topic`` (messages of it already queued stay queued)."""
        if topic in self._topics:
            self._topics.discard(topic)
            await self._hub._detach(self, topic)

    async def get(self) -> Message:
        """The next message; raises :class:`Lagged` once after falling behind."""
        while True:
            if self._lagged:
                missed, self._missed, self._lagged = self._missed, 0, False
                raise Lagged(missed)
            if self._queue:
                message = self._queue.popleft()
                self._chars -= len(message.data)
                return message
            if self._closed:
                raise PubSubError("this subscription is closed")
            if self._waiter is not None:
                raise PubSubError("another task is reading this subscription: one reader each")
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None

    def __aiter__(self) -> Self:
        return self

    async def __anext__(self) -> Message:
        try:
            return await self.get()
        except PubSubError:
            if self._closed:
                raise StopAsyncIteration from None
            raise

    async def close(self) -> None:
        """Stop receiving; queued messages are dropped and iteration ends."""
        if self._closed:
            return
        self._end()
        topics, self._topics = self._topics, set()
        for topic in topics:
            await self._hub._detach(self, topic)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.close()

    def _deliver(self, message: Message) -> None:
        """Queue ``message``, or lag when the buffer is full (called by the hub)."""
        if self._closed:
            return
        if self._lagged:
            self._missed += 1
            return
        size = len(message.data)
        queue = self._queue
        if queue and (len(queue) >= self._limit or self._chars + size > self._max_chars):
            self._missed += len(queue) + 1
            queue.clear()
            self._chars = 0
            self._lagged = True
        else:
            queue.append(message)
            self._chars += size
        self._wake()

    def _lag(self) -> None:
        """Drop what is queued and lag: messages may have been lost (a broker reconnected)."""
        if self._closed:
            return
        self._missed += len(self._queue)
        self._queue.clear()
        self._chars = 0
        self._lagged = True
        self._wake()

    def _end(self) -> None:
        self._closed = True
        self._queue.clear()
        self._chars = 0
        self._wake()

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def __repr__(self) -> str:
        topics = ", ".join(sorted(t.key for t in self._topics))
        state = "closed" if self._closed else f"{len(self._queue)} pending"
        return f"<Subscription to {topics or 'nothing'}: {state}>"


class PubSub(ABC):
    """The interface: :meth:`publish` text on a topic; :meth:`subscribe` to topics.

    Implementations deliver to their local subscriptions through :meth:`_dispatch` and are
    told when a topic gains its first local subscriber or loses its last.
    """

    def __init__(self) -> None:
        self._subscribers: dict[Topic, set[Subscription]] = {}
        self._closed = False

    @abstractmethod
    async def publish(self, topic: Topic, data: str) -> None:
        """Send ``data`` (JSON text) to every subscription of ``topic``, in every process."""

    @abstractmethod
    async def publish_split(self, topic: Topic, split: Split) -> None:
        """Send one change of ``topic``: each subscription of it gets its owner's part of
        ``split`` or else the public one; a user's part also reaches his own topic's
        subscriptions that do not hold ``topic``. In every process."""

    async def subscribe(
        self,
        *topics: Topic,
        buffer: int = DEFAULT_BUFFER,
        max_chars: int = DEFAULT_MAX_CHARS,
        owner: str | None = None,
    ) -> Subscription:
        """A new subscription to ``topics`` (more can be added), holding at most ``buffer``
        messages and ``max_chars`` characters before it lags; ``owner``: the user it reads
        for (his parts of a :class:`Split`)."""
        self._check_open()
        subscription = Subscription(self, buffer=buffer, max_chars=max_chars, owner=owner)
        try:
            for topic in topics:
                await subscription.add(topic)
        except BaseException:
            await subscription.close()
            raise
        return subscription

    def subscribers(self, topic: Topic) -> int:
        """How many local subscriptions receive ``topic``."""
        return len(self._subscribers.get(topic, ()))

    async def close(self) -> None:
        """Close every subscription (their iteration ends) and refuse further use."""
        self._closed = True
        subscriptions = {s for group in self._subscribers.values() for s in group}
        self._subscribers.clear()
        for subscription in subscriptions:
            subscription._end()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise PubSubError("the publish/subscribe hub is closed")

    @staticmethod
    def _check_message(topic: Topic, data: str) -> None:
        if not isinstance(topic, Topic):
            raise PubSubError(f"{topic!r} is not a Topic")
        if not isinstance(data, str):
            raise PubSubError(f"a message is text (JSON), not {type(data).__name__}")

    def _dispatch(self, topic: Topic, data: str) -> None:
        """Deliver one message to the local subscriptions of ``topic``."""
        group = self._subscribers.get(topic)
        if group:
            message = Message(topic, data)
            for subscription in tuple(group):
                subscription._deliver(message)

    @staticmethod
    def _check_split(topic: Topic, split: Split) -> None:
        if not isinstance(topic, Topic):
            raise PubSubError(f"{topic!r} is not a Topic")
        if not isinstance(split, Split):
            raise PubSubError(f"a split message is a Split, not {type(split).__name__}")

    def _dispatch_split(
        self, topic: Topic, split: Split, *, to_topic: bool = True, to_users: bool = True
    ) -> None:
        """Deliver one change: to the subscriptions of ``topic`` (``to_topic``) each its
        owner's part or the public one, and (``to_users``) each part to its user's own
        subscriptions that do not hold ``topic``. Each text goes only where it belongs."""
        private = split.private
        if to_topic:
            group = self._subscribers.get(topic)
            if group:
                public = Message(topic, split.public)
                mine: dict[str, Message] = {}
                for subscription in tuple(group):
                    owner = subscription.owner
                    if owner is not None and owner in private:
                        message = mine.get(owner)
                        if message is None:
                            message = mine[owner] = Message(topic, private[owner])
                        subscription._deliver(message)
                    else:
                        subscription._deliver(public)
        if to_users:
            for user, text in private.items():
                own = Topic.user(user)
                group = self._subscribers.get(own)
                if not group:
                    continue
                message = Message(own, text)
                for subscription in tuple(group):
                    if topic not in subscription._topics:
                        subscription._deliver(message)

    def _lag_all(self) -> None:
        for group in self._subscribers.values():
            for subscription in group:
                subscription._lag()

    async def _attach(self, subscription: Subscription, topic: Topic) -> None:
        self._check_open()
        group = self._subscribers.setdefault(topic, set())
        first = not group
        group.add(subscription)
        try:
            await (self._first(topic) if first else self._ready(topic))
        except BaseException:
            group.discard(subscription)
            if not group:
                self._subscribers.pop(topic, None)
            raise

    async def _detach(self, subscription: Subscription, topic: Topic) -> None:
        group = self._subscribers.get(topic)
        if group is None or subscription not in group:
            return
        group.discard(subscription)
        if not group:
            del self._subscribers[topic]
            if not self._closed:
                await self._last(topic)

    @abstractmethod
    async def _first(self, topic: Topic) -> None:
        """``topic`` has its first local subscriber: start receiving it."""

    @abstractmethod
    async def _ready(self, topic: Topic) -> None:
        """Another local subscriber of ``topic``: return once it is being received."""

    @abstractmethod
    async def _last(self, topic: Topic) -> None:
        """``topic`` has lost its last local subscriber: stop receiving it."""


class InProcessPubSub(PubSub):
    """Publish/subscribe inside one process: a message goes straight to the subscriptions."""

    async def publish(self, topic: Topic, data: str) -> None:
        """Deliver ``data`` to every subscription of ``topic`` now."""
        self._check_open()
        self._check_message(topic, data)
        self._dispatch(topic, data)

    async def publish_split(self, topic: Topic, split: Split) -> None:
        """Deliver one change of ``topic`` now, each part where it belongs."""
        self._check_open()
        self._check_split(topic, split)
        self._dispatch_split(topic, split)

    async def _first(self, topic: Topic) -> None:
        return None  # nothing to start: publishing delivers directly

    async def _ready(self, topic: Topic) -> None:
        return None

    async def _last(self, topic: Topic) -> None:
        return None


class RedisPubSub(PubSub):
    """Publish/subscribe through Redis, so that several server processes share the updates.

    One Redis connection per process carries every subscription of the process (a reader
    task hands each message to the local subscriptions of its topic); publishing uses the
    client's pool. Channels are named ``namespace:key``. Make one with :meth:`connect`.
    """

    CONFIRM_SECONDS: Final = 5.0
    """How long to wait for Redis to confirm a subscription."""

    def __init__(self, redis: Any, pubsub: Any, *, namespace: str) -> None:
        super().__init__()
        self._redis = redis
        self._pubsub = pubsub
        self._namespace = namespace
        self._control = f"{namespace}:_control"
        self._pending: dict[str, deque[asyncio.Future[None]]] = {}
        self._latest: dict[str, asyncio.Future[None]] = {}
        self._by_channel: dict[str, Topic] = {}
        self._reader: asyncio.Task[None] | None = None
        self.reconnections = 0
        """How many times the subscriber connection came back after being lost."""

    @classmethod
    async def connect(
        cls,
        url: str = "redis://127.0.0.1:6379/0",
        *,
        namespace: str = "croupier",
        client_name: str | None = None,
    ) -> RedisPubSub:
        """Connect to the Redis at ``url``; :class:`PubSubError` if it does not answer."""
        import redis.asyncio
        from redis.exceptions import RedisError

        if not _NAME.fullmatch(namespace):
            raise PubSubError(f"{namespace!r} is not a namespace: 1 to 64 letters, digits, _.@-")
        client = redis.asyncio.Redis.from_url(
            url, decode_responses=True, client_name=client_name, socket_connect_timeout=5
        )
        try:
            await client.ping()
            pubsub = client.pubsub()
            hub = cls(client, pubsub, namespace=namespace)
            await pubsub.subscribe(hub._control)
            confirmed = await pubsub.get_message(timeout=cls.CONFIRM_SECONDS)
        except (RedisError, OSError) as error:
            await client.aclose()
            raise PubSubError(f"Redis does not answer at {url}: {error}") from None
        if not confirmed or confirmed.get("type") != "subscribe":
            await client.aclose()
            raise PubSubError(f"Redis at {url} did not confirm a subscription")
        hub._reader = asyncio.get_running_loop().create_task(hub._read(), name="redis-pubsub")
        return hub

    def _channel(self, topic: Topic) -> str:
        return f"{self._namespace}:{topic.key}"

    async def publish(self, topic: Topic, data: str) -> None:
        """Publish ``data`` on ``topic`` through Redis (local subscribers get it from Redis)."""
        from redis.exceptions import RedisError

        self._check_open()
        self._check_message(topic, data)
        try:
            await self._redis.publish(self._channel(topic), data)
        except (RedisError, OSError) as error:
            raise PubSubError(f"Redis did not take a message for {topic}: {error}") from None

    async def publish_split(self, topic: Topic, split: Split) -> None:
        """Publish one change of ``topic`` through Redis in one round trip: the split on the
        table's channel, and each user's part alone on his own channel (for his subscriptions
        that do not hold ``topic``); every process splits what it receives."""
        from redis.exceptions import RedisError

        self._check_open()
        self._check_split(topic, split)
        try:
            async with self._redis.pipeline(transaction=False) as pipe:
                pipe.publish(self._channel(topic), encode_split(topic, split))
                for user, text in split.private.items():
                    own = self._channel(Topic(TopicKind.USER, user))
                    pipe.publish(own, encode_split(topic, Split("", {user: text})))
                await pipe.execute()
        except (RedisError, OSError) as error:
            raise PubSubError(f"Redis did not take a message for {topic}: {error}") from None

    async def close(self) -> None:
        """Close every subscription, stop the reader and close the Redis connections."""
        if self._closed:
            return
        await super().close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        for queue in self._pending.values():
            for future in queue:
                future.cancel()
        self._pending.clear()
        await self._pubsub.aclose()
        await self._redis.aclose()

    async def _first(self, topic: Topic) -> None:
        from redis.exceptions import RedisError

        channel = self._channel(topic)
        self._by_channel[channel] = topic
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.setdefault(channel, deque()).append(future)
        self._latest[channel] = future
        try:
            await self._pubsub.subscribe(channel)
        except (RedisError, OSError) as error:
            self._forget(channel, future)
            raise PubSubError(f"Redis did not take a subscription to {topic}: {error}") from None
        await self._confirmed(channel, future)

    async def _ready(self, topic: Topic) -> None:
        channel = self._channel(topic)
        future = self._latest.get(channel)
        if future is not None and not future.done():
            await self._confirmed(channel, future)

    async def _last(self, topic: Topic) -> None:
        from redis.exceptions import RedisError

        channel = self._channel(topic)
        self._latest.pop(channel, None)
        self._by_channel.pop(channel, None)
        # If the connection is gone, it comes back without this channel.
        with contextlib.suppress(RedisError, OSError):
            await self._pubsub.unsubscribe(channel)

    async def _confirmed(self, channel: str, future: asyncio.Future[None]) -> None:
        try:
            await asyncio.wait_for(asyncio.shield(future), self.CONFIRM_SECONDS)
        except TimeoutError:
            self._forget(channel, future)
            raise PubSubError(
                f"Redis did not confirm the subscription to {channel!r}"
                f" within {self.CONFIRM_SECONDS:g} s"
            ) from None

    def _forget(self, channel: str, future: asyncio.Future[None]) -> None:
        queue = self._pending.get(channel)
        if queue is not None and future in queue:
            queue.remove(future)
        if self._latest.get(channel) is future:
            del self._latest[channel]
        future.cancel()

    def _receive(self, channel: Topic, data: str) -> None:
        """One message from Redis on ``channel``'s topic: a split is split here."""
        try:
            split = decode_split(data)
        except (ValueError, KeyError, TypeError, PubSubError):
            _log.warning("a malformed split message on %s: dropped", channel)
            return
        if split is None:
            self._dispatch(channel, data)
        else:
            topic, parts = split
            if channel == topic:
                self._dispatch_split(topic, parts, to_users=False)
            elif channel.kind is TopicKind.USER:
                mine = parts.private.get(channel.name)
                if mine is not None:  # only his own part, whatever the message said
                    self._dispatch_split(topic, Split("", {channel.name: mine}), to_topic=False)

    async def _read(self) -> None:
        """Hand every message from Redis to the local subscriptions of its topic."""
        from redis.exceptions import RedisError

        while True:
            try:
                item = await self._pubsub.get_message(timeout=None)
            except (RedisError, OSError):
                # The connection is lost: the next read connects again and redis-py
                # subscribes again; the subscriptions lag when Redis confirms that (below).
                await asyncio.sleep(0.5)
                continue
            except Exception:  # never let the reader die: every subscription would go silent
                _log.exception("unexpected error reading from Redis; reading on")
                self._lag_all()
                await asyncio.sleep(0.5)
                continue
            if item is None:
                continue
            kind, channel = item.get("type"), item.get("channel")
            if kind == "message":
                topic = self._by_channel.get(channel)
                if topic is not None:
                    self._receive(topic, item["data"])
            elif kind == "subscribe":
                if channel == self._control:
                    # redis-py reconnected and subscribed again: what came meanwhile is lost.
                    self.reconnections += 1
                    self._lag_all()
                queue = self._pending.get(channel)
                while queue:
                    future = queue.popleft()
                    if not future.done():
                        future.set_result(None)
                        break
                if queue is not None and not queue:
                    del self._pending[channel]
