"""How the tables online run: pauses, the disconnect grace, chat, limits, recovery."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from croupier.errors import ConfigurationError
from croupier.server.ratelimit import CHAT, MESSAGES, Rate

__all__ = ["ChatPolicy", "InterruptedHands", "OnlineConfig"]


class ChatPolicy(StrEnum):
    """Who may chat at a table while a hand is being played (POK-12-2)."""

    IN_HAND = "in-hand"
    """Only the players still in the hand (POK-12-2: players out of it and spectators are
    silent until it ends)."""
    SEATED = "seated"
    """Every seated player; spectators are silent."""
    NOBODY = "nobody"
    """Nobody chats during a hand."""
    EVERYONE = "everyone"
    """Everyone, spectators too (a room that allows it)."""


class InterruptedHands(StrEnum):
    """What a restarted server does with a hand that was in progress when it stopped."""

    CONTINUE = "continue"
    """The hand goes on from its stored events (every acknowledged action is there)."""
    VOID = "void"
    """The hand is voided: every chip goes back where it was before it (POK-2-9)."""


def _frozen(rates: Mapping[str, Rate]) -> Mapping[str, Rate]:
    return MappingProxyType(dict(rates))


@dataclass(frozen=True, kw_only=True)
class OnlineConfig:
    """The tables online (seconds, bytes, counts).

    >>> OnlineConfig().chat_during_hand
    <ChatPolicy.IN_HAND: 'in-hand'>
    """

    demo_tables: bool = True
    """With the demo on, a new database gets the demo's cash tables with their bots."""
    between_hands: float = 3.0
    """The pause after a hand is settled before the next is dealt (the result stays on show)."""
    disconnect_grace: float = 30.0
    """A player whose last connection closed is sat out after this long (his clock runs on)."""
    house_calls_clock: bool = True
    """The house calls the clock at ``call_after`` where the rules let the dealer call it
    (POK-4-4, TDA R29): online nobody may stall a table."""
    showdown_seconds: float = 15.0
    """The time to show or muck at the showdown; then the hand is shown (it can only win)."""
    chat_during_hand: ChatPolicy = ChatPolicy.IN_HAND
    chat_max_chars: int = 200
    max_message_bytes: int = 4096
    """The largest client message accepted (bigger: an error, nothing done)."""
    message_rates: Mapping[str, Rate] = field(default_factory=lambda: _frozen(MESSAGES))
    chat_rates: Mapping[str, Rate] = field(default_factory=lambda: _frozen(CHAT))
    max_outbox_bytes: int = 1 << 20
    """Frames waiting to be sent to one client, in bytes; a client that reads so slowly that
    more pile up is disconnected (``too_slow``, close 4408): memory stays bounded."""
    max_sockets_per_user: int = 8
    """Sockets one user may hold open at once (one more: ``too_many_connections``)."""
    max_sockets_per_address: int = 32
    """Sockets one address may hold open at once."""
    flood_strikes: int = 3
    """Seconds a socket may keep sending past twice its message allowance (frames dropped
    unread) before it is closed (4429)."""
    flood_cooldown: float = 30.0
    """After a socket closed for flooding, its user may open no other for this long."""
    floor_sees_live_cards: bool = False
    """Whether the floor (and the admin) may read the hole cards of a hand still being played
    through its history; off: only once the hand has ended."""
    stream_window: int = 256
    """Frames of each table kept in memory for clients that reconnect (beyond: a fresh view)."""
    command_ids: int = 256
    """Command ids remembered per user: one sent twice within them is applied once."""
    interrupted_hands: InterruptedHands = InterruptedHands.CONTINUE
    absence_max_hands: int | None = 30
    """CAS-8: past this many hands away the chips are set aside and the seat freed."""
    absence_max_seconds: float | None = 1800.0
    bot_think: tuple[float, float] = (0.6, 2.0)
    """The demo bots' thinking time, at random between these two."""
    lobby_interval: float = 1.0
    """How often the lobby's changes are published."""
    demo_tournaments: bool | None = None
    """With the demo on, the demo's sit-and-go and multi-table tournament run with bots
    (None: when the demo's cash tables do)."""
    sng_bots_after: float = 60.0
    """A demo sit-and-go with a player registered is filled with bots after this long."""
    italian_every: float = 300.0
    """The demo's Italian multi-table tournament starts this often (seconds)."""
    demo_level_minutes: float = 5.0
    """The length of the demo tournaments' levels (the presets' own are 20 minutes)."""
    tournament_tick: float = 1.0
    """How often a tournament looks at its clock (a new level, a break, a scheduled start)."""
    rebuy_answer_seconds: float = 30.0
    """A busted player's time to answer a rebuy offer; then he is out."""

    def __post_init__(self) -> None:
        for name in (
            "between_hands",
            "disconnect_grace",
            "showdown_seconds",
            "lobby_interval",
            "sng_bots_after",
            "italian_every",
            "demo_level_minutes",
            "tournament_tick",
            "rebuy_answer_seconds",
            "flood_cooldown",
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                raise ConfigurationError(f"{name} is a number of seconds >= 0, not {value!r}")
        for name in (
            "chat_max_chars",
            "max_message_bytes",
            "stream_window",
            "command_ids",
            "max_outbox_bytes",
            "max_sockets_per_user",
            "max_sockets_per_address",
            "flood_strikes",
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ConfigurationError(f"{name} is a whole number >= 1, not {value!r}")
        low, high = self.bot_think
        if not 0 <= low <= high:
            raise ConfigurationError(f"bot_think is (low, high) seconds, not {self.bot_think!r}")
        object.__setattr__(self, "chat_during_hand", ChatPolicy(self.chat_during_hand))
        object.__setattr__(self, "interrupted_hands", InterruptedHands(self.interrupted_hands))
        for name in ("message_rates", "chat_rates"):
            rates = getattr(self, name)
            if not rates or not all(isinstance(r, Rate) for r in rates.values()):
                raise ConfigurationError(f"{name} maps scopes to Rate values, not {rates!r}")
            object.__setattr__(self, name, _frozen(rates))
