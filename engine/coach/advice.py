"""The coach's hints for one seat: the search's best moves, what the playouts said of
each, and what each is for.

The coach is the ``hard`` robot's search (``engine.ai.ismcts``) with a larger budget, run
from the seat's knowledge alone (``Playbook.knowledge``), so it never uses what the seat
may not see. Budgets are iteration counts: the same knowledge and ``rng`` always give the
same hints.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai import ismcts, playbook_of
from engine.coach import words
from engine.coach.games import coaching_of
from engine.core import Game, Rng, State, clone
from engine.playbook import Playbook
from engine.text import Text

#: The robot level whose search the coach runs.
COACH_LEVEL = "hard"
#: The coach searches this many times as long as a ``hard`` robot, so the moves after
#: its first choice get playouts enough to compare (bench/hints.py: p99 within 2 s of CPU).
BUDGET_FACTOR = 2
#: The most moves one hint shows.
TOP = 3
#: A move after the first is shown only if at least this share of the playouts began
#: with it: a move the search barely tried is no advice.
MIN_SHARE = 0.05
#: How many of the seat's own next decisions a plan follows (a tile, then its use).
PLAN_DEPTH = 3


@dataclass(frozen=True, slots=True)
class Hint:
    """One move the coach recommends, and why."""

    code: str
    label: str
    #: What the move is for, in the game's terms.
    reason: Text
    #: Playouts that began with this move (0: the seat's only move, nothing searched).
    playouts: int
    #: The search's playouts in all (0 when nothing was searched).
    total: int
    #: The seat's mean reward over them (0..1, winning and places: ``engine.ai.rewards``):
    #: the coach's estimate of the seat's result after this move.
    value: float
    #: The share of them the seat finished on top (ties shared).
    ahead: float

    @property
    def share(self) -> float:
        """The share of the playouts that began with this move: how strongly the search
        settled on it (1 for the only move)."""
        return self.playouts / self.total if self.total else 1.0

    @property
    def search(self) -> Text:
        """What the playouts said, in words."""
        if not self.playouts:
            return words.only_move()
        return words.search(self.playouts, self.total, self.ahead)

    @property
    def line(self) -> Text:
        """The move and what it is for."""
        return words.choice(self.label, self.reason)


def coach_budget(book: Playbook, players: int) -> int:
    """The iterations of one hint at a table of ``players``."""
    return book.budget(COACH_LEVEL, players) * BUDGET_FACTOR


def hints(game: Game, state: State, seat: str, rng: Rng, budget: int | None = None) -> list[Hint]:
    """The coach's best moves for ``seat`` in ``state``, best first (at most ``TOP``).
    The state is reduced to the seat's knowledge before anything looks at it, and never
    changed. ``budget``: the search's iterations (default: ``coach_budget``).
    ``ValueError`` when the seat has no move to make."""
    book = playbook_of(game)
    known = book.knowledge(state, seat)
    sample = book.sample(known, seat, rng)
    moves = game.legal_moves(sample, seat)
    if not moves:
        raise ValueError(f"{seat} has no move to make now")
    labels = {move.code: move.label for move in moves}
    if len(moves) == 1:
        only = moves[0]
        return [Hint(only.code, only.label, words.only_move(), 0, 0, 0.0, 0.0)]
    iterations = budget or coach_budget(book, len(game.seats(known)))
    root = ismcts.grow(game, book, known, seat, rng, iterations)
    edges = root.edges[seat]
    total = sum(edge.visits for edge in edges.values())
    found: list[Hint] = []
    for code in ranking(root, seat, labels)[:TOP]:
        edge = edges[code]
        if found and edge.visits < MIN_SHARE * total:
            break
        found.append(
            Hint(
                code=code,
                label=labels[code],
                reason=reason(game, sample, seat, code, plan(root, seat, code)),
                playouts=edge.visits,
                total=total,
                value=edge.total / edge.visits,
                ahead=edge.ahead / edge.visits,
            )
        )
    return found


def ranking(root: ismcts.Node, seat: str, legal: dict[str, str]) -> list[str]:
    """The seat's moves the search tried, best first: most visited, then the best total,
    then the first tried, as ``ismcts.search`` ranks them, so the first is the move the
    robot would play after the same search."""
    edges = root.edges.get(seat, {})
    return sorted(
        (code for code, edge in edges.items() if edge.visits and code in legal),
        key=lambda code: (-edges[code].visits, -edges[code].total),
    )


def reason(game: Game, sample: State, seat: str, code: str, steps: tuple[str, ...]) -> Text:
    """What ``code`` is for, in the game's own terms (``engine/<game>/coaching.py``), read
    from ``sample``, a state consistent with the seat's knowledge, which stays unchanged."""
    return coaching_of(game).explain(game, clone(sample), seat, code, steps)


def plan(root: ismcts.Node, seat: str, code: str) -> tuple[str, ...]:
    """The seat's own next decisions after ``code`` along the most-visited branch of the
    tree, while nobody else decides in between."""
    steps: list[str] = []
    node = root.children.get((code,))
    while node is not None and len(steps) < PLAN_DEPTH and set(node.edges) == {seat}:
        edges = node.edges[seat]
        visited = [c for c, edge in edges.items() if edge.visits]
        if not visited:
            break
        step = max(visited, key=lambda c: (edges[c].visits, edges[c].total, c))
        steps.append(step)
        node = node.children.get((step,))
    return tuple(steps)
