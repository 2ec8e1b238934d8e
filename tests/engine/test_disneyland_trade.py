"""Rulebook, Exchange of Rental Titles: the worked example, titles for titles with a
bounded balance, counter-offers, labels that name the exact offer; plus the AI's answers."""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalMove, Rng, State
from engine.disneyland import trade
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


def labels(state: State, seat: str) -> dict[str, str]:
    return {move.code: move.label for move in GAME.legal_moves(state, seat)}


def swap(state: State, *steps: str) -> State:
    """p1 offers p2 the terms built by ``steps`` (codes after ``trade:with:p2``)."""
    state, _ = play(state, "p1", "trade:with:p2", *steps, "trade:propose")
    return state


def test_rulebook_exchange_example_through_trade_moves() -> None:
    """Rulebook, Exchange of Rental Titles (E3, the worked example): A (6, 8, 15),
    B (7, 16, 30), C (4, 14, 29); A and B swap 15 for 7, then C and B swap 30 for 14."""
    state = table(3)  # p1 = A, p2 = B, p3 = C
    own(state, "p1", 6, 8, 15)
    own(state, "p2", 7, 16, 30)
    own(state, "p3", 4, 14, 29)
    state, _ = play(state, "p1", "trade:with:p2", "trade:give:15", "trade:take:7")
    state, events = play(state, "p1", "trade:propose")
    assert GAME.to_move(state) == ["p2"] and codes(state, "p1") == []
    assert events == ["p1 proposes an exchange to p2: p1 gives Peter Pan 15 for Pluto 7"]
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
    """Rulebook, Exchange of Rental Titles (E4): not compulsory, the partner may decline."""
    state = swap(own(own(table(2), "p1", 6), "p2", 7), "trade:give:6", "trade:take:7")
    state, events = play(state, "p2", "trade:decline")
    assert state["owners"] == {"6": "p1", "7": "p2"}
    assert GAME.to_move(state) == ["p1"] and "roll" in codes(state, "p1")
    assert events == ["p2 declined: p1 gives Pluto 6 for Pluto 7"]


def test_exchange_only_on_your_turn_before_rolling() -> None:
    """Rulebook, Exchange of Rental Titles (E1): when it is his turn, before rolling."""
    state = own(own(table(2), "p1", 6), "p2", 7)
    assert "trade:with:p2" in codes(state, "p1")
    assert codes(state, "p2") == []
    state, _ = play(rig_dice(state, 1, 2), "p1", "roll")  # Robin Hood 4: rent phase
    assert not any(c.startswith("trade:") for c in codes(state, "p1"))


def test_exchange_needs_a_title_on_both_sides() -> None:
    """Rulebook, Exchange of Rental Titles (E2): titles are exchanged, so both hold one."""
    state = own(table(3), "p3", 10)
    assert codes(state, "p1") == ["roll"]
    own(state, "p1", 2)
    assert codes(state, "p1") == ["roll", "trade:with:p3"]
    assert labels(state, "p1")["trade:with:p3"] == "Offer p3 an exchange of titles"


def test_titles_for_titles_no_sale_and_no_gift() -> None:
    """Rulebook, Obligation to Surrender (O4: titles go back only to the game leader) and
    Exchange (E2): an offer must move a title each way, so no sale and no gift."""
    state = own(own(table(2), "p1", 6, 8), "p2", 7)
    state, _ = play(state, "p1", "trade:with:p2", "trade:take:7", "trade:money:+100")
    assert "trade:propose" not in codes(state, "p1")  # a purchase
    state, _ = play(state, "p1", "trade:take:7", "trade:give:6")
    assert "trade:propose" not in codes(state, "p1")  # a gift
    state, _ = play(state, "p1", "trade:take:7")
    assert "trade:propose" in codes(state, "p1")
    with pytest.raises(IllegalMove):
        GAME.play(state, "p1", "trade:take:6")  # p1's own title is not the partner's


