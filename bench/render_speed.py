"""Board render time and PNG size for mid-game states of every game."""

from __future__ import annotations

import time

import renders
from bench.stats import summary
from engine import GAMES, Rng, get_game


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
                views.append(game.view(state, None))
        seed += 1
    return views


def main() -> None:
    print("== renders: board PNG time and size ==")
    for slug in GAMES:
        views = midgame_views(slug)
        times: list[float] = []
        sizes: list[int] = []
        for view in views:
            started = time.perf_counter()
            png = renders.board(slug, dict(view))
            times.append((time.perf_counter() - started) * 1000)
            sizes.append(len(png))
        print(f"{slug:14} {summary(times)}  max {max(sizes) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
