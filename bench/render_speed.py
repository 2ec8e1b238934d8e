"""Board render time and PNG size for mid-game states of every game.

Wall time is what a player waits; CPU time (this process only) is steadier on a shared
machine, so both are printed. Views carry display names, as the bot's do.
"""

from __future__ import annotations

import time

import renders
from bench.stats import summary
from engine import GAMES, Rng, get_game

NAMES = ("Alice", "Zoë 🎢", "花子", "Дима", "Ελένη", "Bartholomew")


def midgame_views(slug: str, count: int = 30) -> list[dict[str, object]]:
    """Public views of states sampled along a few AI-vs-AI games."""
    game = get_game(slug)
    views: list[dict[str, object]] = []
    seed = 0
    while len(views) < count:
        state = game.setup([f"p{i}" for i in range(game.max_players)], seed=seed)
        rng = Rng.from_seed(seed)
        step = 0
        while game.outcome(state) is None and len(views) < count:
            seat = rng.choice(game.to_move(state))
            state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
            step += 1
            if step % 7 == 0:
                view = game.view(state, None)
                view["names"] = {seat: NAMES[i] for i, seat in enumerate(view["seats"])}
                views.append(view)
        seed += 1
    return views


def main() -> None:
    print("== renders: board PNG time and size ==")
    for slug in GAMES:
        views = midgame_views(slug)
        times: list[float] = []
        cpu: list[float] = []
        sizes: list[int] = []
        for view in views:
            started, started_cpu = time.perf_counter(), time.process_time()
            png = renders.board(slug, dict(view))
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
            sizes.append(len(png))
        print(f"{slug:14} wall {summary(times)}  max {max(sizes) / 1024:.0f} KiB")
        print(f"{'':14} cpu  {summary(cpu)}")


if __name__ == "__main__":
    main()
