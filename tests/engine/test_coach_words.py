"""What the coach says: a line of help for every action the picker shows, the
learning game's brief and its comment on a move, and reasons in each game's own terms,
all as texts the bot can translate (``engine.text``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import GAMES, LEADER, Rng, get_game
from engine.coach import Hint, action_help, compare, hints, learn_brief
from engine.coach.games import coaching_of
from engine.core import State, clone
from engine.text import Text, from_json
from tests.engine.coach_support import BUDGET
from tests.engine.redeal import choose
from tests.engine.robot_support import TABLES, TWINS, states_in_play

#: Steps of a random game walked for the picker's groups.
WALK = 400


def walk(slug: str, players: int, seed: int) -> Iterator[State]:
    """The states of a game of random moves (so rare actions come up too)."""
    game = get_game(slug)
    state = game.setup([f"p{i}" for i in range(players)], seed)
    rng = Rng.from_seed(seed)
    for _ in range(WALK):
        if game.outcome(state) is not None:
            return
        yield state
        seat = game.waiting_for(state)[0]
        state, _ = game.play(state, seat, choose(game, state, seat, rng))


def groups(slug: str) -> dict[str, str]:
    """Every picker group the legal moves of a few games show: name -> a move code."""
    game = get_game(slug)
    found: dict[str, str] = {}
    for players in (game.min_players, game.max_players):
        for seed in range(2):
            for state in walk(slug, players, seed):
                for seat in [*game.waiting_for(state), LEADER]:
                    for move in game.legal_moves(state, seat):
                        found.setdefault(game.move_group(state, seat, move), move.code)
    return found


def is_texts(value: object) -> bool:
    """A text whose values are all numbers, plain strings or texts themselves."""
    if isinstance(value, Text):
        return all(is_texts(v) for v in value.values.values())
    if isinstance(value, list):
        return all(is_texts(v) for v in value)
    return isinstance(value, int | str)


@pytest.mark.parametrize("slug", GAMES)
def test_every_action_of_the_picker_has_a_line_of_help(slug: str) -> None:
    game = get_game(slug)
    seen = groups(slug)
    assert len(seen) >= 5, sorted(seen)
    for group in seen:
        line = action_help(game, group)
        assert isinstance(line, Text) and line.context == slug, group
        assert 30 <= len(line) <= 200 and "{" not in line, line
        assert from_json(line.to_json()) == line
    with pytest.raises(KeyError):
        action_help(game, "Juggle")


def test_help_for_an_action_split_into_menus_is_the_actions_help() -> None:
    """Disneyland splits title actions by series for a seat with many titles, and
    Adventureland splits approving by card (``move_group``): the help is the action's."""
    disneyland = get_game("disneyland")
    for action in ("Give a title", "Ask for a title", "Surrender a title"):
        assert action_help(disneyland, f"{action} (Pluto series)") == action_help(
            disneyland, action
        )
    adventureland = get_game("adventureland")
    assert "build its type" in action_help(adventureland, "Approve Carousel")


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_reasons_are_in_the_games_own_terms(slug: str, players: int) -> None:
    """Every reason of a hint is the game's own (its words carry the game's context), and
    a game's moves have several different reasons, not one sentence for all."""
    game = get_game(slug)
    kinds: set[str] = set()
    for n, state in enumerate(states_in_play(slug, players, seed=60 + players, every=9)):
        seat = game.waiting_for(state)[0]
        for hint in hints(game, state, seat, Rng(n), BUDGET):
            if hint.playouts == 0:
                continue
            assert hint.reason.context == slug, (hint.code, hint.reason)
            assert is_texts(hint.reason) and "{" not in hint.reason
            assert from_json(hint.reason.to_json()) == hint.reason
            kinds.add(hint.reason.msgid)
    assert len(kinds) >= 4, kinds


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_the_brief_covers_every_action_with_its_best_move(slug: str, players: int) -> None:
    game = get_game(slug)
    checked = 0
    for n, state in enumerate(states_in_play(slug, players, seed=80 + players, every=10)):
        seat = game.waiting_for(state)[0]
        before = clone(state)
        brief = learn_brief(game, state, seat)
        assert state == before
        legal = game.legal_moves(state, seat)
        names = [game.move_group(state, seat, move) for move in legal]
        assert [action.group for action in brief] == list(dict.fromkeys(names))
        for action in brief:
            assert action.moves == names.count(action.group)
            move = next(m for m in legal if m.code == action.code)
            assert game.move_group(state, seat, move) == action.group
            assert move.label == action.label
            assert action.help == action_help(game, action.group)
            assert action.line.values["help"] == action.help and str(action.reason)
        twin = TWINS[slug](state, seat, Rng(n))[0]
        assert [a.line.to_json() for a in learn_brief(game, twin, seat)] == [
            a.line.to_json() for a in brief
        ]
        checked += 1
    assert checked >= 3


