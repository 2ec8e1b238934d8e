"""After the game: the turning points of one seat's play, by the coach's estimate.

For each decision of the seat that had a choice, the coach searches from what the seat
knew then (never what it learnt later). The seat's expected result *before* the move is
that of the coach's own pick; the one *after* is that of the move played (the same
number when they agree, else a second search whose root may only play the move played).
The turning points are the moves that changed it most. The whole review spends at most
``budget`` playouts: a long game gets fewer per decision, and past a point only every
n-th decision is weighed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.ai import ismcts, playbook_of
from engine.coach.advice import coach_budget, plan, ranking, reason
from engine.core import Game, Move, Rng, State
from engine.playbook import Playbook
from engine.text import Text

#: Playouts one review may spend in all, by default (bench/hints.py measures its cost).
REVIEW_BUDGET = 6000
#: The fewest playouts a weighed decision gets for each of its searches.
MIN_PLAYOUTS = 24
#: How many turning points a review shows.
TURNING_POINTS = 3
#: Mixed into the game's seed for the review's own generator: the samples must not repeat
#: the game's shuffles (``Rng.from_seed(seed)`` is the game's own first generator).
REVIEW_SALT = 0x5EED_C0AC


@dataclass(frozen=True, slots=True)
class TurningPoint:
    """One decision of the seat, weighed: the move played against the coach's pick."""

    #: The move's place in the game's log (0-based) and among the seat's own moves (1-based).
    index: int
    number: int
    code: str
    label: str
    coach: str
    coach_label: str
    #: What the coach's move was for.
    reason: Text
    #: The seat's expected result (0..1) with the coach's move, and after the move played.
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Review:
    """The turning points of ``seat``'s game, the largest change first."""

    seat: str
    points: tuple[TurningPoint, ...]
    #: The seat's decisions with a choice, how many were weighed, and in how many of those
    #: the coach would have played the same.
    decisions: int
    weighed: int
    agreed: int
    #: The playouts spent in all (at most the budget, or two searches of ``MIN_PLAYOUTS``).
    playouts: int


@dataclass(frozen=True, slots=True)
class _Decision:
    index: int
    number: int
    state: State
    move: Move


def review(
    game: Game,
    seats: Sequence[str],
    seed: int,
    options: Mapping[str, str] | None,
    moves: Sequence[tuple[str, str]],
    seat: str,
    budget: int = REVIEW_BUDGET,
) -> Review:
    """The turning points of ``seat`` in the game set up with ``seats``, ``seed`` and
    ``options`` and played with the ``(seat, code)`` moves of ``moves`` (the whole game, or
    its start). Deterministic: the same game and budget give the same review."""
    book = playbook_of(game)
    decisions = _decisions(game, game.setup(seats, seed, options), moves, seat)
    per_search = max(
        MIN_PLAYOUTS,
        min(coach_budget(book, len(seats)), budget // max(1, 2 * len(decisions))),
    )
    room = max(1, budget // (2 * per_search))
    stride = -(-len(decisions) // room)
    weighed = decisions[:: max(1, stride)]
    rng = Rng.from_seed(seed ^ REVIEW_SALT)
    found: list[TurningPoint] = []
    agreed = spent = 0
    for decision in weighed:
        point, playouts = _weigh(game, book, decision, seat, Rng(rng.next_u64()), per_search)
        spent += playouts
        if point is None:
            agreed += 1
        else:
            found.append(point)
    found.sort(key=lambda point: (-abs(point.change), point.index))
    return Review(
        seat=seat,
        points=tuple(found[:TURNING_POINTS]),
        decisions=len(decisions),
        weighed=len(weighed),
        agreed=agreed,
        playouts=spent,
    )


def _decisions(
    game: Game, start: State, moves: Sequence[tuple[str, str]], seat: str
) -> list[_Decision]:
    """The seat's moves that had a choice, each with the state it was played in."""
    found: list[_Decision] = []
    state = start
    number = 0
    for index, (mover, code) in enumerate(moves):
        if mover == seat:
            number += 1
            legal = game.legal_moves(state, seat)
            played = next((m for m in legal if m.code == code), None)
            if played is not None and len(legal) > 1:
                found.append(_Decision(index, number, state, played))
        state, _ = game.play(state, mover, code)
    return found


def _weigh(
    game: Game, book: Playbook, decision: _Decision, seat: str, rng: Rng, iterations: int
) -> tuple[TurningPoint | None, int]:
    """The move played against the coach's pick at one decision (``None`` when they
    agree), and the playouts spent."""
    known = book.knowledge(decision.state, seat)
    sample = book.sample(known, seat, rng)
    labels = {m.code: m.label for m in game.legal_moves(sample, seat)}
    root = ismcts.grow(game, book, known, seat, rng, iterations)
    edges = root.edges[seat]
    coach = ranking(root, seat, labels)[0]
    before = edges[coach].total / edges[coach].visits
    played = decision.move.code
    if played == coach:
        return None, iterations
    alone = ismcts.grow(game, _only(book, played), known, seat, rng, iterations)
    edge = alone.edges[seat][played]
    point = TurningPoint(
        index=decision.index,
        number=decision.number,
        code=played,
        label=decision.move.label,
        coach=coach,
        coach_label=labels[coach],
        reason=reason(game, sample, seat, coach, plan(root, seat, coach)),
        before=before,
        after=edge.total / max(1, edge.visits),
    )
    return point, 2 * iterations


def _only(book: Playbook, code: str) -> Playbook:
    """``book`` whose searching seat may only play ``code`` at the root (later decisions
    are weighed as usual)."""

    def opening(state: State, seat: str, moves: list[Move]) -> list[Move]:
        return [m for m in moves if m.code == code] or moves

    return dataclasses.replace(book, opening=opening)
