"""What the coach says a Disneyland move is for, and one line on each action of the picker.

Nothing in Disneyland is hidden but the order of the card decks (and another seat's vote
until the count), so a reason may read the board: series and fees (rulebook, "The 10
Series of Attractions": 100, 300 and 600 for one, two or three titles of a series), cash,
Prison, exchanges (``valuation.py`` prices them as the robots do).
"""

from __future__ import annotations

import re

from engine.core import Game, State
from engine.disneyland import data, trade, valuation
from engine.disneyland.board import fee_for, held_in_series, worth
from engine.disneyland.rules import GROUPS, TRADE_GROUPS
from engine.text import Text, txc, txcn

#: A picker group split by series when a seat holds many titles: "Give a title (Pluto
#: series)" has the help of "Give a title".
SERIES_GROUP = re.compile(r" \([^()]+ series\)$")
#: The picker's name of the surrender action (``rules._title_group``).
SURRENDER_GROUP = "Surrender a title"


def explain(game: Game, state: State, seat: str, code: str, plan: tuple[str, ...]) -> Text:
    verb, _, rest = code.partition(":")
    if code == "rent":
        return _rent(state, seat, int(state["rent"]))
    if code == "decline":
        return _keep_cash(state, seat)
    if code == "prison:pay":
        return txc(
            "disneyland",
            "Pays {fee} francs to leave Prison now rather than wait to roll a 5.",
            fee=data.PRISON_FEE,
        )
    if code in ("roll:1", "roll:2"):
        dice = int(rest)
        return txcn(
            "disneyland",
            "With {count} die: {ways} chances in {outcomes} to stop on a free attraction.",
            "With {count} dice: {ways} chances in {outcomes} to stop on a free attraction.",
            dice,
            ways=_free_ways(state, seat, dice),
            outcomes=6**dice,
        )
    if code == "roll":
        if seat in state["prison"]:
            return txc(
                "disneyland",
                "Tries for a 5 to leave Prison without paying the {fee} francs.",
                fee=data.PRISON_FEE,
            )
        return txc(
            "disneyland",
            "Rolls on: {ways} chances in 36 to stop on an attraction nobody rents yet.",
            ways=_free_ways(state, seat, 2),
        )
    if verb == "surrender":
        square = int(rest)
        return txc(
            "disneyland",
            "Gives back {title}, the title you miss least: it charges only {fee} francs now.",
            title=data.square_name(square),
            fee=fee_for(state, square),
        )
    if verb == "trade":
        return _exchange(state, seat, rest)
    return _ending(state, seat, rest)


def _rent(state: State, seat: str, square: int) -> Text:
    """Renting: the fee it brings the series to, or the rival it stops."""
    series = data.SERIES_OF[square]
    held = held_in_series(state, seat, square) + 1
    if held == len(series.squares):
        return txc(
            "disneyland",
            "Completes the {series} series: its entry fees go from {before} to {after} francs.",
            series=series.name,
            before=data.FEES[held - 2],
            after=data.FEES[held - 1],
        )
    if held > 1:
        return txc(
            "disneyland",
            "A second title of the {series} series: its entry fees go from {before} to "
            "{after} francs.",
            series=series.name,
            before=data.FEES[held - 2],
            after=data.FEES[held - 1],
        )
    rivals = [
        str(state["owners"][str(sq)])
        for sq in series.squares
        if state["owners"].get(str(sq), seat) != seat
    ]
    if rivals:
        rival = max(sorted(set(rivals)), key=rivals.count)
        return txcn(
            "disneyland",
            "Stops {rival}, who holds {count} title of the {series} series, from completing it.",
            "Stops {rival}, who holds {count} titles of the {series} series, from completing it.",
            rivals.count(rival),
            rival=rival,
            series=series.name,
        )
    return txc(
        "disneyland",
        "A first title of the {series} series: visitors will pay you {fee} francs.",
        series=series.name,
        fee=data.FEES[0],
    )


def _keep_cash(state: State, seat: str) -> Text:
    """Not renting: the cash kept against the highest fee a rival's title charges now."""
    fees = [fee_for(state, int(sq)) for sq, owner in state["owners"].items() if owner != seat]
    if not fees:
        return txc(
            "disneyland",
            "Keeps your {cash} francs: the attraction would add little to your series.",
            cash=state["money"][seat],
        )
    return txc(
        "disneyland",
        "Keeps your {cash} francs for the fees ahead: a rival's title charges up to {fee}.",
        cash=state["money"][seat],
        fee=max(fees),
    )


