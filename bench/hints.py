"""The coach: how long a hint takes, what a review costs, and how strong it is
to follow the coach.

- Latency: CPU time of one hint at the default budget (``engine.coach.coach_budget``) for
  every ``--every``-th decision with a choice in games played by ``easy`` robots, per game
  at its smallest and largest table: p50/p99 (goal: p99 at most 2 s). CPU seconds of this
  process (``time.process_time``), so other load on the machine does not inflate them.
- Review: CPU time of one review of a whole game at the default budget.
- Strength: one seat always plays the coach's first choice, every other seat is ``easy``,
  at the smallest table; the coached seat moves round the table from game to game and
  game ``k`` uses seed ``k``. Win rate with its 95% Wilson interval, as in the robot
  tournament (``bench.tournament``), and the fair share. Few games: the interval is wide.

Nothing is asserted: these are measurements.

    .venv/bin/python -m bench.hints --seeds 1 --games 4
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from bench.decision_time import decisions
from bench.stats import percentile
from bench.tournament import wilson
from engine import GAMES, Game, Rng, get_game
from engine.ai import playbook_of
from engine.coach import REVIEW_BUDGET, coach_budget, hints, review


def latency(game: Game, players: int, seeds: int, every: int) -> list[float]:
    """Milliseconds of CPU per hint, over real mid-game states."""
    samples = []
    for seed in range(seeds):
        for n, (state, seat) in enumerate(decisions(game, players, seed, every)):
            started = time.process_time()
            hints(game, state, seat, Rng(n + 1))
            samples.append((time.process_time() - started) * 1000)
    return samples


def review_time(game: Game, players: int, seed: int) -> tuple[float, int]:
    """CPU seconds of one review of a whole game played by ``easy`` robots, and the
    decisions it had to weigh."""
    seats = [f"p{i}" for i in range(players)]
    state = game.setup(seats, seed)
    rng = Rng.from_seed(seed)
    moves = []
    while game.outcome(state) is None:
        seat = game.waiting_for(state)[0]
        code = game.ai_move(state, seat, rng, "easy")
        moves.append((seat, code))
        state, _ = game.play(state, seat, code)
    started = time.process_time()
    done = review(game, seats, seed, None, moves, seats[0])
    return time.process_time() - started, done.decisions


def coached_game(job: tuple[str, int, int]) -> float:
    """One game with one coached seat against ``easy``: the coached seat's share of the
    win (a shared first place is split)."""
    slug, players, number = job
    game = get_game(slug)
    seats = [f"s{i}" for i in range(players)]
    coached = seats[number % players]
    state = game.setup(seats, seed=number)
    rng = Rng.from_seed(1_000_003 * number + 23)
    while game.outcome(state) is None:
        seat = game.waiting_for(state)[0]
        if seat == coached:
            code = hints(game, state, seat, Rng(rng.next_u64()))[0].code
        else:
            code = game.ai_move(state, seat, rng, "easy")
        state, _ = game.play(state, seat, code)
    outcome = game.outcome(state)
    assert outcome is not None
    winners = outcome.winners
    return 1.0 / len(winners) if coached in winners else 0.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="the coach: hint latency, review cost, strength")
    parser.add_argument("--seeds", type=int, default=1, help="games timed per table (default 1)")
    parser.add_argument("--every", type=int, default=3, help="time every n-th decision")
    parser.add_argument("--games", type=int, default=4, help="coached games per game (default 4)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the coached games")
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games")
    args = parser.parse_args(argv)
    slugs = args.game or list(GAMES)
    print("== coach: CPU time of one hint (real mid-game states; goal p99 <= 2000 ms) ==")
    for slug in slugs:
        game = get_game(slug)
        book = playbook_of(game)
        for players in sorted({game.min_players, game.max_players}):
            samples = latency(game, players, args.seeds, args.every)
            print(
                f"{slug:14} {players}p ({coach_budget(book, players):4d} it)  "
                f"p50 {percentile(samples, 50):7.1f} ms  p99 {percentile(samples, 99):7.1f} ms"
                f"  max {max(samples):7.1f} ms  n={len(samples)}",
                flush=True,
            )
    print(f"== coach: CPU time of one review of a whole game (budget {REVIEW_BUDGET} playouts) ==")
    for slug in slugs:
        game = get_game(slug)
        seconds, weighed = review_time(game, game.min_players, seed=0)
        print(f"{slug:14} {game.min_players}p  {seconds:6.1f} s  decisions={weighed}", flush=True)
    if args.games <= 0:
        return
    print("== coach: one seat following the coach's first choice against easy robots ==")
    for slug in slugs:
        players = max(2, get_game(slug).min_players)
        jobs = [(slug, players, number) for number in range(args.games)]
        started = time.perf_counter()
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            wins = sum(pool.map(coached_game, jobs))
        low, high = wilson(wins, len(jobs))
        print(
            f"{slug:14} {players}p  won {wins:4.1f}/{len(jobs)} = {wins / len(jobs):4.0%}"
            f"  95% [{low:4.0%}, {high:4.0%}]  fair share {1 / players:4.0%}"
            f"  ({time.perf_counter() - started:5.0f} s wall)",
            flush=True,
        )


if __name__ == "__main__":
    main()
