"""The AI baseline for bot-filled seats: simple, sensible, and quick to end a game.

It rents while it keeps a cash reserve, pays to leave Prison only when rich, surrenders
the title that costs it the least fee power, never starts trades and accepts an offer
only when the offer completes a series for it without breaking one it already has.
"""

from __future__ import annotations

from engine.core import Move, State
from engine.disneyland import data
from engine.disneyland.table import held_in_series, titles_of

RENT_RESERVE = 300  # cash the AI keeps after renting, to survive a fee or two
RICH = 1000  # cash above which the AI buys its way out of Prison


def choose(state: State, seat: str, moves: list[Move]) -> str:
    """A legal code from ``moves`` for ``seat``."""
    codes = [move.code for move in moves]
    phase = state["phase"]
    cash = state["money"][seat]
    if phase == "rent":
        wants = "rent" in codes and cash - data.RENT_PRICE >= RENT_RESERVE
        return "rent" if wants else "decline"
    if phase == "surrender":
        weakest = min(titles_of(state, seat), key=lambda sq: (held_in_series(state, seat, sq), sq))
        return f"surrender:{weakest}"
    if phase == "offer":
        return "trade:accept" if _completes_series(state, seat) else "trade:decline"
    if phase == "trade":
        return "trade:cancel"
    if "prison:pay" in codes and cash >= RICH:
        return "prison:pay"
    return "roll:2" if "roll:2" in codes else "roll"


def _complete_series(owners: dict[str, str], seat: str) -> set[str]:
    return {
        series.name
        for series in data.SERIES
        if all(owners.get(str(sq)) == seat for sq in series.squares)
    }


def _completes_series(state: State, seat: str) -> bool:
    """True when accepting the pending offer gains ``seat`` a full series and loses none."""
    offer = state["trade"]
    after = dict(state["owners"])
    for square in offer["give"]:
        after[str(square)] = offer["with"]
    for square in offer["take"]:
        after[str(square)] = offer["from"]
    before_full = _complete_series(state["owners"], seat)
    after_full = _complete_series(after, seat)
    return before_full < after_full
