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

import functools
from typing import Any, Literal

from engine.core import IllegalMove, Move, State, clone, joined
from engine.disneyland import data
from engine.disneyland.board import Events, alive, current, titles_of
from engine.disneyland.wording import series_name, square_name
from engine.text import Text, txc, txcn

#: How a label frames the terms ("accept": "Accept: …"); "" for the plain terms.
Frame = Literal["", "propose", "counter", "back", "accept", "decline", "counter-to"]


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


def _titles(squares: list[int]) -> list[str]:
    """Titles grouped by series, as a list value: "Pluto 6, 7 and Peter Pan 15"; three
    series or more with commas only ("Robin Hood 2, Madam Mim 17, Donald 36")."""
    groups: dict[data.Series, list[str]] = {}
    for square in sorted(squares):
        groups.setdefault(data.SERIES_OF[square], []).append(str(square))
    parts: list[str] = [
        # i18n: titles of one series: its name and the squares' numbers ("Pluto 6, 7").
        txc(
            "disneyland",
            "{series} {squares}",
            series=series_name(series),
            squares=", ".join(numbers),
        )
        for series, numbers in groups.items()
    ]
    return parts if len(parts) <= 2 else [joined(parts)]


def _squares(squares: list[int]) -> list[str]:
    numbers = ", ".join(map(str, sorted(squares)))
    return [
        txcn("disneyland", "square {squares}", "squares {squares}", len(squares), squares=numbers)
    ]


def terms(offer: dict[str, Any], frame: Frame = "", budget: int = 100, other: str = "") -> Text:
    """The terms from their writer's side in words, e.g. "Bob gives Peter Pan 15 + 50 for
    Pluto 7" (Bob adds 50), framed as a label says them (``frame``: "accept" is "Accept:
    …"; "back" names ``other``) and fitted in ``budget`` characters of English: titles by
    series, else by square numbers, else cut."""
    maker = str(offer["by"])
    give, get, pays = sides(offer, maker)
    return _terms(maker, tuple(give), tuple(get), pays, frame, other, budget)


@functools.lru_cache(maxsize=4096)
def _terms(
    maker: str,
    give: tuple[int, ...],
    get: tuple[int, ...],
    pays: int,
    frame: Frame,
    other: str,
    budget: int,
) -> Text:
    """``terms`` of hashable parts: the robots list the same labels again and again."""
    for name in (_titles, _squares):
        if pays > 0:
            said = txc(
                "disneyland",
                "{maker} gives {give} + {money} for {get}",
                maker=maker,
                give=name(list(give)),
                money=pays,
                get=name(list(get)),
            )
        elif pays < 0:
            said = txc(
                "disneyland",
                "{maker} gives {give} for {get} + {money}",
                maker=maker,
                give=name(list(give)),
                money=-pays,
                get=name(list(get)),
            )
        else:
            said = txc(
                "disneyland",
                "{maker} gives {give} for {get}",
                maker=maker,
                give=name(list(give)),
                get=name(list(get)),
            )
        framed = _framed(said, frame, other)
        if len(framed) <= budget:
            return framed
    # i18n: words cut to fit a button ("Back to u2's offer: u1 gives squares 2, 3…").
    return txc("disneyland", "{start}…", start=str(framed)[: budget - 1])


def _framed(said: Text, frame: Frame, other: str) -> Text:
    if frame == "propose":
        return txc("disneyland", "Propose: {terms}", terms=said)
    if frame == "counter":
        return txc("disneyland", "Send counter-offer: {terms}", terms=said)
    if frame == "back":
        return txc("disneyland", "Back to {seat}'s offer: {terms}", seat=other, terms=said)
    if frame == "accept":
        return txc("disneyland", "Accept: {terms}", terms=said)
    if frame == "decline":
        return txc("disneyland", "Decline: {terms}", terms=said)
    if frame == "counter-to":
        return txc("disneyland", "Counter-offer to: {terms}", terms=said)
    return said


# --- Moves ----------------------------------------------------------------------------


