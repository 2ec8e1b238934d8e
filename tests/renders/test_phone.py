"""What a phone shows: every board scaled to 400 px wide, as Discord shows it inline, in
English and in French (French words are longer, and must read as well).

The renderer reports where it drew the key texts (whose turn, the last move, each seat's
rank, name and score); on the scaled image each must be tall enough to read and really be
there, and Tesseract (installed with its English and French models by ``make test``; this
test fails without them) must read the mover's name, every score and the whole line
saying whose turn it is, in the board's language, off the scaled image.
"""

from __future__ import annotations

import difflib
import io
import subprocess
import unicodedata
from typing import Any

import pytest
from PIL import Image

import renders
from engine import Rng, get_game
from i18n import lang
from renders.frame import Frame, Mark

NAMES = ("Alice", "Bruno", "Chloe", "Dmitri", "Esme")
PHONE = 400
#: Smallest readable text on the phone-sized image, in px of font size (a phone's body
#: text is about 15 px; 11 px is small print).
MIN_SIZE = {"turn": 18.0, "score": 14.0, "name": 11.0, "rank": 10.0, "last": 10.0}
GAMES = {"adventureland": 4, "imagineers": 4, "disneyland": 5, "troolpark": 4}
#: Each board language and Tesseract's model for it (Debian's tesseract-ocr-eng, -fra).
MODELS = {"en": "eng", "fr": "fra"}


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
    view: dict[str, Any] = game.view(single[0], None)
    view["names"] = dict(zip(seats, NAMES, strict=False))
    return view


def phone(frame: Frame) -> tuple[Image.Image, float]:
    scale = PHONE / frame.image.width
    height = round(frame.image.height * scale)
    return frame.image.resize((PHONE, height), Image.Resampling.LANCZOS), scale


def ocr(
    image: Image.Image, mode: str = "7", digits: bool = False, zoom: int = 4, model: str = "eng"
) -> str:
    """Tesseract's reading of ``image`` (enlarged first: Tesseract wants tall letters;
    enlarging adds no detail the phone image lacks), with the language ``model``."""
    big = image.resize((image.width * zoom, image.height * zoom), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    big.convert("L").save(buffer, format="PNG")
    command = ["tesseract", "stdin", "stdout", "-l", model, "--psm", mode]
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


def plain(words: str) -> str:
    """``words`` as OCR is compared: no accents, no case, letters and digits only (the
    narrow no-break space of « 1 500 » and the spaces around « : » count for nothing)."""
    bare = unicodedata.normalize("NFKD", words)
    return "".join(c for c in bare.casefold() if c.isalnum())


Board = tuple[dict[str, Any], Frame, str]


@pytest.fixture(scope="module", params=[(s, c) for c in MODELS for s in GAMES], ids=str)
def board(request: pytest.FixtureRequest) -> Board:
    slug, code = request.param
    view = midgame(slug, GAMES[slug])
    return view, renders.board_frame(slug, view, lang=lang(code)), code


def test_tesseract_has_a_model_for_every_board_language() -> None:
    done = subprocess.run(["tesseract", "--list-langs"], capture_output=True, check=True)
    models = set(done.stdout.decode().split())
    assert set(MODELS.values()) <= models, "install them: make tesseract"


def test_key_texts_are_readable_at_phone_width(board: Board) -> None:
    view, frame, _ = board
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


def test_a_phone_reads_the_mover_and_every_score(board: Board) -> None:
    view, frame, code = board
    model = MODELS[code]
    small, scale = phone(frame)
    mover = view["names"][(view.get("waiting_for") or view["to_move"])[0]]
    turn = next(m for m in frame.marks if m.kind == "turn")
    assert mover in ocr(crop(small, turn, scale), model=model)
    for mark in (m for m in frame.marks if m.kind == "score"):
        expected = str(view["scores"][mark.seat])
        read = ocr(crop(small, mark, scale), digits=True, model=model)
        assert "".join(read.split()) == expected, f"{code}: read {read!r} for {mark.text!r}"
    for mark in (m for m in frame.marks if m.kind == "name"):
        assert view["names"][mark.seat] in ocr(crop(small, mark, scale), model=model)
    whole = ocr(small, mode="11", zoom=2, model=model)
    assert mover in whole, "the mover is found reading the whole image"


def test_a_phone_reads_whose_turn_it_is_and_the_last_move_in_the_boards_language(
    board: Board,
) -> None:
    """Whole lines, their words included ("À Bruno de jouer", "Dernier coup : …"), read
    with the board language's model and compared without accents or spaces."""
    _, frame, code = board
    small, scale = phone(frame)
    turn = next(m for m in frame.marks if m.kind == "turn")
    news = next(m for m in frame.marks if m.kind == "last")
    for mark in (turn, news):
        read = ocr(crop(small, mark, scale), model=MODELS[code])
        likeness = difflib.SequenceMatcher(None, plain(read), plain(mark.text)).ratio()
        assert likeness >= 0.9, f"{code}: read {read!r} for {mark.text!r}"
