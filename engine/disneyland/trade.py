"""Exchanges of rental titles: titles for titles, an optional cash balance, counter-offers.

An exchange is built one step at a time so ``legal_moves`` stays small. The *builder*
is the player writing the terms: the player whose turn it is for the first offer, then
whoever makes a counter-offer. Codes are relative to the builder (all ASCII, no spaces;
``<sq>`` is an attraction square 2..38):

- ``trade:with:<seat>`` — on your turn, before rolling: start an offer to ``<seat>``.
- ``trade:give:<sq>`` — put one of your titles in the exchange (again: take it back out).
- ``trade:take:<sq>`` — ask for one of the other side's titles (again: stop asking).
- ``trade:money:<n>`` — set the cash balance in one code: ``+150`` you add 150, ``-150``
  you ask for 150, ``0`` no balance. Multiples of 25, at most 100 for each title the
  payer receives and at most the payer's cash (house rules, see ``data.py``).
- ``trade:propose`` — send the terms (at least one title each way; a counter-offer must
  change something).
- ``trade:cancel`` — drop your draft: the first offer is abandoned, a counter-offer goes
  back to the offer it answered.
- ``trade:accept`` / ``trade:decline`` / ``trade:counter`` — the other side's answer;
  a counter-offer starts from the pending terms; at most three per exchange.

The limits (three titles each way, the balance's step and bound, three counter-offers)
are house rules: their numbers are in ``data.py`` with the others (RULES.md, House rules).

Once accepted or declined, the player whose turn it is is back before rolling. The
terms are kept relative to that player (``give``: titles they hand over, ``take``: titles
they receive, ``money``: cash they pay, negative when they receive it), so the public
view reads the same whoever wrote them.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalMove, Move, State, clone
from engine.disneyland import data
from engine.disneyland.board import Events, alive, current, titles_of


def other_side(offer: dict[str, Any], seat: str) -> str:
    """The other party of the exchange."""
    return str(offer["with"] if seat == offer["from"] else offer["from"])


def answerer(offer: dict[str, Any]) -> str:
    """Who answers a pending offer: the side that did not write it."""
    return other_side(offer, offer["by"])


def sides(offer: dict[str, Any], seat: str) -> tuple[list[int], list[int], int]:
    """(titles ``seat`` gives, titles ``seat`` gets, cash ``seat`` pays) in the terms."""
    give, take, money = list(offer["give"]), list(offer["take"]), int(offer["money"])
    return (give, take, money) if seat == offer["from"] else (take, give, -money)


def _titles(squares: list[int]) -> str:
    """Titles grouped by series: "Pluto 6, 7 and Peter Pan 15"."""
    groups: dict[str, list[str]] = {}
    for square in sorted(squares):
        groups.setdefault(data.SERIES_OF[square].name, []).append(str(square))
    parts = [f"{series} {', '.join(numbers)}" for series, numbers in groups.items()]
    return " and ".join(parts) if len(parts) <= 2 else ", ".join(parts)


def _squares(squares: list[int]) -> str:
    return ("square " if len(squares) == 1 else "squares ") + ", ".join(map(str, sorted(squares)))


def terms(offer: dict[str, Any], lead: str = "", budget: int = 100) -> str:
    """The terms from their writer's side in plain words, e.g. "Bob gives Peter Pan 15
    + 50 for Pluto 7" (Bob adds 50), fitted in ``budget`` characters after ``lead``."""
    maker = str(offer["by"])
    give, get, pays = sides(offer, maker)
    plus_give = f" + {pays}" if pays > 0 else ""
    plus_get = f" + {-pays}" if pays < 0 else ""
    for name in (_titles, _squares):
        text = f"{maker} gives {name(give)}{plus_give} for {name(get)}{plus_get}"
        if len(lead) + len(text) <= budget:
            return lead + text
    return (lead + text)[: budget - 1] + "…"


# --- Moves ----------------------------------------------------------------------------


def opening_moves(state: State, seat: str) -> list[Move]:
    """``trade:with:<seat>`` for every other player, when both sides hold a title."""
    holders = set(state["owners"].values())  # asked on every turn of every simulation
    if seat not in holders:
        return []
    return [
        Move(f"trade:with:{other}", f"Offer {other} an exchange of titles")
        for other in alive(state)
        if other != seat and other in holders
    ]


def balance_bounds(state: State, offer: dict[str, Any], seat: str) -> tuple[int, int]:
    """(most ``seat`` may ask for, most ``seat`` may add) with the titles now in the terms."""
    give, get, _ = sides(offer, seat)
    other = other_side(offer, seat)
    add = min(state["money"][seat], data.EXCHANGE_BALANCE_PER_TITLE * len(get))
    ask = min(state["money"][other], data.EXCHANGE_BALANCE_PER_TITLE * len(give))
    return ask - ask % data.EXCHANGE_BALANCE_STEP, add - add % data.EXCHANGE_BALANCE_STEP


