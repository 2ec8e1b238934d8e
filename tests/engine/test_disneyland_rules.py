"""One test per rule of the Disneyland rulebook (section named in each test) and per
reading written down in engine/disneyland/RULES.md."""

from __future__ import annotations

import itertools

import pytest

from engine import LEADER, IllegalMove, State
from engine.disneyland import board as table_module
from engine.disneyland import data
from tests.engine.disneyland_support import (
    GAME,
    codes,
    ledger_ok,
    own,
    play,
    rig_dice,
    set_cash,
    table,
)

# --- Components and Preparation -------------------------------------------------------


def test_components_board_has_38_squares_and_10_series_of_three() -> None:
    """Rulebook, Components (C2: the board) and The 10 Series of Attractions (L1): 38
    squares, ten series of three; Preparation (P2): titles sorted by series."""
    assert (
        tuple(sq for sq in range(2, 39) if sq not in (5, 9, 13, 20, 24, 28, 32)) == data.ATTRACTIONS
    )
    assert len(data.SERIES) == 10 and all(len(s.squares) == 3 for s in data.SERIES)
    assert data.SERIES_OF[7].name == "Pluto" and data.SERIES_OF[30].name == "Minnie"
    kinds = {sq: data.square_kind(sq) for sq in range(1, 39)}
    assert kinds[1] == "start" and kinds[13] == "prison" and kinds[20] == "bank"
    assert kinds[32] == "hotel" and kinds[9] == kinds[28] == "chance"
    assert kinds[5] == kinds[24] == "surprise"


#: The rulebook's list, "The 10 Series of Attractions", copied here so the data is
#: checked against the printed page rather than against itself.
PRINTED_SERIES = [
    ("Robin Hood", (2, 3, 4)),
    ("Pluto", (6, 7, 8)),
    ("Daisy", (10, 11, 12)),
    ("Peter Pan", (14, 15, 16)),
    ("Madam Mim", (17, 18, 19)),
    ("Baloo", (21, 22, 23)),
    ("Goofy", (25, 26, 27)),
    ("Minnie", (29, 30, 31)),
    ("Mickey", (33, 34, 35)),
    ("Donald", (36, 37, 38)),
]


@pytest.mark.parametrize(("name", "squares"), PRINTED_SERIES)
def test_the_10_series_of_attractions_each_name_and_squares(
    name: str, squares: tuple[int, int, int]
) -> None:
    """Rulebook, The 10 Series of Attractions (L1), one series a case (Baloo 21–23 and
    Mickey 33–35 included): its three squares belong to it and to no other."""
    (series,) = [s for s in data.SERIES if s.name == name]
    assert series.squares == squares
    assert all(data.SERIES_OF[sq] is series for sq in squares)
    assert all(data.square_kind(sq) == "attraction" for sq in squares)


def test_baloo_series_21_to_23_charges_as_one_series() -> None:
    """Rulebook, The 10 Series of Attractions (L1: Baloo, squares 21, 22 and 23) and The
    Squares of the Board (Q10): two Baloo titles charge 300 on either of them."""
    state = own(table(2), "p2", 21, 23)
    state["pos"]["p1"] = 17
    state, _ = play(rig_dice(state, 2, 3), "p1", "roll")  # 17 + 5 = 22, the free Baloo
    assert codes(state, "p1") == ["rent", "decline"]
    state, _ = play(state, "p1", "decline")
    state["pos"]["p2"] = 2
    state, _ = play(rig_dice(state, 1, 1), "p2", "roll", "decline")  # Robin Hood 4
    state["pos"]["p1"] = 17
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll")  # 23: Baloo, owned by p2
    assert state["money"] == {"p1": 1675 - 300, "p2": 1675 + 300}


def test_mickey_series_33_to_35_is_not_the_mickey_chance_square() -> None:
    """Rulebook, The 10 Series of Attractions (L1: Mickey, squares 33, 34 and 35) and The
    Squares (Q2: Mickey squares 9 and 28 give a chance card): the whole Mickey series
    charges 600; its squares draw no card."""
    state = own(table(2), "p2", 33, 34, 35)
    _top(state, "chance", "c01")
    state["pos"]["p1"] = 30
    state, events = play(rig_dice(state, 2, 2), "p1", "roll")  # 34
    assert state["money"] == {"p1": 1675 - 600, "p2": 1675 + 600}
    assert not any("drew" in e for e in events) and state["last_card"] is None
    assert data.square_kind(9) == data.square_kind(28) == "chance"


