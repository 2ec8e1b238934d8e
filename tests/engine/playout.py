"""Random complete games for any engine, checking the contract at every step.

Used by every game's tests (docs/ARCHITECTURE.md §8):

    from tests.engine.playout import playout
    final, log = playout(get_game("disneyland"), 3, seed=7)

At each step it checks: someone is to move until the game is over; every legal code
is a valid ``Move`` and unique; ``play`` never changes its input; a ``dump``/``load``
round trip is lossless and JSON-safe; garbage codes and a wrong seat raise
``IllegalMove``. At the end it replays the log from the seed and compares dumps
(determinism). ``invariant(state)`` (optional) runs after every move.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engine import Game, IllegalMove, Rng

GARBAGE = ["", "zzz-not-a-move", "build:999:999", " ", "../../etc", "☃", "x" * 300]

Invariant = Callable[[dict[str, Any]], None]


def _snapshot(game: Game, state: dict[str, Any]) -> str:
    return json.dumps(game.dump(state), sort_keys=True)


def check_step(game: Game, state: dict[str, Any], *, every_code: bool, rng: Rng) -> None:
    """Contract checks on one state that does not change it."""
    before = _snapshot(game, state)
    loaded = game.load(json.loads(before))
    assert _snapshot(game, loaded) == before, "dump/load round trip is lossless"
    movers = game.to_move(state)
    assert movers, "someone is to move until the game is over"
    assert game.outcome(state) is None
    seats = game.seats(state)
    for seat in seats:
        moves = game.legal_moves(state, seat)
        codes = [m.code for m in moves]
        assert len(codes) == len(set(codes)), f"duplicate codes for {seat}: {codes}"
        assert bool(moves) == (seat in movers), "legal_moves non-empty exactly for to_move"
    mover = rng.choice(movers)
    for junk in GARBAGE:
        with pytest.raises(IllegalMove):
            game.play(state, mover, junk)
    idle = [s for s in seats if s not in movers]
    if idle:
        code = game.legal_moves(state, mover)[0].code
        with pytest.raises(IllegalMove):
            game.play(state, rng.choice(idle), code)
    with pytest.raises(IllegalMove):
        game.play(state, "not-a-seat", game.legal_moves(state, mover)[0].code)
    if every_code:
        for move in game.legal_moves(state, mover):
            game.play(state, mover, move.code)
    assert _snapshot(game, state) == before, "play never changes its input"
    check_standings(game, state)
    check_table_hooks(game, state)
    for seat in seats:
        json.dumps(game.view(state, seat))


def check_table_hooks(game: Game, state: dict[str, Any]) -> None:
    """Public buttons are legal moves; every move has a short group name for the picker."""
    for seat in game.seats(state):
        legal = game.legal_moves(state, seat)
        assert set(game.public_moves(state, seat)) <= set(legal)
        for move in legal:
            group = game.move_group(state, seat, move)
            assert isinstance(group, str) and 1 <= len(group) <= 80, (move, group)


def check_standings(game: Game, state: dict[str, Any]) -> dict[str, Any]:
    """The public view's standings: every seat's parts sum to its score, in JSON."""
    view = json.loads(json.dumps(game.view(state, None)))
    standings: dict[str, Any] = view["standings"]
    scores = game.scores(state)
    assert set(standings["breakdown"]) == set(scores)
    for seat, parts in standings["breakdown"].items():
        assert all(isinstance(label, str) and label for label, _ in parts)
        assert sum(points for _, points in parts) == scores[seat], (seat, parts)
    assert standings["unit"] == game.score_unit
    return standings


def playout(
    game: Game,
    players: int,
    seed: int,
    *,
    options: dict[str, str] | None = None,
    checks: bool = True,
    every_code: bool = False,
    invariant: Invariant | None = None,
    max_moves: int = 20_000,
    chooser: Callable[[Game, dict[str, Any], str, Rng], str] | None = None,
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """Play one random complete game; return the final state and the move log."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = game.setup(seats, seed=seed, options=options)
    rng = Rng.from_seed(seed * 7919 + players)
    log: list[tuple[str, str]] = []
    while game.outcome(state) is None:
        assert len(log) < max_moves, f"game did not end within {max_moves} moves"
        if checks:
            check_step(game, state, every_code=every_code, rng=rng)
        movers = game.to_move(state)
        assert movers, "someone is to move until the game is over"
        seat = rng.choice(movers)
        if chooser is not None:
            code = chooser(game, state, seat, rng)
        else:
            code = rng.choice(game.legal_moves(state, seat)).code
        state, events = game.play(state, seat, code)
        assert all(isinstance(str(e), str) for e in events)
        log.append((seat, code))
        if invariant is not None:
            invariant(state)
    assert game.to_move(state) == []
    assert all(game.legal_moves(state, s) == [] for s in game.seats(state))
    outcome = game.outcome(state)
    assert outcome is not None and set(outcome.ranks) == set(game.seats(state))
    standings = check_standings(game, state)
    assert standings["ranks"] == dict(outcome.ranks) and standings["result"] == outcome.reason
    if checks:
        assert_replays(game, seats, seed, options, log, state)
    return state, log


def assert_replays(
    game: Game,
    seats: Sequence[str],
    seed: int,
    options: dict[str, str] | None,
    log: Sequence[tuple[str, str]],
    final: dict[str, Any],
) -> None:
    """Same seed + same codes = the same game, dump for dump."""
    state = game.setup(list(seats), seed=seed, options=options)
    for seat, code in log:
        state, _ = game.play(state, seat, code)
    assert _snapshot(game, state) == _snapshot(game, final), "replay is deterministic"
