"""One pass per move. A move reads the game once (the gate's read),
commits once, and the presenter shows what was committed without reading it back; a
move handed a game that moved on meanwhile is played on the game as it stands, as if it
had been read under the lock."""

from __future__ import annotations

import functools
import inspect
from collections import Counter
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import pytest

from bot.store.interface import GameStore
from engine import Rng, get_game
from tests.bot.harness import Harness
from tests.bot.worlds import World

#: What the clock asks of the store meanwhile (the test's own reads are not the interface's).
NOT_THE_MOVE = {"due"}


#: Set while a counted call runs: what a store calls of itself (a commit reading its row
#: back) is part of that call.
INSIDE: ContextVar[bool] = ContextVar("inside_a_store_call", default=False)


def count_calls(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every call of the store's interface from now on, by name."""
    counts: Counter[str] = Counter()

    def counted(name: str, method: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
        @functools.wraps(method)
        async def call(*args: Any, **kwargs: Any) -> Any:
            if INSIDE.get():
                return await method(*args, **kwargs)
            counts[name] += 1
            token = INSIDE.set(True)
            try:
                return await method(*args, **kwargs)
            finally:
                INSIDE.reset(token)

        return call

    for name, member in inspect.getmembers(GameStore):
        if inspect.iscoroutinefunction(member):
            monkeypatch.setattr(store, name, counted(name, getattr(store, name)))
    return counts


async def test_a_move_reads_the_game_once_and_commits_once(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/play`` on a game nobody else is playing: the gate's read is the only read of the
    game, one commit, the log lines the board lists and one record of what the channel
    shows; the board is edited to the new version all the same."""
    channel = await harness.open_table("disneyland", ["alice", "bob"], seed=11)
    board = await harness.board(channel)
    mover = int(await harness.mover(channel))
    calls = count_calls(harness.live.store, monkeypatch)
    played = await harness.play(mover, channel, "roll")
    await harness.settle()
    made = Counter({name: n for name, n in calls.items() if name not in NOT_THE_MOVE})
    assert played.content.startswith("✅") or not played.ephemeral, played.content
    assert made["open_game_in"] == 1 and made["get"] == 0, made
    assert made["commit_moves"] == 1, made
    assert made["last_seq"] == 0 and made["undo_top"] == 0, "nothing read back"
    assert made["show_step"] + made["show_turn"] == 1, made
    assert sum(made.values()) <= 5, made
    row = await harness.live.store.open_game_in(channel)
    assert row is not None and row.shown_version == row.version
    shown = await harness.board(channel)
    assert shown.embeds[0]["image"]["url"].endswith(f"disneyland-{row.version}.png")
    assert shown.id == board.id or "rolled" in shown.text


async def test_a_move_on_a_game_that_moved_on_is_played_as_it_stands(tmp_path: Path) -> None:
    """The game service is handed the game as it was read before another move was
    committed (two players acting at the same moment): the move is played on the game as
    it stands, exactly as two moves one after the other, whether it was still legal on
    the old reading (a commit on an old version is refused, so it is played again) or
    not (an illegal move is looked at again on the game as it stands)."""
    world = await World.start(tmp_path / "t.sqlite3", "troolpark", 2, seed=5, options={})
    try:
        game = get_game("troolpark")
        rng = Rng.from_seed(1)
        while len(game.to_move(state := await world.state())) < 2:
            seat = game.waiting_for(state)[0]
            await world.play(seat, game.ai_move(state, seat, rng, "easy"))
        first, second = game.to_move(state)
        before = await world.row()
        expected, _ = game.play(state, first, "choose:A")
        expected, _ = game.play(expected, second, "choose:B")
        await world.play(first, "choose:A")
        # ``before`` is the game as read before that: "choose:B" is legal on both.
        result = await world.tables.play(before, second, ["choose:B"])
        after = await world.row()
        assert result.row.version == after.version == before.version + 2
        assert game.dump(await world.state()) == game.dump(expected)
        log = [(m.seat, m.code) for m in await world.store.moves(world.game_id)]
        assert log[-2:] == [(first, "choose:A"), (second, "choose:B")]
    finally:
        await world.close()


async def test_a_move_illegal_on_an_old_reading_is_played_on_the_game_as_it_stands(
    tmp_path: Path,
) -> None:
    """Handed the game as it was before the mover's roll, the step after the roll is
    illegal on that reading and legal now: it is played on the game as it stands."""
    world = await World.start(tmp_path / "d.sqlite3", "disneyland", 2, seed=11, options={})
    try:
        game = get_game("disneyland")
        state = await world.state()
        mover = game.waiting_for(state)[0]
        before = await world.row()
        await world.play(mover, "roll")
        now = await world.state()
        step = game.legal_moves(now, mover)[0].code
        assert step not in {m.code for m in game.legal_moves(state, mover)}
        result = await world.tables.play(before, mover, [step])
        assert result.row.version == before.version + 2
        log = [m.code for m in await world.store.moves(world.game_id)]
        assert log[-2:] == ["roll", step]
    finally:
        await world.close()
