"""croupier: a Texas Hold'em system that plays exactly by the published rules.

Layers, each importing only those above it in this list::

    cards      Card, Deck, parsing
    evaluate   hand strength (one hand, many with numpy), equity, ranges
    rules      the rules value and one preset per seed document
    engine     one hand: forced bets, dealing, betting, pots, showdown, events, views
    history    hand histories: PHH, readable text
    table      a table across hands: button, blinds owed, sitting out, heads-up
    bots       computer players
    room       cash games and tournaments
    cli        the ``croupier`` command
"""

from croupier.cards import Card, Deck, parse_cards
from croupier.errors import CroupierError

__all__ = ["Card", "CroupierError", "Deck", "parse_cards"]
__version__ = "0.1.0"
