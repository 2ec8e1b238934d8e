"""What a Disneyland position and an exchange are worth to each seat (for the robots).

A seat's *prospect* is its worth now (cash plus 100 a title, the end count) plus the
entry fees it can expect to collect from the other players over the turns left, minus
those it can expect to pay them, with the squares still free rented as pawns land on
them (``flows``): a pair whose third square is free is worth far more than two titles.

Exchanges (rulebook, "Exchange of Rental Titles") are where a series is completed, so
the stronger robots look for one on their turn before rolling: titles for titles with
the cash balance that makes the partner want it, and never one that helps the other side
more than the robot itself. They accept an offer on the same condition.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.core import State
from engine.disneyland import ai, data, flows, trade
from engine.disneyland.board import alive, current, rounds_limit, titles_of, worth

#: Rounds assumed left when the agreed length is a time (the engine has no clock).
OPEN_ENDED_ROUNDS = 10
#: The most rounds ahead the fees are counted for (a game without an agreed length may
#: run to round 100; what happens that far off hardly depends on today's titles).
HORIZON_ROUNDS = 40
#: Phases after the pawn of the player to move has landed.
LANDED = ("rent", "surrender")
#: A pawn's next turns counted from where it stands rather than as the long-run average.
LOOKAHEAD = 2
#: The smallest gain in prospect (francs) worth proposing an exchange for.
MIN_GAIN = 50
#: Plans remembered (searches ask again for the same position many times).
MEMO_SIZE = 4096

Owners = dict[str, str]


def rounds_left(state: State) -> int:
    limit = rounds_limit(state)
    return OPEN_ENDED_ROUNDS if limit is None else max(0, limit - state["round"] + 1)


def turns_ahead(state: State) -> tuple[list[str], int]:
    """The players still in, from the next to land (the player to move, unless their pawn
    has landed this turn: renting, surrendering), and the turns left in the game from
    there. Writing or answering an exchange happens before the roll."""
    players = alive(state)
    if not players:
        return [], 0
    seat = current(state)
    at = players.index(seat) if seat in players else 0
    done = 1 if state["phase"] in LANDED else 0
    turns = (min(rounds_left(state), HORIZON_ROUNDS) - 1) * len(players)
    turns += len(players) - at - done
    first = (at + done) % len(players)
    return players[first:] + players[:first], max(0, turns)


def estimate(state: State) -> dict[str, float]:
    """Each seat's prospect: its worth now plus the fees it can expect to receive, minus
    those it can expect to pay, series by series to the end (``flows``)."""
    values = {s: float(worth(state, s)) for s in state["seats"]}
    for seat, fees in _fees_ahead(state, state["owners"], range(len(data.SERIES))).items():
        values[seat] += fees
    return values


def _fees_ahead(state: State, owners: Owners, series: Sequence[int]) -> dict[str, float]:
    """The fees each player still in can expect to receive minus pay on ``series`` with
    these ``owners``: the long run by ``flows``, and each pawn's next ``LOOKAHEAD``
    landings by the dice from where it stands (``flows.landings``)."""
    order, turns = turns_ahead(state)
    values = dict.fromkeys(order, 0.0)
    for held in _holdings(owners, order, series):
        for seat, value in zip(order, flows.series_flows(held, turns), strict=True):
            values[seat] += value
    squares = [sq for index in series for sq in data.SERIES[index].squares]
    owned = [(sq, owners[str(sq)]) for sq in squares if owners.get(str(sq)) in values]
    fees = {sq: data.FEES[_count(owners, owner, sq) - 1] for sq, owner in owned}
    for place, seat in enumerate(order):
        ahead = flows.landings(
            state["pos"][seat],
            seat in state["prison"],
            bool(state["miss"][seat]),
            LOOKAHEAD,
            state["options"]["prison"],
        )
        for turn, chances in enumerate(ahead):
            if place + turn * len(order) >= turns:
                break
            for square, owner in owned:
                if owner != seat:
                    surprise = (chances.get(square, 0.0) - flows.LANDING) * fees[square]
                    values[seat] -= surprise
                    values[owner] += surprise
    return values


def _count(owners: Owners, owner: str, square: int) -> int:
    return sum(owners.get(str(sq)) == owner for sq in data.SERIES_OF[square].squares)


def _holdings(owners: Owners, order: list[str], series: Iterable[int]) -> list[tuple[int, ...]]:
    """For each of ``series`` (indices into ``data.SERIES``), the squares each player of
    ``order`` holds of it."""
    place = {seat: i for i, seat in enumerate(order)}
    counts = {index: [0] * len(order) for index in series}
    for square, owner in owners.items():
        held = counts.get(SERIES_INDEX[int(square)])
        if held is not None and owner in place:
            held[place[owner]] += 1
    return [tuple(held) for held in counts.values()]


SERIES_INDEX = {sq: i for i, series in enumerate(data.SERIES) for sq in series.squares}


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
    ``pays`` for ``take``: the titles and cash that change hands, and the fees to come on
    the series they belong to (third players lose what the two will charge them more)."""
    titles = data.TITLE_VALUE * (len(take) - len(give))
    after = dict(state["owners"])
    after.update({str(sq): partner for sq in give} | {str(sq): seat for sq in take})
    touched = sorted({SERIES_INDEX[sq] for sq in (*give, *take)})
    was = _fees_ahead(state, state["owners"], touched)
    now = _fees_ahead(state, after, touched)
    mine = titles - pays + now.get(seat, 0.0) - was.get(seat, 0.0)
    theirs = pays - titles + now.get(partner, 0.0) - was.get(partner, 0.0)
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
    return max(candidates(state, seat, partner), key=lambda plan: plan.mine, default=None)


def candidates(
    state: State, seat: str, partner: str | None = None, fair_only: bool = True
) -> Iterator[Exchange]:
    """The exchanges ``seat`` could propose (to ``partner``, or to anyone): one or two of
    a series it holds part of for one or two titles of other series, each at the balance
    the partner would accept by the ``easy`` rule; only fair ones unless ``fair_only`` is
    off (a benchmark measures the others too)."""
    mine_titles = titles_of(state, seat)
    for other in alive(state):
        if other == seat or (partner is not None and other != partner):
            continue
        theirs_titles = titles_of(state, other)
        if not mine_titles or not theirs_titles:
            continue
        for take in _wanted(state, seat, theirs_titles):
            taken = {SERIES_INDEX[sq] for sq in take}
            offered = [sq for sq in mine_titles if SERIES_INDEX[sq] not in taken]
            for give in _bundles(offered):
                found = _priced(state, seat, other, give, take)
                if found is not None and (not fair_only or fair(found.mine, found.theirs)):
                    yield found


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
    """The terms with the smallest balance the partner would accept, if the balance
    limits allow it."""
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
    step = data.EXCHANGE_BALANCE_STEP
    pays = max(-ask, step * (math.floor(least / step) + 1))
    if pays > add:
        return None
    mine, theirs = gains(state, seat, partner, give, take, pays)
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
