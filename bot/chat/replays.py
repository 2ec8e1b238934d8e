"""``/game replay``: animated GIFs, built so that they never slow a move down.

A replay redraws a whole game (seconds of CPU), so it gets its own bounded worker: one
replay at a time, in a separate process at a lower priority (``bot.table.replay_worker``), fed
by a short queue; whoever asks while another is being built is told their place. Each
person and each server has a cooldown, and finished GIFs are kept by (game, version), so
asking again for the same moment costs nothing.

The queue is shared by every server, so it is shared fairly: a person has at most one
replay queued or being drawn (a cooldown alone let one person, asking from several
servers, keep it full), and a server at most all places but one, so another server always
finds room.

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
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.chat import language
from bot.chat.delivery import DELIVERY_ERRORS
from bot.chat.messages import names, row_title
from bot.chat.options import channel_id
from bot.common.errors import UserError
from bot.store import GameRow
from bot.table.replay_worker import Job
from bot.table.service import Tables
from engine.text import tx, txn

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

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

    @property
    def guild_id(self) -> int | None:
        return self.interaction.guild_id


class Replays:
    def __init__(
        self,
        client: discord.Client,
        tables: Tables,
        *,
        clock: Callable[[], float] = time.monotonic,
        user_cooldown: float = 60.0,
        guild_cooldown: float = 15.0,
        queue_limit: int = 3,
        server_share: int | None = None,
        timeout: float = 300.0,
        cache_bytes: int = 32 * 1024 * 1024,
        worker: Sequence[str] = WORKER,
    ) -> None:
        self.client = client
        self.tables = tables
        self.clock = clock
        self.user_cooldown = user_cooldown
        self.guild_cooldown = guild_cooldown
        self.queue_limit = queue_limit
        #: Places of the queue one server may hold (default: all but one).
        self.server_share = server_share
        self.timeout = timeout
        self.cache_bytes = cache_bytes
        self.worker = list(worker)
        self.builds = 0
        self._cache: OrderedDict[Key, bytes] = OrderedDict()
        self._queue: list[Request] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._asked: dict[tuple[str, int], float] = {}

    # ---------- asking ----------

    async def ask(self, interaction: Interaction, game_id: int | None) -> None:
        """``/game replay [game_id]``: this channel's game, or a game of this server."""
        if game_id is None:
            row = await self.tables.game_in(channel_id(interaction))
        else:
            found = await self.tables.store.get(game_id)
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
        await self.request(interaction, row)

    async def can_view(self, interaction: Interaction, channel_id: int) -> bool:
        """Whether the member who asks can see that channel or thread: View Channel there
        (a thread: in its parent), and a private thread's membership (or Manage Threads)."""
        if channel_id == interaction.channel_id:
            return True
        member = interaction.user
        guild = interaction.guild
        if not isinstance(member, discord.Member) or guild is None:
            return False
        place = guild.get_channel_or_thread(channel_id)
        if place is None:
            try:
                fetched = await self.client.fetch_channel(channel_id)
            except DELIVERY_ERRORS:
                return False
            if not isinstance(fetched, discord.abc.GuildChannel | discord.Thread):
                return False
            place = fetched
        try:
            permissions = place.permissions_for(member)
        except discord.ClientException:  # a thread whose parent is unknown
            return False
        if not permissions.view_channel:
            return False
        if isinstance(place, discord.Thread) and place.is_private():
            if permissions.manage_threads:
                return True
            try:
                await place.fetch_member(member.id)
            except DELIVERY_ERRORS:  # 404 Unknown Member: not in the thread
                return False
        return True

    async def request(self, interaction: Interaction, row: GameRow) -> None:
        """Answer a checked request for ``row``'s replay: from the cache at once, else
        queued (saying so); refused while a cooldown runs or the queue is full."""
        self.check_cooldowns(interaction)
        key = (row.id, row.version)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            self.start_cooldowns(interaction)
            await interaction.response.send_message(**self.finished(row, cached))
            return
        self.check_share(interaction)
        moves = await self.tables.store.moves(row.id)
        lang = language.table(row)
        job = Job(
            slug=row.slug,
            seats=[s.id for s in row.seats],
            seed=row.seed,
            options=dict(row.options),
            moves=[(m.seat, m.code) for m in moves],
            names=names(row, lang),
            language=lang.code,
        )
        ahead = len(self._queue)
        self.start_cooldowns(interaction)
        self._queue.append(Request(interaction, row, job))
        self._wake.set()
        self.ensure_worker()
        if ahead == 0:
            drawing = tx(
                "🎞️ Drawing the replay of {game} game #{number} (next); "
                "it appears here when it is ready.",
                game=row_title(row),
                number=str(row.id),
            )
        else:
            drawing = txn(
                "🎞️ Drawing the replay of {game} game #{number} (queued behind {count} other "
                "replay); it appears here when it is ready.",
                "🎞️ Drawing the replay of {game} game #{number} (queued behind {count} other "
                "replays); it appears here when it is ready.",
                ahead,
                game=row_title(row),
                number=str(row.id),
            )
        await interaction.response.send_message(
            lang.say(drawing),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    def check_share(self, interaction: Interaction) -> None:
        """Refuse a request beyond the asker's fair share of the queue: one replay per
        person at a time, all places but one per server, the queue's length in all."""
        queue = self._queue
        mine = next((r for r in queue if r.user_id == interaction.user.id), None)
        if mine is not None:
            if mine is queue[0]:
                raise UserError(
                    tx(
                        "Your replay of game #{number} is still being drawn: one at a time "
                        "per person. Ask for this one once it is out.",
                        number=str(mine.row.id),
                    )
                )
            raise UserError(
                tx(
                    "Your replay of game #{number} is still number {place} in line: one at a "
                    "time per person. Ask for this one once it is out.",
                    number=str(mine.row.id),
                    place=queue.index(mine) + 1,
                )
            )
        if len(queue) >= self.queue_limit:
            raise UserError(
                txn(
                    "Replays are busy: {count} is waiting to be drawn. Ask again in a few minutes.",
                    "Replays are busy: {count} are waiting to be drawn. Ask again in a few "
                    "minutes.",
                    len(queue),
                )
            )
        share = self.server_share or max(1, self.queue_limit - 1)
        here = sum(1 for r in queue if r.guild_id == interaction.guild_id)
        if here >= share:
            raise UserError(
                txn(
                    "This server already has {count} replay waiting to be drawn; the other "
                    "places are kept for other servers. Ask again once one is out.",
                    "This server already has {count} replays waiting to be drawn; the other "
                    "places are kept for other servers. Ask again once one is out.",
                    here,
                )
            )

    def check_cooldowns(self, interaction: Interaction) -> None:
        now = self.clock()
        user = self._asked.get(("user", interaction.user.id))
        if user is not None and now - user < self.user_cooldown:
            wait = self.user_cooldown - (now - user)
            raise UserError(
                tx("You can ask for another replay in {seconds} s.", seconds=round(wait))
            )
        guild = self._asked.get(("guild", interaction.guild_id or 0))
        if guild is not None and now - guild < self.guild_cooldown:
            wait = self.guild_cooldown - (now - guild)
            raise UserError(
                tx(
                    "A replay was just asked for on this server: try in {seconds} s.",
                    seconds=round(wait),
                )
            )

    def start_cooldowns(self, interaction: Interaction) -> None:
        now = self.clock()
        self._asked[("user", interaction.user.id)] = now
        self._asked[("guild", interaction.guild_id or 0)] = now
        for key, when in list(self._asked.items()):
            if now - when > max(self.user_cooldown, self.guild_cooldown):
                del self._asked[key]

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
        """Build queued replays one at a time, for as long as the bot runs."""
        while True:
            while not self._queue:
                self._wake.clear()
                await self._wake.wait()
            request = self._queue[0]
            try:
                await self.serve(request)
            except Exception:
                log.exception("replay of game %s failed", request.row.id)
            finally:
                self._queue.pop(0)

    async def serve(self, request: Request) -> None:
        row = request.row
        key = (row.id, row.version)
        try:
            data = self._cache.get(key) or await self.build(request.job)
        except ReplayFailed as exc:
            log.warning("replay of game %s failed: %s", row.id, exc)
            with contextlib.suppress(*DELIVERY_ERRORS):
                failed = tx(
                    "Sorry, the replay of game #{number} could not be drawn.", number=str(row.id)
                )
                await request.interaction.edit_original_response(
                    content=language.table(row).say(failed)
                )
            return
        self.keep(key, data)
        message = self.finished(row, data)
        try:
            await request.interaction.edit_original_response(
                content=message["content"], attachments=[message["file"]]
            )
        except DELIVERY_ERRORS:
            # The answer can no longer be edited (after 15 minutes): post it instead.
            channel = request.interaction.channel
            if isinstance(channel, discord.abc.Messageable):
                with contextlib.suppress(*DELIVERY_ERRORS):
                    await channel.send(**self.finished(row, data))

    async def build(self, job: Job) -> bytes:
        """The GIF, from the worker process (killed if it takes too long)."""
        self.builds += 1
        process = await asyncio.create_subprocess_exec(
            *self.worker,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            data, errors = await asyncio.wait_for(process.communicate(job.to_json()), self.timeout)
        except TimeoutError as exc:
            raise ReplayFailed(f"no GIF after {self.timeout:g} s") from exc
        finally:
            if process.returncode is None:  # timed out, or the bot is closing
                process.kill()
                await process.wait()
        if process.returncode != 0 or not data.startswith(b"GIF"):
            raise ReplayFailed(errors.decode(errors="replace")[-500:] or "no GIF")
        return data

    def keep(self, key: Key, data: bytes) -> None:
        """Remember a GIF, forgetting the least recently used beyond the cache's size."""
        self._cache[key] = data
        self._cache.move_to_end(key)
        while sum(len(d) for d in self._cache.values()) > self.cache_bytes and self._cache:
            self._cache.popitem(last=False)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
