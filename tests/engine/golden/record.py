"""Write the golden move logs: ``.venv/bin/python -m tests.engine.golden.record [slug ...]``.

Each game is played to its end at a fixed table (:data:`TABLES`): seed, options and who
sits where. Robots of every level play most seats (``Game.ai_move`` is deterministic
given its ``Rng``); one seat plays ``anyone``, a random legal move, so the log also holds
moves robots seldom choose. When several seats may act (a simultaneous or secret choice),
the recorder's ``Rng`` picks which acts next.

Run it only when a game gains a move or a rule on purpose, then read the diff: a line that
changed for an existing move code is the change of meaning the logs exist to catch.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import Rng, get_game
from engine.catalog import GAMES
from tests.engine.golden import Log, facts, fingerprint, path_of

#: A seat played by random legal moves rather than a robot.
ANYONE = "anyone"


@dataclass(frozen=True)
class Table:
    """How one golden game is set up and who plays each seat."""

    seed: int
    players: dict[str, str]
    options: dict[str, str] = field(default_factory=dict)


TABLES: dict[str, Table] = {
    "adventureland": Table(
        seed=11,
        players={"p1": ANYONE, "p2": "easy", "p3": "normal", "p4": "hard"},
        options={"variant": "layout-bonus"},
    ),
    "imagineers": Table(
        seed=12,
        players={"p1": ANYONE, "p2": "easy", "p3": "normal", "p4": "hard"},
        options={"side": "night", "upgrades": "free"},
    ),
    "disneyland": Table(
        seed=4,
        players={"p1": ANYONE, "p2": "easy", "p3": "normal", "p4": "hard"},
        options={"length": "rounds-20", "prison": "total"},
    ),
    "troolpark": Table(
        seed=14,
        players={"p1": ANYONE, "p2": "easy", "p3": "normal", "p4": "hard"},
        options={"slide": "seats"},
    ),
}

#: A game that has not ended after this many moves is a recorder's mistake, not a log.
LONGEST = 5_000


def record(slug: str) -> Log:
    """Play ``slug``'s golden game to its end and return its log."""
    game = get_game(slug)
    table = TABLES[slug]
    seats = list(table.players)
    options = game.resolve_options(table.options)
    state = game.setup(seats, seed=table.seed, options=options)
    rng = Rng.from_seed(table.seed)
    start = fingerprint(game, state)
    moves: list[dict[str, object]] = []
    while game.outcome(state) is None:
        if len(moves) >= LONGEST:
            raise RuntimeError(f"{slug}: no end after {LONGEST} moves")
        seat = rng.choice(game.to_move(state))
        player = table.players[seat]
        if player == ANYONE:
            code = rng.choice(game.legal_moves(state, seat)).code
        else:
            code = game.ai_move(state, seat, rng, player)
        state, _ = game.play(state, seat, code)
        moves.append({"move": len(moves) + 1, "seat": seat, "code": code, **facts(game, state)})
    return Log(slug, seats, table.seed, options, dict(table.players), start, moves)


def main(argv: Sequence[str]) -> int:
    for slug in argv or GAMES:
        log = record(slug)
        path_of(slug).write_text("\n".join(log.lines()) + "\n")
        print(f"{slug}: {len(log.moves)} moves -> {path_of(slug)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
