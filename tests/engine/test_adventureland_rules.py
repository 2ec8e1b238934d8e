"""Alan's Adventureland: one test per rule, citing the rulebook section it checks.

Situations are built by playing the seeded AI up to a phase and then editing the state
dict (hands, gaps, mats), so each test shows exactly the position the rule talks about.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from engine import IllegalMove, Rng, get_game
from engine.adventureland import data, rules, scoring
from engine.adventureland.seating import build_cost

GAME = get_game("adventureland")
State = dict[str, Any]
VARIANTS = ["bonus-cards", "layout-bonus"]


def fresh(players: int = 3, variant: str = "bonus-cards", seed: int = 1) -> State:
    seats = [f"p{i}" for i in range(1, players + 1)]
    return GAME.setup(seats, seed, {"variant": variant})


def play(state: State, *codes: str) -> State:
    """Play codes, each by whoever is to move."""
    for code in codes:
        state, _ = GAME.play(state, GAME.to_move(state)[0], code)
    return state


def run_until(state: State, done: Any) -> State:
    """Let the AI play until ``done(state)`` holds."""
    rng = Rng.from_seed(99)
    while not done(state):
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
    return state


def at_phase(state: State, phase: str) -> State:
    return run_until(state, lambda s: s["phase"] == phase)


def codes(state: State, seat: str | None = None) -> list[str]:
    seat = seat or GAME.to_move(state)[0]
    return [m.code for m in GAME.legal_moves(state, seat)]


def build_situation(players: int, hands: dict[str, list[str]], gaps: Sequence[str | None]) -> State:
    """The Build phase with the given hands and approved cards, first player p1 to build."""
    state = at_phase(fresh(players), "build")
    state["first"] = 0
    state["queue"] = list(state["seats"])
    state["gaps"] = list(gaps)
    state["hands"].update(hands)
    return state


# --------------------------------------------------------------- components


def test_components_are_counted_as_in_equipment_section() -> None:
    """Equipment §2–6: 78 cards in five types, 2/4/4/4/6 attractions, 16 Bonus cards."""
    per_type = Counter[str]()
    attractions = Counter[str]()
    for ride in data.ATTRACTIONS:
        per_type[ride.type] += ride.cards
        attractions[ride.type] += 1
    assert per_type == {"stage": 6, "food": 12, "water": 16, "thrill": 20, "family": 24}
    assert attractions == {"stage": 2, "food": 4, "water": 4, "thrill": 4, "family": 6}
    assert sum(per_type.values()) == data.TOTAL_CARDS == 78
    assert len(data.BONUS_CARDS) == 16 and len(data.THEMED_MATS) == 4
    assert set(data.THEME_VALUES) == {t.key for t in data.TYPES}


def test_every_attraction_has_more_cards_than_excitement_levels() -> None:
    """Play §5b: an attraction stops at its card's last number "even though there are
    additional cards available for each Attraction": every attraction has spare cards."""
    for ride in data.ATTRACTIONS:
        assert 2 <= len(ride.levels) < ride.cards, ride.key
        assert list(ride.levels) == sorted(set(ride.levels)), ride.key


@pytest.mark.parametrize("variant", VARIANTS)
def test_one_tile_per_card_sorted_by_attraction(variant: str) -> None:
    """Equipment §3–4 and Setup §1 (both variants): a tile (one attraction, front and back)
    for every card, sorted into one pile per attraction."""
    state = fresh(3, variant)
    assert state["pool"] == {a.key: a.cards for a in data.ATTRACTIONS}
    assert sum(state["pool"].values()) == data.TOTAL_CARDS


def test_mat_is_at_least_five_wide_and_row_values_honour_the_rulebook() -> None:
    """Final Scoring §1 example: 5 tiles = 11, 4 = 6, 2 = 1."""
    assert data.COLUMNS >= 5
    assert data.LINE_VALUES[5] == 11 and data.LINE_VALUES[4] == 6 and data.LINE_VALUES[2] == 1