def test_balance_is_one_code_within_the_transfer_price() -> None:
    """RULES.md, Exchanges: the cash balance is one code, in steps of 25, at most 100 (the
    printed transfer price, Rental Titles T1) per title the payer receives."""
    state = own(own(table(2), "p1", 6), "p2", 7, 8)
    state, _ = play(state, "p1", "trade:with:p2", "trade:give:6", "trade:take:7")
    money = sorted(int(c.rpartition(":")[2]) for c in codes(state, "p1") if "money" in c)
    assert money == [-100, -75, -50, -25, 25, 50, 75, 100]
    assert labels(state, "p1")["trade:money:+75"] == "Balance: you add 75 for p2"
    assert labels(state, "p1")["trade:money:-50"] == "Balance: you ask p2 for 50"
    for bad in ("+125", "+30", "+1000000000000", "+1e3", "abc", "", "+0100", "--25"):
        with pytest.raises(IllegalMove):
            GAME.play(state, "p1", f"trade:money:{bad}")
    state, _ = play(state, "p1", "trade:take:8", "trade:money:+200")
    assert state["trade"]["money"] == 200
    assert labels(state, "p1")["trade:money:0"] == "Balance: none, titles only"
    state, _ = play(state, "p1", "trade:propose")
    state, events = play(state, "p2", "trade:accept")
    assert events == ["p2 accepted: p1 gives Pluto 6 + 200 for Pluto 7, 8"]
    assert state["money"] == {"p1": 1675 - 200, "p2": 1675 + 200}
    assert state["owners"] == {"6": "p2", "7": "p1", "8": "p1"}
    assert ledger_ok(state)


def test_balance_never_exceeds_the_payers_cash() -> None:
    """RULES.md, Exchanges: a balance is within what the paying side holds."""
    state = own(own(table(2), "p1", 6, 8), "p2", 7, 16)
    set_cash(state, "p1", 60)
    set_cash(state, "p2", 130)
    state, _ = play(state, "p1", "trade:with:p2", "trade:give:6", "trade:give:8")
    state, _ = play(state, "p1", "trade:take:7", "trade:take:16")
    money = sorted(int(c.rpartition(":")[2]) for c in codes(state, "p1") if "money" in c)
    assert money == [-125, -100, -75, -50, -25, 25, 50]


def test_taking_a_title_out_shrinks_a_balance_above_the_new_bound() -> None:
    """RULES.md, Exchanges: the label says so, and the balance follows the titles."""
    state = own(own(table(2), "p1", 6), "p2", 7, 8)
    state, _ = play(state, "p1", "trade:with:p2", "trade:give:6", "trade:take:7")
    state, _ = play(state, "p1", "trade:take:8", "trade:money:+175")
    assert labels(state, "p1")["trade:take:8"] == "Stop asking p2 for Pluto 8 (balance down to 100)"
    assert labels(state, "p1")["trade:give:6"] == "Keep Pluto 6"
    state, _ = play(state, "p1", "trade:take:8")
    assert state["trade"]["money"] == 100
    state, _ = play(state, "p1", "trade:take:7")
    assert state["trade"]["money"] == 0


def test_at_most_three_titles_each_way() -> None:
    """RULES.md, Exchanges: at most three titles each way (a whole series)."""
    state = own(own(table(2), "p1", 2, 3, 4, 6), "p2", 7, 8, 10, 11)
    state, _ = play(state, "p1", "trade:with:p2", *(f"trade:give:{sq}" for sq in (2, 3, 4)))
    state, _ = play(state, "p1", *(f"trade:take:{sq}" for sq in (7, 8, 10)))
    assert "trade:give:6" not in codes(state, "p1") and "trade:take:11" not in codes(state, "p1")
    assert "trade:give:4" in codes(state, "p1")  # taking one back out stays possible
    with pytest.raises(IllegalMove):
        GAME.play(state, "p1", "trade:give:6")


