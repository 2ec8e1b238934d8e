"""After the game, the turning points: at most three of the seat's own moves,
each against the coach's pick in the same position, within the playouts it is given, and
the same review every time for the same game."""

from __future__ import annotations

import pytest

from engine import GAMES, Game, Rng, get_game
from engine.coach import review
from engine.coach.review import MIN_PLAYOUTS
from engine.core import State

#: Playouts of one review in the tests: a few decisions weighed.
BUDGET = 8 * MIN_PLAYOUTS


def played(game: Game, seats: list[str], seed: int) -> tuple[list[tuple[str, str]], list[State]]:
    """A whole game of ``easy`` robots: its moves, and the state before each."""
    state = game.setup(seats, seed)
    rng = Rng.from_seed(seed)
    moves, states = [], []
    while game.outcome(state) is None:
        seat = game.waiting_for(state)[0]
        code = game.ai_move(state, seat, rng, "easy")
        moves.append((seat, code))
        states.append(state)
        state, _ = game.play(state, seat, code)
    return moves, states


@pytest.mark.parametrize("slug", GAMES)
def test_a_review_weighs_the_seats_own_moves_within_its_budget(slug: str) -> None:
    game = get_game(slug)
    seats = [f"p{i}" for i in range(game.min_players)]
    moves, states = played(game, seats, seed=7)
    seat = seats[1]
    found = review(game, seats, 7, None, moves, seat, BUDGET)
    choices = sum(
        1
        for (mover, _), state in zip(moves, states, strict=True)
        if mover == seat and len(game.legal_moves(state, seat)) > 1
    )
    assert found.seat == seat and found.decisions == choices
    assert 0 < found.weighed < found.decisions, "a long game is sampled, not weighed whole"
    assert found.playouts <= BUDGET
    assert len(found.points) == min(3, found.weighed - found.agreed)
    changes = [abs(point.change) for point in found.points]
    assert changes == sorted(changes, reverse=True)
    own = [index for index, (mover, _) in enumerate(moves) if mover == seat]
    for point in found.points:
        mover, code = moves[point.index]
        assert mover == seat and code == point.code
        assert point.number == own.index(point.index) + 1
        legal = {m.code: m.label for m in game.legal_moves(states[point.index], seat)}
        assert legal[point.code] == point.label and legal[point.coach] == point.coach_label
        assert point.coach != point.code
        assert str(point.reason) and 0.0 <= point.before <= 1.0 and 0.0 <= point.after <= 1.0


@pytest.mark.parametrize("slug", ["troolpark", "disneyland"])
def test_the_same_game_gets_the_same_review(slug: str) -> None:
    game = get_game(slug)
    seats = ["a", "b"]
    moves, _ = played(game, seats, seed=3)
    first = review(game, seats, 3, None, moves, "a", BUDGET)
    again = review(game, seats, 3, None, moves, "a", BUDGET)
    assert first == again
    assert [p.reason.to_json() for p in first.points] == [p.reason.to_json() for p in again.points]


def test_a_larger_budget_weighs_more_decisions() -> None:
    game = get_game("troolpark")
    seats = ["a", "b"]
    moves, _ = played(game, seats, seed=5)
    small = review(game, seats, 5, None, moves, "b", BUDGET)
    large = review(game, seats, 5, None, moves, "b", 2 * BUDGET)
    assert small.weighed < large.weighed
    assert small.playouts <= BUDGET and large.playouts <= 2 * BUDGET


def test_a_game_without_moves_has_nothing_to_review() -> None:
    game = get_game("troolpark")
    nothing = review(game, ["a", "b"], 5, None, [], "a", BUDGET)
    assert (nothing.decisions, nothing.weighed, nothing.points, nothing.playouts) == (0, 0, (), 0)
