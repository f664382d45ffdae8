"""What the server sends: one pydantic model per frame type, and the parts they share.

The server builds its frames as plain JSON for speed; these models are the schema they follow
(``docs/protocol.md`` shows each one, and the tests validate the documented examples and the
frames the server really sends against them). Unknown fields are refused here too, so that a
field added to a frame without its place in the schema fails a test.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

__all__ = ["SERVER_TYPES", "server_message"]


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


Card = Annotated[str, Field(pattern=r"^[2-9TJQKA][cdhs]$")]


class Proof(_Part):
    """The deck commitment's proof of one card (``croupier.commitment``)."""

    position: int
    card: Card
    salt: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    size: int
    path: list[Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]]


class Legal(_Part):
    """What the player to act may do, with the amounts (ITA-50: ``can_raise`` and
    ``why_no_raise`` say whether the bet reopens the betting)."""

    fold: bool
    check: bool
    call: int | None
    min_raise_to: int | None
    max_raise_to: int | None
    all_in: int | None
    show: bool
    muck: bool
    facing_bet: bool
    can_raise: bool
    why_no_raise: str
    stack: int
    bet: int


class Clock(_Part):
    """The turn's clock: its phase, seconds left, when it may be called, the time bank."""

    phase: Literal[
        "thinking", "callable", "on-the-clock", "time-bank", "countdown", "expired", "stopped"
    ]
    ends_in: float | None
    callable_in: float | None
    time_bank: float
    rules: str
    next_in: float | None = None
    span: float | None = None
    time_bank_in: float | None = None


class Turn(_Part):
    """Who is to act, what he may do, his clock."""

    seat: int
    player: str
    legal: Legal
    clock: Clock


class Seat(_Part):
    """A seat as everyone sees it: stack (POK-11-2), bet, still in the hand or not (ITA-50),
    shown cards, sitting out, missed blinds (``MS``/``ML``), leaving, connected."""

    seat: int
    player: str
    stack: int
    bet: int
    dealt_in: bool
    in_hand: bool
    folded: bool
    all_in: bool
    cards: list[Card] | None
    mucked: bool
    sitting_out: bool
    missed: Literal["", "MS", "ML"]
    leaving: bool
    connected: bool
    bot: bool = False
    """One of the house's bots (marked on its account by the house, never by its name)."""


class Pot(_Part):
    amount: int
    eligible: list[int]


class State(_Part):
    """The table now: the hand in play, the board, the pots, the seats, the turn, the deck
    commitment's root, the pause before the next hand, the waiting list (CAS-7)."""

    hand: int | None
    phase: Literal["betting", "showdown", "complete", "voided"] | None
    street: Literal["preflop", "flop", "turn", "river"] | None
    button: int | None
    board: list[Card]
    pots: list[Pot]
    seats: list[Seat]
    to_act: Turn | None
    root: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")] | None
    next_hand_in: float | None
    waiting: list[str]


class Info(_Part):
    """The table's posted information (CAS-28): game, version, stakes, limits, rake."""

    table: str
    session: int
    game: str
    version: str
    stakes: str
    small_blind: int
    big_blind: int
    option: int
    min_bet: int
    small_bet: int
    big_bet: int
    max_players: int
    min_buy_in: int
    max_buy_in: int
    max_rebuy: int
    rake_rate: str
    rake_step: int
    rake_cap: int | None
    no_flop_no_drop: bool
    status: Literal["open", "closing", "closed"]
    hands_played: int
    hands_left: int | None
    lines: list[str]
    unit: Literal["cents", "chips"] = "cents"
    """What the amounts count: cents at a cash table, tournament chips at a tournament's."""
    tournament: str | None = None
    """The tournament a tournament table belongs to."""


class Shown(_Part):
    seat: int
    cards: list[Card]


class Suspended(_Part):
    """A suspension served at a table (POK-13-1, ITA-51): its orbits, the hands still to sit
    out, the role that gave it."""

    orbits: int
    hands_left: int
    by: str


class You(_Part):
    """What only this player sees: his seat, his cards, hands shown to him alone at his
    request (PKG-14), the proofs of those cards, his time bank, his balance."""

    seat: int
    player: str
    cards: list[Card] | None
    revealed: list[Shown]
    proofs: list[Proof]
    time_bank: float | None
    sitting_out: bool
    balance: int
    beaten: bool = False
    """At the showdown: a hand already shown beats his in every pot he contests."""
    muck_losing: bool = False
    """He chose to muck his losing hands where the rules allow it (``muck_losing``)."""
    suspended: Suspended | None = None
    """The suspension he serves at this table: he may not sit in before it is served."""


