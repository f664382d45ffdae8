"""What a client may send over the WebSocket: one pydantic model per message type.

Every message is a JSON object ``{"v": 1, "type": ..., "id": ..., ...}``: ``v`` the protocol
version, ``type`` what it is, ``id`` the client's id for the command (sent twice, it is applied
once: the second gets the first's answer). Unknown fields, wrong types and values out of range
are refused with an error that names the field; nothing is done. See ``docs/protocol.md``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter

__all__ = [
    "PROTOCOL_VERSION",
    "Act",
    "AddOn",
    "AskToSee",
    "CallClock",
    "Chat",
    "Claim",
    "ClientMessage",
    "HistoryRequest",
    "JoinWaitingList",
    "Leave",
    "LeaveWaitingList",
    "LobbyRequest",
    "Mute",
    "Ping",
    "Rebuy",
    "Register",
    "Sit",
    "SitIn",
    "SitOut",
    "TimeBank",
    "TournamentRebuy",
    "Unregister",
    "Unwatch",
    "VoidHand",
    "Watch",
    "WatchTournament",
    "client_message",
]

PROTOCOL_VERSION = 1
MAX_AMOUNT = 10**12
"""The largest amount a message may carry, in cents."""

CommandId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.:-]{1,64}$")]
TableName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.@-]{1,64}$")]
PlayerName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]{1,32}$")]
Stakes = Annotated[str, StringConstraints(min_length=1, max_length=80)]
Amount = Annotated[int, Field(gt=0, le=MAX_AMOUNT)]
HandNumber = Annotated[int, Field(ge=1, le=10**12)]
SeatNumber = Annotated[int, Field(ge=1, le=10)]
Sequence = Annotated[int, Field(ge=0, le=2**53)]
TournamentId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]{1,64}$")]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    v: Literal[1]
    """The protocol version."""
    id: CommandId
    """The client's id for this command: sent twice, it is applied once."""


class _AtTable(_Message):
    table: TableName


class Ping(_Message):
    """Are you there? Answered by ``pong``."""

    type: Literal["ping"]


class LobbyRequest(_Message):
    """The lobby: every cash table (CAS-28); ``watch`` keeps the updates coming."""

    type: Literal["lobby"]
    watch: bool = True


class Watch(_AtTable):
    """Watch a table (as its player when seated there, else as a spectator). ``since``: the
    last sequence number received, to get only what was missed (or a fresh view)."""

    type: Literal["watch"]
    since: Sequence | None = None


class Unwatch(_AtTable):
    """Stop watching a table (a seated player keeps getting his own updates)."""

    type: Literal["unwatch"]


class Sit(_AtTable):
    """Take a seat, buying in for ``buy_in`` cents (CAS-9, CAS-10); ``post``: post a big blind
    now rather than wait for it (PKG-18). Refused while others wait: join the list (CAS-7)."""

    type: Literal["sit"]
    buy_in: Amount
    post: bool = False


class JoinWaitingList(_Message):
    """Put one's name on the waiting list of a table, or of any table at some stakes
    (CAS-7); called in order of registration when a seat is free."""

    type: Literal["join_waiting_list"]
    table: TableName | None = None
    stakes: Stakes | None = None
    buy_in: Amount | None = None


class LeaveWaitingList(_Message):
    """Take one's name off every waiting list."""

    type: Literal["leave_waiting_list"]


class Rebuy(_AtTable):
    """Add chips from one's balance, between hands, up to the table's maximum (CAS-11)."""

    type: Literal["rebuy"]
    amount: Amount


class SitOut(_AtTable):
    """Step away leaving one's chips (CAS-8): dealt out from the next hand."""

    type: Literal["sit_out"]


class SitIn(_AtTable):
    """Come back, or (a newcomer) choose: ``post`` the big blind now, or wait for it
    (PKG-18, PKG-21)."""

    type: Literal["sit_in"]
    post: bool = False


class Leave(_AtTable):
    """Leave the table with one's chips (during a hand: once it is settled; one's hand is
    folded at one's next turn)."""

    type: Literal["leave"]


class Act(_AtTable):
    """An action in hand ``hand``: fold, check, call, bet/raise to ``amount``, all-in; at the
    showdown show or muck. A message for another hand than the one being played is refused."""

    type: Literal["act"]
    hand: HandNumber
    action: Literal["fold", "check", "call", "bet", "raise", "all_in", "show", "muck"]
    amount: Amount | None = None


