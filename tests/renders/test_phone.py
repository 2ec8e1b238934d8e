"""What a phone shows: every board scaled to 400 px wide, as Discord shows it inline.

The renderer reports where it drew the key texts (whose turn, the last move, each seat's
rank, name and score); on the scaled image each must be tall enough to read and really be
there, and Tesseract (installed by ``make test``; this test fails without it) must read
the mover's name and every score off the scaled image.
"""

from __future__ import annotations

import io
import subprocess
from typing import Any

import pytest
from PIL import Image

import renders
from engine import Rng, get_game
from renders.frame import Frame, Mark

NAMES = ("Alice", "Bruno", "Chloe", "Dmitri", "Esme")
PHONE = 400
#: Smallest readable text on the phone-sized image, in px of font size (a phone's body
#: text is about 15 px; 11 px is small print).
MIN_SIZE = {"turn": 18.0, "score": 14.0, "name": 11.0, "rank": 10.0, "last": 10.0}
GAMES = {"adventureland": 4, "imagineers": 4, "disneyland": 5, "troolpark": 4}


def midgame(slug: str, players: int, seed: int = 2) -> dict[str, Any]:
    """A public view half-way through an AI game, at a moment with one player to move."""
    game = get_game(slug)
    seats = [f"u{i}" for i in range(players)]
    state = game.setup(seats, seed)
    rng = Rng.from_seed(seed)
    states: list[dict[str, Any]] = []
    while game.outcome(state) is None and len(states) < 3000:
        seat = rng.choice(game.waiting_for(state) or game.to_move(state))
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
        states.append(state)
    single = [s for s in states[len(states) // 2 :] if len(game.waiting_for(s)) == 1]
    view = game.view(single[0], None)
    view["names"] = dict(zip(seats, NAMES, strict=False))
    return view


def phone(frame: Frame) -> tuple[Image.Image, float]:
    scale = PHONE / frame.image.width
    height = round(frame.image.height * scale)
    return frame.image.resize((PHONE, height), Image.Resampling.LANCZOS), scale


def ocr(image: Image.Image, mode: str = "7", digits: bool = False, zoom: int = 4) -> str:
    """Tesseract's reading of ``image`` (enlarged first: Tesseract wants tall letters;
    enlarging adds no detail the phone image lacks)."""
    big = image.resize((image.width * zoom, image.height * zoom), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    big.convert("L").save(buffer, format="PNG")
    command = ["tesseract", "stdin", "stdout", "--psm", mode]
    if digits:
        command += ["-c", "tessedit_char_whitelist=-0123456789"]
    done = subprocess.run(command, input=buffer.getvalue(), capture_output=True, check=True)
    return done.stdout.decode().strip()


def crop(image: Image.Image, mark: Mark, scale: float, pad: int = 3) -> Image.Image:
    x0, y0, x1, y1 = mark.box
    return image.crop(
        (
            max(0, int(x0 * scale) - pad),
            max(0, int(y0 * scale) - pad),
            min(image.width, int(x1 * scale) + pad),
            min(image.height, int(y1 * scale) + pad),
        )
    )


@pytest.fixture(scope="module", params=list(GAMES))
def board(request: pytest.FixtureRequest) -> tuple[dict[str, Any], Frame]:
    slug = request.param
    view = midgame(slug, GAMES[slug])
    return view, renders.board_frame(slug, view)


def test_key_texts_are_readable_at_phone_width(board: tuple[dict[str, Any], Frame]) -> None:
    view, frame = board
    small, scale = phone(frame)
    kinds = {mark.kind for mark in frame.marks}
    assert {"turn", "last", "rank", "name", "score"} <= kinds
    for seat in view["seats"]:
        assert {m.kind for m in frame.marks if m.seat == seat} >= {"rank", "name", "score"}
    for mark in frame.marks:
        if mark.kind not in MIN_SIZE:
            continue
        assert mark.size * scale >= MIN_SIZE[mark.kind], mark
        low, high = crop(small, mark, scale, 0).convert("L").getextrema()
        assert isinstance(low, int) and isinstance(high, int)
        assert high - low > 100, f"nothing legible where {mark.kind} was drawn"


def test_a_phone_reads_the_mover_and_every_score(board: tuple[dict[str, Any], Frame]) -> None:
    view, frame = board
    small, scale = phone(frame)
    mover = view["names"][(view.get("waiting_for") or view["to_move"])[0]]
    turn = next(m for m in frame.marks if m.kind == "turn")
    assert mover in ocr(crop(small, turn, scale))
    for mark in (m for m in frame.marks if m.kind == "score"):
        expected = str(view["scores"][mark.seat])
        assert ocr(crop(small, mark, scale), digits=True) == expected
    for mark in (m for m in frame.marks if m.kind == "name"):
        assert view["names"][mark.seat] in ocr(crop(small, mark, scale))
    whole = ocr(small, mode="11", zoom=2)
    assert mover in whole, "the mover is found reading the whole image"
