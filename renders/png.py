"""PNG bytes of a paletted picture, compressed by zlib-ng.

Every move sends a new board, and deflating its 1.2 million palette indices was the
largest single cost of a board: Pillow deflates with the system's
zlib, about 4 ms a board. zlib-ng at level 2 takes about 1.4 ms and gives a smaller file
(``bench.render_speed``). A paletted PNG needs no row filter (it would not help indices),
so the file is four chunks around the rows as they are: the header, the palette, the
compressed rows (each led by the "no filter" byte) and the end.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image
from zlib_ng import zlib_ng

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: zlib-ng's level 2: three times faster than the system zlib's level 3, and smaller.
LEVEL = 2
#: The header's fixed fields: 8 bits per index, colour type 3 (paletted), deflate, the
#: adaptive filter method (each row says its filter), no interlacing.
_PALETTED = (8, 3, 0, 0, 0)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode(picture: Image.Image, palette: bytes | None = None, table: bytes | None = None) -> bytes:
    """The PNG file of ``picture``, a "P" image: its palette (or ``palette``, red, green,
    blue per index), padded to 256 entries (black), and no transparency (pictures have
    none). ``table`` renumbers the indices on the way (256 bytes; it must keep 0, each
    row's filter byte)."""
    if picture.mode != "P":
        raise ValueError(f"a paletted picture is needed, not {picture.mode}")
    width, height = picture.size
    if not width or not height:
        raise ValueError("an empty picture has no PNG")
    # All 256 entries, so that whatever index a pixel holds is in the palette.
    if palette is None:
        palette = bytes(picture.getpalette() or [])
    palette = palette.ljust(3 * 256, b"\0")[: 3 * 256]
    # One more column on the left, all zeros: each row starts with filter type 0 (none).
    framed = picture.crop((-1, 0, width, height))
    if table is not None:
        if table[0]:
            raise ValueError("the table must keep index 0")
        # Pillow maps a paletted picture's indices through a table in C: a third faster
        # than ``bytes.translate`` over the rows' bytes.
        framed = framed.point(list(table))
    rows = framed.tobytes()
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", struct.pack(">II5B", width, height, *_PALETTED)),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", zlib_ng.compress(rows, LEVEL)),
            _chunk(b"IEND", b""),
        )
    )
