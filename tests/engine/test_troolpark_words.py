"""Trool Park speaks in texts: every string it shows a player is a ``Text``
the bot and the renderer put into the reader's language, and its English is the
English it always was."""

from __future__ import annotations

import pytest

from engine.troolpark import GAME
from engine.troolpark.data import ATTRACTIONS, CATEGORIES, GROUNDS, WEATHER
from engine.troolpark.wording import (
    ATTRACTION_NAMES,
    CATEGORY_WORDS,
    GROUND_WORDS,
    WEATHER_WORDS,
)
from tests.engine import words

#: The view keys whose strings are data, not words: a move's code, a space's letter and
#: a seat's secret letter (``choice``, ``revealed``), the bonuses beside a space, a card's
#: id, kind and ground, an inspection's group of rounds and Category, the Booth types a
#: Laughs inspection offers, and Weather token codes (``discard``, ``drawn``).
DATA = frozenset(
    {
        "code", "letter", "choice", "revealed", "bonuses", "id", "kind", "ground",
        "rounds", "category", "offered", "discard", "drawn",
    }
)  # fmt: skip


@pytest.mark.parametrize("players", [GAME.min_players, GAME.max_players])
@pytest.mark.parametrize("seed", [3, 11])
def test_every_string_a_player_reads_is_a_text(players: int, seed: int) -> None:
    problems = words.game_problems(GAME, players, seed, data=DATA)
    assert not problems, words.show(problems)


def test_the_seat_order_option_is_in_words_too() -> None:
    problems = words.game_problems(GAME, 3, 5, data=DATA, options={"slide": "seats"})
    assert not problems, words.show(problems)


def test_every_component_has_its_words() -> None:
    """data.py's names and codes each have a text whose English is data.py's."""
    assert {a.name for a in ATTRACTIONS.values()} == set(ATTRACTION_NAMES)
    assert set(CATEGORY_WORDS) == set(CATEGORIES)
    assert set(GROUND_WORDS) == set(GROUNDS)
    assert set(WEATHER_WORDS) == set(WEATHER)
    for code, text in {**CATEGORY_WORDS, **GROUND_WORDS, **WEATHER_WORDS}.items():
        assert text == code.capitalize()


def test_a_label_for_every_card_fits_a_button() -> None:
    """The labels that name a card (choosing it, catching up with it) keep Discord's 100
    characters for every card: ``Move`` refuses a longer label."""
    state = GAME.setup(["p0", "p1", "p2", "p3"], 1)
    state["queue"] = []
    for card in ATTRACTIONS:
        state["central"] = dict.fromkeys(state["central"], card)
        labels = [m.label for m in GAME.legal_moves(state, "p0")]
        assert labels and all(1 <= len(label) <= 100 for label in labels)
        state["queue"] = [{"do": "catchup", "seat": "p0"}]
        assert GAME.legal_moves(state, "p0")
        state["queue"] = []
