"""Alan's Adventureland images: real mid-game and final states, format, size, privacy."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine import Rng, get_game
from renders import adventureland

GAME = get_game("adventureland")
NAMES = {"p1": "Alice", "p2": "Bartholomew Longname", "p3": "Chen", "p4": "Dana"}


def played(players: int, variant: str, moves: int | None, seed: int = 5) -> dict[str, Any]:
    """A real state: the seeded AI plays ``moves`` moves (``None``: to the end)."""
    state = GAME.setup([f"p{i}" for i in range(1, players + 1)], seed, {"variant": variant})
    rng = Rng.from_seed(seed)
    count = 0
    while GAME.outcome(state) is None and (moves is None or count < moves):
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
        count += 1
    return state


def named(view: dict[str, Any]) -> dict[str, Any]:
    view["names"] = {s: NAMES[s] for s in view["seats"]}
    return view


def check_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= 300_000
    image = Image.open(io.BytesIO(data))
    width, height = image.size
    assert 1200 <= width <= 1600 and height <= 1600 and width > height
    return image


CASES = [
    (3, "bonus-cards", 60),
    (4, "bonus-cards", 130),
    (3, "layout-bonus", 95),
    (4, "layout-bonus", 200),
    (3, "bonus-cards", None),
    (4, "layout-bonus", None),
]


@pytest.mark.parametrize(("players", "variant", "moves"), CASES)
def test_board_and_hand_render_real_states(players: int, variant: str, moves: int | None) -> None:
    """Mid-game and final tables of every size and variant are landscape PNGs ≤ 300 KB."""
    state = played(players, variant, moves)
    board = check_png(adventureland.board(named(GAME.view(state, None))))
    width, height = board.size
    assert abs(width / height - 1.6) < 0.05
    check_png(adventureland.hand(named(GAME.view(state, "p2"))))


def test_public_image_carries_no_secret() -> None:
    """Two states that differ only in hands, Bonus cards and deck order draw the same."""
    state = played(4, "bonus-cards", 70)
    other = dict(state)
    other["hands"] = {s: ["loop"] * len(h) for s, h in state["hands"].items()}
    hidden = state["bonus_hands"]
    other["bonus_hands"] = dict(hidden, p1=hidden["p2"], p2=hidden["p1"])
    other["deck"] = list(reversed(state["deck"]))
    first = adventureland.board(named(GAME.view(state, None)))
    assert adventureland.board(named(GAME.view(other, None))) == first
    assert adventureland.hand(named(GAME.view(other, "p1"))) != adventureland.hand(
        named(GAME.view(state, "p1"))
    )


def test_last_move_is_highlighted() -> None:
    """The tile the last move placed is outlined: the image changes with ``touched``."""
    state = played(3, "bonus-cards", 40)
    while state["touched"] is None or "square" not in state["touched"]:
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.legal_moves(state, seat)[0].code)
    view = named(GAME.view(state, None))
    plain = dict(view, touched=None)
    assert adventureland.board(view) != adventureland.board(plain)
