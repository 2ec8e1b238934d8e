"""Disneyland images: real mid-game and final states, PNG limits, no hidden information."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine import Rng, get_game
from renders import disneyland, theme

GAME = get_game("disneyland")
NAMES = {"u0": "Alice", "u1": "Bertrand", "u2": "Chloé", "u3": "Dmitri", "u4": "Esmeralda"}


def _ai_game(players: int, seed: int, moves: int, length: str = "none") -> dict[str, Any]:
    state = GAME.setup([f"u{i}" for i in range(players)], seed, {"length": length})
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        if GAME.is_over(state):
            break
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
    return state


def _with_offer(state: dict[str, Any]) -> dict[str, Any]:
    """The same game with the player to move offering a swap of titles."""
    seat = GAME.to_move(state)[0]
    opening = next(m.code for m in GAME.legal_moves(state, seat) if m.code.startswith("trade:w"))
    state, _ = GAME.play(state, seat, opening)
    first_title = next(m.code for m in GAME.legal_moves(state, seat) if "give" in m.code)
    state, _ = GAME.play(state, seat, first_title)
    state, _ = GAME.play(state, seat, "trade:money:+100")
    state, _ = GAME.play(state, seat, "trade:propose")
    return state


def _public(state: dict[str, Any]) -> dict[str, Any]:
    view = GAME.view(state, None)
    view["names"] = NAMES
    return view


def _image(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= 300_000
    image = Image.open(io.BytesIO(data))
    assert max(image.size) <= 1600 and image.width > image.height
    return image


def _states() -> list[dict[str, Any]]:
    mid = _ai_game(5, 3, 120)
    return [
        GAME.setup(list(NAMES), 1),  # five pawns on Start
        mid,
        _with_offer(_ai_game(3, 5, 40)),
        _ai_game(3, 4, 5000, "rounds-20"),  # final
        _ai_game(4, 7, 5000),  # played to the end or far, with eliminations
    ]


@pytest.mark.parametrize("index", range(5))
def test_board_is_a_landscape_png_within_limits(index: int) -> None:
    state = _states()[index]
    image = _image(disneyland.board(_public(state)))
    assert 1200 <= image.width <= 1600
    assert 1.4 <= image.width / image.height <= 1.8


def test_board_shows_the_pending_offer_and_owner_bands() -> None:
    state = _with_offer(_ai_game(3, 5, 40))
    with_offer = disneyland.board(_public(state))
    without = dict(state, trade=None, phase="start")
    assert disneyland.board(_public(without)) != with_offer
    unowned = dict(state, owners={})
    assert disneyland.board(_public(unowned)) != with_offer


def test_public_board_does_not_depend_on_deck_order() -> None:
    """Deck order is hidden: two states differing only in it give identical images."""
    state = _ai_game(4, 11, 60)
    shuffled = dict(state, decks={name: pile[::-1] for name, pile in state["decks"].items()})
    assert disneyland.board(_public(state)) == disneyland.board(_public(shuffled))


def test_log_lines_and_phase_use_display_names() -> None:
    """Seat ids (Discord ids in production) never reach the image's text lines."""
    view = _public(_ai_game(3, 2, 31))
    named = theme.with_names(view)
    text = " ".join([named["phase"], *named["last"]])
    assert any(seat in " ".join([view["phase"], *view["last"]]) for seat in view["seats"])
    assert not any(seat in text for seat in view["seats"])
    assert any(name in text for name in NAMES.values())


@pytest.mark.parametrize("seat", ["u0", "u2"])
def test_hand_summarises_a_seats_cash_and_titles(seat: str) -> None:
    state = _ai_game(3, 8, 90)
    view = GAME.view(state, seat)
    view["names"] = NAMES
    image = _image(disneyland.hand(view))
    assert image.width >= 1200
    other = dict(state, owners={k: v for k, v in state["owners"].items() if v != seat})
    changed = GAME.view(other, seat)
    changed["names"] = NAMES
    assert view["titles"][seat]
    assert disneyland.hand(changed) != disneyland.hand(view)