def hint(code: str, playouts: int = 10) -> Hint:
    reason = Text("Completes the {series} series.", {"series": "Pluto"}, context="disneyland")
    return Hint(code, f"Play {code}", reason, playouts, 2 * playouts, 0.5, 0.5)


def test_the_comment_compares_the_move_with_the_coachs_choices() -> None:
    coach = [hint("rent"), hint("decline")]
    assert compare(coach, "rent").msgid == "The coach chose the same."
    second = compare(coach, "decline")
    assert second.values["rank"] == 2 and second.values["best"] == coach[0].line
    other = compare(coach, "trade:with:b")
    assert other.values["best"] == coach[0].line
    assert "Play rent" in other and "Pluto" in other
    assert compare([hint("roll", playouts=0)], "roll").msgid == "It was your only move."
    with pytest.raises(ValueError):
        compare([], "roll")


# --- Reasons against the rulebooks -------------------------------------------------


def explain(slug: str, state: State, seat: str, code: str) -> Text:
    found = coaching_of(get_game(slug)).explain(get_game(slug), state, seat, code, ())
    assert found is not None
    return found


def test_disneyland_renting_names_the_fees_of_the_series() -> None:
    """Rulebook, "The Squares of the Board": entry fees are 100, 300 and 600 for one, two
    or three titles of a series (Pluto: squares 6, 7 and 8)."""
    state = get_game("disneyland").setup(["a", "b"], 1)
    state["rent"] = 8
    state["owners"] = {"6": "a", "7": "a"}
    completes = explain("disneyland", state, "a", "rent")
    assert completes.values == {"series": "Pluto", "before": 300, "after": 600}
    state["owners"] = {"6": "a"}
    assert explain("disneyland", state, "a", "rent").values["after"] == 300
    state["owners"] = {"6": "b", "7": "b"}
    stops = explain("disneyland", state, "a", "rent")
    assert stops.values == {"count": 2, "rival": "b", "series": "Pluto"}


def test_troolpark_a_pick_is_sure_only_at_the_bottom_of_the_fun_slide() -> None:
    """Rulebook 1b: picks are taken from the bottom of the Fun Slide up; "this won't happen
    to the player at the bottom of the Fun Slide"."""
    state = get_game("troolpark").setup(["a", "b", "c"], 1)
    state["slide"] = ["a", "b", "c"]
    assert "whatever the others pick" in explain("troolpark", state, "a", "choose:A")
    contested = explain("troolpark", state, "c", "choose:A")
    assert contested.values["count"] == 2 and "may take it first" in contested


def test_adventureland_building_names_the_penalty() -> None:
    """Play §5a: free beside an approved card of the type; 2 points when the type is
    nowhere on the table, 3 when it is approved elsewhere."""
    state = get_game("adventureland").setup(["a", "b", "c"], 1)
    state["phase"] = "build"
    # Gap k lies between seat k and k + 1: gap 0 is beside "a", gap 1 is not.
    assert explain("adventureland", state, "a", "build:train").values["cost"] == 2
    state["gaps"] = [None, "carousel", None]
    assert explain("adventureland", state, "a", "build:train").values["cost"] == 3
    state["gaps"] = ["carousel", None, None]
    assert "free" in explain("adventureland", state, "a", "build:train")


def test_imagineers_an_upgrade_covers_the_slots_negative_fame() -> None:
    """Game End and Scoring: the negative fame still showing on the coaster board is
    subtracted, so a track on slot 2 (-2) is worth 2 fame at the end."""
    state = get_game("imagineers").setup(["a", "b"], 1)
    state["pending"] = {"tile": 0}
    reason = explain("imagineers", state, "a", "upgrade:2")
    assert reason.values["covers"] == 2 and reason.values["slot"] == 2


def test_adventureland_approving_beside_oneself_frees_a_build() -> None:
    """Play §4–5a: a card put between two players lets both build its type without
    penalty; gap 1 lies between the first and second seats, gap 2 does not touch the
    first."""
    state = get_game("adventureland").setup(["a", "b", "c"], 1)
    state["phase"] = "approve"
    state["hands"]["a"] = ["carousel", "train", "barbecue"]
    free = explain("adventureland", state, "a", "approve:carousel:1")
    assert free.values == {"ride": "Carousel", "build": "Park Train"}
    away = explain("adventureland", state, "a", "approve:barbecue:2")
    assert (away.values["left"], away.values["right"]) == ("b", "c")
    state["hands"]["a"] = ["carousel", "barbecue"]
    beside = explain("adventureland", state, "a", "approve:carousel:1")
    assert beside.values["other"] == "b"
