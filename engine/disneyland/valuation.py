"""What a Disneyland position and an exchange are worth to each seat (for the robots).

A seat's *prospect* is its worth now (cash plus 100 a title, the end count) plus the
entry fees it can expect to collect from the other players over the rounds left, minus
those it can expect to pay them. A pawn lands on a given square about once in 38 turns
(0.027 per square per turn, measured over 20 four-player AI games), and a held series
charges 100, 300 or 600 on each of its squares (rulebook, "The 10 Series").

Exchanges (rulebook, "Exchange of Rental Titles") are where a series is completed, so
the stronger robots look for one on their turn before rolling: titles for titles with
the cash balance that makes the partner want it, and never one that helps the other side
more than the robot itself (issue 13). They accept an offer on the same condition.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.core import State
from engine.disneyland import ai, data, trade
from engine.disneyland.table import alive, rounds_limit, titles_of, worth

#: Rounds assumed left when the agreed length is a time (the engine has no clock).
OPEN_ENDED_ROUNDS = 10
#: The smallest gain in prospect (francs) worth proposing an exchange for.
MIN_GAIN = 50
#: Plans remembered (searches ask again for the same position many times).
MEMO_SIZE = 4096

Owners = dict[str, str]


def rounds_left(state: State) -> int:
    limit = rounds_limit(state)
    return OPEN_ENDED_ROUNDS if limit is None else max(0, limit - state["round"] + 1)


def fee_power(owners: Owners, seat: str) -> int:
    """The fees ``seat``'s squares charge a visitor, summed over its squares."""
    total = 0
    for series in data.SERIES:
        held = sum(owners.get(str(sq)) == seat for sq in series.squares)
        if held:
            total += held * data.FEES[held - 1]
    return total


def estimate(state: State) -> dict[str, float]:
    """Each seat's prospect: worth plus the fees to come in, minus those to go out."""
    per_turn = rounds_left(state) / data.SQUARE_COUNT
    players = alive(state)
    fees = {s: fee_power(state["owners"], s) for s in players}
    total = sum(fees.values())
    values = {s: float(worth(state, s)) for s in state["seats"]}
    for seat in players:
        values[seat] += per_turn * ((len(players) - 1) * fees[seat] - (total - fees[seat]))
    return values


@dataclass(frozen=True, slots=True)
class Exchange:
    """Terms from the proposer's side, and what they are worth to each side."""

    partner: str
    give: tuple[int, ...]
    take: tuple[int, ...]
    pays: int  # cash the proposer adds (negative: asks for)
    mine: float  # the proposer's gain in prospect
    theirs: float  # the partner's gain in prospect


def gains(
    state: State, seat: str, partner: str, give: Sequence[int], take: Sequence[int], pays: int
) -> tuple[float, float]:
    """(``seat``'s, ``partner``'s) gain in prospect if ``seat`` hands over ``give`` and
    ``pays`` for ``take``. Third players lose the fees the two will charge them more."""
    players = alive(state)
    owners = state["owners"]
    after = dict(owners)
    for square in give:
        after[str(square)] = partner
    for square in take:
        after[str(square)] = seat
    per_turn = rounds_left(state) / data.SQUARE_COUNT
    mine_fees = fee_power(after, seat) - fee_power(owners, seat)
    their_fees = fee_power(after, partner) - fee_power(owners, partner)
    both = mine_fees + their_fees
    titles = data.TITLE_VALUE * (len(take) - len(give))
    mine = titles - pays + per_turn * (len(players) * mine_fees - both)
    theirs = -titles + pays + per_turn * (len(players) * their_fees - both)
    return mine, theirs


def fair(mine: float, theirs: float) -> bool:
    """An exchange the robots take part in: it helps them, and no less than the other side."""
    return mine >= MIN_GAIN and mine >= theirs


def may_accept(state: State, seat: str) -> bool:
    """Whether ``seat`` may accept the offer it must answer (then the search decides)."""
    offer = state["trade"]
    give, get, pays = trade.sides(offer, seat)
    mine, theirs = gains(state, seat, trade.other_side(offer, seat), give, get, pays)
    return mine > 0 and mine >= theirs


