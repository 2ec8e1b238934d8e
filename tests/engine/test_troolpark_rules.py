"""One test per Trool Park rule, named by rulebook section, and the rulebook's examples."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalMove, Rng
from engine.troolpark import GAME
from engine.troolpark.data import BOOTHS, COUNTER_LENGTH, GROUNDS
from engine.troolpark.effects import opening_gain
from tests.engine.test_troolpark_kit import (
    State,
    ai_game,
    alice_and_bob,
    build,
    card,
    codes,
    deal,
    full_park,
    inspect,
    play,
    table,
    then,
)

# --- 1a/1b. Choose and take Attractions --------------------------------------------


def test_1a_secret_choice_is_private_and_changeable_until_all_chose() -> None:
    """1a: choices are secret; a seat that chose stays to move and may change it."""
    state = alice_and_bob()
    state, events = play(state, ("alice", "choose:B"))
    assert events == ["alice has chosen"]
    assert GAME.to_move(state) == ["alice", "bob"]
    assert GAME.view(state, "alice")["choice"] == "B"
    assert GAME.view(state, "bob")["choice"] is None
    public = GAME.view(state, None)
    assert public["waiting_for"] == ["bob"] and public["chosen"] == ["alice"]
    assert "choice" not in public
    state, events = play(state, ("alice", "choose:D"))
    assert events == ["alice has chosen"], "a change is not announced as a change"
    other = json.dumps(GAME.view(state, "bob"), sort_keys=True)
    state["choices"]["alice"] = "A"
    assert json.dumps(GAME.view(state, "bob"), sort_keys=True) == other


def test_1b_all_choices_are_revealed_together_by_the_last_choice() -> None:
    """1b: players reveal their choices simultaneously, in one event."""
    state = alice_and_bob()
    state, _ = play(state, ("alice", "choose:A"))
    state, events = play(state, ("bob", "choose:D"))
    assert events[1] == "Choices revealed: alice A, bob D"
    assert GAME.view(state, None)["revealed"] == {"alice": "A", "bob": "D"}


def test_1b_example_alice_and_bob_both_choose_c() -> None:
    """1b Example: Alice (bottom) takes C, places it, +2 Thrills, goes to the top; Bob
    cannot take C and plays the catch-up phase instead."""
    state = alice_and_bob()
    state, events = play(state, ("alice", "choose:C"), ("bob", "choose:C"))
    assert "alice takes Yeti Coaster (C)" in events
    assert GAME.to_move(state) == ["alice"]
    state, events = play(state, ("alice", "place:thrills"))
    assert state["parks"]["alice"]["thrills"] == [card("Yeti Coaster")]
    assert state["points"]["alice"]["thrills"] == 2
    assert state["slide"] == ["bob", "alice"], "Alice moved to the top"
    assert GAME.to_move(state) == ["bob"]
    assert codes(state, "bob") == ["take:A", "take:B", "take:D", "pass"]


def test_1b_uncontested_choice_keeps_the_slide() -> None:
    """1b: only a player whose Attraction someone else also chose goes to the top."""
    state = alice_and_bob()
    state, events = play(state, ("alice", "choose:C"), ("bob", "choose:B"))
    assert not any("top" in e for e in events)
    state, _ = play(state, ("alice", "place:laughs"), ("bob", "place:snacks"))
    assert state["slide"] == ["alice", "bob"]


def test_1b_resolution_goes_from_the_bottom_of_the_slide_up() -> None:
    """1b: the lowest player on the Fun Slide takes a contested Attraction."""
    state = table(["p1", "p2", "p3"], slide=["p3", "p1", "p2"])
    deal(state, {"A": "Yeti Coaster"})
    state, events = play(state, ("p1", "choose:A"), ("p2", "choose:A"), ("p3", "choose:A"))
    assert "p3 takes Yeti Coaster (A)" in events and GAME.to_move(state) == ["p3"]
    assert state["slide"] == ["p1", "p2", "p3"]
    state, events = play(state, ("p3", "place:laughs"))
    assert events.index("p1 misses A: it is already taken") < events.index(
        "p2 misses A: it is already taken"
    )


def test_1c_example_bob_catches_up_with_b_and_the_thrills_bonus() -> None:
    """1c Example: Bob takes B, chooses the Thrills bonus (not Snacks), opens 2 Snacks."""
    state = alice_and_bob()
    state, _ = play(state, ("alice", "choose:C"), ("bob", "choose:C"), ("alice", "place:thrills"))
    state, _ = play(state, ("bob", "take:B"))
    assert codes(state, "bob") == ["bonus:thrills", "bonus:snacks"]
    state, _ = play(state, ("bob", "bonus:thrills"), ("bob", "place:snacks"))
    assert state["points"]["bob"] == {"laughs": 0, "thrills": 1, "snacks": 2}
    assert state["parks"]["bob"]["snacks"] == [card("Cocoa Igloo")]


def test_1c_catch_up_goes_from_the_bottom_of_the_slide_up() -> None:
    """1c: several players who missed out catch up, lowest on the slide first."""
    state = table(["p1", "p2", "p3"], slide=["p1", "p3", "p2"])
    deal(state, {"B": "Cocoa Igloo"})
    state, _ = play(state, ("p1", "choose:B"), ("p2", "choose:B"), ("p3", "choose:B"))
    state, _ = play(state, ("p1", "place:laughs"))
    assert GAME.to_move(state) == ["p3"] and codes(state, "p3")[0].startswith("take:")


# --- Location bonuses ------------------------------------------------------------------


def catch_up_at(letter: str) -> State:
    """4 players all chose A; p1 took it, p2 (next up) now takes the card at ``letter``."""
    seats = ["p1", "p2", "p3", "p4"]
    state = table(seats)
    deal(state, {"A": "Yeti Coaster"})
    state["weather_discard"] = ["rain", "sunshine"]
    state["weather_pile"] = ["flurries"]
    state, _ = play(state, *((s, "choose:A") for s in seats), ("p1", "place:laughs"))
    state, _ = play(state, ("p2", f"take:{letter}"))
    return state


def test_location_bonus_any_category_offers_all_three() -> None:
    """Location Bonuses: "a Category of your choice" (G) sits beside "1 Visitor"."""
    state = catch_up_at("G")
    assert codes(state, "p2") == ["bonus:laughs", "bonus:thrills", "bonus:snacks", "bonus:visitor"]
    state, _ = play(state, ("p2", "bonus:visitor"))
    assert state["visitors"]["p2"] == 1
    assert state["queue"][0] == {"do": "place", "seat": "p2", "card": state["queue"][0]["card"]}


def test_location_bonus_slide_to_the_bottom() -> None:
    """Location Bonuses: move your cylinder to the bottom of the Fun Slide."""
    state = catch_up_at("E")
    assert state["slide"] == ["p2", "p3", "p4", "p1"]
    state, _ = play(state, ("p2", "bonus:laughs"))
    assert state["points"]["p2"]["laughs"] == 1
    state = catch_up_at("E")
    state, _ = play(state, ("p2", "bonus:slide"))
    assert state["slide"] == ["p2", "p3", "p4", "p1"]
    state = catch_up_at("F")
    state, _ = play(state, ("p2", "bonus:slide"))
    assert state["slide"][0] == "p2"


def test_location_bonus_weather_token_back_into_the_pile() -> None:
    """Location Bonuses: choose a discarded Weather token and mix it into the pile."""
    state = catch_up_at("C")
    assert codes(state, "p2") == ["bonus:snacks", "bonus:weather:rain", "bonus:weather:sunshine"]
    state, _ = play(state, ("p2", "bonus:weather:sunshine"))
    assert sorted(state["weather_pile"]) == ["flurries", "sunshine"]
    assert state["weather_discard"] == ["rain"]


def test_location_bonus_weather_onto_an_empty_pile_makes_a_new_pile() -> None:
    """Location Bonuses: with an empty pile the token forms a new pile on its own (and
    is drawn next, without rebuilding the pile from the discards)."""
    state = alice_and_bob()
    state["weather_pile"] = []
    state["weather_discard"] = ["flurries", "rain", "sunshine"]
    state, _ = play(state, ("alice", "choose:C"), ("bob", "choose:C"), ("alice", "place:laughs"))
    state, _ = play(state, ("bob", "take:D"))
    assert codes(state, "bob") == [
        "bonus:weather:flurries",
        "bonus:weather:rain",
        "bonus:weather:sunshine",
        "bonus:laughs",
    ]
    state, _ = play(state, ("bob", "bonus:weather:rain"))
    assert state["weather_pile"] == ["rain"]
    state, events = play(state, ("bob", "place:laughs"))
    assert "The Weather pile is rebuilt from the discards" not in events
    assert "Weather: Rain (Stone)" in events


def test_weather_bonus_needs_a_discarded_token() -> None:
    """Location Bonuses: with an empty discard the Weather bonus cannot be chosen, so
    the other bonus of D (Laughs) is given without asking."""
    state = alice_and_bob()
    state, _ = play(state, ("alice", "choose:C"), ("bob", "choose:C"), ("alice", "place:laughs"))
    state, events = play(state, ("bob", "take:D"))
    assert "bob took the bonus +1 Laughs" in events
    assert state["queue"][0]["do"] == "place" and GAME.to_move(state) == ["bob"]


# --- Opening effects and Booths --------------------------------------------------------


def park(*cards: str) -> dict[str, list[str]]:
    return {"laughs": list(cards), "thrills": [], "snacks": []}


def test_effect_two_points() -> None:
    """Attraction Characteristics b: earn 2 Category points."""
    assert opening_gain(park(card("Yeti Coaster")), card("Yeti Coaster")) == ({"thrills": 2}, 0)


def test_effect_per_ground_counts_the_new_card_and_booths() -> None:
    """b: 1 point per card on Sand, "the Attraction that you just opened is included in
    the count" (a Sand card counts itself), and Booths too."""
    sand_booth = next(b for b in BOOTHS if BOOTHS[b].ground == "sand")
    new = card("Oasis Grill")  # Sand, +1 Snacks per Sand
    assert opening_gain(park(sand_booth, card("Mirage Tower"), new), new) == ({"snacks": 3}, 0)