def opening_moves(state: State, seat: str) -> list[Move]:
    """``trade:with:<seat>`` for every other player, when both sides hold a title."""
    holders = set(state["owners"].values())  # asked on every turn of every simulation
    if seat not in holders:
        return []
    return [
        Move(f"trade:with:{other}", _offer_label(other))
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
        if square in give:
            label = _keep(square, _clamp_note(state, offer, builder, square))
            moves.append(Move(f"trade:give:{square}", label))
        elif len(give) < data.EXCHANGE_MAX_TITLES:
            moves.append(Move(f"trade:give:{square}", _give(square)))
    for square in titles_of(state, other):
        if square in get:
            label = _stop_asking(other, square, _clamp_note(state, offer, builder, square))
            moves.append(Move(f"trade:take:{square}", label))
        elif len(get) < data.EXCHANGE_MAX_TITLES:
            moves.append(Move(f"trade:take:{square}", _ask_for(other, square)))
    ask, add = balance_bounds(state, offer, builder)
    for amount in range(-ask, add + 1, data.EXCHANGE_BALANCE_STEP):
        if amount != pays:
            code = f"trade:money:{amount:+d}" if amount else "trade:money:0"
            moves.append(Move(code, _balance_words(amount, other)))
    previous = offer.get("previous")
    if give and get and (previous is None or _key(offer) != _key(previous)):
        label = terms(offer, "propose" if previous is None else "counter")
        moves.append(Move("trade:propose", label))
    if previous is None:
        moves.append(Move("trade:cancel", _cancel_label(other)))
    else:
        moves.append(Move("trade:cancel", terms({**offer, **previous}, "back", other=other)))
    return moves


# The labels below are the same again and again (the robots list moves by the thousand),
# so each is made once for its arguments.


@functools.lru_cache(maxsize=1024)
def _offer_label(other: str) -> Text:
    return txc("disneyland", "Offer {seat} an exchange of titles", seat=other)


@functools.cache
def _give(square: int) -> Text:
    return txc("disneyland", "Give {square}", square=square_name(square))


@functools.lru_cache(maxsize=4096)
def _ask_for(other: str, square: int) -> Text:
    return txc("disneyland", "Ask {seat} for {square}", seat=other, square=square_name(square))


@functools.lru_cache(maxsize=1024)
def _cancel_label(other: str) -> Text:
    return txc("disneyland", "Cancel this exchange with {seat}", seat=other)


@functools.lru_cache(maxsize=4096)
def _balance_words(amount: int, other: str) -> Text:
    if amount > 0:
        return txc("disneyland", "Balance: you add {amount} for {seat}", amount=amount, seat=other)
    if amount < 0:
        return txc("disneyland", "Balance: you ask {seat} for {amount}", seat=other, amount=-amount)
    return txc("disneyland", "Balance: none, titles only")


@functools.lru_cache(maxsize=4096)
def _keep(number: int, balance: int | None) -> Text:
    """The label that takes one of the builder's titles back out of the terms."""
    square = square_name(number)
    if balance is None:
        return txc("disneyland", "Keep {square}", square=square)
    if balance:
        return txc(
            "disneyland", "Keep {square} (balance down to {amount})", square=square, amount=balance
        )
    return txc("disneyland", "Keep {square} (no balance left)", square=square)


@functools.lru_cache(maxsize=4096)
def _stop_asking(other: str, number: int, balance: int | None) -> Text:
    """The label that stops asking for one of the other side's titles."""
    square = square_name(number)
    if balance is None:
        return txc("disneyland", "Stop asking {seat} for {square}", seat=other, square=square)
    if balance:
        return txc(
            "disneyland",
            "Stop asking {seat} for {square} (balance down to {amount})",
            seat=other,
            square=square,
            amount=balance,
        )
    return txc(
        "disneyland",
        "Stop asking {seat} for {square} (no balance left)",
        seat=other,
        square=square,
    )


def _clamp_note(state: State, offer: dict[str, Any], builder: str, square: int) -> int | None:
    """What taking ``square`` out does to a balance that would exceed the new bound: None
    when nothing, else the balance it comes down to (0: none left)."""
    after = _toggled(offer, square)
    pays = sides(after, builder)[2]
    clamped = _clamped(state, after, builder)
    if clamped == pays:
        return None
    return abs(clamped)


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
        Move("trade:accept", terms(offer, "accept")),
        Move("trade:decline", terms(offer, "decline")),
    ]
    if offer["counters"] < data.EXCHANGE_MAX_COUNTERS:
        moves.append(Move("trade:counter", terms(offer, "counter-to")))
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
            raise IllegalMove(
                txc(
                    "disneyland",
                    "Answer {seat}'s offer first: accept, decline or counter.",
                    seat=offer["by"],
                )
            )
        first = "trade:counter"
    elif state["phase"] == "start" and seat == current(state):
        first = f"trade:with:{partner}"
        if first not in {move.code for move in opening_moves(state, seat)}:
            raise IllegalMove(
                txc(
                    "disneyland",
                    "You and {seat} must both hold a title (and still be in).",
                    seat=partner,
                )
            )
    elif state["phase"] == "trade" and offer["by"] == seat:
        raise IllegalMove(txc("disneyland", "Send or cancel the exchange you are writing first."))
    else:
        raise IllegalMove(
            txc("disneyland", "Offer an exchange on your turn before rolling, or counter an offer.")
        )
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
        problem = txc(
            "disneyland",
            "The balance goes in steps of {step}, at most {most} for each title the payer "
            "receives and no more than they hold: here from {low} to {high}.",
            step=data.EXCHANGE_BALANCE_STEP,
            most=data.EXCHANGE_BALANCE_PER_TITLE,
            low=-ask,
            high=add,
        )
        _step(draft, seat, code, codes, problem)
    if draft["trade"]["previous"] is None:
        problem = txc("disneyland", "An exchange swaps titles: at least one title each way.")
    else:
        problem = txc(
            "disneyland",
            "An exchange swaps titles: at least one title each way, and a counter-offer must "
            "change something.",
        )
    _step(draft, seat, "trade:propose", codes, problem)
    return codes


