"""Pictures drawn straight into palette indices (renders/inks.py): shapes and tokens are
what Pillow draws with the same indices, text is its antialiased self in four steps, and
every picture of every game fits its game's 256 colours."""

from __future__ import annotations

import io
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageDraw

import renders
from i18n import lang
from renders import inks, shapes, text, theme
from renders.frame import Frame
from renders.profile import draw_profile
from tests.renders.test_languages import GAMES, fresh_caches, pictures
from tests.renders.test_profile import VIEW as PROFILE
from tests.renders.test_token_stamps import LABELS

Color = tuple[int, int, int]


def _ground(size: tuple[int, int]) -> Image.Image:
    """A paletted picture with stripes, so a pixel wrongly left or covered shows."""
    image = theme.paletted(size, theme.PANEL)
    for x in range(0, size[0], 3):
        image.paste(inks.index((x % 256, 255 - x % 256, 90)), (x, 0, x + 1, size[1]))
    return image


@pytest.mark.parametrize("seed", range(3))
def test_rectangles_in_a_palette_are_pillow_s(seed: int) -> None:
    """The cached corners paste the indices Pillow's own pen draws on a paletted picture."""
    rng = random.Random(seed)
    shapes._stamps.cache_clear()
    colours = [None, theme.PANEL, theme.INK, theme.HIGHLIGHT, (12, 200, 40)]
    with inks.using("test-rectangles"):
        for _ in range(60):
            x0, y0 = rng.randint(0, 60), rng.randint(0, 50)
            box = (x0, y0, x0 + rng.randint(0, 95), y0 + rng.randint(0, 65))
            radius = rng.choice([0, 2, 3, 5, 6, 8, 10, 12, 20, 40, 2.5])
            fill, outline = rng.choice(colours), rng.choice(colours)
            width = rng.choice([0, 1, 2, 3, 4, 5])
            pillow, ours = _ground((160, 120)), _ground((160, 120))
            fill_at = None if fill is None else inks.index(fill)
            outline_at = None if outline is None else inks.index(outline)
            ImageDraw.Draw(pillow).rounded_rectangle(box, radius, fill_at, outline_at, width)
            shapes.Draw(ours).rounded_rectangle(box, radius, fill, outline, width)
            assert ours.tobytes() == pillow.tobytes(), (box, radius, fill, outline, width)
    info = shapes._stamps.cache_info()
    assert info.hits + info.misses > 10, "most took the cached corners"


@pytest.mark.parametrize("seed", range(2))
def test_tokens_in_a_palette_stamped_are_tokens_drawn(seed: int) -> None:
    rng = random.Random(seed)
    theme._token_stamp.cache_clear()
    with inks.using("test-tokens"):
        for _ in range(40):
            center = (rng.choice([40, 61.5, 100.25, 7.0, 190.75]), rng.choice([30, 44.5, 5.5]))
            radius = rng.choice([8, 10, 11, 16, 20])
            index, label = rng.randrange(6), rng.choice(LABELS)
            ring = rng.choice([None, theme.HIGHLIGHT, theme.INK])
            stamped, direct = _ground((240, 160)), _ground((240, 160))
            theme.token(shapes.Draw(stamped), center, radius, index, label, ring)
            theme._draw_token(shapes.Draw(direct), center, radius, index, label, ring)
            assert stamped.tobytes() == direct.tobytes(), (center, radius, index, label, ring)
    info = theme._token_stamp.cache_info()
    assert info.hits + info.misses > 5, "tokens went through the stamps"


@pytest.mark.parametrize(
    ("words", "bold", "size"),
    [("Alice to move · 42", False, 19), ("Zoë 🎢 4,750", True, 30), ("花子 Дима", True, 24)],
)
@pytest.mark.parametrize(
    ("ink", "ground"),
    [(theme.INK, theme.PANEL), (theme.MUTED, theme.BACKGROUND), ((255, 255, 255), (34, 34, 120))],
)
def test_text_in_a_palette_is_the_antialiased_text_in_four_steps(
    words: str, bold: bool, size: int, ink: Color, ground: Color
) -> None:
    """Each pixel is the ink mixed with the ground by its coverage rounded to a quarter:
    within an eighth of the way from ground to ink of the text drawn in truecolour. Bold
    text in a fallback font (the CJK, drawn with an outline) is one mask, not two."""
    truecolour = Image.new("RGB", (420, 60), ground)
    theme.draw_text(ImageDraw.Draw(truecolour), (10.5, 30), words, size, ink, bold, "lm")
    with inks.using("test-text"):
        paletted = theme.paletted((420, 60), ground)
        theme.draw_text(shapes.Draw(paletted), (10.5, 30), words, size, ink, bold, "lm")
    seen = paletted.convert("RGB")
    assert truecolour.getbbox() == seen.getbbox()
    room = [abs(a - b) / 8 + 1 for a, b in zip(ink, ground, strict=True)]
    worst = [_largest(band) for band in ImageChops.difference(truecolour, seen).split()]
    assert all(w <= r for w, r in zip(worst, room, strict=True)), (worst, room)
    assert truecolour.tobytes() != Image.new("RGB", (420, 60), ground).tobytes()


