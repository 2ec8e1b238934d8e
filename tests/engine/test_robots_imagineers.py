"""Imagineers robots plan the guests' movement (issue 13 item 5; rulebook "Move Guests"):
the players the search simulates choose which guests to move and their drop order as the
``easy`` robot would, so a drop order is judged by what it leads to, not by chance."""

from __future__ import annotations

from engine import Rng
from engine.ai import choose
from engine.imagineers import GAME, ai
from engine.imagineers.playbook import rollout
from tests.engine.robot_support import State


def first_drop_order(seed: int, options: int) -> tuple[State, str]:
    """A real game of easy robots, stopped at a drop order with more than ``options``."""
    state = GAME.setup(["p0", "p1"], seed)
    rng = Rng.from_seed(seed)
    while True:
        seat = GAME.waiting_for(state)[0]
        if state["phase"] == "order" and len(GAME.legal_moves(state, seat)) > options:
            return state, seat
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))


def immediate(state: State, seat: str, code: str) -> float:
    return ai.outlook(state, seat, code, GAME._step, GAME._own_moves)


def test_simulated_players_drop_guests_in_the_best_order_for_now() -> None:
    """Move Guests (drop order): inside the search a simulated player takes an order
    with the best immediate result, whatever its random generator."""
    state, seat = first_drop_order(5, 6)
    moves = GAME.legal_moves(state, seat)
    best = max(immediate(state, seat, m.code) for m in moves if m.code != "back")
    for seed in range(4):
        picked = rollout(GAME, state, seat, moves, Rng(seed))
        assert immediate(state, seat, picked) == best


def test_the_hard_robot_keeps_to_one_plan_for_the_drop_order() -> None:
    """Move Guests: the orders fall into groups that score alike now (here 19.4, 17.96
    and 15.4 on the easy robot's scale); whatever the seed, the hard robot's order comes
    from one group: a plan, not the noise of its simulations."""
    state, seat = first_drop_order(5, 6)
    values = {m.code: immediate(state, seat, m.code) for m in GAME.legal_moves(state, seat)}
    assert len({v for code, v in values.items() if code != "back"}) >= 3
    picks = [choose(GAME, state, seat, Rng(seed), "hard") for seed in range(4)]
    assert len({values[code] for code in picks}) == 1, picks