def test_booths_example_alice_opens_dune_drop_thrills_per_sand() -> None:
    """Booths, the printed example: Alice opens an Attraction whose effect is 1 Thrills
    point per Attraction on Sand AND per Booth on Sand on her board: Dune Drop, the card
    kept for this example (itself on Snow, so it does not count itself)."""
    state = alice_and_bob()
    deal(state, {"A": "Dune Drop"})
    build(state, "alice", "laughs", "Mirage Tower", "booth:sand")
    build(state, "alice", "snacks", "booth:sand", "Gargoyle Loop")
    state, _ = play(state, ("alice", "choose:A"), ("bob", "choose:B"))
    state, events = play(state, ("alice", "place:thrills"))
    assert "alice opens Dune Drop: +3 Thrills" in events, events
    assert state["points"]["alice"]["thrills"] == 3, "one Sand Attraction and two Sand Booths"


def test_effect_two_visitors_per_pair() -> None:
    """b: 2 Visitors per pair of cards on the given ground (new one included)."""
    new = card("Twin Glaciers")  # Snow, pairs of Snow
    assert opening_gain(park(card("Yeti Coaster"), new), new) == ({}, 2)
    three = park(card("Yeti Coaster"), card("Cocoa Igloo"), new)
    assert opening_gain(three, new) == ({}, 2)


