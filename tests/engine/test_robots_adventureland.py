"""Adventureland robots aim for Bonus patterns and Layout sets: the
searching levels count what a pattern or a coloured set will pay in the Bonus Rounds to
come, not only the points of the moment."""

from __future__ import annotations

import pytest

from engine import Rng, get_game
from engine.adventureland import prospects, scoring
from engine.adventureland.data import (
    BONUS_BY_ID,
    BONUS_ROUNDS,
    MAT_BY_KEY,
    ColouredSet,
    square_name,
)
from engine.ai import choose
from tests.engine.robot_support import State

GAME = get_game("adventureland")


def placing(variant: str, seed: int = 4) -> tuple[State, str]:
    """A real game of easy robots, stopped when a seat must place a new attraction."""
    state = GAME.setup(["p1", "p2", "p3"], seed, {"variant": variant})
    rng = Rng.from_seed(seed)
    while not (state["phase"] == "build" and state["step"] == "place"):
        seat = GAME.waiting_for(state)[0]
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
    return state, GAME.waiting_for(state)[0]


def thrill_corner(state: State, seat: str) -> State:
    """Two Thrill Rides on A1 and A2, a Vortex (Thrill) to place, the Thrill square Bonus
    card in hand: B1 or B2 makes three of the square's four."""
    state["grids"][seat] = {
        "A1": {"ride": "coaster", "height": 1},
        "A2": {"ride": "loop", "height": 1},
        "D5": {"ride": "puppets", "height": 1},
    }
    state["pending"] = "vortex"
    state["bonus_hands"][seat] = ["b02", "b07", "b08", "b10", "b11"]
    return state


def test_a_pattern_one_attraction_short_counts_for_part_of_its_points() -> None:
    """Bonus Round §2 (second printing): three of four pay the small number plus the
    colour bonus; two of four with a free square count a share of that."""
    card = BONUS_BY_ID["b11"]  # Thrill square: 3 / 6, colour bonus 2
    two = scoring.types_of(
        {"A1": {"ride": "coaster", "height": 1}, "A2": {"ride": "loop", "height": 1}}
    )
    assert prospects.card_reach(two, card) == pytest.approx(prospects.ONE_SHORT * 5)
    three = {**two, (1, 0): "thrill"}
    assert prospects.card_reach(three, card) == pytest.approx(5 + prospects.ONE_SHORT * 3)
    four = {**three, (1, 1): "thrill"}
    assert prospects.card_reach(four, card) == 8


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_searching_robot_places_for_its_bonus_card_and_easy_does_not(level: str) -> None:
    """Bonus Round §2: with the Thrill square card in hand the searching robot puts its
    Thrill Ride under the two it has (B1 or B2); the easy robot fills its rows."""
    state, seat = placing("bonus-cards")
    state = thrill_corner(state, seat)
    easy = choose(GAME, state, seat, Rng(1), "easy")
    assert easy not in ("place:B1", "place:B2")
    for seed in range(2):
        assert choose(GAME, state, seat, Rng(seed), level) in ("place:B1", "place:B2")


def test_placement_gain_counts_the_pattern_it_starts_or_finishes() -> None:
    state, seat = placing("bonus-cards")
    state = thrill_corner(state, seat)
    free = ["A3", "A4", "A5", "B1", "B2", "B3", "C1", "C4"]
    gains = {name: prospects.placement_gain(state, seat, name) for name in free}
    assert max(gains, key=lambda name: gains[name]) == "B2", gains
    assert gains["B2"] > gains["A3"] > 0, "B2 makes three of the square; A3 only two of a Z"


def test_a_coloured_set_one_square_short_counts_in_the_rounds_after() -> None:
    """Layout Bonus Variant §2: a covered set pays every round; one short, a share of the
    rounds after this one."""
    state, seat = placing("layout-bonus")
    mat = MAT_BY_KEY[state["mats"][seat]]

    def missing(coloured: ColouredSet, covered: set[str]) -> int:
        return sum(1 for sq in coloured.squares if square_name(sq) not in covered)

    for coloured in mat.sets:
        names = [square_name(sq) for sq in coloured.squares]
        covered = set(names[:-1])
        if all(missing(other, covered) >= 2 for other in mat.sets if other is not coloured):
            break
    else:
        raise AssertionError("every mat has a set the others do not overlap much")
    state["grids"][seat] = {name: {"ride": "popcorn", "height": 1} for name in covered}
    rounds = BONUS_ROUNDS[3] - state["bonus_done"]
    short = prospects.layout_prospect(state, seat, rounds)
    assert short == pytest.approx(prospects.ONE_SHORT * coloured.points * (rounds - 1))
    state["pending"] = "pizza"
    assert prospects.placement_gain(state, seat, names[-1]) == pytest.approx(
        coloured.points * rounds - short
    )


def test_the_estimate_counts_bonus_cards_only_while_rounds_remain() -> None:
    """The card left over at the end never scores (RULES.md 9): one card a round, and the
    last card in hand is never played."""
    state, seat = placing("bonus-cards")
    state = thrill_corner(state, seat)
    state["grids"][seat]["B1"] = {"ride": "vortex", "height": 1}
    state["bonus_hands"][seat] = ["b11"]
    assert prospects.bonus_prospect(state, seat, 3) == 0
    state["bonus_hands"][seat] = ["b11", "b02"]
    assert prospects.bonus_prospect(state, seat, 3) == pytest.approx(5 + prospects.ONE_SHORT * 3)
