"""What the search needs from each game, in one record (``engine/<game>/playbook.py``).

It stands beside the contract, below the games: a game builds its playbook and its
sampling on it without importing the robots (``engine.ai``), which read it from the game's
kit (``engine.kit``).

The two functions that touch secrets live in each game's ``sampling.py``:
``knowledge(state, seat)`` keeps what the seat can see and reduces every secret to what
is visible of it (a count, a pool of unseen cards in sorted order), and
``sample(known, seat, rng)`` deals the secrets back out at random so the result is a
complete state consistent with ``view(state, seat)``. The search only ever holds the
knowledge and its samples: the sampler is the one door to the real state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import LAST_TEXTS, Game, Move, Rng, State, clone

#: ``(game, state, seat, moves, rng) -> code``: how simulated players move after the tree.
Policy = Callable[[Game, State, str, list[Move], Rng], str]
#: ``(game, state, seat, moves) -> scores``: which moves the tree tries first (higher first).
Prior = Callable[[Game, State, str, list[Move]], list[float]]
#: ``(state, seat, moves) -> moves``: the moves worth weighing at all (never empty).
Filter = Callable[[State, str, list[Move]], list[Move]]


#: Weight of winning against finishing ahead of each opponent (``engine.ai.rewards``; a
#: playbook may set its own).
WIN_WEIGHT = 0.5


class UnclassifiedField(KeyError):
    """A state field that a game's sampler does not declare public or secret.

    Raised instead of guessing: copying an unknown field could hand a robot a secret.
    """


def random_policy(game: Game, state: State, seat: str, moves: list[Move], rng: Rng) -> str:
    return rng.choice(moves).code


@dataclass(frozen=True, slots=True)
class Playbook:
    """A game's search settings; budgets are iteration counts, never clock time."""

    #: ``(state, seat) -> knowledge``: the seat's information, secrets reduced.
    knowledge: Callable[[State, str], State]
    #: ``(knowledge, seat, rng) -> state``: a full state consistent with the knowledge.
    sample: Callable[[State, str, Rng], State]
    #: Each seat's expected final score from a running game, in score units.
    estimate: Callable[[State], Mapping[str, float]]
    #: A score lead worth about a 73% chance of finishing ahead (the logistic's unit).
    scale: float
    #: Search iterations per searching level ("normal", "hard").
    iterations: Mapping[str, int]
    #: One plain-words line per level ("easy", "normal", "hard"), for /rules and lobbies.
    notes: Mapping[str, str]
    #: Moves simulated after leaving the tree before ``estimate``; 0 plays to the end.
    horizon: int = 0
    rollout: Policy = random_policy
    #: Move ordering for the tree; with it the tree widens progressively, best first.
    prior: Prior | None = None
    #: How deep in the tree ``prior`` is consulted (it may be costly).
    prior_depth: int = 1
    #: Moves the search leaves out (an undo, an offer it would only cancel).
    consider: Filter | None = None
    #: The searching seat's own choices at the decision itself, when they differ from
    #: ``consider`` (a plan it may start now but does not expect of simulated players).
    opening: Filter | None = None
    #: Budgets for table sizes where ``iterations`` would cost more than a second (each
    #: simulation plays more seats' moves), by number of players.
    sized: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    #: How much of a simulation's reward is winning, the rest finishing ahead of each
    #: opponent (``engine.ai.rewards``; the two are the same at two players).
    win_weight: float = WIN_WEIGHT

    def budget(self, level: str, players: int) -> int:
        """The iterations of one decision at ``level`` with ``players`` at the table."""
        return self.sized.get(players, self.iterations)[level]

    def choices(self, state: State, seat: str, moves: list[Move], root: bool) -> list[Move]:
        """The moves worth weighing (``opening`` for the searching seat's own decision)."""
        narrow = self.opening if root and self.opening is not None else self.consider
        return narrow(state, seat, moves) if narrow is not None else moves


def public_fields(
    state: State, public: frozenset[str], secret: frozenset[str], where: str
) -> dict[str, Any]:
    """Copies of the ``public`` fields of ``state``; the caller summarises the ``secret`` ones.

    Every field must be declared one or the other, so a field added to a game later
    cannot slip into a robot's knowledge unnoticed. The contract's own record of the last
    events (``LAST_TEXTS``) is as public as ``state["last"]`` in every game.
    """
    public = public | {LAST_TEXTS}
    unknown = [key for key in state if key not in public and key not in secret]
    if unknown:
        raise UnclassifiedField(f"{where}: declare state field(s) {unknown} public or secret")
    known: dict[str, Any] = clone({key: value for key, value in state.items() if key in public})
    return known


def unpack(known: State, *notes: str) -> State:
    """A private deep copy of the public part of ``known`` (without the summaries in
    ``notes``): the search changes the states it samples in place."""
    state: State = clone({key: value for key, value in known.items() if key not in notes})
    return state


def fresh_rng(rng: Rng) -> int:
    """A new random-generator state for a sampled game (future dice are secrets too)."""
    return rng.next_u64() or 1
