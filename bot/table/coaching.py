"""The coach's work as plain functions of picklable data, for the robot workers
(``Robots.think``): a hint, a review, the learning game's brief. Each searches as long as a
robot's decision or longer, so it never runs in the event loop; each is deterministic, as
a robot's decision is, so a worker that dies is simply asked again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

from engine import State, get_game
from engine.coach import Action, Hint, Review, hints, learn_brief, review
from engine.core import Rng

#: The robots' level in a learning game: a first game against the rules of thumb, which
#: also answer at once.
LEARN_LEVEL = "easy"


def hint_seed(game_id: int, version: int, seat: str) -> int:
    """The generator of a hint: the game, the moment and the seat, nothing the seat cannot
    see (so two states it cannot tell apart get the same hint), and the same hint for the
    same question asked twice."""
    digest = hashlib.sha256(f"hint:{game_id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") or 1


def hint_for(slug: str, state: State, seat: str, rng_state: int, budget: int | None) -> list[Hint]:
    """``engine.coach.hints`` for ``seat`` (``budget``: the search's iterations, None for
    the coach's own)."""
    return hints(get_game(slug), state, seat, Rng(rng_state), budget)


def review_for(
    slug: str,
    seats: Sequence[str],
    seed: int,
    options: Mapping[str, str],
    moves: Sequence[tuple[str, str]],
    seat: str,
    budget: int,
) -> Review:
    """``engine.coach.review`` of ``seat``'s finished game, in at most ``budget`` playouts."""
    return review(get_game(slug), seats, seed, options, moves, seat, budget)


def brief_for(slug: str, state: State, seat: str) -> list[Action]:
    """``engine.coach.learn_brief``: what ``seat`` can do now, action by action."""
    return learn_brief(get_game(slug), state, seat)
