"""Views and privacy: hands are private, stacks show only their face-up top side."""

from __future__ import annotations

import json

from engine.imagineers import GAME
from tests.engine.test_imagineers_kit import State, hand, play, started


def public(state: State) -> str:
    return json.dumps(GAME.view(state, None), sort_keys=True)


def test_public_view_follows_the_shared_conventions() -> None:
    view = GAME.view(started(3), None)
    for key in ("game", "seats", "to_move", "over", "scores", "phase", "last", "viewer"):
        assert key in view
    assert view["game"] == "imagineers" and view["viewer"] is None and not view["over"]
    assert len(view["spaces"]) == 20 and set(view["players"]) == {"p1", "p2", "p3"}
    assert view["movement"]["text"] and view["event"]["name"]


def test_hands_are_not_in_the_public_view() -> None:
    """Privacy: two states differing only in p1's hand look the same to the public."""
    state = started(2)
    a = hand(json.loads(json.dumps(state)), "p1", *state["players"]["p1"]["hand"])
    other = [t for t in range(42) if t not in state["players"]["p2"]["hand"]][:2]
    b = json.loads(json.dumps(state))
    b["players"]["p1"]["hand"] = other
    assert public(a) == public(b)
    assert (
        "hand" not in GAME.view(a, None) and GAME.view(a, None)["players"]["p1"]["hand_size"] == 2
    )


def test_deck_order_and_lower_stack_tiles_are_hidden() -> None:
    """Privacy: only each stack's top tile (face-up side) and the deck sizes are public."""
    state = started(2)
    b = json.loads(json.dumps(state))
    b["stacks"]["attraction"][:-1] = list(reversed(b["stacks"]["attraction"][:-1]))
    b["movement_deck"] = list(reversed(b["movement_deck"]))
    b["event_deck"] = list(reversed(b["event_deck"]))
    assert public(state) == public(b)
    top = GAME.view(state, None)["stacks"]["coaster"]["top"]
    assert "tile" not in top and "colour" not in top and "cost" in top


def test_a_seat_sees_both_sides_of_its_own_tiles_only() -> None:
    state = started(2)
    mine = GAME.view(state, "p1")
    assert mine["viewer"] == "p1"
    assert [t["tile"] for t in mine["hand"]] == state["players"]["p1"]["hand"]
    assert all({"attraction", "coaster"} <= set(t) for t in mine["hand"])
    theirs = GAME.view(state, "p2")
    assert [t["tile"] for t in theirs["hand"]] == state["players"]["p2"]["hand"]


def test_the_tile_being_played_stays_private_until_used() -> None:
    state = started(2)
    seat = state["queue"][0]
    tile = state["players"][seat]["hand"][1]
    after, log = play(state, seat, f"tile:{tile}")
    assert str(tile) not in " ".join(log)
    assert "chosen" not in GAME.view(after, None)
    assert GAME.view(after, seat)["chosen"] == tile
    other = next(s for s in state["seats"] if s != seat)
    assert GAME.view(after, other)["chosen"] is None
