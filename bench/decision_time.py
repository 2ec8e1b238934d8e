"""How long a robot takes to decide: p50/p99 per game, table size and level.

The states are real ones: every decision with a choice (more than one legal move) in
games played by ``easy`` robots. Times are CPU seconds of this process
(``time.process_time``), i.e. one core's work, so other load on the machine does not
inflate them; the goal is p99 at most 1 s for every level. Budgets are iteration counts,
so these times only say what the counts cost on this machine.

    .venv/bin/python -m bench.decision_time --seeds 3
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator, Sequence

from bench.stats import percentile
from engine import GAMES, Game, Rng, get_game
from engine.ai import playbook_of
from engine.core import State


def decisions(game: Game, players: int, seed: int, every: int) -> Iterator[tuple[State, str]]:
    """Every ``every``-th state where the seat to move has a real choice."""
    state = game.setup([f"p{i}" for i in range(players)], seed)
    rng = Rng.from_seed(seed)
    count = 0
    while game.outcome(state) is None:
        seat = game.waiting_for(state)[0]
        if len(game.legal_moves(state, seat)) > 1:
            if count % every == 0:
                yield state, seat
            count += 1
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))


def measure(slug: str, players: int, level: str, seeds: int, every: int) -> list[float]:
    game = get_game(slug)
    samples = []
    for seed in range(seeds):
        for n, (state, seat) in enumerate(decisions(game, players, seed, every)):
            started = time.process_time()
            game.ai_move(state, seat, Rng(n), level)
            samples.append((time.process_time() - started) * 1000)
    return samples


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="robot decision time per game and level")
    parser.add_argument("--seeds", type=int, default=2, help="games per table size (default 2)")
    parser.add_argument("--every", type=int, default=3, help="time every n-th decision")
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games")
    args = parser.parse_args(argv)
    print("== robots: CPU time of one decision (real mid-game states; goal p99 <= 1000 ms) ==")
    for slug in args.game or GAMES:
        game = get_game(slug)
        book = playbook_of(game)
        for players in sorted({game.min_players, game.max_players}):
            for level in game.ai_levels:
                samples = measure(slug, players, level, args.seeds, args.every)
                searched = level in book.iterations
                iterations = f"{book.budget(level, players):4d} it" if searched else "heuristic"
                print(
                    f"{slug:14} {players}p {level:6} ({iterations:>9})  "
                    f"p50 {percentile(samples, 50):7.1f} ms  p99 {percentile(samples, 99):7.1f} ms"
                    f"  max {max(samples):7.1f} ms  n={len(samples)}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
