"""The turn message's records (migration 6) on both backends: the turn mark a
commit leaves, what the channel's turn message shows, and the steps a seat may take back.
The bot's tests show these through the double; here each promise of the store is checked
directly, so SQLite and PostgreSQL are held to the same answers."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import UNDO_DEPTH, Conflict, GameRow, UndoStep
from bot.store.interface import GameStore
from tests.store.backends import Backend
from tests.store.reads import forget_undo, unshown
from tests.store.test_store import active_game


async def fresh(store: GameStore, row: GameRow) -> GameRow:
    found = await store.get(row.id)
    assert found is not None
    return found


async def test_the_turn_migration_counts_the_whole_log_as_shown(backend: Backend) -> None:
    """Games under way before the turn message: their log is all shown already, so the
    first turn message after the upgrade does not repeat it."""
    await backend.at_schema(
        5,
        [
            "INSERT INTO games (id, channel_id, slug, status, host_id, seats, seed, options, "
            f"created_at) VALUES ({game}, {game}, 'disneyland', 'active', '1', '[]', 1, '{{}}', 0)"
            for game in (1, 2)
        ]
        + [f"INSERT INTO moves VALUES (1, {seq}, '1', 'roll', '[]', 5)" for seq in (1, 2, 3)],
    )
    store = await backend.open()
    one, two = (await store.get(1)), (await store.get(2))
    assert one is not None and two is not None
    assert (one.turn_from_seq, one.turn_shown_seq, one.turn_message_id) == (3, 3, None)
    assert (two.turn_from_seq, two.turn_shown_seq, two.turn_pings) == (0, 0, [])
    assert await store.undo_top(1) is None
    await store.close()


async def test_a_commit_leaves_its_turn_mark_and_keeps_pings_still_owed(
    store: GameStore,
) -> None:
    row = await active_game(store)
    plain = await store.commit_moves(row, [("111", "roll", [])], {"n": 1}, now=3.0)
    assert (plain.turn_version, plain.turn_pings) == (row.turn_version, row.turn_pings)
    turned = await store.commit_moves(plain, [("111", "end", [])], {"n": 2}, now=4.0, turn=["222"])
    assert (turned.turn_version, turned.turn_pings) == (turned.version, ["222"])
    # News for the same seats before that turn was shown: Bob is still owed his ping.
    news = await store.commit_moves(turned, [("222", "roll", [])], {"n": 3}, now=5.0, turn=[])
    assert (news.turn_version, news.turn_pings) == (news.version, ["222"])
    await store.show_turn(
        news.id, news.version, message_id=70, posted_for=news.turn_version, from_seq=2, shown_seq=3
    )
    shown = await fresh(store, news)
    assert (shown.turn_message_id, shown.turn_posted_for) == (70, news.version)
    assert (shown.turn_from_seq, shown.turn_shown_seq, shown.shown_version) == (2, 3, news.version)
    # Once shown, news for the same seats owes nobody a ping.
    again = await store.commit_moves(shown, [("222", "buy", [])], {"n": 4}, now=6.0, turn=[])
    assert (again.turn_version, again.turn_pings) == (again.version, [])


async def test_what_the_turn_message_shows_never_goes_backwards(store: GameStore) -> None:
    row = await active_game(store)
    moved = await store.commit_moves(row, [("111", "roll", ["rolled"])], {"n": 1}, now=3.0)
    await store.show_turn(
        row.id, moved.version, message_id=5, posted_for=None, from_seq=0, shown_seq=1
    )
    await store.show_step(row.id, row.version, 0)  # a late edit of an older version
    late = await fresh(store, row)
    assert late.shown_version == moved.version and late.turn_shown_seq == 0
    assert await store.last_seq(row.id) == 1 and await store.last_seq(row.id + 99) == 0
    later = await store.commit_moves(moved, [("222", "roll", ["again"])], {"n": 2}, now=4.0)
    assert [m.code for m in await store.moves_after(row.id, 0)] == ["roll", "roll"]
    assert [m.events for m in await store.moves_after(row.id, 1)] == [["again"]]
    await store.show_step(row.id, later.version, 2)
    assert (await fresh(store, row)).shown_version == later.version
    assert await unshown(store) == []


def step(seat: str, version: int, n: int) -> UndoStep:
    return UndoStep(seat, version, 1, {"n": n}, f"step {n}")


async def test_a_seat_takes_back_its_own_steps_in_order(store: GameStore) -> None:
    row = await active_game(store)
    first = await store.commit_moves(row, [("111", "a", ["A"])], {"n": 1}, now=3.0)
    await store.push_undo(row.id, row.version, step("111", first.version, 0))
    second = await store.commit_moves(first, [("111", "b", ["B"])], {"n": 2}, now=4.0)
    await store.push_undo(row.id, first.version, step("111", second.version, 1))
    await store.show_step(row.id, second.version, 2)
    top = await store.undo_top(row.id)
    assert top == step("111", second.version, 1)

    back = await store.take_back(second, top)
    assert back.version == second.version + 1 and back.snapshot == {"n": 1}
    assert [m.code for m in await store.moves(row.id)] == ["a"]
    assert back.turn_shown_seq == 1, "the board shows no row that was taken back"
    below = await store.undo_top(row.id)
    assert below is not None and below.snapshot == {"n": 0} and below.version == back.version
    with pytest.raises(Conflict):
        await store.take_back(second, top)  # that step is gone: the version moved on

    again = await store.take_back(back, below)
    assert again.snapshot == {"n": 0} and await store.moves(row.id) == []
    assert await store.undo_top(row.id) is None and again.version == back.version + 1


async def test_another_seat_or_a_move_between_forgets_the_older_steps(store: GameStore) -> None:
    row = await active_game(store)
    first = await store.commit_moves(row, [("111", "a", [])], {"n": 1}, now=3.0)
    await store.push_undo(row.id, row.version, step("111", first.version, 0))
    second = await store.commit_moves(first, [("222", "b", [])], {"n": 2}, now=4.0)
    await store.push_undo(row.id, first.version, step("222", second.version, 1))
    back = await store.take_back(second, step("222", second.version, 1))
    assert await store.undo_top(row.id) is None, "Alice's step was not Bob's to keep"
    third = await store.commit_moves(back, [("222", "c", [])], {"n": 3}, now=5.0)
    await store.push_undo(row.id, back.version, step("222", third.version, 2))
    assert await store.undo_top(row.id) is not None
    fourth = await store.commit_moves(third, [("ai1", "d", [])], {"n": 4}, now=6.0)
    assert await store.undo_top(row.id) is None, "a step is only undoable at its version"
    fifth = await store.commit_moves(fourth, [("222", "e", [])], {"n": 5}, now=7.0)
    await store.push_undo(row.id, fourth.version, step("222", fifth.version, 4))
    assert await store.undo_top(row.id) is not None
    await forget_undo(store, row.id)
    assert await store.undo_top(row.id) is None


async def test_the_undo_stack_keeps_the_latest_steps_only(store: GameStore) -> None:
    row = await active_game(store)
    for n in range(UNDO_DEPTH + 3):
        moved = await store.commit_moves(row, [("111", f"m{n}", [])], {"n": n + 1}, now=3.0)
        await store.push_undo(row.id, row.version, step("111", moved.version, n))
        row = moved
    taken = 0
    while (top := await store.undo_top(row.id)) is not None:
        row = await store.take_back(row, top)
        taken += 1
    assert taken == UNDO_DEPTH and row.snapshot == {"n": 3}


async def test_racing_take_backs_exactly_one_applies(backend: Backend) -> None:
    first, second = await backend.open_unlocked(), await backend.open_unlocked()
    row = await active_game(first)
    moved = await first.commit_moves(row, [("111", "a", [])], {"n": 1}, now=3.0)
    await first.push_undo(row.id, row.version, step("111", moved.version, 0))
    top = await second.undo_top(row.id)
    assert top is not None
    results = await asyncio.gather(
        first.take_back(moved, top), second.take_back(moved, top), return_exceptions=True
    )
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "GameRow"]
    assert await first.moves(row.id) == [] and (await fresh(first, row)).snapshot == {"n": 0}
    await first.close()
    await second.close()
