"""The robots' model of the entry fees to come (``engine.disneyland.flows``): fees
move between players and nowhere else, a held series charges the rulebook's fees ("The 10
Series of Attractions": 100, 300, 600), and a free square is rented by whoever lands."""

from __future__ import annotations

from itertools import product

import pytest

from engine.disneyland import data, valuation
from engine.disneyland.board import current
from engine.disneyland.flows import LANDING, landings, series_flows
from tests.engine.disneyland_support import own, table
from tests.engine.robot_support import states_in_play


@pytest.mark.parametrize("players", [2, 3, 5])
def test_fees_only_move_between_players(players: int) -> None:
    """The Caisse takes no part in entry fees: what one pays another receives."""
    for held in product(range(4), repeat=players):
        if sum(held) <= 3:
            assert abs(sum(series_flows(held, 37))) < 1e-9


def test_a_whole_series_charges_600_a_square_to_every_visitor() -> None:
    """The Entry fee rule: three of a series charge 600. With no free square nothing can
    change, so over 2 rounds of 3 players the owner expects 4 visits' chances of 3 x 600."""
    flows = series_flows((3, 0, 0), 6)
    assert flows[0] == pytest.approx(4 * LANDING * 3 * 600)
    assert flows[1] == flows[2] == pytest.approx(-2 * LANDING * 3 * 600)


def test_nothing_moves_on_an_unrented_series_with_no_time_left() -> None:
    assert series_flows((0, 0), 0) == (0.0, 0.0)
    assert series_flows((0, 0), 1) == (0.0, 0.0)  # one landing can rent, not charge


def test_a_pair_with_its_third_square_free_is_worth_more_than_its_fees_today() -> None:
    """Renting (The Squares of the Board): a pawn landing on the free third square rents it,
    and the owner of the pair is as likely to as anyone; the model counts that chance."""
    turns = 40
    today = turns // 2 * LANDING * 2 * data.FEES[1]  # the other player's visits at 300
    assert series_flows((2, 0), turns)[0] > today
    blocked = series_flows((2, 1), turns)[0]
    assert blocked == pytest.approx(today - turns // 2 * LANDING * data.FEES[0])


def test_the_player_to_move_is_the_first_to_land_on_a_free_square() -> None:
    mover, other = series_flows((0, 0), 10)
    assert mover > other


def test_an_exchange_is_judged_by_the_estimates_before_and_after() -> None:
    """``gains`` works on the series the titles belong to only; it must agree with the
    whole estimate of the position after the exchange."""
    state = own(table(3, length="rounds-40", round_=12), "p1", 6, 7, 21)
    own(state, "p2", 8, 22, 36)
    own(state, "p3", 2, 3, 23)
    mine, theirs = valuation.gains(state, "p1", "p2", [21], [8], 50)
    after = dict(state, owners=dict(state["owners"], **{"21": "p2", "8": "p1"}))
    after["money"] = dict(state["money"], p1=state["money"]["p1"] - 50)
    after["money"]["p2"] += 50
    before, later = valuation.estimate(state), valuation.estimate(after)
    assert mine == pytest.approx(later["p1"] - before["p1"])
    assert theirs == pytest.approx(later["p2"] - before["p2"])
    assert later["p3"] < before["p3"], "p3 will pay the completed Pluto series"


def test_a_two_player_exchange_gains_one_side_what_the_other_loses() -> None:
    checked = 0
    for state in states_in_play("disneyland", 2, seed=4, every=3):
        if state["phase"] != "start":
            continue
        for plan in valuation.candidates(state, current(state), fair_only=False):
            assert plan.mine == pytest.approx(-plan.theirs)
            checked += 1
    assert checked > 0


def test_two_dice_from_start_land_seven_squares_on_most_often() -> None:
    """The Squares of the Board: a pawn moves by the total of both dice."""
    (first,) = landings(1, False, False, 1, "either")
    assert sum(first.values()) == pytest.approx(1.0)
    assert max(first, key=lambda square: first[square]) == 8
    assert first[8] == pytest.approx(6 / 36)
    assert set(first) == set(range(3, 14))


def test_a_prisoner_lands_only_on_a_five_and_a_hotel_guest_not_at_all() -> None:
    """Prison: out on a 5 on either die (11 rolls in 36; RULES.md), or with the lobby
    option on a total of 5 (4 in 36, always to square 18); Hotel: one turn missed."""
    (escape,) = landings(data.PRISON, True, False, 1, "either")
    assert sum(escape.values()) == pytest.approx(11 / 36)
    assert min(escape) == data.PRISON + 6 and max(escape) == data.PRISON + 11
    (total,) = landings(data.PRISON, True, False, 1, "total")
    assert total == {data.PRISON + 5: pytest.approx(4 / 36)}
    resting, after = landings(data.HOTEL, False, True, 2, "either")
    assert resting == {}
    assert sum(after.values()) == pytest.approx(1.0)


def test_a_second_turn_starts_wherever_the_first_one_ended() -> None:
    """From square 2 a 11 lands on Prison (13): the second turn lands less often."""
    first, second = landings(2, False, False, 2, "either")
    assert first[data.PRISON] == pytest.approx(2 / 36)
    caught = first[data.PRISON] * (25 / 36)
    assert sum(second.values()) == pytest.approx(1.0 - caught)


def test_a_series_just_ahead_of_a_pawn_is_worth_more_than_one_behind_it() -> None:
    """The robots count each pawn's next landings from where it stands: p2 is about to
    land on p1's Goofy series (25-27) from square 19, but has just passed Daisy (10-12)."""
    ahead = own(table(2, length="rounds-40", round_=12), "p1", 25, 26, 27)
    behind = own(table(2, length="rounds-40", round_=12), "p1", 10, 11, 12)
    for state in (ahead, behind):
        state["pos"]["p2"] = 19
    assert valuation.estimate(ahead)["p1"] > valuation.estimate(behind)["p1"] + 200