def test_reconstructed_decks_have_14_cards_each_and_never_chain() -> None:
    """Rulebook, Components (C3: chance and surprise cards, reconstructed; RULES.md says
    14 each): 14 cards a deck, and a card never lands on a card square."""
    card_squares = set(data.CHANCE_SQUARES + data.SURPRISE_SQUARES)
    for deck in data.DECKS.values():
        assert len(deck) == 14
        for card in deck:
            if card.kind == "move":
                for origin in card_squares:
                    landing = (origin - 1 + card.value) % data.SQUARE_COUNT + 1
                    assert landing not in card_squares, card
            if card.kind == "goto":
                assert card.value not in card_squares, card


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_preparation_every_player_gets_one_note_of_each_value(players: int) -> None:
    """Rulebook, Preparation (P3) and Components (C5: money): notes of 1,000, 500, 100, 50
    and 25 = 1,675 each; pawns on Start."""
    state = GAME.setup([f"s{i}" for i in range(players)], seed=3)
    assert set(state["money"].values()) == {1675}
    assert set(state["pos"].values()) == {1}
    assert state["owners"] == {}


@pytest.mark.parametrize("players", [1, 6])
def test_components_two_to_five_players(players: int) -> None:
    """Rulebook, Components (C1: 2 to 5 players; C4: 5 pawns)."""
    with pytest.raises(ValueError):
        GAME.setup([f"s{i}" for i in range(players)], seed=3)


# --- Start of the Game ------------------------------------------------------------------


def test_start_highest_roll_off_total_begins_and_ties_roll_again() -> None:
    """Rulebook, Start of the Game (S1): the most points begins; ties among the best re-roll."""
    saw_tie = False
    for seed in range(60):
        seats = ["a", "b", "c", "d", "e"]
        state = GAME.setup(seats, seed=seed)
        rounds = state["rolloff"]
        first = state["order"][0]
        final = rounds[-1]
        assert final[first] == max(final.values())
        assert list(final.values()).count(final[first]) == 1
        for earlier, later in itertools.pairwise(rounds):
            best = max(earlier.values())
            assert set(later) == {s for s, total in earlier.items() if total == best}
            saw_tie = True
        start = seats.index(first)
        assert state["order"] == seats[start:] + seats[:start]
    assert saw_tie


def test_first_turn_first_two_players_roll_one_die_others_choose() -> None:
    """Rulebook, Start of the Game (S2, S3): first and second player one die; the others
    choose one or two."""
    state = table(4, round_=1)
    assert codes(state, "p1") == ["roll"]
    state, _ = play(rig_dice(state, 3), "p1", "roll")
    assert state["last_roll"]["dice"] == [3] and state["pos"]["p1"] == 4
    state, _ = play(state, "p1", "decline")
    assert codes(state, "p2") == ["roll"]
    state, _ = play(rig_dice(state, 2), "p2", "roll")
    assert state["last_roll"]["dice"] == [2]
    state, _ = play(state, "p2", "decline")
    assert codes(state, "p3") == ["roll:1", "roll:2"]
    state, _ = play(rig_dice(state, 5), "p3", "roll:1")
    assert state["last_roll"]["dice"] == [5] and state["pos"]["p3"] == 6
    state, _ = play(state, "p3", "decline")
    state, _ = play(rig_dice(state, 1, 2), "p4", "roll:2")
    assert state["last_roll"]["dice"] == [1, 2] and state["pos"]["p4"] == 4


def test_from_the_second_turn_everyone_rolls_both_dice() -> None:
    """Rulebook, Start of the Game (S4, S5) and Components (C4: 2 dice): from the second
    turn, both dice; the pawn moves by their total."""
    state = table(3, round_=2)
    assert codes(state, "p1") == ["roll"]
    state, _ = play(rig_dice(state, 2, 4), "p1", "roll")
    assert state["last_roll"]["dice"] == [2, 4] and state["pos"]["p1"] == 7


def test_pawns_may_share_a_square() -> None:
    """Rulebook, Start of the Game (S6): two or more pawns may be on the same square."""
    state = table(2)
    state["pos"]["p2"] = 14
    own(state, "p1", 14)
    state["pos"]["p1"] = 10
    state, _ = play(rig_dice(state, 1, 3), "p1", "roll")
    assert state["pos"]["p1"] == state["pos"]["p2"] == 14


# --- The Squares of the Board ---------------------------------------------------------


