"""Trool Park: the turn message's hooks, citing the rulebook.

Hidden: the secret choices until the reveal, the order of the Attraction and Weather
piles and of the Inspection ledger. Every move is public; ``choose`` is a secret choice
with public labels. Undoable: a decision after the reveal that draws nothing and leaves
the same player deciding. Announced: the reveal, inspections, a new round, the end.
"""

from __future__ import annotations

from typing import Any

from engine import Rng
from engine.core import clone
from engine.troolpark import GAME
from engine.troolpark.data import ATTRACTIONS, INSPECTIONS
from tests.engine.table_hooks import Secrets, Tally, check_summary, hooks_playout
from tests.engine.test_troolpark_kit import (
    alice_and_bob,
    build,
    deal,
    inspect,
    play,
    table,
    then,
)
from tests.engine.test_troolpark_rules import catch_up_at

State = dict[str, Any]


def scramble(state: State, rng: Rng) -> State:
    """Shuffle the face-down piles, the ledger and the Booth reserve; change every secret
    choice made so far to another open space."""
    copy: State = clone(state)
    for pile in ("attraction_pile", "weather_pile", "ledger", "booth_reserve"):
        rng.shuffle(copy[pile])
    open_letters = [letter for letter, card in copy["central"].items() if card is not None]
    for seat in copy["choices"]:
        copy["choices"][seat] = rng.choice(open_letters)
    return copy


def hidden_words(state: State) -> set[str]:
    """Names of the Attractions still face down in the pile."""
    return {ATTRACTIONS[card].name for card in state["attraction_pile"]}


SECRETS = Secrets(scramble, hidden_words, piles=("attraction_pile", "weather_pile", "ledger"))


def test_hooks_hold_over_random_games() -> None:
    """2–4 players: the checks of tests/engine/table_hooks.py at every step. Every move
    is public; the undoable ones are decisions after the reveal."""
    tally = Tally()
    for players in (2, 3, 4):
        for seed in (3, 4):
            hooks_playout(GAME, players, seed, SECRETS, tally)
    assert not tally.private
    assert {"choose", "place", "booth", "take", "pass", "bonus", "cat"} <= set(tally.public)
    assert {"place", "booth", "take"} <= set(tally.undoable)
    assert not {"choose", "cat", "pass"} & set(tally.undoable)
    assert {"choose", "place"} <= set(tally.announces)


# ---------------------------------------------------------------- 1a secret choice


def test_1a_choice_buttons_are_the_same_for_everyone_whatever_was_chosen() -> None:
    """1a: each player secretly turns a wheel to a letter: the options are the same open
    spaces for all, so one set of buttons serves the table and shows no choice."""
    state = alice_and_bob()
    before = GAME.public_moves(state, "alice")
    assert before == GAME.public_moves(state, "bob") == GAME.legal_moves(state, "bob")
    state, events = play(state, ("alice", "choose:B"))
    assert events == ["alice has chosen"]
    assert GAME.public_moves(state, "alice") == GAME.public_moves(state, "bob") == before
    state["choices"]["alice"] = "D"
    assert GAME.public_moves(state, "bob") == before


def test_1a_a_secret_choice_is_changed_by_choosing_again_not_undone() -> None:
    """1a: a choice can be changed until everyone has chosen, so it is not undoable."""
    state = alice_and_bob()
    after, _ = play(state, ("alice", "choose:B"))
    assert not GAME.undoable(state, after, "alice") and not GAME.announces(state, after)
    again, _ = play(after, ("alice", "choose:C"))
    assert again["choices"] == {"alice": "C"}


def test_1b_the_reveal_is_announced_and_not_undoable() -> None:
    """1b: the players reveal their choices simultaneously: news for the whole table."""
    state, _ = play(alice_and_bob(), ("alice", "choose:A"))
    after, events = play(state, ("bob", "choose:D"))
    assert any(e.startswith("Choices revealed") for e in events)
    assert GAME.announces(state, after) and not GAME.undoable(state, after, "bob")


# ---------------------------------------------------------------- decisions


def test_booths_placing_then_taking_a_booth_is_undoable_until_the_effect() -> None:
    """Booths: with the Booth icon the player places the Attraction, takes a Booth of
    their choice and places it before the effect; each step but the last may be taken
    back (the Booth types and counts are on the table for all to see)."""
    state = table(["p1", "p2"])
    deal(state, {"A": "Mitten Market"})
    build(state, "p1", "snacks", "booth:sand")
    state, _ = play(state, ("p1", "choose:A"), ("p2", "choose:B"))
    for code in ("place:laughs", "booth:stone"):
        after, _ = play(state, ("p1", code))
        assert GAME.to_move(after) == ["p1"] and GAME.undoable(state, after, "p1"), code
        state = after
    after, events = play(state, ("p1", "place:thrills"))
    assert "p1 opens Mitten Market: +2 Visitors" in events
    assert GAME.to_move(after) == ["p2"] and not GAME.undoable(state, after, "p1")


