"""Step 2, Move Guests: sowing, scoring, crowds, the Mess, coasters (rulebook examples)."""

from __future__ import annotations

from engine.imagineers.movement import spaces
from tests.engine.test_imagineers_kit import (
    State,
    build,
    calm,
    codes,
    guests,
    play,
    started,
    turn_of,
)


def moving(layout: dict[int, str] | None = None, players: int = 4) -> State:
    """p1 to move guests in a 4-player Day park (nothing covered, no coaster entrances)."""
    state = calm(turn_of(started(players), "p1", "move"))
    state["entrances"] = {}
    return guests(state, layout or {})


def test_movement_example_blue_guest_on_blue_attraction() -> None:
    """Move Guests, Movement Example: owner $1, rider 1 happiness, guest to the next path
    (tile 14 is the example's attraction)."""
    state = build(moving(layout={1: "B"}), 1, 14, "p2")
    state, log = play(state, "p1", "move:1")
    assert state["players"]["p2"]["money"] == 5
    assert state["players"]["p1"]["happiness"] == 4
    assert state["players"]["p1"]["money"] == 4
    assert state["paths"][0] == [] and state["paths"][1] == ["B"]
    assert state["phase"] == "take" and any("rode p2's attraction" in e for e in log)


def test_scoring_example_red_and_blue_guest() -> None:
    """Scoring Example: blue on yellow scores nothing; red on Chris's red: $1, 5 happiness.

    Five happiness is one lap of the five-space wheel: Ken ends where he started and
    scores 1 fame (RULES.md, decision 3).
    """
    ken, chris = "p1", "p2"
    state = moving(layout={6: "RB"})
    build(state, 6, 0, chris)  # a yellow attraction
    build(state, 7, 26, chris)  # the red attraction of the example
    state, _ = play(state, ken, "move:6")
    assert state["phase"] == "order" and codes(state, ken) == ["order:BR", "order:RB", "back"]
    state, _ = play(state, ken, "order:BR")
    assert state["players"][chris]["money"] == 4 + 1
    assert state["players"][ken]["happiness"] == 3
    assert state["players"][ken]["fame"] == 1
    assert state["players"][ken]["money"] == 4
    assert state["paths"][6] == ["B"] and state["paths"][7] == ["R"]


def test_own_attraction_pays_both_money_and_happiness() -> None:
    """Move Guests: moving a guest into your own attraction earns money and happiness
    (the Attraction example tile: $1 and 3 happiness)."""
    state = build(moving(layout={1: "B"}), 1, 15, "p1")
    state, _ = play(state, "p1", "move:1")
    p1 = state["players"]["p1"]
    assert (p1["money"], p1["happiness"], p1["fame"]) == (5, 3 + 3 - 5, 1)


def test_sowing_drops_one_guest_per_attraction_skipping_crowded() -> None:
    """Move Guests: one guest per attraction clockwise; 4 guests on its path = skipped."""
    state = moving(layout={1: "YYY", 2: "RRBB"})
    build(state, 1, 0, "p2")
    build(state, 4, 2, "p2")
    state, log = play(state, "p1", "move:1")
    dropped = [e.split()[-1] for e in log if "guest" in e and "space" in e][1:]
    assert dropped == ["1", "3", "4"]  # space 2 was crowded; 3 is a red printed space
    assert state["players"]["p2"]["money"] == 4 + 1 + 1
    assert [len(p) for p in state["paths"][:6]] == [0, 4, 1, 1, 1, 0]


def test_messy_attraction_is_skipped_and_exits_avoid_the_mess() -> None:
    """Staff Action Janitor note: guests skip the path space with the Mess token."""
    state = moving(layout={1: "YY"})
    state["mess"] = 1  # path/attraction space 2
    build(state, 1, 0, "p2")
    state, log = play(state, "p1", "move:1")
    assert state["paths"][1] == []
    assert any("nothing to ride at space 3" in e for e in log)
    assert state["paths"][2] == ["Y"] and state["paths"][3] == ["Y"]


def test_exit_skips_full_path_spaces() -> None:
    """Quick Reference: a guest that would be the 5th on a path moves to the next open one."""
    state = moving(layout={1: "B", 2: "RRRR"})
    state, _ = play(state, "p1", "move:1")
    assert state["paths"][1] == list("RRRR") and state["paths"][2] == ["B"]


def test_unbuilt_attraction_space_takes_a_guest_and_scores_nothing() -> None:
    """RULES.md decision 7: an empty attraction space receives a guest; nothing scores."""
    state = moving(layout={1: "BY"}, players=2)
    before = {s: dict(p) for s, p in state["players"].items()}
    state, log = play(state, "p1", "move:1", "order:BY")
    assert any("found nothing to ride at space 1" in e for e in log)
    assert any("found nothing to ride at space 2" in e for e in log)
    assert all(state["players"][s]["money"] == before[s]["money"] for s in state["seats"])
    assert state["paths"][1] == ["B"] and state["paths"][2] == ["Y"]


