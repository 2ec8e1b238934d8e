"""How much a Disneyland player's choices can matter against the ``easy`` robot.

Three measurements, printed and never asserted:

- ``headstart``: ``easy`` against ``easy`` with one seat (rotated) given extra francs at
  the start: how big an edge a win rate needs, in money.
- ``choices``: ``easy`` with one kind of decision changed (always rent, never or always
  pay out of Prison) against ``easy``: what the decisions other than exchanges are worth.
- ``exchanges``: positions of ``easy`` games; every exchange the robots could propose
  there that the ``easy`` rule accepts is played out ``--playouts`` times against not
  exchanging, with the same dice both ways. Prints how far each estimate (the robots'
  fee-flow model ``valuation``, and the fees-charged-today rule ``easy`` judges by) lies
  from the measured change in the seats' difference, and the best measured exchanges.

    .venv/bin/python -m bench.disneyland_value headstart --games 600
    .venv/bin/python -m bench.disneyland_value exchanges --positions 6 --playouts 100
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Callable, Sequence

from bench.tournament import wilson
from engine import Rng, State, get_game
from engine.disneyland import ai, sampling, valuation

GAME = get_game("disneyland")
Policy = Callable[[State, str, Rng], str]


def easy(state: State, seat: str, rng: Rng) -> str:
    return GAME.heuristic_move(state, seat, rng)


def renter(state: State, seat: str, rng: Rng) -> str:
    if state["phase"] == "rent":
        return "rent" if any(m.code == "rent" for m in GAME.legal_moves(state, seat)) else "decline"
    return easy(state, seat, rng)


def prisoner(pays: bool) -> Policy:
    def policy(state: State, seat: str, rng: Rng) -> str:
        codes = {m.code for m in GAME.legal_moves(state, seat)}
        if state["phase"] == "start" and "prison:pay" in codes:
            return "prison:pay" if pays else "roll"
        return renter(state, seat, rng)

    return policy


def finish(state: State, rng: Rng, strong: str = "", policy: Policy = easy) -> State:
    """Play ``state`` to its end in place: ``strong`` by ``policy``, the rest by ``easy``."""
    while GAME.outcome(state) is None:
        seat = GAME.waiting_for(state)[0]
        moves = GAME.legal_moves(state, seat)
        code = (
            moves[0].code
            if len(moves) == 1
            else (policy if seat == strong else easy)(state, seat, rng)
        )
        GAME.apply(state, seat, code)
    return state


def share(state: State, seat: str) -> float:
    outcome = GAME.outcome(state)
    assert outcome is not None
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


def win_rate(games: int, players: int, policy: Policy = easy, bonus: int = 0) -> str:
    wins = 0.0
    for k in range(games):
        seats = [f"s{i}" for i in range(players)]
        strong = seats[k % players]
        state = GAME.setup(seats, seed=k)
        state["money"][strong] += bonus
        wins += share(finish(state, Rng.from_seed(7919 * k + 3), strong, policy), strong)
    low, high = wilson(wins, games)
    return f"{wins / games:5.1%} [{low:5.1%}, {high:5.1%}] n={games}"


def headstart(games: int, players: int) -> None:
    print(f"== disneyland {players}p: easy with a head start against easy ==")
    for bonus in (0, 250, 500, 1000, 1500):
        print(f"  +{bonus:5d} francs: wins {win_rate(games, players, bonus=bonus)}", flush=True)


def choices(games: int, players: int) -> None:
    print(f"== disneyland {players}p: easy with one kind of decision changed, against easy ==")
    variants = {
        "easy itself": easy,
        "always rent": renter,
        "always rent, never pay out of Prison": prisoner(False),
        "always rent, always pay out of Prison": prisoner(True),
    }
    for name, policy in variants.items():
        print(f"  {name:40} wins {win_rate(games, players, policy)}", flush=True)


def exchanged(state: State, seat: str, plan: valuation.Exchange) -> None:
    for square in plan.give:
        state["owners"][str(square)] = plan.partner
    for square in plan.take:
        state["owners"][str(square)] = seat
    state["money"][seat] -= plan.pays
    state["money"][plan.partner] += plan.pays


def measured(
    state: State, seat: str, plan: valuation.Exchange | None, playouts: int
) -> tuple[float, float]:
    """(mean final difference ``seat`` minus the other seat, win share) over playouts of a
    two-player ``state`` after ``plan``, each playout's dice fixed by its number."""
    known = sampling.knowledge(state, seat)
    other = next(s for s in state["seats"] if s != seat)
    lead = wins = 0.0
    for k in range(playouts):
        rng = Rng(1_000_003 * k + 7)
        sample = sampling.sample(known, seat, rng)
        if plan is not None:
            exchanged(sample, seat, plan)
        finish(sample, rng)
        scores = GAME.scores(sample)
        lead += scores[seat] - scores[other]
        wins += share(sample, seat)
    return lead / playouts, wins / playouts


