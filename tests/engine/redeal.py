"""Twin worlds for the table: states the table cannot tell apart.

``redeal`` deals again everything hidden from the table, with the robots' own samplers
(``engine/<game>/sampling.py``): each seat's sampler keeps what that seat sees and deals
the rest anew, consistently with its view, so chaining every seat's sampler leaves only
what the whole table sees. ``twin_move`` finds, in a twin, the move that looks the same
to the table as a move played in the real game (the same log lines, the same public view
after it), whatever its code: with other cards in hand, the same public step may be
another card's code. ``choose`` plays random games that end; ``differences`` says where
two worlds' public records part.
"""

from __future__ import annotations

import json
from typing import Any

from engine import Game, Move, Rng
from engine.ai import playbook_of

State = dict[str, Any]


def redeal(
    game: Game, state: State, rng: Rng, *, keep: str | None = None, same_dice: bool = False
) -> State:
    """A state with ``state``'s public view and everything else dealt anew: the hands,
    the piles' order, the secret choices and, unless ``same_dice``, the future dice.
    ``keep``: a seat whose own secrets stay as they are (only what it cannot see moves)."""
    book = playbook_of(game)
    twin = state
    for seat in [keep] if keep is not None else game.seats(state):
        twin = book.sample(book.knowledge(twin, seat), seat, rng)
    if same_dice:
        twin["rng"] = state["rng"]
    return twin


def twin_move(game: Game, real: State, twin: State, seat: str, code: str) -> str | None:
    """A code ``seat`` may play in ``twin`` that the table cannot tell from ``code`` in
    ``real``: another code where one looks the same (another tile picked, another secret
    choice), else ``code`` itself; None when every move of the twin shows the table
    something else (the step reveals what differs: a card drawn, a tile built, dice)."""
    after, events = game.play(real, seat, code)
    seen = game.view(after, None)
    legal = game.legal_moves(twin, seat)
    for move in sorted(legal, key=lambda m: m.code == code):
        other, other_events = game.play(twin, seat, move.code)
        if other_events == events and game.view(other, None) == seen:
            return move.code
    return None


def choose(game: Game, state: State, seat: str, rng: Rng) -> str:
    """A random legal move; Disneyland's exchange writing only now and then (a random
    writer would write and cancel offers for thousands of steps)."""
    moves = game.legal_moves(state, seat)
    plain = [m for m in moves if not m.code.startswith("trade")]
    pool: list[Move] = plain if plain and rng.below(10) else moves
    return rng.choice(pool).code


def differences(real: dict[str, Any], twin: dict[str, Any]) -> str:
    """The public parts that differ, both sides, for the failure message."""
    lines = []
    for key in real:
        if real[key] != twin[key]:
            a = json.dumps(real[key], default=str)
            b = json.dumps(twin[key], default=str)
            start = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), 0)
            lines.append(f"{key}:\n  real: …{a[max(0, start - 300) : start + 300]}")
            lines.append(f"  twin: …{b[max(0, start - 300) : start + 300]}")
    return "\n".join(lines)
