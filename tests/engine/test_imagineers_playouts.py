"""Random and AI complete games for 2-4 players on both sides, with invariants.

Invariants after every move: 24 guests on the board, at most 4 on a path
space, money within $0-10, happiness on the wheel, all 42 tiles accounted for.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.core import Rng
from engine.imagineers import GAME
from engine.imagineers.data import TILE_COUNT
from tests.engine.playout import playout

COUNTS = [2, 3, 4]
SIDES = ["day", "night"]


def invariant(state: dict[str, Any]) -> None:
    placed = Counter(g for path in state["paths"] for g in path)
    assert placed == {"Y": 8, "R": 8, "B": 8}
    assert all(len(path) <= 4 for path in state["paths"])
    if state["mess"] is not None:
        assert state["paths"][state["mess"]] == []
    tiles = [t for stack in state["stacks"].values() for t in stack]
    tiles += state["box"]
    tiles += [b[0] for b in state["built"] if b is not None]
    for player in state["players"].values():
        assert 0 <= player["money"] <= 10
        assert 1 <= player["happiness"] <= 5
        assert player["fame"] >= 0
        tiles += player["hand"] + [t for t in player["upgrades"] if t is not None]
    assert sorted(tiles) == list(range(TILE_COUNT))
    assert (
        state["phase"] in ("over", "entrance")
        or len(state["players"][state["queue"][0]]["hand"]) >= 1
    )


def small_choices(state: dict[str, Any]) -> None:
    """legal_moves stays small (autocomplete shows 25 at a time) and every label is useful."""
    invariant(state)
    for seat in GAME.to_move(state):
        moves = GAME.legal_moves(state, seat)
        assert 0 < len(moves) <= 300
        assert all(m.label[0].isupper() for m in moves)


def ai(game: Any, state: dict[str, Any], seat: str, rng: Any) -> str:
    return str(game.ai_move(state, seat, rng, "easy"))


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("players", COUNTS)
def test_random_games_keep_the_invariants(players: int, side: str) -> None:
    """Hundreds of random complete games (100 seeds x 6 configurations)."""
    for seed in range(100):
        playout(GAME, players, seed, options={"side": side}, checks=False, invariant=invariant)


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("players", COUNTS)
def test_checked_games_keep_the_contract(players: int, side: str) -> None:
    """Full contract checks (round trips, purity, determinism) on a few games each."""
    for seed in (101, 202, 303):
        playout(GAME, players, seed, options={"side": side}, invariant=small_choices)


def test_every_code_of_one_game_is_playable() -> None:
    """Every listed code is accepted by ``play`` at every step of one game."""
    playout(GAME, 3, 7, every_code=True, invariant=invariant)


@pytest.mark.parametrize("players", COUNTS)
def test_ai_games_are_legal_and_build_the_park(players: int) -> None:
    """The AI heuristic plays complete legal games and actually builds attractions."""
    for seed in range(4):
        final, log = playout(GAME, players, seed, checks=False, invariant=invariant, chooser=ai)
        assert sum(b is not None for b in final["built"]) >= players
        assert not any(code.startswith(("back", "staff:performer")) for _, code in log)


def test_ai_is_deterministic_given_its_rng() -> None:
    """``ai_move`` must replay: same state and rng state, same code, always legal."""
    state = GAME.setup(["p1", "p2", "p3"], 9)
    for _ in range(60):
        seat = GAME.to_move(state)[0]
        code = GAME.ai_move(state, seat, Rng(len(state["last"]) + 1), "easy")
        assert code == GAME.ai_move(state, seat, Rng(len(state["last"]) + 1), "easy")
        assert code in {m.code for m in GAME.legal_moves(state, seat)}
        state, _ = GAME.play(state, seat, code)