def test_passing_start_pays_100() -> None:
    """Rulebook, The Squares of the Board (Q1): passing Start pays 100."""
    state = table(2)
    state["pos"]["p1"] = 36
    state, events = play(rig_dice(state, 2, 2), "p1", "roll")
    assert state["pos"]["p1"] == 2
    assert state["money"]["p1"] == 1675 + 100
    assert any("passed Start" in e for e in events)


def test_landing_exactly_on_start_pays_100() -> None:
    """RULES.md: arriving exactly on square 1 also completes the loop and pays 100."""
    state = table(2)
    state["pos"]["p1"] = 35
    state, _ = play(rig_dice(state, 1, 3), "p1", "roll")
    assert state["pos"]["p1"] == 1 and state["money"]["p1"] == 1775


def test_moving_back_over_start_pays_nothing() -> None:
    """RULES.md: only forward moves past Start pay; a 'move back 3' card does not."""
    state = table(2)
    state["pos"]["p1"] = 1
    state["decks"]["surprise"] = ["s10"] + [c for c in state["decks"]["surprise"] if c != "s10"]
    state, _ = play(rig_dice(state, 1, 3), "p1", "roll")  # to Pluto 5, back 3 to 2
    assert state["pos"]["p1"] == 2 and state["money"]["p1"] == 1675
    assert state["phase"] == "rent"


def test_bank_pays_100_on_arrival() -> None:
    """Rulebook, The Squares of the Board (Q7): arriving at the Bank (20) pays 100."""
    state = table(2)
    state["pos"]["p1"] = 15
    state, _ = play(rig_dice(state, 2, 3), "p1", "roll")
    assert state["pos"]["p1"] == 20 and state["money"]["p1"] == 1775
    assert state["turn"] == 1


def test_hotel_misses_one_turn() -> None:
    """Rulebook, The Squares of the Board (Q8): arriving at the Hotel (32), the player
    misses one turn."""
    state = table(2)
    state["pos"]["p1"] = 27
    state, _ = play(rig_dice(state, 2, 3), "p1", "roll")
    assert state["pos"]["p1"] == 32 and GAME.to_move(state) == ["p2"]
    state["pos"]["p2"] = 1
    state, _ = play(rig_dice(state, 1, 2), "p2", "roll")  # Robin Hood 4 is free
    state, events = play(state, "p2", "decline")
    assert "p1 misses a turn at the Hotel" in events
    assert GAME.to_move(state) == ["p2"]
    state, _ = play(rig_dice(state, 1, 1), "p2", "roll")  # Pluto 6
    state, _ = play(state, "p2", "decline")
    assert GAME.to_move(state) == ["p1"]


def prisoner(reading: str = "either") -> State:
    """p1 in Prison, to roll, under the Prison ``reading``."""
    state = table(2)
    state["options"]["prison"] = reading
    state["pos"]["p1"] = 13
    state["prison"] = ["p1"]
    return state


@pytest.mark.parametrize(("dice", "square"), [((5, 3), 21), ((1, 5), 19), ((5, 5), 23)])
def test_prison_a_five_on_either_die_frees_and_moves_the_total(
    dice: tuple[int, int], square: int
) -> None:
    """Rulebook, The Squares of the Board (Q5) + RULES.md, Prison (default reading): a 5 on
    either die frees the pawn, which moves the total of both dice at once."""
    state, events = play(rig_dice(prisoner(), *dice), "p1", "roll")
    assert "p1" not in state["prison"] and state["pos"]["p1"] == square
    assert state["phase"] == "rent"
    total = sum(dice)
    name = data.square_name(square)
    assert events == [f"p1 rolled {dice[0]}+{dice[1]} = {total}, left Prison and moved to {name}"]


@pytest.mark.parametrize("dice", [(1, 4), (2, 3), (6, 6), (2, 2)])
def test_prison_without_a_five_the_pawn_stays(dice: tuple[int, int]) -> None:
    """RULES.md, Prison (default reading): a total of 5 without a die showing 5 is not
    enough."""
    state, events = play(rig_dice(prisoner(), *dice), "p1", "roll")
    assert state["prison"] == ["p1"] and state["pos"]["p1"] == 13
    assert GAME.to_move(state) == ["p2"]
    assert events[0] == f"p1 rolled {dice[0]}+{dice[1]} = {sum(dice)} and stays in Prison"