def test_effect_two_points_per_trio() -> None:
    """b: 2 Category points per Snow + Stone + Sand trio."""
    new = card("Avalanche Run")  # Snow, trios -> Thrills
    cards = park(card("Mirage Tower"), card("Gargoyle Loop"), card("Oasis Grill"), new)
    assert opening_gain(cards, new) == ({"thrills": 2}, 0)


def test_booth_icon_takes_a_booth_before_the_effect() -> None:
    """Booths: with the Booth icon, take a Booth of your choice and place it before the
    effect, so the effect b "1 Visitor for each Booth" counts it."""
    state = table(["p1", "p2"])
    deal(state, {"A": "Mitten Market"})  # Booth icon, 1 Visitor per Booth
    build(state, "p1", "snacks", "booth:sand")
    state, _ = play(state, ("p1", "choose:A"), ("p2", "choose:B"), ("p1", "place:laughs"))
    assert codes(state, "p1") == ["booth:snow", "booth:stone", "booth:sand"]
    state, events = play(state, ("p1", "booth:stone"), ("p1", "place:thrills"))
    assert "p1 opens Mitten Market: +2 Visitors" in events
    assert state["visitors"]["p1"] == 2


def test_booths_work_like_attractions_but_have_no_opening_effect() -> None:
    """Booths: placing a Booth (Booth icon, inspection or setup) moves no meeple and
    brings no Visitor; afterwards it counts for Weather like an Attraction."""
    state = table(["p1", "p2"])
    deal(state, {"A": "Frost Carousel"})  # Booth icon, +2 Laughs
    state["weather_pile"] = ["sunshine"]
    state, _ = play(state, ("p1", "choose:A"), ("p2", "choose:B"), ("p1", "place:laughs"))
    state, events = play(state, ("p1", "booth:sand"))
    assert state["points"]["p1"] == {"laughs": 0, "thrills": 0, "snacks": 0}
    state, events = play(state, ("p1", "place:snacks"))
    assert events[:2] == ["p1 placed a Sand Booth in Snacks", "p1 opens Frost Carousel: +2 Laughs"]
    assert state["points"]["p1"] == {"laughs": 2, "thrills": 0, "snacks": 0}
    state, events = play(state, ("p2", "place:thrills"))
    assert "p1 +1 Snacks" in events, "Sunshine: the Sand Booth scores in its area"


