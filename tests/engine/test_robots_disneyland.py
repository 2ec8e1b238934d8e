"""Disneyland robots and exchanges (rulebook, "Exchange of Rental Titles"):
the searching levels propose exchanges that complete their series, write the terms they
planned, and never propose or accept one that helps the other side more than themselves."""

from __future__ import annotations

import pytest

from engine import Rng
from engine.ai import choose
from engine.disneyland import ai, data, trade, valuation
from engine.disneyland.playbook import PLAYBOOK, consider
from tests.engine.disneyland_support import GAME, State, own, play, table
from tests.engine.robot_support import states_in_play, tiny


def completing(players: int = 3) -> State:
    """p1 to move before rolling, 31 rounds to go: p1 holds Pluto 6 and 7, p2 holds Pluto 8;
    p1 also holds Daisy 10, which would complete p2's Daisy 11 and 12."""
    state = table(players, length="rounds-40", round_=10)
    own(state, "p1", 6, 7, 10)
    own(state, "p2", 8, 11, 12)
    own(state, "p3", 2)
    return state


def test_the_planned_exchange_completes_a_series_and_is_fair() -> None:
    """Exchange of Rental Titles: p1 and p2 can each complete a series by a swap; p1
    proposes one, with the balance best for p1 that still makes p2 want it by the easy
    rule, and gains at least as much as p2."""
    state = completing()
    plan = valuation.best_exchange(state, "p1")
    assert plan is not None and plan.partner == "p2"
    after = dict(state["owners"])
    after.update({str(sq): "p2" for sq in plan.give} | {str(sq): "p1" for sq in plan.take})
    full = [s for s in data.SERIES if all(after.get(str(sq)) == "p1" for sq in s.squares)]
    assert full, "p1 completes a series"
    assert plan.mine >= plan.theirs and plan.mine >= valuation.MIN_GAIN
    offer = {"from": "p1", "with": "p2", "by": "p1", "give": list(plan.give)}
    offer["take"] = list(plan.take)
    ask, _ = trade.balance_bounds(state, {**offer, "money": 0}, "p1")
    assert ai._worth_accepting(dict(state, trade={**offer, "money": plan.pays}), "p2")
    if plan.pays > -ask:
        cheaper = dict(state, trade={**offer, "money": plan.pays - data.EXCHANGE_BALANCE_STEP})
        assert not ai._worth_accepting(cheaper, "p2"), "not a franc more than needed"


def test_the_robot_writes_its_planned_terms_then_proposes() -> None:
    """Exchange of Rental Titles: opening, titles each way, the balance, then the
    proposal: each step is the one legal move the robot weighs."""
    state = completing()
    plan = valuation.best_exchange(state, "p1")
    assert plan is not None
    opening = consider(state, "p1", GAME.legal_moves(state, "p1"), opening=True)
    assert f"trade:with:{plan.partner}" in {m.code for m in opening}
    state, _ = play(state, "p1", f"trade:with:{plan.partner}")
    written: list[str] = []
    while state["phase"] == "trade":
        (move,) = consider(state, "p1", GAME.legal_moves(state, "p1"))
        written.append(move.code)
        state, _ = play(state, "p1", move.code)
    assert written[-1] == "trade:propose"
    assert trade.sides(state["trade"], "p1") == (list(plan.give), list(plan.take), plan.pays)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_searching_robot_proposes_the_exchange_and_easy_does_not(level: str) -> None:
    """The searching levels open the exchange that completes their Pluto series (and
    bring it to a proposal); the easy robot just rolls, as it always did."""
    state = completing()
    assert choose(GAME, state, "p1", Rng(3), level) == "trade:with:p2"
    assert choose(GAME, state, "p1", Rng(3), "easy") == "roll"


def test_simulated_players_do_not_open_exchanges() -> None:
    """Inside the search only the deciding robot may open an exchange."""
    state = completing()
    moves = GAME.legal_moves(state, "p1")
    assert any(m.code.startswith("trade:with:") for m in moves)
    assert not any(m.code.startswith("trade:with:") for m in consider(state, "p1", moves))


