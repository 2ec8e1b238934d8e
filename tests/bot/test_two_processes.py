"""Two real bot processes, shards 0 and 1 of 2, share one PostgreSQL and the
Discord double. A complete game is played in a guild on each shard; each process is killed
with SIGKILL just after a move committed and before its answer got out; each is restarted
(shard 0 twice at once, as an overlapping deploy would). Nothing is lost, nothing is
posted twice, and a process never touches the other shard's games."""

from __future__ import annotations

import asyncio
import collections
import signal
from pathlib import Path

from bot.common.config import DatabaseSettings
from bot.store.interface import GameStore
from bot.store.opening import open_store
from engine import get_game
from tests.bot.bot_process import BotProcess, poll
from tests.bot.double import DiscordDouble, MessageRecord
from tests.store.reads import games_with_status, results_of

SLUG = "disneyland"


class Table:
    """One game in one guild, and every move the test made in it."""

    def __init__(self, double: DiscordDouble, store: GameStore, guild: int, users: list[int]):
        self.d = double
        self.store = store
        self.channel = double.add_channel(guild, "games")
        self.users = users
        self.sent: list[str] = []

    async def open(self) -> None:
        host, *others = self.users
        opened = await self.d.slash(host, self.channel, f"game new {SLUG}", length="rounds-10")
        assert not opened.ephemeral
        for user in others:
            assert not (await self.d.slash(user, self.channel, "game join")).ephemeral
        started = await self.d.slash(host, self.channel, "game start")
        assert started.response is not None and "Sorry" not in started.content
        # The game is played in a thread grown from its lobby message.
        [moved] = await self.store.open_games_under(self.channel)
        self.channel = moved.channel_id

    async def next_move(self) -> tuple[int, str] | None:
        """Who moves and a legal code (from the bot's own autocomplete); None when over."""
        row = await self.store.open_game_in(self.channel)
        if row is None:
            return None
        assert row.snapshot is not None
        game = get_game(row.slug)
        user = int(game.waiting_for(game.load(row.snapshot))[0])
        choices = await self.d.autocomplete(
            user, self.channel, "play", {"move": ""}, focused="move"
        )
        codes = [c["value"] for c in choices]
        assert codes, "the mover always has legal moves"
        return user, next((c for c in codes if c in ("roll", "rent")), codes[0])

    async def play(self, moves: int | None = None) -> None:
        """Play ``moves`` moves (all, to the end, when None); each is answered (by a new
        turn message, or privately with a link when it edited the turn's board)."""
        while moves is None or moves > 0:
            move = await self.next_move()
            if move is None:
                return
            user, code = move
            result = await self.d.slash(user, self.channel, "play", move=code)
            assert result.response is not None and "Sorry" not in result.content, result.content
            self.sent.append(code)
            moves = None if moves is None else moves - 1

    async def crash_during_a_move(self, bot: BotProcess) -> int:
        """The next move commits; the first request that would show it (the answer with a
        new turn message, or the edit of the turn's board) is held at the double, and the
        process is killed right then; returns the version nobody has seen."""
        move = await self.next_move()
        assert move is not None
        user, code = move
        held = [
            self.d.faults.add(route, 500, delay=20, times=1)
            for route in ("/callback", f"/channels/{self.channel}/messages")
        ]
        answer = asyncio.create_task(self.d.slash(user, self.channel, "play", move=code))
        await poll(lambda: any(f.hits for f in held), 10, "the move's board on its way")
        await bot.end(signal.SIGKILL)
        assert (await answer).response is None
        for fault in held:
            self.d.faults.remove(fault)
        self.sent.append(code)
        row = await self.store.open_game_in(self.channel)
        assert row is not None and row.shown_version < row.version
        return row.version

    def boards(self) -> list[MessageRecord]:
        return [m for m in self.d.messages(self.channel) if m.attachments]

    def board_of(self, version: int) -> list[MessageRecord]:
        """The messages that show ``version`` now (a turn message edited since shows a
        later one)."""
        return [m for m in self.boards() if m.attachments[0][0] == f"{SLUG}-{version}.png"]

    def posts(self) -> int:
        """New messages the bot sent to the channel (not its edits)."""
        route = f"/channels/{self.channel}/messages"
        return sum(1 for method, path, _ in self.d.requests if method == "POST" and path == route)

    async def check_complete(self) -> None:
        """Every move made is logged once, in order; the game finished with its results;
        no version is shown in two messages (nothing posted twice), the boards come in
        order, and the last one is the final card with the final board."""
        finished = [g for g in await games_with_status(self.store, "finished")]
        [row] = [g for g in finished if g.channel_id == self.channel]
        assert [m.code for m in await self.store.moves(row.id)] == self.sent
        assert len(await results_of(self.store, row.id)) == len(self.users)
        shown: list[int] = []

        async def seen() -> bool:
            fresh = await self.store.get(row.id)
            shown[:] = [fresh.shown_version if fresh else -1]
            return shown[0] == row.version

        # The bot records what the channel saw just after the answer went out.
        for _ in range(250):
            if await seen():
                break
            await asyncio.sleep(0.02)
        assert shown == [row.version]
        names = [m.attachments[0][0] for m in self.boards()]
        assert max(collections.Counter(names).values()) == 1, names
        versions = [int(name.removeprefix(f"{SLUG}-").removesuffix(".png")) for name in names]
        assert versions == sorted(versions) and versions[-1] == row.version, versions
        assert "final results" in self.boards()[-1].text, "the last board is the final card"


