"""Step 1 (Play One Park Tile) and step 3 (Take One New Tile) of a turn."""

from __future__ import annotations

from engine import Rng
from engine.imagineers import GAME
from engine.imagineers.data import OWNERSHIP_MARKERS, TILES
from engine.imagineers.movement import spaces
from engine.imagineers.tracks import score, scores
from tests.engine.test_imagineers_kit import (
    State,
    build,
    calm,
    codes,
    guests,
    hand,
    play,
    started,
    tile_of,
    turn_of,
)


def my_turn(players: int = 4) -> State:
    """p1 about to play a tile in a calm round; p1 holds tiles 15 and 41."""
    state = calm(turn_of(started(players), "p1"))
    return hand(state, "p1", 15, 41)


def test_turn_has_three_steps_in_order() -> None:
    """Game Play: play a tile, move guests, take a tile; then the next player."""
    state = my_turn()
    assert codes(state, "p1") == ["tile:15", "tile:41"]
    state, _ = play(state, "p1", "tile:15", "staff:vendor")
    assert state["phase"] == "move"
    state, _ = play(state, "p1", codes(state, "p1")[0])
    if state["phase"] == "order":
        state, _ = play(state, "p1", codes(state, "p1")[0])
    assert codes(state, "p1") == ["take:attraction", "take:coaster"]
    state, _ = play(state, "p1", "take:coaster")
    assert len(state["players"]["p1"]["hand"]) == 2
    assert GAME.to_move(state) == ["p2"]


def test_build_pays_cost_and_marks_owner() -> None:
    """Build an Attraction: any empty space, pay the cost, mark it as yours."""
    state = my_turn()
    state, log = play(state, "p1", "tile:15", "build:1")
    assert state["built"][0] == [15, "p1"]
    assert state["players"]["p1"]["money"] == 4 - 2
    assert state["players"]["p1"]["hand"] == [41]
    assert "built" in log[-1]


def test_build_only_on_free_affordable_spaces() -> None:
    """Build an Attraction: only empty attraction spaces; never shops or red spaces."""
    state = my_turn()
    build(state, 1, 0, "p2")
    after, _ = play(state, "p1", "tile:41")  # attraction cost 3
    spaces = {int(c.split(":")[1]) for c in codes(after, "p1") if c.startswith("build:")}
    assert 1 not in spaces and 3 not in spaces and 5 not in spaces  # built, red, shop
    assert spaces == {2, 4, 6, 7, 9, 10, 12, 14, 15, 17, 19, 20}
    state["players"]["p1"]["money"] = 2
    after, _ = play(state, "p1", "tile:41")
    assert not [c for c in codes(after, "p1") if c.startswith("build:")]


def fill_park(state: State) -> None:
    """Every free space gets a cheap yellow attraction, owned in turn by p2, p3 and p4."""
    free = [
        i
        for i, space in enumerate(state["built"])
        if i not in state["covered"] and space is None and spaces(state)[i].kind == "build"
    ]
    for n, i in enumerate(free):
        state["built"][i] = [tile_of("Y", 1), f"p{2 + n % 3}"]


def test_deconstruct_only_when_the_park_is_full() -> None:
    """Build an Attraction: with no empty space, pay an opponent's cost to replace it."""
    state = my_turn()
    after, _ = play(state, "p1", "tile:15")
    assert all(
        not c.startswith("build:") or after["built"][int(c[6:]) - 1] is None
        for c in codes(after, "p1")
    )
    fill_park(state)
    build(state, 2, 0, "p1")  # one of p1's own: never offered
    state["players"]["p1"]["money"] = 3
    after, _ = play(state, "p1", "tile:15")
    builds = [c for c in codes(after, "p1") if c.startswith("build:")]
    assert "build:2" not in builds and "build:1" in builds
    after, log = play(after, "p1", "build:1")
    assert after["built"][0] == [15, "p1"]
    assert after["players"]["p1"]["money"] == 3 - 1 - 2
    assert tile_of("Y", 1) in after["box"]
    assert any("deconstruct" in e for e in log)


def test_upgrade_pays_for_an_empty_slot() -> None:
    """Upgrade Your Roller Coaster: place the coaster side on an empty slot, pay its cost."""
    state = my_turn()
    state["players"]["p1"]["money"] = 10
    before = score(state, "p1")
    state, log = play(state, "p1", "tile:41", "upgrade:4")
    p1 = state["players"]["p1"]
    assert p1["upgrades"][3] == 41 and p1["money"] == 10 - 4
    assert score(state, "p1") == before + 5  # the -5 slot is covered
    assert "Trick Track" in log[-1] and "slot 4 for $4" in log[-1]