# ------------------------------------------------------------------ events
class _Event(_Part):
    pass


class Started(_Event):
    type: Literal["started"]
    button: int
    seats: list[tuple[int, str, int, bool]]
    """(seat, player, stack, absent)."""
    forced: list[tuple[int, str, int]]
    """(seat, kind, amount) of the forced bets due."""
    hand_id: str


class Posted(_Event):
    type: Literal["posted"]
    seat: int
    kind: str
    amount: int
    all_in: bool


class Dealt(_Event):
    type: Literal["dealt"]
    seat: int
    cards: None
    """Always null: a player's own cards are in his ``you``."""


class Acted(_Event):
    type: Literal["acted"]
    seat: int
    kind: Literal["fold", "check", "call", "bet", "raise"]
    put: int
    to: int
    all_in: bool
    reason: Literal["", "timeout", "absent"]


class Returned(_Event):
    type: Literal["returned"]
    seat: int
    amount: int


class Gathered(_Event):
    type: Literal["gathered"]
    street: int
    pots: list[Pot]


class Board(_Event):
    type: Literal["board"]
    street: int
    cards: list[Card]


class ShownEvent(_Event):
    type: Literal["shown"]
    seat: int
    cards: list[Card]
    auto: bool


class Mucked(_Event):
    type: Literal["mucked"]
    seat: int


class Revealed(_Event):
    type: Literal["revealed"]
    seat: int
    cards: list[Card] | None
    """The hand asked for (RRP-5), to everyone (RRP-6); null where the rules show it to the
    asker alone (PKG-14: then in his ``you.revealed``)."""
    asker: int


class Raked(_Event):
    type: Literal["raked"]
    pot: int
    amount: int


class Awarded(_Event):
    type: Literal["awarded"]
    pot: int
    amount: int
    shares: list[tuple[int, int]]
    hand: str


class Voided(_Event):
    type: Literal["voided"]
    stacks: list[tuple[int, int]]
    reason: str


class Ended(_Event):
    type: Literal["ended"]
    stacks: list[tuple[int, int]]
    rake: int


Event = Annotated[
    Started
    | Posted
    | Dealt
    | Acted
    | Returned
    | Gathered
    | Board
    | ShownEvent
    | Mucked
    | Revealed
    | Raked
    | Awarded
    | Voided
    | Ended,
    Field(discriminator="type"),
]


# ------------------------------------------------------------------ frames
class _Frame(_Part):
    v: Literal[1]


class Welcome(_Frame):
    """The first frame of a connection."""

    type: Literal["welcome"]
    protocol: int
    user: str
    role: Literal["player", "floor", "cashier", "admin"]
    balance: int
    seated: str | None
    limits: dict[str, int]


class Ok(_Frame):
    """A command done; ``result`` depends on the command (see each)."""

    type: Literal["ok"]
    id: str
    result: dict[str, object]


class Error(_Frame):
    """A message refused, nothing done: a code (``croupier.server.protocol.codes.CODES``),
    what was wrong and, at the table, what would have been legal."""

    type: Literal["error"]
    id: str | None
    code: str
    message: str
    retry_after: float | None = None


class LobbyTable(_Part):
    """A cash table in the lobby (CAS-28)."""

    table: str
    game: str
    version: str
    stakes: str
    seats: int
    taken: int
    players: list[str]
    bots: list[str] = []
    """Those of ``players`` who are bots (accounts marked ``is_bot``)."""
    bots_allowed: bool = True
    """Whether bots may sit at the table or join its waiting list (the floor's setting)."""
    waiting: int
    playing: bool
    hands_played: int
    average_pot: int | None
    """The average pot of the recent hands, in cents (None before a hand since the start)."""
    hands_per_hour: int | None
    """Hands played over the last hour (from the table's first hand since the start)."""
    status: str
    info: Info


class Blinds(_Part):
    """One level of a tournament's structure: blinds and ante in chips, minutes."""

    level: int
    small_blind: int
    big_blind: int
    ante: int
    minutes: float


class Pause(_Part):
    """A break of a tournament's structure: after level ``after_level``."""

    after_level: int
    minutes: float