def test_counter_offer_by_the_partner_then_accepted() -> None:
    """RULES.md, Exchanges: the partner may answer with a counter-offer, which starts from
    the pending terms; the player whose turn it is then answers it."""
    state = swap(own(own(table(2), "p1", 6, 15), "p2", 7, 16), "trade:give:15", "trade:take:7")
    assert codes(state, "p2") == ["trade:accept", "trade:decline", "trade:counter"]
    assert labels(state, "p2")["trade:counter"] == (
        "Counter-offer to: p1 gives Peter Pan 15 for Pluto 7"
    )
    state, _ = play(state, "p2", "trade:counter")
    assert GAME.to_move(state) == ["p2"] and state["trade"]["give"] == [15]
    assert "trade:propose" not in codes(state, "p2"), "a counter-offer must change something"
    state, _ = play(state, "p2", "trade:money:-50")  # p2 asks p1 for 50
    state, events = play(state, "p2", "trade:propose")
    assert events == ["p2 proposes a counter-offer to p1: p2 gives Pluto 7 for Peter Pan 15 + 50"]
    assert GAME.to_move(state) == ["p1"] and state["trade"]["money"] == 50
    assert labels(state, "p1")["trade:accept"] == ("Accept: p2 gives Pluto 7 for Peter Pan 15 + 50")
    state, _ = play(state, "p1", "trade:accept")
    assert state["owners"] == {"6": "p1", "7": "p1", "15": "p2", "16": "p2"}
    assert state["money"] == {"p1": 1625, "p2": 1725}
    assert GAME.to_move(state) == ["p1"] and "roll" in codes(state, "p1")
    assert ledger_ok(state)


def test_dropping_a_counter_offer_goes_back_to_the_offer() -> None:
    """RULES.md, Exchanges: cancelling a counter-offer draft returns to the pending offer."""
    state = swap(own(own(table(2), "p1", 6), "p2", 7, 8), "trade:give:6", "trade:take:7")
    state, _ = play(state, "p2", "trade:counter", "trade:give:8")
    assert labels(state, "p2")["trade:cancel"] == "Back to p1's offer: p1 gives Pluto 6 for Pluto 7"
    state, _ = play(state, "p2", "trade:cancel")
    assert state["phase"] == "offer" and state["trade"]["take"] == [7]
    assert GAME.to_move(state) == ["p2"] and "trade:counter" in codes(state, "p2")


def test_counter_offers_are_limited() -> None:
    """RULES.md, Exchanges: after three counter-offers only accept or decline remain."""
    state = swap(own(own(table(2), "p1", 6), "p2", 7), "trade:give:6", "trade:take:7")
    seats = ["p2", "p1", "p2"]
    for number, seat in enumerate(seats, start=1):
        amount = f"{25 * number:+d}"
        state, _ = play(state, seat, "trade:counter", f"trade:money:{amount}", "trade:propose")
    answering = "p1"
    assert GAME.to_move(state) == [answering]
    assert codes(state, answering) == ["trade:accept", "trade:decline"]


def test_accept_labels_name_the_exact_offer() -> None:
    """ENGINE.md: same code, different meaning, different label; names, not codes."""
    state = own(own(table(2), "p1", 6, 15), "p2", 7, 16)
    first = swap(state, "trade:give:15", "trade:take:7")
    second = swap(state, "trade:give:6", "trade:take:16", "trade:money:+25")
    one, two = labels(first, "p2"), labels(second, "p2")
    assert one["trade:accept"] == "Accept: p1 gives Peter Pan 15 for Pluto 7"
    assert two["trade:accept"] == "Accept: p1 gives Pluto 6 + 25 for Peter Pan 16"
    assert one["trade:decline"] != two["trade:decline"]


@pytest.mark.parametrize("seat", ["p1", "12345678901234567890"])
def test_labels_fit_with_three_titles_each_way(seat: str) -> None:
    """Labels stay within 100 characters: titles by series, else square numbers."""
    seats = [seat, "p2"]
    state = GAME.setup(seats, seed=1, options={"length": "rounds-40"})
    state["order"], state["turn"], state["round"] = seats, 0, 2
    own(state, seat, 2, 17, 36)
    own(state, "p2", 10, 25, 29)
    gives = [f"trade:give:{sq}" for sq in (2, 17, 36)]
    takes = [f"trade:take:{sq}" for sq in (10, 25, 29)]
    state, _ = play(state, seat, "trade:with:p2", *gives, *takes, "trade:money:+300")
    state, _ = play(state, seat, "trade:propose")
    accept = labels(state, "p2")["trade:accept"]
    assert len(accept) <= 100
    expected = {
        "p1": "Accept: p1 gives Robin Hood 2, Madam Mim 17, Donald 36 + 300 for "
        "Daisy 10, Goofy 25, Minnie 29",
        "12345678901234567890": "Accept: 12345678901234567890 gives squares 2, 17, 36 + 300 "
        "for squares 10, 25, 29",
    }
    assert accept == expected[seat]