def test_replacing_an_upgrade_costs_the_new_tile_and_no_fee() -> None:
    """Upgrade Your Roller Coaster, replacing an upgrade (RULES.md decision 12): the new
    tile's cost is paid as for an empty slot, with no extra fee; the old tile leaves."""
    state = my_turn()
    state["players"]["p1"]["upgrades"][3] = 41
    hand(state, "p1", 0, 1)  # coaster sides cost $6
    state["players"]["p1"]["money"] = 7
    after, _ = play(state, "p1", "tile:0")
    labels = {m.code: m.label for m in GAME.legal_moves(after, "p1")}
    assert labels["upgrade:4"] == "Add Lift Hill to coaster slot 4 for $6, replacing Trick Track"
    assert labels["upgrade:1"] == "Add Lift Hill to coaster slot 1 (covers -2 fame) for $6"
    after, log = play(after, "p1", "upgrade:4")
    p1 = after["players"]["p1"]
    assert p1["money"] == 7 - 6 and p1["upgrades"][3] == 0 and 41 in after["box"]
    assert log[-1].endswith("for $6, replacing Trick Track")
    state["players"]["p1"]["money"] = 5  # not free: too little for the $6 side anywhere
    after, _ = play(state, "p1", "tile:0")
    assert not [c for c in codes(after, "p1") if c.startswith("upgrade:")]


def test_replacing_an_upgrade_is_free_with_the_upgrades_option() -> None:
    """Upgrade Your Roller Coaster, the other reading of "replace existing Coaster Upgrades
    tiles on your board at no cost" (RULES.md decision 12, lobby option ``upgrades:
    free``): over an upgrade nothing is paid, even without the money; an empty slot still
    costs the tile's cost."""
    state = my_turn()
    state["upgrades"] = "free"
    state["players"]["p1"]["upgrades"][3] = 41
    hand(state, "p1", 0, 1)  # coaster sides cost $6
    state["players"]["p1"]["money"] = 5
    after, _ = play(state, "p1", "tile:0")
    labels = {m.code: m.label for m in GAME.legal_moves(after, "p1") if m.code[:8] == "upgrade:"}
    assert labels == {
        "upgrade:4": "Add Lift Hill to coaster slot 4 for free, replacing Trick Track"
    }
    after, log = play(after, "p1", "upgrade:4")
    p1 = after["players"]["p1"]
    assert p1["money"] == 5 and p1["upgrades"][3] == 0 and 41 in after["box"]
    assert log[-1].endswith("for free, replacing Trick Track")


def test_replacing_upgrades_is_a_lobby_option_paid_by_default() -> None:
    """RULES.md decision 12: the reading argued from the text (pay the new tile) is the
    default; "free" is the lobby option; a game saved before the option pays."""
    spec = next(o for o in GAME.options if o.name == "upgrades")
    assert spec.default == "paid" and spec.choices == ("paid", "free")
    assert GAME.setup(["a", "b"], seed=1)["upgrades"] == "paid"
    assert GAME.setup(["a", "b"], seed=1, options={"upgrades": "free"})["upgrades"] == "free"
    old = my_turn()
    del old["upgrades"]
    old["players"]["p1"]["upgrades"][3] = 41
    hand(old, "p1", 0, 1)
    old["players"]["p1"]["money"] = 5
    after, _ = play(old, "p1", "tile:0")
    assert not [c for c in codes(after, "p1") if c.startswith("upgrade:")]


def test_upgrade_needs_the_money_for_an_empty_slot() -> None:
    """Upgrade Your Roller Coaster: the cost is paid from your money."""
    state = my_turn()
    state["players"]["p1"]["money"] = 3
    after, _ = play(state, "p1", "tile:41")
    assert not [c for c in codes(after, "p1") if c.startswith("upgrade:")]


def test_vendor_gains_five_capped_at_ten() -> None:
    """Staff Action Vendor: +$5; money stops at $10."""
    state = my_turn()
    after, _ = play(state, "p1", "tile:15", "staff:vendor")
    assert after["players"]["p1"]["money"] == 9 and 15 in after["box"]
    state["players"]["p1"]["money"] = 8
    after, _ = play(state, "p1", "tile:15", "staff:vendor")
    assert after["players"]["p1"]["money"] == 10


def test_janitor_places_mess_and_sweeps_guests_along() -> None:
    """Staff Action Janitor: guests drop one by one on following spaces with <= 3 guests."""
    state = guests(my_turn(), {2: "RBY", 3: "YYYY", 4: "B"})
    state["entrances"] = {"7": "p3"}
    after, _ = play(state, "p1", "tile:15")
    janitor = [c for c in codes(after, "p1") if c.startswith("staff:janitor:")]
    assert "staff:janitor:8" not in janitor and len(janitor) == 19
    after, _ = play(after, "p1", "staff:janitor:2")
    assert after["mess"] == 1 and after["paths"][1] == []
    assert after["paths"][2] == list("YYYY")  # full: skipped
    assert after["paths"][3] == ["B", "R"] and after["paths"][4] == ["B"]
    assert after["paths"][5] == ["Y"]
    assert {s: p["money"] for s, p in after["players"].items()} == {
        s: p["money"] for s, p in state["players"].items()
    }


