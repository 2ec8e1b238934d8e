"""Helpers for the Trool Park tests (exact situations built by editing a state dict),
and the tests of setup (rulebook "Setup"), which the helpers rely on."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.core import Rng
from engine.troolpark import GAME
from engine.troolpark.data import ATTRACTIONS, BOOTHS, CLOSED_BY_PLAYERS, INSPECTIONS, WEATHER

State = dict[str, Any]


def card(name: str) -> str:
    """The id of the Attraction called ``name``."""
    return next(i for i, a in ATTRACTIONS.items() if a.name == name)


def table(seats: list[str], slide: list[str] | None = None, seed: int = 1) -> State:
    """Round 1 at the secret choice: empty parks, every Booth in the reserve."""
    state = GAME.setup(seats, seed)
    state["queue"] = []
    state["booth_reserve"] = sorted(BOOTHS)
    state["slide"] = list(slide or seats)
    return state


def deal(state: State, spaces: dict[str, str]) -> None:
    """Put the named Attractions on the given central spaces; every card stays in one
    place (displaced cards go back to the pile, emptied spaces are refilled from it)."""
    central: dict[str, str] = state["central"]
    pile: list[str] = state["attraction_pile"]
    for letter, name in spaces.items():
        wanted = card(name)
        if central[letter] != wanted:
            _pull(state, wanted)
            pile.append(central[letter])
            central[letter] = wanted


def booth(state: State, ground: str) -> str:
    """Take a Booth of ``ground`` out of the reserve."""
    found: str = next(b for b in state["booth_reserve"] if BOOTHS[b].ground == ground)
    state["booth_reserve"].remove(found)
    return found


def build(state: State, seat: str, area: str, *cards: str) -> None:
    """Put cards (Attraction names, or ``booth:<ground>``) into ``seat``'s ``area``."""
    for item in cards:
        if item.startswith("booth:"):
            state["parks"][seat][area].append(booth(state, item.partition(":")[2]))
        else:
            _pull(state, card(item))
            state["parks"][seat][area].append(card(item))


def _pull(state: State, wanted: str) -> None:
    """Take an Attraction out of the pile or off the central board (refilling it)."""
    if wanted in state["attraction_pile"]:
        state["attraction_pile"].remove(wanted)
    for letter, held in state["central"].items():
        if held == wanted:
            state["central"][letter] = state["attraction_pile"].pop(0)


def then(state: State, *steps: dict[str, Any]) -> str:
    """Queue a harmless decision (``seat`` places a Stone Booth) followed by ``steps``, so
    the steps run inside ``play`` once that Booth is placed. Returns the seat."""
    seat: str = state["slide"][-1]
    state["queue"] = [{"do": "place", "seat": seat, "card": booth(state, "stone")}, *steps]
    return seat


def play(state: State, *moves: tuple[str, str]) -> tuple[State, list[str]]:
    """Play ``(seat, code)`` moves in order; all events together."""
    events: list[str] = []
    for seat, code in moves:
        state, new = GAME.play(state, seat, code)
        events += new
    return state, events


def codes(state: State, seat: str) -> list[str]:
    return [m.code for m in GAME.legal_moves(state, seat)]


def alice_and_bob() -> State:
    """2 players, Alice at the bottom of the slide; C = 2 Thrills, B = 2 Snacks."""
    state = table(["alice", "bob"])
    deal(
        state,
        {"A": "Mossy Maze", "B": "Cocoa Igloo", "C": "Yeti Coaster", "D": "Quarry Plunge"},
    )
    state["weather_pile"] = ["rain", "flurries", "sunshine"]  # Rain: no card on Stone
    return state


def inspect(seats: list[str], slide: list[str], card_id: str, points: dict[str, int]) -> State:
    """A state in which the next move runs the inspection ``card_id``."""
    state = table(seats, slide)
    category = INSPECTIONS[card_id].category
    for seat, value in points.items():
        state["points"][seat][category] = value
    state["round"] = 5
    state["announced"] = [card_id]
    state["ledger"].remove(card_id)
    return state


def full_park(state: State, seat: str) -> None:
    """Fill all 18 spaces of ``seat``'s park with Booths from the reserve, 6 of each type."""
    for area, ground in zip(
        ("laughs", "thrills", "snacks"), ("snow", "stone", "sand"), strict=True
    ):
        state["parks"][seat][area] += [booth(state, ground) for _ in range(6)]


def ai_game(players: int, seed: int) -> tuple[State, list[str]]:
    """A whole game played by the AI; the final state and every event."""
    state = GAME.setup([f"p{i}" for i in range(1, players + 1)], seed)
    rng = Rng.from_seed(seed)
    events: list[str] = []
    while not GAME.is_over(state):
        waiting = [s for s in GAME.to_move(state) if s not in state["choices"]]
        seat = waiting[0] if waiting else GAME.to_move(state)[0]
        state, new = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
        events += new
    return state, events


@pytest.mark.parametrize(("players", "open_letters"), [(2, "ABCD"), (3, "ABCDEG"), (4, "ABCDEFG")])
def test_setup_closes_spaces_by_player_count(players: int, open_letters: str) -> None:
    """Setup 2: with 2 players only A–D are used, with 3 F is closed, with 4 all."""
    state = GAME.setup([f"p{i}" for i in range(players)], 3)
    assert "".join(state["central"]) == open_letters
    assert all(state["central"][letter] for letter in open_letters)
    closed = [s["letter"] for s in GAME.view(state, None)["spaces"] if s["closed"]]
    assert sorted(closed + list(open_letters)) == list("ABCDEFG")


