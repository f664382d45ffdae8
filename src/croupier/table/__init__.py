"""A table across hands: the button and blinds, who is dealt in, what newcomers owe."""

from croupier.table.button import ButtonDraw, Positions, between, draw_button, next_positions
from croupier.table.table import (
    HISTORY_KEPT,
    Eliminated,
    HandPlan,
    HandSettled,
    Missed,
    Table,
    TableSeat,
    Waiting,
)

__all__ = [
    "HISTORY_KEPT",
    "ButtonDraw",
    "Eliminated",
    "HandPlan",
    "HandSettled",
    "Missed",
    "Positions",
    "Table",
    "TableSeat",
    "Waiting",
    "between",
    "draw_button",
    "next_positions",
]