# --- 2. Weather ------------------------------------------------------------------------


def test_2_example_flurries() -> None:
    """2 Example: Flurries; Bob +2 Snacks +1 Thrills, Alice +1 Snacks +1 Laughs (her Rain
    Attraction gives nothing)."""
    state = table(["alice", "bob"])
    build(state, "bob", "snacks", "Yeti Coaster", "booth:snow")
    build(state, "bob", "thrills", "Cocoa Igloo")
    build(state, "alice", "snacks", "Frost Carousel")
    build(state, "alice", "laughs", "booth:snow")
    build(state, "alice", "thrills", "Gargoyle Loop")
    state["weather_pile"] = ["flurries", "rain"]
    seat = then(state, {"do": "weather"})
    state, events = play(state, (seat, "place:laughs"))
    assert "Weather: Flurries (Snow)" in events
    assert state["points"]["bob"] == {"laughs": 0, "thrills": 1, "snacks": 2}
    assert state["points"]["alice"] == {"laughs": 1, "thrills": 0, "snacks": 1}
    assert state["weather_discard"] == ["flurries"]


def test_2_pile_is_rebuilt_only_when_a_draw_is_needed() -> None:
    """2 NOTE: an empty pile stays empty until the next draw, then the discards are
    shuffled back."""
    state = table(["p1", "p2"])
    state["weather_pile"] = ["rain"]
    state["weather_discard"] = ["flurries", "sunshine"]
    seat = then(state, {"do": "weather"})
    state, events = play(state, (seat, "place:laughs"))
    assert state["weather_pile"] == [] and len(state["weather_discard"]) == 3
    assert "The Weather pile is rebuilt from the discards" not in events
    seat = then(state, {"do": "weather"})
    state, events = play(state, (seat, "place:laughs"))
    assert "The Weather pile is rebuilt from the discards" in events
    assert len(state["weather_pile"]) == 2 and len(state["weather_discard"]) == 1


# --- 3. Inspections --------------------------------------------------------------------