def position(seed: int, round_: int) -> State | None:
    """The first seat's turn, before rolling, in round ``round_`` of an ``easy`` game."""
    state = GAME.setup(["a", "b"], seed=seed)
    rng = Rng.from_seed(seed)
    while GAME.outcome(state) is None:
        seat = GAME.waiting_for(state)[0]
        if state["round"] >= round_ and state["phase"] == "start" and seat == "a":
            return state
        moves = GAME.legal_moves(state, seat)
        GAME.apply(state, seat, moves[0].code if len(moves) == 1 else easy(state, seat, rng))
    return None


def exchanges(positions: int, playouts: int, per_position: int) -> None:
    print(
        f"== disneyland 2p: exchanges the easy rule accepts, played out "
        f"{playouts} times each ({positions} games x 4 rounds) =="
    )
    rows: list[tuple[float, float, float, float]] = []  # flows, easy rule, measured, win
    for round_ in (5, 12, 20, 28):
        for seed in range(positions):
            state = position(seed, round_)
            if state is None:
                continue
            plans = list(valuation.candidates(state, "a", fair_only=False))
            plans = plans[:: max(1, len(plans) // per_position)][:per_position]
            if not plans:
                continue
            base_lead, base_win = measured(state, "a", None, playouts)
            for plan in plans:
                lead, win = measured(state, "a", plan, playouts)
                offer = {"from": "a", "with": "b", "by": "a", "money": plan.pays}
                offer.update(give=list(plan.give), take=list(plan.take))
                easy_a, easy_b = ai.exchange_gain(dict(state, trade=offer), "a")
                rows.append(
                    (plan.mine - plan.theirs, easy_a - easy_b, lead - base_lead, win - base_win)
                )
            print(f"  round {round_:2d} game {seed}: {len(plans)} exchanges measured", flush=True)
    if len(rows) < 3:
        print("  too few exchanges to compare")
        return
    truth = [row[2] for row in rows]
    for name, column in (("fee-flow model (valuation)", 0), ("the easy rule's judgement", 1)):
        guess = [row[column] for row in rows]
        fit = statistics.correlation(guess, truth)
        error = statistics.median(abs(g - t) for g, t in zip(guess, truth, strict=True))
        print(f"  {name:28} correlation with the measured change {fit:+.2f}", end="")
        print(f", median error {error:4.0f} francs" if column == 0 else "")
    best = ", ".join(f"{row[3]:+.3f}" for row in sorted(rows, key=lambda row: -row[3])[:5])
    print(
        f"  {len(rows)} exchanges: the measured change in win chance has median "
        f"{statistics.median(row[3] for row in rows):+.3f}; the best five {best}"
        f" (each ±{1.96 * math.sqrt(0.5 / playouts):.3f} at 95%)"
    )
    fair = [row for row in rows if row[0] >= 2 * valuation.MIN_GAIN]
    print(
        f"  {len(fair)} of them the fee-flow model calls fair for the proposer; their measured "
        f"change in win chance: "
        + (f"median {statistics.median(r[3] for r in fair):+.3f}" if fair else "none")
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="*", default=["headstart", "choices", "exchanges"])
    parser.add_argument("--games", type=int, default=600, help="games per line")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=6, help="games per round sampled")
    parser.add_argument("--playouts", type=int, default=100, help="playouts per exchange")
    parser.add_argument("--per-position", type=int, default=4, help="exchanges per position")
    args = parser.parse_args(argv)
    if "headstart" in args.what:
        headstart(args.games, args.players)
    if "choices" in args.what:
        choices(args.games, args.players)
    if "exchanges" in args.what:
        exchanges(args.positions, args.playouts, args.per_position)


if __name__ == "__main__":
    main()
