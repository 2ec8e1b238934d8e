"""One game table without Discord, for the secrecy property.

A :class:`World` is the real game service (``Tables``) on a real SQLite file, and the real
presenter (``Presenter.show``: ``plan_for``, ``compose``, ``turn_embed``, the cards and the
board renderer) delivering to a :class:`Recorder` instead of Discord. :meth:`World.public`
gathers everything the table is shown: every message posted and edited (text, embed,
components, the image's hash, whom it pings), the log lines ``/game log`` gives anyone,
the thread's name, the lobby's summary line, the Undo line. :meth:`World.fork` copies a
world at a moment, so a twin can be given other secrets and go on by itself.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import discord

from bot.chat.delivery import Courier, Edited, Post
from bot.chat.handlers.moves import took_back
from bot.chat.presenter import Presenter
from bot.chat.views import cards
from bot.store import GameRow, Seat
from bot.store.interface import GameStore
from bot.store.sqlite import SqliteStore
from bot.table.life import Life
from bot.table.service import MoveResult, Tables, public_view, state_of
from engine import State, get_game
from i18n import SOURCE, lang
from tests.bot.harness import FakeClock, write_game

#: The people at every table (Discord user ids, as seats are).
#: People seated at a lobby that opened as it is (terms 0), each having agreed to it.
PEOPLE = [
    Seat(id=str(1000 + n), name=name, agreed=0) for n, name in enumerate(("Ada", "Bo", "Cy", "Di"))
]
GUILD, CHANNEL = 7, 70
#: Seconds the clock moves on per step (the final card says how long the game took).
STEP_SECONDS = 41.0


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def view_data(view: discord.ui.View | None) -> list[dict[str, Any]] | None:
    """Components as Discord receives them: custom ids, labels, options and values."""
    return None if view is None else view.to_components()


def embed_data(embed: discord.Embed | None) -> dict[str, Any] | None:
    return None if embed is None else dict(embed.to_dict())


def pinged(mentions: discord.AllowedMentions | None) -> list[int] | bool | None:
    """Whom a message may ping."""
    if mentions is None:
        return None
    users = mentions.users
    return users if isinstance(users, bool) else sorted(u.id for u in users)


def file_data(file: discord.File) -> tuple[str, str]:
    buffer = file.fp
    assert hasattr(buffer, "getvalue")
    return file.filename, digest(buffer.getvalue())


class Recorder(Courier):
    """A courier that delivers nowhere: it keeps every public post and edit as data."""

    def __init__(self, store: GameStore, next_id: int = 1) -> None:
        super().__init__(cast(discord.Client, None), Life(store))
        self.next_id = next_id
        self.sent: list[dict[str, Any]] = []

    async def post(self, row: GameRow, post: Post) -> discord.Message | None:
        message_id = self.next_id
        self.next_id += 1
        self.sent.append(
            {
                "post": message_id,
                "content": post.content,
                "pings": pinged(post.mentions),
                "embed": embed_data(post.embed),
                "components": view_data(post.view),
                "image": None if post.png is None else (post.filename, digest(post.png)),
            }
        )
        return cast(discord.Message, discord.Object(message_id))

    async def edit(self, row: GameRow, message_id: int, **fields: Any) -> Edited:
        shown: dict[str, Any] = {"edit": message_id}
        for name, value in fields.items():
            if name == "embed":
                shown[name] = embed_data(value)
            elif name == "view":
                shown[name] = view_data(value)
            elif name == "attachments":
                shown[name] = [file_data(f) for f in value]
            elif name == "allowed_mentions":
                shown[name] = pinged(value)
            else:
                shown[name] = value
        self.sent.append(shown)
        return "edited"

    def drain(self) -> list[dict[str, Any]]:
        sent, self.sent = self.sent, []
        return sent


@dataclass
class World:
    """One table: its store, game service, presenter and clock."""

    path: Path
    store: SqliteStore
    clock: FakeClock
    game_id: int
    recorder: Recorder
    tables: Tables = field(init=False)
    presenter: Presenter = field(init=False)
    #: The Undo lines this world showed since ``public`` was last called.
    undo_lines: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.tables = Tables(self.store, clock=self.clock)
        self.presenter = Presenter(self.recorder, Life(self.store))

    @classmethod
    async def start(
        cls, path: Path, slug: str, players: int, seed: int, options: dict[str, str]
    ) -> World:
        """A game of ``players`` people dealt with ``seed``, started, its first board shown."""
        store = await SqliteStore.open(path)
        clock = FakeClock()
        seats = PEOPLE[:players]
        row = await store.create_lobby(
            guild_id=GUILD,
            channel_id=CHANNEL,
            slug=slug,
            host=seats[0],
            options=options,
            seed=seed,
            now=clock(),
            seats=seats,
        )
        world = cls(path, store, clock, row.id, Recorder(store))
        await world.tables.start(row)
        return world

    async def fork(self, path: Path, state: State) -> World:
        """A copy of this world as it stands (SQLite's online backup of the committed
        file), whose game is now in ``state``."""
        with (
            contextlib.closing(sqlite3.connect(self.path)) as source,
            contextlib.closing(sqlite3.connect(path)) as target,
        ):
            source.backup(target)
        store = await SqliteStore.open(path)
        await write_game(store, self.game_id, snapshot=json.dumps(state))
        clock = FakeClock(self.clock.now)
        return World(path, store, clock, self.game_id, Recorder(store, self.recorder.next_id))

    async def close(self) -> None:
        await self.store.close()

    async def row(self) -> GameRow:
        row = await self.store.get(self.game_id)
        assert row is not None
        return row

    async def state(self) -> State:
        return state_of(await self.row())

    async def show(self, headline: str = "") -> None:
        """What the bot does once a step is committed: bring the table up to date."""
        await self.presenter.show(await self.row(), headline=headline)

    async def play(self, seat: str, code: str) -> MoveResult:
        self.clock.advance(STEP_SECONDS)
        result = await self.tables.play(await self.row(), seat, [code])
        await self.show()
        return result

    async def undo(self, seat: str) -> MoveResult:
        """``seat`` presses Undo on the current board."""
        self.clock.advance(STEP_SECONDS)
        row = await self.row()
        result = await self.tables.undo(row, seat, row.version)
        english = lang(SOURCE)
        _, headline = took_back(result, seat, mine=english, table=english)
        self.undo_lines.append(headline)
        await self.show(headline=headline)
        return result

    async def public(self) -> dict[str, Any]:
        """Everything the table has been shown since the last call, and what anyone can
        read now (the log, the thread's name, the lobby message, who is to move)."""
        row = await self.row()
        state = state_of(row)
        game = get_game(row.slug)
        view = public_view(row, state)
        undo = await self.store.undo_top(row.id)
        shown = {
            "messages": self.recorder.drain(),
            "undo lines": self.undo_lines,
            "log": [(m.seq, m.seat, m.events) for m in await self.store.moves(row.id)],
            "thread name": cards.thread_name(row),
            "lobby line": cards.summary_line(row, view if row.status == "finished" else None),
            "start card": embed_data(cards.start_card(row, view).embed),
            "status": row.status,
            "version": row.version,
            "to move": game.to_move(state),
            "waiting for": game.waiting_for(state),
            "undo by": None if undo is None else undo.seat,
            "view": view,
        }
        self.undo_lines = []
        return shown
