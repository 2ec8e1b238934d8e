"""Imagineers setup and component data (rulebook: Contents, Game Setup, Deck Setup)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.imagineers import GAME
from engine.imagineers.data import (
    COASTER_BOARDS,
    EVENT_CARDS,
    LAST_ROUND,
    MOVEMENT_CARDS,
    OWNERSHIP_MARKERS,
    PARK_SIDES,
    RULEBOOK_TILES,
    TILES,
)
from tests.engine.test_imagineers_kit import started


def test_contents_42_tiles_both_sides_cost_7() -> None:
    """Contents: 42 double-sided tiles; Take One New Tile tip: the two costs total 7."""
    assert len(TILES) == 42 and [t.id for t in TILES] == list(range(42))
    assert all(t.attraction.cost + t.coaster.cost == 7 for t in TILES)
    assert Counter(t.attraction.colour for t in TILES) == {"Y": 14, "R": 14, "B": 14}


def test_rulebook_example_tiles_are_in_the_set() -> None:
    """Build an Attraction and Upgrade Your Roller Coaster examples; Movement and Scoring
    Examples: the printed values are in the set exactly (RULES.md decision 1)."""
    attraction = TILES[15].attraction
    assert (attraction.colour, attraction.cost, attraction.fame) == ("B", 2, 2)
    assert (attraction.money, attraction.happiness) == (1, 3)
    movement = TILES[14].attraction
    assert (movement.colour, movement.money, movement.happiness) == ("B", 1, 1)
    scoring = TILES[26].attraction
    assert (scoring.colour, scoring.money, scoring.happiness) == ("R", 1, 5)
    coaster = TILES[41].coaster
    assert (coaster.cost, coaster.owner_money, coaster.owner_happiness) == (4, 0, 1)
    assert (coaster.owner_fame, coaster.rider_happiness) == (1, 2)
    assert set(RULEBOOK_TILES) == {14, 15, 26, 41}


def test_every_tile_has_two_distinct_names_and_fits_a_label() -> None:
    """Labels name tiles, never their ids: 84 different names, short enough."""
    names = [t.attraction.name for t in TILES] + [t.coaster.name for t in TILES]
    assert len(set(names)) == 84
    assert all(3 <= len(name) <= 20 and not any(ch.isdigit() for ch in name) for name in names)


def test_contents_cards_and_boards() -> None:
    """Contents: 12 Movement cards, 11 Events + Last Round, 4 coaster boards, 4 Path
    tiles (never more covered), 10 ownership markers in each of 4 colours."""
    assert len(MOVEMENT_CARDS) == 12 and len({m.id for m in MOVEMENT_CARDS}) == 12
    assert len(EVENT_CARDS) == 11 and LAST_ROUND not in {e.id for e in EVENT_CARDS}
    assert len(COASTER_BOARDS) == 4
    assert all(len(c) <= 4 for side in PARK_SIDES.values() for c in side.covered.values())
    assert OWNERSHIP_MARKERS * len(COASTER_BOARDS) == 40


@pytest.mark.parametrize("side", ["day", "night"])
def test_park_sides_have_twelve_start_spaces_and_room_for_four_entrances(side: str) -> None:
    """Game Setup 5 and 10: 2 guests per start space (24 guests); red spaces for entrances."""
    park = PARK_SIDES[side]
    assert sum(s.start for s in park.spaces) == 12
    assert sum(s.kind == "red" for s in park.spaces) >= 4
    for players, covered in park.covered.items():
        assert all(park.spaces[i].kind == "build" for i in covered), players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_tracks_guests_and_decks(players: int) -> None:
    """Game Setup 4-7 and Deck Setup: $4, happiness 3, 24 guests in the three colours
    (Contents; 8 of each is reconstructed, ``data.GUESTS_PER_COLOUR``), deck sizes by
    count."""
    state = GAME.setup([f"p{i}" for i in range(players)], seed=players)
    assert {p["money"] for p in state["players"].values()} == {4}
    assert {p["happiness"] for p in state["players"].values()} == {3}
    placed = [g for path in state["paths"] for g in path]
    assert Counter(placed) == {"Y": 8, "R": 8, "B": 8}
    starts = [i for i, s in enumerate(PARK_SIDES["day"].spaces) if s.start]
    assert all(len(state["paths"][i]) == 2 for i in starts)
    movement, events = {2: (10, 9), 3: (9, 8), 4: (8, 7)}[players]
    assert len(state["movement_deck"]) == movement
    assert len(state["event_deck"]) == events + 1
    assert len(set(state["event_deck"])) == events + 1


def test_three_player_game_setup() -> None:
    """3 Player Game Setup (the pictured table): two Path tiles, coaster boards on their
    3-4 player side, 9 Movement and 8 + Last Round Event cards, three red entrances, and
    two tiles (one per stack) in every hand."""
    state = started(3)
    assert len(state["covered"]) == 2
    assert all(len(p["upgrades"]) == 4 for p in state["players"].values())
    assert len(state["movement_deck"]) == 9 - 1 and len(state["event_deck"]) == 9 - 1
    assert sorted(state["entrances"].values()) == ["p1", "p2", "p3"]
    red = [i for i, s in enumerate(PARK_SIDES["day"].spaces) if s.kind == "red"]
    assert {int(k) for k in state["entrances"]} <= set(red)
    assert all(len(p["hand"]) == 2 for p in state["players"].values())


def test_deck_setup_example_four_players_last_six_to_eight_rounds() -> None:
    """Deck Setup, Example: 8 Movement cards, 7 Events + Last Round shuffled with the two
    bottom events, so a 4-player game lasts 6, 7 or 8 rounds."""
    rounds = set()
    for seed in range(40):
        state = GAME.setup(["a", "b", "c", "d"], seed)
        assert len(state["movement_deck"]) == 8 and len(state["event_deck"]) == 8
        rounds.add(state["event_deck"].index(LAST_ROUND) + 1)
    assert rounds == {6, 7, 8}


def test_last_round_is_shuffled_into_the_bottom_three() -> None:
    """Game Setup 7: Last Round is shuffled with two events at the bottom of the deck."""
    positions: Counter[int] = Counter()
    for seed in range(60):
        deck = GAME.setup(["a", "b", "c", "d"], seed)["event_deck"]
        positions[len(deck) - 1 - deck.index(LAST_ROUND)] += 1
    assert set(positions) == {0, 1, 2}


def test_tiles_split_into_two_stacks_and_starting_hands() -> None:
    """Game Setup 8 and 11: two stacks of 21; one tile from each stack per player."""
    state = GAME.setup(["p1", "p2"], seed=3)
    assert [len(state["stacks"][s]) for s in ("attraction", "coaster")] == [21, 21]
    tops = {s: state["stacks"][s][-1] for s in ("attraction", "coaster")}
    first = state["first"]
    after = started(2, seed=3)
    assert sorted(after["players"][first]["hand"]) == sorted(tops.values())
    assert [len(after["stacks"][s]) for s in ("attraction", "coaster")] == [19, 19]


def test_random_fame_stack_decides_the_first_player() -> None:
    """Game Setup 9: the tracker on top of the random stack begins."""
    firsts = set()
    for seed in range(30):
        state = GAME.setup(["a", "b", "c"], seed)
        players = state["players"]
        top = max(state["seats"], key=lambda s: players[s]["stamp"])
        assert state["first"] == top
        assert {p["fame"] for p in players.values()} == {0}
        firsts.add(top)
    assert firsts == {"a", "b", "c"}


def test_entrances_go_in_reverse_order_on_red_spaces() -> None:
    """Game Setup 10: last player first, counter-clockwise, on pre-printed red spaces."""
    state = GAME.setup(["a", "b", "c", "d"], seed=5)
    order = state["seats"][state["seats"].index(state["first"]) :]
    order += state["seats"][: state["seats"].index(state["first"])]
    placed = []
    red = {i + 1 for i, s in enumerate(PARK_SIDES["day"].spaces) if s.kind == "red"}
    while state["phase"] == "entrance":
        seat = GAME.to_move(state)[0]
        legal = [m.code for m in GAME.legal_moves(state, seat)]
        assert {int(c.split(":")[1]) for c in legal} <= red
        placed.append(seat)
        state, _ = GAME.play(state, seat, legal[-1])
    assert placed == list(reversed(order))
    assert len(set(state["entrances"])) == 4 and set(state["entrances"].values()) == set("abcd")


@pytest.mark.parametrize(("players", "covered"), [(2, 4), (3, 2), (4, 0)])
def test_path_tiles_cover_spaces_by_player_count(players: int, covered: int) -> None:
    """Game Setup 1: Path tiles cover attraction spaces depending on the player count."""
    state = started(players)
    assert len(state["covered"]) == covered
    seat = state["queue"][0]
    state, _ = GAME.play(state, seat, f"tile:{state['players'][seat]['hand'][0]}")
    builds = {
        int(m.code.split(":")[1]) - 1
        for m in GAME.legal_moves(state, seat)
        if m.code.startswith("build:")
    }
    assert not builds & set(state["covered"])


def test_options_and_player_counts() -> None:
    """Contents: double-sided board (option); 2-4 players (solo rules are not printed)."""
    assert len(GAME.setup(["a", "b"], 1, {"side": "night"})["paths"]) == 22
    assert len(GAME.setup(["a", "b"], 1)["paths"]) == 20
    for bad in (["a"], ["a", "b", "c", "d", "e"]):
        with pytest.raises(ValueError):
            GAME.setup(bad, 1)
    with pytest.raises(ValueError):
        GAME.setup(["a", "b"], 1, {"side": "dusk"})


def test_coaster_board_side_matches_player_count() -> None:
    """Game Setup 3: the coaster board is turned to the side for the player count."""
    assert len(started(2)["players"]["p1"]["upgrades"]) == 5
    assert len(started(4)["players"]["p1"]["upgrades"]) == 4
    assert started(2)["players"]["p1"]["penalties"] == [-1, -2, -3, -4, -5]
    assert started(4)["players"]["p1"]["penalties"] == [-2, -3, -4, -5]
