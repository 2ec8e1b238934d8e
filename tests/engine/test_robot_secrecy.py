"""Robots never peek: a robot's move depends only on what its seat can see.

For real states of every game and table size, and for every seat:

- the seat's knowledge, and the move at every level, are the same for *twins*: states
  that differ only in what the seat cannot see (other hands, deck orders, another seat's
  secret choice, future dice) — twins are built by hand in ``robot_support``;
- every state sampled from that knowledge is one the seat could be in: its view for the
  seat, its legal moves and who is to move equal the real ones, and it plays on.
"""

from __future__ import annotations

import json

import pytest

from engine import Rng, get_game
from engine.ai import choose, playbook_of
from engine.core import clone
from engine.playbook import UnclassifiedField
from tests.engine.robot_support import TABLES, TWINS, State, states_in_play, tiny


def _views_match(slug: str, a: State, b: State, seat: str) -> bool:
    game = get_game(slug)
    return bool(game.view(a, seat) == game.view(b, seat))


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_twins_give_the_same_knowledge_and_the_same_move_at_every_level(
    slug: str, players: int
) -> None:
    game = get_game(slug)
    book = playbook_of(game)
    small = tiny(game, iterations=4)
    twins_checked = moves_checked = 0
    for n, state in enumerate(states_in_play(slug, players, seed=players, every=9)):
        for seat in game.seats(state):
            known = book.knowledge(state, seat)
            for twin in TWINS[slug](state, seat, Rng(n + 1)):
                if twin == state:
                    continue
                assert _views_match(slug, twin, state, seat), "a twin differs only in secrets"
                assert book.knowledge(twin, seat) == known
                twins_checked += 1
                if seat not in game.waiting_for(state):
                    continue
                for level in game.ai_levels:
                    mine = choose(game, state, seat, Rng(n), level, small)
                    assert choose(game, twin, seat, Rng(n), level, small) == mine, level
                    moves_checked += 1
    assert twins_checked > 20 and moves_checked > 10


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_samples_are_states_the_seat_could_be_in(slug: str, players: int) -> None:
    game = get_game(slug)
    book = playbook_of(game)
    rng = Rng(99)
    for state in states_in_play(slug, players, seed=10 + players, every=5):
        for seat in game.seats(state):
            sample = book.sample(book.knowledge(state, seat), seat, rng)
            assert game.view(sample, seat) == game.view(state, seat)
            assert game.legal_moves(sample, seat) == game.legal_moves(state, seat)
            assert game.to_move(sample) == game.to_move(state)
            assert game.waiting_for(sample) == game.waiting_for(state)
            assert all(game.legal_moves(sample, s) for s in game.waiting_for(sample))
            assert game.load(json.loads(json.dumps(game.dump(sample)))) == sample
            for _ in range(3):
                if game.outcome(sample) is not None:
                    break
                mover = game.waiting_for(sample)[0]
                sample, _ = game.play(
                    sample, mover, rng.choice(game.legal_moves(sample, mover)).code
                )


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_what_the_seat_sees_does_change_its_knowledge(slug: str, players: int) -> None:
    """The control for the twin test: a change the seat can see (the public scores or
    the seat's own cards) is in its knowledge, so equal knowledge above means something."""
    game = get_game(slug)
    book = playbook_of(game)
    state = next(iter(states_in_play(slug, players, seed=3, every=30)))
    seat = game.seats(state)[0]
    changed = clone(state)
    if slug == "disneyland":
        changed["money"][seat] += 25
    elif slug == "adventureland":
        changed["scores"][seat] += 1
    elif slug == "imagineers":
        changed["players"][seat]["money"] += 1
    else:
        changed["visitors"][seat] += 1
    assert book.knowledge(changed, seat) != book.knowledge(state, seat)


@pytest.mark.parametrize("slug", ["adventureland", "imagineers", "disneyland", "troolpark"])
def test_an_undeclared_state_field_is_refused_not_guessed(slug: str) -> None:
    """A field the sampler does not classify could be a secret: knowledge refuses it."""
    game = get_game(slug)
    state = game.setup(["a", "b", "c"], 1)
    state["new_secret"] = [1, 2, 3]
    with pytest.raises(UnclassifiedField, match="new_secret"):
        playbook_of(game).knowledge(state, "a")
