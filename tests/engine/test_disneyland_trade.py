"""Rulebook, Exchange of Rental Titles: the worked example and the trade move grammar;
plus the AI baseline's choices."""

from __future__ import annotations

import pytest

from engine import IllegalMove, Rng, State
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


def test_rulebook_exchange_example_through_trade_moves() -> None:
    """Rulebook, Exchange of Rental Titles: A (6, 8, 15), B (7, 16, 30), C (4, 14, 29)."""
    state = table(3)  # p1 = A, p2 = B, p3 = C
    own(state, "p1", 6, 8, 15)
    own(state, "p2", 7, 16, 30)
    own(state, "p3", 4, 14, 29)
    state, _ = play(state, "p1", "trade:with:p2", "trade:give:15", "trade:take:7")
    state, events = play(state, "p1", "trade:propose")
    assert GAME.to_move(state) == ["p2"] and codes(state, "p1") == []
    assert "p1 offers p2 a trade: p1 gives 15, takes 7" in events
    state, _ = play(state, "p2", "trade:accept")
    view = GAME.view(state, None)
    assert view["titles"]["p1"] == [6, 7, 8] and view["titles"]["p2"] == [15, 16, 30]
    assert view["fees"]["6"] == view["fees"]["7"] == view["fees"]["8"] == 600
    assert view["fees"]["15"] == 300
    # A full Pluto series now charges 600 on arrival.
    state, _ = play(rig_dice(state, 1, 2), "p1", "roll")  # p1 to Robin Hood 4, owned by C
    assert GAME.to_move(state) == ["p2"]
    state["pos"]["p2"] = 1
    state, _ = play(rig_dice(state, 3, 3), "p2", "roll")
    assert state["money"]["p1"] == 1675 - 100 + 600
    # C trades with B on C's turn, before rolling: 30 for 14.
    state, _ = play(state, "p3", "trade:with:p2", "trade:give:14", "trade:take:30")
    state, _ = play(state, "p3", "trade:propose")
    state, _ = play(state, "p2", "trade:accept")
    view = GAME.view(state, None)
    assert view["titles"]["p3"] == [4, 29, 30] and view["titles"]["p2"] == [14, 15, 16]
    assert view["fees"]["29"] == 300 and view["fees"]["14"] == 600
    assert ledger_ok(state)


def test_exchanges_are_not_compulsory() -> None:
    """Rulebook, Exchange: these exchanges are not compulsory (the partner may decline)."""
    state = own(own(table(2), "p1", 6), "p2", 7)
    state, _ = play(state, "p1", "trade:with:p2", "trade:give:6", "trade:take:7")
    state, events = play(state, "p1", "trade:propose")
    state, events = play(state, "p2", "trade:decline")
    assert state["owners"] == {"6": "p1", "7": "p2"}
    assert GAME.to_move(state) == ["p1"] and "roll" in codes(state, "p1")
    assert any("declined" in e for e in events)


def test_exchange_only_on_your_turn_before_rolling() -> None:
    """Rulebook, Exchange: when it is his turn and before rolling the dice."""
    state = own(own(table(2), "p1", 6), "p2", 7)
    assert "trade:with:p2" in codes(state, "p1")
    assert codes(state, "p2") == []
    state, _ = play(rig_dice(state, 1, 2), "p1", "roll")  # Robin Hood 4: rent phase
    assert not any(c.startswith("trade:") for c in codes(state, "p1"))


def test_no_exchange_when_nobody_holds_a_title() -> None:
    """An exchange of rental titles needs at least one title on either side."""
    state = table(3)
    assert codes(state, "p1") == ["roll"]
    own(state, "p3", 10)
    assert codes(state, "p1") == ["roll", "trade:with:p3"]


def test_offer_with_money_in_banknote_steps() -> None:
    """Trade grammar: signed banknote steps; the net is paid on acceptance."""
    state = own(own(table(2), "p1", 6), "p2", 7)
    state, _ = play(state, "p1", "trade:with:p2", "trade:take:7")
    state, _ = play(state, "p1", "trade:money:+100", "trade:money:+50", "trade:money:+25")
    assert state["trade"]["money"] == 175
    state, _ = play(state, "p1", "trade:money:-25", "trade:propose")
    state, events = play(state, "p2", "trade:accept")
    assert state["money"] == {"p1": 1675 - 150, "p2": 1675 + 150}
    assert state["owners"] == {"6": "p1", "7": "p1"}
    assert "p2 accepted the trade: p1 takes 7, pays 150" in events
    assert ledger_ok(state)


