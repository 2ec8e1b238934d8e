"""How the Imagineers robots search: settings for ``engine.ai`` (see ``sampling.py``)."""

from __future__ import annotations

from engine.ai.playbook import Playbook
from engine.core import Game, Move, Rng, State, clone
from engine.imagineers import ai, sampling

#: Phases where the ``easy`` robot's one-step look-ahead can rank the moves.
RANKED = ("tile", "action", "move", "order")
#: Phases of the guests' movement, where simulated players choose as ``easy`` does.
MOVEMENT = ("move", "order")


def estimate(state: State) -> dict[str, float]:
    """Fame now, plus partial happiness laps and money turned into fame."""
    return {seat: ai.worth(state, seat) / ai.FAME_WEIGHT for seat in state["seats"]}


def consider(state: State, seat: str, moves: list[Move]) -> list[Move]:
    """Going back only undoes a choice; the search weighs the choices themselves."""
    return [m for m in moves if m.code != "back"] or moves


def prior(game: Game, state: State, seat: str, moves: list[Move]) -> list[float]:
    """The ``easy`` robot's look-ahead value of each move, where it has one."""
    if state["phase"] not in RANKED:
        return [0.0] * len(moves)

    def step(before: State, code: str) -> State:
        after: State = clone(before)
        game.apply(after, after["queue"][0], code)
        return after

    def own(after: State) -> list[Move]:
        return game.legal_moves(after, after["queue"][0])

    return [
        ai.outlook(state, seat, m.code, step, own) if m.code not in ai.SKIPPED else -1e9
        for m in moves
    ]


def rollout(game: Game, state: State, seat: str, moves: list[Move], rng: Rng) -> str:
    """A quick simulated player that plans its guests' movement: which guests to move
    and in what order they drop are chosen as the ``easy`` robot would (the best
    immediate result); tiles, actions and draws at random (but never going back or
    calling the Performer). Choosing movement at random made the search's values so
    noisy that its picks of a drop order changed with the seed: 7 of 12 games won
    against ``easy`` at 2 players, 10.5 of 12 with this policy (same seeds, 250
    iterations)."""
    codes = ai.candidates(moves) or [m.code for m in moves]
    if state["phase"] in MOVEMENT and len(codes) > 1:
        return game.heuristic_move(state, seat, rng)
    return rng.choice(codes)


PLAYBOOK = Playbook(
    knowledge=sampling.knowledge,
    sample=sampling.sample,
    estimate=estimate,
    scale=3.0,
    iterations={"normal": 40, "hard": 180},
    sized={3: {"normal": 30, "hard": 130}, 4: {"normal": 25, "hard": 100}},
    horizon=6,
    rollout=rollout,
    prior=prior,
    prior_depth=2,
    consider=consider,
    notes={
        "easy": "Plays the tile and moves the guests that earn it most this turn.",
        "normal": "Plans its turn and the guests' movement a turn ahead, over a few dozen "
        "guesses of the tiles.",
        "hard": "Plans its turn and the guests' movement a turn ahead, over hundreds of guesses "
        "of the tiles.",
    },
)
