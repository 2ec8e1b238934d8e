"""Alan's Adventureland says every word as a message id with its values
(docs/ARCHITECTURE.md §12): seeded random games at 3 and 4 players, both variants, find
no player-visible string that is not a ``Text`` (``tests/engine/words.py``)."""

from __future__ import annotations

import pytest

from engine.adventureland import GAME, data
from engine.adventureland.wording import NAMES, bonus_words, named, set_words
from tests.engine import words

#: View keys whose strings are data, not words: ride, mat, Bonus card and type keys,
#: squares, the variant and step codes, the type letters, and a coloured set's metal,
#: which the renderer uses as a key (its name, "Gold squares", is words).
DATA = (
    "game",
    "variant",
    "step",
    "pending",
    "offer",
    "hand",
    "bonus_hand",
    "pile",
    "bonus_played",
    "card",
    "ride",
    "key",
    "type",
    "letter",
    "shape",
    "square",
    "squares",
    "colour",
)


@pytest.mark.parametrize("variant", ["bonus-cards", "layout-bonus"])
@pytest.mark.parametrize("players", [GAME.min_players, GAME.max_players])
def test_every_word_of_a_game_is_a_text(players: int, variant: str) -> None:
    options = {"variant": variant}
    problems = words.game_problems(GAME, players, players, data=frozenset(DATA), options=options)
    assert not problems, words.show(problems)


def test_every_component_has_its_words() -> None:
    """Each name ``data.py`` prints is marked for the catalogs, word for word."""
    printed = [
        *(ride.name for ride in data.ATTRACTIONS),
        *(kind.name for kind in data.TYPES),
        *(mat.name for mat in (data.GENERIC_MAT, *data.THEMED_MATS)),
        *data.SHAPE_NAMES.values(),
        data.GOLD,
        data.SILVER,
        data.BRONZE,
    ]
    assert sorted(printed) == sorted(NAMES)
    assert all(named(name) == name for name in printed)
    for card in data.BONUS_CARDS:
        assert bonus_words(card) == data.bonus_name(card)
    for mat in data.THEMED_MATS:
        assert all(set_words(s) == data.set_name(s) for s in mat.sets)


def test_the_summary_fits_its_card_in_every_language() -> None:
    assert not words.summary_overflow(GAME)
