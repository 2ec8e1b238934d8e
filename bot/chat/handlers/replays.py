"""``/game replay``: animated GIFs, built so that they never slow a move down.

A replay redraws a whole game (seconds of CPU), so it gets its own bounded worker: one
replay at a time, in a separate process at a lower priority (``bot.table.replay_worker``), fed
by a short queue; whoever asks while another is being built is told their place. Each
person and each server has a cooldown, and finished GIFs are kept by (game, version), so
asking again for the same moment costs nothing.

The queue is shared by every server, so it is shared fairly: a person has at most one
replay queued or being drawn (a cooldown alone let one person, asking from several
servers, keep it full), and a server at most all places but one, so another server always
finds room. Every one of these limits is taken before anything is awaited
(``bot.chat.access.quotas``: checked after an ``await`` and recorded after another, six requests
arriving together all passed), and given back when the request fails.

A replay is the table's: drawn, announced and posted in the table's language, whoever
asked; a refusal is told to who asked, in theirs (``UserError``'s texts).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.chat import language
from bot.chat.access import sight
from bot.chat.access.quotas import Rate, Reservation, Room, reserve
from bot.chat.delivery import DELIVERY_ERRORS
from bot.chat.kept import Kept
from bot.chat.options import channel_id
from bot.chat.views.messages import names, row_title
from bot.common.errors import UserError
from bot.store.records import GameRow
from bot.table.replay_worker import Job
from bot.table.service import Tables
from bot.table.workers import TooLong, run_program
from engine.text import Text, tx, txn

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
Key = tuple[int, int]

#: The worker: this interpreter, running ``bot.table.replay_worker``.
WORKER = (sys.executable, "-m", "bot.table.replay_worker")


class ReplayFailed(Exception):
    """The worker did not produce a GIF (it crashed, or took too long)."""


@dataclass
class Request:
    interaction: Interaction
    row: GameRow
    job: Job
    #: The asker's limits, spent once the replay is drawn, given back if it fails.
    held: Reservation
    #: Set once ``ask``'s own answer went out (or failed to): the worker edits that
    #: answer only then (a kept GIF is ready at once, and an edit before the answer
    #: exists would find nothing to edit, or be overwritten by it).
    told: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

    @property
    def guild_id(self) -> int | None:
        return self.interaction.guild_id


def drawing(row: GameRow, ahead: int) -> Text:
    """The answer to a queued request: its place."""
    if ahead == 0:
        return tx(
            "🎞️ Drawing the replay of {game} game #{number} (next); "
            "it appears here when it is ready.",
            game=row_title(row),
            number=str(row.id),
        )
    return txn(
        "🎞️ Drawing the replay of {game} game #{number} (queued behind {count} other "
        "replay); it appears here when it is ready.",
        "🎞️ Drawing the replay of {game} game #{number} (queued behind {count} other "
        "replays); it appears here when it is ready.",
        ahead,
        game=row_title(row),
        number=str(row.id),
    )


@dataclass(frozen=True)
class ReplaySettings:
    """The replays' tunables: the limits that share the one worker fairly, how long a
    replay may take, and how much of finished GIFs is kept."""

    #: Seconds between two replays asked by one person, and on one server.
    user_cooldown: float = 60.0
    guild_cooldown: float = 15.0
    #: Requests queued or being drawn, in all.
    queue_limit: int = 3
    #: Places of the queue one server may hold (None: all but one).
    server_share: int | None = None
    #: Seconds a replay may take before its worker is killed.
    timeout: float = 300.0
    #: Bytes of finished GIFs kept (the least recently used forgotten first).
    cache_bytes: int = 32 * 1024 * 1024
    #: The worker's command line.
    worker: Sequence[str] = WORKER


class Replays:
    def __init__(
        self,
        client: discord.Client,
        tables: Tables,
        settings: ReplaySettings | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        settings = settings or ReplaySettings()
        self.client = client
        self.tables = tables
        self.timeout = settings.timeout
        self.worker = list(settings.worker)
        self.builds = 0
        #: Finished GIFs by (game, version), the least recently used forgotten first.
        self.kept: Kept[Key, bytes] = Kept(settings.cache_bytes, size=len)
        self._queue: list[Request] = []
        self._serving: Request | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        # The limits (``bot.chat.access.quotas``), each taken before anything is awaited.
        self.person = Rate(1, settings.user_cooldown, self._person_waits, clock)
        self.server = Rate(1, settings.guild_cooldown, self._server_waits, clock)
        #: The queue's places in all (one key), one per person, a share per server.
        self.line = Room(settings.queue_limit, self._busy)
        self.mine = Room(1, self._yours)
        self.share = Room(1, self._full_here)
        #: Places of the queue one server may hold (None: all but one).
        self._server_share = settings.server_share
        self.queue_limit = settings.queue_limit

    # ---------- the limits ----------

    @property
    def user_cooldown(self) -> float:
        return self.person.per

    @user_cooldown.setter
    def user_cooldown(self, seconds: float) -> None:
        self.person.per = seconds

    @property
    def guild_cooldown(self) -> float:
        return self.server.per

    @guild_cooldown.setter
    def guild_cooldown(self, seconds: float) -> None:
        self.server.per = seconds

    @property
    def queue_limit(self) -> int:
        return self.line.size

    @queue_limit.setter
    def queue_limit(self, places: int) -> None:
        self.line.size = places
        self.server_share = self._server_share

    @property
    def server_share(self) -> int | None:
        return self._server_share

    @server_share.setter
    def server_share(self, places: int | None) -> None:
        self._server_share = places
        self.share.size = places or max(1, self.line.size - 1)

    def _person_waits(self, seconds: int) -> str:
        return tx("You can ask for another replay in {seconds} s.", seconds=seconds)

    def _server_waits(self, seconds: int) -> str:
        return tx(
            "A replay was just asked for on this server: try in {seconds} s.", seconds=seconds
        )

    def _busy(self, _: Hashable) -> str:
        return txn(
            "Replays are busy: {count} is waiting to be drawn. Ask again in a few minutes.",
            "Replays are busy: {count} are waiting to be drawn. Ask again in a few minutes.",
            self.line.held(None),
        )

    def _full_here(self, guild: Hashable) -> str:
        return txn(
            "This server already has {count} replay waiting to be drawn; the other "
            "places are kept for other servers. Ask again once one is out.",
            "This server already has {count} replays waiting to be drawn; the other "
            "places are kept for other servers. Ask again once one is out.",
            self.share.held(guild),
        )

    def _yours(self, user: Hashable) -> str:
        mine = next((r for r in self._queue if r.user_id == user), None)
        if mine is None:  # its game's moves are still being read
            return tx("Your last replay is not out yet: one at a time per person.")
        if mine is self._serving:
            return tx(
                "Your replay of game #{number} is still being drawn: one at a time "
                "per person. Ask for this one once it is out.",
                number=str(mine.row.id),
            )
        return tx(
            "Your replay of game #{number} is still number {place} in line: one at a "
            "time per person. Ask for this one once it is out.",
            number=str(mine.row.id),
            place=self._queue.index(mine) + 1,
        )

    # ---------- asking ----------

    async def ask(self, interaction: Interaction, game_id: int | None) -> None:
        """``/game replay [game_id]``: this channel's game, or a game of this server.
        From the cache at once, else queued (saying so); refused while a cooldown runs or
        beyond the asker's share of the queue. Every limit is taken before anything is
        awaited, and given back if the request fails before its replay is queued."""
        held = reserve((self.person, interaction.user.id), (self.server, interaction.guild_id or 0))
        try:
            row = await self.find(interaction, game_id)
            cached = self.kept.get((row.id, row.version))
            if cached is None:
                held.take(
                    (self.line, None),
                    (self.mine, interaction.user.id),
                    (self.share, interaction.guild_id),
                )
                job = await self.job_of(row)
        except BaseException:
            held.release()
            raise
        if cached is not None:
            held.finish()
            await interaction.response.send_message(**self.finished(row, cached))
            return
        request = Request(interaction, row, job, held)
        ahead = len(self._queue)
        self._queue.append(request)
        self._wake.set()
        self.ensure_worker()
        try:
            await interaction.response.send_message(
                language.table(row).say(drawing(row, ahead)),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except BaseException:
            # Nobody was told: the request is withdrawn, unless it is being drawn.
            if request is not self._serving and request in self._queue:
                self._queue.remove(request)
                held.release()
            raise
        finally:
            request.told.set()

    async def find(self, interaction: Interaction, game_id: int | None) -> GameRow:
        """The game asked for, one that started and that the asker may see."""
        if game_id is None:
            row = await self.tables.game_in(channel_id(interaction))
        else:
            found = await self.tables.get(game_id)
            if (
                found is None
                or found.guild_id != interaction.guild_id
                or not await self.can_view(interaction, found.channel_id)
            ):
                # The same answer whether it does not exist or is out of sight: game
                # numbers are sequential, so anything else would tell what exists.
                raise UserError(tx("There is no game with that number on this server."))
            row = found
        if row.snapshot is None:
            raise UserError(tx("That game never started: there is nothing to replay."))
        return row

    async def can_view(self, interaction: Interaction, channel_id: int) -> bool:
        """Whether the member who asks can see that channel or thread (``access.sight``)."""
        return await sight.can_view(interaction, channel_id)

    async def job_of(self, row: GameRow) -> Job:
        """What the worker needs to draw ``row``'s replay, in the table's language."""
        moves = await self.tables.moves(row.id)
        lang = language.table(row)
        return Job(
            slug=row.slug,
            seats=[s.id for s in row.seats],
            seed=row.seed,
            options=dict(row.options),
            moves=[(m.seat, m.code) for m in moves],
            names=names(row, lang),
            language=lang.code,
        )

    def finished(self, row: GameRow, data: bytes) -> dict[str, Any]:
        """The replay's message, in the table's language."""
        done = tx("🎞️ Replay of {game} game #{number}.", game=row_title(row), number=str(row.id))
        return {
            "content": language.table(row).say(done),
            "file": discord.File(io.BytesIO(data), filename=f"replay-{row.id}.gif"),
            "allowed_mentions": discord.AllowedMentions.none(),
        }

    # ---------- the worker ----------

    def ensure_worker(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self.work())

    async def work(self) -> None:
        """Build queued replays one at a time, for as long as the bot runs. A replay
        drawn spends its asker's limits; one that failed gives them back."""
        while True:
            while not self._queue:
                self._wake.clear()
                await self._wake.wait()
            request = self._serving = self._queue[0]
            drawn = False
            try:
                drawn = await self.serve(request)
            except Exception:
                log.exception("replay of game %s failed", request.row.id)
            finally:
                self._serving = None
                self._queue.remove(request)
                (request.held.finish if drawn else request.held.release)()

    async def serve(self, request: Request) -> bool:
        """Draw ``request``'s replay (or find it kept) and hand it over; whether it was
        drawn."""
        row = request.row
        key = (row.id, row.version)
        try:
            data = self.kept.get(key) or await self.build(request.job)
        except ReplayFailed as exc:
            log.warning("replay of game %s failed: %s", row.id, exc)
            with contextlib.suppress(*DELIVERY_ERRORS):
                failed = tx(
                    "Sorry, the replay of game #{number} could not be drawn.", number=str(row.id)
                )
                await self.hand(request, content=language.table(row).say(failed))
            return False
        self.kept.put(key, data)
        message = self.finished(row, data)
        try:
            await self.hand(request, content=message["content"], attachments=[message["file"]])
        except DELIVERY_ERRORS:
            # The answer can no longer be edited (after 15 minutes): post it instead.
            channel = request.interaction.channel
            if isinstance(channel, discord.abc.Messageable):
                with contextlib.suppress(*DELIVERY_ERRORS):
                    await channel.send(**self.finished(row, data))
        return True

    async def hand(self, request: Request, **fields: Any) -> None:
        """The request's answer becomes ``fields``, once it went out (``Request.told``)."""
        await request.told.wait()
        await request.interaction.edit_original_response(**fields)

    async def build(self, job: Job) -> bytes:
        """The GIF, from the worker process (killed if it takes too long)."""
        self.builds += 1
        try:
            status, data, errors = await run_program(self.worker, job.to_json(), self.timeout)
        except TooLong as exc:
            raise ReplayFailed(f"no GIF after {self.timeout:g} s") from exc
        if status != 0 or not data.startswith(b"GIF"):
            raise ReplayFailed(errors.decode(errors="replace")[-500:] or "no GIF")
        return data

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
