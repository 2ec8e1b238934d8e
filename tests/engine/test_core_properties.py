"""Properties of the shared engine helpers, over many generated inputs (hypothesis)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from engine.core import Rng, clone, rank_by

seats = st.lists(st.text(min_size=1, max_size=6), min_size=1, max_size=6, unique=True)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=30,
)


@given(seats, st.data())
def test_rank_by_is_a_competition_ranking(names: list[str], data: st.DataObject) -> None:
    keys = {n: data.draw(st.tuples(st.integers(-5, 5), st.integers(0, 2))) for n in names}
    ranks = rank_by(keys)
    assert set(ranks) == set(names)
    for a in names:
        better = sum(1 for b in names if keys[b] > keys[a])
        assert ranks[a] == better + 1
    assert min(ranks.values()) == 1


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=1, max_value=10**6))
def test_rng_below_stays_in_range_and_replays(seed: int, n: int) -> None:
    a, b = Rng.from_seed(seed), Rng.from_seed(seed)
    draws = [a.below(n) for _ in range(20)]
    assert all(0 <= x < n for x in draws)
    assert draws == [b.below(n) for _ in range(20)]
    assert a.state == b.state


@given(st.lists(st.integers(), max_size=30), st.integers(min_value=0))
def test_shuffle_is_a_permutation(items: list[int], seed: int) -> None:
    shuffled = Rng.from_seed(seed).shuffled(items)
    assert sorted(shuffled) == sorted(items)


@given(json_values)
def test_clone_is_an_equal_independent_copy(value: object) -> None:
    copy = clone(value)
    assert json.dumps(copy, sort_keys=True) == json.dumps(value, sort_keys=True)
    if isinstance(copy, (list, dict)) and copy:
        assert copy is not value