def building_moves(state: State) -> list[Move]:
    """The builder's choices while writing an offer or a counter-offer."""
    offer = state["trade"]
    builder = str(offer["by"])
    other = other_side(offer, builder)
    give, get, pays = sides(offer, builder)
    moves: list[Move] = []
    for square in titles_of(state, builder):
        name = data.square_name(square)
        if square in give:
            label = f"Keep {name}" + _clamp_note(state, offer, builder, square)
            moves.append(Move(f"trade:give:{square}", label))
        elif len(give) < data.EXCHANGE_MAX_TITLES:
            moves.append(Move(f"trade:give:{square}", f"Give {name}"))
    for square in titles_of(state, other):
        name = data.square_name(square)
        if square in get:
            label = f"Stop asking {other} for {name}" + _clamp_note(state, offer, builder, square)
            moves.append(Move(f"trade:take:{square}", label))
        elif len(get) < data.EXCHANGE_MAX_TITLES:
            moves.append(Move(f"trade:take:{square}", f"Ask {other} for {name}"))
    ask, add = balance_bounds(state, offer, builder)
    for amount in range(-ask, add + 1, data.EXCHANGE_BALANCE_STEP):
        if amount != pays:
            code = f"trade:money:{amount:+d}" if amount else "trade:money:0"
            moves.append(Move(code, _balance_words(amount, other)))
    previous = offer.get("previous")
    if give and get and (previous is None or _key(offer) != _key(previous)):
        lead = "Propose: " if previous is None else "Send counter-offer: "
        moves.append(Move("trade:propose", terms(offer, lead)))
    if previous is None:
        moves.append(Move("trade:cancel", f"Cancel this exchange with {other}"))
    else:
        moves.append(
            Move("trade:cancel", terms({**offer, **previous}, f"Back to {other}'s offer: "))
        )
    return moves


def _balance_words(amount: int, other: str) -> str:
    if amount > 0:
        return f"Balance: you add {amount} for {other}"
    if amount < 0:
        return f"Balance: you ask {other} for {-amount}"
    return "Balance: none, titles only"


def _clamp_note(state: State, offer: dict[str, Any], builder: str, square: int) -> str:
    """What taking ``square`` out does to a balance that would exceed the new bound."""
    after = _toggled(offer, square)
    pays = sides(after, builder)[2]
    clamped = _clamped(state, after, builder)
    if clamped == pays:
        return ""
    return f" (balance down to {abs(clamped)})" if clamped else " (no balance left)"


def _toggled(offer: dict[str, Any], square: int) -> dict[str, Any]:
    after = dict(offer, give=list(offer["give"]), take=list(offer["take"]))
    for key in ("give", "take"):
        chosen: list[int] = after[key]
        if square in chosen:
            chosen.remove(square)
    return after


def _clamped(state: State, offer: dict[str, Any], builder: str) -> int:
    """The builder's balance brought within the bounds of ``offer``'s titles."""
    ask, add = balance_bounds(state, offer, builder)
    return max(-ask, min(add, sides(offer, builder)[2]))