def test_game_components_match_the_rulebook_counts() -> None:
    """Game Components: 42 Attractions, 27 Booths, 3 Weather tokens, 9 Inspection cards
    (3 per group of rounds), 3 closed spaces at most, 2–4 players; Attraction
    Characteristics a: every card's ground is the ground of one Weather token."""
    assert (len(ATTRACTIONS), len(BOOTHS), len(WEATHER), len(INSPECTIONS)) == (42, 27, 3, 9)
    assert Counter(i.rounds for i in INSPECTIONS.values()) == {"2/3/4": 3, "5/6/7": 3, "8": 3}
    assert max(len(c) for c in CLOSED_BY_PLAYERS.values()) == 3
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    grounds = set(WEATHER.values())
    assert {a.ground for a in ATTRACTIONS.values()} == grounds
    assert {b.ground for b in BOOTHS.values()} == grounds


def test_setup_1_each_player_has_a_park_three_meeples_and_a_cylinder() -> None:
    """Setup 1: each player takes a Player Board (three areas: Laughs, Thrills, Snacks),
    three meeples (one per Category counter) and a cylinder (one place on the slide)."""
    seats = ["p1", "p2", "p3", "p4"]
    state = GAME.setup(seats, 9)
    for seat in seats:
        assert set(state["parks"][seat]) == {"laughs", "thrills", "snacks"}
        assert state["points"][seat] == {"laughs": 0, "thrills": 0, "snacks": 0}
    assert sorted(state["slide"]) == seats


def test_setup_piles_meeples_and_weather() -> None:
    """Setup 2: shuffled piles, meeples on the start of each counter, Weather pile."""
    a = GAME.setup(["p1", "p2", "p3"], 1)
    b = GAME.setup(["p1", "p2", "p3"], 2)
    assert len(a["attraction_pile"]) + len(a["central"]) == 42
    assert a["attraction_pile"] != b["attraction_pile"]
    assert a["booth_reserve"] != b["booth_reserve"], "the Booth pile is shuffled too"
    assert sorted(a["weather_pile"]) == sorted(WEATHER) and a["weather_discard"] == []
    assert all(v == 0 for s in a["seats"] for v in a["points"][s].values())
    assert a["visitors"] == {"p1": 0, "p2": 0, "p3": 0}


def test_setup_inspection_ledger_order() -> None:
    """Setup 4: 2/3/4 cards shuffled on top, then 5/6/7 shuffled, Round 8 at the bottom."""
    orders = set()
    for seed in range(12):
        ledger = GAME.setup(["p1", "p2"], seed)["ledger"]
        assert [INSPECTIONS[i].rounds for i in ledger] == ["2/3/4"] * 3 + ["5/6/7"] * 3 + ["8"] * 3
        orders.add(tuple(ledger[:6]))
    assert len(orders) > 1, "the top two groups are shuffled"


def test_setup_3_fun_slide_is_random_by_default_and_replays_exactly() -> None:
    """Setup 3 seats the cylinders by age, which the bot cannot know: by default the
    slide is shuffled by the game's own seeded generator (the same seed gives the same
    slide, so replays stay exact); ``slide=seats`` puts the first seat at the bottom."""
    seats = ["ann", "ben", "cat", "dan"]
    assert GAME.default_options == {"slide": "random"}
    slides = {tuple(GAME.setup(seats, s)["slide"]) for s in range(12)}
    assert len(slides) > 1 and all(sorted(s) == sorted(seats) for s in slides)
    assert GAME.setup(seats, 7)["slide"] == GAME.setup(seats, 7)["slide"]
    assert GAME.setup(seats, 7) == GAME.setup(seats, 7, {"slide": "random"})
    assert GAME.setup(seats, 5, {"slide": "seats"})["slide"] == seats


def test_setup_3_random_slide_puts_every_seat_at_the_bottom_equally() -> None:
    """Setup 3: over 400 seeds each of 4 seats starts at the bottom about a quarter of
    the time (between 70 and 130 of 400; a fair die lands there with p > 0.999)."""
    seats = ["p1", "p2", "p3", "p4"]
    bottoms = Counter(GAME.setup(seats, seed)["slide"][0] for seed in range(400))
    assert set(bottoms) == set(seats) and all(70 <= n <= 130 for n in bottoms.values())


def test_setup_random_booth_placed_from_bottom_of_slide_up() -> None:
    """Setup 5: each player gets a random Booth and places it, bottom of the slide first."""
    state = GAME.setup(["p1", "p2", "p3"], 4, {"slide": "random"})
    assert len(state["booth_reserve"]) == 24
    for seat in state["slide"]:
        assert GAME.to_move(state) == [seat]
        codes = [m.code for m in GAME.legal_moves(state, seat)]
        assert codes == ["place:laughs", "place:thrills", "place:snacks"]
        state, _ = GAME.play(state, seat, "place:thrills")
        assert len(state["parks"][seat]["thrills"]) == 1
    assert GAME.to_move(state) == ["p1", "p2", "p3"]
    placed = {b for s in state["seats"] for b in state["parks"][s]["thrills"]}
    assert len(placed) == 3 and placed.isdisjoint(state["booth_reserve"])
