"""Imagineers score scale: AI games per player count, the spread of final scores and parts.

The rulebook's final example scores 27 (fame track) + 11 (attractions) − 3 (empty coaster
slots) = 35; this prints where AI games land on that scale, so a change to the
reconstructed tiles, boards or events can be judged by numbers. Nothing here is
asserted.

    .venv/bin/python -m bench.imagineers_balance            # 300 games per player count
    .venv/bin/python -m bench.imagineers_balance 1000       # more games
    .venv/bin/python -m bench.imagineers_balance 100 free   # the lobby option upgrades: free
    .venv/bin/python -m bench.imagineers_balance 100 both planner

Seeds are 0..games-1 for each player count, the two board sides alternating, so a run is
reproducible exactly. The second argument is the ``upgrades`` option (RULES.md decision
12: is laying a coaster track over an upgrade paid or free?), ``paid`` by default, or
``both``. The third is who plays: ``ai`` (the engine's ``easy`` robot, by default), or
``planner``: the same one-step look-ahead judged by the search robots' estimate, which
counts what a coaster's tracks will earn over the rides to come (the greedy robot does
not, so it almost never lays a track over another; people would).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from statistics import fmean, median

from bench.stats import percentile
from engine.core import Rng, State
from engine.imagineers import GAME
from engine.imagineers.playbook import prior
from engine.imagineers.tracks import attraction_fame, markers_left, showing_penalty

SIDES = ("day", "night")


def planner(state: State, seat: str, rng: Rng) -> str:
    """Choosing and playing a tile by the search's estimate (``playbook.prior``); every
    other decision as the ``easy`` robot makes it."""
    if state["phase"] not in ("tile", "action"):
        return GAME.ai_move(state, seat, rng, "easy")
    moves = GAME.legal_moves(state, seat)
    scores = prior(GAME, state, seat, moves)
    return moves[max(range(len(moves)), key=scores.__getitem__)].code


def easy(state: State, seat: str, rng: Rng) -> str:
    return GAME.ai_move(state, seat, rng, "easy")


POLICIES = {"ai": easy, "planner": planner}


def play_one(
    players: int, seed: int, upgrades: str = "paid", policy: str = "ai"
) -> tuple[State, int]:
    """One complete game of AI seats, and how many times a coaster track was laid over an
    upgrade."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    options = {"side": SIDES[seed % 2], "upgrades": upgrades}
    state = GAME.setup(seats, seed=seed, options=options)
    rng = Rng.from_seed(seed * 31 + players)
    replaced = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        state, events = GAME.play(state, seat, POLICIES[policy](state, seat, rng))
        replaced += any("to coaster slot" in e and ", replacing " in e for e in events)
    return state, replaced


def measures(state: State, replaced: int) -> dict[str, list[float]]:
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
    out["upgrades replaced / game"].append(replaced)
    return out


def report(players: int, games: int, upgrades: str, policy: str) -> None:
    totals: dict[str, list[float]] = defaultdict(list)
    for seed in range(games):
        for name, values in measures(*play_one(players, seed, upgrades, policy)).items():
            totals[name].extend(values)
    print(f"\n== Imagineers, {players} players, {games} {policy} games, upgrades: {upgrades} ==")
    print(f"{'':30} {'mean':>6} {'median':>6} {'p10':>5} {'p90':>5} {'max':>5} {'min':>5}")
    for name, values in totals.items():
        print(
            f"{name:30} {fmean(values):6.1f} {median(values):6.1f} "
            f"{percentile(values, 10):5.0f} {percentile(values, 90):5.0f} "
            f"{max(values):5.0f} {min(values):5.0f}"
        )


def main(games: int = 300, upgrades: str = "paid", policy: str = "ai") -> None:
    print("Rulebook's final example: 27 fame track + 11 attractions - 3 = 35")
    for reading in ("paid", "free") if upgrades == "both" else (upgrades,):
        for players in (2, 3, 4):
            report(players, games, reading, policy)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300, *sys.argv[2:4])
