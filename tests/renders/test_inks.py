"""Pictures drawn straight into palette indices (renders/inks.py): shapes and tokens are
what Pillow draws with the same indices, text is its antialiased self in four steps, and
every picture of every game fits its game's 256 colours."""

from __future__ import annotations

import io
import random
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

import renders
from engine import get_game
from i18n import lang
from renders import ENGLISH, adventureland, inks, shapes, text, theme
from renders.adventureland_parts import grid_cell
from renders.frame import Frame
from renders.profile import draw_profile
from tests.renders.test_languages import GAMES, fresh_caches, pictures
from tests.renders.test_phone import midgame
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
    for name in (*GAMES, *(f"{slug}-hand" for slug in GAMES), "profile"):
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


@pytest.mark.parametrize("index", range(6))
@pytest.mark.parametrize("label", ["A", "Zo", "花", "Д", "مر", "🎢"])
def test_token_labels_in_a_palette_are_the_labels_in_truecolour(index: int, label: str) -> None:
    """A label is mixed with its token's colour, the ground under the pixels it covers,
    even where its box reaches the outline (a CJK letter in a small triangle)."""
    for radius in (9, 10, 14, 20):
        truecolour = Image.new("RGB", (60, 60), theme.BACKGROUND)
        theme._draw_token(shapes.Draw(truecolour), (30, 30), radius, index, label, None)
        with inks.using("test-token-labels"):
            paletted = theme.paletted((60, 60), theme.BACKGROUND)
            theme._draw_token(shapes.Draw(paletted), (30, 30), radius, index, label, None)
        colour = theme.player_color(index)
        ink = theme.text_color_on(colour)
        # What a label may cross: its token, the outline, the ground around.
        room = max(
            abs(a - b) / 8 + 1
            for under in (colour, theme.INK, theme.BACKGROUND)
            for a, b in zip(ink, under, strict=True)
        )
        seen = paletted.convert("RGB")
        worst = max(_largest(band) for band in ImageChops.difference(truecolour, seen).split())
        assert worst <= room, (radius, worst, room)


HOSTILE = (
    "Z" + "\u0301\u0316\u0327\u0334\u0353\u0489" * 5,
    "W" * 60,
    "مرحبا بالعالم",
    "👩‍👩‍👧‍👦🎢🏳️‍🌈",
    "𒀀𒀁𒀂",
    "a\u200d\u200b\u2067b",
)


def test_hostile_names_do_not_grow_a_palette_without_end() -> None:
    """A name is drawn where names go, its combining marks capped (``text.MARKS``), and
    text is only ever mixed with colours shapes drew, never with other text's edges: so
    piles of marks, long or right-to-left names, emoji and cuneiform use a bounded set of
    colours. Once two rounds of them have been drawn (with random piles of marks), more
    rounds add none, and no palette is near full."""
    assert text.tidy("Z" + "\u0301" * 50) == "Z" + "\u0301" * text.MARKS
    assert text.tidy("Tiếng Việt") == "Tiếng Việt"
    tables = [(slug, get_game(slug)) for slug in GAMES]
    views = [
        (slug, midgame(slug, players))
        for slug, game in tables
        for players in (game.min_players, game.max_players)
    ]
    rng = random.Random(5)
    marks = [chr(at) for at in range(0x300, 0x370)]
    sizes = []
    for _ in range(4):
        for slug, view in views:
            seats = list(view["names"])
            for turn in range(len(HOSTILE)):
                names = {s: HOSTILE[(turn + i) % len(HOSTILE)] for i, s in enumerate(seats)}
                names[seats[0]] = "".join(c + "".join(rng.sample(marks, 9)) for c in "Zalgo")
                renders.board(slug, {**view, "names": names})
        sizes.append({slug: len(inks.PALETTES[slug].colors) for slug in GAMES})
    assert sizes[3] == sizes[2] == sizes[1], sizes  # the grounds names land on: all seen
    for slug in GAMES:
        palette = inks.PALETTES[slug]
        assert not palette.overflow and len(palette.colors) < inks.SIZE - 40
        mixes = set(palette._mixed_over)
        assert not {ground for _, ground in palette._blends} & mixes, "a mix of a mix"


