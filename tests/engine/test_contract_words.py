"""The contract's own words are texts: what ``Game.play`` refuses, the last
events a view shows (also of a game stored before the engine spoke in texts), the links
of ``joined``, the robots' levels and every option's labels."""

from __future__ import annotations

import json

import pytest

from engine import LEADER, IllegalMove, OptionSpec, State, get_game
from engine.ai import LEVEL_NAMES
from engine.core import AI_LEVELS, LAST_TEXTS, joined, last_events
from engine.text import Text, from_json, tx
from i18n import lang

GAME = get_game("troolpark")


def refusal(state: State, seat: str, code: object) -> IllegalMove:
    with pytest.raises(IllegalMove) as refused:
        GAME.play(state, seat, code)  # type: ignore[arg-type]
    return refused.value


def test_refusals_are_texts_whose_english_is_the_message() -> None:
    """docs/ARCHITECTURE.md §2: anything but a legal code is an IllegalMove a player may read."""
    state = GAME.setup(["p0", "p1"], 1)
    mover = GAME.to_move(state)[0]
    idle = next(seat for seat in GAME.seats(state) if seat != mover)
    said = {
        "That is not a move.": refusal(state, mover, 7),
        "You are not playing in this game.": refusal(state, "stranger", "pass"),
        "It is not your turn.": refusal(state, idle, "pass"),
        "`nope` is not a legal move now. Pick one from the list.": refusal(state, mover, "nope"),
    }
    for english, refused in said.items():
        assert isinstance(refused.words, Text) and refused.words == str(refused) == english
    long = refusal(state, mover, "x" * 60).words
    assert isinstance(long, Text) and long.values == {"code": "x" * 40 + "…"}


def test_a_finished_game_refuses_in_words() -> None:
    state = GAME.setup(["p0", "p1"], 1)
    state["over"] = True
    refused = refusal(state, "p0", "pass")
    assert isinstance(refused.words, Text) and refused.words == "The game is over."


def test_play_returns_texts_and_records_them_beside_their_english() -> None:
    """The state keeps its English in ``last`` (as it always did) and the texts' stored
    form beside it, plain JSON; a view reads the texts back."""
    state = GAME.setup(["p0", "p1"], 1)
    mover = GAME.to_move(state)[0]
    after, events = GAME.play(state, mover, GAME.legal_moves(state, mover)[0].code)
    assert events and all(isinstance(event, Text) for event in events)
    assert after["last"] == [str(event) for event in events]
    assert all(type(line) is str for line in after["last"])
    assert json.loads(json.dumps(after[LAST_TEXTS])) == after[LAST_TEXTS]
    shown = GAME.view(after, None)["last"]
    assert shown == events
    assert [(e.msgid, e.values) for e in shown if isinstance(e, Text)] == [
        (e.msgid, e.values) for e in events if isinstance(e, Text)
    ]


def test_a_game_stored_before_texts_still_shows_its_last_events() -> None:
    """A snapshot from before the engine spoke in texts has none: its English lines are
    shown as they are, and the next move records texts again."""
    state = GAME.setup(["p0", "p1"], 1)
    old = GAME.load({key: value for key, value in state.items() if key != LAST_TEXTS})
    old["last"] = ["p0 placed a Sand Booth in Laughs"]
    assert last_events(old) == ["p0 placed a Sand Booth in Laughs"]
    assert not isinstance(last_events(old)[0], Text)
    mover = GAME.to_move(old)[0]
    after, _ = GAME.play(old, mover, GAME.legal_moves(old, mover)[0].code)
    assert all(isinstance(event, Text) for event in last_events(after))


def test_joined_links_without_and() -> None:
    items = [tx("a"), tx("b"), "p3"]
    assert joined(items) == "a, b, p3"
    assert joined(items, "semicolons") == "a; b; p3"
    assert joined(items, "or") == "a or b or p3"
    assert joined(items, "then") == "a, then b, then p3"
    assert joined([tx("One."), tx("Two.")], "sentences") == "One. Two."
    assert joined(["p1"]) == "p1"
    said = joined(items, "then")
    assert isinstance(said, Text) and from_json(said.to_json()) == said
    assert lang("fr").say(said).count("p3") == 1


def test_robot_levels_have_names() -> None:
    assert list(LEVEL_NAMES) == list(AI_LEVELS)
    assert all(isinstance(name, Text) and name == level for level, name in LEVEL_NAMES.items())


def test_an_option_labels_every_choice() -> None:
    """A choice without words would show its code: an option refuses to be made so."""
    with pytest.raises(ValueError):
        OptionSpec("speed", tx("Speed"), ("slow", "fast"), "slow", {"slow": tx("Slow")})
    spec = OptionSpec("speed", tx("Speed"), ("slow",), "slow", {"slow": tx("Slow")})
    assert isinstance(spec.label("slow"), Text)


def test_the_leader_is_refused_in_words_where_it_has_no_move() -> None:
    state = GAME.setup(["p0", "p1"], 1)
    refused = refusal(state, LEADER, "pass")
    assert isinstance(refused.words, Text) and refused.words == "It is not your turn."


def test_lobby_refusals_are_texts() -> None:
    """Options and table sizes the lobby would refuse: messages a player may read."""
    game = get_game("disneyland")
    refusals = []
    for options in ({"speed": "fast"}, {"length": "forever"}):
        with pytest.raises(ValueError) as refused:
            game.resolve_options(options)
        refusals.append(refused.value.args[0])
    with pytest.raises(ValueError) as refused:
        game.setup(["p1"], 1)
    refusals.append(refused.value.args[0])
    assert all(isinstance(words, Text) for words in refusals)
    assert refusals[0] == "Disneyland has no option 'speed'"
    assert refusals[2] == "Disneyland needs 2–5 players, not 1"
