"""The cashier's API: deposits and withdrawals of play money (cashier role), a player's balance."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from croupier.server.bankroll import cashier_memo
from croupier.server.errors import NotFoundError
from croupier.server.http import Context, api_route
from croupier.server.money import MAX_AMOUNT
from croupier.server.storage.reads import user_by_name

__all__ = ["routes"]

CASHIER = ("cashier",)


class Movement(BaseModel):
    """A deposit or a withdrawal: whose, how many cents, and a note."""

    model_config = ConfigDict(extra="forbid", strict=True)

    screen_name: str = Field(max_length=32)
    amount: int = Field(gt=0, le=MAX_AMOUNT)
    memo: str = Field(default="", max_length=200)


async def _player(ctx: Context, screen_name: str) -> str:
    row = await ctx.services.store.read(lambda c: user_by_name(c, screen_name))
    if row is None:
        raise NotFoundError(f"no account named {screen_name!r}")
    return str(row.screen_name)


async def deposit(ctx: Context) -> Response:
    """Credit a player's account with play money (the entry names the cashier who made it,
    and his memo: :func:`croupier.server.bankroll.cashier_memo`)."""
    form = await ctx.body(Movement)
    player = await _player(ctx, form.screen_name)
    by = ctx.user_session.user.screen_name
    entry = await ctx.services.money.deposit(player, form.amount, cashier_memo(by, form.memo))
    return _moved(ctx, player, entry.number)


async def withdraw(ctx: Context) -> Response:
    """Pay out play money from a player's account (never beyond his balance: CAS-9)."""
    form = await ctx.body(Movement)
    player = await _player(ctx, form.screen_name)
    by = ctx.user_session.user.screen_name
    memo = form.memo or f"withdrawal by {by}"
    entry = await ctx.services.money.withdraw(player, form.amount, memo)
    return _moved(ctx, player, entry.number)


def _moved(ctx: Context, player: str, number: int) -> Response:
    return JSONResponse(
        {"entry": number, "screen_name": player, "balance": ctx.services.money.balance(player)}
    )


async def player(ctx: Context) -> Response:
    """A player's account as the cashier sees it: name, role and balance."""
    name = await _player(ctx, ctx.request.path_params["screen_name"])
    row = await ctx.services.store.read(lambda c: user_by_name(c, name))
    assert row is not None
    return JSONResponse(
        {
            "screen_name": name,
            "full_name": row.full_name,
            "role": row.role,
            "balance": ctx.services.money.balance(name),
        }
    )


routes: list[Route] = [
    api_route("/api/cashier/deposit", deposit, method="POST", roles=CASHIER),
    api_route("/api/cashier/withdraw", withdraw, method="POST", roles=CASHIER),
    api_route("/api/cashier/players/{screen_name}", player, roles=CASHIER),
]
