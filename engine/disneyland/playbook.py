"""How the Disneyland robots search: settings for ``engine.ai`` (see ``sampling.py``)."""

from __future__ import annotations

from engine.ai.playbook import Playbook
from engine.core import Game, Move, Rng, State
from engine.disneyland import ai, data, sampling
from engine.disneyland.table import fee_for, rounds_limit, titles_of, worth

#: Rounds assumed left when the agreed length is a time or "until one is left".
OPEN_ENDED_ROUNDS = 10


def estimate(state: State) -> dict[str, float]:
    """Worth (cash + titles) plus the entry fees each seat can expect to collect, minus
    those it can expect to pay, over the rounds left: each pawn lands on a given square
    about once per lap of the board."""
    limit = rounds_limit(state)
    left = OPEN_ENDED_ROUNDS if limit is None else max(0, limit - state["round"] + 1)
    per_turn = left / data.SQUARE_COUNT
    alive = [s for s in state["seats"] if s not in state["out"]]
    fees = {s: sum(fee_for(state, sq) for sq in titles_of(state, s)) for s in alive}
    total = sum(fees.values())
    values = {s: float(worth(state, s)) for s in state["seats"]}
    for seat in alive:
        values[seat] += per_turn * ((len(alive) - 1) * fees[seat] - (total - fees[seat]))
    return values


def consider(state: State, seat: str, moves: list[Move]) -> list[Move]:
    """Exchanges wait for their new rules: no offers opened, one being built is dropped."""
    if state["phase"] == "trade":
        return [m for m in moves if m.code == "trade:cancel"] or moves
    return [m for m in moves if not m.code.startswith("trade:with:")] or moves


def rollout(game: Game, state: State, seat: str, moves: list[Move], rng: Rng) -> str:
    """The ``easy`` robot's choice among the moves already listed."""
    return ai.choose(state, seat, moves)


PLAYBOOK = Playbook(
    knowledge=sampling.knowledge,
    sample=sampling.sample,
    estimate=estimate,
    scale=300.0,
    iterations={"normal": 60, "hard": 300},
    horizon=12,
    rollout=rollout,
    consider=consider,
    notes={
        "easy": "Rents while it keeps 300 in cash, never trades, pays out of Prison only "
        "when rich.",
        "normal": "Weighs each choice (rent, pay, surrender) against a few dozen guessed rolls "
        "and cards.",
        "hard": "Weighs each choice against hundreds of guessed rolls and cards, counting the "
        "fees to come.",
    },
)