def best_exchange(state: State, seat: str, partner: str | None = None) -> Exchange | None:
    """The exchange ``seat`` would propose now (to ``partner``, or to whoever suits best):
    the best gain for ``seat`` among fair ones the partner would accept by the ``easy``
    robot's rule (the partner's own gain, set by the balance), or None."""
    key = _key(state, seat, partner)
    if key not in _memo:
        if len(_memo) >= MEMO_SIZE:
            _memo.clear()
        _memo[key] = _search(state, seat, partner)
    return _memo[key]


_memo: dict[tuple[Any, ...], Exchange | None] = {}


def _key(state: State, seat: str, partner: str | None) -> tuple[Any, ...]:
    return (
        seat,
        partner,
        tuple(sorted(state["owners"].items())),
        tuple(sorted(state["money"].items())),
        tuple(state["out"]),
        tuple(state["order"]),
        state["round"],
        state["options"]["length"],
    )


def _search(state: State, seat: str, partner: str | None) -> Exchange | None:
    best: Exchange | None = None
    mine_titles = titles_of(state, seat)
    for other in alive(state):
        if other == seat or (partner is not None and other != partner):
            continue
        theirs_titles = titles_of(state, other)
        if not mine_titles or not theirs_titles:
            continue
        for take in _wanted(state, seat, theirs_titles):
            taken = {data.SERIES_OF[sq].name for sq in take}
            offered = [sq for sq in mine_titles if data.SERIES_OF[sq].name not in taken]
            for give in _bundles(offered):
                found = _priced(state, seat, other, give, take)
                if found is not None and (best is None or found.mine > best.mine):
                    best = found
    return best


def _wanted(state: State, seat: str, theirs: list[int]) -> Iterator[tuple[int, ...]]:
    """Titles worth asking for: one or two of a series ``seat`` already holds part of."""
    owners = state["owners"]
    for series in data.SERIES:
        if not any(owners.get(str(sq)) == seat for sq in series.squares):
            continue
        there = [sq for sq in series.squares if sq in theirs]
        for size in (1, 2):
            yield from combinations(there, size)


def _bundles(titles: list[int]) -> Iterator[tuple[int, ...]]:
    for size in (1, 2):
        yield from combinations(titles, size)


def _priced(
    state: State, seat: str, partner: str, give: tuple[int, ...], take: tuple[int, ...]
) -> Exchange | None:
    """The terms with the smallest balance the partner would accept, if they are fair."""
    offer = {
        "from": seat,
        "with": partner,
        "by": seat,
        "give": list(give),
        "take": list(take),
        "money": 0,
    }
    ask, add = trade.balance_bounds(state, offer, seat)
    # The easy rule, linear in the balance p that ``seat`` pays: the partner accepts when
    # its gain a + p is positive and beats ``seat``'s gain b - p shared among its rivals.
    a, b = ai.exchange_gain(dict(state, trade=offer), partner)
    rivals = max(1, len(alive(state)) - 1)
    least = max(-a, (b - a * rivals) / (rivals + 1))
    step = trade.BALANCE_STEP
    pays = max(-ask, step * (math.floor(least / step) + 1))
    if pays > add:
        return None
    mine, theirs = gains(state, seat, partner, give, take, pays)
    if not fair(mine, theirs):
        return None
    return Exchange(partner, give, take, pays, mine, theirs)


def next_code(state: State, seat: str) -> str:
    """The next code that writes ``seat``'s planned terms into the exchange it is
    building; ``trade:cancel`` when there is no plan for this partner (or it is a
    counter-offer: the robots answer offers, they do not haggle)."""
    offer = state["trade"]
    plan = best_exchange(state, seat, str(offer["with"]))
    if plan is None or offer.get("previous") is not None or offer["from"] != seat:
        return "trade:cancel"
    give, get, pays = trade.sides(offer, seat)
    for square in sorted(set(give) ^ set(plan.give)):
        return f"trade:give:{square}"
    for square in sorted(set(get) ^ set(plan.take)):
        return f"trade:take:{square}"
    if pays != plan.pays:
        return f"trade:money:{plan.pays:+d}" if plan.pays else "trade:money:0"
    return "trade:propose"


def just_traded(state: State) -> bool:
    """Whether the last move answered an exchange: a robot proposes at most once a turn."""
    return any(" declined: " in event or " accepted: " in event for event in state["last"])
