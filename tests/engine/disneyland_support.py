"""Helpers shared by the Disneyland engine tests: rigged dice, hand-built situations.

No tests here; the other ``test_disneyland_*`` modules import it.
"""

from __future__ import annotations

from typing import Any

from engine import Rng, get_game
from engine.disneyland import data

GAME = get_game("disneyland")
State = dict[str, Any]


def table(players: int = 3, *, length: str = "rounds-40", round_: int = 2) -> State:
    """A fresh game with seats p1..pn, p1 to move, in ``round_`` (2: past the first turn),
    by default of the lobby's default length (40 rounds: no votes on the length)."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = GAME.setup(seats, seed=1, options={"length": length})
    state["order"] = list(seats)
    state["turn"] = 0
    state["round"] = round_
    return state


def rig_dice(state: State, *dice: int) -> State:
    """Set the state's Rng so that the next dice rolled are exactly ``dice``."""
    for seed in range(1_000_000):
        rng = Rng.from_seed(seed)
        start = rng.state
        if all(rng.die() == value for value in dice):
            state["rng"] = start
            return state
    raise AssertionError(f"no seed rolls {dice}")


def own(state: State, seat: str, *squares: int) -> State:
    """Give ``seat`` the titles of ``squares`` (as if rented earlier)."""
    for square in squares:
        assert square in data.SERIES_OF
        state["owners"][str(square)] = seat
    return state


def play(state: State, seat: str, *codes: str) -> tuple[State, list[str]]:
    """Play several codes by one seat; returns the final state and all events."""
    events: list[str] = []
    for code in codes:
        state, new = GAME.play(state, seat, code)
        events += new
    return state, events


def codes(state: State, seat: str) -> list[str]:
    return [move.code for move in GAME.legal_moves(state, seat)]


def ledger_ok(state: State) -> bool:
    """Money only comes from or goes to the Caisse."""
    caisse = state["caisse"]
    expected = data.START_MONEY * len(state["seats"]) + caisse["paid"] - caisse["received"]
    return bool(sum(state["money"].values()) == expected)


def set_cash(state: State, seat: str, amount: int) -> State:
    """Set a seat's cash as if the Caisse had paid or taken the difference (ledger kept)."""
    delta = amount - state["money"][seat]
    state["caisse"]["paid" if delta > 0 else "received"] += abs(delta)
    state["money"][seat] = amount
    return state
