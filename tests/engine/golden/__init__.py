"""Golden move logs: one recorded game per game, so a move code never changes meaning.

A log (``<slug>.jsonl``, JSON Lines) opens with the table: the game, its seats, seed and
options, who played each seat (a robot's level, or ``anyone``: random legal moves), and
the fingerprint of the state ``setup`` made. Every later line is one move: its number,
seat and code, and what it led to: the seats to move, the scores and the fingerprint of
the new state; the last line also holds the ranks of the finished game.

A fingerprint is a sha256 of the state's canonical JSON, cut to 16 hex digits, with the
words kept for people left out (the last events' English and stored texts, a drawn card's
text): rewording a sentence changes no move's meaning, and the catalog's own tests watch
the words. ``python -m tests.engine.golden.record`` writes the logs
(:mod:`tests.engine.golden.record`); ``tests/engine/test_golden_logs.py`` replays them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Game, IllegalMove, get_game
from engine.core import LAST_TEXTS, State

#: Where the logs live, one ``<slug>.jsonl`` per game.
FOLDER = Path(__file__).parent
#: A state's top-level fields that only hold words for people (the last move's events).
WORDS = frozenset({"last", LAST_TEXTS})
#: A field, at any depth, that holds a text for people beside the code it explains
#: (Disneyland's drawn card keeps its ``id`` and its ``text``).
TEXT = "text"


def path_of(slug: str, folder: Path = FOLDER) -> Path:
    return folder / f"{slug}.jsonl"


def _meaning(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _meaning(item) for key, item in value.items() if key != TEXT}
    if isinstance(value, list):
        return [_meaning(item) for item in value]
    return value


def fingerprint(game: Game, state: State) -> str:
    """16 hex digits of the sha256 of ``state``'s canonical JSON, its words left out."""
    kept = {key: value for key, value in game.dump(state).items() if key not in WORDS}
    canonical = json.dumps(_meaning(kept), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def facts(game: Game, state: State) -> dict[str, Any]:
    """What a log line says about the state a move led to: readable facts and its print."""
    line: dict[str, Any] = {
        "to_move": game.to_move(state),
        "scores": game.scores(state),
        "state": fingerprint(game, state),
    }
    outcome = game.outcome(state)
    if outcome is not None:
        line["ranks"] = dict(outcome.ranks)
    return line


@dataclass(frozen=True)
class Log:
    """A recorded game: the table it was set up with and its moves as recorded."""

    game: str
    seats: list[str]
    seed: int
    options: dict[str, str]
    players: dict[str, str]
    start: str
    moves: list[dict[str, Any]]

    def lines(self) -> Iterator[str]:
        head = {
            "game": self.game,
            "seats": self.seats,
            "seed": self.seed,
            "options": self.options,
            "players": self.players,
            "state": self.start,
        }
        yield json.dumps(head, sort_keys=True)
        for move in self.moves:
            yield json.dumps(move, sort_keys=True)


def read(path: Path) -> Log:
    head, *moves = (json.loads(line) for line in path.read_text().splitlines() if line)
    return Log(
        game=head["game"],
        seats=head["seats"],
        seed=head["seed"],
        options=head["options"],
        players=head["players"],
        start=head["state"],
        moves=moves,
    )


def divergence(log: Log) -> str | None:
    """Replay ``log`` from its seed; the first move whose state differs from the recorded
    one, said for a person, or ``None`` when every state matches and the game ends where
    the log does."""
    game = get_game(log.game)
    state = game.setup(log.seats, seed=log.seed, options=log.options)
    if fingerprint(game, state) != log.start:
        return f"{log.game}: the state setup makes differs from the recorded one"
    for line in log.moves:
        where = f"{log.game} move {line['move']} ({line['seat']} plays {line['code']!r})"
        try:
            state, _ = game.play(state, line["seat"], line["code"])
        except IllegalMove as refused:
            return f"{where}: refused now ({refused}); it was legal when recorded"
        now = facts(game, state)
        recorded = {key: line[key] for key in now.keys() | {"ranks"} if key in line}
        if now != recorded:
            changed = sorted(
                key for key in now.keys() | recorded.keys() if now.get(key) != recorded.get(key)
            )
            return (
                f"{where} no longer leads to the recorded state: now {_some(now, changed)}, "
                f"recorded {_some(recorded, changed)}; a move code must keep its meaning"
            )
    if game.outcome(state) is None:
        return f"{log.game}: the log ends after move {len(log.moves)} but the game goes on"
    return None


def _some(line: Mapping[str, Any], keys: Sequence[str]) -> str:
    return json.dumps({key: line.get(key) for key in keys}, sort_keys=True)