def test_one_proposal_a_turn() -> None:
    """After an answer to its exchange the robot rolls: no asking the same thing twice."""
    state = completing()
    plan = valuation.best_exchange(state, "p1")
    assert plan is not None
    state, _ = play(state, "p1", f"trade:with:{plan.partner}")
    while state["phase"] == "trade":
        state, _ = play(state, "p1", consider(state, "p1", GAME.legal_moves(state, "p1"))[0].code)
    state, _ = play(state, plan.partner, "trade:decline")
    opening = consider(state, "p1", GAME.legal_moves(state, "p1"), opening=True)
    assert not any(m.code.startswith("trade:") for m in opening)


def lopsided_offer(state: State) -> State:
    """p2 offers p1 Daisy 11 for Pluto 7: p2 completes nothing, p1 would break its pair
    and p2's Pluto improves: it helps p2 more than p1, even with 100 added."""
    own(state, "p2", 6)
    state["owners"]["7"] = "p1"
    state["order"] = ["p2", "p1", "p3"]
    state, _ = play(state, "p2", "trade:with:p1", "trade:give:11", "trade:take:7")
    state, _ = play(state, "p2", "trade:money:+100", "trade:propose")
    return state


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_searching_robot_never_accepts_an_exchange_that_helps_the_other_side_more(
    level: str,
) -> None:
    """A robot never makes an exchange that helps the other side more than itself."""
    state = lopsided_offer(completing())
    mine, theirs = valuation.gains(state, "p1", "p2", [7], [11], -100)
    assert mine < theirs
    assert not valuation.may_accept(state, "p1")
    for seed in range(3):
        assert choose(GAME, state, "p1", Rng(seed), level, tiny(GAME)) == "trade:decline"


def test_every_proposal_in_real_games_is_fair_and_the_easy_rule_takes_it() -> None:
    """A property over positions of real games: whatever a robot plans helps it at least
    as much as its partner, by at least the minimum gain, within the balance limits."""
    checked = 0
    for state in states_in_play("disneyland", 4, seed=12, every=3):
        seat = GAME.waiting_for(state)[0]
        if state["phase"] != "start":
            continue
        plan = valuation.best_exchange(state, seat)
        if plan is None:
            continue
        checked += 1
        assert plan.mine >= plan.theirs and plan.mine >= valuation.MIN_GAIN
        assert (plan.mine, plan.theirs) == valuation.gains(
            state, seat, plan.partner, plan.give, plan.take, plan.pays
        )
        offer = {"from": seat, "with": plan.partner, "by": seat, "money": plan.pays}
        offer.update(give=list(plan.give), take=list(plan.take))
        ask, add = trade.balance_bounds(state, offer, seat)
        assert -ask <= plan.pays <= add and plan.pays % data.EXCHANGE_BALANCE_STEP == 0
        assert ai._worth_accepting(dict(state, trade=offer), plan.partner)
    assert checked > 0


def test_the_search_counts_fees_to_come_in_its_estimate() -> None:
    """The Entry fee table: completing a series multiplies what its squares charge, so
    the estimate after completing Pluto beats the one before by far more than a title."""
    state = completing()
    before = PLAYBOOK.estimate(state)["p1"]
    after = dict(state, owners=dict(state["owners"], **{"8": "p1"}))
    assert PLAYBOOK.estimate(after)["p1"] - before > 5 * 100


@pytest.mark.parametrize("players", [2, 4])
def test_every_exchange_a_robot_opens_is_written_to_the_end(players: int) -> None:
    """Wherever the searching robot may open an exchange, the terms it then writes step by
    step are the ones it planned, up to the proposal: a plan that vanished half-way would
    cancel the draft and leave the robot opening it again for ever."""
    opened = 0
    for state in states_in_play("disneyland", players, seed=21, every=2):
        seat = GAME.waiting_for(state)[0]
        if state["phase"] != "start":
            continue
        for move in consider(state, seat, GAME.legal_moves(state, seat), opening=True):
            if not move.code.startswith("trade:with:"):
                continue
            opened += 1
            draft, _ = play(state, seat, move.code)
            for _ in range(12):
                (step,) = consider(draft, seat, GAME.legal_moves(draft, seat))
                draft, _ = play(draft, seat, step.code)
                if draft["phase"] != "trade":
                    break
            assert draft["phase"] == "offer", f"{seat} gave up its own exchange"
    assert opened > 0
