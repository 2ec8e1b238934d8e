"""Information-set Monte Carlo tree search over sampled states.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): every iteration deals a fresh
sample of the secrets from the searching seat's knowledge (other hands, deck orders,
future dice), walks the one shared tree with the moves legal in that sample, adds one
node, simulates on and scores the result for every seat. A node is a sequence of moves;
the statistics of a move belong to the seat that made it, and a move's *availability*
counts the samples in which it was legal, so rare moves are judged fairly (UCB1).

Simultaneous phases (several seats waiting at once, e.g. Trool Park's secret choice) are
decoupled: each waiting seat picks from its own statistics at the same node, so no seat's
choice is made knowing another's. Budgets are iteration counts: the same knowledge and
the same ``rng`` always give the same move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.ai import rewards
from engine.core import Game, Move, Rng, State
from engine.playbook import Playbook

#: UCB1 exploration constant for rewards in [0, 1].
EXPLORATION = 0.7
#: UCB values this close count as equal.
TIE = 1e-9
#: Simulation length cap when a playbook plays to the end (some games can run long).
MAX_SIMULATION = 3000


@dataclass(slots=True)
class Edge:
    """One move's statistics at a node, for the seat that makes it."""

    visits: int = 0
    total: float = 0.0
    avail: int = 0
    #: Simulations through this move that its seat finished on top (a tie shares it):
    #: what the coach reports as "came out ahead" (``engine.coach``).
    ahead: float = 0.0


@dataclass(slots=True)
class Node:
    depth: int
    edges: dict[str, dict[str, Edge]] = field(default_factory=dict)  # seat -> code -> stats
    children: dict[tuple[str, ...], Node] = field(default_factory=dict)
    ranks: dict[str, dict[str, int]] = field(default_factory=dict)  # seat -> code -> order
    visits: dict[str, int] = field(default_factory=dict)  # seat -> decisions made here


def search(game: Game, book: Playbook, known: State, seat: str, rng: Rng, iterations: int) -> str:
    """The move ``seat`` visited most at the root after ``iterations`` simulations."""
    edges = grow(game, book, known, seat, rng, iterations).edges[seat]
    return max(edges, key=lambda code: (edges[code].visits, edges[code].total))


def grow(game: Game, book: Playbook, known: State, seat: str, rng: Rng, iterations: int) -> Node:
    """The search tree after ``iterations`` simulations (its root)."""
    root = Node(depth=0)
    for _ in range(max(1, iterations)):
        _iterate(game, book, known, seat, rng, root)
    return root


def _iterate(game: Game, book: Playbook, known: State, seat: str, rng: Rng, root: Node) -> None:
    state = book.sample(known, seat, rng)
    node = root
    path: list[tuple[Node, list[tuple[str, str]]]] = []
    while True:
        actors = _actors(game, state, seat if node is root else None)
        if not actors:
            break
        options = [game.legal_moves(state, actor) for actor in actors]
        if not all(options):
            break  # a sample the rules could not reach: score it as it stands
        joint = [
            (
                actor,
                _select(game, book, node, state, actor, rng, moves, node is root and actor == seat),
            )
            for actor, moves in zip(actors, options, strict=True)
        ]
        for actor, code in joint:
            game.apply(state, actor, code)
        path.append((node, joint))
        key = tuple(code for _, code in joint)
        child = node.children.get(key)
        if child is None:
            node.children[key] = Node(depth=node.depth + 1)
            break
        node = child
    result = _simulate(game, book, state, rng)
    top = max(result.values())
    leaders = [s for s, reward in result.items() if reward >= top - TIE]
    for visited, joint in path:
        for actor, code in joint:
            edge = visited.edges[actor][code]
            edge.visits += 1
            edge.total += result[actor]
            if actor in leaders:
                edge.ahead += 1.0 / len(leaders)


def _actors(game: Game, state: State, root_seat: str | None) -> list[str]:
    """Who decides at this node: the seats the game waits on (all of them at once in a
    simultaneous phase). At the root the searching seat always decides, even when it
    may only be changing a secret choice it already made."""
    waiting = game.waiting_for(state)
    if root_seat is not None and root_seat not in waiting:
        return [root_seat, *waiting]
    return waiting


def _select(
    game: Game,
    book: Playbook,
    node: Node,
    state: State,
    actor: str,
    rng: Rng,
    moves: list[Move],
    root: bool,
) -> str:
    """UCB1 over the moves legal in this sample; untried ones first (best prior first, or
    at random). With a prior, only the best ``1 + sqrt(decisions)`` moves are open.
    ``root``: the searching seat's own decision."""
    moves = book.choices(state, actor, moves, root)
    edges = node.edges.setdefault(actor, {})
    count = node.visits.get(actor, 0)
    node.visits[actor] = count + 1
    if len(moves) == 1:
        only = moves[0].code
        edges.setdefault(only, Edge()).avail += 1
        return only
    codes = [m.code for m in moves]
    ranked = book.prior is not None and node.depth < book.prior_depth
    if ranked:
        order = node.ranks.get(actor)
        if order is None:
            order = node.ranks[actor] = _rank(game, book, state, actor, moves)
        codes.sort(key=lambda code: order.get(code, len(order)))
        codes = codes[: 1 + math.isqrt(count)]
    untried: list[str] = []
    for code in codes:
        edge = edges.get(code)
        if edge is None:
            edge = edges[code] = Edge()
        edge.avail += 1
        if edge.visits == 0:
            untried.append(code)
    if untried:
        return untried[0] if ranked else rng.choice(untried)
    best: list[str] = []
    best_value = -1.0
    for code in codes:
        edge = edges[code]
        value = edge.total / edge.visits + EXPLORATION * math.sqrt(
            math.log(edge.avail) / edge.visits
        )
        if value > best_value + TIE:
            best, best_value = [code], value
        elif value >= best_value - TIE:
            best.append(code)
    # Ties are broken at random: seats choosing at once must not fall into step.
    return best[0] if len(best) == 1 else rng.choice(best)


def _rank(
    game: Game, book: Playbook, state: State, actor: str, moves: list[Move]
) -> dict[str, int]:
    assert book.prior is not None
    scores = book.prior(game, state, actor, moves)
    ordered = sorted(range(len(moves)), key=lambda i: -scores[i])
    return {moves[i].code: rank for rank, i in enumerate(ordered)}


def _simulate(game: Game, book: Playbook, state: State, rng: Rng) -> dict[str, float]:
    """Play on with the playbook's policy, then score every seat."""
    for _ in range(book.horizon or MAX_SIMULATION):
        waiting = game.waiting_for(state)
        if not waiting:
            break
        actor = waiting[0]
        moves = game.legal_moves(state, actor)
        if not moves:
            break
        code = moves[0].code if len(moves) == 1 else book.rollout(game, state, actor, moves, rng)
        game.apply(state, actor, code)
    outcome = game.outcome(state)
    if outcome is not None:
        return rewards.from_ranks(outcome.ranks, book.win_weight)
    return rewards.from_estimates(book.estimate(state), book.scale, book.win_weight)
