"""Engine moves per second: random complete games for every game and player count.

Each move is ``legal_moves`` for the mover plus ``play`` (which checks the code against
``legal_moves`` again and copies the state): what one move costs the bot.
"""

from __future__ import annotations

import time

from engine import GAMES, Rng, get_game


def moves_per_second(slug: str, players: int, games: int = 20) -> tuple[float, int]:
    """(moves/s including legal_moves, total moves) over ``games`` random games."""
    game = get_game(slug)
    total = 0
    started = time.perf_counter()
    for seed in range(games):
        state = game.setup([f"p{i}" for i in range(players)], seed=seed)
        rng = Rng.from_seed(seed)
        while game.outcome(state) is None:
            seat = rng.choice(game.to_move(state))
            code = rng.choice(game.legal_moves(state, seat)).code
            state, _ = game.play(state, seat, code)
            total += 1
    elapsed = time.perf_counter() - started
    return total / elapsed, total


def main() -> None:
    print("== engine: moves/s (random games; each move = legal_moves + play) ==")
    for slug in GAMES:
        game = get_game(slug)
        for players in range(game.min_players, game.max_players + 1):
            rate, total = moves_per_second(slug, players)
            print(f"{slug:14} {players}p  {rate:10,.0f} moves/s  ({total} moves)")


if __name__ == "__main__":
    main()
