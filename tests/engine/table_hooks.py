"""Random complete games that check a game's turn-message hooks at every step.

Used by each game's ``test_<game>_hooks.py``. At every position, for every seat:

- ``public_moves`` is a subset of ``legal_moves``; it is unchanged when everything hidden
  is dealt anew (``Secrets.scramble``: hands, the order of face-down piles, secret choices),
  so it can only depend on what the table sees; and no public label or code names a card
  that is only hidden (``Secrets.hidden_words``);
- ``move_group``: every group, and the list of groups, fit one picker menu (``GROUP_SIZE``).

After every step: when ``undoable`` says yes, the move was public, the rng and the
face-down piles (``Secrets.piles``) are unchanged, the seat is still to move and nothing
was announced; and replaying the log without that step gives ``before`` exactly.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import GROUP_SIZE, Game, Rng

State = dict[str, Any]
Chooser = Callable[[Game, State, str, Rng], str]


@dataclass(frozen=True)
class Secrets:
    """What a game hides, for the checks above."""

    #: A copy of a state with every hidden thing dealt anew (same public view).
    scramble: Callable[[State, Rng], State]
    #: Names of cards that are only hidden now (in no public place).
    hidden_words: Callable[[State], set[str]]
    #: State keys of the face-down piles (their order is hidden).
    piles: tuple[str, ...]


@dataclass
class Tally:
    """What the hooks said over the games, by move verb, so tests can check each case."""

    steps: int = 0
    public: Counter[str] = field(default_factory=Counter)
    private: Counter[str] = field(default_factory=Counter)
    undoable: Counter[str] = field(default_factory=Counter)
    announces: Counter[str] = field(default_factory=Counter)
    largest_group: int = 0


def verb(code: str) -> str:
    return code.partition(":")[0]


def _public_json(game: Game, state: State) -> str:
    return json.dumps(game.view(state, None), sort_keys=True)


def check_position(game: Game, state: State, secrets: Secrets, rng: Rng, tally: Tally) -> None:
    """The public-move and group checks on one position."""
    scrambled = secrets.scramble(state, rng)
    assert _public_json(game, scrambled) == _public_json(game, state), "scramble hides only"
    words = secrets.hidden_words(state)
    for seat in game.seats(state):
        legal = game.legal_moves(state, seat)
        public = game.public_moves(state, seat)
        assert set(public) <= set(legal)
        assert game.public_moves(scrambled, seat) == public, "public moves show nothing hidden"
        for move in public:
            assert not any(w in move.label or w in move.code for w in words), (move, words)
        codes = {m.code for m in public}
        for move in legal:
            (tally.public if move.code in codes else tally.private)[verb(move.code)] += 1
        groups = Counter(game.move_group(state, seat, move) for move in legal)
        assert len(groups) <= GROUP_SIZE, groups
        assert max(groups.values(), default=0) <= GROUP_SIZE, groups
        tally.largest_group = max(tally.largest_group, *groups.values(), 0)


def check_step(
    game: Game, before: State, seat: str, code: str, after: State, secrets: Secrets
) -> bool:
    """The undo checks on one step; whether it is undoable."""
    if not game.undoable(before, after, seat):
        return False
    assert code in {m.code for m in game.public_moves(before, seat)}, "only a public move"
    assert after["rng"] == before["rng"], "no chance drawn"
    assert all(after[p] == before[p] for p in secrets.piles), "nothing drawn from a pile"
    assert seat in game.to_move(after), "still the same seat's turn"
    assert not game.announces(before, after)
    return True


def hooks_playout(
    game: Game,
    players: int,
    seed: int,
    secrets: Secrets,
    tally: Tally,
    *,
    options: dict[str, str] | None = None,
    chooser: Chooser | None = None,
) -> None:
    """One random complete game with the checks above; adds to ``tally``."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = game.setup(seats, seed=seed, options=options)
    rng = Rng.from_seed(seed * 104729 + players)
    log: list[tuple[str, str]] = []
    befores: dict[int, str] = {}
    while not game.is_over(state):
        assert len(log) < 20_000
        check_position(game, state, secrets, rng, tally)
        seat = rng.choice(game.to_move(state))
        if chooser is None:
            code = rng.choice(game.legal_moves(state, seat)).code
        else:
            code = chooser(game, state, seat, rng)
        after, _ = game.play(state, seat, code)
        if check_step(game, state, seat, code, after, secrets):
            tally.undoable[verb(code)] += 1
            befores[len(log)] = json.dumps(game.dump(state), sort_keys=True)
        if game.announces(state, after):
            tally.announces[verb(code)] += 1
        log.append((seat, code))
        state = after
        tally.steps += 1
    replay = game.setup(seats, seed=seed, options=options)
    for index, (seat, code) in enumerate(log):
        if index in befores:
            assert json.dumps(game.dump(replay), sort_keys=True) == befores[index], (
                "the log without the undone step replays to the state before it"
            )
        replay, _ = game.play(replay, seat, code)


def check_summary(game: Game) -> None:
    """The player summary: 1..5 lines of plain words, each at most 120 characters."""
    assert 1 <= len(game.summary) <= 5
    for line in game.summary:
        assert 20 <= len(line) <= 120, line
        assert line == line.strip() and "\n" not in line