def _largest(band: Image.Image) -> int:
    """The largest value of a one-band picture."""
    counts = band.histogram()
    return max(value for value, count in enumerate(counts) if count)


def test_text_on_a_paletted_picture_uses_only_the_ground_and_its_blends() -> None:
    """No stray colour: a line on one ground leaves the ground, the ink and the three
    mixes between them."""
    with inks.using("test-blends") as palette:
        picture = theme.paletted((300, 50), theme.PANEL)
        theme.draw_text(
            shapes.Draw(picture), (10, 25), "Standings 1,475", 22, theme.INK, True, "lm"
        )
        used = {index for _, index in picture.getcolors() or []}
        ground, ink = palette.index(theme.PANEL), palette.index(theme.INK)
        assert used <= set(palette.blends(ink, ground)) and {ground, ink} <= used
        assert len(used) == inks.LEVELS + 1


def test_a_paletted_picture_keeps_its_palette_as_colours_are_added() -> None:
    """A picture converts, copies, crops and encodes with its own palette, also once
    other pictures added colours to it, and outside the palette's ``with`` block."""
    with inks.using("test-live"):
        first = theme.paletted((40, 20), (10, 20, 30))
        shapes.Draw(first).rectangle((0, 0, 19, 19), fill=(200, 100, 0))
        later = theme.paletted((40, 20), (1, 2, 3))  # a colour added after ``first``
        assert later.convert("RGB").getpixel((5, 5)) == (1, 2, 3)
    for picture in (first, first.copy(), first.crop((0, 0, 40, 20))):
        rgb = picture.convert("RGB")
        assert rgb.getpixel((5, 5)) == (200, 100, 0) and rgb.getpixel((30, 5)) == (10, 20, 30)
        decoded = Image.open(io.BytesIO(theme.to_png(picture))).convert("RGB")
        assert decoded.tobytes() == rgb.tobytes()


def test_a_board_s_png_is_its_picture() -> None:
    view = next(p.view for p in pictures("troolpark") if p.viewer is None)
    frame = renders.board_frame("troolpark", view)
    decoded = Image.open(io.BytesIO(frame.png()))
    assert decoded.mode == "P"
    assert decoded.convert("RGB").tobytes() == frame.image.tobytes()


def _inked_in_full(frame: Frame) -> None:
    """Every index a picture's pixels hold is one it noted as drawn with (its PNG numbers
    only those anew; a pixel of another would turn black)."""
    counts = frame.picture.im.histogram()
    used = {at for at, count in enumerate(counts) if count}
    assert isinstance(frame.picture.palette, inks.Live)
    assert used <= frame.picture.palette.inked, used - frame.picture.palette.inked


def test_every_picture_of_every_game_fits_its_game_s_palette() -> None:
    """Boards, private views and final boards of every game at its smallest and largest
    table, in English and French, and the profile card: no palette ran out of room (a
    colour that found none would be drawn in the nearest there), and each picture noted
    every index it holds."""
    readers = (lang("en"), lang("fr"))
    for slug in GAMES:
        for picture in pictures(slug):
            for reader in readers:
                if picture.viewer is None:
                    frame = renders.board_frame(slug, picture.view, lang=reader)
                else:
                    frame = renders.hand_frame(slug, picture.view, lang=reader)
                _inked_in_full(frame)
    for reader in readers:
        _inked_in_full(draw_profile(PROFILE, lang=reader))
    for name in (*GAMES, "profile"):
        palette = inks.PALETTES[name]
        assert not palette.overflow, (name, sorted(palette.overflow))
        assert len(palette.colors) <= inks.SIZE
    assert not inks.PALETTES.get("shared") or not inks.PALETTES["shared"].overflow


def test_pictures_drawn_in_threads_at_once_are_the_pictures_drawn_one_by_one() -> None:
    """With no drawing workers the bot draws in threads: new colours given out at the same
    moment never share an index (each game's palette starts afresh here)."""
    views = [(p.slug, p.view) for slug in GAMES for p in list(pictures(slug))[:6] if not p.viewer]
    for slug in GAMES:  # pieces cached in a palette go with it
        inks.PALETTES.pop(slug, None)
    fresh_caches()
    text._tinted.cache_clear()
    with ThreadPoolExecutor(max_workers=8) as pool:
        at_once = list(pool.map(lambda job: renders.board(*job), views))
    assert at_once == [renders.board(slug, view) for slug, view in views]
