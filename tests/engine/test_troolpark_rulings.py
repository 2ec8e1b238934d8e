"""Trool Park judgement calls (RULES.md "Choices we made"): the optional
catch-up, the Booths of a Laughs inspection and a short reserve, the score in words,
and labels a player can read."""

from __future__ import annotations

import re
from collections import Counter

from engine.core import Move, Rng
from engine.troolpark import GAME
from engine.troolpark.data import BOOTHS, GROUNDS
from engine.troolpark.inspections import offer_booths
from tests.engine.test_troolpark_kit import (
    State,
    ai_game,
    alice_and_bob,
    codes,
    deal,
    full_park,
    inspect,
    play,
    table,
    then,
)

# --- 1c. The catch-up is optional ------------------------------------------------------


def bob_missed_c() -> State:
    """Alice and Bob both chose C; Alice took it, Bob is to catch up (A, B, D open)."""
    state = alice_and_bob()
    state, _ = play(state, ("alice", "choose:C"), ("bob", "choose:C"), ("alice", "place:thrills"))
    return state


def test_1c_catch_up_is_optional_a_player_may_pass() -> None:
    """1c: a player who missed out may (not must) catch up: passing takes no Attraction
    and no bonus, leaves the central board as it was and goes on to the Weather."""
    state = bob_missed_c()
    central = dict(state["central"])
    moves = {m.code: m.label for m in GAME.legal_moves(state, "bob")}
    assert moves["pass"] == "Skip the catch-up: take no Attraction and no bonus"
    state, events = play(state, ("bob", "pass"))
    assert events[0] == "bob skips the catch-up"
    assert any(e.startswith("Weather: ") for e in events)
    assert state["parks"]["bob"] == {"laughs": [], "thrills": [], "snacks": []}
    assert state["points"]["bob"] == {"laughs": 0, "thrills": 0, "snacks": 0}
    assert state["visitors"]["bob"] == 0 and state["slide"] == ["bob", "alice"]
    assert [state["central"][x] for x in "ABD"] == [central[x] for x in "ABD"]


def test_1c_with_no_attraction_left_there_is_nothing_to_catch_up_with() -> None:
    """1c: the catch-up takes an Attraction still on the board; with none left it is
    skipped without asking (passing is not offered on its own)."""
    state = alice_and_bob()
    for letter in "ABD":
        state["attraction_pile"].append(state["central"][letter])
        state["central"][letter] = None
    state, events = play(state, ("alice", "choose:C"), ("bob", "choose:C"))
    state, events = play(state, ("alice", "place:thrills"))
    assert "bob has no Attraction left to catch up with" in events
    assert GAME.to_move(state) == ["alice", "bob"], "on to round 2"


def test_1c_the_ai_catches_up_whenever_it_can() -> None:
    """1c: the baseline AI never passes while an Attraction is open (a bonus is free)."""
    state = bob_missed_c()
    picks = {GAME.ai_move(state, "bob", Rng(seed), "easy") for seed in range(30)}
    assert picks and all(p.startswith("take:") for p in picks)


# --- 3. Inspection: Laughs — the two offered Booths, and a short reserve ---------------