class AskToSee(_AtTable):
    """Ask to see seat ``seat``'s called hand in hand ``hand`` (RRP-5), until the next deal."""

    type: Literal["ask_to_see"]
    hand: HandNumber
    seat: SeatNumber


class HistoryRequest(_AtTable):
    """The history of hand ``hand`` of this table as the player saw it (PKG-14, PKG-15)."""

    type: Literal["history"]
    hand: HandNumber


class Chat(_AtTable):
    """A line of table chat (POK-12-2: as the room allows during a hand)."""

    type: Literal["chat"]
    text: Annotated[str, StringConstraints(min_length=1, max_length=500)]


class TimeBank(_AtTable):
    """Spend one's time bank on this turn (once the clock runs)."""

    type: Literal["time_bank"]


class CallClock(_AtTable):
    """Call the clock on the player to act (ITA-28, POK-4-4), where the rules allow it."""

    type: Literal["call_clock"]


class MuckLosing(_AtTable):
    """Muck one's losing hands at the showdown where the rules allow it (``on``), or be asked
    each time: a player's setting, kept by the table while he sits there."""

    type: Literal["muck_losing"]
    on: bool


class Claim(_Message):
    """Claim one's chips set aside after an absence, or on the orphan register (CAS-8)."""

    type: Literal["claim"]


class Mute(_Message):
    """The floor mutes (or unmutes) a player's chat."""

    type: Literal["mute"]
    player: PlayerName
    muted: bool = True


class VoidHand(_AtTable):
    """The floor voids the hand in progress: every chip goes back where it was (POK-2-9)."""

    type: Literal["void_hand"]
    hand: HandNumber
    reason: Annotated[str, StringConstraints(max_length=200)] = ""


class _InTournament(_Message):
    tournament: TournamentId


class Register(_InTournament):
    """Register for a tournament: its buy-in and fee are taken from one's balance (POK-1-2:
    an adult's account only); in a running tournament, during late registration."""

    type: Literal["register"]


class Unregister(_InTournament):
    """Take one's name off a tournament before it starts: buy-in and fee are refunded."""

    type: Literal["unregister"]


class WatchTournament(_InTournament):
    """The tournament's view (a ``tournament`` frame); ``watch`` keeps its
    ``tournament_update`` frames coming (false: stop)."""

    type: Literal["tournament"]
    watch: bool = True


class TournamentRebuy(_InTournament):
    """Answer a rebuy offer: ``accept`` buys the rebuy's chips for its price (between hands,
    while rebuys are open); false declines it (a busted player is then out)."""

    type: Literal["tournament_rebuy"]
    accept: bool = True


class AddOn(_InTournament):
    """Answer the add-on offer: ``accept`` buys the add-on's chips for its price (once)."""

    type: Literal["add_on"]
    accept: bool = True


ClientMessage = Annotated[
    Ping
    | LobbyRequest
    | Watch
    | Unwatch
    | Sit
    | JoinWaitingList
    | LeaveWaitingList
    | Rebuy
    | SitOut
    | SitIn
    | Leave
    | Act
    | AskToSee
    | HistoryRequest
    | Chat
    | TimeBank
    | CallClock
    | MuckLosing
    | Claim
    | Mute
    | VoidHand
    | Register
    | Unregister
    | WatchTournament
    | TournamentRebuy
    | AddOn,
    Field(discriminator="type"),
]

client_message: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
"""Parses and validates a client message: ``client_message.validate_json(text)``."""

CLIENT_TYPES: tuple[type[BaseModel], ...] = (
    Ping,
    LobbyRequest,
    Watch,
    Unwatch,
    Sit,
    JoinWaitingList,
    LeaveWaitingList,
    Rebuy,
    SitOut,
    SitIn,
    Leave,
    Act,
    AskToSee,
    HistoryRequest,
    Chat,
    TimeBank,
    CallClock,
    MuckLosing,
    Claim,
    Mute,
    VoidHand,
    Register,
    Unregister,
    WatchTournament,
    TournamentRebuy,
    AddOn,
)
"""Every client message model, in the order docs/protocol.md shows them."""