def test_3_example_four_player_thrills_with_a_three_way_tie() -> None:
    """3 Example: Alice, Oscar, Eve tied; Oscar (lowest) 1st: 5 Visitors, 2 points, to the
    top; Eve 2nd: 3 Visitors, 1 point elsewhere, to the top; Alice 3rd: 1 Visitor, the
    remaining Category, stays; Bob 4th: 1 Visitor."""
    seats = ["alice", "oscar", "eve", "bob"]
    state = inspect(seats, ["oscar", "eve", "alice", "bob"], "i5", dict(alice=6, oscar=6, eve=6))
    seat = then(state, {"do": "inspect"}, {"do": "prep"})
    state, events = play(state, (seat, "place:snacks"))
    assert events[1] == "Inspection of Thrills: 1st oscar, 2nd eve, 3rd alice, 4th bob"
    assert state["visitors"] == {"oscar": 5, "eve": 3, "alice": 1, "bob": 1}
    assert state["slide"] == ["alice", "bob", "oscar", "eve"]
    assert codes(state, "oscar") == ["cat:laughs", "cat:thrills", "cat:snacks"]
    state, _ = play(state, ("oscar", "cat:snacks"))
    assert codes(state, "eve") == ["cat:laughs", "cat:thrills"]
    state, events = play(state, ("eve", "cat:laughs"))
    assert "alice chose Thrills: +1 Thrills" in events, "no choice left for 3rd"
    got = {s: state["points"][s] for s in ("oscar", "eve", "alice")}
    assert got == {
        "oscar": {"laughs": 0, "thrills": 6, "snacks": 2},
        "eve": {"laughs": 1, "thrills": 6, "snacks": 0},
        "alice": {"laughs": 0, "thrills": 7, "snacks": 0},
    }
    assert state["points"]["bob"]["thrills"] == 0


def test_3_inspection_thrills_printed_choices_snacks_then_laughs_then_thrills() -> None:
    """3 Inspection: Thrills, the printed reward list: 1st (4 Visitors) chooses among
    Snacks, Laughs and Thrills and takes Snacks; 2nd (2 Visitors) chooses between Laughs
    and Thrills and takes Laughs; 3rd (1 Visitor) has no choice and earns 1 Thrills."""
    state = inspect(["p1", "p2", "p3"], ["p1", "p2", "p3"], "i2", dict(p1=6, p2=4, p3=2))
    seat = then(state, {"do": "inspect"}, {"do": "prep"})
    state, _ = play(state, (seat, "place:snacks"))
    assert state["visitors"] == {"p1": 4, "p2": 2, "p3": 1}
    assert sorted(codes(state, "p1")) == ["cat:laughs", "cat:snacks", "cat:thrills"]
    before = {s: dict(state["points"][s]) for s in ("p1", "p2", "p3")}
    state, _ = play(state, ("p1", "cat:snacks"))
    assert codes(state, "p2") == ["cat:laughs", "cat:thrills"]
    state, events = play(state, ("p2", "cat:laughs"))
    assert "p3 chose Thrills: +1 Thrills" in events, "no choice left for the 3rd"
    gained = {
        s: {
            c: state["points"][s][c] - before[s][c]
            for c in before[s]
            if state["points"][s][c] != before[s][c]
        }
        for s in before
    }
    assert gained == {"p1": {"snacks": 1}, "p2": {"laughs": 1}, "p3": {"thrills": 1}}


def test_3_thrills_ranking_is_fixed_at_the_start() -> None:
    """3 NOTE: Thrills points won during the inspection do not change its ranking."""
    state = inspect(["p1", "p2", "p3"], ["p1", "p2", "p3"], "i2", dict(p1=5, p2=4, p3=4))
    seat = then(state, {"do": "inspect"}, {"do": "prep"})
    state, _ = play(state, (seat, "place:snacks"), ("p1", "cat:laughs"))
    state, events = play(state, ("p2", "cat:thrills"))
    assert state["points"]["p2"]["thrills"] == 5
    assert "p3 chose Snacks: +1 Snacks" in events
    assert state["visitors"] == {"p1": 4, "p2": 2, "p3": 1}