def test_performer_moves_one_guest_not_to_full_or_messy_spaces() -> None:
    """Staff Action Performer: one guest to a space without 4 guests or the Mess."""
    state = guests(my_turn(), {1: "RB", 2: "YYYY"})
    state["mess"] = 2
    state, _ = play(state, "p1", "tile:15", "staff:performer")
    assert codes(state, "p1") == ["guest:1:B", "guest:1:R", "guest:2:Y", "back"]
    state, _ = play(state, "p1", "guest:1:R")
    targets = [c for c in codes(state, "p1") if c.startswith("to:")]
    assert "to:1" not in targets and "to:2" not in targets and "to:3" not in targets
    state, _ = play(state, "p1", "to:10")
    assert state["paths"][0] == ["B"] and state["paths"][9] == ["R"]
    assert 15 in state["box"] and state["phase"] == "move"


def test_back_returns_to_the_previous_choice() -> None:
    """Every choice is a step; `back` undoes it until the tile is used."""
    state = my_turn()
    after, _ = play(state, "p1", "tile:15", "staff:performer", "guest:1:" + state["paths"][0][0])
    after, _ = play(after, "p1", "back", "back", "back")
    assert after["phase"] == "tile" and after["players"] == state["players"]


def test_take_is_blind_from_either_stack_and_skips_an_empty_one() -> None:
    """Take One New Tile: the top of either stack, without looking at the other side."""
    state = turn_of(my_turn(), "p1", "take")
    top = state["stacks"]["attraction"][-1]
    after, _ = play(state, "p1", "take:attraction")
    assert after["players"]["p1"]["hand"][-1] == top
    state["stacks"]["coaster"] = []
    assert codes(state, "p1") == ["take:attraction"]


def test_attraction_costs_and_tiles_are_conserved() -> None:
    """Contents: 42 tiles, wherever they are."""
    state = started(4)
    places = sum(len(s) for s in state["stacks"].values())
    places += sum(len(p["hand"]) for p in state["players"].values())
    assert places == len(TILES)


def test_ten_ownership_markers_limit_the_attractions() -> None:
    """Contents / Game Setup 2 and 10 (RULES.md decision 22): 10 markers, one on the
    entrance; with none left a player cannot build, but may still upgrade or call staff."""
    state = my_turn()
    assert GAME.view(state, None)["players"]["p1"]["markers_left"] == OWNERSHIP_MARKERS - 1
    state["players"]["p1"]["money"] = 10
    owned = [i for i, s in enumerate(state["built"]) if spaces(state)[i].kind == "build"][:9]
    for space in owned:
        build(state, space + 1, tile_of("Y", 1), "p1")
    assert GAME.view(state, None)["players"]["p1"]["markers_left"] == 0
    after, _ = play(state, "p1", "tile:15")
    left = codes(after, "p1")
    assert not [c for c in left if c.startswith("build:")]
    assert "upgrade:1" in left and "staff:vendor" in left
    state["built"][owned[0]] = None  # one attraction gone: its marker is back
    after, _ = play(state, "p1", "tile:15")
    assert [c for c in codes(after, "p1") if c.startswith("build:")]


def test_deconstructing_gives_the_marker_back_to_its_owner() -> None:
    """Build an Attraction, full park: the old attraction leaves, and with it the marker
    goes back to the opponent who owned it (RULES.md decision 22)."""
    state = my_turn()
    fill_park(state)
    state["players"]["p1"]["money"] = 10
    before = GAME.view(state, None)["players"]["p2"]["markers_left"]
    after, log = play(state, "p1", "tile:15", "build:1")
    assert GAME.view(after, None)["players"]["p2"]["markers_left"] == before + 1
    assert "ownership marker goes back to p2" in log[1]


def test_every_seats_score_in_one_pass_matches_each_seats_own() -> None:
    """Game End and Scoring: ``scores`` (the robots' one pass over the park) gives each
    seat the same fame + attractions' fame + showing penalties as ``score``, through
    whole games of every table size where attractions are built, replaced and covered."""
    checked = 0
    for players in (2, 3, 4):
        state = GAME.setup([f"p{i}" for i in range(players)], players)
        rng = Rng.from_seed(players)
        while GAME.outcome(state) is None:
            assert scores(state) == {seat: score(state, seat) for seat in state["seats"]}
            checked += 1
            seat = GAME.waiting_for(state)[0]
            state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
        assert any(built is not None for built in state["built"])
    assert checked > 300