def test_pending_offer_is_public_table_talk() -> None:
    """The public view shows the pending offer, who wrote it and its terms in words."""
    state = swap(own(own(table(2), "p1", 6), "p2", 7), "trade:give:6", "trade:take:7")
    offer = GAME.view(state, None)["trade"]
    assert offer == {
        "from": "p1",
        "with": "p2",
        "by": "p1",
        "give": [6],
        "take": [7],
        "money": 0,
        "counters": 0,
        "previous": None,
        "status": "offer",
        "terms": "p1 gives Pluto 6 for Pluto 7",
    }
    assert GAME.view(state, None)["phase"] == "Round 2 of 40 · p2 answers p1's exchange offer"


def test_an_offer_saved_before_counter_offers_lapses_on_load() -> None:
    """A game saved mid-offer by the old grammar (no `by`) loads without losing anything
    else: the offer lapses and its proposer is back before rolling."""
    state = own(own(table(2), "p1", 6), "p2", 7)
    old = dict(state, phase="offer")
    old["trade"] = {"from": "p1", "with": "p2", "give": [], "take": [7], "money": 1500}
    loaded = GAME.load(old)
    assert loaded["trade"] is None and loaded["phase"] == "start"
    assert GAME.to_move(loaded) == ["p1"] and loaded["owners"] == state["owners"]
    assert GAME.load(state) == state


def test_prisoner_may_trade_before_rolling() -> None:
    """RULES.md, Exchanges: a player in Prison may still offer an exchange on his turn."""
    state = own(own(table(2), "p1", 6), "p2", 7)
    state["prison"] = ["p1"]
    state["pos"]["p1"] = 13
    assert "trade:with:p2" in codes(state, "p1")


def test_terms_fall_back_to_square_numbers_and_never_overflow() -> None:
    """The plain-words terms fit any budget: by series, then numbers, then clipped."""
    offer: dict[str, Any] = {"from": "a", "with": "b", "by": "a", "money": -300}
    offer.update(give=[2, 17, 36], take=[10, 25, 29])
    assert trade.terms(offer, budget=200) == (
        "a gives Robin Hood 2, Madam Mim 17, Donald 36 for Daisy 10, Goofy 25, Minnie 29 + 300"
    )
    assert trade.terms(offer, budget=60) == "a gives squares 2, 17, 36 for squares 10, 25, 29 + 300"
    assert len(trade.terms(offer, budget=30)) == 30


def test_whole_offer_in_one_go_for_typed_commands() -> None:
    """trade.exchange_codes: the codes of a whole offer, checked step by step."""
    state = own(own(table(2), "p1", 6, 15), "p2", 7, 16)
    codes_ = trade.exchange_codes(state, "p1", "p2", [15], [7], 50)
    assert codes_ == [
        "trade:with:p2",
        "trade:give:15",
        "trade:take:7",
        "trade:money:+50",
        "trade:propose",
    ]
    offered, _ = play(state, "p1", *codes_)
    assert labels(offered, "p2")["trade:accept"] == "Accept: p1 gives Peter Pan 15 + 50 for Pluto 7"
    counter = trade.exchange_codes(offered, "p2", "p1", [7, 16], [15], -100)
    assert counter == ["trade:counter", "trade:give:16", "trade:money:-100", "trade:propose"]
    countered, _ = play(offered, "p2", *counter)
    assert (
        trade.terms(countered["trade"])
        == "p2 gives Pluto 7 and Peter Pan 16 for Peter Pan 15 + 100"
    )


@pytest.mark.parametrize(
    ("seat", "partner", "give", "take", "money", "problem"),
    [
        ("p1", "p2", [7], [16], 0, "You do not hold Pluto 7."),
        ("p1", "p2", [15], [8], 0, "p2 does not hold Pluto 8."),
        ("p1", "p2", [15], [5], 0, "p2 does not hold square 5."),
        ("p1", "p2", [15], [], 0, "An exchange swaps titles: at least one title each way."),
        ("p1", "p2", [15], [7], 125, "The balance goes in steps of 25, at most 100 for each"),
        ("p1", "p2", [15], [7], 10**15, "here from -100 to 100."),
        ("p2", "p1", [7], [15], 0, "Offer an exchange on your turn before rolling"),
        ("p1", "p3", [15], [7], 0, "You and p3 must both hold a title"),
    ],
)
def test_whole_offer_explains_what_is_wrong(
    seat: str, partner: str, give: list[int], take: list[int], money: int, problem: str
) -> None:
    """Bad typed terms get a reason for the player, never a half-built offer."""
    state = own(own(table(3), "p1", 6, 15), "p2", 7, 16)
    with pytest.raises(IllegalMove) as raised:
        trade.exchange_codes(state, seat, partner, give, take, money)
    assert problem in str(raised.value)
    assert state["trade"] is None and state["phase"] == "start"


