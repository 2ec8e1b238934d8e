"""The coach's hints: legal moves only, at most three, the state untouched, the
same for every state the seat cannot tell apart, and the first one the ``hard`` robot's
own move after the same search."""

from __future__ import annotations

import dataclasses

import pytest

from engine import Rng, get_game
from engine.ai import choose, playbook_of
from engine.coach import hints
from engine.core import clone
from engine.text import Text
from tests.engine.coach_support import BUDGET, fingerprint
from tests.engine.redeal import redeal
from tests.engine.robot_support import TABLES, TWINS, states_in_play


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_hints_are_legal_moves_best_first_and_leave_the_state_alone(
    slug: str, players: int
) -> None:
    game = get_game(slug)
    checked = 0
    for n, state in enumerate(states_in_play(slug, players, seed=players, every=11)):
        for seat in game.waiting_for(state):
            before = clone(state)
            found = hints(game, state, seat, Rng(n), BUDGET)
            assert state == before, "a hint never changes the state"
            legal = {m.code: m.label for m in game.legal_moves(state, seat)}
            assert 1 <= len(found) <= 3
            assert len({h.code for h in found}) == len(found)
            for hint in found:
                assert legal[hint.code] == hint.label
                assert isinstance(hint.reason, Text) and str(hint.reason)
                assert 0.0 <= hint.value <= 1.0 and 0.0 <= hint.ahead <= 1.0
            if len(legal) > 1:
                shares = [h.share for h in found]
                assert shares == sorted(shares, reverse=True)
                assert all(h.playouts > 0 and h.total == BUDGET for h in found)
                assert sum(h.playouts for h in found) <= BUDGET
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_hints_are_the_same_for_states_the_seat_cannot_tell_apart(slug: str, players: int) -> None:
    """Twins by hand (``robot_support``: a hidden card swapped, a pile reordered, another
    seat's secret choice changed, other dice) and by the samplers (``redeal``: everything
    the seat cannot see dealt anew) give the same hints for the same generator."""
    game = get_game(slug)
    checked = 0
    for n, state in enumerate(states_in_play(slug, players, seed=20 + players, every=17)):
        seat = game.waiting_for(state)[0]
        mine = fingerprint(hints(game, state, seat, Rng(n), BUDGET))
        twins = [*TWINS[slug](state, seat, Rng(n + 1)), redeal(game, state, Rng(n), keep=seat)]
        for twin in twins:
            if twin == state:
                continue
            assert fingerprint(hints(game, twin, seat, Rng(n), BUDGET)) == mine
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_the_first_hint_is_the_hard_robots_move_after_the_same_search(
    slug: str, players: int
) -> None:
    game = get_game(slug)
    book = dataclasses.replace(
        playbook_of(game), iterations={"normal": BUDGET, "hard": BUDGET}, sized={}
    )
    checked = 0
    for n, state in enumerate(states_in_play(slug, players, seed=40 + players, every=23)):
        seat = game.waiting_for(state)[0]
        robot = choose(game, state, seat, Rng(n), "hard", book)
        assert hints(game, state, seat, Rng(n), BUDGET)[0].code == robot
        checked += 1
    assert checked >= 3


def test_a_seat_with_a_single_move_is_told_so_without_a_search() -> None:
    """Disneyland, Start of the Game: the first two players roll a single die on their
    first turn, so the first player has one move."""
    game = get_game("disneyland")
    state = game.setup(["a", "b"], 1)
    seat = game.waiting_for(state)[0]
    assert len(game.legal_moves(state, seat)) == 1
    (only,) = hints(game, state, seat, Rng(1), BUDGET)
    assert only.playouts == only.total == 0 and only.share == 1.0
    assert only.reason.msgid == "It is your only move."
    assert only.search.msgid == only.reason.msgid


def test_a_seat_with_no_move_gets_no_hint() -> None:
    game = get_game("disneyland")
    state = game.setup(["a", "b"], 1)
    idle = next(s for s in game.seats(state) if s not in game.waiting_for(state))
    with pytest.raises(ValueError):
        hints(game, state, idle, Rng(1), BUDGET)


def test_hints_say_what_the_playouts_said_in_numbers() -> None:
    game = get_game("troolpark")
    state = next(iter(states_in_play("troolpark", 2, seed=3, every=5)))
    seat = game.waiting_for(state)[0]
    best = hints(game, state, seat, Rng(3), BUDGET)[0]
    assert best.search.values == {
        "playouts": best.playouts,
        "total": BUDGET,
        "share": f"{round(100 * best.playouts / BUDGET)}%",
        "ahead": f"{round(100 * best.ahead)}%",
    }
    assert best.line.values == {"label": best.label, "reason": best.reason}
