"""A TCP proxy in front of the test PostgreSQL that can cut connections on cue.

It forwards 127.0.0.1:<port> to the server's Unix socket byte for byte. Armed with a
marker, it cuts the connection that carries it: ``cut_request`` before the server sees
the client's message (the server rolls the transaction back), ``cut_reply`` after the
server acted but before the client hears the answer (a commit whose acknowledgement is
lost). ``down`` makes the database unreachable until ``up``.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from types import TracebackType
from typing import Self
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit


class PgProxy:
    def __init__(self, socket_dir: Path, port: int = 5432) -> None:
        self.socket = str(socket_dir / f".s.PGSQL.{port}")
        self.port = 0
        self.is_down = False
        self.request_marker: bytes | None = None
        self.reply_marker: bytes | None = None
        self.cuts = 0
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def __aenter__(self) -> Self:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._cut_all()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()

    def url(self, database_url: str) -> str:
        """``database_url`` (a Unix-socket URL of the test server) through this proxy."""
        parts = urlsplit(database_url)
        settings = [(k, v) for k, v in parse_qsl(parts.query) if k != "host"]
        return urlunsplit(
            (parts.scheme, f"turnstile@127.0.0.1:{self.port}", parts.path, urlencode(settings), "")
        )

    def cut_request(self, marker: bytes) -> None:
        self.request_marker = marker

    def cut_reply(self, marker: bytes) -> None:
        self.reply_marker = marker

    def down(self) -> None:
        self.is_down = True
        self._cut_all()

    def up(self) -> None:
        self.is_down = False

    def _cut_all(self) -> None:
        for writer in list(self._writers):
            writer.close()
        self._writers.clear()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.is_down:
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_unix_connection(self.socket)
        except OSError:
            writer.close()
            return
        self._writers.update((writer, up_writer))
        pair = (writer, up_writer)
        for task in (
            asyncio.create_task(self._pump(reader, up_writer, pair, "request")),
            asyncio.create_task(self._pump(up_reader, writer, pair, "reply")),
        ):
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pump(
        self,
        source: asyncio.StreamReader,
        sink: asyncio.StreamWriter,
        pair: tuple[asyncio.StreamWriter, asyncio.StreamWriter],
        side: str,
    ) -> None:
        with contextlib.suppress(OSError, asyncio.CancelledError):
            while data := await source.read(65536):
                marker = self.request_marker if side == "request" else self.reply_marker
                if marker is not None and marker in data:
                    if side == "request":
                        self.request_marker = None
                    else:
                        self.reply_marker = None
                    self.cuts += 1
                    break
                sink.write(data)
                await sink.drain()
        for writer in pair:
            writer.close()
            self._writers.discard(writer)
