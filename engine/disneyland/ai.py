"""The AI baseline for bot-filled seats: simple, sensible, and quick to end a game.

It rents while it keeps a cash reserve, pays to leave Prison only when rich, surrenders
the title that costs it the least fee power, never starts or counters exchanges, and
accepts an exchange offered to it when it gains more than the other side, measured
against the average opponent (see ``exchange_gain``). It never proposes a length, and
in a vote on one it goes with the majority of the others: the people decide.
"""

from __future__ import annotations

from engine.core import Move, State
from engine.disneyland import board, data, trade
from engine.disneyland.board import alive, held_in_series, titles_of

RENT_RESERVE = 300  # cash the AI keeps after renting, to survive a fee or two
RICH = 1000  # cash above which the AI buys its way out of Prison
HORIZON = 20  # rounds ahead the AI counts fees for when it weighs an exchange


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
        return "trade:accept" if _worth_accepting(state, seat) else "trade:decline"
    if phase == "trade":
        return "trade:cancel"
    if phase == "vote":
        return "vote:follow"
    if "prison:pay" in codes and cash >= RICH:
        return "prison:pay"
    return "roll:2" if "roll:2" in codes else "roll"


def expected_fees(owners: dict[str, str], seat: str, opponents: int, rounds: int) -> float:
    """Fees ``seat``'s titles may bring in over ``rounds``: a pawn lands on a given square
    about once in 38 turns, and each held square charges the fee of the series count."""
    total = 0
    for series in data.SERIES:
        held = sum(owners.get(str(sq)) == seat for sq in series.squares)
        if held:
            total += held * data.FEES[held - 1]
    return total * opponents * rounds / data.SQUARE_COUNT


def exchange_gain(state: State, seat: str) -> tuple[float, float]:
    """(what ``seat`` gains, what the other side gains) if the pending offer is accepted:
    cash, titles at their end value and the fees they may bring over the coming rounds."""
    offer = state["trade"]
    other = trade.other_side(offer, seat)
    after = dict(state["owners"])
    for square in offer["give"]:
        after[str(square)] = offer["with"]
    for square in offer["take"]:
        after[str(square)] = offer["from"]
    opponents = len(alive(state)) - 1
    limit = rounds_left(state)
    gains = []
    for side in (seat, other):
        give, get, pays = trade.sides(offer, side)
        fees = expected_fees(after, side, opponents, limit) - expected_fees(
            state["owners"], side, opponents, limit
        )
        gains.append(fees - pays + data.TITLE_VALUE * (len(get) - len(give)))
    return gains[0], gains[1]


def rounds_left(state: State) -> int:
    """The rounds the AI plans for: what is left of an agreed length, at most ``HORIZON``."""
    limit = board.rounds_limit(state)
    left = HORIZON if limit is None else limit - state["round"] + 1
    return max(1, min(HORIZON, left))


def _worth_accepting(state: State, seat: str) -> bool:
    """Accept when it lifts ``seat`` above the average opponent: its own gain beats the
    other side's gain shared out over all its opponents."""
    mine, theirs = exchange_gain(state, seat)
    return mine > 0 and mine > theirs / max(1, len(alive(state)) - 1)
