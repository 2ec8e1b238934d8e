"""Helpers for the Imagineers tests: build exact situations by editing a state dict.

Also checks that the helpers themselves start a game the way the rules do.
"""

from __future__ import annotations

from typing import Any

from engine.imagineers import GAME
from engine.imagineers.data import TILES

State = dict[str, Any]


def started(players: int = 2, seed: int = 1, side: str = "day") -> State:
    """A game past setup: entrances placed (first legal choice), round 1, step 1."""
    state = GAME.setup([f"p{i}" for i in range(1, players + 1)], seed, {"side": side})
    while state["phase"] == "entrance":
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.legal_moves(state, seat)[0].code)
    return state


def turn_of(state: State, seat: str, phase: str = "tile") -> State:
    """Make it ``seat``'s turn at ``phase`` (the rest of the round follows in seat order)."""
    seats = state["seats"]
    start = seats.index(seat)
    state["queue"] = [*seats[start:], *seats[:start]]
    state["phase"] = phase
    state["pending"] = {}
    return state


def guests(state: State, layout: dict[int, str]) -> State:
    """Replace every path space's guests: ``{space number (1-based): "RB", ...}``."""
    state["paths"] = [list(layout.get(i + 1, "")) for i in range(len(state["paths"]))]
    return state


def build(state: State, space: int, tile: int, owner: str) -> State:
    """Put attraction ``tile`` owned by ``owner`` on 1-based ``space``."""
    state["built"][space - 1] = [tile, owner]
    return state


def hand(state: State, seat: str, *tiles: int) -> State:
    """Give ``seat`` exactly these tiles (taken out of wherever they were)."""
    for stack in state["stacks"].values():
        for tid in tiles:
            if tid in stack:
                stack.remove(tid)
    for player in state["players"].values():
        player["hand"] = [t for t in player["hand"] if t not in tiles]
    state["players"][seat]["hand"] = list(tiles)
    return state


def play(state: State, seat: str, *codes: str) -> tuple[State, list[str]]:
    """Play several codes in a row through the checked ``play``; all events together."""
    log: list[str] = []
    for code in codes:
        state, events = GAME.play(state, seat, code)
        log += events
    return state, log


def codes(state: State, seat: str) -> list[str]:
    return [m.code for m in GAME.legal_moves(state, seat)]


def tile_of(colour: str, cost: int) -> int:
    """The first tile with an attraction of this colour and cost."""
    return next(t.id for t in TILES if t.attraction.colour == colour and t.attraction.cost == cost)


def test_started_game_is_at_step_one_of_round_one() -> None:
    state = started(3)
    assert state["round"] == 1 and state["phase"] == "tile"
    assert GAME.to_move(state) == [state["first"]]
    assert all(len(p["hand"]) == 2 for p in state["players"].values())


def calm(state: State, movement: str = "any") -> State:
    """A round with a plain Movement card, no Event rule change and no Mess.

    The Last Round card changes no rule; ``final_round`` stays as it was.
    """
    state["movement"] = movement
    state["event"] = "last_round"
    state["mess"] = None
    return state