def _title_problem(state: State, seat: str, owner: str, square: int) -> Text:
    if state["owners"].get(str(square)) != owner:
        name = square_name(square) if square in data.SERIES_OF else _squares([square])[0]
        if owner == seat:
            return txc("disneyland", "You do not hold {square}.", square=name)
        return txc("disneyland", "{seat} does not hold {square}.", seat=owner, square=name)
    return txcn(
        "disneyland",
        "An exchange moves at most {count} title each way.",
        "An exchange moves at most {count} titles each way.",
        data.EXCHANGE_MAX_TITLES,
    )


def _step(draft: State, seat: str, code: str, codes: list[str], problem: Text) -> None:
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
        said = terms(offer, budget=200)
        if offer["counters"]:
            events.append(
                txc(
                    "disneyland",
                    "{seat} proposes a counter-offer to {other}: {terms}",
                    seat=seat,
                    other=answerer(offer),
                    terms=said,
                )
            )
        else:
            events.append(
                txc(
                    "disneyland",
                    "{seat} proposes an exchange to {other}: {terms}",
                    seat=seat,
                    other=answerer(offer),
                    terms=said,
                )
            )
    elif verb == "counter":
        previous = {"by": offer["by"], "money": offer["money"]}
        previous.update(give=list(offer["give"]), take=list(offer["take"]))
        offer.update(by=seat, counters=offer["counters"] + 1, previous=previous)
        state["phase"] = "trade"
    elif verb == "cancel":
        _cancel(state, offer)
    elif verb == "decline":
        said = terms(offer, budget=200)
        events.append(txc("disneyland", "{seat} declined: {terms}", seat=seat, terms=said))
        _close(state)
    elif verb == "accept":
        _exchange(state, offer)
        said = terms(offer, budget=200)
        events.append(txc("disneyland", "{seat} accepted: {terms}", seat=seat, terms=said))
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
