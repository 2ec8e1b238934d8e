"""Trool Park balance, measured over AI games (numbers printed, never asserted).

- the starting-position edge: how often the player who starts at the bottom of the Fun
  Slide (position 1) wins, and how often each seat wins, for each lobby ``slide`` value;
- the Booth supply: Booths due but not given (reserve or type exhausted), Booths given of
  another type because the due type had run out, and how full the reserve runs.

Run: ``.venv/bin/python -m bench.troolpark_balance [--games 150] [--players 2 3 4]``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

from engine.core import Rng, State
from engine.troolpark import GAME


@dataclass
class Tally:
    """What a batch of games showed."""

    games: int = 0
    wins_by_position: Counter[int] = field(default_factory=Counter)
    wins_by_seat: Counter[str] = field(default_factory=Counter)
    no_booth: int = 0
    other_type: int = 0
    reserve_left: list[int] = field(default_factory=list)
    visitors: list[int] = field(default_factory=list)


def play_ai_game(players: int, seed: int, options: dict[str, str]) -> tuple[State, list[str]]:
    """One game where every seat is the AI; the starting slide is in ``state["start"]``."""
    state = GAME.setup([f"p{i}" for i in range(1, players + 1)], seed, options)
    start = list(state["slide"])
    rng = Rng.from_seed(seed * 31 + players)
    events: list[str] = []
    while not GAME.is_over(state):
        waiting = GAME.waiting_for(state)
        seat = waiting[0]
        state, new = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
        events += new
    state = dict(state, start=start)
    return state, events


def measure(players: int, games: int, options: dict[str, str]) -> Tally:
    tally = Tally()
    for seed in range(games):
        final, events = play_ai_game(players, seed, options)
        outcome = GAME.outcome(final)
        assert outcome is not None
        winner = outcome.ranking()[0]
        tally.games += 1
        tally.wins_by_position[final["start"].index(winner) + 1] += 1
        tally.wins_by_seat[winner] += 1
        tally.no_booth += sum("gets no Booth" in e for e in events)
        tally.other_type += sum("Booth is left:" in e for e in events)
        tally.reserve_left.append(len(final["booth_reserve"]))
        tally.visitors += list(final["visitors"].values())
    return tally


def report(players: int, slide: str, tally: Tally) -> None:
    n = tally.games
    positions = "  ".join(
        f"{p}:{100 * tally.wins_by_position[p] / n:5.1f}%" for p in range(1, players + 1)
    )
    seats = "  ".join(
        f"p{s}:{100 * tally.wins_by_seat[f'p{s}'] / n:5.1f}%" for s in range(1, players + 1)
    )
    empty = sum(1 for left in tally.reserve_left if left == 0)
    print(f"{players}p slide={slide:6} {n} games")
    print(f"   wins by starting slide position (1 = bottom): {positions}")
    print(f"   wins by seat:                                 {seats}")
    print(
        f"   Booths due but not given: {tally.no_booth / n:.2f}/game; given of another type: "
        f"{tally.other_type / n:.2f}/game; reserve empty at the end: {empty}/{n}; "
        f"Booths left at the end: {sum(tally.reserve_left) / n:.1f}"
    )
    print(f"   final Visitors per player: mean {sum(tally.visitors) / len(tally.visitors):.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    print(f"== Trool Park balance (AI games; default slide = {GAME.default_options['slide']}) ==")
    for players in args.players:
        for slide in ("seats", "random"):
            report(players, slide, measure(players, args.games, {"slide": slide}))


if __name__ == "__main__":
    main()