@pytest.mark.parametrize(("reading", "chance"), [("either", 11), ("total", 4)])
def test_prison_each_reading_frees_on_its_rolls(reading: str, chance: int) -> None:
    """RULES.md, Prison: the numbers behind the two readings of "until he rolls a 5 with
    the dice": a 5 on either die frees on 11 rolls in 36, a total of 5 on 4."""
    rolls = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    freeing = [roll for roll in rolls if table_module.leaves_prison(list(roll), reading)]
    assert len(freeing) == chance
    if reading == "total":
        assert sorted(freeing) == [(1, 4), (2, 3), (3, 2), (4, 1)]


@pytest.mark.parametrize(("dice", "freed"), [((1, 4), True), ((3, 2), True), ((5, 3), False)])
def test_prison_option_total_of_five(dice: tuple[int, int], freed: bool) -> None:
    """RULES.md, Prison, the other reading (lobby option ``prison: total``): a total of 5
    frees the pawn, a 5 on one die alone does not; the labels say which roll counts."""
    state = prisoner("total")
    assert GAME.legal_moves(state, "p1")[0].label == "Roll both dice: a total of 5 frees you"
    state, events = play(rig_dice(state, *dice), "p1", "roll")
    assert ("p1" not in state["prison"]) is freed
    assert state["pos"]["p1"] == (18 if freed else 13)
    assert ("left Prison" in events[0]) is freed


def test_prison_reading_is_a_lobby_option_either_die_by_default() -> None:
    """RULES.md, Prison: ``prison`` is a lobby option; a 5 on either die unless the table
    chooses the total (and a game saved before the option existed keeps that default)."""
    spec = next(o for o in GAME.options if o.name == "prison")
    assert spec.default == "either" and spec.choices == ("either", "total")
    assert "either die" in spec.label("either") and "total of 5" in spec.label("total")
    assert GAME.legal_moves(prisoner(), "p1")[0].label == (
        "Roll both dice: a 5 on either die frees you"
    )
    old = prisoner()
    del old["options"]["prison"]
    assert GAME.load(old)["options"]["prison"] == "either"
    state = table(2)
    state["options"]["prison"] = "total"
    state["pos"]["p1"] = 9
    state, events = play(rig_dice(state, 2, 2), "p1", "roll")
    assert "p1 is in Prison until rolling a total of 5" in events


def test_landing_on_prison_locks_the_pawn() -> None:
    """Rulebook, The Squares of the Board (Q5): landing on square 13 (Prison), he must
    stay there."""
    state = table(2)
    state["pos"]["p1"] = 7
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll")
    assert state["prison"] == ["p1"]
    state, _ = play(rig_dice(state, 1, 1), "p2", "roll")
    state, _ = play(state, "p2", "decline")
    assert "prison:pay" in codes(state, "p1")


def test_prison_pay_100_then_roll_normally() -> None:
    """Rulebook, The Squares of the Board (Q6) + RULES.md: pay 100 before rolling, leave
    and roll at once."""
    state = table(2)
    state["pos"]["p1"] = 13
    state["prison"] = ["p1"]
    state, _ = play(state, "p1", "prison:pay")
    assert state["money"]["p1"] == 1575 and state["prison"] == []
    assert codes(state, "p1")[0] == "roll"
    state, _ = play(rig_dice(state, 6, 2), "p1", "roll")
    assert state["pos"]["p1"] == 21
    assert ledger_ok(state)


def test_prison_pay_needs_100_in_cash() -> None:
    """Rulebook, The Squares of the Board (Q6) + RULES.md, Prison: who cannot pay 100 can
    only roll."""
    state = table(2)
    state["pos"]["p1"] = 13
    state["prison"] = ["p1"]
    set_cash(state, "p1", 75)
    assert "prison:pay" not in codes(state, "p1")
    assert "roll" in codes(state, "p1")


# --- Cards ------------------------------------------------------------------------------


def _top(state: State, deck: str, card: str) -> None:
    state["decks"][deck] = [card] + [c for c in state["decks"][deck] if c != card]


def test_card_is_drawn_from_the_top_and_put_back_at_the_bottom() -> None:
    """Rulebook, The Squares of the Board (Q2: Mickey 9 and 28 give a chance card; Q4:
    carried out at once, then put under its pile) and Preparation (P1)."""
    state = table(2)
    _top(state, "chance", "c01")
    before = list(state["decks"]["chance"])
    state["pos"]["p1"] = 4
    state, events = play(rig_dice(state, 2, 3), "p1", "roll")
    assert state["decks"]["chance"] == [*before[1:], "c01"]
    assert state["money"]["p1"] == 1775
    assert state["last_card"]["id"] == "c01"
    assert any("drew a chance card" in e for e in events)


