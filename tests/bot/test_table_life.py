"""Table life through the Discord double with a controllable clock: reminders,
idle votes and AI takeover, leaving and rejoining, timers across restarts, lasting
results, /stats, /leaderboard and /game replay."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from bot.common.pace import DEFAULTS, timing
from renders.replay import LAST_FRAME_MS, pick_frames
from tests.bot.double import InteractionResult, MessageRecord
from tests.bot.harness import Harness
from tests.bot.stores import POSTGRESQL, on_store
from tests.store.reads import games_with_status, results_of


async def start_game(
    h: Harness, players: list[str], channel_key: str = "channel", **options: str
) -> int:
    d = h.double
    channel = d.ids[channel_key]
    await d.slash(d.ids[players[0]], channel, "game new disneyland", **options)
    for name in players[1:]:
        r = await d.slash(d.ids[name], channel, "game join")
        assert not r.ephemeral, r.content
    where, _ = await h.start_game(d.ids[players[0]], channel)
    return where


async def play_one(h: Harness, channel: int) -> str:
    """The mover plays their first legal move; returns who moved."""
    mover = await h.mover(channel)
    choices = await h.choices(int(mover), channel)
    code = next(
        (c["value"] for c in choices if c["value"] in ("roll", "rent")), choices[0]["value"]
    )
    r = await h.play(int(mover), channel, code)
    assert r.content.startswith("✅") or not r.ephemeral, r.content
    return mover


async def leave(h: Harness, name: str, channel: int) -> InteractionResult:
    """/game leave, then the confirmation button on the ephemeral answer."""
    d = h.double
    ask = await d.slash(d.ids[name], channel, "game leave")
    assert ask.ephemeral and ask.original is not None
    return await d.click(d.ids[name], ask.original, ask.original.buttons()[0][0])


def reminders(h: Harness, channel: int, seat: str) -> list[MessageRecord]:
    return [
        m for m in h.double.messages(channel) if m.content.startswith("⏰") and seat in m.content
    ]


async def test_a_reminder_fires_once(harness: Harness) -> None:
    channel = await start_game(harness, ["alice", "bob"], pace="live")
    mover = await harness.mover(channel)
    harness.clock.advance(DEFAULTS["live_remind"] - 5)
    await harness.live.clockwork.tick()
    assert reminders(harness, channel, mover) == []
    harness.clock.advance(10)
    await harness.live.clockwork.tick()
    await harness.live.clockwork.tick()
    assert len(reminders(harness, channel, mover)) == 1
    assert f"<@{mover}>" in reminders(harness, channel, mover)[0].content


async def test_a_stale_timer_after_the_turn_moved_on_does_nothing(harness: Harness) -> None:
    channel = await start_game(harness, ["alice", "bob"], pace="live")
    old, _ = await harness.state(channel)
    harness.clock.advance(DEFAULTS["live_remind"] + 1)
    await play_one(harness, channel)
    assert await harness.live.store.mark_timer(old, "remind") is False
    await harness.live.clockwork.turn_clock(old, harness.clock(), timing("live", {}))
    await harness.live.clockwork.tick()
    assert not any(m.content.startswith("⏰") for m in harness.double.messages(channel))


async def test_a_timer_survives_a_restart(harness: Harness) -> None:
    channel = await start_game(harness, ["alice", "bob"], pace="async")
    mover = await harness.mover(channel)
    harness.clock.advance(DEFAULTS["async_remind"] + 60)
    await harness.restart()
    await harness.live.clockwork.tick()
    assert len(reminders(harness, channel, mover)) == 1
    await harness.restart()
    await harness.live.clockwork.tick()
    assert len(reminders(harness, channel, mover)) == 1, "sent once, even across restarts"


async def test_an_idle_vote_hands_the_seat_to_the_ai_and_the_game_finishes(
    harness: Harness,
) -> None:
    d = harness.double
    channel = await start_game(harness, ["alice", "bob", "carol"], length="rounds-10")
    idle = await harness.mover(channel)
    harness.clock.advance(DEFAULTS["live_idle"] + 1)
    await harness.live.clockwork.tick()
    notice = d.messages(channel)[-1]
    assert notice.content.startswith("💤") and f"<@{idle}>" in notice.content
    vote = next(b[0] for b in notice.buttons() if b[0].endswith(":ai"))
    denied = await d.click(int(idle), notice, vote)
    assert denied.ephemeral and "other players" in denied.content
    voters = [str(d.ids[n]) for n in ("alice", "bob", "carol") if str(d.ids[n]) != idle]
    first = await d.click(int(voters[0]), notice, vote)
    assert first.ephemeral and "1 of 2" in first.content
    await d.click(int(voters[1]), notice, vote)
    row, _ = await harness.state(channel)
    assert row.seat(idle).ai and row.seat(idle).ai_played
    for _ in range(400):
        if await harness.live.store.open_game_in(channel) is None:
            break
        assert await harness.mover(channel) != idle, "the AI plays the idle seat"
        await play_one(harness, channel)
    finished = (await games_with_status(harness.live.store, "finished"))[0]
    results = {r.seat_id: r for r in await results_of(harness.live.store, finished.id)}
    # An idle vote makes no leaver: the seat is rated on the
    # finish the AI made of it; the seat still remembers that the AI played it.
    assert not results[idle].ai_played and not results[voters[0]].ai_played
    seat = finished.seat(idle)
    assert seat is not None and seat.ai_played


async def test_moving_before_the_vote_passes_keeps_the_seat(harness: Harness) -> None:
    d = harness.double
    channel = await start_game(harness, ["alice", "bob", "carol"])
    harness.clock.advance(DEFAULTS["live_idle"] + 1)
    await harness.live.clockwork.tick()
    notice = d.messages(channel)[-1]
    idle = await play_one(harness, channel)
    vote = next(b[0] for b in notice.buttons() if b[0].endswith(":ai"))
    other = next(str(d.ids[n]) for n in ("alice", "bob", "carol") if str(d.ids[n]) != idle)
    late = await d.click(int(other), notice, vote)
    assert late.ephemeral and "closed" in late.content
    row, _ = await harness.state(channel)
    assert not row.seat(idle).ai


async def test_leaving_mid_game_hands_the_seat_to_the_ai_and_passes_hosting(
    harness: Harness,
) -> None:
    d = harness.double
    channel = await start_game(harness, ["alice", "bob"])
    confirm = await leave(harness, "alice", channel)
    assert confirm.response_type == 7
    row, _ = await harness.state(channel)
    assert row.seat(str(d.ids["alice"])).ai and row.host_id == str(d.ids["bob"])
    back = await d.slash(d.ids["alice"], channel, "game rejoin")
    row, _ = await harness.state(channel)
    assert not back.content.startswith("Sorry")
    assert row.seat(str(d.ids["alice"])).ai is False or row.seat(str(d.ids["alice"])).returning
    await leave(harness, "bob", channel)
    if row.seat(str(d.ids["alice"])).ai is False:
        row, _ = await harness.state(channel)
        assert row.host_id == str(d.ids["alice"])


async def test_a_table_with_only_ai_seats_left_ends(harness: Harness) -> None:
    channel = await start_game(harness, ["alice", "bob"])
    for name in ("alice", "bob"):
        await leave(harness, name, channel)
    assert await harness.live.store.open_game_in(channel) is None
    assert (await games_with_status(harness.live.store, "cancelled"))[0].slug == "disneyland"


async def test_stats_and_leaderboard_count_wins(harness: Harness) -> None:
    d = harness.double
    channel = await start_game(harness, ["alice", "bob"], length="rounds-10")
    for _ in range(400):
        if await harness.live.store.open_game_in(channel) is None:
            break
        await play_one(harness, channel)
    finished = (await games_with_status(harness.live.store, "finished"))[0]
    results = await results_of(harness.live.store, finished.id)
    winners = {r.seat_id for r in results if r.rank == 1}
    for name in ("alice", "bob"):
        stats = await d.slash(d.ids[name], channel, "stats")
        text = str(stats.embeds)
        wins = 1 if str(d.ids[name]) in winners else 0
        assert f"1 game · {wins} {'win' if wins == 1 else 'wins'}" in text
    wins_board = await d.slash(
        d.ids["alice"], channel, "leaderboard", game="disneyland", board="wins"
    )
    assert "alice" in str(wins_board.embeds) and "bob" in str(wins_board.embeds)
    # The rating board lists a person after rated games against three different people:
    # one opponent is not enough yet, and the board says why.
    rating_board = await d.slash(
        d.ids["alice"], channel, "leaderboard", game="disneyland", board="rating"
    )
    assert "alice" not in str(rating_board.embeds) and "bob" not in str(rating_board.embeds)
    assert "against 3 different people" in str(rating_board.embeds)
    empty = await d.slash(d.ids["alice"], channel, "leaderboard", game="troolpark", board="wins")
    assert "Nobody is on this board yet" in str(empty.embeds)


async def test_a_cancelled_game_is_not_counted(harness: Harness) -> None:
    d = harness.double
    channel = await start_game(harness, ["alice", "bob"])
    await play_one(harness, channel)
    await d.slash(d.ids["alice"], channel, "game cancel")
    stats = await d.slash(d.ids["alice"], channel, "stats")
    assert "No finished games" in str(stats.embeds)


@on_store(POSTGRESQL)
async def test_replay_gif_has_one_frame_per_public_state(harness: Harness) -> None:
    d = harness.double
    channel = await start_game(harness, ["alice", "bob"])
    for _ in range(6):
        await play_one(harness, channel)
    row, _ = await harness.state(channel)
    moves = await harness.live.store.moves(row.id)
    r = await d.slash(d.ids["alice"], channel, "game replay")
    assert not r.ephemeral and "replay" in r.content.lower()
    await d.world.wait_until(lambda: r.attachments, 60, "the replay GIF")
    name, data = r.attachments[0]
    assert name.endswith(".gif") and len(data) <= 10 * 1024 * 1024
    gif = Image.open(io.BytesIO(data))
    assert getattr(gif, "n_frames", 1) == len(moves) + 1


async def test_settings_need_manage_server(harness: Harness) -> None:
    d = harness.double
    channel = d.ids["channel"]
    denied = await d.slash(d.ids["alice"], channel, "game settings", default_pace="async")
    assert denied.ephemeral and "Manage Server" in denied.content
    ok = await d.slash(
        d.ids["admin"], channel, "game settings", default_pace="async", live_remind=1
    )
    assert ok.ephemeral and "async" in ok.content and "remind after 1 min" in ok.content
    lobby = await d.slash(d.ids["alice"], channel, "game new disneyland")
    assert "Pace: **async**" in lobby.text
    row = await harness.live.store.open_game_in(channel)
    assert row is not None and row.pace == "async"


async def test_after_a_restart_an_ai_seat_whose_turn_it_is_moves_on(harness: Harness) -> None:
    """docs/ARCHITECTURE.md §5: on start-up the bot resumes every active game."""
    channel = await start_game(harness, ["alice", "bob"])
    row, _ = await harness.state(channel)
    mover = await harness.mover(channel)
    seats = [replace(s, ai=True, ai_played=True) if s.id == mover else s for s in row.seats]
    await harness.live.store.update_table(row, seats=seats)  # as if the bot died right here
    mark = harness.double.messages(channel)[-1].id
    await harness.restart()
    update = await harness.double.wait_for_message(
        channel, lambda m: bool(m.attachments), after=mark, timeout=10
    )
    assert update.image().startswith(b"\x89PNG")
    moved = await harness.live.store.moves(row.id)
    assert moved and moved[-1].seat == mover


async def test_an_agreed_time_ends_the_game_when_it_runs_out(harness: Harness) -> None:
    """Disneyland "End of the Game": the bot, as game leader, calls time on a timed game."""
    channel = await start_game(harness, ["alice", "bob"], length="minutes-30")
    await play_one(harness, channel)
    harness.clock.advance(29 * 60)
    await harness.live.clockwork.tick()
    assert await harness.live.store.open_game_in(channel) is not None
    harness.clock.advance(2 * 60)
    await harness.live.clockwork.tick()
    while (row := await harness.live.store.open_game_in(channel)) is not None:
        await play_one(harness, channel)  # the turn under way is finished first
        assert row.status == "active"
    final = [m for m in harness.double.messages(channel) if "final results" in m.text]
    assert final and final[-1].embed_image().startswith(b"\x89PNG")
    shown = [r for m in harness.double.messages(channel) for r in m.revisions]
    assert any("Time is up" in r for r in shown)
    finished = (await games_with_status(harness.live.store, "finished"))[0]
    assert len(await results_of(harness.live.store, finished.id)) == 2
    log = await harness.live.store.moves(finished.id)
    assert ("@leader", "timeup") in [(m.seat, m.code) for m in log]
    replay = await harness.double.slash(
        harness.double.ids["alice"], channel, "game replay", game_id=finished.id
    )
    await harness.double.world.wait_until(lambda: replay.attachments, 60, "the replay GIF")
    gif = Image.open(io.BytesIO(replay.attachments[0][1]))
    frames = len(pick_frames(len(log) + 1))  # long games: evenly spread, first and last
    assert getattr(gif, "n_frames", 1) == frames, "the leader's move replays too"
    gif.seek(frames - 1)
    assert gif.info["duration"] == LAST_FRAME_MS, "the last frame is the final board"


async def test_a_solo_player_against_robots_gets_no_vote_nobody_could_cast(
    harness: Harness,
) -> None:
    d = harness.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new disneyland")
    await d.slash(d.ids["alice"], channel, "game addbot", level="easy")
    channel, _ = await harness.start_game(d.ids["alice"], channel)
    harness.clock.advance(DEFAULTS["live_idle"] + 1)
    await harness.live.clockwork.tick()
    await harness.live.clockwork.tick()
    texts = [m.content for m in d.messages(channel)]
    assert not any(t.startswith("💤") for t in texts)
    reminders = [t for t in texts if t.startswith("⏰")]
    assert len(reminders) == 1 and f"<@{d.ids['alice']}>" in reminders[0]
