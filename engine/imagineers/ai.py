"""The AI baseline: a one-step greedy look-ahead so bot seats play sensibly.

Each candidate is tried on a copy of the state (including the follow-up choice of a
two-step decision, e.g. the tile *and* what to do with it) and the result is valued as
fame-equivalents for the AI minus a share of what opponents gain. The Performer and the
``back`` moves are never chosen; stack draws and entrances are chosen at random
(the AI cannot see what it would gain).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.core import Move, Rng, State
from engine.imagineers.data import HAPPINESS_WHEEL
from engine.imagineers.movement import Payout, drop_orders, drop_targets, payouts
from engine.imagineers.tracks import gain_fame, gain_happiness, gain_money, scores

Step = Callable[[State, str], State]
Moves = Callable[[State], list[Move]]
Judge = Callable[[State, str], float]

#: Phases that continue the same decision, so a candidate is valued after their best reply.
FOLLOW_UPS = ("action", "order")
#: Phases of moving guests: choosing the group, then its drop order.
MOVEMENT = ("move", "order")
SKIPPED = ("back", "staff:performer")
FAME_WEIGHT = 4.0
OPPONENT_SHARE = 0.3


def worths(state: State, fames: dict[str, int] | None = None) -> dict[str, float]:
    """Each seat's fame (its score, unless ``fames`` gives it), partial happiness laps and
    money, in one number."""
    values: dict[str, float] = {}
    for seat, fame in (scores(state) if fames is None else fames).items():
        player = state["players"][seat]
        laps = int(player["happiness"]) / HAPPINESS_WHEEL
        values[seat] = FAME_WEIGHT * (fame + laps) + float(player["money"])
    return values


def value(state: State, seat: str) -> float:
    return ahead(worths(state), seat)


def ahead(values: dict[str, float], seat: str) -> float:
    """``seat``'s value less a share of the average rival's."""
    others = [v for s, v in values.items() if s != seat]
    return values[seat] - OPPONENT_SHARE * sum(others) / max(1, len(others))


def candidates(moves: list[Move]) -> list[str]:
    return [m.code for m in moves if m.code not in SKIPPED]


def outlook(
    state: State, seat: str, code: str, step: Step, moves: Moves, judge: Judge = value
) -> float:
    """The value after ``code`` and, for a two-step decision, its best follow-up, by
    ``judge`` (the search ranks moves by its own estimate)."""
    after = step(state, code)
    if after["phase"] in FOLLOW_UPS:
        return max(judge(step(after, c), seat) for c in candidates(moves(after)))
    return judge(after, seat)


def paid_out(state: State, rides: Iterable[tuple[Payout, ...]]) -> State:
    """The players' tracks after the payouts of a group's rides (``movement.payouts`` of
    each guest where it is dropped), on copies of only the tracks that change: rides
    change nothing else that a value reads. Each seat's rewards are added up and paid at
    once, which gives the same tracks (the money cap and the happiness wheel do not care
    how a sum is split). The look-ahead tries every group in every order; moving the
    guests for real each time was most of its cost."""
    totals: dict[str, list[int]] = {}
    for paid in rides:
        for who, money, happiness, fame in paid:
            total = totals.setdefault(who, [0, 0, 0])
            total[0] += money
            total[1] += happiness
            total[2] += fame
    players = dict(state["players"])
    after: State = {"players": players, "stamp": 0}
    for who, (money, happiness, fame) in totals.items():
        players[who] = dict(players[who])
        gain_money(after, who, money)
        gain_happiness(after, who, happiness)
        gain_fame(after, who, fame)
    return after


def movement_outlooks(state: State, seat: str, codes: list[str]) -> list[float]:
    """:func:`outlook` of each group to move (at its best drop order) or drop order.

    Moving guests changes only the tracks, so the fame of the park's attractions and of
    the coaster slots showing is counted once for all the candidates, and what a guest
    of each colour earns on each space is worked out once."""
    fixed = {s: total - int(state["players"][s]["fame"]) for s, total in scores(state).items()}
    earnings: dict[tuple[int, str], tuple[Payout, ...]] = {}

    def earned(space: int, colour: str) -> tuple[Payout, ...]:
        paid = earnings.get((space, colour))
        if paid is None:
            paid = earnings[space, colour] = payouts(state, seat, space, colour).paid
        return paid

    def judge(after: State) -> float:
        fames = {s: int(after["players"][s]["fame"]) + fixed[s] for s in state["seats"]}
        return ahead(worths(after, fames), seat)

    def best(code: str) -> float:
        verb, _, arg = code.partition(":")
        if verb == "move":
            path = int(arg) - 1
            orders = drop_orders(state["paths"][path])
        else:
            path, orders = int(state["pending"]["path"]), [arg]
        targets = drop_targets(state, path, len(orders[0]))
        return max(judge(paid_out(state, map(earned, targets, order))) for order in orders)

    return [best(code) for code in codes]


def choose(state: State, seat: str, legal: list[Move], rng: Rng, step: Step, moves: Moves) -> str:
    """A legal code for ``seat``: greedy where outcomes are visible, random elsewhere."""
    codes = candidates(legal)
    if state["phase"] not in ("tile", "action", *MOVEMENT) or not codes:
        return rng.choice(codes or [m.code for m in legal])
    if state["phase"] in MOVEMENT:
        scored = list(zip(movement_outlooks(state, seat, codes), codes, strict=True))
    else:
        scored = [(outlook(state, seat, code, step, moves), code) for code in codes]
    best = max(v for v, _ in scored)
    return rng.choice([code for v, code in scored if v == best])