def _key(offer: dict[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    return tuple(offer["give"]), tuple(offer["take"]), int(offer["money"])


def answer_moves(state: State) -> list[Move]:
    """The other side's answer to a pending offer."""
    offer = state["trade"]
    moves = [
        Move("trade:accept", terms(offer, "Accept: ")),
        Move("trade:decline", terms(offer, "Decline: ")),
    ]
    if offer["counters"] < data.EXCHANGE_MAX_COUNTERS:
        moves.append(Move("trade:counter", terms(offer, "Counter-offer to: ")))
    return moves


def exchange_codes(
    state: State, seat: str, partner: str, give: list[int], take: list[int], money: int
) -> list[str]:
    """The codes that make ``seat``'s whole offer at once (typed commands): a new exchange
    on their turn before rolling, or a counter-offer to the offer they must answer.
    ``money`` is what ``seat`` adds (negative: asks for). Raises ``IllegalMove`` with a
    reason for the player when these terms cannot be offered now."""
    offer = state["trade"]
    if state["phase"] == "offer" and answerer(offer) == seat:
        if partner != offer["by"]:
            raise IllegalMove(f"Answer {offer['by']}'s offer first: accept, decline or counter.")
        first = "trade:counter"
    elif state["phase"] == "start" and seat == current(state):
        first = f"trade:with:{partner}"
        if first not in {move.code for move in opening_moves(state, seat)}:
            raise IllegalMove(f"You and {partner} must both hold a title (and still be in).")
    elif state["phase"] == "trade" and offer["by"] == seat:
        raise IllegalMove("Send or cancel the exchange you are writing first.")
    else:
        raise IllegalMove("Offer an exchange on your turn before rolling, or counter an offer.")
    draft = clone(state)
    codes = [first]
    apply(draft, seat, first, [])
    mine, theirs, _ = sides(draft["trade"], seat)
    wanted = [("give", sq) for sq in sorted(set(mine) - set(give))]
    wanted += [("take", sq) for sq in sorted(set(theirs) - set(take))]
    wanted += [("give", sq) for sq in sorted(set(give) - set(mine))]
    wanted += [("take", sq) for sq in sorted(set(take) - set(theirs))]
    for verb, square in wanted:
        owner = seat if verb == "give" else partner
        _step(
            draft, seat, f"trade:{verb}:{square}", codes, _title_problem(state, seat, owner, square)
        )
    if money != sides(draft["trade"], seat)[2]:
        ask, add = balance_bounds(draft, draft["trade"], seat)
        code = f"trade:money:{money:+d}" if money else "trade:money:0"
        problem = (
            f"The balance goes in steps of {data.EXCHANGE_BALANCE_STEP}, at most "
            f"{data.EXCHANGE_BALANCE_PER_TITLE} for each title the payer receives and no more "
            f"than they hold: here from {-ask} to {add}."
        )
        _step(draft, seat, code, codes, problem)
    problem = "An exchange swaps titles: at least one title each way"
    if draft["trade"]["previous"] is not None:
        problem += ", and a counter-offer must change something"
    _step(draft, seat, "trade:propose", codes, problem + ".")
    return codes


def _title_problem(state: State, seat: str, owner: str, square: int) -> str:
    if state["owners"].get(str(square)) != owner:
        name = data.square_name(square) if square in data.SERIES_OF else f"square {square}"
        return f"You do not hold {name}." if owner == seat else f"{owner} does not hold {name}."
    return f"An exchange moves at most {data.EXCHANGE_MAX_TITLES} titles each way."


def _step(draft: State, seat: str, code: str, codes: list[str], problem: str) -> None:
    """Play ``code`` on the draft if it is legal there, else explain why not."""
    offer = draft["trade"]
    legal = building_moves(draft) if draft["phase"] == "trade" and offer["by"] == seat else []
    if code not in {move.code for move in legal}:
        raise IllegalMove(problem)
    apply(draft, seat, code, [])
    codes.append(code)


# --- Carrying out ---------------------------------------------------------------------


def apply(state: State, seat: str, code: str, events: Events) -> None:
    """Carry out a legal trade code (already checked against the moves above)."""
    _, verb, *rest = code.split(":")
    arg = rest[0] if rest else ""
    if verb == "with":
        state["trade"] = {
            "from": seat,
            "with": arg,
            "by": seat,
            "give": [],
            "take": [],
            "money": 0,
            "counters": 0,
            "previous": None,
        }
        state["phase"] = "trade"
        return
    offer = state["trade"]
    if verb in ("give", "take"):
        _toggle(state, offer, seat, int(arg))
    elif verb == "money":
        amount = int(arg)
        offer["money"] = amount if seat == offer["from"] else -amount
    elif verb == "propose":
        offer["previous"] = None
        state["phase"] = "offer"
        kind = "a counter-offer" if offer["counters"] else "an exchange"
        events.append(f"{seat} proposes {kind} to {answerer(offer)}: {terms(offer, budget=200)}")
    elif verb == "counter":
        previous = {"by": offer["by"], "money": offer["money"]}
        previous.update(give=list(offer["give"]), take=list(offer["take"]))
        offer.update(by=seat, counters=offer["counters"] + 1, previous=previous)
        state["phase"] = "trade"
    elif verb == "cancel":
        _cancel(state, offer)
    elif verb == "decline":
        events.append(f"{seat} declined: {terms(offer, budget=200)}")
        _close(state)
    elif verb == "accept":
        _exchange(state, offer)
        events.append(f"{seat} accepted: {terms(offer, budget=200)}")
        _close(state)


def _toggle(state: State, offer: dict[str, Any], seat: str, square: int) -> None:
    """Put a title in the terms or take it out; a balance above the new bound shrinks."""
    key = "give" if (state["owners"][str(square)] == offer["from"]) else "take"
    chosen: list[int] = offer[key]
    if square in chosen:
        chosen.remove(square)
        pays = _clamped(state, offer, seat)
        offer["money"] = pays if seat == offer["from"] else -pays
    else:
        chosen.append(square)
        chosen.sort()


def _cancel(state: State, offer: dict[str, Any]) -> None:
    previous = offer["previous"]
    if previous is None:
        _close(state)
        return
    offer.update(previous, counters=offer["counters"] - 1, previous=None)
    state["phase"] = "offer"


def _exchange(state: State, offer: dict[str, Any]) -> None:
    proposer, partner = offer["from"], offer["with"]
    for square in offer["give"]:
        state["owners"][str(square)] = partner
    for square in offer["take"]:
        state["owners"][str(square)] = proposer
    state["money"][proposer] -= offer["money"]
    state["money"][partner] += offer["money"]


def _close(state: State) -> None:
    state["trade"] = None
    state["phase"] = "start"