def test_money_steps_stay_within_what_the_paying_side_holds() -> None:
    """Trade grammar: a step is legal only while the payer could pay the net."""
    state = own(own(table(2), "p1", 6), "p2", 7)
    set_cash(state, "p1", 120)
    set_cash(state, "p2", 60)
    state, _ = play(state, "p1", "trade:with:p2")
    steps = {c.removeprefix("trade:money:") for c in codes(state, "p1") if "money" in c}
    assert steps == {"+25", "+50", "+100", "-25", "-50"}
    with pytest.raises(IllegalMove):
        GAME.play(state, "p1", "trade:money:+500")


def test_offer_needs_a_title_and_toggles_undo() -> None:
    """Trade grammar: give/take toggle; propose needs at least one title; cancel drops it."""
    state = own(own(table(2), "p1", 6), "p2", 7)
    state, _ = play(state, "p1", "trade:with:p2")
    assert "trade:propose" not in codes(state, "p1")
    state, _ = play(state, "p1", "trade:give:6")
    assert "trade:propose" in codes(state, "p1")
    state, _ = play(state, "p1", "trade:give:6")
    assert state["trade"]["give"] == [] and "trade:propose" not in codes(state, "p1")
    state, _ = play(state, "p1", "trade:cancel")
    assert state["trade"] is None and "roll" in codes(state, "p1")


def test_pending_offer_is_public_table_talk() -> None:
    """The public view shows the pending offer."""
    state = own(own(table(2), "p1", 6), "p2", 7)
    state, _ = play(state, "p1", "trade:with:p2", "trade:give:6", "trade:propose")
    offer = GAME.view(state, None)["trade"]
    assert offer == {
        "from": "p1",
        "with": "p2",
        "give": [6],
        "take": [],
        "money": 0,
        "status": "offer",
    }


def test_prisoner_may_trade_before_rolling() -> None:
    """RULES.md, Exchanges: a player in Prison may still offer an exchange on his turn."""
    state = own(own(table(2), "p1", 6), "p2", 7)
    state["prison"] = ["p1"]
    state["pos"]["p1"] = 13
    assert "trade:with:p2" in codes(state, "p1")


# --- AI baseline ------------------------------------------------------------------------


def _ai(state: State, seat: str) -> str:
    code = GAME.ai_move(state, seat, Rng.from_seed(0), "easy")
    assert code in codes(state, seat)
    return code


def test_ai_rents_only_with_a_reserve() -> None:
    state, _ = play(rig_dice(table(2), 3, 3), "p1", "roll")
    assert _ai(state, "p1") == "rent"
    set_cash(state, "p1", 350)
    assert _ai(state, "p1") == "decline"


def test_ai_surrenders_the_title_that_weakens_it_least() -> None:
    state = own(table(2), "p2", 6, 7, 8)
    own(state, "p1", 10, 11, 2)
    set_cash(state, "p1", 300)
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll")
    assert _ai(state, "p1") == "surrender:2"


def test_ai_accepts_only_offers_completing_a_series() -> None:
    state = own(own(table(2), "p1", 6, 15), "p2", 7, 8)
    swap, _ = play(state, "p1", "trade:with:p2", "trade:give:15", "trade:take:7", "trade:propose")
    assert _ai(swap, "p2") == "trade:decline"
    gift, _ = play(state, "p1", "trade:with:p2", "trade:give:6", "trade:propose")
    assert _ai(gift, "p2") == "trade:accept"


def test_ai_never_starts_a_trade_and_pays_prison_only_when_rich() -> None:
    state = own(own(table(2), "p1", 6), "p2", 7)
    assert _ai(state, "p1") == "roll"
    state["prison"] = ["p1"]
    assert _ai(state, "p1") == "prison:pay"
    set_cash(state, "p1", 500)
    assert _ai(state, "p1") == "roll"