def test_surprise_card_on_pluto_squares() -> None:
    """Rulebook, The Squares of the Board (Q3): squares 5 and 24 (Pluto) give a surprise
    card; Preparation (P1): the surprise pile."""
    state = table(2)
    _top(state, "surprise", "s02")
    state["pos"]["p1"] = 19
    state, _ = play(rig_dice(state, 2, 3), "p1", "roll")
    assert state["last_card"] == {
        "deck": "surprise",
        "id": "s02",
        "text": data.CARDS["s02"].text,
        "seat": "p1",
    }
    assert state["money"]["p1"] == 1675 + 150


def test_card_go_to_prison_moves_straight_there() -> None:
    """Reconstructed card 'go to Prison': straight there, no Start money."""
    state = table(2)
    _top(state, "chance", "c08")
    state["pos"]["p1"] = 25
    state, _ = play(rig_dice(state, 1, 2), "p1", "roll")
    assert state["pos"]["p1"] == 13 and state["prison"] == ["p1"]
    assert state["money"]["p1"] == 1675


def test_card_go_to_start_pays_start_money() -> None:
    """RULES.md: a 'back to Start' card moves forward onto Start and pays 100."""
    state = table(2)
    _top(state, "chance", "c05")
    state["pos"]["p1"] = 25
    state, _ = play(rig_dice(state, 1, 2), "p1", "roll")
    assert state["pos"]["p1"] == 1 and state["money"]["p1"] == 1775


def test_card_collect_from_every_player() -> None:
    """Reconstructed card 'collect 25 from every player': each other player pays."""
    state = table(4)
    _top(state, "chance", "c04")
    state["pos"]["p1"] = 4
    state, _ = play(rig_dice(state, 2, 3), "p1", "roll")
    assert state["money"] == {"p1": 1675 + 75, "p2": 1650, "p3": 1650, "p4": 1650}
    assert ledger_ok(state)


def test_card_payment_uses_the_surrender_rule() -> None:
    """Rulebook, Obligation to Surrender (O1, O2; RULES.md: cards that cost money are
    debts)."""
    state = table(2)
    _top(state, "chance", "c13")  # pay 100
    own(state, "p1", 2, 3)
    set_cash(state, "p1", 40)
    state["pos"]["p1"] = 4
    state, _ = play(rig_dice(state, 2, 3), "p1", "roll")
    assert state["phase"] == "surrender" and GAME.to_move(state) == ["p1"]
    assert codes(state, "p1") == ["surrender:2", "surrender:3"]
    state, _ = play(state, "p1", "surrender:3")
    assert state["money"]["p1"] == 40
    assert state["owners"] == {"2": "p1"}
    assert GAME.to_move(state) == ["p2"] and ledger_ok(state)


# --- Renting and entry fees -------------------------------------------------------------


def test_free_attraction_may_be_rented_for_100() -> None:
    """Rulebook, The Squares of the Board (Q9) and Rental Titles (T1): landing on a free
    attraction, he may rent it for 100 and receives its title."""
    state = table(2)
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll")
    assert state["pos"]["p1"] == 7 and codes(state, "p1") == ["rent", "decline"]
    rented, _ = play(state, "p1", "rent")
    assert rented["owners"] == {"7": "p1"} and rented["money"]["p1"] == 1575
    declined, _ = play(state, "p1", "decline")
    assert declined["owners"] == {} and declined["money"]["p1"] == 1675
    assert GAME.to_move(rented) == GAME.to_move(declined) == ["p2"]


def test_any_player_may_rent_a_free_attraction() -> None:
    """Rulebook, The Squares of the Board (Q11): any player may rent a free attraction,
    also one in a series someone else has started."""
    state = own(table(3), "p1", 6)
    state["pos"]["p2"] = 1
    state, _ = play(rig_dice(state, 1, 1), "p1", "roll", "decline")
    state, _ = play(rig_dice(state, 3, 3), "p2", "roll")
    assert codes(state, "p2") == ["rent", "decline"]
    state, _ = play(state, "p2", "rent")
    assert state["owners"] == {"6": "p1", "7": "p2"}


def test_renting_needs_100_in_cash() -> None:
    """RULES.md, Renting: no surrendering to rent; without 100 there is no choice."""
    state = table(2)
    set_cash(state, "p1", 50)
    state, events = play(rig_dice(state, 3, 3), "p1", "roll")
    assert GAME.to_move(state) == ["p2"] and state["owners"] == {}
    assert any("cannot afford" in e for e in events)


