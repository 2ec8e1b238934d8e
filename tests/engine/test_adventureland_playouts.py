"""Random complete games of Alan's Adventureland, both variants, 3 and 4 players.

Invariants checked after every move: all 78 Ride cards are somewhere (deck, offer, hands,
approved gaps, discard piles) and all 78 tiles too (mats + pool, per attraction); hand
sizes follow the rules; no stack rises above its attraction's last level; Bonus cards are
conserved.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import Game, Rng, get_game
from engine.adventureland import data
from tests.engine.playout import playout

GAME = get_game("adventureland")
FULL_DECK = Counter({a.key: a.cards for a in data.ATTRACTIONS})
VARIANTS = ["bonus-cards", "layout-bonus"]


def invariant(state: dict[str, Any]) -> None:
    seats = state["seats"]
    n = len(seats)
    cards = Counter(state["deck"]) + Counter(state["offer"])
    cards += Counter(c for c in state["gaps"] if c is not None)
    for seat in seats:
        cards += Counter(state["hands"][seat]) + Counter(state["piles"][seat])
    assert cards == FULL_DECK, "every Ride card accounted for"
    tiles = Counter({k: v for k, v in state["pool"].items() if v})
    for seat in seats:
        for tile in state["grids"][seat].values():
            ride = data.ATTRACTION_BY_KEY[tile["ride"]]
            assert 1 <= tile["height"] <= len(ride.levels), "never above the last level"
            tiles[ride.key] += tile["height"]
        rides = [t["ride"] for t in state["grids"][seat].values()]
        assert len(rides) == len(set(rides)), "one stack per attraction"
    assert tiles == FULL_DECK and min(state["pool"].values()) >= 0, "every tile accounted for"
    bonus = list(state["bonus_deck"])
    for seat in seats:
        bonus += state["bonus_hands"][seat] + state["bonus_played"][seat]
    expected_bonus = 16 if state["variant"] == "bonus-cards" else 0
    assert len(bonus) == len(set(bonus)) == expected_bonus
    if state["phase"] == "draft" and len(state["offer"]) == 2 * n:
        size = data.HAND_DEAL - data.PRE_BUILDS[n] - state["bonus_done"]
        assert all(len(state["hands"][s]) == size for s in seats), "hand sizes at turn start"
    sizes = [len(state["hands"][s]) for s in seats]
    assert max(sizes) - min(sizes) <= 2 and min(sizes) >= 0


def ai(game: Game, state: dict[str, Any], seat: str, rng: Rng) -> str:
    return game.ai_move(state, seat, rng, "easy")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_full_contract_checks(players: int, variant: str, seed: int) -> None:
    """Random complete games with every contract check (dump/load, purity, replay)."""
    final, _ = playout(
        GAME, players, seed, options={"variant": variant}, invariant=invariant, every_code=False
    )
    assert final["bonus_done"] == data.BONUS_ROUNDS[players]
    assert all(len(final["hands"][s]) == 1 for s in final["seats"])
    leftover = 1 if variant == "bonus-cards" else 0  # RULES.md reading 9: one Bonus card unplayed
    assert all(len(final["bonus_hands"][s]) == leftover for s in final["seats"])


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4])
def test_hundreds_of_random_games(players: int, variant: str) -> None:
    """100 random games per player count and variant (400 in all), invariants every move."""
    for seed in range(100, 200):
        final, _ = playout(
            GAME, players, seed, options={"variant": variant}, checks=False, invariant=invariant
        )
        assert GAME.outcome(final) is not None


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4])
def test_ai_games_are_legal_and_end(players: int, variant: str) -> None:
    """The AI heuristic only plays legal moves and beats nothing-but-random on average."""
    ai_total = random_total = 0
    for seed in range(20):
        final, _ = playout(
            GAME,
            players,
            seed,
            options={"variant": variant},
            checks=False,
            chooser=ai,
            invariant=invariant,
        )
        ai_total += sum(GAME.scores(final).values())
        final, _ = playout(GAME, players, seed, options={"variant": variant}, checks=False)
        random_total += sum(GAME.scores(final).values())
    assert ai_total > random_total


def test_every_code_from_one_game_is_playable() -> None:
    """Every legal move in every position of a game can be played (``every_code``)."""
    playout(GAME, 4, 7, options={"variant": "layout-bonus"}, every_code=True)
