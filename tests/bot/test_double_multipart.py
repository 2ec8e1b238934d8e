"""The double reads form bodies as aiohttp writes them for discord.py (and as aiohttp's own
reader reads them), and refuses malformed ones."""

from __future__ import annotations

import asyncio
import io

import aiohttp
import pytest
from aiohttp.base_protocol import BaseProtocol
from multidict import CIMultiDict

from tests.bot.double import DiscordDouble
from tests.bot.double.multipart import MalformedForm, form_fields

#: File names that need quoting: a quote, a backslash, a semicolon, non-ASCII.
NAMES = ["board.png", 'a"b.png', "back\\slash.png", "semi;colon=1.png", "Zoë 花子.png"]


async def encoded(payload: str, files: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    """A form as discord.py sends one: payload_json, then files[n] (quote_fields=False)."""
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", payload, content_type="application/json")
    for index, (name, data) in enumerate(files):
        form.add_field(
            f"files[{index}]",
            io.BytesIO(data),
            filename=name,
            content_type="application/octet-stream",
        )
    writer = form()
    return writer.headers["Content-Type"], await writer.as_bytes()


async def read_by_aiohttp(content_type: str, body: bytes) -> dict[str, tuple[str | None, bytes]]:
    """What aiohttp's own multipart reader makes of the body (the double's former reader)."""
    loop = asyncio.get_running_loop()
    stream = aiohttp.StreamReader(BaseProtocol(loop), 2**16, loop=loop)
    stream.feed_data(body)
    stream.feed_eof()
    reader = aiohttp.MultipartReader(CIMultiDict({"Content-Type": content_type}), stream)
    found: dict[str, tuple[str | None, bytes]] = {}
    while (part := await reader.next()) is not None:
        assert isinstance(part, aiohttp.BodyPartReader)
        assert part.name is not None
        found[part.name] = (part.filename, bytes(await part.read()))
    return found


@pytest.mark.parametrize("name", NAMES)
async def test_a_form_reads_as_aiohttp_wrote_it(name: str) -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40 + b"\r\n--not-the-boundary"
    payload = '{"content": "d\\u00e9j\\u00e0 --", "attachments": [{"id": 0}]}'
    content_type, body = await encoded(payload, [(name, png), ("second.png", b"")])
    fields = form_fields(content_type, body)
    assert fields == {
        "payload_json": (None, payload.encode()),
        "files[0]": (name, png),
        "files[1]": ("second.png", b""),
    }
    assert fields == await read_by_aiohttp(content_type, body)


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("multipart/form-data", b"--x\r\n\r\n--x--"),  # no boundary parameter
        ("multipart/mixed; boundary=x", b"--x--"),  # not a form
        ("multipart/form-data; boundary=x", b"nothing here"),
        ("multipart/form-data; boundary=x", b"--x\r\nContent-Disposition: form-data; name=a"),
        ("multipart/form-data; boundary=x", b"--x\r\n\r\nvalue\r\n--x--"),  # no disposition
        (
            "multipart/form-data; boundary=x",
            b'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nv',
        ),
        (
            "multipart/form-data; boundary=x",
            b"--x\r\nContent-Disposition: attachment\r\n\r\nv\r\n--x--",
        ),
        ("multipart/form-data; boundary=x", b"--xjunk"),
    ],
)
def test_a_malformed_form_is_refused(content_type: str, body: bytes) -> None:
    with pytest.raises(MalformedForm):
        form_fields(content_type, body)


def test_a_quoted_boundary_and_a_preamble() -> None:
    body = b'preamble\r\n--a b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--a b--\r\n'
    assert form_fields('multipart/form-data; boundary="a b"', body) == {"x": (None, b"1")}


async def test_the_double_answers_a_malformed_form_with_400(double: DiscordDouble) -> None:
    """A body that is not the form its Content-Type announces: Discord's 400, not a crash."""
    url = f"{double.url}/api/v10/channels/{double.ids['channel']}/messages"
    headers = {"Content-Type": "multipart/form-data; boundary=x", "Authorization": "Bot x"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, data=b"--x\r\nno headers end", headers=headers) as answer,
    ):
        assert answer.status == 400
        assert "headers do not end" in await answer.text()
