"""Imagineers score scale: AI games per player count, the spread of final scores and parts.

The rulebook's final example scores 27 (fame track) + 11 (attractions) − 3 (empty coaster
slots) = 35; this prints where AI games land on that scale, so a change to the
reconstructed tiles, boards or events can be judged by numbers (issue 10). Nothing here is
asserted.

    .venv/bin/python -m bench.imagineers_balance            # 300 games per player count
    .venv/bin/python -m bench.imagineers_balance 1000       # more games

Seeds are 0..games-1 for each player count, the two board sides alternating, so a run is
reproducible exactly.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from statistics import fmean, median

from bench.stats import percentile
from engine.core import Rng, State
from engine.imagineers import GAME
from engine.imagineers.tracks import attraction_fame, markers_left, showing_penalty

SIDES = ("day", "night")


def play_one(players: int, seed: int) -> State:
    """One complete game of AI seats (the engine's ``ai_move``)."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = GAME.setup(seats, seed=seed, options={"side": SIDES[seed % 2]})
    rng = Rng.from_seed(seed * 31 + players)
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
    return state


def measures(state: State) -> dict[str, list[float]]:
    """Per-seat numbers of one finished game (and the winner's score once)."""
    out: dict[str, list[float]] = defaultdict(list)
    scores = GAME.scores(state)
    for seat, player in state["players"].items():
        out["final score"].append(scores[seat])
        out["  fame track"].append(player["fame"])
        out["  attractions' fame"].append(attraction_fame(state, seat))
        out["  empty coaster slots"].append(showing_penalty(state, seat))
        out["attractions owned"].append(
            sum(1 for b in state["built"] if b is not None and b[1] == seat)
        )
        out["ownership markers left"].append(markers_left(state, seat))
        out["coaster upgrades"].append(sum(t is not None for t in player["upgrades"]))
        out["money left"].append(player["money"])
    out["winner's score"].append(max(scores.values()))
    out["rounds"].append(state["round"])
    return out


def report(players: int, games: int) -> None:
    totals: dict[str, list[float]] = defaultdict(list)
    for seed in range(games):
        for name, values in measures(play_one(players, seed)).items():
            totals[name].extend(values)
    print(f"\n== Imagineers, {players} players, {games} AI games ==")
    print(f"{'':30} {'mean':>6} {'median':>6} {'p10':>5} {'p90':>5} {'max':>5} {'min':>5}")
    for name, values in totals.items():
        print(
            f"{name:30} {fmean(values):6.1f} {median(values):6.1f} "
            f"{percentile(values, 10):5.0f} {percentile(values, 90):5.0f} "
            f"{max(values):5.0f} {min(values):5.0f}"
        )


def main(games: int = 300) -> None:
    print("Rulebook's final example: 27 fame track + 11 attractions - 3 = 35")
    for players in (2, 3, 4):
        report(players, games)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
