"""Event cards: each changes one rule for its round (Game Play; RULES.md, decision 20).

Every test plays the same situation with the event and without it (the rule-neutral
Last Round card in force), so each asserts the event's difference.
"""

from __future__ import annotations

from engine.imagineers.data import EVENT_CARDS
from tests.engine.test_imagineers_kit import (
    State,
    build,
    calm,
    codes,
    guests,
    hand,
    play,
    started,
    turn_of,
)


def situation(event: str | None, layout: dict[int, str] | None = None) -> State:
    """p1 to play tile 41 (blue ride $3 / coaster $4) or 15; 4 players, no entrances."""
    state = calm(turn_of(started(4), "p1"))
    state["entrances"] = {}
    hand(state, "p1", 41, 15)
    if layout is not None:
        guests(state, layout)
    if event is not None:
        state["event"] = event
    return state


def both(layout: dict[int, str] | None, event: str, *moves: str) -> tuple[State, State]:
    """The state after ``moves`` by p1 without and with ``event``."""
    plain, _ = play(situation(None, layout), "p1", *moves)
    changed, _ = play(situation(event, layout), "p1", *moves)
    return plain, changed


def money(state: State, seat: str = "p1") -> int:
    return int(state["players"][seat]["money"])


def test_every_event_card_has_a_test_here() -> None:
    names = {name.removeprefix("test_") for name in globals() if name.startswith("test_")}
    assert {card.id for card in EVENT_CARDS} <= names


def test_grand_opening() -> None:
    """Grand Opening: attractions cost $1 less (coasters unchanged)."""
    plain, changed = both(None, "grand_opening", "tile:41", "build:2")
    assert money(changed) == money(plain) + 1
    plain, changed = both(None, "grand_opening", "tile:41", "upgrade:1")
    assert money(changed) == money(plain)


def test_coaster_sale() -> None:
    """Coaster Sale: filling a coaster slot costs $2 less."""
    plain, changed = both(None, "coaster_sale", "tile:41", "upgrade:1")
    assert (money(plain), money(changed)) == (0, 2)


def test_payday() -> None:
    """Payday: the Vendor earns $7."""
    plain, changed = both(None, "payday", "tile:41", "staff:vendor")
    assert (money(plain), money(changed)) == (9, 10)


def test_all_aboard() -> None:
    """All Aboard: a blue guest rides p2's coaster."""
    plain, changed = (situation(e, {8: "B"}) for e in (None, "all_aboard"))
    for state in (plain, changed):
        state["entrances"] = {"7": "p2"}
        turn_of(state, "p1", "move")
    plain, _ = play(plain, "p1", "move:8")
    changed, _ = play(changed, "p1", "move:8")
    assert (money(plain, "p2"), money(changed, "p2")) == (4, 6)


def riding(event: str) -> tuple[State, State]:
    """A blue guest rides p2's blue attraction (tile 15: $1, 3 happiness)."""
    plain, changed = (situation(e, {1: "B"}) for e in (None, event))
    for state in (plain, changed):
        build(turn_of(state, "p1", "move"), 1, 15, "p2")
    return play(plain, "p1", "move:1")[0], play(changed, "p1", "move:1")[0]


def wheel(state: State, seat: str = "p1") -> int:
    """Happiness counted with the laps already turned into fame."""
    player = state["players"][seat]
    return int(player["happiness"]) + 5 * int(player["fame"])


def test_happy_hour() -> None:
    """Happy Hour: the rider gets two more happiness."""
    plain, changed = riding("happy_hour")
    assert wheel(changed) == wheel(plain) + 2


def test_big_tippers() -> None:
    """Big Tippers: the owner gets $1 more."""
    plain, changed = riding("big_tippers")
    assert money(changed, "p2") == money(plain, "p2") + 1


def test_shopping_spree() -> None:
    """Shopping Spree: the $1 shop on space 5 pays $2."""
    plain, changed = (
        turn_of(situation(e, {5: "Y"}), "p1", "move") for e in (None, "shopping_spree")
    )
    assert money(play(plain, "p1", "move:5")[0]) == 5
    assert money(play(changed, "p1", "move:5")[0]) == 6


def test_urban_renewal() -> None:
    """Urban Renewal: deconstructing is offered although the park has free spaces."""
    plain, changed = (situation(e) for e in (None, "urban_renewal"))
    for state in (plain, changed):
        build(state, 1, 0, "p2")
    plain, _ = play(plain, "p1", "tile:41")
    changed, _ = play(changed, "p1", "tile:41")
    assert "build:1" not in codes(plain, "p1") and "build:1" in codes(changed, "p1")


def test_fast_pass() -> None:
    """Fast Pass: a crowded attraction (space 2) is not skipped."""
    layout = {1: "YY", 2: "RRRR"}
    plain, changed = (turn_of(situation(e, layout), "p1", "move") for e in (None, "fast_pass"))
    plain, log_plain = play(plain, "p1", "move:1")
    changed, log_changed = play(changed, "p1", "move:1")
    assert any("space 2" in e for e in log_changed[1:])
    assert not any("space 2" in e for e in log_plain[1:])


def test_fast_pass_still_skips_a_crowded_coaster_entrance() -> None:
    """Upgrade Your Roller Coaster, IMPORTANT: Fast Pass is about attractions, so a coaster
    entrance with 4 guests waiting stays crowded and is skipped (RULES.md decision 20)."""
    layout = {7: "RR", 8: "YYYY"}
    results = []
    for event in (None, "fast_pass"):
        state = turn_of(situation(event, layout), "p1", "move")
        state["entrances"] = {"7": "p2"}  # space 8, four guests queuing
        state, log = play(state, "p1", "move:7")
        assert not any("coaster" in e for e in log), event
        assert state["players"]["p2"]["money"] == 4
        results.append(state["paths"])
    assert results[0] == results[1]


def test_critics_choice() -> None:
    """Critics' Choice: building an attraction scores 2 fame at once."""
    plain, changed = both(None, "critics_choice", "tile:41", "build:2")
    assert changed["players"]["p1"]["fame"] == plain["players"]["p1"]["fame"] + 2


def test_free_roam() -> None:
    """Free Roam: the Movement card's requirement is ignored."""
    layout = {1: "Y", 2: "R"}
    plain, changed = (turn_of(situation(e, layout), "p1", "move") for e in (None, "free_roam"))
    plain["movement"] = changed["movement"] = "red1"
    assert codes(plain, "p1") == ["move:2"]
    assert codes(changed, "p1") == ["move:1", "move:2"]


def test_events_last_only_their_round() -> None:
    """Game Play: the Event card is in force until the end of its round."""
    state = situation("payday")
    state["queue"] = ["p1"]
    state["event_deck"] = ["big_tippers", *state["event_deck"]]
    state, _ = play(state, "p1", "tile:41", "staff:vendor")
    state, _ = play(state, "p1", codes(state, "p1")[0])
    if state["phase"] == "order":
        state, _ = play(state, "p1", codes(state, "p1")[0])
    state, _ = play(state, "p1", "take:coaster")
    assert state["event"] == "big_tippers" and state["round"] == 2


def test_attraction_events_leave_roller_coasters_alone() -> None:
    """Upgrade Your Roller Coaster, IMPORTANT: attraction events never touch coasters."""
    results = []
    for event in (None, "happy_hour", "big_tippers", "grand_opening"):
        state = turn_of(situation(event, {8: "R"}), "p1", "move")
        state["entrances"] = {"7": "p2"}
        state, _ = play(state, "p1", "move:8")
        results.append({s: dict(p) for s, p in state["players"].items()})
    assert all(r == results[0] for r in results)
