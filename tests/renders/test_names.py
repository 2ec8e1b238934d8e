"""Every display name draws: per-character font fallback, never a box for a missing glyph."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from renders import text, theme

NAMES = [
    "Zoë 🎢",
    "花子",
    "Дима",
    "Ελένη",
    "דנה כהן",  # right to left
    "مريم",  # right to left, joined letters
    "Zoe\u0308 Jose\u0301",  # combining marks
    "👩\u200d🚀 Ana",  # a zero-width-joiner emoji sequence
    "❤\ufe0f Kim",  # a variation selector asking for the emoji form
    "김민수",
    "नमस्ते",
]
#: Egyptian hieroglyphs and a private-use character: no shipped font has them.
UNSUPPORTED = "𓀀𓁐\ue000"


def _ink(value: str, bold: bool = False) -> Image.Image:
    image = Image.new("RGB", (700, 80), (0, 0, 0))
    text.draw(ImageDraw.Draw(image), (10, 40), value, 40, (255, 255, 255), bold, "lm")
    return image.convert("L")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("bold", [False, True])
def test_every_character_is_drawn_by_a_font_that_has_it(name: str, bold: bool) -> None:
    """Each run's characters are in its font's character map (so none is a .notdef box),
    and together the runs keep every visible character of the name."""
    runs = text.runs(name, bold)
    assert runs
    for index, part in runs:
        for char in part:
            assert ord(char) in text.coverage(index), (name, char, text.FILES[index])
    kept = sorted(c for _, part in runs for c in part if not text._attaches(c))
    visible = sorted(c for c in name if not text._attaches(c) and c != " ")
    assert [c for c in kept if c != " "] == visible
    assert _ink(name, bold).getbbox() is not None


def test_a_name_of_only_unsupported_glyphs_draws_nothing_and_reads_as_its_seat() -> None:
    assert text.runs(UNSUPPORTED) == ()
    assert _ink(UNSUPPORTED).getbbox() is None  # no tofu boxes
    view = {"seats": ["a", "b"], "names": {"a": UNSUPPORTED, "b": "Bo"}}
    assert theme.display_name(view, "a") == "Player 1"
    assert theme.display_name(view, "b") == "Bo"


def test_unsupported_glyphs_inside_a_name_are_left_out_cleanly() -> None:
    assert theme.display_name({"seats": ["a"], "names": {"a": "𓀀 Ra 𓁐"}}, "a") == "Ra"


def test_scripts_go_to_their_fonts() -> None:
    """The chain picks the right font: Latin in Noto Sans, CJK in the CJK subset, emoji in
    the monochrome emoji font (this also checks the character-map reader)."""
    files = [(part, text.FILES[index]) for index, part in text.runs("Zoë 🎢")]
    assert files == [("Zoë ", "NotoSans-Regular.ttf"), ("🎢", "NotoEmoji-Medium.ttf")]
    assert text.FILES[text.runs("花子")[0][0]] == "NotoSansCJKjp-Regular-common.otf"
    assert ord("A") in text.coverage(0) and ord("花") not in text.coverage(0)


def test_right_to_left_runs_are_laid_out_right_to_left() -> None:
    """In a line that starts right to left, the first word is drawn rightmost."""
    runs = text.runs("שלום 🎢")
    assert [text.FILES[i] for i, _ in runs] == [
        "NotoEmoji-Medium.ttf",
        "NotoSansHebrew-Regular.ttf",
    ]


def test_long_names_are_cut_between_whole_characters() -> None:
    view = {"seats": ["a"], "names": {"a": "👩\u200d🚀" * 30}}
    shown = theme.display_name(view, "a", limit=5)
    assert shown == "👩\u200d🚀" * 4 + "…"