def test_a_picture_keeps_its_palette_outside_its_games_block() -> None:
    """Drawing goes to the picture's own palette, whichever is current (a tool that adds
    to a board after ``draw_board`` returned), and a piece of another palette is refused."""
    frame = renders.board_frame("troolpark", midgame("troolpark", 2))
    frame.draw.rectangle((0, 0, 9, 9), fill=(0, 250, 0))
    decoded = Image.open(io.BytesIO(frame.png())).convert("RGB")
    assert decoded.getpixel((5, 5)) == (0, 250, 0)
    with inks.using("test-other"):
        piece = theme.paletted((4, 4), (1, 2, 3))
    with pytest.raises(ValueError, match="its own palette"):
        theme.paste(frame.picture, piece, (0, 0))


def test_only_the_colours_a_picture_is_drawn_with_reach_its_png() -> None:
    """Pillow's wide outlines draw through a mask with an ink of its own: that index is
    not noted, so the PNG's palette holds exactly the colours of the pixels."""
    with inks.using("test-outline"):
        picture = theme.paletted((60, 60), theme.BACKGROUND)
        pen = shapes.Draw(picture)
        pen.polygon(
            [(10, 10), (50, 12), (30, 50)], fill=theme.HIGHLIGHT, outline=theme.INK, width=3
        )
        with pytest.raises(TypeError):
            pen.rectangle((0, 0, 5, 5), fill="red")
    counts = picture.im.histogram()
    assert isinstance(picture.palette, inks.Live)
    assert picture.palette.inked == {at for at, count in enumerate(counts) if count}
    decoded = Image.open(io.BytesIO(theme.to_png(picture)))
    held = sorted(at for _, at in decoded.getcolors() or [] if isinstance(at, int))
    assert held == list(range(1, len(picture.palette.inked) + 1))
    entries = decoded.getpalette() or []
    colours = sorted(picture.palette.source.colors[at] for at in picture.palette.inked)
    assert [tuple(entries[3 * at : 3 * at + 3]) for at in held] == colours
    assert set(entries[3 * (len(held) + 1) :]) == {0}, "nothing else in the palette"


def test_a_full_palette_keeps_room_for_shapes_and_takes_the_nearest() -> None:
    """Mixes stop ``KEPT`` places short of full, so a shape's colour still gets its own
    index there; past full, a colour takes the nearest (and the palette says so)."""
    with inks.using("test-full") as palette:
        while len(palette.colors) < inks.SIZE - inks.KEPT:
            palette.index((len(palette.colors), 7, 7))
        ground, ink = palette.index((250, 250, 250)), palette.index((0, 0, 200))
        mixes = palette.blends(ink, ground)
        assert set(mixes) <= set(range(len(palette.colors))) and not palette._mixed_over
        assert palette.overflow, "the mixes took the nearest colours"
        own = palette.index((125, 125, 225))  # the middle mix's colour, for a shape
        assert palette.colors[own] == (125, 125, 225)
        while len(palette.colors) < inks.SIZE:
            palette.index((len(palette.colors), 9, 9))
        assert palette.colors[palette.index((255, 0, 0))] != (255, 0, 0)
        assert (255, 0, 0) in palette.overflow


@pytest.mark.parametrize("slug", GAMES)
def test_a_board_after_pieces_drawn_elsewhere_is_the_board_alone(slug: str) -> None:
    """Boards and private views draw in palettes of their own, and the pieces they cache
    (squares, tiles, spaces, chips) are kept per palette: a board drawn after its seats'
    views, and after a tool drew its squares in another palette, is the board drawn
    first."""
    drawn = list(pictures(slug))[:30]
    hands = [p for p in drawn if p.viewer is not None]
    boards = [p for p in drawn if p.viewer is None]
    fresh_caches()
    alone = [renders.board(slug, p.view) for p in boards]
    fresh_caches()
    for hand in hands:
        renders.hand(slug, hand.view)
    with inks.using("test-elsewhere"):
        for board in boards:
            _squares_of(slug, board.view)
    assert [renders.board(slug, p.view) for p in boards] == alone