# -------------------------------------------------------------------- setup


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4])
def test_scores_start_on_ten(players: int, variant: str) -> None:
    """Setup §2 (both variants), Equipment §7–8: every scoring token starts on 10."""
    assert set(GAME.scores(fresh(players, variant)).values()) == {10}


@pytest.mark.parametrize(("players", "dealt"), [(3, 5), (4, 4)])
def test_bonus_card_variant_deals_five_or_four_bonus_cards(players: int, dealt: int) -> None:
    """Setup, Bonus Card Variant §5: five each with 3 players, four with 4."""
    state = fresh(players)
    hands = state["bonus_hands"].values()
    assert all(len(h) == dealt for h in hands)
    assert len(state["bonus_deck"]) + sum(len(h) for h in hands) == 16
    assert all(len(h) == 0 for h in fresh(players, "layout-bonus")["bonus_hands"].values())


def dealt(players: int, variant: str, seed: int = 1) -> State:
    """A new game once the Ride cards are dealt (after the mats in the Layout variant)."""
    state = fresh(players, variant, seed)
    while state["phase"] == "mat":
        state = play(state, codes(state)[0])
    return state


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4])
def test_six_ride_cards_each_never_all_one_type(players: int, variant: str) -> None:
    """Setup §6–7a (Bonus Card Variant), §5–6a (Layout Bonus Variant): six Ride cards
    each; never six of one type."""
    for seed in range(30):
        for hand in dealt(players, variant, seed)["hands"].values():
            assert len(hand) == 6
            assert len({data.ATTRACTION_BY_KEY[k].type for k in hand}) > 1