def _free_ways(state: State, seat: str, dice: int) -> int:
    """How many of the ``6 ** dice`` throws of ``dice`` dice stop the pawn on an attraction
    nobody rents."""
    free = 0
    for throw in range(6**dice):
        steps = sum(throw // 6**die % 6 + 1 for die in range(dice))
        square = (state["pos"][seat] - 1 + steps) % data.SQUARE_COUNT + 1
        if data.square_kind(square) == "attraction" and str(square) not in state["owners"]:
            free += 1
    return free


def _exchange(state: State, seat: str, rest: str) -> Text:
    """An exchange: the plan being opened or written, or the answer to an offer."""
    action, _, arg = rest.partition(":")
    offer = state["trade"]
    if action in ("accept", "decline", "counter"):
        partner = trade.other_side(offer, seat)
        give, get, pays = trade.sides(offer, seat)
        mine, theirs = valuation.gains(state, seat, partner, give, get, pays)
        values = {"gain": round(mine), "theirs": round(theirs), "partner": partner}
        if action == "accept":
            return txc(
                "disneyland",
                "Accepts: worth about {gain} francs to you and {theirs} to {partner}.",
                **values,
            )
        if action == "decline":
            return txc(
                "disneyland",
                "Turns it down: worth about {gain} francs to you but {theirs} to {partner}.",
                **values,
            )
        return txc(
            "disneyland",
            "Counters: as it stands it is worth about {gain} francs to you and {theirs} to "
            "{partner}.",
            **values,
        )
    partner = arg if action == "with" else trade.other_side(offer, seat)
    plan = None if action == "cancel" else valuation.best_exchange(state, seat, partner)
    if plan is None:
        return txc("disneyland", "No exchange with {partner} is worth making now.", partner=partner)
    return txc(
        "disneyland",
        "Works towards an exchange with {partner}: give {give}, take {take}, "
        "worth about {gain} francs to you.",
        partner=partner,
        give=[data.square_name(square) for square in sorted(plan.give)],
        take=[data.square_name(square) for square in sorted(plan.take)],
        gain=round(plan.mine),
    )


def _ending(state: State, seat: str, answer: str) -> Text:
    """Proposing or voting on the end: where the seat stands in cash plus titles."""
    if answer == "follow":
        return txc("disneyland", "Goes with the majority, whatever it decides.")
    others = [worth(state, other) for other in state["seats"] if other != seat]
    lead = worth(state, seat) - max(others, default=0)
    if lead > 0:
        return txc(
            "disneyland",
            "You lead by {lead} francs in cash plus titles: the sooner the count, the safer.",
            lead=lead,
        )
    return txc(
        "disneyland",
        "You trail the leader by {gap} francs in cash plus titles: more rounds give you "
        "time to catch up.",
        gap=-lead,
    )


#: One line per picker action, in the rulebook's terms (numbers from ``data.py``).
HELP: dict[str, Text] = {
    GROUPS["roll"]: txc(
        "disneyland",
        "Roll the dice and move your pawn: passing Start pays {start} francs, the Bank "
        "{bank}, and the Hotel costs you your next turn.",
        start=data.START_BONUS,
        bank=data.BANK_BONUS,
    ),
    GROUPS["prison:pay"]: txc(
        "disneyland",
        "Pay {fee} francs to leave Prison at once; otherwise you stay until you roll a 5.",
        fee=data.PRISON_FEE,
    ),
    GROUPS["rent"]: txc(
        "disneyland",
        "Rent the free attraction you stopped on for {price} francs: visitors then pay you "
        "{fee1}, {fee2} or {fee3} as you hold one, two or three titles of its series.",
        price=data.RENT_PRICE,
        fee1=data.FEES[0],
        fee2=data.FEES[1],
        fee3=data.FEES[2],
    ),
    GROUPS["timeup"]: txc(
        "disneyland", "The agreed time is up: cash plus titles decide the winner."
    ),
    GROUPS["propose"]: txc(
        "disneyland",
        "Propose when the game ends: the others vote, and a majority ends it then, counting "
        "cash plus titles.",
    ),
    GROUPS["vote"]: txc(
        "disneyland",
        "Vote on the proposed end: a majority ends the game then, counting cash plus titles.",
    ),
    TRADE_GROUPS["with"]: txc(
        "disneyland",
        "Before rolling, write an exchange of titles with another player: up to {titles} "
        "each way, with cash to balance it.",
        titles=data.EXCHANGE_MAX_TITLES,
    ),
    TRADE_GROUPS["give"]: txc(
        "disneyland",
        "Put one of your titles in the exchange (choose it again to take it back out).",
    ),
    TRADE_GROUPS["take"]: txc(
        "disneyland",
        "Ask for one of the other player's titles (choose it again to stop asking).",
    ),
    TRADE_GROUPS["money"]: txc(
        "disneyland",
        "Set the cash that goes with the titles, in steps of {step} francs, at most {most} "
        "for each title the payer receives.",
        step=data.EXCHANGE_BALANCE_STEP,
        most=data.EXCHANGE_BALANCE_PER_TITLE,
    ),
    TRADE_GROUPS["propose"]: txc(
        "disneyland", "Send the terms to the other player, or drop your draft."
    ),
    TRADE_GROUPS["accept"]: txc(
        "disneyland",
        "Accept the exchange, decline it, or write a counter-offer (at most {counters} in "
        "one exchange).",
        counters=data.EXCHANGE_MAX_COUNTERS,
    ),
    SURRENDER_GROUP: txc(
        "disneyland",
        "Short of cash for a fee: give titles back to the Caisse for {value} francs each "
        "until the debt is paid.",
        value=data.SURRENDER_VALUE,
    ),
}


def action_help(group: str) -> Text:
    return HELP[SERIES_GROUP.sub("", group)]