def test_a_counter_offer_in_one_go_must_change_something() -> None:
    state = swap(own(own(table(2), "p1", 6), "p2", 7), "trade:give:6", "trade:take:7")
    with pytest.raises(IllegalMove, match="a counter-offer must change something"):
        trade.exchange_codes(state, "p2", "p1", [7], [6], 0)
    with pytest.raises(IllegalMove, match="Answer p1's offer first"):
        trade.exchange_codes(state, "p2", "p3", [7], [6], 0)
    drafting, _ = play(state, "p2", "trade:counter")
    with pytest.raises(IllegalMove, match="Send or cancel the exchange you are writing first"):
        trade.exchange_codes(drafting, "p2", "p1", [7], [6], 25)


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


def test_ai_declines_a_swap_that_helps_the_proposer_more() -> None:
    """Two players: completing p1's Pluto series for a lone title is a bad deal for p2."""
    state = own(own(table(2), "p1", 6, 8, 15), "p2", 7, 16)
    offer = swap(state, "trade:give:15", "trade:take:7")
    assert _ai(offer, "p2") == "trade:decline"


def test_ai_accepts_a_swap_that_completes_its_own_series() -> None:
    state = own(own(table(2), "p1", 6, 15), "p2", 7, 8, 16)
    offer = swap(state, "trade:give:6", "trade:take:16")
    assert _ai(offer, "p2") == "trade:accept"


def test_ai_weighs_the_balance_and_the_table_size() -> None:
    """The rulebook's swap (A gives 15 for B's 7): B gains less than A, which matters less
    with more opponents to share A's gain; a balance from A can tip it."""
    for players, sweetener, answer in (
        (3, [], "trade:decline"),
        (5, [], "trade:accept"),
        (2, ["trade:money:+100"], "trade:decline"),
    ):
        state = own(own(table(players), "p1", 6, 8, 15), "p2", 7, 16)
        offer = swap(state, "trade:give:15", "trade:take:7", *sweetener)
        assert _ai(offer, "p2") == answer, (players, sweetener)
    cheap = own(own(table(2), "p1", 6, 15), "p2", 7, 16, 30)
    offer = swap(cheap, "trade:give:15", "trade:take:30", "trade:money:+100")
    assert _ai(offer, "p2") == "trade:accept"


def test_ai_answers_a_counter_offer_as_the_proposer() -> None:
    """A robot whose offer is countered weighs the new terms the same way: asking 50 more
    for the title that completes its series is fine, asking for a second title is not."""
    state = own(own(table(2), "p1", 6, 8, 15), "p2", 7, 16)
    offer = swap(state, "trade:give:15", "trade:take:7")
    dearer, _ = play(offer, "p2", "trade:counter", "trade:money:-50", "trade:propose")
    assert GAME.to_move(dearer) == ["p1"] and _ai(dearer, "p1") == "trade:accept"
    greedy, _ = play(offer, "p2", "trade:counter", "trade:take:8", "trade:propose")
    assert _ai(greedy, "p1") == "trade:decline"


def test_ai_never_opens_or_writes_an_exchange() -> None:
    state = own(own(table(2), "p1", 6), "p2", 7)
    assert _ai(state, "p1") == "roll"
    drafting, _ = play(state, "p1", "trade:with:p2")
    assert _ai(drafting, "p1") == "trade:cancel"


def test_ai_pays_prison_only_when_rich() -> None:
    state = table(2)
    state["prison"] = ["p1"]
    assert _ai(state, "p1") == "prison:pay"
    set_cash(state, "p1", 500)
    assert _ai(state, "p1") == "roll"
