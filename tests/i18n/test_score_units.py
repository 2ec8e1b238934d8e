"""Scores are said with their unit in the plural form the reader's language gives each
number (Babel's plural rules): "1 Visitor", "12 Visitors", French "0 point", never
"1 Visitors". Every game's unit, in every language, and the lines that show scores."""

from __future__ import annotations

import pytest
from babel import Locale

from bot.chat.views.messages import standings_lines
from bot.store import GameRow, Seat
from engine import GAMES, Rng, get_game
from i18n import LANGUAGES, lang

NUMBERS = [*range(0, 30), 100, 101, 1000, 1001, -1, -2, -15]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("slug", GAMES)
def test_every_score_unit_takes_the_form_its_number_asks(slug: str, code: str) -> None:
    """Numbers of one plural category (Babel's, for the language) read the same unit; in
    English, where the game's unit has two forms, 1 reads apart from 2."""
    reader = lang(code)
    game = get_game(slug)
    rules = Locale.parse(code)
    units: dict[str, set[str]] = {}
    for n in NUMBERS:
        amount = game.amount(n)
        assert amount.quantity == n and amount.plural is not None, "a plural-aware text"
        said = reader.say(amount)
        number = reader.number(n)
        assert number in said, said
        units.setdefault(rules.plural_form(abs(n)), set()).add(said.replace(number, "#"))
    assert all(len(forms) == 1 for forms in units.values()), units
    one = game.amount(1)
    if code == "en" and one.msgid != one.plural:
        assert units["one"] != units["other"], units


def people_and_robot() -> list[Seat]:
    return [
        Seat("123456789012345678", "Alice"),
        Seat("223456789012345678", "Bob"),
        Seat("ai1", "Robot 1", ai=True, robot=True, level="easy"),
    ]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("slug", GAMES)
def test_the_standings_say_each_score_with_its_own_form(slug: str, code: str) -> None:
    """The text's standings, at every step of a game, end each line with that seat's
    score in its plural form (the view's standings carry the same)."""
    reader = lang(code)
    game = get_game(slug)
    seats = people_and_robot()[: max(3, game.min_players)]
    row = GameRow(
        id=1, guild_id=1, channel_id=2, slug=slug, status="active", host_id=seats[0].id,
        seats=seats, seed=1, options={}, snapshot=None, version=1, lobby_message_id=None,
        created_at=0.0, started_at=0.0, finished_at=None,
    )  # fmt: skip
    state = game.setup([s.id for s in seats], seed=2)
    rng = Rng.from_seed(2)
    for step in range(200):
        if game.is_over(state):
            break
        if step % 10 == 0:
            scores = game.scores(state)
            amounts = game.view(state, None)["standings"]["amounts"]
            lines = standings_lines(row, state, lang=reader)
            for seat, score in scores.items():
                said = reader.say(game.amount(score))
                assert amounts[seat] == game.amount(score)
                assert sum(line.endswith(f": {said}") for line in lines) >= 1, (said, lines)
        seat = game.waiting_for(state)[0]
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