async def test_two_processes_survive_a_kill_and_post_nothing_twice(
    postgres_url: str, tmp_path: Path
) -> None:
    async with DiscordDouble(shard_count=2) as d:
        guilds = [d.add_guild(f"shard {n}", shard=n) for n in (0, 1)]
        users = [d.add_user(name) for name in ("alice", "bob")]
        store = await open_store(DatabaseSettings(url=postgres_url))
        first, second = (Table(d, store, guild, users) for guild in guilds)
        bots = [BotProcess(d, postgres_url, n, 2, tmp_path) for n in (0, 1)]
        started: list[BotProcess] = []
        try:
            for bot in bots:
                started.append(bot)
                await bot.start()
                assert "event loop: uvloop" in bot.log.read_text(errors="replace"), "on uvloop"
            await first.open()  # the lower game id: a clock sweeping every shard meets it first
            await second.open()
            await first.play(4)
            await second.play(4)

            unseen_first = await first.crash_during_a_move(bots[0])
            await second.play(3)  # shard 1 plays on while shard 0 is down
            unseen_second = await second.crash_during_a_move(bots[1])
            assert first.board_of(unseen_first) == second.board_of(unseen_second) == []

            bots[1] = BotProcess(d, postgres_url, 1, 2, tmp_path)
            started.append(bots[1])
            await bots[1].start()  # its resume shows shard 1's missed board...
            assert len(second.board_of(unseen_second)) == 1
            assert first.board_of(unseen_first) == [], "...and leaves shard 0's alone"

            # Two processes for shard 0 resume at once; the first request showing the
            # missed board is held until both have gone over their games, so both find it
            # owed: one shows it, the other leaves it (and finds it shown afterwards).
            posts = first.posts()
            held = d.faults.add(f"/channels/{first.channel}/messages", None, delay=6)
            twins = [BotProcess(d, postgres_url, 0, 2, tmp_path) for _ in range(2)]
            started += twins
            await asyncio.gather(*(twin.start() for twin in twins))
            assert held.hits == 1 and len(first.board_of(unseen_first)) == 1, "shown once"
            assert first.posts() - posts <= 1, "at most one new message (a new turn)"
            await twins[1].end(signal.SIGTERM)

            await asyncio.gather(first.play(), second.play())
            await first.check_complete()
            await second.check_complete()
        except BaseException:
            for bot in started:
                print(f"--- shard {bot.shard} ({bot.log.name}):\n{bot.output()}")
            raise
        finally:
            for bot in started:
                await bot.end(signal.SIGKILL)
            await store.close()