def test_3_laughs_hands_out_booths_of_different_types() -> None:
    """3 Inspection: Laughs: 1st (4 Visitors) chooses from the two offered Booths, 2nd
    (2 Visitors) a Booth of a different type, 3rd (1 Visitor) and 4th the remaining type."""
    seats = ["p1", "p2", "p3", "p4"]
    state = inspect(seats, seats, "i1", dict(p1=3, p2=9, p3=5, p4=1))
    seat = then(state, {"do": "inspect"}, {"do": "prep"})
    state, events = play(state, (seat, "place:snacks"))
    assert state["visitors"] == {"p2": 4, "p3": 2, "p4": 0, "p1": 1}
    offered = state["inspection"]["offered"]
    assert len(set(offered)) == 2 and GAME.view(state, None)["inspection"]["offered"] == offered
    assert f"Booths offered to the 1st: {offered[0].capitalize()} or " in events[-1]
    assert codes(state, "p2") == [f"booth:{g}" for g in GROUNDS if g in offered]
    state, _ = play(state, ("p2", f"booth:{offered[1]}"), ("p2", "place:laughs"))
    others = [g for g in GROUNDS if g != offered[1]]
    assert codes(state, "p3") == [f"booth:{g}" for g in others]
    state, events = play(state, ("p3", f"booth:{others[0]}"), ("p3", "place:laughs"))
    remaining = others[1].capitalize()
    assert f"p1 took a {remaining} Booth" in events
    state, events = play(state, ("p1", "place:laughs"))
    assert f"p4 took a {remaining} Booth" in events
    state, _ = play(state, ("p4", "place:laughs"))
    grounds = {s: [BOOTHS[b].ground for b in state["parks"][s]["laughs"]] for s in seats}
    assert grounds == {"p2": [offered[1]], "p3": [others[0]], "p1": [others[1]], "p4": [others[1]]}


def test_3_snacks_hands_out_visitors_only() -> None:
    """3: a Snacks inspection gives Visitors by rank (ties by the Fun Slide)."""
    state = inspect(["p1", "p2", "p3"], ["p3", "p2", "p1"], "i6", dict(p1=2, p2=2, p3=0))
    seat = then(state, {"do": "inspect"}, {"do": "prep"})
    state, events = play(state, (seat, "place:snacks"))
    assert state["visitors"] == {"p2": 5, "p1": 3, "p3": 1}
    assert "p2 won a tie and goes to the top of the Fun Slide" in events
    assert GAME.to_move(state) == ["p1", "p2", "p3"], "straight on to the next round"


def test_3_inspections_from_round_2_and_three_in_round_8() -> None:
    """3 + Last Round: none in round 1, one in rounds 2–7, then Thrills, Laughs, Snacks."""
    _, events = ai_game(3, 11)
    rounds: list[list[str]] = [[]]
    for event in events:
        if event.startswith("Round ") and " begins" in event:
            rounds.append([])
        elif event.startswith("Inspection of "):
            rounds[-1].append(event.split()[2].rstrip(":"))
    assert len(rounds) == 8
    assert rounds[0] == [] and all(len(r) == 1 for r in rounds[1:7])
    assert rounds[7] == ["Thrills", "Laughs", "Snacks"]
    assert "Round 8 begins; inspection announced: Thrills, Laughs, Snacks" in events


def test_playing_the_game_round_phases_in_order() -> None:
    """Playing the Game: 1 Attractions (take, then catch-up), 2 Weather, 3 Inspection,
    4 Preparations, in that order within a round."""
    state = alice_and_bob()
    state["round"] = 2
    state["ledger"].remove("i3")
    state["announced"] = ["i3"]
    state, _ = play(state, ("alice", "choose:C"), ("bob", "choose:C"))
    state, events = play(state, ("alice", "place:thrills"), ("bob", "take:B"))
    state, more = play(state, ("bob", "bonus:thrills"), ("bob", "place:snacks"))
    events += more
    marks = [
        "alice opens Yeti Coaster: +2 Thrills",
        "bob catches up with Cocoa Igloo (B)",
        "Weather: Rain (Stone)",
        "Inspection of Snacks: 1st bob, 2nd alice",
        "Round 3 begins; inspection announced: " + more[-1].rpartition(": ")[2],
    ]
    assert [events.index(m) for m in marks] == sorted(events.index(m) for m in marks)