def test_six_of_one_type_are_shuffled_back_and_redrawn() -> None:
    """Setup §7a note: a hand of six cards of one type goes back for six new cards."""
    deck = ["coaster"] * 5 + ["loop"] + ["flume"] * 4 + ["carousel"] * 4
    hand = rules._deal_six(deck, Rng.from_seed(3))
    assert len({data.ATTRACTION_BY_KEY[k].type for k in hand}) > 1
    assert Counter(hand + deck) == Counter(
        ["coaster"] * 5 + ["loop", *["flume"] * 4] + ["carousel"] * 4
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_pre_constructed_attraction_goes_to_the_pile_at_its_first_level(variant: str) -> None:
    """Setup §7b, §7d (Bonus Card Variant), §6b, §6d (Layout Bonus Variant): first player
    first; the tile goes on any square at its first level; the card starts the personal
    discard pile."""
    state = dealt(3, variant)
    assert GAME.to_move(state) == ["p1"] and state["phase"] == "pre"
    key = codes(state)[0].split(":")[1]
    assert codes(play(state, f"pre:{key}")) == [f"place:{sq}" for sq in data.ALL_SQUARES]
    state = play(state, f"pre:{key}", "place:C3")
    assert state["piles"]["p1"] == [key]
    assert state["grids"]["p1"] == {"C3": {"ride": key, "height": 1}}
    assert GAME.to_move(state) == ["p2"]
    assert len(state["hands"]["p1"]) == 5


@pytest.mark.parametrize("variant", VARIANTS)
def test_four_players_pre_build_twice_with_two_types(variant: str) -> None:
    """Setup §7c (Bonus Card Variant), §6c (Layout Bonus Variant): with four players a
    second pre-constructed attraction, of another type."""
    state = dealt(4, variant)
    state = run_until(state, lambda s: s["queue"] == ["p1", "p2", "p3", "p4"])
    first_type = data.ATTRACTION_BY_KEY[state["piles"]["p1"][0]].type
    offered = {data.ATTRACTION_BY_KEY[c.split(":")[1]].type for c in codes(state, "p1")}
    assert offered and first_type not in offered
    state = at_phase(state, "draft")
    assert all(len(state["grids"][s]) == 2 for s in state["seats"])
    assert all(len(state["hands"][s]) == 4 for s in state["seats"])


def test_layout_variant_players_choose_distinct_themed_mats() -> None:
    """Layout Bonus Variant §3: each player takes a themed mat; Equipment §1: the themed
    side, while the Bonus Card Variant (Setup §3) uses the generic side."""
    assert set(fresh(3)["mats"].values()) == {data.GENERIC_MAT.key}
    state = fresh(3, "layout-bonus")
    assert codes(state) == ["mat:animal", "mat:america", "mat:sky", "mat:foreign"]
    state = play(state, "mat:sky")
    assert "mat:sky" not in codes(state)
    state = play(state, "mat:animal", "mat:foreign")
    assert state["mats"] == {"p1": "sky", "p2": "animal", "p3": "foreign"}
    assert state["phase"] == "pre"


@pytest.mark.parametrize("players", [3, 4])
def test_layout_variant_mats_are_chosen_before_the_deal(players: int) -> None:
    """Layout Bonus Variant §3 then §5: mats are chosen with no cards in hand; the six
    cards are dealt once every player has a mat."""
    state = fresh(players, "layout-bonus")
    deck = len(state["deck"])
    for seat in state["seats"]:
        assert GAME.view(state, seat)["hand"] == []
        state = play(state, codes(state)[0])
    assert state["phase"] == "pre"
    assert all(len(hand) == data.HAND_DEAL for hand in state["hands"].values())
    assert len(state["deck"]) == deck - data.HAND_DEAL * players
    assert "dealt" in " ".join(state["last"])


def test_the_deal_does_not_depend_on_which_mats_were_chosen() -> None:
    """Layout Bonus Variant §3–5: the mats chosen cannot steer the cards dealt after."""
    one = play(fresh(3, "layout-bonus"), "mat:animal", "mat:america", "mat:sky")
    two = play(fresh(3, "layout-bonus"), "mat:foreign", "mat:sky", "mat:america")
    assert one["hands"] == two["hands"] and one["deck"] == two["deck"]


def test_dealer_holds_the_start_and_first_player_markers() -> None:
    """Setup §4 (both variants) and Equipment §9–10: the dealer (first seat) holds both."""
    for variant in ("bonus-cards", "layout-bonus"):
        view = GAME.view(fresh(4, variant), None)
        assert view["start"] == view["first"] == "p1"


# --------------------------------------------------------------------- play


@pytest.mark.parametrize("players", [3, 4])
def test_two_cards_per_player_are_dealt_face_up(players: int) -> None:
    """Play §1: the dealer lays out two cards per player."""
    state = at_phase(fresh(players), "draft")
    assert len(state["offer"]) == 2 * players
    assert sorted(GAME.view(state, None)["offer"]) == sorted(state["offer"])


def test_draft_clockwise_then_counter_clockwise_from_the_last() -> None:
    """Play §2–3: round 1 from the first player clockwise, round 2 back from the last."""
    state = at_phase(fresh(3), "build")
    state = at_phase(state, "draft")  # turn 2: p2 holds the First Player marker
    order = []
    while state["phase"] == "draft":
        seat = GAME.to_move(state)[0]
        order.append(seat)
        state, _ = GAME.play(state, seat, codes(state)[0])
    assert order == ["p2", "p3", "p1", "p1", "p3", "p2"]


def test_each_gap_holds_one_approved_card() -> None:
    """Play §4: every player places one card in an empty gap; one card per gap."""
    state = at_phase(fresh(4), "approve")
    state = play(state, codes(state)[0])
    taken = next(g for g, card in enumerate(state["gaps"]) if card is not None)
    assert all(not c.endswith(f":{taken + 1}") for c in codes(state))
    state = at_phase(state, "build")
    assert all(card is not None for card in state["gaps"])


def test_approval_may_not_double_a_neighbour_unless_forced() -> None:
    """Play §4: no card that gives a player the same type on both sides, unless forced."""
    state = at_phase(fresh(3), "approve")
    state["queue"] = ["p1", "p2", "p3"]
    state["gaps"] = [None, "flume", None]  # a Water Ride between p2 and p3
    state["hands"]["p1"] = ["rapids", "pizza", "carousel", "loop", "teacups"]
    moves = codes(state, "p1")
    assert not any(c.startswith("approve:rapids:") for c in moves)
    assert "approve:pizza:1" in moves and "approve:pizza:3" in moves
    state["hands"]["p1"] = ["rapids", "boats", "splash", "rapids", "flume"]
    forced = codes(state, "p1")
    assert "approve:rapids:1" in forced and "approve:rapids:3" in forced
    after = play(state, "approve:rapids:1")
    assert after["scores"] == state["scores"]  # no penalty for a forced placement


def test_approval_diagram_water_between_players_three_and_four() -> None:
    """Play §4 diagram: Player 1's Water Ride between Players 3 & 4 lets both build it free."""
    state = at_phase(fresh(4), "approve")
    state["queue"] = ["p1", "p2", "p3", "p4"]
    state["gaps"] = [None] * 4
    state["hands"]["p1"] = ["flume", "pizza", "carousel", "loop"]
    state = play(state, "approve:flume:3")
    assert state["gaps"] == [None, None, "flume", None]
    state["gaps"] = ["pizza", "carousel", "flume", "loop"]
    for seat in ("p3", "p4"):
        assert build_cost(state, seat, "rapids") == 0
    for seat in ("p1", "p2"):
        assert build_cost(state, seat, "rapids") == 3  # a Water Ride elsewhere on the table
        assert build_cost(state, seat, "puppets") == 2  # no Stage Show on the table


def test_same_type_on_both_sides_builds_anything_free() -> None:
    """Play §4, §5a: between two cards of one type any attraction is free."""
    state = build_situation(3, {"p1": ["coaster", "pizza"]}, ["teacups", "flume", "carousel"])
    assert build_cost(state, "p1", "coaster") == 0
    assert build_cost(state, "p1", "pizza") == 0
    assert build_cost(state, "p2", "pizza") == 2


def test_penalties_two_if_absent_three_if_elsewhere_and_paying_is_optional() -> None:
    """Play §5a: 2 points for a type not on the table, 3 for one elsewhere; paying is allowed
    even with a free option, and a card must be played (no pass)."""
    hands = {"p1": ["flume", "coaster", "pizza"]}
    state = build_situation(3, hands, ["flume", "coaster", "carousel"])
    labels = {m.code: m.label for m in GAME.legal_moves(state, "p1")}
    assert set(labels) == {"build:flume", "build:coaster", "build:pizza"}
    assert "free" in labels["build:flume"]
    assert "pay 3" in labels["build:coaster"] and "pay 2" in labels["build:pizza"]
    before = state["scores"]["p1"]
    after = play(state, "build:coaster")
    assert after["scores"]["p1"] == before - 3
    after = play(state, "build:pizza")
    assert after["scores"]["p1"] == before - 2


def test_a_penalty_can_take_a_score_below_zero() -> None:
    """Play §5a + RULES.md: penalties are paid in full; the track has no floor."""
    state = build_situation(3, {"p1": ["pizza", "pizza"]}, ["flume", "coaster", "carousel"])
    state["scores"]["p1"] = 1
    state = play(state, "build:pizza")
    assert state["scores"]["p1"] == -1


def test_new_attraction_is_placed_on_a_free_square() -> None:
    """Play §5b: after the card, its tile goes onto the mat (a free square of your choice)."""
    state = build_situation(3, {"p1": ["boats"]}, ["flume", "coaster", "carousel"])
    occupied = set(state["grids"]["p1"])
    state = play(state, "build:boats")
    places = codes(state, "p1")
    assert places and all(c.startswith("place:") for c in places)
    assert not occupied & {c.split(":")[1] for c in places}
    square = places[0].split(":")[1]
    pool = state["pool"]["boats"]
    state = play(state, places[0])
    assert state["grids"]["p1"][square] == {"ride": "boats", "height": 1}
    assert state["pool"]["boats"] == pool - 1


def test_same_name_improves_the_existing_attraction_up_to_its_last_level() -> None:
    """Play §5b: a built name stacks on its tile; never more levels than the card shows."""
    gaps = ["teacups", "carousel", "flume"]
    state = build_situation(3, {"p1": ["teacups", "teacups", "pizza"]}, gaps)
    state["grids"]["p1"] = {"B2": {"ride": "teacups", "height": 1}}
    state = play(state, "build:teacups")
    assert state["grids"]["p1"]["B2"]["height"] == 2
    assert GAME.to_move(state) == ["p2"]  # no placement step for an improvement
    state["queue"] = ["p1"]
    assert "build:teacups" not in codes(state, "p1")  # Teacups has only two levels
    state["hands"]["p1"] = ["teacups"]
    assert codes(state, "p1") == ["scrap:teacups"]
    pile = len(state["piles"]["p1"])
    state = play(state, "scrap:teacups")
    assert state["grids"]["p1"]["B2"]["height"] == 2 and len(state["piles"]["p1"]) == pile + 1


def test_reset_returns_approved_cards_to_the_bottom_and_passes_first_player_left() -> None:
    """Play §6: approved cards go under the deck; the First Player marker moves left."""
    state = at_phase(fresh(3), "build")
    gaps = sorted(state["gaps"])
    deck = list(state["deck"])
    state = at_phase(state, "draft")
    assert state["first"] == 1
    assert state["gaps"] == [None, None, None]
    assert sorted(state["deck"][-3:]) == gaps
    assert deck[6:] == state["deck"][:-3]  # six dealt from the top


@pytest.mark.parametrize("players", [3, 4])
def test_bonus_round_follows_when_the_marker_returns_to_the_start(players: int) -> None:
    """Play §6, Bonus Round: after each player has been first player once."""
    state = at_phase(fresh(players), "bonus")
    assert state["turn"] == players and state["first"] == state["start"] == 0
    assert GAME.to_move(state) == ["p1"]


# -------------------------------------------------------------- bonus round


def test_bonus_round_build_is_free_and_then_a_bonus_card_scores() -> None:
    """Bonus Round §1–3 (second printing): free build, a Bonus card, then excitement."""
    state = at_phase(fresh(3), "bonus")
    state["gaps"] = [None] * 3
    labels = [m.label for m in GAME.legal_moves(state, "p1")]
    assert labels and all(label.endswith("free") for label in labels)
    before = state["scores"]["p1"]
    state = run_until(state, lambda s: s["step"] == "bonus")
    card_id = state["bonus_hands"]["p1"][0]
    grid = dict(state["grids"]["p1"])
    card_points = scoring.bonus_card_points(grid, data.BONUS_BY_ID[card_id])
    state = play(state, f"bonus:{card_id}")
    assert state["bonus_played"]["p1"] == [card_id]
    assert card_id not in state["bonus_hands"]["p1"]
    assert state["scores"]["p1"] == before + card_points + scoring.excitement(grid)
    assert GAME.to_move(state) == ["p2"]


def test_layout_variant_bonus_round_scores_covered_coloured_squares() -> None:
    """Bonus Round §1–3 (first printing): the free build, the Layout Bonus of every set
    whose squares are all covered (any attractions), then excitement."""
    state = fresh(3, "layout-bonus")
    state = play(state, "mat:america", "mat:sky", "mat:foreign")
    state = at_phase(state, "bonus")
    state["hands"]["p1"] = ["pizza", "pizza"]
    silver = next(s for s in data.MAT_BY_KEY["america"].sets if s.colour == data.SILVER)
    first, second, last = (data.square_name(sq) for sq in silver.squares)
    state["grids"]["p1"] = {  # three ride types on the Silver squares, one to go
        first: {"ride": "coaster", "height": 1},
        second: {"ride": "flume", "height": 2},
    }
    before = state["scores"]["p1"]
    labels = {m.code: m.label for m in GAME.legal_moves(play(state, "build:pizza"), "p1")}
    assert labels[f"place:{last}"] == f"Place Pizza Parlor on {last} (Silver squares)"
    state = play(state, "build:pizza", f"place:{last}")
    grid = state["grids"]["p1"]
    assert state["step"] == "card" and GAME.to_move(state) == ["p2"]
    assert scoring.layout_bonus(grid, data.MAT_BY_KEY["america"]) == silver.points
    assert state["scores"]["p1"] == before + silver.points + scoring.excitement(grid)
    assert "for the Silver squares" in " ".join(state["last"])


def test_bonus_round_count_and_markers_pass_left() -> None:
    """Bonus Round §4: 4 Bonus Rounds with 3 players, 3 with 4; both markers pass left."""
    for players, rounds in ((3, 4), (4, 3)):
        state = at_phase(fresh(players), "bonus")
        state = at_phase(state, "draft")
        assert state["start"] == state["first"] == 1
        state = run_until(state, lambda s: s["phase"] == "over")
        assert state["bonus_done"] == rounds
        assert state["turn"] == rounds * players


# ------------------------------------------------------------ final scoring


def test_final_scoring_adds_parking_entrance_and_themes_and_highest_wins() -> None:
    """Final Scoring §1–3 and "the player with the highest score wins"."""
    state = at_phase(fresh(3), "bonus")
    state = run_until(state, lambda s: s["bonus_done"] == 3 and s["phase"] == "bonus")
    before = GAME.scores(state)
    state = run_until(state, lambda s: s["phase"] == "over")
    for seat in state["seats"]:
        grid = state["grids"][seat]
        parts = scoring.final_scoring(grid)
        assert state["final"][seat] == parts
        assert parts["parking"] == scoring.parking_lot_view(grid)
    outcome = GAME.outcome(state)
    assert outcome is not None
    best = max(outcome.scores.values())
    assert outcome.winners == [s for s, v in outcome.scores.items() if v == best]
    assert all(GAME.scores(state)[s] > before[s] for s in state["seats"])


def test_tied_scores_share_the_win() -> None:
    """Final Scoring and RULES.md reading 13: no tie-breaker, so equal top scores both win."""
    state = run_until(fresh(3), lambda s: s["phase"] == "over")
    state["scores"] = {"p1": 90, "p2": 90, "p3": 70}
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == ["p1", "p2"] and outcome.ranks["p3"] == 3


# ------------------------------------------------------------------ privacy


def test_public_view_hides_hands_bonus_cards_and_deck_order() -> None:
    """Privacy: hands and undealt Bonus cards belong to their seat alone."""
    state = at_phase(fresh(3), "approve")
    public = GAME.view(state, None)
    assert "hand" not in public and "bonus_hand" not in public
    other = dict(state)
    other["hands"] = {s: list(reversed(h)) for s, h in state["hands"].items()}
    other["hands"]["p2"] = ["loop"] * len(state["hands"]["p2"])
    other["deck"] = list(reversed(state["deck"]))
    other["bonus_hands"] = dict(state["bonus_hands"])
    other["bonus_hands"]["p1"] = state["bonus_deck"] + state["bonus_hands"]["p1"][1:]
    assert GAME.view(other, None) == public
    mine = GAME.view(state, "p2")
    assert mine["hand"] == sorted(state["hands"]["p2"])
    assert mine["bonus_hand"] == state["bonus_hands"]["p2"]
    assert set(mine["bonus_cards"]) == set(state["bonus_hands"]["p2"])


def test_illegal_codes_are_refused() -> None:
    """Only the listed moves are accepted (engine contract)."""
    state = at_phase(fresh(3), "approve")
    for bad in ("approve:flume:9", "build:flume", "draft:nothing", "place:Z9"):
        with pytest.raises(IllegalMove):
            GAME.play(state, GAME.to_move(state)[0], bad)
