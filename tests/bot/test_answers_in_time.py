"""A move's answer, whatever goes wrong or slow after it was
committed. An error after the commit says the move stands; a board edit that waits out
a rate limit (and anything waiting behind it, for the presenter's lock) never leaves an
interaction unanswered past Discord's 3 seconds. Nor does a slow
store (the class test is tests/bot/test_every_answer_in_time.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.chat.answers import APOLOGY, APOLOGY_AFTER_CHANGE
from tests.bot.double import InteractionResult
from tests.bot.harness import Harness
from tests.bot.stalls import Stall

#: Discord's answer to the board edit: wait this long (longer than the deadline).
RETRY_AFTER = 3.5
#: How long a slow store keeps every call waiting: longer than the deadline.
SLOW = 3.5


async def disneyland(h: Harness) -> tuple[int, int, str, str]:
    """alice and bob at Disneyland, seed 11: the channel, the game, the mover, the other."""
    channel = await h.open_table("disneyland", ["alice", "bob"], seed=11)
    row, _ = await h.state(channel)
    mover = await h.mover(channel)
    return channel, row.id, mover, next(s.id for s in row.seats if s.id != mover)


def answered_in_time(result: InteractionResult) -> bool:
    """Whether the interaction got its first answer (a deferral counts) within the
    deadline, by the double's clock of the callback: it refuses a later one."""
    return result.response is not None


async def test_an_error_after_a_committed_move_says_that_it_stands(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/play commits the roll, then showing it fails: the apology says the
    move was recorded, never "nothing was changed; try again"."""
    channel, game_id, mover, _ = await disneyland(harness)
    before = await harness.live.store.get(game_id)
    assert before is not None

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the board could not be shown")

    monkeypatch.setattr(harness.live.actions, "reply_result", broken)
    answer = await harness.play(int(mover), channel, "roll")
    assert answer.ephemeral and answer.content == APOLOGY_AFTER_CHANGE, answer.content
    after = await harness.live.store.get(game_id)
    assert after is not None and after.version > before.version
    assert [m.code for m in await harness.live.store.moves(game_id)] == ["roll"]


async def test_an_error_before_anything_changed_says_so(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other side: a failure before the commit is answered "nothing was
    changed", and nothing was."""
    channel, _, mover, _ = await disneyland(harness)
    before = await harness.dump()

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the move could not be read")

    monkeypatch.setattr(harness.live.tables, "play", broken)
    answer = await harness.play(int(mover), channel, "roll")
    assert answer.ephemeral and answer.content == APOLOGY, answer.content
    assert await harness.dump() == before


async def test_a_rate_limited_board_edit_still_answers_play_in_time(harness: Harness) -> None:
    """Discord answers the board's edit with a 429 (Retry-After 3.5 s) after
    /play rolled: the roll is acknowledged within the deadline, and the board shows it
    once the edit goes through. /game status, which waits for the same board meanwhile,
    is answered in time too."""
    d = harness.double
    channel, game_id, mover, other = await disneyland(harness)
    board = await harness.board(channel)
    limited = d.faults.add(
        f"/channels/{channel}/messages/{board.id}", 429, method="PATCH", retry_after=RETRY_AFTER
    )
    rolled = asyncio.create_task(harness.play(int(mover), channel, "roll"))
    await d.world.wait_until(lambda: limited.hits == 1, 10, "the board edit's 429")
    status = await d.slash(int(other), channel, "game status")
    played = await rolled
    assert answered_in_time(played), "the roll's answer"
    assert answered_in_time(status), "the status answer"
    final = await played.wait_final(timeout=10)
    assert final.ephemeral and final.content.startswith("✅"), final.content
    shown = await status.wait_final(timeout=10)
    assert not shown.ephemeral and "rolled" in shown.text, "a fresh copy of the board"
    await harness.settle()
    assert "rolled" in board.text, "the board was edited once Discord let it"
    row = await harness.live.store.get(game_id)
    assert row is not None and row.shown_version == row.version
    assert limited.hits == 1 and d.rate_limited == []


async def test_steps_made_while_the_board_waits_are_shown_in_one_edit(harness: Harness) -> None:
    """A burst: the board's edit for one step is held up (as a rate limit would), and
    the mover makes two more steps meanwhile. Each is answered in time; once the edit
    goes through, the two waiting showings give one more edit with the latest state
    (the latest wins), not one edit per step."""
    d = harness.double
    channel, game_id, mover, other = await disneyland(harness)
    row, state = await harness.state(channel)
    state["owners"].update({"15": mover, "7": other})  # an exchange can be written
    await harness.put_state(channel, state)
    board = await harness.board(channel)
    route = f"/channels/{channel}/messages/{board.id}"
    held = d.faults.hold(route, method="PATCH")
    steps = [f"trade:with:{other}", "trade:give:15", "trade:take:7"]
    first = await d.slash_first(int(mover), channel, "play", move=steps[0])
    while held.hits == 0:  # the board's edit, held (a hold wakes no waiter)
        await asyncio.sleep(0.01)
    rest = [await d.slash_first(int(mover), channel, "play", move=step) for step in steps[1:]]
    while len(await harness.live.store.moves(game_id)) < len(steps):  # all three committed
        await asyncio.sleep(0.01)
    edits = len([r for r in d.requests if r[0] == "PATCH" and r[1] == route])
    held.release()
    for played in (first, *rest):
        assert answered_in_time(played)
        answer = await played.wait_final(timeout=10)
        assert answer.ephemeral and answer.content.startswith("✅"), answer.content
    await harness.settle()
    assert len([r for r in d.requests if r[0] == "PATCH" and r[1] == route]) == edits + 1
    row = await harness.live.store.get(game_id)
    assert row is not None and row.shown_version == row.version
    assert board.embeds[0]["image"]["url"].endswith(f"disneyland-{row.version}.png")


async def test_stats_log_and_replay_are_answered_in_time_behind_a_slow_store(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/stats, /game log and /game replay awaited the store before
    their first answer. Behind a store slower than the deadline, each is deferred in time
    (in its answer's shape: /game log privately) and then answered."""
    d = harness.double
    channel, _, mover, other = await disneyland(harness)
    await harness.play(int(mover), channel, "roll")
    Stall(harness, monkeypatch).begin(SLOW)
    stats, log, replay = await asyncio.gather(
        d.slash(int(mover), channel, "stats"),
        d.slash(int(other), channel, "game log"),
        d.slash(d.ids["carol"], channel, "game replay"),
    )
    for what, result in (("stats", stats), ("log", log), ("replay", replay)):
        assert answered_in_time(result), what
        assert result.response_type == 5, f"{what}: deferred while the store kept it waiting"
    assert not stats.ephemeral and "Turnstile record" in stats.text
    assert log.ephemeral and "rolled" in log.content, log.content
    assert not replay.ephemeral and replay.content.startswith("🎞️"), replay.content
    assert d.violations == []
