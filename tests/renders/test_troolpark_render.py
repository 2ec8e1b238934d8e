"""Trool Park pictures: real mid-game and final states, PNG format and size limits, and
no secret choice in the public picture."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.core import Rng
from engine.troolpark import GAME
from engine.troolpark.views import TroolparkView
from renders import ENGLISH, text, troolpark
from tests.renders.images import check_png

State = dict[str, Any]
NAMES = {"p1": "Alice", "p2": "Bob", "p3": "Oscar", "p4": "Eve"}


def played_until(players: int, seed: int, stop: Callable[[State], bool]) -> State:
    """AI play from the start until ``stop(state)`` (or the end of the game)."""
    state = GAME.setup(list(NAMES)[:players], seed)
    rng = Rng.from_seed(seed)
    while not GAME.is_over(state) and not stop(state):
        waiting = [s for s in GAME.to_move(state) if s not in state["choices"]]
        seat = waiting[0] if waiting else GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
    return state


def choosing(state: State) -> bool:
    return state["round"] >= 3 and not state["queue"] and len(state["choices"]) == 1


def resolving(state: State) -> bool:
    return state["round"] >= 4 and bool(state["queue"]) and state["inspection"] is not None


def finished(_state: State) -> bool:
    return False


def named(view: TroolparkView) -> TroolparkView:
    view["names"] = NAMES
    return view


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("stop", [choosing, resolving, finished])
def test_board_and_hand_of_real_states(players: int, stop: Callable[[State], bool]) -> None:
    """The public board and every seat's hand are phone-shaped PNGs within limits."""
    state = played_until(players, 20 + players, stop)
    assert stop is finished or not GAME.is_over(state), "the stop was reached mid-game"
    check_png(
        troolpark.board(named(GAME.view(state, None)), lang=ENGLISH), troolpark.height(players)
    )
    for seat in state["seats"]:
        check_png(troolpark.hand(named(GAME.view(state, seat)), lang=ENGLISH))


def test_public_board_does_not_depend_on_secret_choices() -> None:
    """Privacy: two states differing only in the secret letters give identical images."""
    state = played_until(4, 5, lambda s: s["round"] == 3 and len(s["choices"]) == 3)
    chosen = dict(state["choices"])
    letters = [x for x in state["central"] if state["central"][x]]
    other = dict(state, choices={s: next(x for x in letters if x != c) for s, c in chosen.items()})
    assert troolpark.board(named(GAME.view(state, None)), lang=ENGLISH) == troolpark.board(
        named(GAME.view(other, None)), lang=ENGLISH
    )
    seat = next(iter(chosen))
    assert troolpark.hand(named(GAME.view(state, seat)), lang=ENGLISH) != troolpark.hand(
        named(GAME.view(other, seat)), lang=ENGLISH
    ), "a seat's own hand image shows its own choice"


def test_board_shows_who_has_chosen() -> None:
    """The public picture changes when a player has chosen (but not with what)."""
    state = played_until(3, 9, lambda s: s["round"] == 2 and not s["queue"] and not s["choices"])
    before = troolpark.board(named(GAME.view(state, None)), lang=ENGLISH)
    after, _ = GAME.play(state, "p2", GAME.legal_moves(state, "p2")[0].code)
    assert troolpark.board(named(GAME.view(after, None)), lang=ENGLISH) != before


def offering(state: State) -> bool:
    return bool((state["inspection"] or {}).get("offered"))


def test_board_and_hand_show_the_two_booths_offered_to_the_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RULES.md, Laughs inspection: the two Booth types offered to the 1st are shown to
    everyone (who picks, each type by icon and name), and the 1st's own view says why."""
    state = played_until(4, 1, offering)
    offered = state["inspection"]["offered"]
    first = state["inspection"]["ranking"][0]
    assert len(offered) == 2
    drawn: list[str] = []
    original = text.draw

    def record(*args: Any, **kwargs: Any) -> Any:
        drawn.append(str(args[2]))
        return original(*args, **kwargs)

    monkeypatch.setattr(text, "draw", record)
    troolpark.board(named(GAME.view(state, None)), lang=ENGLISH)
    assert f"{NAMES[first]} picks a Booth:" in drawn
    assert {ground.capitalize() for ground in offered} <= set(drawn)
    drawn.clear()
    troolpark.hand(named(GAME.view(state, first)), lang=ENGLISH)
    assert any(words.startswith("You were 1st in Laughs") for words in drawn)