@pytest.mark.parametrize(("held", "fee"), [((7,), 100), ((7, 8), 300), ((6, 7, 8), 600)])
def test_entry_fee_depends_on_series_held(held: tuple[int, ...], fee: int) -> None:
    """Rulebook, The Squares of the Board (Q10) and Rental Titles (T2): 100 / 300 / 600
    for one / two / three of the series."""
    state = own(table(2), "p2", *held)
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll")
    assert state["money"] == {"p1": 1675 - fee, "p2": 1675 + fee}
    assert ledger_ok(state)


def test_no_fee_on_your_own_attraction() -> None:
    """Rulebook, The Squares of the Board (Q10): the fee is paid on an attraction rented
    by another player."""
    state = own(table(2), "p1", 7)
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll")
    assert state["money"]["p1"] == 1675 and GAME.to_move(state) == ["p2"]


@pytest.mark.parametrize("where", ["prison", "hotel"])
def test_an_owner_in_prison_or_at_the_hotel_still_collects(where: str) -> None:
    """Rulebook, The Squares of the Board (Q10: "any player arriving on an Attraction
    square rented by another player must pay that player", no exception) + RULES.md,
    Entry fees: the owner's Prison or Hotel stay does not stop the fee."""
    state = own(table(2), "p2", 7)
    if where == "prison":
        state["prison"] = ["p2"]
        state["pos"]["p2"] = data.PRISON
    else:
        state["miss"]["p2"] = 1
        state["pos"]["p2"] = data.HOTEL
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll")
    assert state["money"] == {"p1": 1675 - 100, "p2": 1675 + 100}


# --- Obligation to surrender ------------------------------------------------------------


def test_surrender_titles_until_the_fee_can_be_paid() -> None:
    """Rulebook, Obligation to Surrender (O1, O2, O4): the debtor gives titles back to the
    Caisse, 100 each, as many as the debt needs, then pays."""
    state = own(table(2), "p2", 6, 7, 8)
    own(state, "p1", 2, 10, 11, 21)
    set_cash(state, "p1", 350)
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll")
    assert state["phase"] == "surrender"
    assert codes(state, "p1") == [f"surrender:{sq}" for sq in (2, 10, 11, 21)]
    assert codes(state, "p2") == []
    state, _ = play(state, "p1", "surrender:21", "surrender:2")
    assert state["phase"] == "surrender" and state["money"]["p1"] == 550
    state, events = play(state, "p1", "surrender:10")
    assert state["money"] == {"p1": 50, "p2": 1675 + 600}
    assert state["owners"] == {"6": "p2", "7": "p2", "8": "p2", "11": "p1"}
    assert any("paid 600" in e for e in events)
    assert GAME.to_move(state) == ["p2"] and ledger_ok(state)


def test_surrendered_attraction_is_free_again() -> None:
    """Rulebook, Obligation to Surrender (O3): surrendered attractions become free again."""
    state = own(table(2), "p2", 7)
    own(state, "p1", 4)
    set_cash(state, "p1", 50)
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll", "surrender:4")
    state["pos"]["p2"] = 1
    state, _ = play(rig_dice(state, 1, 2), "p2", "roll")
    assert codes(state, "p2") == ["rent", "decline"]


def test_cannot_pay_even_after_surrendering_means_elimination() -> None:
    """Rulebook, Obligation to Surrender (O5): the Caisse pays, takes the titles; player out."""
    state = own(table(3), "p2", 6, 7, 8)
    own(state, "p1", 2, 3)
    set_cash(state, "p1", 350)  # 350 + 2 × 100 < 600
    state, events = play(rig_dice(state, 3, 3), "p1", "roll")
    assert state["out"] == ["p1"] and state["money"]["p1"] == 0
    assert state["money"]["p2"] == 1675 + 600
    assert state["owners"] == {"6": "p2", "7": "p2", "8": "p2"}
    assert any("eliminated" in e for e in events)
    assert ledger_ok(state)
    for _ in range(6):  # the eliminated player never moves again
        assert "p1" not in GAME.to_move(state) and codes(state, "p1") == []
        seat = GAME.to_move(state)[0]
        state, _ = play(rig_dice(state, 1, 1), seat, codes(state, seat)[0])


def test_last_player_standing_wins_without_an_agreed_length() -> None:
    """Rulebook, End of the Game (N2): no agreed length: ends when all but one are out."""
    state = own(table(2, length="open"), "p2", 6, 7, 8)
    set_cash(state, "p1", 100)
    state, events = play(rig_dice(state, 3, 3), "p1", "roll")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ["p2"]
    assert outcome.ranks == {"p2": 1, "p1": 2}
    assert outcome.reason == "p2 is the last player standing: every other player was eliminated."
    assert GAME.to_move(state) == [] and events[-1] == f"Game over: {outcome.reason}"


