"""The shared engine contract (docs/ARCHITECTURE.md §2): Move, Outcome ranking, the seeded Rng."""

from __future__ import annotations

import pytest

from engine import GAMES, Move, Rng, get_game
from engine.core import clone, rank_by


def test_move_codes_are_ascii_without_spaces() -> None:
    Move("roll", "Roll the dice")
    for bad in ["", "two words", "é", "x" * 101]:
        with pytest.raises(ValueError):
            Move(bad, "label")
    with pytest.raises(ValueError):
        Move("ok", "")


def test_rank_by_shares_ranks_on_ties() -> None:
    ranks = rank_by({"a": (10, 1), "b": (12, 0), "c": (10, 1), "d": (3, 9)})
    assert ranks == {"b": 1, "a": 2, "c": 2, "d": 4}


def test_rng_is_deterministic_and_seed_sensitive() -> None:
    a, b, c = Rng.from_seed(42), Rng.from_seed(42), Rng.from_seed(43)
    seq_a = [a.die() for _ in range(50)]
    assert seq_a == [b.die() for _ in range(50)]
    assert seq_a != [c.die() for _ in range(50)]
    assert set(seq_a) <= set(range(1, 7))


def test_rng_state_round_trips_through_an_int() -> None:
    rng = Rng.from_seed(1)
    rng.below(10)
    saved = rng.state
    first = [rng.below(1000) for _ in range(5)]
    again = Rng(saved)
    assert [again.below(1000) for _ in range(5)] == first


def test_rng_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    rng = Rng.from_seed(5)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.die() - 1] += 1
        items = list(range(10))
        rng.shuffle(items)
        assert sorted(items) == list(range(10))
    assert all(800 < n < 1200 for n in counts), counts


def test_rng_weighted_picks_in_proportion_to_whole_weights() -> None:
    rng = Rng.from_seed(9)
    counts = {"a": 0, "b": 0, "c": 0}
    for _ in range(8000):
        counts[rng.weighted(["a", "b", "c"], [1, 3, 4])] += 1
    assert 850 < counts["a"] < 1150 and 2700 < counts["b"] < 3300 and 3700 < counts["c"] < 4300
    assert Rng.from_seed(9).weighted(["x", "y"], [0, 5]) == "y"
    with pytest.raises(ValueError):
        Rng.from_seed(9).weighted(["x"], [0])


def test_clone_is_deep() -> None:
    data = {"a": [1, {"b": [2]}]}
    copy = clone(data)
    copy["a"][1]["b"].append(3)
    assert data == {"a": [1, {"b": [2]}]}


def test_every_game_is_registered_under_its_slug() -> None:
    for slug in GAMES:
        game = get_game(slug)
        assert game.slug == slug
        assert 1 <= game.min_players <= game.max_players
    with pytest.raises(KeyError):
        get_game("monopoly")
