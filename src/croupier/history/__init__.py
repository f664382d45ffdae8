"""Hand histories: the PHH (Poker Hand History) standard, read and written exactly.

See :mod:`croupier.history.phh` for the seat convention and the integer units, and
:mod:`croupier.history.replay` for replaying PHH hands through the engine.
"""

from croupier.history._phh_actions import (
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    MaybeCard,
    NoOp,
    PHHAction,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    format_phh_cards,
    parse_action,
    parse_phh_cards,
)
from croupier.history._phh_write import hand_to_phh
from croupier.history.phh import (
    FIELD_ORDER,
    HOLDEM_VARIANTS,
    REQUIRED_FIELDS,
    PHHHand,
    dumps,
    dumps_all,
    iter_phh_files,
    iter_phh_hands,
    loads,
    loads_all,
    read_phh,
    read_phhs,
    write_phh,
)
from croupier.history.pokerstars import Tournament, render_pokerstars, render_pokerstars_view
from croupier.history.replay import (
    ReplayResult,
    json_amount,
    phh_rules_for,
    replay_phh,
)
from croupier.history.text import Money, chips, currency, hand_phrase, render_text, render_view

__all__ = [
    "FIELD_ORDER",
    "HOLDEM_VARIANTS",
    "REQUIRED_FIELDS",
    "BetOrRaiseTo",
    "CheckOrCall",
    "DealBoard",
    "DealHole",
    "Fold",
    "MaybeCard",
    "Money",
    "NoOp",
    "PHHAction",
    "PHHHand",
    "PostBringIn",
    "ReplayResult",
    "ShowOrMuck",
    "StandPatOrDiscard",
    "Tournament",
    "chips",
    "currency",
    "dumps",
    "dumps_all",
    "format_phh_cards",
    "hand_phrase",
    "hand_to_phh",
    "iter_phh_files",
    "iter_phh_hands",
    "json_amount",
    "loads",
    "loads_all",
    "parse_action",
    "parse_phh_cards",
    "phh_rules_for",
    "read_phh",
    "read_phhs",
    "render_pokerstars",
    "render_pokerstars_view",
    "render_text",
    "render_view",
    "replay_phh",
    "write_phh",
]