def test_without_an_agreed_length_no_round_ends_the_game() -> None:
    """Rulebook, End of the Game (N2): without an agreed length only eliminations end the
    game: no round cap (RULES.md, Agreed length: ``open``, the rulebook's way)."""
    state = table(2, length="open", round_=data.LAST_STANDING_ROUNDS)
    state, _ = play(rig_dice(state, 1, 1, 1, 2), "p1", "roll", "decline")
    state, _ = play(state, "p2", "roll", "decline")
    assert not GAME.is_over(state) and state["round"] == data.LAST_STANDING_ROUNDS + 1
    view = GAME.view(state, None)
    assert view["rounds_limit"] is None
    assert view["phase"] == f"Round {data.LAST_STANDING_ROUNDS + 1} · p1 to roll"


def test_house_rule_none_counts_the_game_after_round_100() -> None:
    """RULES.md, House rules: the lobby option ``length: none`` (the value games stored
    before the rulebook's mode existed) counts a game without an agreed length after
    round 100, so those games replay as they were played."""
    state = table(2, length="none", round_=data.LAST_STANDING_ROUNDS)
    own(state, "p2", 30)
    state, _ = play(rig_dice(state, 1, 1, 1, 2), "p1", "roll", "decline")
    state, _ = play(state, "p2", "roll", "decline")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ["p2"]
    assert outcome.reason == (
        "No last player standing after 100 rounds, so the players still in count cash plus "
        "titles: p2 has the most, 1,775 francs."
    )
    assert GAME.view(state, None)["reason"] == "no last player standing after 100 rounds"


# --- End of the game with an agreed length ----------------------------------------------


def test_preparation_the_players_may_agree_on_a_length() -> None:
    """Rulebook, Preparation (P5): the players may agree on the length of the game;
    RULES.md, Agreed length: a lobby option, 40 rounds by default; ``open`` is the
    rulebook's game without an agreed length, and the house rule ``none`` says in its
    label that it is counted after round 100."""
    spec = GAME.options[0]
    assert [o.name for o in GAME.options] == ["length", "prison"]
    assert spec.name == "length" and spec.default == "rounds-40"
    assert spec.label("open").startswith("Not agreed (the rulebook): until one player is left")
    assert spec.label("none") == "House rule: not agreed, but counted after round 100"
    assert {"open", "none", "rounds-20", "rounds-40", "rounds-60", "minutes-60"} <= set(
        spec.choices
    )
    assert GAME.setup(["a", "b"], seed=1)["options"] == {"length": "rounds-40", "prison": "either"}
    with pytest.raises(ValueError):
        GAME.setup(["a", "b"], seed=1, options={"length": "rounds-7"})


def test_preparation_the_bot_is_the_game_leader_and_the_engine_the_caisse() -> None:
    """Rulebook, Preparation (P4): a game leader keeps the Caisse and hands out the titles;
    here the engine is the Caisse and the bot the leader, never a player's seat."""
    with pytest.raises(ValueError):
        GAME.setup(["a", LEADER], seed=1)
    state, _ = play(rig_dice(table(2), 3, 3), "p1", "roll", "rent")
    assert state["caisse"] == {"paid": 0, "received": 100} and state["owners"] == {"7": "p1"}
    assert codes(state, LEADER) == [] and ledger_ok(state)


def test_agreed_rounds_end_the_game_after_the_last_round() -> None:
    """Rulebook, End of the Game (N1): agreed length in rounds, counted by the engine."""
    state = table(3, length="rounds-10", round_=10)
    state, _ = play(rig_dice(state, 1, 1, 1, 2, 2, 4), "p1", "roll", "decline")
    state, _ = play(state, "p2", "roll", "decline")
    assert not GAME.is_over(state)
    state, events = play(state, "p3", "roll", "decline")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ["p1", "p2", "p3"]
    assert outcome.reason == (
        "10 rounds played, so the players still in count cash plus titles: p1, p2 and p3 tie "
        "on 1,675 francs and share first place (the rulebook breaks no ties)."
    )
    assert state["round"] == 11 and events[-1] == f"Game over: {outcome.reason}"


