"""``croupier verify FILE [--root HEX] [--json]``: check a hand's deck commitment, card by card.

FILE holds what the server published to one player for one hand (its hand history
carries it): the root committed before the first action and the proof of every card he
saw (docs/commitment.md), or a JSON list of such hands. Exit 0 when every card is
verified, 1 when one is not, 2 when the file cannot be read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier.cli.main import app


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=2)


@app.command("verify")
def verify_command(
    file: Annotated[
        Path,
        typer.Argument(
            help="A hand's published commitment and proofs (JSON), as the history gives it.",
            show_default=False,
        ),
    ],
    root: Annotated[
        str | None,
        typer.Option(
            "--root", help="The root you received at the start of the hand: it must match."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
) -> None:
    """Check that every card you saw was the one committed before the first action."""
    from croupier.commitment import CommitmentError, HandProofs

    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise _fail(f"cannot read {str(file)!r}: {reason}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _fail(f"{str(file)!r} is not JSON: {error}") from None
    except RecursionError:  # 5,000 nested brackets
        raise _fail(f"{str(file)!r} is nested too deeply to be a hand's proofs") from None
    items = data if isinstance(data, list) else [data]
    if not items:
        raise _fail(f"{str(file)!r} holds an empty list: no hand to verify")
    try:
        hands = [HandProofs.from_dict(item) for item in items]
        noted = None if root is None else HandProofs(root=root, proofs=()).root
    except CommitmentError as error:
        raise _fail(f"{str(file)!r}: {error}") from None
    if noted is not None and len(hands) != 1:
        raise _fail("--root checks one hand: the file holds several")

    report: list[dict[str, Any]] = []
    all_good = True
    for hand in hands:
        results = hand.check()
        root_matches = noted is None or noted == hand.root
        all_good = all_good and root_matches and all(results) and bool(results)
        report.append(
            {
                "hand": hand.hand,
                "root": hand.root,
                "root_matches": root_matches,
                "cards": [
                    {"position": p.position, "card": str(p.card), "verified": ok}
                    for p, ok in zip(hand.proofs, results, strict=True)
                ],
            }
        )
    if as_json:
        typer.echo(json.dumps({"verified": all_good, "hands": report}, indent=2))
    else:
        _print(report)
    if not all_good:
        raise typer.Exit(code=1)


def _print(report: list[dict[str, Any]]) -> None:
    for hand in report:
        label = f"hand {hand['hand']}" if hand["hand"] else "hand"
        typer.echo(f"{label}: commitment {hand['root']}")
        if not hand["root_matches"]:
            typer.echo("  NOT VERIFIED: this is not the commitment you noted (--root)")
        cards = hand["cards"]
        for card in cards:
            verdict = "verified" if card["verified"] else "NOT VERIFIED: not the card committed"
            typer.echo(f"  position {card['position']:>2}  {card['card']}  {verdict}")
        good = sum(c["verified"] for c in cards)
        if not cards:
            typer.echo("  no card to verify")
        else:
            typer.echo(f"  {good} of {len(cards)} cards verified")
