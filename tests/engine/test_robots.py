"""Robot levels (docs/ARCHITECTURE.md §2 ``ai_levels`` / ``ai_move``) and the search
itself.

The search is checked on two toy games small enough to know the right answer: a race
(perfect information, the winning move is known) and a simultaneous guess (decoupled
choices: neither seat may act on the other's pick).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from engine import GAMES, Game, Move, Outcome, Rng, get_game
from engine.ai import choose, level_notes, playbook_of, rewards, robot_move
from engine.ai.ismcts import grow, search
from engine.core import AI_LEVELS, State, clone, rank_by
from engine.playbook import Playbook, random_policy, unpack
from tests.engine.robot_support import TABLES, states_in_play, tiny


def test_every_game_offers_the_three_levels_weakest_first() -> None:
    assert AI_LEVELS == ("easy", "normal", "hard")
    for slug in GAMES:
        assert get_game(slug).ai_levels == AI_LEVELS


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("level", ["", "Hard", "expert", "normal ", "0"])
def test_an_unknown_level_is_a_value_error(slug: str, level: str) -> None:
    game = get_game(slug)
    state = game.setup(["a", "b", "c"], 5)
    seat = game.waiting_for(state)[0]
    with pytest.raises(ValueError, match="unknown robot level"):
        game.ai_move(state, seat, Rng(1), level)


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_every_level_plays_a_legal_move_and_replays_it(slug: str, players: int) -> None:
    game = get_game(slug)
    small = tiny(game)
    for n, state in enumerate(states_in_play(slug, players, seed=5, every=15)):
        seat = game.waiting_for(state)[0]
        legal = {m.code for m in game.legal_moves(state, seat)}
        for level in game.ai_levels:
            code = choose(game, state, seat, Rng(n), level, small)
            assert code in legal
            assert choose(game, state, seat, Rng(n), level, small) == code


@pytest.mark.parametrize("slug", GAMES)
def test_the_real_budget_gives_a_legal_move_and_the_pure_entry_point_agrees(slug: str) -> None:
    """``robot_move`` (plain data in, code out: for a worker process) is ``ai_move``."""
    game = get_game(slug)
    players = max(game.min_players, 3)
    state = next(s for n, s in enumerate(states_in_play(slug, players, seed=2, every=1)) if n == 12)
    seat = game.waiting_for(state)[0]
    code = game.ai_move(state, seat, Rng(77), "normal")
    assert code in {m.code for m in game.legal_moves(state, seat)}
    assert robot_move(slug, clone(state), seat, 77, "normal") == code


REPLAY = """
import json, sys
from engine.ai import robot_move
print(json.dumps([robot_move(*case, 11, "normal") for case in json.load(sys.stdin)]))
"""


def test_a_decision_is_the_same_in_other_processes() -> None:
    """Same inputs, same move in a fresh process (as in a worker pool), whatever its string
    hashing: nothing in a decision may depend on the order of a set."""
    cases: list[tuple[str, State, str]] = []
    for slug in GAMES:
        game = get_game(slug)
        state = next(s for n, s in enumerate(states_in_play(slug, 3, seed=8, every=1)) if n == 20)
        cases.append((slug, state, game.waiting_for(state)[0]))
    here = [robot_move(slug, state, seat, 11, "normal") for slug, state, seat in cases]
    for hash_seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", REPLAY],
            input=json.dumps(cases),
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert json.loads(done.stdout) == here


def test_a_seat_with_nothing_to_do_is_refused() -> None:
    game = get_game("disneyland")
    state = game.setup(["a", "b"], 1)
    idle = next(s for s in game.seats(state) if s not in game.to_move(state))
    with pytest.raises(ValueError, match="no move"):
        game.ai_move(state, idle, Rng(1), "hard")


@pytest.mark.parametrize("slug", GAMES)
def test_every_table_size_has_a_budget_for_each_searching_level(slug: str) -> None:
    """Budgets are iteration counts per level, smaller where a table is large (each
    simulation plays more seats), never smaller for a stronger level."""
    game = get_game(slug)
    book = playbook_of(game)
    for players in range(game.min_players, game.max_players + 1):
        normal, hard = book.budget("normal", players), book.budget("hard", players)
        assert 0 < normal < hard
        assert hard <= book.budget("hard", game.min_players)


@pytest.mark.parametrize("slug", GAMES)
def test_each_level_is_explained_in_one_short_line(slug: str) -> None:
    notes = level_notes(get_game(slug))
    assert list(notes) == list(AI_LEVELS)
    for line in notes.values():
        assert 10 <= len(line) <= 100 and "\n" not in line


# --- rewards --------------------------------------------------------------------------


def test_ranks_reward_the_winner_most_and_split_a_shared_win() -> None:
    solo = rewards.from_ranks({"a": 1, "b": 2, "c": 3})
    assert solo["a"] > solo["b"] > solo["c"] and solo["c"] == 0.0 and solo["a"] == 1.0
    shared = rewards.from_ranks({"a": 1, "b": 1, "c": 3})
    assert shared["a"] == shared["b"] < solo["a"]
    assert shared["c"] == 0.0


def test_estimates_reward_the_leader_and_a_bigger_lead_more() -> None:
    close = rewards.from_estimates({"a": 11.0, "b": 10.0}, scale=2.0)
    far = rewards.from_estimates({"a": 20.0, "b": 10.0}, scale=2.0)
    assert 0.5 < close["a"] < far["a"] < 1.0
    assert close["a"] + close["b"] == pytest.approx(1.0)
    even = rewards.from_estimates({"a": 5.0, "b": 5.0, "c": 5.0}, scale=1.0)
    assert even["a"] == pytest.approx(even["c"])


def test_the_win_weight_only_matters_beyond_two_players() -> None:
    """At two players winning is finishing ahead of the opponent, so the weight changes
    nothing; at four, a low weight prizes beating most of the table over first place."""
    duel = {"a": 12.0, "b": 10.0}
    for weight in (0.0, 0.5, 1.0):
        assert rewards.from_estimates(duel, 2.0, weight)["a"] == pytest.approx(
            rewards.from_estimates(duel, 2.0)["a"]
        )
        assert rewards.from_ranks({"a": 1, "b": 2}, weight) == {"a": 1.0, "b": 0.0}
    second = {"a": 2, "b": 1, "c": 3, "d": 4}
    assert rewards.from_ranks(second, 1.0)["a"] == 0.0
    assert rewards.from_ranks(second, 0.5)["a"] == pytest.approx(1 / 3)
    table = {"a": 10.0, "b": 11.0, "c": 4.0, "d": 4.0}
    assert rewards.from_estimates(table, 2.0, 0.2)["a"] > rewards.from_estimates(table, 2.0)["a"]


# --- the search on toy games ----------------------------------------------------------


class Race(Game):
    """Players add 1 or 2 to a shared count in turn; whoever reaches ``GOAL`` wins."""

    slug = "race"
    title = "Race"
    min_players = 2
    max_players = 2
    GOAL = 7

    def setup(
        self, seats: Sequence[str], seed: int, options: Mapping[str, str] | None = None
    ) -> State:
        return {"seats": list(seats), "count": 0, "turn": 0, "winner": None, "last": []}

    def to_move(self, state: State) -> list[str]:
        return [] if state["winner"] else [state["seats"][state["turn"]]]

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        steps = [s for s in (1, 2) if state["count"] + s <= self.GOAL]
        return [Move(f"add:{s}", f"Add {s}") for s in steps]

    def apply(self, state: State, seat: str, code: str) -> list[str]:
        state["count"] += int(code.partition(":")[2])
        if state["count"] == self.GOAL:
            state["winner"] = seat
        state["turn"] = 1 - state["turn"]
        return []

    def outcome(self, state: State) -> Outcome | None:
        if not state["winner"]:
            return None
        keys = {s: (int(s == state["winner"]),) for s in state["seats"]}
        return Outcome(self.scores(state), rank_by(keys))

    def scores(self, state: State) -> dict[str, int]:
        return {s: int(s == state["winner"]) for s in state["seats"]}

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return dict(state)


class Guess(Game):
    """Both seats pick ``x`` or ``y`` in secret; ``match`` wins when the picks agree."""

    slug = "guess"
    title = "Guess"
    min_players = 2
    max_players = 2

    def setup(
        self, seats: Sequence[str], seed: int, options: Mapping[str, str] | None = None
    ) -> State:
        return {"seats": ["match", "dodge"], "picks": {}, "last": []}

    def to_move(self, state: State) -> list[str]:
        return [] if len(state["picks"]) == 2 else ["match", "dodge"]

    def waiting_for(self, state: State) -> list[str]:
        return [s for s in self.to_move(state) if s not in state["picks"]]

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        return [Move(p, p) for p in "xy"] if seat in self.to_move(state) else []

    def apply(self, state: State, seat: str, code: str) -> list[str]:
        state["picks"][seat] = code
        return []

    def outcome(self, state: State) -> Outcome | None:
        if len(state["picks"]) < 2:
            return None
        same = state["picks"]["match"] == state["picks"]["dodge"]
        return Outcome(
            self.scores(state), rank_by({"match": (int(same),), "dodge": (int(not same),)})
        )

    def scores(self, state: State) -> dict[str, int]:
        return {}

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return {}


def _open_book(iterations: int) -> Playbook:
    """A playbook for games without secrets: the knowledge is the state."""
    return Playbook(
        knowledge=lambda state, seat: clone(state),
        sample=lambda known, seat, rng: unpack(known),
        estimate=lambda state: {s: 0.0 for s in state["seats"]},
        scale=1.0,
        iterations={"normal": iterations, "hard": iterations},
        notes={},
        rollout=random_policy,
    )


@pytest.mark.parametrize(
    ("count", "best"), [(0, "add:1"), (2, "add:2"), (3, "add:1"), (5, "add:2")]
)
def test_the_search_finds_the_winning_move_of_the_race(count: int, best: str) -> None:
    """Reaching 7 means leaving a multiple of 3 to go: from 0 add 1, from 2 add 2..."""
    game = Race()
    state = game.setup(["a", "b"], 0)
    state["count"] = count
    assert search(game, _open_book(400), state, "a", Rng(3), 400) == best


def test_simultaneous_choices_are_made_without_seeing_each_other() -> None:
    """Decoupled choices: had ``match`` seen ``dodge``'s pick, every pick of ``dodge``
    would score 0; made in secret, each scores about one half."""
    game = Guess()
    state = game.setup(["match", "dodge"], 0)
    root = grow(game, _open_book(400), state, "dodge", Rng(5), 400)
    for edge in root.edges["dodge"].values():
        assert 0.25 < edge.total / edge.visits < 0.75
    assert set(root.edges) == {"dodge", "match"}
