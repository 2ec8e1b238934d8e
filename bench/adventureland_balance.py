"""Alan's Adventureland balance: what the Bonus Rounds pay, per variant and player count.

Plays complete games with the game's own robot in every seat and prints, per player count:
the final score and its parts; in the Layout Bonus variant, for every coloured set of every
themed mat how often its players complete it (at any Bonus Round, and per Bonus Round) and
the points it brings them, and each mat's average score and win share (mats go round the
seats, so every mat sits in every seat equally often); in the Bonus Card
variant, the points the Bonus cards bring. Numbers are printed, never asserted.

    .venv/bin/python -m bench.adventureland_balance [games per player count, default 400]
"""

from __future__ import annotations

import sys
from collections import defaultdict
from dataclasses import dataclass, field
from statistics import mean
from typing import Any

from engine import Rng, get_game
from engine.adventureland import data, scoring
from engine.adventureland.data import ColouredSet

GAME = get_game("adventureland")
VARIANTS = ("layout-bonus", "bonus-cards")


@dataclass
class Tally:
    """What one variant and player count produced over many games."""

    games: int = 0
    finals: list[int] = field(default_factory=list)
    parts: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    #: Bonus Round points other than excitement (Bonus cards or the Layout Bonus) per player.
    bonus_points: list[int] = field(default_factory=list)
    #: (mat, set index) -> per player with that mat: rounds the set scored.
    set_rounds: dict[tuple[str, int], list[int]] = field(default_factory=lambda: defaultdict(list))
    mat_finals: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    mat_wins: dict[str, float] = field(default_factory=lambda: defaultdict(float))


def play_one(players: int, variant: str, seed: int, tally: Tally) -> None:
    """One robot game; Bonus Round points are read off the score before and after each."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = GAME.setup(seats, seed, {"variant": variant})
    rng = Rng.from_seed(seed)
    before: dict[str, int] = {}
    bonus = dict.fromkeys(seats, 0)
    rounds: dict[str, list[bool]] = defaultdict(list)
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        was_bonus = state["phase"] == "bonus"
        state, _ = GAME.play(state, seat, _choose(state, seat, seed, rng))
        if not was_bonus and state["phase"] == "bonus":
            before = GAME.scores(state)
        elif was_bonus and state["phase"] != "bonus":
            _end_of_round(state, before, bonus, rounds)
    _record(state, bonus, rounds, tally)


def _choose(state: dict[str, Any], seat: str, seed: int, rng: Rng) -> str:
    """The robot's move, except that mats go round the seats game by game (every mat sits
    in every seat equally often), so a mat's numbers are not a seat's."""
    if state["phase"] != "mat":
        return GAME.ai_move(state, seat, rng, "easy")
    index = (seed + state["seats"].index(seat)) % len(data.THEMED_MATS)
    return f"mat:{data.THEMED_MATS[index].key}"


def _end_of_round(
    state: dict[str, Any],
    before: dict[str, int],
    bonus: dict[str, int],
    rounds: dict[str, list[bool]],
) -> None:
    """A Bonus Round just ended: each seat's non-excitement points and which sets scored."""
    after = GAME.scores(state)
    for seat in state["seats"]:
        grid = state["grids"][seat]
        final = sum(state["final"][seat].values()) if state["final"] else 0
        bonus[seat] += after[seat] - before[seat] - scoring.excitement(grid) - final
        mat = data.MAT_BY_KEY[state["mats"][seat]]
        rounds[seat].extend(scoring.set_covered(grid, s) for s in mat.sets)


def _record(
    state: dict[str, Any], bonus: dict[str, int], rounds: dict[str, list[bool]], tally: Tally
) -> None:
    outcome = GAME.outcome(state)
    assert outcome is not None
    tally.games += 1
    winners = outcome.winners
    for seat in state["seats"]:
        score = outcome.scores[seat]
        tally.finals.append(score)
        tally.bonus_points.append(bonus[seat])
        for label, points in GAME.breakdown(state)[seat]:
            tally.parts[label].append(points)
        mat = data.MAT_BY_KEY[state["mats"][seat]]
        tally.mat_finals[mat.name].append(score)
        if seat in winners:
            tally.mat_wins[mat.name] += 1 / len(winners)
        per_round = len(mat.sets)
        for index in range(per_round):
            hits = rounds[seat][index::per_round]
            tally.set_rounds[(mat.key, index)].append(sum(hits))


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def describe(coloured: ColouredSet) -> str:
    squares = " ".join(data.square_name(sq) for sq in coloured.squares)
    return f"{data.set_name(coloured):14} {squares:15} {coloured.points:2} pts"


def report(players: int, variant: str, tally: Tally) -> None:
    finals = sorted(tally.finals)
    n = len(finals)
    print(
        f"\n-- {players} players, {variant}: {tally.games} games; final score mean "
        f"{mean(finals):.1f} (p10 {finals[n // 10]}, p50 {finals[n // 2]}, "
        f"p90 {finals[9 * n // 10]}, max {finals[-1]})"
    )
    parts = ", ".join(f"{label} {mean(values):.1f}" for label, values in tally.parts.items())
    print(f"   parts (mean per player): {parts}")
    rounds = data.BONUS_ROUNDS[players]
    what = "Layout Bonus" if variant == "layout-bonus" else "Bonus cards"
    points = tally.bonus_points
    print(
        f"   {what}: {mean(points):.1f} points per player ({mean(points) / rounds:.1f} per "
        f"Bonus Round), {_pct(sum(1 for p in points if p), n)} of players score any, "
        f"{_pct(sum(points), sum(finals))} of all final points"
    )
    if variant != "layout-bonus":
        return
    print(f"   coloured sets (of the players on that mat; rounds = {rounds} Bonus Rounds):")
    for mat in data.THEMED_MATS:
        for index, coloured in enumerate(mat.sets):
            scored = tally.set_rounds[(mat.key, index)]
            if not scored:
                continue
            ever = sum(1 for r in scored if r)
            per_round = sum(scored) / (len(scored) * rounds)
            print(
                f"     {mat.name:15} {describe(coloured)}: completed by {_pct(ever, len(scored))}"
                f", scores in {_pct(per_round, 1)} of rounds, "
                f"{mean(scored) * coloured.points:4.1f} pts per player"
            )
    for mat in data.THEMED_MATS:
        scores = tally.mat_finals.get(mat.name, [])
        if scores:
            share = tally.mat_wins[mat.name] / len(scores)
            print(
                f"   {mat.name:15} mean final {mean(scores):5.1f}, wins {_pct(share, 1)} "
                f"of its games (fair share {_pct(1, players)})"
            )


def main(games: int = 400) -> None:
    print(f"== Alan's Adventureland balance: {games} robot games per variant and player count ==")
    for variant in VARIANTS:
        for players in (3, 4):
            tally = Tally()
            for seed in range(games):
                play_one(players, variant, seed, tally)
            report(players, variant, tally)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
