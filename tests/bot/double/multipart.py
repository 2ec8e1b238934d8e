"""A ``multipart/form-data`` body read in one pass over its bytes.

aiohttp's ``request.post()`` parses each part's headers through the ``email`` package and
spools each file to a temporary file: about a millisecond of the event loop's core for
every message with a board, which the bot's benchmarks (run with the double in their
process) counted as the bot's. Discord's form bodies are small and simple (RFC 7578): a
boundary from the Content-Type, each part's ``Content-Disposition: form-data; name=…``
(and ``filename=…`` for a file), its bytes up to the next boundary. Anything else is
refused, as Discord refuses a malformed body.
"""

from __future__ import annotations

import re

#: ``name="value"`` or ``name=token`` in a header's parameters (quoted: backslash escapes).
PARAMETER = re.compile(r';\s*([A-Za-z0-9_*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))')
QUOTED_PAIR = re.compile(r"\\(.)")


class MalformedForm(ValueError):
    """The body is not the multipart/form-data its Content-Type announced."""


def parameters(header: str) -> tuple[str, dict[str, str]]:
    """A header's value (lower case) and its parameters (names in lower case)."""
    value, _, rest = header.partition(";")
    found: dict[str, str] = {}
    for match in PARAMETER.finditer(";" + rest):
        name, quoted, token = match.groups()
        found[name.lower()] = QUOTED_PAIR.sub(r"\1", quoted) if quoted is not None else token
    return value.strip().lower(), found


def boundary_of(content_type: str) -> bytes:
    """The boundary a ``multipart/form-data`` Content-Type names."""
    kind, found = parameters(content_type)
    boundary = found.get("boundary", "")
    if kind != "multipart/form-data" or not 0 < len(boundary) <= 70:
        raise MalformedForm(f"not a form-data content type with a boundary: {content_type!r}")
    return boundary.encode("latin-1")


def form_fields(content_type: str, body: bytes) -> dict[str, tuple[str | None, bytes]]:
    """The form's fields by name: (the file name, or None for a plain field; the bytes)."""
    delimiter = b"--" + boundary_of(content_type)
    start = body.find(delimiter)
    if start < 0:
        raise MalformedForm("no boundary in the body")
    fields: dict[str, tuple[str | None, bytes]] = {}
    position = start + len(delimiter)
    while True:
        if body.startswith(b"--", position):
            return fields  # the closing delimiter (an epilogue is ignored, per RFC 2046)
        if not body.startswith(b"\r\n", position):
            raise MalformedForm("a boundary is not followed by a line break")
        head_end = body.find(b"\r\n\r\n", position + 2)
        if head_end < 0:
            raise MalformedForm("a part's headers do not end")
        end = body.find(b"\r\n" + delimiter, head_end + 4)
        if end < 0:
            raise MalformedForm("a part does not end with the boundary")
        name, filename = _disposition(body[position + 2 : head_end])
        fields[name] = (filename, body[head_end + 4 : end])
        position = end + 2 + len(delimiter)


def _disposition(head: bytes) -> tuple[str, str | None]:
    """A part's field name and file name, from its Content-Disposition header."""
    for line in head.decode("utf-8").split("\r\n"):
        header, colon, value = line.partition(":")
        if colon and header.strip().lower() == "content-disposition":
            kind, found = parameters(value)
            if kind != "form-data" or "name" not in found:
                raise MalformedForm(f"not a form-data field: {value.strip()!r}")
            return found["name"], found.get("filename")
    raise MalformedForm("a part has no Content-Disposition")
