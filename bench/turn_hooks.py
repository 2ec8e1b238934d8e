"""What the turn-message hooks say over complete robot games, per game and
player count: how many steps and turns a game has, how many new public messages the
engine's side of the edit-or-post rule implies (a post when the seats to move change or
the step ``announces``), how often a step is undoable, how often the mover has public
buttons, and the largest picker menus. Numbers are printed, never asserted.

    .venv/bin/python -m bench.turn_hooks [games per player count, default 20]

A *turn* is a stretch of steps with the same seats to move (``to_move``); Trool Park's
secret choice is one turn for the whole table, as the bot edits its message for each
"has chosen".
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field

from engine import Game, Rng, get_game

SLUGS = ("adventureland", "disneyland", "troolpark")
OPTIONS: dict[str, dict[str, str]] = {"disneyland": {"length": "rounds-40"}}


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    turns: int = 0
    posts: int = 0
    #: Posts caused only by ``announces`` (the seats to move did not change).
    announced: int = 0
    undoable: int = 0
    #: Positions where the mover had at least one public move / only public moves.
    some_public: int = 0
    all_public: int = 0
    most_moves: int = 0
    largest_group: int = 0
    most_groups: int = 0
    undo_by_verb: Counter[str] = field(default_factory=Counter)


def _waiting(game: Game, state: dict[str, object]) -> str:
    """A seat that still has to act (in a secret choice, one who has not chosen)."""
    waiting = game.waiting_for(state) or game.to_move(state)
    return waiting[0]


def play_one(game: Game, players: int, seed: int, tally: Tally) -> None:
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = game.setup(seats, seed, OPTIONS.get(game.slug))
    rng = Rng.from_seed(seed)
    tally.games += 1
    tally.turns += 1
    tally.posts += 1
    while not game.is_over(state):
        seat = _waiting(game, state)
        legal = game.legal_moves(state, seat)
        public = game.public_moves(state, seat)
        tally.some_public += bool(public)
        tally.all_public += len(public) == len(legal)
        tally.most_moves = max(tally.most_moves, len(legal))
        groups = Counter(game.move_group(state, seat, m) for m in legal)
        tally.largest_group = max(tally.largest_group, *groups.values())
        tally.most_groups = max(tally.most_groups, len(groups))
        code = game.ai_move(state, seat, rng, "easy")
        after, _ = game.play(state, seat, code)
        tally.steps += 1
        new_turn = game.to_move(after) != game.to_move(state)
        announces = game.announces(state, after)
        tally.turns += new_turn
        tally.posts += new_turn or announces
        tally.announced += announces and not new_turn
        if game.undoable(state, after, seat):
            tally.undoable += 1
            tally.undo_by_verb[code.partition(":")[0]] += 1
        state = after


def report(slug: str, players: int, t: Tally) -> str:
    undo = ", ".join(f"{verb} {n}" for verb, n in t.undo_by_verb.most_common()) or "none"
    return (
        f"{slug:13} {players}p  steps/game {t.steps / t.games:6.1f}  turns/game "
        f"{t.turns / t.games:6.1f}  posts/turn {t.posts / t.turns:.3f} "
        f"(announce-only {t.announced / t.games:4.1f}/game)  undoable {t.undoable / t.steps:6.1%}"
        f" ({undo})  mover has public buttons {t.some_public / t.steps:6.1%}, only public "
        f"{t.all_public / t.steps:6.1%}  most moves {t.most_moves}, largest group "
        f"{t.largest_group}, most groups {t.most_groups}"
    )


def main(games: int = 20) -> None:
    for slug in SLUGS:
        game = get_game(slug)
        for players in range(game.min_players, game.max_players + 1):
            tally = Tally()
            for seed in range(games):
                play_one(game, players, seed, tally)
            print(report(slug, players, tally))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
