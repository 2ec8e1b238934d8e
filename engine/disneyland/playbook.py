"""How the Disneyland robots search: settings for ``engine.ai`` (see ``sampling.py``).

Exchanges are planned whole (``valuation.best_exchange``): at its turn before rolling the
searching robot may open the one exchange it would propose, and while it writes the terms
its moves are the plan's, so the search weighs "propose this, then roll" against rolling.
"""

from __future__ import annotations

from engine.core import Game, Move, Rng, State
from engine.disneyland import ai, sampling, trade, valuation
from engine.playbook import Playbook
from engine.text import txc


def consider(state: State, seat: str, moves: list[Move], opening: bool = False) -> list[Move]:
    """The moves worth weighing: an exchange being written follows its plan; the robot
    accepts an offer only when it helps it at least as much as the other side, and a
    simulated partner answers by the ``easy`` rule the plan was priced for; counter-offers
    are left to people; and only the searching robot, at its own decision (``opening``),
    opens the exchange it plans, once a turn. The length of the game is the people's to
    agree: a robot never proposes one and goes with the majority in a vote."""
    phase = state["phase"]
    if phase == "vote":
        return [m for m in moves if m.code == "vote:follow"] or moves
    if phase == "trade":
        if state["trade"]["by"] != seat:
            return moves
        code = valuation.next_code(state, seat)
        return [m for m in moves if m.code == code] or [
            m for m in moves if m.code == "trade:cancel"
        ]
    if phase == "offer":
        if trade.answerer(state["trade"]) != seat:
            return moves
        if not opening:  # a simulated partner answers as the offer was priced: by easy's rule
            return [m for m in moves if m.code == ai.choose(state, seat, moves)] or moves
        allowed = {"trade:decline"} | (
            {"trade:accept"} if valuation.may_accept(state, seat) else set()
        )
        return [m for m in moves if m.code in allowed] or moves
    kept = [m for m in moves if not m.code.startswith(("trade:with:", "propose:"))]
    if opening and phase == "start" and len(kept) < len(moves) and not valuation.just_traded(state):
        plan = valuation.best_exchange(state, seat)
        if plan is not None:
            kept += [m for m in moves if m.code == f"trade:with:{plan.partner}"]
    return kept or moves


def opening(state: State, seat: str, moves: list[Move]) -> list[Move]:
    return consider(state, seat, moves, opening=True)


def rollout(game: Game, state: State, seat: str, moves: list[Move], rng: Rng) -> str:
    """The ``easy`` robot's choice among the moves already listed, except that terms
    being written follow their plan."""
    if state["phase"] == "trade" and state["trade"]["by"] == seat:
        return consider(state, seat, moves)[0].code
    return ai.choose(state, seat, moves)


PLAYBOOK = Playbook(
    knowledge=sampling.knowledge,
    sample=sampling.sample,
    estimate=valuation.estimate,
    scale=1500.0,
    iterations={"normal": 60, "hard": 300},
    sized={4: {"normal": 50, "hard": 250}, 5: {"normal": 50, "hard": 250}},
    horizon=12,
    rollout=rollout,
    consider=consider,
    opening=opening,
    notes={
        "easy": txc(
            "disneyland",
            "Rents while it keeps {reserve} in cash, never offers an exchange, pays out of "
            "Prison only when rich.",
            reserve=ai.RENT_RESERVE,
        ),
        "normal": txc(
            "disneyland",
            "A few dozen play-outs a choice, counting fees to come; offers exchanges that help "
            "it more.",
        ),
        "hard": txc(
            "disneyland",
            "Hundreds of play-outs a choice, counting fees to come; offers exchanges that help "
            "it more.",
        ),
    },
)