def test_end_count_is_cash_plus_100_per_title_and_ties_share() -> None:
    """Rulebook, End of the Game (N1) + Rental Titles (T1): cash + 100 per title, the
    player with the most money wins; RULES.md: equal totals share the rank."""
    state = table(3, length="minutes-30")
    own(state, "p1", 2, 3)
    for seat, cash in {"p1": 1500, "p2": 1700, "p3": 1000}.items():
        set_cash(state, seat, cash)
    state, _ = play(state, LEADER, "timeup")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == {"p1": 1700, "p2": 1700, "p3": 1000}
    assert outcome.ranks == {"p1": 1, "p2": 1, "p3": 3}
    assert outcome.reason.endswith(
        "p1 and p2 tie on 1,700 francs and share first place (the rulebook breaks no ties)."
    )
    standings = GAME.view(state, None)["standings"]
    assert standings["unit"] == "francs" and standings["result"] == outcome.reason
    assert standings["breakdown"]["p1"] == [["Cash", 1500], ["Rental titles", 200]]


def test_eliminated_players_rank_below_survivors_by_elimination_order() -> None:
    """RULES.md, Ranking: survivors first, then the last one out above earlier ones."""
    state = table(4, length="minutes-30")
    state["out"] = ["p3", "p1"]
    set_cash(state, "p1", 0)
    set_cash(state, "p3", 0)
    set_cash(state, "p2", 10)
    state, _ = play(state, LEADER, "timeup")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranking() == ["p4", "p2", "p1", "p3"]


def test_timeup_is_the_leaders_only_move_and_only_for_timed_games() -> None:
    """RULES.md, Agreed length: the bot plays `timeup`; rounds and no length have none."""
    assert codes(table(2, length="minutes-60"), LEADER) == ["timeup"]
    assert codes(table(2, length="rounds-20"), LEADER) == []
    assert codes(table(2, length="open"), LEADER) == []
    with pytest.raises(IllegalMove):
        GAME.play(table(2, length="minutes-60"), "p1", "timeup")


def test_timeup_before_rolling_ends_at_once_and_drops_a_pending_offer() -> None:
    """RULES.md, Agreed length: the player to move has not rolled: the game ends now."""
    state = own(own(table(2, length="minutes-90"), "p1", 2), "p2", 3)
    state, _ = play(state, "p1", "trade:with:p2", "trade:give:2", "trade:take:3")
    state, _ = play(state, "p1", "trade:propose")
    state, _ = play(state, LEADER, "timeup")
    assert GAME.is_over(state) and state["trade"] is None
    assert state["owners"] == {"2": "p1", "3": "p2"}


def test_timeup_during_a_turn_lets_the_turn_finish() -> None:
    """RULES.md, Agreed length: a decision already under way is finished first."""
    state = set_cash(table(2, length="minutes-30"), "p2", 1000)
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll")
    state, _ = play(state, LEADER, "timeup")
    assert not GAME.is_over(state) and codes(state, "p1") == ["rent", "decline"]
    assert codes(state, LEADER) == []
    state, _ = play(state, "p1", "rent")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ["p1"]
    assert outcome.reason == (
        "The agreed time is up, so the players still in count cash plus titles: p1 has the "
        "most, 1,675 francs."
    )


# --- Views ------------------------------------------------------------------------------


def test_public_view_hides_deck_order_and_seat_view_adds_nothing_secret() -> None:
    """docs/ARCHITECTURE.md §2: deck order is hidden; Disneyland has no other secret."""
    state = table(3)
    other = dict(state, decks={k: list(reversed(v)) for k, v in state["decks"].items()})
    assert GAME.view(state, None) == GAME.view(other, None)
    public = GAME.view(state, None)
    mine = GAME.view(state, "p2")
    assert mine.pop("viewer") == "p2" and public.pop("viewer") is None
    assert mine == public
    assert public["decks"] == {"chance": 14, "surprise": 14}


def test_view_reports_positions_titles_and_conditions() -> None:
    """The view carries everything the board image needs."""
    state = own(table(3), "p2", 6, 7)
    state["prison"] = ["p3"]
    state["pos"]["p3"] = 13
    state["miss"]["p1"] = 1
    view = GAME.view(state, None)
    assert view["titles"] == {"p1": [], "p2": [6, 7], "p3": []}
    assert view["owners"] == {"6": "p2", "7": "p2"} and view["fees"] == {"6": 300, "7": 300}
    assert view["prison"] == ["p3"] and view["hotel"] == {"p1": 1}
    assert view["positions"]["p3"] == 13 and view["to_move"] == ["p1"]
    assert view["scores"]["p2"] == 1875
