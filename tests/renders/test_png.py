"""The PNG writer (renders/png.py): what it writes is a PNG every decoder reads back to the
very picture it was given."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image, ImageDraw

from renders import png, theme


def _paletted(size: tuple[int, int], colours: int) -> Image.Image:
    """A "P" picture using every one of ``colours`` palette entries, in stripes."""
    picture = Image.new("P", size)
    picture.putpalette([channel for i in range(colours) for channel in (i, 255 - i, i // 2)])
    draw = ImageDraw.Draw(picture)
    for x in range(size[0]):
        draw.line((x, 0, x, size[1] - 1), fill=x % colours)
    return picture


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The file's chunks (type, data), each checked against its CRC."""
    assert data[:8] == png.SIGNATURE
    found, at = [], 8
    while at < len(data):
        (length,) = struct.unpack_from(">I", data, at)
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack_from(">I", data, at + 8 + length)
        assert crc == zlib.crc32(kind + body), kind
        found.append((kind, body))
        at += 12 + length
    return found


@pytest.mark.parametrize(("size", "colours"), [((1, 1), 1), ((37, 5), 7), ((800, 64), 256)])
def test_a_decoder_reads_back_the_same_picture(size: tuple[int, int], colours: int) -> None:
    picture = _paletted(size, colours)
    decoded = Image.open(io.BytesIO(png.encode(picture)))
    decoded.load()
    assert decoded.mode == "P" and decoded.size == size
    assert decoded.tobytes() == picture.tobytes()
    palette = picture.getpalette() or []
    assert (decoded.getpalette() or [])[: len(palette)] == palette


def test_every_index_is_in_the_palette() -> None:
    """A picture whose palette is shorter than the indices it holds still makes a file
    every decoder reads (the palette is padded to 256 entries)."""
    picture = Image.new("P", (4, 1), 200)
    picture.putpalette([255, 0, 0, 0, 255, 0])
    chunks = dict(_chunks(png.encode(picture)))
    assert len(chunks[b"PLTE"]) == 3 * 256
    decoded = Image.open(io.BytesIO(png.encode(picture))).convert("RGB")
    assert decoded.getpixel((0, 0)) == (0, 0, 0)


@pytest.mark.parametrize("size", [(5, 0), (0, 5)])
def test_an_empty_picture_is_refused(size: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="empty"):
        png.encode(Image.new("P", size))


def test_the_file_is_four_chunks_with_unfiltered_rows() -> None:
    picture = _paletted((5, 3), 4)
    chunks = _chunks(png.encode(picture))
    assert [kind for kind, _ in chunks] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    assert struct.unpack(">II5B", chunks[0][1]) == (5, 3, 8, 3, 0, 0, 0)
    rows = zlib.decompress(chunks[2][1])  # the system's zlib reads zlib-ng's stream
    assert len(rows) == 3 * (5 + 1) and rows[:: 5 + 1] == b"\0\0\0"


def test_a_board_goes_through_unchanged() -> None:
    """``theme.to_png`` writes the paletted board exactly (the colours are ``palette_of``'s)."""
    image = Image.new("RGB", (200, 60), theme.BACKGROUND)
    draw = ImageDraw.Draw(image)
    theme.panel(draw, (10, 10, 190, 50))
    theme.draw_text(draw, (100, 30), "Zoë 🎢 · 42", 20, theme.INK, True, "mm")
    decoded = Image.open(io.BytesIO(theme.to_png(image)))
    assert decoded.convert("RGB").tobytes() == theme.palette_of(image).convert("RGB").tobytes()


@pytest.mark.parametrize("mode", ["RGB", "L", "RGBA"])
def test_only_paletted_pictures_are_written(mode: str) -> None:
    with pytest.raises(ValueError, match="paletted"):
        png.encode(Image.new(mode, (2, 2)))
