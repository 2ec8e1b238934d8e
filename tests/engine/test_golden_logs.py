"""Golden move logs: each game's recorded game replays to the very same states, so a move
code never changes meaning (docs/ARCHITECTURE.md §2: a saved game is its seed and codes).

The logs are ``tests/engine/golden/<slug>.jsonl``, one complete game per game with robots
of every level and a seat of random moves (what they hold: :mod:`tests.engine.golden`).
They are written by ``.venv/bin/python -m tests.engine.golden.record [slug ...]`` and only
by it: this test reads them and never rewrites them. A failure names the first move whose
state, seats to move or scores differ from the recording. If that change is meant (a new
rule, a fixed bug), re-record that game and say why in the commit; otherwise every stored
game and replay now means something else: fix the code, not the log.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine import Game, get_game
from engine.catalog import GAMES
from engine.core import State
from tests.engine.golden import FOLDER, Log, divergence, fingerprint, path_of, read
from tests.engine.golden.record import ANYONE

#: The game the tampering tests use: its secret, simultaneous choices replay quickly.
TAMPERED = "troolpark"


@pytest.mark.parametrize("slug", GAMES)
def test_the_recorded_game_replays_state_for_state(slug: str) -> None:
    log = read(path_of(slug))
    assert log.game == slug
    found = divergence(log)
    assert found is None, found


def test_every_game_has_one_log() -> None:
    assert sorted(path.stem for path in FOLDER.glob("*.jsonl")) == sorted(GAMES)


@pytest.mark.parametrize("slug", GAMES)
def test_a_log_is_a_whole_game_of_varied_moves(slug: str) -> None:
    """Robots of every level and a seat of random moves play the whole game, with the
    game's every option set, so the log holds many kinds of move, not one path."""
    game = get_game(slug)
    log = read(path_of(slug))
    assert set(log.options) == {spec.name for spec in game.options}
    assert set(log.players.values()) == {ANYONE, *game.ai_levels}
    assert {line["seat"] for line in log.moves} == set(log.seats)
    assert "ranks" in log.moves[-1] and log.moves[-1]["to_move"] == []
    kinds = {line["code"].split(":")[0] for line in log.moves}
    assert len(kinds) >= 5, kinds


def _before(log: Log, number: int) -> tuple[Game, State]:
    """The game and the state just before move ``number`` of ``log``."""
    game = get_game(log.game)
    state = game.setup(log.seats, seed=log.seed, options=log.options)
    for line in log.moves[: number - 1]:
        state, _ = game.play(state, line["seat"], line["code"])
    return game, state


def _other_code(log: Log, number: int) -> str:
    """A legal code at move ``number`` other than the recorded one, leading elsewhere."""
    game, state = _before(log, number)
    line = log.moves[number - 1]
    recorded = fingerprint(game, game.play(state, line["seat"], line["code"])[0])
    for move in game.legal_moves(state, line["seat"]):
        if fingerprint(game, game.play(state, line["seat"], move.code)[0]) != recorded:
            return move.code
    raise AssertionError(f"move {number} had no other choice: pick another")


def _choice(log: Log) -> int:
    """The number of the log's first secret choice made while others still chose."""
    return next(
        int(line["move"])
        for line in log.moves
        if line["code"].startswith("choose:") and len(line["to_move"]) > 1
    )


def test_a_code_that_changed_meaning_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine, not the log, changed: one code now does what another did. The replay
    stops at that very move and names it."""
    log = read(path_of(TAMPERED))
    number = _choice(log)
    code = log.moves[number - 1]["code"]
    other = _other_code(log, number)
    game = get_game(TAMPERED)
    meant = game.apply

    def apply(state: State, seat: str, played: str) -> list[str]:
        return meant(state, seat, other if played == code else played)

    monkeypatch.setattr(game, "apply", apply)
    found = divergence(log)
    assert found is not None and f"move {number} " in found and repr(code) in found, found


def test_a_tampered_log_fails_at_its_first_changed_move(tmp_path: Path) -> None:
    log = read(path_of(TAMPERED))
    number = _choice(log)
    moves = [dict(line) for line in log.moves]
    moves[number - 1]["code"] = _other_code(log, number)
    copy = tmp_path / f"{TAMPERED}.jsonl"
    copy.write_text("\n".join(dataclasses.replace(log, moves=moves).lines()) + "\n")
    found = divergence(read(copy))
    assert found is not None and f"move {number} " in found and "state" in found, found


def test_a_log_that_stops_early_or_plays_on_fails(tmp_path: Path) -> None:
    log = read(path_of(TAMPERED))
    cut = dataclasses.replace(log, moves=log.moves[:-1])
    found = divergence(cut)
    assert found is not None and "goes on" in found, found
    junk = {**log.moves[0], "move": len(log.moves) + 1}
    longer = dataclasses.replace(log, moves=[*log.moves, junk])
    found = divergence(longer)
    assert found is not None and f"move {len(log.moves) + 1} " in found, found
    assert "refused" in found, found


def test_another_seed_is_another_game() -> None:
    """The setup's own print is checked: a log replayed from another seed fails at once."""
    log = read(path_of(TAMPERED))
    found = divergence(dataclasses.replace(log, seed=log.seed + 1))
    assert found is not None and "setup" in found, found


def test_a_print_leaves_out_words_but_not_meaning() -> None:
    """Rewording an event or a card changes no print; any other field does."""
    game = get_game("disneyland")
    log = read(path_of("disneyland"))
    _, state = _before(log, len(log.moves))
    assert state["last_card"]["text"], "the game's last step drew a card"
    reworded = {
        **state,
        "last": ["Other words."],
        "last_texts": ["Other words."],
        "last_card": {**state["last_card"], "text": "Other words."},
    }
    assert fingerprint(game, reworded) == fingerprint(game, state)
    assert fingerprint(game, {**state, "round": state["round"] + 1}) != fingerprint(game, state)