# --- 4. Preparations and the end ----------------------------------------------------------


def test_4_refill_and_announce_the_next_inspection() -> None:
    """4: empty spaces are refilled from the pile and the next inspection is revealed."""
    state = alice_and_bob()
    top = state["attraction_pile"][:2]
    first = state["ledger"][0]
    state, _ = play(state, ("alice", "choose:A"), ("bob", "choose:B"))
    state, _ = play(state, ("alice", "place:laughs"), ("bob", "place:laughs"))
    assert [state["central"][x] for x in "AB"] == top
    assert state["announced"] == [first] and state["round"] == 2
    assert GAME.view(state, None)["announced"][0]["id"] == first


def test_end_after_8_rounds_most_visitors_ties_to_the_lowest_on_the_slide() -> None:
    """Goal of the Game + End of the Game: after 8 rounds most Visitors wins; a tie goes
    to the player lowest on the slide; then nothing more can be played."""
    state = table(["p1", "p2", "p3"], slide=["p3", "p2", "p1"])
    state["round"] = 8
    state["visitors"] = {"p1": 30, "p2": 30, "p3": 12}
    seat = then(state, {"do": "prep"})
    state, _ = play(state, (seat, "place:laughs"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranking() == ["p2", "p1", "p3"]
    assert GAME.to_move(state) == [] and GAME.view(state, None)["winners"] == ["p2"]
    with pytest.raises(IllegalMove):
        GAME.play(state, "p1", "choose:A")


# --- Ambiguities (RULES.md) --------------------------------------------------------------


def test_full_park_discards_the_attraction_without_effect() -> None:
    """RULES.md "full park": the Attraction is taken but discarded without effect."""
    state = alice_and_bob()
    full_park(state, "alice")
    state, events = play(state, ("alice", "choose:C"), ("bob", "choose:C"))
    assert "alice's park is full: Yeti Coaster is discarded without effect" in events
    assert state["attraction_discard"] == [card("Yeti Coaster")]
    assert state["points"]["alice"] == {"laughs": 0, "thrills": 0, "snacks": 0}
    assert state["slide"] == ["bob", "alice"], "still the taker of a contested Attraction"
    assert GAME.to_move(state) == ["bob"]


def test_counter_past_its_end_keeps_counting() -> None:
    """RULES.md "counters": a meeple past the end laps; rankings use the full total."""
    state = inspect(["p1", "p2"], ["p1", "p2"], "i3", dict(p1=COUNTER_LENGTH - 1))
    state["points"]["p2"]["snacks"] = COUNTER_LENGTH + 3
    seat = then(state, {"do": "inspect"}, {"do": "prep"})
    state, _ = play(state, (seat, "place:laughs"))
    assert state["visitors"] == {"p2": 4, "p1": 2}


def test_single_option_decisions_are_made_automatically() -> None:
    """RULES.md: a placement with one free area is not asked for."""
    state = alice_and_bob()
    for area in ("laughs", "thrills"):
        state["parks"]["alice"][area] = [state["booth_reserve"].pop() for _ in range(6)]
    state, events = play(state, ("alice", "choose:C"), ("bob", "choose:A"))
    assert "alice placed Yeti Coaster in Snacks" in events
    assert GAME.to_move(state) == ["bob"]


def test_ai_plays_legal_deterministic_moves_to_the_end() -> None:
    """ai_move: a legal code, the same for the same rng; a whole game ends."""
    state = alice_and_bob()
    assert GAME.ai_move(state, "bob", Rng(5), "easy") == GAME.ai_move(state, "bob", Rng(5), "easy")
    assert GAME.ai_move(state, "bob", Rng(5), "easy") in codes(state, "bob")
    final, _ = ai_game(4, 3)
    assert GAME.outcome(final) is not None and final["round"] == 8
