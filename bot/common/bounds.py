"""A stranger's value checked against what may be asked: a number within bounds, a word
among the allowed ones. Every layer checks its own inputs with these (a command's options
in ``bot.chat.options``, a server's settings in ``bot.table.settings``), so the refusals
read the same everywhere; they never echo what was typed."""

from __future__ import annotations

import math
from collections.abc import Collection

from bot.common.errors import UserError
from engine.text import tx


def within(value: float, low: float, high: float, what: str) -> float:
    """``value`` if it lies in [low, high] (and is a number at all). ``what``: the value's
    name, a text (``tx("The page")``)."""
    if not (math.isfinite(value) and low <= value <= high):
        raise UserError(
            tx(
                "{what} must be between {low} and {high}.",
                what=what,
                low=_number(low),
                high=_number(high),
            )
        )
    return value


def _number(value: float) -> float:
    """A bound as the reader's language writes numbers: whole ones without decimals."""
    return int(value) if float(value).is_integer() else value


def one_of(value: str, allowed: Collection[str], what: str) -> str:
    """``value`` if it is one of ``allowed``; the answer lists the choices (codes, as they
    are typed), not the input. ``what``: what is chosen, a text (``tx("game")``)."""
    if value not in allowed:
        choices = ", ".join(sorted(allowed))
        raise UserError(tx("Unknown {what}: choose one of {choices}.", what=what, choices=choices))
    return value
