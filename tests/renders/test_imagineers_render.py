"""Imagineers pictures: real mid-game and final states, format, size, no secrets."""

from __future__ import annotations

import json
from typing import Any

import pytest
from PIL import Image

from engine.core import Rng
from engine.imagineers import GAME
from engine.imagineers.views import ImagineersView
from renders import ENGLISH, imagineers
from tests.renders.images import check_png

NAMES = {"p1": "Alice", "p2": "Bartholomew the Bold", "p3": "Chris", "p4": "Ken"}


def states(players: int, side: str, seed: int = 4) -> list[dict[str, Any]]:
    """Every state of one AI game."""
    state = GAME.setup([f"p{i}" for i in range(1, players + 1)], seed, {"side": side})
    rng = Rng.from_seed(seed)
    seen = [state]
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
        seen.append(state)
    return seen


def view(state: dict[str, Any], viewer: str | None = None) -> ImagineersView:
    result = GAME.view(state, viewer)
    result["names"] = NAMES
    return result


def image(png: bytes, seats: int | None = None) -> Image.Image:
    return check_png(png, None if seats is None else imagineers.height(seats))


@pytest.mark.parametrize("side", ["day", "night"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_renders_mid_game_and_final_states(players: int, side: str) -> None:
    seen = states(players, side)
    middle = next(s for s in seen[len(seen) // 2 :] if s["phase"] == "take")
    first = image(imagineers.board(view(middle), lang=ENGLISH), players)
    final = image(imagineers.board(view(seen[-1]), lang=ENGLISH), players)
    assert first.tobytes() != final.tobytes()


def test_last_move_is_highlighted() -> None:
    """The spaces named in the last move's events get a highlight frame."""
    middle = next(s for s in states(3, "day")[40:] if s["phase"] == "take")
    plain = view(middle)
    plain["last"] = []
    assert imagineers.board(view(middle), lang=ENGLISH) != imagineers.board(plain, lang=ENGLISH)


def test_hand_shows_the_viewers_tiles() -> None:
    seen = states(2, "day")
    middle = next(s for s in seen[30:] if s["phase"] == "tile")
    seat = GAME.to_move(middle)[0]
    png = imagineers.hand(view(middle, seat), lang=ENGLISH)
    image(png)
    other = next(s for s in middle["seats"] if s != seat)
    assert png != imagineers.hand(view(middle, other), lang=ENGLISH)


def test_public_board_does_not_depend_on_hidden_information() -> None:
    """Hands, deck order and the stacks below their tops never change the public image."""
    middle = next(s for s in states(4, "night")[60:] if s["phase"] == "tile")
    secret = json.loads(json.dumps(middle))
    secret["players"]["p1"]["hand"], secret["players"]["p2"]["hand"] = (
        middle["players"]["p2"]["hand"],
        middle["players"]["p1"]["hand"],
    )
    secret["event_deck"].reverse()
    secret["movement_deck"].reverse()
    secret["stacks"]["coaster"][:-1] = secret["stacks"]["coaster"][-2::-1]
    assert secret != middle
    assert imagineers.board(view(middle), lang=ENGLISH) == imagineers.board(
        view(secret), lang=ENGLISH
    )


def test_setup_state_renders_before_any_tile_is_dealt() -> None:
    state = GAME.setup(["p1", "p2"], 1)
    image(imagineers.board(view(state), lang=ENGLISH))
    image(imagineers.hand(view(state, "p1"), lang=ENGLISH))