def laughs_inspection(players: int, reserve: list[str] | None = None) -> tuple[State, str]:
    """``players`` ranked p1 first (3/2/1/0 Laughs); the next move runs a Laughs
    inspection. ``reserve`` (Booth types, one per Booth) replaces the reserve."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = inspect(seats, seats, "i4", {s: players - i for i, s in enumerate(seats)})
    seat = then(state, {"do": "inspect"}, {"do": "prep"})
    if reserve is not None:
        pool = sorted(state["booth_reserve"])
        state["booth_reserve"] = []
        for ground in reserve:
            found = next(b for b in pool if BOOTHS[b].ground == ground)
            pool.remove(found)
            state["booth_reserve"].append(found)
    return state, seat


def test_laughs_1st_chooses_from_two_offered_booths_not_all_three() -> None:
    """3 Inspection: Laughs: the 1st picks one of two offered Booths: exactly two types
    are offered (drawn from the reserve by the seeded generator), so the 1st has two
    choices, never three, and the offer is shown to everyone."""
    seen: Counter[tuple[str, ...]] = Counter()
    for seed in range(60):
        state, seat = laughs_inspection(3)
        state["rng"] = Rng.from_seed(seed).state
        state, _ = play(state, (seat, "place:laughs"))
        offered = tuple(state["inspection"]["offered"])
        assert len(offered) == 2 and list(offered) == [g for g in GROUNDS if g in offered]
        assert codes(state, "p1") == [f"booth:{g}" for g in offered]
        seen[offered] += 1
    assert len(seen) == 3, "every pair of types can be offered"


def test_laughs_offer_follows_what_is_left_in_the_reserve() -> None:
    """3 Inspection: Laughs: a type with no Booth left is never offered; with one type
    left only that one is (and the 1st takes it without being asked)."""
    state, _ = laughs_inspection(2, ["snow"] * 5 + ["sand"] * 4)
    for seed in range(20):
        state["rng"] = Rng.from_seed(seed).state
        assert offer_booths(state) == ["snow", "sand"]
    state, seat = laughs_inspection(2, ["stone"] * 3)
    state, events = play(state, (seat, "place:laughs"))
    assert "Booths offered to the 1st: Stone" in events and "p1 took a Stone Booth" in events


def test_laughs_exhausted_type_gives_a_booth_of_another_type() -> None:
    """3 Inspection: Laughs gives every player a Booth: when the type due to a
    player (a type other than the 1st's for the 2nd, the remaining type for the 3rd and
    4th) has run out, they take a Booth of a type still in the reserve instead."""
    state, seat = laughs_inspection(3, ["stone"] * 5)
    state, events = play(state, (seat, "place:laughs"))
    assert "p1 took a Stone Booth" in events
    state, events = play(state, ("p1", "place:laughs"))
    assert "No Snow or Sand Booth is left: p2 takes a Stone Booth instead" in events
    state, events = play(state, ("p2", "place:laughs"))
    assert "No Snow or Sand Booth is left: p3 takes a Stone Booth instead" in events
    assert len(state["booth_reserve"]) == 2


def test_laughs_4th_chooses_when_the_remaining_type_runs_out_on_the_3rd() -> None:
    """3 Inspection: Laughs, 4 players: the 3rd takes the last Booth of the remaining
    type (Sand); the 4th is due Sand too and chooses among the types still left."""
    state, seat = laughs_inspection(4, ["snow", "stone", "sand", "stone", "snow"])
    state, _ = play(state, (seat, "place:laughs"))
    first = next(g for g in state["inspection"]["offered"] if g != "sand")
    second = "stone" if first == "snow" else "snow"
    state, _ = play(state, ("p1", f"booth:{first}"), ("p1", "place:laughs"))
    state, events = play(state, ("p2", f"booth:{second}"), ("p2", "place:laughs"))
    assert "p3 took a Sand Booth" in events
    state, events = play(state, ("p3", "place:laughs"))
    assert codes(state, "p4") == ["booth:snow", "booth:stone"]
    state, events = play(state, ("p4", "booth:stone"))
    assert events[0] == "No Sand Booth is left: p4 takes a Stone Booth instead"


def test_laughs_with_an_empty_reserve_nobody_gets_a_booth() -> None:
    """3 Inspection: Laughs: with the whole reserve gone, Visitors are still handed out
    but no Booth (nothing is offered)."""
    state, seat = laughs_inspection(3, [])
    state, events = play(state, (seat, "place:laughs"))
    assert not any(e.startswith("Booths offered") for e in events)
    assert [e for e in events if "gets no Booth" in e] == [
        f"{s} gets no Booth: the reserve is empty" for s in ("p1", "p2", "p3")
    ]
    assert state["visitors"] == {"p1": 5, "p2": 3, "p3": 1}


def test_laughs_full_park_gets_no_booth_and_the_2nd_may_take_any_type() -> None:
    """RULES.md "Full park": a 1st with a full park takes no Booth, so no type is
    taken and the 2nd may choose a Booth of any type."""
    state, seat = laughs_inspection(2)
    full_park(state, "p1")
    state, events = play(state, (seat, "place:thrills"))
    assert "p1 gets no Booth: the park is full" in events
    assert codes(state, "p2") == [f"booth:{g}" for g in GROUNDS]


def test_booth_icon_takes_any_type_still_in_the_reserve() -> None:
    """Booths: the Booth icon lets the player choose any type still in the reserve."""
    state = table(["p1", "p2"])
    deal(state, {"A": "Mitten Market"})
    state["booth_reserve"] = [b for b in state["booth_reserve"] if BOOTHS[b].ground != "snow"]
    state, _ = play(state, ("p1", "choose:A"), ("p2", "choose:B"), ("p1", "place:laughs"))
    assert codes(state, "p1") == ["booth:stone", "booth:sand"]


# --- The score in words ----------------------------------------------------------------


def test_breakdown_splits_visitors_by_where_they_came_from() -> None:
    """Goal of the Game (Visitors) split by source: Attraction effects, Inspections,
    catch-up bonuses; the parts always sum to the score."""
    state = table(["p1", "p2", "p3", "p4"])
    deal(state, {"A": "Yeti Coaster", "G": "Sun Souk"})
    state["ledger"].remove("i3")
    state["announced"] = ["i3"]  # a Snacks inspection at the end of this round
    seats = ["p1", "p2", "p3", "p4"]
    state, _ = play(state, *((s, "choose:A") for s in seats), ("p1", "place:laughs"))
    state, _ = play(state, ("p2", "take:G"), ("p2", "bonus:visitor"), ("p2", "place:snacks"))
    state, _ = play(state, ("p2", "booth:sand"), ("p2", "place:snacks"))
    parts = GAME.view(state, None)["standings"]["breakdown"]["p2"]
    assert parts[0] == ["Attraction effects", 1]  # Sun Souk: 1 Visitor per Booth
    assert parts[2] == ["Catch-up bonuses", 1]
    assert sum(n for _, n in parts) == state["visitors"]["p2"]
    final, _ = ai_game(3, 4)
    standings = GAME.view(final, None)["standings"]
    assert standings["unit"] == "Visitors"
    for seat, split in standings["breakdown"].items():
        assert [label for label, _ in split] == [
            "Attraction effects",
            "Inspections",
            "Catch-up bonuses",
        ]
        assert sum(n for _, n in split) == final["visitors"][seat]
        assert dict(split)["Inspections"] > 0


def test_breakdown_of_a_game_saved_before_sources_were_counted() -> None:
    """A snapshot without the per-source tally still sums: the rest is "Earlier"."""
    state = table(["p1", "p2"])
    state["visitors"] = {"p1": 7, "p2": 0}
    state.pop("visitor_sources", None)
    assert GAME.breakdown(state)["p1"][-1] == ("Earlier Visitors", 7)
    assert sum(n for _, n in GAME.breakdown(state)["p2"]) == 0


def end_with(visitors: dict[str, int], slide: list[str]) -> State:
    state = table(list(visitors), slide=slide)
    state["round"] = 8
    state["visitors"] = dict(visitors)
    seat = then(state, {"do": "prep"})
    state, _ = play(state, (seat, "place:laughs"))
    return state


def test_end_of_the_game_result_names_the_winner_in_plain_words() -> None:
    """End of the Game: the result says how it ended and who won with how many."""
    state = end_with({"p1": 30, "p2": 31, "p3": 1}, ["p1", "p2", "p3"])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "After 8 rounds the most Visitors wins: p2 with 31 Visitors."
    assert GAME.view(state, None)["standings"]["result"] == outcome.reason


def test_end_of_the_game_tie_says_the_fun_slide_broke_it() -> None:
    """End of the Game: a tie goes to the player lowest on the Fun Slide; the result
    names the rule that broke each tie, and the order it gave."""
    state = end_with({"p1": 30, "p2": 30, "p3": 1, "p4": 1}, ["p4", "p2", "p3", "p1"])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranking() == ["p2", "p1", "p4", "p3"]
    assert outcome.reason == (
        "After 8 rounds the most Visitors wins: p2 with 30 Visitors. "
        "Tie on 30 Visitors broken by the Fun Slide (lowest first): p2, then p1. "
        "Tie on 1 Visitor broken by the Fun Slide (lowest first): p4, then p3."
    )


# --- Labels players read ---------------------------------------------------------------

#: An internal id: an Attraction (a01), a Booth (b09) or an Inspection card (i4).
INTERNAL_ID = re.compile(r"\b[abi]\d{1,2}\b")


def test_labels_and_events_name_things_never_internal_ids() -> None:
    """Every label, event, prompt and result of whole games reads as words: no card id
    (a01, b09, i4) anywhere a player reads."""
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = GAME.setup([f"p{i}" for i in range(1, players + 1)], seed)
        rng = Rng.from_seed(seed)
        texts: list[str] = []
        while not GAME.is_over(state):
            view = GAME.view(state, None)
            texts.append(view["phase"])
            for seat in GAME.to_move(state):
                texts += [m.label for m in GAME.legal_moves(state, seat)]
            seat = GAME.waiting_for(state)[0]
            state, events = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)).code)
            texts += events
        outcome = GAME.outcome(state)
        assert outcome is not None
        texts.append(outcome.reason)
        leaks = [t for t in texts if INTERNAL_ID.search(t)]
        assert leaks == [] and len(texts) > 100


def test_labels_say_fully_what_the_move_does() -> None:
    """A label names what the code does in this situation (the bot refuses a button
    whose label changed): the card placed, the Booth type, the card and bonuses taken,
    how many points a Thrills reward gives."""
    state = bob_missed_c()
    labels = {m.code: m.label for m in GAME.legal_moves(state, "bob")}
    assert labels["take:B"] == "Take Cocoa Igloo at B (+1 Thrills or +1 Snacks)"
    state, _ = play(state, ("bob", "take:B"), ("bob", "bonus:thrills"))
    assert [m.label for m in GAME.legal_moves(state, "bob")] == [
        "Place Cocoa Igloo (Snow) in Laughs",
        "Place Cocoa Igloo (Snow) in Thrills",
        "Place Cocoa Igloo (Snow) in Snacks",
    ]
    thrills = inspect(["p1", "p2"], ["p1", "p2"], "i5", {"p1": 2})
    seat = then(thrills, {"do": "inspect"}, {"do": "prep"})
    thrills, _ = play(thrills, (seat, "place:laughs"))
    assert GAME.legal_moves(thrills, "p1")[0] == Move("cat:laughs", "Gain 2 Laughs points")
    assert GAME.legal_moves(thrills, "p1")[0] != Move("cat:laughs", "Gain 1 Laughs point")
