"""Labels and log lines are read by players: names, never internal ids, and a
label that says exactly what its move does, so one code never hides two meanings."""

from __future__ import annotations

import re

from engine.core import Rng
from engine.imagineers import GAME
from engine.imagineers.data import TILES
from tests.engine.test_imagineers_kit import (
    State,
    build,
    calm,
    guests,
    hand,
    play,
    started,
    turn_of,
)

#: A tile id, a movement card id or an internal code where a player would read it.
INTERNAL = re.compile(r"\b[Tt]ile \d|\btile:\d|\b(red|blue|yellow)\d\b|_")
LONG_SEAT = "9" * 20  # as long as a Discord user id gets


def labels(state: State, seat: str) -> dict[str, str]:
    return {m.code: m.label for m in GAME.legal_moves(state, seat)}


def test_no_label_or_log_line_shows_an_internal_id() -> None:
    """Every label and event of AI games on both sides, 2-4 players, with long seat ids."""
    for players, side in ((2, "day"), (3, "night"), (4, "day")):
        seats = [f"{LONG_SEAT[:-1]}{i}" for i in range(players)]
        state = GAME.setup(seats, seed=players, options={"side": side})
        rng = Rng.from_seed(players)
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            for move in GAME.legal_moves(state, seat):
                assert not INTERNAL.search(move.label), move
            state, events = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
            for event in events:
                assert not INTERNAL.search(event.replace(seat, "")), event


def test_a_step_one_code_names_the_tile_it_uses() -> None:
    """Play One Park Tile: `build:2`, `upgrade:1` and the staff codes mean different things
    for different tiles, so their labels name the tile."""
    state = hand(calm(turn_of(started(4), "p1")), "p1", 15, 41)
    state["players"]["p1"]["money"] = 10
    first = labels(play(state, "p1", "tile:15")[0], "p1")
    other = labels(play(state, "p1", "tile:41")[0], "p1")
    assert first["build:2"] == "Build Lagoon Cruise on space 2 for $2"
    assert other["build:2"] == "Build Mermaid Grotto on space 2 for $3"
    assert first["staff:vendor"] == "Discard Lagoon Cruise for the Vendor: gain $5"
    assert first["upgrade:1"] == "Add Airtime Hill to coaster slot 1 (covers -2 fame) for $5"
    shared = (first.keys() & other.keys()) - {"back"}  # back: the same step either way
    assert shared and all(first[code] != other[code] for code in shared)


def test_replacing_an_attraction_names_both_and_the_owner() -> None:
    """Build an Attraction on a full park: the label says whose attraction goes."""
    state = hand(calm(turn_of(started(4), "p1")), "p1", 15, 41)
    state["players"]["p1"]["money"] = 10
    state["event"] = "urban_renewal"
    build(state, 4, 0, LONG_SEAT)
    state["players"][LONG_SEAT] = state["players"]["p2"]
    after, _ = play(state, "p1", "tile:15")
    label = labels(after, "p1")["build:4"]
    assert label == f"Build Lagoon Cruise on space 4 for $3, replacing {LONG_SEAT}'s Carousel"


def test_back_says_what_it_goes_back_to() -> None:
    """`back` undoes different choices in different steps: four different labels."""
    state = guests(hand(calm(turn_of(started(4), "p1")), "p1", 15, 41), {1: "RB", 2: "Y"})
    seen = set()
    after, _ = play(state, "p1", "tile:15")
    seen.add(labels(after, "p1")["back"])
    after, _ = play(after, "p1", "staff:performer")
    seen.add(labels(after, "p1")["back"])
    after, _ = play(after, "p1", "guest:1:R")
    seen.add(labels(after, "p1")["back"])
    moving = turn_of(guests(calm(started(4)), {1: "RB"}), "p1", "move")
    after, _ = play(moving, "p1", "move:1")
    seen.add(labels(after, "p1")["back"])
    assert len(seen) == 4 and all(label.startswith("Go back: ") for label in seen)


def test_performer_and_drop_order_labels_carry_their_context() -> None:
    """Staff Action Performer and Move Guests: the same `guest:`, `to:` or `order:` code
    after a different tile or space reads differently."""
    state = guests(hand(calm(turn_of(started(4), "p1")), "p1", 15, 41), {1: "RB", 3: "RB"})
    by_tile = [
        labels(play(state, "p1", f"tile:{tid}", "staff:performer")[0], "p1")["guest:1:R"]
        for tid in (15, 41)
    ]
    assert by_tile == [
        "Performer (discarding Lagoon Cruise): pick the red guest on space 1",
        "Performer (discarding Mermaid Grotto): pick the red guest on space 1",
    ]
    after, _ = play(state, "p1", "tile:15", "staff:performer", "guest:1:R")
    assert labels(after, "p1")["to:5"] == (
        "Performer (discarding Lagoon Cruise): red guest from space 1 to space 5"
    )
    moving = turn_of(state, "p1", "move")
    orders = [labels(play(moving, "p1", f"move:{n}")[0], "p1")["order:BR"] for n in (1, 3)]
    assert orders == [
        "Drop the guests of space 1: blue, then red",
        "Drop the guests of space 3: blue, then red",
    ]


def test_take_names_the_face_up_side_only() -> None:
    """Take One New Tile: the label shows the face-up side, never the hidden one."""
    state = turn_of(calm(started(2)), "p1", "take")
    top = {stack: state["stacks"][stack][-1] for stack in ("attraction", "coaster")}
    shown = labels(state, "p1")
    ride, track = TILES[top["attraction"]], TILES[top["coaster"]]
    assert ride.attraction.name in shown["take:attraction"]
    assert ride.coaster.name not in shown["take:attraction"]
    assert track.coaster.name in shown["take:coaster"]
    assert track.attraction.name not in shown["take:coaster"]


def test_the_longest_labels_fit() -> None:
    """Move labels are at most 100 characters, even with the longest names and seat ids."""
    longest = max(TILES, key=lambda t: len(t.attraction.name))
    track = max(TILES, key=lambda t: len(t.coaster.name))
    state = calm(turn_of(started(4), "p1"))
    hand(state, "p1", longest.id, track.id)
    state["players"]["p1"]["money"] = 10
    state["event"] = "urban_renewal"
    for space in (2, 4, 6):
        build(state, space, longest.id if space == 2 else 13, LONG_SEAT)
    state["players"][LONG_SEAT] = state["players"]["p2"]
    state["players"]["p1"]["upgrades"] = [track.id, None, None, None]
    for tid in (longest.id, track.id):
        after, _ = play(state, "p1", f"tile:{tid}")
        assert all(len(m.label) <= 100 for m in GAME.legal_moves(after, "p1"))
