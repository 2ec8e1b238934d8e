"""How the Adventureland robots search: settings for ``engine.ai`` (see ``sampling.py``)."""

from __future__ import annotations

from engine.adventureland import ai, sampling, scoring
from engine.adventureland.data import BONUS_ROUNDS, MAT_BY_KEY
from engine.ai.playbook import Playbook
from engine.core import Game, Move, Rng, State


def estimate(state: State) -> dict[str, float]:
    """Score so far, the Final Scoring the neighbourhood would get as it stands, and its
    excitement (plus Layout Bonus) again in every Bonus Round still to come."""
    rounds_left = BONUS_ROUNDS[len(state["seats"])] - state["bonus_done"]
    values: dict[str, float] = {}
    for seat in state["seats"]:
        grid = state["grids"][seat]
        value = float(state["scores"][seat])
        if state["phase"] != "over":
            each_round = scoring.excitement(grid) + scoring.layout_bonus(
                grid, MAT_BY_KEY[state["mats"][seat]]
            )
            value += sum(scoring.final_scoring(grid).values()) + rounds_left * each_round
        values[seat] = value
    return values


def rollout(game: Game, state: State, seat: str, moves: list[Move], rng: Rng) -> str:
    """The ``easy`` robot's choice among the moves already listed."""
    return ai.choose(state, seat, moves, rng)


def prior(game: Game, state: State, seat: str, moves: list[Move]) -> list[float]:
    """The ``easy`` robot's value of each move."""
    return [ai._value(state, seat, m.code) for m in moves]


PLAYBOOK = Playbook(
    knowledge=sampling.knowledge,
    sample=sampling.sample,
    estimate=estimate,
    scale=8.0,
    iterations={"normal": 30, "hard": 120},
    horizon=12,
    rollout=rollout,
    prior=prior,
    prior_depth=2,
    notes={
        "easy": "Builds what scores most right now, filling rows and columns.",
        "normal": "Looks a turn ahead, guessing the hidden cards a few dozen times.",
        "hard": "Looks a turn ahead, guessing the hidden cards over a hundred times.",
    },
)
