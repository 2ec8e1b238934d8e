"""Robots for every game, at three levels: ``choose`` is their entry point
(docs/ARCHITECTURE.md §2).

- ``easy``: the game's own rules of thumb (``Game.heuristic_move``);
- ``normal`` and ``hard``: information-set Monte Carlo tree search (``ismcts``) with a
  fixed number of iterations, ``hard`` with several times more.

Every level first reduces the state to what the seat knows (``engine/<game>/sampling.py``)
and works only on that knowledge and on states sampled from it: a robot never peeks.
The search runs in the caller's thread; ``robot_move`` is a plain function of plain data
so the bot can run it in a worker process.

The robots are built on the game contract (``engine.core``) and sit above it: the contract
never imports them. Its ``Game.ai_move`` forwards to ``choose``, which the engine's front
door (``engine/__init__.py``) registers with ``engine.core.register_robots``.
"""

from __future__ import annotations

from engine.ai import ismcts
from engine.catalog import get_game, kit_of
from engine.core import Game, Rng, State
from engine.playbook import Playbook
from engine.text import Text, txc


def playbook_of(game: Game) -> Playbook:
    """The search settings of ``game``, from its kit (``engine.<slug>.playbook.PLAYBOOK``)."""
    return kit_of(game.slug).playbook


def check_level(game: Game, level: str) -> None:
    if level not in game.ai_levels:
        raise ValueError(
            f"unknown robot level {level!r} for {game.title}; "
            f"choose one of: {', '.join(game.ai_levels)}"
        )


def choose(
    game: Game, state: State, seat: str, rng: Rng, level: str, book: Playbook | None = None
) -> str:
    """A legal code for ``seat`` (``Game.ai_move``): reduce the state to ``seat``'s knowledge,
    then decide on that. ``book`` replaces the game's playbook (tests use tiny budgets)."""
    check_level(game, level)
    book = book or playbook_of(game)
    return decide(game, book, book.knowledge(state, seat), seat, rng, level)


def decide(game: Game, book: Playbook, known: State, seat: str, rng: Rng, level: str) -> str:
    """A legal code for ``seat`` from its knowledge alone."""
    sample = book.sample(known, seat, rng)
    moves = game.legal_moves(sample, seat)
    if not moves:
        raise ValueError(f"{seat} has no move to make now")
    if len(moves) == 1:
        return moves[0].code
    if level == "easy":
        return game.heuristic_move(sample, seat, rng)
    moves = book.choices(sample, seat, moves, root=True)
    if len(moves) == 1:
        return moves[0].code
    budget = book.budget(level, len(game.seats(known)))
    return ismcts.search(game, book, known, seat, rng, budget)


def robot_move(slug: str, state: State, seat: str, rng_state: int, level: str) -> str:
    """``choose`` as a pure function of plain, picklable data (for a process pool)."""
    return choose(get_game(slug), state, seat, Rng(rng_state), level)


#: Each robot level's name for players; the levels themselves (``engine.core.AI_LEVELS``)
#: are codes that commands take and the store keeps.
LEVEL_NAMES: dict[str, Text] = {
    # i18n: a robot's level, as in "a robot (easy)".
    "easy": txc("robot", "easy"),
    # i18n: a robot's level, as in "a robot (normal)".
    "normal": txc("robot", "normal"),
    # i18n: a robot's level, as in "a robot (hard)".
    "hard": txc("robot", "hard"),
}


def level_notes(game: Game) -> dict[str, str]:
    """One line per level (a ``Text``), weakest first (for /rules and the lobby)."""
    notes = playbook_of(game).notes
    return {level: notes[level] for level in game.ai_levels}


__all__ = [
    "LEVEL_NAMES",
    "Playbook",
    "choose",
    "decide",
    "level_notes",
    "playbook_of",
    "robot_move",
]