def test_1c_catching_up_then_the_bonus_is_undoable() -> None:
    """1c Example: Bob catches up with B and then chooses between the Thrills and the
    Snacks bonus: taking B may be taken back until the bonus is chosen."""
    state, _ = play(
        alice_and_bob(), ("alice", "choose:C"), ("bob", "choose:C"), ("alice", "place:thrills")
    )
    after, _ = play(state, ("bob", "take:B"))
    assert GAME.to_move(after) == ["bob"] and GAME.undoable(state, after, "bob")
    bonus, _ = play(after, ("bob", "bonus:thrills"))
    assert GAME.undoable(after, bonus, "bob"), "still Bob's placement to come"
    placed, events = play(bonus, ("bob", "place:snacks"))
    assert any(e.startswith("Weather:") for e in events)
    assert GAME.announces(bonus, placed) and not GAME.undoable(bonus, placed, "bob")


def test_1c_passing_on_the_catch_up_is_not_undoable_when_the_round_moves_on() -> None:
    """1c: a player may catch up; passing ends their part of the phase (Weather follows)."""
    state, _ = play(
        alice_and_bob(), ("alice", "choose:C"), ("bob", "choose:C"), ("alice", "place:thrills")
    )
    after, _ = play(state, ("bob", "pass"))
    assert not GAME.undoable(state, after, "bob")


def test_location_bonuses_weather_token_back_is_shuffled_so_not_undoable() -> None:
    """Location Bonuses: a Weather token is mixed into the pile: a chance outcome."""
    state = catch_up_at("C")
    after, _ = play(state, ("p2", "bonus:weather:sunshine"))
    assert after["rng"] != state["rng"] and not GAME.undoable(state, after, "p2")


def test_3_an_inspection_is_announced() -> None:
    """3. Inspections: the ranking and its rewards are news for the whole table."""
    state = inspect(["p1", "p2", "p3"], ["p1", "p2", "p3"], "i3", {"p1": 5, "p2": 3, "p3": 1})
    seat = then(state, {"do": "inspect"})
    after, events = play(state, (seat, "place:laughs"))
    assert any(e.startswith("Inspection of") for e in events)
    assert GAME.announces(state, after) and not GAME.undoable(state, after, seat)


def test_3_thrills_a_category_choice_passes_to_the_next_player() -> None:
    """3. Inspection: Thrills: each leader in turn picks a Category; the next one picks
    after, so the choice is not undoable."""
    thrills = next(i for i, card in INSPECTIONS.items() if card.category == "thrills")
    state = inspect(["p1", "p2", "p3"], ["p1", "p2", "p3"], thrills, {"p1": 5, "p2": 3, "p3": 1})
    seat = then(state, {"do": "inspect"})
    state, _ = play(state, (seat, "place:laughs"))
    first = GAME.to_move(state)[0]
    after, _ = play(state, (first, GAME.legal_moves(state, first)[0].code))
    assert GAME.to_move(after) != [first] and not GAME.undoable(state, after, first)


def test_4_a_new_round_is_announced() -> None:
    """4. Preparations for the Next Round: new Attractions and the next inspection."""
    state, _ = play(alice_and_bob(), ("alice", "choose:A"), ("bob", "choose:D"))
    state, _ = play(state, ("alice", "place:laughs"))
    after, events = play(state, ("bob", "place:snacks"))
    assert after["round"] == 2 and any(e.startswith("Round 2 begins") for e in events)
    assert GAME.announces(state, after)


def test_groups_name_each_decision() -> None:
    """1a, 1b, 1c and Booths: the picker names the decision in plain words."""
    state = alice_and_bob()
    assert {GAME.move_group(state, "alice", m) for m in GAME.legal_moves(state, "alice")} == {
        "Choose an Attraction"
    }
    state = catch_up_at("C")
    assert {GAME.move_group(state, "p2", m) for m in GAME.legal_moves(state, "p2")} == {
        "Pick a location bonus"
    }


def test_summary_for_players() -> None:
    """The five-line player summary the bot's start message and /rules show."""
    check_summary(GAME)
    assert len(GAME.summary) == 5