class LobbyTournament(_Part):
    """A tournament in the lobby: its structure (published in advance: ITA-6), its buy-in
    and fee in cents, its start, its entrants, its state."""

    id: str
    name: str
    preset: str
    game: str
    kind: Literal["sit-and-go", "scheduled"]
    structure: str
    """The structure in a few words."""
    levels: list[Blinds]
    breaks: list[Pause]
    buy_in: int
    fee: int
    starting_stack: int
    entrants: int
    max_players: int
    table_size: int
    start: str
    """When it starts, in words: a time, or "when 6 have registered"."""
    starts_at: float | None
    """The start, in seconds since the epoch (a scheduled tournament)."""
    starts_when: int | None
    """The start, as a number of entrants (a sit-and-go)."""
    state: Literal["registering", "running", "finished", "cancelled"]
    prize_pool: int
    """In cents: the buy-ins net of fees (ITA-18)."""
    late_registration_level: int | None
    """Registration stays open until the end of this level (None: not after the start)."""
    registered: list[str]
    remaining: int
    level: int | None
    rebuys: bool
    add_on: bool
    bounty: int = 0
    """In cents: the part of each buy-in put on the entrant's head (0: no money bounties)."""
    progressive: bool = False
    """A progressive knock-out: half of each bounty collected, half onto one's own head."""


class LobbyUpdate(_Frame):
    """Tables of the lobby that changed (to whoever watches the lobby); ``tournaments``
    (when present): every tournament of the lobby, the whole list."""

    type: Literal["lobby_update"]
    tables: list[LobbyTable]
    tournaments: list[LobbyTournament] | None = None


class TableView(_Frame):
    """A fresh view of a table: the hand on show whole (as this viewer may see it), the
    state, the information; ``seq`` is the stream's number it stands at."""

    type: Literal["table"]
    table: str
    seq: int
    hand: int | None
    events: list[Event]
    proofs: list[Proof]
    state: State
    info: Info
    you: You | None
    notices: list[Notice] = []
    """The floor's last decisions told at this table that this viewer may read."""


class Notice(_Frame):
    """A decision of the floor told at a table (``kind``: the floor's log action), about
    ``player`` (None: the table), with the floor's reason and its figures; ``to``: the one
    player it is told to (None: the whole table). ``id`` is unique at the table."""

    type: Literal["notice"]
    table: str
    id: str
    kind: str
    player: str | None
    why: str
    detail: dict[str, int | str | None]
    by: str
    at: str
    to: str | None


class Update(_Frame):
    """One change at a table: its new events, the proofs of the cards they show, the state,
    the information; a seated player's own frame has ``you``."""

    type: Literal["update"]
    table: str
    seq: int
    hand: int | None
    events: list[Event]
    proofs: list[Proof]
    state: State
    info: Info
    you: You | None = None


class YouFrame(_Frame):
    """After the frames a reconnecting client missed: his own part, as it stands now."""

    type: Literal["you"]
    table: str
    seq: int
    you: You | None


class ChatLine(_Frame):
    """A line of table chat."""

    type: Literal["chat"]
    table: str
    seq: int
    player: str
    text: str
    at: float


class Called(_Frame):
    """The waiting list called this player: he is seated (CAS-7)."""

    type: Literal["called"]
    table: str
    seat: int | None


class CashedOut(_Frame):
    """A player who left a cash table during a hand was paid his stack at its settlement:
    ``amount`` in cents, and his balance now."""

    type: Literal["cashed_out"]
    table: str
    amount: int
    balance: int


# ------------------------------------------------------------- tournaments
class Entrant(_Part):
    """A player of a tournament: where he sits, his chips (POK-11-2), his place once out
    (POK-9-8) and his prize in cents (ITA-18)."""

    player: str
    status: Literal["registered", "playing", "pending", "out", "winner"]
    """``pending``: busted, a rebuy offered and not yet answered."""
    table: str | None
    seat: int | None
    chips: int
    place: int | None
    prize: int
    rebuys: int
    add_on: bool
    bounty: int = 0
    """In cents: the bounty on his head now (money knock-outs)."""
    bounties_won: int = 0
    """In cents: the bounties he collected (paid into his balance as he collects them)."""
    suspended: int = 0
    """Hands of a suspension he still sits out, blinded as absent (POK-13-1, ITA-51)."""


class TournamentTable(_Part):
    """A table of a tournament: its name (to ``watch``), its number, who sits there."""

    table: str
    number: int
    players: int
    chips: int
    playing: bool
    final: bool


class Payout(_Part):
    """A place paid, in cents (ITA-18)."""

    place: int
    amount: int


