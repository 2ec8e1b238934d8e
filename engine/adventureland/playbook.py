"""How the Adventureland robots search: settings for ``engine.ai`` (see ``sampling.py``)."""

from __future__ import annotations

from engine.adventureland import ai, prospects, sampling
from engine.core import Game, Move, Rng, State
from engine.playbook import Playbook
from engine.text import txc


def rollout(game: Game, state: State, seat: str, moves: list[Move], rng: Rng) -> str:
    """The ``easy`` robot's choice among the moves already listed."""
    return ai.choose(state, seat, moves, rng)


def prior(game: Game, state: State, seat: str, moves: list[Move]) -> list[float]:
    """The ``easy`` robot's value of each move; a placement also counts what it adds to
    the Bonus cards or coloured sets still to score."""
    return [
        ai._value(state, seat, m.code)
        + (
            prospects.placement_gain(state, seat, m.code[6:])
            if m.code.startswith("place:")
            else 0.0
        )
        for m in moves
    ]


PLAYBOOK = Playbook(
    knowledge=sampling.knowledge,
    sample=sampling.sample,
    estimate=prospects.estimate,
    scale=8.0,
    iterations={"normal": 30, "hard": 120},
    horizon=12,
    rollout=rollout,
    prior=prior,
    prior_depth=2,
    notes={
        "easy": txc(
            "adventureland", "Builds what scores most right now, filling rows and columns."
        ),
        "normal": txc(
            "adventureland", "Looks a turn ahead, guessing the hidden cards a few dozen times."
        ),
        "hard": txc(
            "adventureland", "Looks a turn ahead, guessing the hidden cards over a hundred times."
        ),
    },
)
