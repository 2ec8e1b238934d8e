"""Imagineers says every word as a message id with its values
(docs/ARCHITECTURE.md §12): seeded random games at 2 and 4 players, on both sides of the
park, find no player-visible string that is not a ``Text`` (``tests/engine/words.py``)."""

from __future__ import annotations

import pytest

from engine.imagineers import GAME, data
from engine.imagineers.wording import COLOURS, KINDS, NAMES, named
from tests.engine import words

#: View keys whose strings are data, not words: the side and step codes, card ids,
#: guests' colour letters, and what a space is (build, red, shop: the renderer's key; an
#: attraction's ``kind``, "Family", is words).
DATA = ("game", "side", "step", "id", "colour", "guests", "spaces.kind")


@pytest.mark.parametrize(
    ("players", "side"), [(GAME.min_players, "day"), (GAME.max_players, "night")]
)
def test_every_word_of_a_game_is_a_text(players: int, side: str) -> None:
    options = {"side": side, "upgrades": "free" if players == GAME.max_players else "paid"}
    problems = words.game_problems(GAME, players, players, data=frozenset(DATA), options=options)
    assert not problems, words.show(problems)


def test_every_component_has_its_words() -> None:
    """Each name and card text ``data.py`` prints is marked for the catalogs, word for
    word, and so are the guests' colours and the kinds of attraction."""
    printed = {
        *(tile.attraction.name for tile in data.TILES),
        *(tile.coaster.name for tile in data.TILES),
        *(board.name for board in data.COASTER_BOARDS),
        *(card.name for card in data.EVENTS_BY_ID.values()),
        *(card.text for card in data.EVENTS_BY_ID.values()),
        *(card.text for card in data.MOVEMENT_CARDS),
    }
    assert printed == set(NAMES)
    assert all(named(name) == name for name in printed)
    assert COLOURS == data.GUEST_COLOURS
    assert KINDS == data.ATTRACTION_KIND


def test_the_summary_fits_its_card_in_every_language() -> None:
    assert not words.summary_overflow(GAME)