class Standing(_Part):
    """One's own part of a tournament view."""

    player: str
    registered: bool
    status: Literal["none", "registered", "playing", "pending", "out", "winner"]
    table: str | None
    seat: int | None
    chips: int
    place: int | None
    """One's place among the players left (by chips) while playing; one's finish once out."""
    prize: int
    may_rebuy: bool
    may_add_on: bool
    balance: int
    bounty: int = 0
    """In cents: the bounty on one's own head."""
    bounties_won: int = 0
    """In cents: the bounties one collected."""


class Offer(_Part):
    """A rebuy or add-on open to this player: chips for a price in cents."""

    kind: Literal["rebuy", "add_on"]
    chips: int
    price: int
    expires_in: float | None
    """Seconds left to answer (a busted player's rebuy), or None while the period lasts."""


class TournamentBody(_Frame):
    id: str
    name: str
    preset: str
    seq: int
    state: Literal["registering", "running", "finished", "cancelled"]
    unit: Literal["chips"]
    entrants: int
    remaining: int
    prize_pool: int
    payouts: list[Payout]
    level: Blinds | None
    next_level: Blinds | None
    time_left: float | None
    """Seconds left in the current level or break."""
    on_break: bool
    next_break_in: float | None
    """Seconds to the next break (None: none to come)."""
    paused: bool
    hand_for_hand: bool
    late_registration: bool
    rebuy_open: bool
    add_on_open: bool
    average_stack: int | None
    players: list[Entrant]
    tables: list[TournamentTable]
    you: Standing | None
    offers: list[Offer]
    bounty: int = 0
    """In cents: the bounty each entry puts on his head (0: no money bounties)."""
    progressive: bool = False
    bounty_pool: int = 0
    """In cents: the bounties entered, kept apart from the prize pool."""


class TournamentView(TournamentBody):
    """A tournament as it stands (the answer of ``tournament``): the clock, the tables, the
    players and their chips, the payouts, and ``you``: one's own place and offers."""

    type: Literal["tournament"]


class TournamentUpdate(TournamentBody):
    """The tournament changed (a hand ended, a level, a bust, a move, a registration): the
    whole view again, to whoever watches it."""

    type: Literal["tournament_update"]


class OfferFrame(_Frame):
    """A rebuy or an add-on is open to this player: answer with ``tournament_rebuy`` or
    ``add_on``."""

    type: Literal["offer"]
    tournament: str
    offer: Offer


class Moved(_Frame):
    """Balancing or breaking a table moved this player between hands: he sits at ``table``,
    seat ``seat`` (his client should ``watch`` it)."""

    type: Literal["moved"]
    tournament: str
    table: str
    seat: int
    from_table: str
    reason: str


class Busted(_Frame):
    """This player is out of chips at ``table`` of a tournament: out for good (``place``,
    the ``prize`` that place pays), or he may still rebuy (``may_rebuy``, ``expires_in``
    seconds, ``price`` cents for ``chips``); ``late_registration``: the tournament still
    takes entries; ``watch``: he may stay at the table as a spectator."""

    type: Literal["busted"]
    tournament: str
    table: str
    place: int | None
    entrants: int
    prize: int
    may_rebuy: bool
    expires_in: float | None
    price: int | None
    chips: int | None
    late_registration: bool


class TournamentResult(_Frame):
    """This player's tournament is over for him: his place and his prize in cents (paid into
    his balance)."""

    type: Literal["tournament_result"]
    tournament: str
    player: str
    place: int
    prize: int
    entrants: int
    balance: int


ServerMessage = Annotated[
    Welcome
    | Ok
    | Error
    | LobbyUpdate
    | TableView
    | Update
    | YouFrame
    | ChatLine
    | Called
    | CashedOut
    | TournamentView
    | TournamentUpdate
    | OfferFrame
    | Moved
    | Notice
    | Busted
    | TournamentResult,
    Field(discriminator="type"),
]

server_message: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)
"""Validates a server frame: ``server_message.validate_python(json.loads(text))``."""

SERVER_TYPES: tuple[type[BaseModel], ...] = (
    Welcome,
    Ok,
    Error,
    LobbyUpdate,
    TableView,
    Update,
    YouFrame,
    ChatLine,
    Called,
    CashedOut,
    TournamentView,
    TournamentUpdate,
    OfferFrame,
    Moved,
    Notice,
    Busted,
    TournamentResult,
)
"""Every server frame model, in the order docs/protocol.md shows them."""
