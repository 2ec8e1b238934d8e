"""Disneyland speaks in texts: every string it shows a player is a ``Text``
the bot and the renderer put into the reader's language (French, the game's own: la
Caisse, francs, titres de location), and its English is the English it always was."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.disneyland import GAME, data, trade, wording
from engine.text import Text, txc
from i18n import lang
from tests.engine import words
from tests.engine.disneyland_support import own, table

#: The view keys whose strings are data, not words: the lobby's length code, the last
#: card's deck and id, an exchange's status (its phase), an open vote's end ("now") and
#: result, and the answers to a vote.
DATA = frozenset({"length", "deck", "id", "status", "vote.end", "vote.result", "ballots", "ballot"})


@pytest.mark.parametrize("players", [GAME.min_players, GAME.max_players])
@pytest.mark.parametrize(
    "options", [{"length": "rounds-10"}, {"length": "open", "prison": "total"}]
)
def test_every_string_a_player_reads_is_a_text(players: int, options: dict[str, str]) -> None:
    """Seeded games to their end: a set length, and the rulebook's open length (votes)."""
    problems = words.game_problems(GAME, players, 7, data=DATA, options=options)
    assert not problems, words.show(problems)


def test_a_timed_game_ends_in_words() -> None:
    """The agreed time runs out (the bot plays ``timeup`` as the leader)."""
    state = table(3, length="minutes-30")
    state, events = GAME.play(state, "@leader", "timeup")
    problems = words.plain_strings(events, "timeup", seats=state["seats"])
    problems += words.state_problems(GAME, state, data=DATA, step="over")
    assert GAME.outcome(state) is not None and not problems, words.show(problems)


def test_typed_exchanges_are_refused_in_words() -> None:
    """The reasons ``/disneyland trade`` gives for terms it cannot offer."""
    state = own(own(table(3), "p1", 6, 15), "p2", 7, 16)
    tries = [
        ("p1", "p3", [15], [7], 0),  # p3 holds no title
        ("p1", "p2", [2], [7], 0),  # not p1's title
        ("p1", "p2", [15], [8], 0),  # not p2's title
        ("p1", "p2", [15], [7], 13),  # not a step of the balance
        ("p1", "p2", [], [7], 0),  # nothing given
        ("p2", "p1", [16], [6], 0),  # not p2's turn
    ]
    problems = []
    for seat, partner, give, take, money in tries:
        with pytest.raises(IllegalMove) as refusal:
            trade.exchange_codes(state, seat, partner, give, take, money)
        where = f"exchange {seat}->{partner}"
        problems += words.plain_strings(refusal.value.words, where, seats=state["seats"])
    assert not problems, words.show(problems)


def test_every_component_has_its_words() -> None:
    """data.py's English, each with a text that reads the same."""
    assert {s.name for s in data.SERIES} | {s.short for s in data.SERIES} == set(
        wording.SERIES_SHORT
    )
    for square in range(1, data.SQUARE_COUNT + 1):
        assert wording.square_name(square) == data.square_name(square)
    for card in data.CARDS.values():
        assert wording.card_text(card.id) == card.text
    for reading, words_ in data.PRISON_READINGS.items():
        assert wording.prison_exit(reading) == words_
    assert wording.MONEY == data.MONEY_UNIT == GAME.score_unit


def test_stored_reasons_read_back_as_words() -> None:
    """A state keeps a debt's reason and a game's end in English (as ever): each reads
    back as its text, and an unknown one stays as it is."""
    for why in ("card", "card of p2", "fee on Pluto 7", "fee on Donald 38"):
        said = wording.debt_reason(why)
        assert isinstance(said, Text) and said == why
    ends = ["last player standing", "the players agreed to end the game", "40 rounds played"]
    ends += ["60 rounds played, as the players agreed", "no last player standing after 100 rounds"]
    for end in [*ends, "the agreed time is up"]:
        said = wording.end_reason(end)
        assert isinstance(said, Text) and said == end
        first = wording.end_reason(end, capital=True)
        assert isinstance(first, Text) and first == end[0].upper() + end[1:]
    assert wording.end_reason("a reason of tomorrow") == "a reason of tomorrow"


def test_the_result_groups_thousands_in_english() -> None:
    """The result has always written amounts as "1,775 francs" (RULES.md, End of the
    Game: cash plus titles); French writes « 1 775 francs »."""
    amount = wording.Francs(1775)
    verdict = txc("disneyland", "{seat} has the most, {amount} francs.", seat="p1", amount=amount)
    assert verdict == "p1 has the most, 1,775 francs." and amount == 1775
    assert "1\u202f775\u00a0francs" in lang("fr").say(verdict)