def test_spaces_under_path_tiles_are_not_attractions() -> None:
    """Game Setup 1 / RULES.md decision 7: covered spaces are never dropped on."""
    state = moving(layout={3: "BY"}, players=2)  # day, 2 players: space 4 is covered
    assert 3 in state["covered"]
    state, log = play(state, "p1", "move:3", "order:BY")
    assert not any("space 4" in e for e in log if "ride" in e)
    assert any("space 3" in e for e in log) and any("space 5" in e for e in log)


def test_shop_pays_any_guest_and_red_printed_attraction_only_red() -> None:
    """Move Guests: shops and pre-printed red attractions pay the active player."""
    state = moving(layout={4: "YY"})
    shop, red = spaces(state)[4], spaces(state)[7]
    assert (shop.kind, red.kind) == ("shop", "red")
    # Space 4 is an empty attraction space; space 5 a shop: the second yellow guest shops.
    state, _ = play(state, "p1", "move:4")
    assert state["players"]["p1"]["money"] == 4 + shop.money
    assert state["players"]["p1"]["happiness"] == 3 + shop.happiness
    # Space 8 is a pre-printed red attraction: only a red guest dropped there scores.
    state = moving(layout={7: "BR"})
    state, _ = play(state, "p1", "move:7", "order:BR")
    assert wheel(state, "p1") == 3 + red.happiness
    state = moving(layout={7: "RB"})
    state, _ = play(state, "p1", "move:7", "order:RB")
    assert wheel(state, "p1") == 3


def wheel(state: State, seat: str) -> int:
    """Happiness counted with the laps already turned into fame."""
    player = state["players"][seat]
    return int(player["happiness"]) + 5 * int(player["fame"])


def test_red_guest_on_coaster_pays_owner_and_mover() -> None:
    """Upgrade Your Roller Coaster callouts 2-5: $2 + upgrades to owner, 1 + upgrades to
    rider; Scoring Money, Happiness, and Fame: a coaster's fame goes on the track at once."""
    state = moving(layout={8: "R"})
    state["entrances"] = {"7": "p2"}  # space 8
    state["players"]["p2"]["upgrades"][0] = 41  # owner +1 happiness +1 fame, rider +2
    state, _ = play(state, "p1", "move:8")
    p1, p2 = state["players"]["p1"], state["players"]["p2"]
    assert (p2["money"], p2["happiness"], p2["fame"]) == (6, 4, 1)
    assert p1["happiness"] == 3 + 1 + 2 - 5 and p1["fame"] == 1  # 6 happiness: one lap


def test_owner_riding_own_coaster_gets_everything() -> None:
    """Move Guests: a red guest moved by the coaster's owner pays them both sides."""
    state = moving(layout={8: "R"})
    state["entrances"] = {"7": "p1"}
    state, _ = play(state, "p1", "move:8")
    assert (state["players"]["p1"]["money"], state["players"]["p1"]["happiness"]) == (6, 4)


def test_only_red_guests_ride_coasters() -> None:
    """Move Guests: roller coasters can only be ridden by red guests."""
    state = moving(layout={8: "B"})
    state["entrances"] = {"7": "p2"}
    state, log = play(state, "p1", "move:8")
    assert state["players"]["p2"]["money"] == 4 and state["players"]["p1"]["happiness"] == 3
    assert any("passed p2's coaster" in e for e in log)


def test_movement_card_limits_the_spaces() -> None:
    """Move Guests: the chosen space must satisfy the round's Movement card."""
    state = moving(layout={1: "Y", 2: "RB", 3: "BB", 4: "RRR"})
    for card, allowed in {
        "red1": [2, 4],
        "blue2": [2, 3],
        "yellow1": [1],
        "single": [1],
        "pair": [2, 3],
        "crowd": [4],
        "mixed": [2],
        "matched": [1, 3, 4],
        "any": [1, 2, 3, 4],
    }.items():
        state["movement"] = card
        assert codes(state, "p1") == [f"move:{n}" for n in allowed], card


def test_no_space_meets_the_card_allows_any_space() -> None:
    """RULES.md decision 8: when nothing meets the Movement card, any group may move."""
    state = moving(layout={1: "Y", 2: "BB"})
    state["movement"] = "red1"
    assert codes(state, "p1") == ["move:1", "move:2"]


def test_drop_order_asked_only_when_it_matters_and_back_works() -> None:
    """Move Guests / RULES.md decision 6: the mover chooses the order of different colours."""
    state = moving(layout={1: "BB", 2: "RBB"})
    after, _ = play(state, "p1", "move:1")
    assert after["phase"] == "take"
    after, _ = play(state, "p1", "move:2")
    assert codes(after, "p1") == ["order:BBR", "order:BRB", "order:RBB", "back"]
    back, _ = play(after, "p1", "back")
    assert back["phase"] == "move" and back["paths"] == state["paths"]


def test_guests_are_conserved_by_a_move() -> None:
    """Move Guests: picked-up guests all return to path spaces."""
    state = started(3)
    total = sum(len(p) for p in state["paths"])
    turn_of(state, state["seats"][0], "move")
    code = codes(state, state["seats"][0])[0]
    state, _ = play(state, state["seats"][0], code)
    if state["phase"] == "order":
        state, _ = play(state, state["seats"][0], codes(state, state["seats"][0])[0])
    assert sum(len(p) for p in state["paths"]) == total == 24
