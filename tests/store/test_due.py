"""The clock's one query: exactly the games with work due, on both backends.

A game is due when its channel is behind, when its turn clock owes a reminder or an idle
notice (by its pace and its server's overrides), or when its agreed time ran out; never a
game of another process's shards, never a cancelled one."""

from __future__ import annotations

from bot.common.pace import PACES, timing
from bot.common.shards import Shards
from bot.store import GameRow, Result
from bot.store.due import Due
from bot.store.interface import GameStore
from tests.store.reads import save_guild_settings
from tests.store.test_store import ALICE, BOB, active_game

DEFAULTS = {pace: timing(pace, {}) for pace in PACES}
LIVE, ASYNC = DEFAULTS["live"], DEFAULTS["async"]
STARTED = 2.0  # when active_game starts its games (and their first turn)


async def shown(store: GameStore, row: GameRow) -> GameRow:
    """The row once its channel saw it (what the bot records after posting)."""
    await store.mark_shown(row.id, row.version)
    fresh = await store.get(row.id)
    assert fresh is not None
    return fresh


async def running(
    store: GameStore,
    channel: int,
    guild: int | None = 1,
    pace: str = "live",
    options: dict[str, str] | None = None,
) -> GameRow:
    """A running game its channel has seen, its turn started at ``STARTED``."""
    lobby = await store.create_lobby(
        guild_id=guild,
        channel_id=channel,
        slug="disneyland",
        host=ALICE,
        options=options or {},
        seed=1,
        now=1.0,
        pace=pace,
    )
    lobby = await store.update_table(lobby, seats=[ALICE, BOB])
    return await shown(store, await store.start(lobby, lobby.seats, {"n": 0}, now=STARTED))


def by_id(due: Due) -> int:
    return due.game_id


async def due_at(store: GameStore, elapsed: float, shards: Shards | None = None) -> list[Due]:
    return await store.due(STARTED + elapsed, DEFAULTS, shards)


async def test_a_turn_is_due_for_its_reminder_and_not_before(store: GameStore) -> None:
    row = await running(store, 10)
    assert await due_at(store, LIVE.remind - 1) == []
    assert await due_at(store, LIVE.remind) == [Due(row.id, LIVE)]


async def test_after_the_reminder_only_the_idle_notice_is_due(store: GameStore) -> None:
    row = await running(store, 10)
    assert await store.mark_timer(row, "remind")
    assert await due_at(store, LIVE.idle - 1) == []
    assert await due_at(store, LIVE.idle) == [Due(row.id, LIVE)]
    assert await store.mark_timer(row, "idle")
    assert await due_at(store, 100 * LIVE.idle) == []


async def test_a_new_turn_starts_the_clock_again(store: GameStore) -> None:
    row = await running(store, 10)
    assert await store.mark_timer(row, "idle")
    moved = await shown(store, await store.commit_moves(row, [("111", "roll", [])], {}, now=50))
    assert await store.due(50 + LIVE.remind - 1, DEFAULTS) == []
    assert await store.due(50 + LIVE.remind, DEFAULTS) == [Due(moved.id, LIVE)]


async def test_the_pace_and_the_server_set_the_delays(store: GameStore) -> None:
    """A server's override wins over its pace's default; other servers keep theirs."""
    await save_guild_settings(store, 7, "live", {"live_remind": 30.0, "async_idle": 99.0})
    quick = await running(store, 10, guild=7)
    plain = await running(store, 11, guild=1)
    slow = await running(store, 12, guild=1, pace="async")
    overridden = timing("live", {"live_remind": 30.0})
    assert await due_at(store, 29) == []
    assert await due_at(store, 30) == [Due(quick.id, overridden)]
    assert await due_at(store, LIVE.remind) == [Due(quick.id, overridden), Due(plain.id, LIVE)]
    later = await due_at(store, ASYNC.remind)
    assert [d.game_id for d in later] == [quick.id, plain.id, slow.id]
    assert later[2] == Due(slow.id, ASYNC)


async def test_a_game_without_a_server_has_no_turn_clock(store: GameStore) -> None:
    await running(store, 10, guild=None)
    assert await due_at(store, 100 * ASYNC.idle) == []


async def test_an_agreed_time_limit_is_due_when_it_runs_out(store: GameStore) -> None:
    row = await running(store, 10, pace="async", options={"length": "minutes-30"})
    assert await due_at(store, 30 * 60 - 1) == []
    assert await due_at(store, 30 * 60) == [Due(row.id, ASYNC)]


async def test_a_channel_behind_is_due_until_it_is_shown(store: GameStore) -> None:
    """Lobbies, running and finished games whose latest version their channel missed;
    a cancelled game is owed nothing."""
    lobby = await store.create_lobby(
        guild_id=1, channel_id=20, slug="troolpark", host=ALICE, options={}, seed=1, now=0.0
    )
    playing = await active_game(store, channel=21)
    done = await active_game(store, channel=22)
    results = [Result("111", "Alice", 3, 1, False, False), Result("222", "Bob", 1, 2, False, False)]
    done = await store.commit_moves(done, [("111", "x", [])], {}, now=3.0, results=results)
    gone = await active_game(store, channel=23)
    await store.set_status(gone, "cancelled", now=3.0)
    behind = [Due(lobby.id), Due(playing.id), Due(done.id)]
    assert await due_at(store, 0) == behind
    await store.mark_shown(playing.id, playing.version)
    assert await due_at(store, 0) == [behind[0], behind[2]]


async def test_a_game_both_behind_and_on_the_clock_comes_once(store: GameStore) -> None:
    row = await running(store, 10)
    moved = await store.commit_moves(row, [("111", "roll", [])], {}, now=STARTED)
    assert moved.shown_version < moved.version
    assert await due_at(store, 0) == [Due(row.id)]
    assert await due_at(store, LIVE.remind) == [Due(row.id, LIVE)]


async def test_only_the_games_of_this_process_s_shards(store: GameStore) -> None:
    """Shards 0 and 2 of 3: the games of a guild on shard 1 are another process's."""
    guilds = {(g >> 22) % 3: g for g in ((1_000_000 + n) << 22 for n in range(3))}
    games = {s: await running(store, 100 + s, guild=g) for s, g in guilds.items()}
    behind = await active_game(store, channel=200, guild=guilds[1])
    mine = await due_at(store, LIVE.remind, Shards(3, (0, 2)))
    assert mine == sorted([Due(games[0].id, LIVE), Due(games[2].id, LIVE)], key=by_id)
    theirs = await due_at(store, LIVE.remind, Shards(3, (1,)))
    assert [d.game_id for d in theirs] == [games[1].id, behind.id]
    assert len(await due_at(store, LIVE.remind)) == 4