def _squares_of(slug: str, view: dict[str, Any]) -> None:
    """Adventureland's mat squares, drawn the way its board does, in the current palette
    (a test of the squares does this)."""
    if slug != "adventureland":
        return
    size = (adventureland.CELL_W - 3, adventureland.CELL_H - 3)
    for player in view["players"].values():
        for cell in player["grid"].values():
            grid_cell(view, cell, None, False, size, ENGLISH)


def _grey_card(name: str, first: bool) -> bytes:
    """A grey card (the colour black text's middle edge has on white) with black text on
    it, in a fresh palette; ``first``: white labels on black drawn before it."""
    with inks.using(name):
        if first:
            other = theme.paletted((200, 40), (0, 0, 0))
            theme.draw_text(shapes.Draw(other), (5, 20), "Kk Ww", 30, (255, 255, 255), True, "lm")
            theme.draw_text(shapes.Draw(other), (95, 20), "Ww", 30, (255, 255, 255), False, "lm")
        card = theme.paletted((200, 40), (255, 255, 255))
        pen = shapes.Draw(card)
        pen.rectangle((0, 0, 199, 39), fill=(128, 128, 128))
        theme.draw_text(pen, (5, 20), "Grey card 42", 24, (0, 0, 0), False, "lm")
        return theme.to_png(card)


def test_text_on_a_shape_the_colour_of_another_text_s_edge_mixes_with_the_shape() -> None:
    """A shape's colour and the edge of a letter may be the same colour; they are two
    indices, so text on the shape mixes with the shape, whatever was drawn before (the
    same picture is the same file in any process)."""
    with inks.using("test-edge-colour") as palette:
        edges = palette.blends(palette.index((0, 0, 0)), palette.index((255, 255, 255)))
        grey = palette.index((128, 128, 128))
        assert grey not in edges and palette.ground(grey) == grey
        assert any(palette.colors[at] == (128, 128, 128) for at in edges)
    alone = _grey_card("test-order-alone", first=False)
    assert _grey_card("test-order-after", first=True) == alone
    truecolour = Image.new("RGB", (200, 40), (128, 128, 128))
    theme.draw_text(ImageDraw.Draw(truecolour), (5, 20), "Grey card 42", 24, (0, 0, 0), False, "lm")
    seen = Image.open(io.BytesIO(alone)).convert("RGB")
    worst = max(_largest(band) for band in ImageChops.difference(truecolour, seen).split())
    assert worst <= 128 / 8 + 1


@pytest.mark.parametrize("colour", ["white", (255, 0, 0, 128), (300, 0, 0), (1.5, 2, 3)])
def test_what_is_not_a_colour_is_refused_before_the_palette(colour: Any) -> None:
    with inks.using("test-not-a-colour") as palette:
        picture = theme.paletted((60, 30), theme.BACKGROUND)
        size = len(palette.colors)
        with pytest.raises(TypeError):
            theme.draw_text(shapes.Draw(picture), (5, 15), "Hi", 14, colour, False, "lm")
        with pytest.raises(TypeError):
            shapes.Draw(picture).rectangle((0, 0, 5, 5), fill=colour)
        assert len(palette.colors) == size
        assert theme.to_png(picture).startswith(b"\x89PNG")


def test_invisible_characters_do_not_hide_a_pile_of_marks() -> None:
    piled = "Z" + "\u0301\u0302\u0303\u0304\u200b" * 12
    assert sum(unicodedata.category(c) == "Mn" for c in text.tidy(piled)) == text.MARKS
