"""Issue 33, class c: the one mechanism every quota, cooldown and "one at a time" rule
is taken with (``bot.chat.quotas``), and the cache of deterministic answers
(``bot.chat.kept``), on their own: all or nothing in one step, nothing spent for a request
that failed, a rate's refusal saying when to ask again, a burst of the same work done
once. Each rule of the bot is tested through the Discord double where it lives
(``test_replay_queue.py``, ``test_costly_answers.py``)."""

from __future__ import annotations

import asyncio

import pytest

from bot.chat.kept import Kept
from bot.chat.quotas import Rate, Refused, Room, reserve
from tests.bot.harness import FakeClock


def room(size: int) -> Room:
    return Room(size, lambda key: f"full for {key}")


def rate(times: int, per: float, clock: FakeClock) -> Rate:
    return Rate(times, per, lambda seconds: f"again in {seconds} s", clock)


def test_a_room_holds_its_size_per_key_until_the_work_is_done() -> None:
    one = room(1)
    held = reserve((one, "alice"))
    with pytest.raises(Refused) as refused:
        reserve((one, "alice"))
    assert refused.value.words == "full for alice"
    other = reserve((one, "bob"))  # another key has its own place
    held.finish()
    reserve((one, "alice")).finish()
    other.release()
    assert one.held("alice") == one.held("bob") == 0


def test_a_rate_stays_spent_after_the_work_and_says_when_to_ask_again() -> None:
    clock = FakeClock(100.0)
    twice = rate(2, 60.0, clock)
    reserve((twice, "alice")).finish()
    clock.advance(10)
    reserve((twice, "alice")).finish()
    clock.advance(5)
    with pytest.raises(Refused) as refused:
        reserve((twice, "alice"))
    assert refused.value.words == "again in 45 s", "the first place frees at 160"
    clock.advance(45)
    reserve((twice, "alice")).finish()
    with pytest.raises(Refused):
        reserve((twice, "alice"))


def test_a_failure_gives_every_place_back() -> None:
    clock = FakeClock()
    cooldown, one = rate(1, 60.0, clock), room(1)
    with pytest.raises(RuntimeError), reserve((cooldown, "alice"), (one, "alice")):
        raise RuntimeError("the store failed")
    with reserve((cooldown, "alice"), (one, "alice")):
        pass  # free again: nothing was spent
    with pytest.raises(Refused):
        reserve((cooldown, "alice"))
    assert one.held("alice") == 0


def test_all_or_nothing_the_first_refusal_in_order_and_nothing_taken() -> None:
    clock = FakeClock()
    cooldown, line, mine = rate(1, 60.0, clock), room(2), room(1)
    reserve((mine, "alice"))
    with pytest.raises(Refused) as refused:
        reserve((cooldown, "alice"), (line, None), (mine, "alice"))
    assert refused.value.words == "full for alice"
    assert line.held(None) == 0, "the line's place was not taken"
    reserve((cooldown, "alice"))  # nor the rate's


def test_a_reservation_grows_in_one_step_and_goes_back_whole() -> None:
    clock = FakeClock()
    cooldown, line = rate(1, 60.0, clock), room(1)
    held = reserve((cooldown, "alice"))
    held.take((line, None))
    with pytest.raises(Refused):
        reserve((line, None))
    held.release()
    assert line.held(None) == 0
    reserve((cooldown, "alice"), (line, None))


async def test_a_burst_takes_exactly_the_places_there_are() -> None:
    """Twenty requests at once, each awaiting work after taking its places: exactly the
    room's size pass (a check before an await and a record after it let all twenty by)."""
    line = room(3)
    passed: list[int] = []

    async def request(n: int) -> None:
        with reserve((line, None)):
            await asyncio.sleep(0)
            passed.append(n)
            await asyncio.sleep(0.01)

    results = await asyncio.gather(*(request(n) for n in range(20)), return_exceptions=True)
    assert len(passed) == 3
    assert sum(isinstance(r, Refused) for r in results) == 17
    assert line.held(None) == 0


def test_a_rate_forgets_those_who_do_not_come_back() -> None:
    clock = FakeClock()
    cooldown = rate(1, 60.0, clock)
    for person in range(1000):
        reserve((cooldown, person)).finish()
    clock.advance(61)
    reserve((cooldown, "alice")).finish()
    assert list(cooldown._stamps) == ["alice"]


async def test_the_same_work_asked_at_once_is_done_once_and_kept() -> None:
    kept: Kept[str, int] = Kept(10)
    done: list[str] = []
    gate = asyncio.Event()

    async def work() -> int:
        done.append("x")
        await gate.wait()
        return 42

    waiting = [asyncio.ensure_future(kept.make("x", work)) for _ in range(5)]
    await asyncio.sleep(0)
    gate.set()
    assert await asyncio.gather(*waiting) == [42] * 5
    assert done == ["x"]
    assert await kept.make("x", work) == 42 and done == ["x"], "kept"


async def test_a_failure_is_not_kept() -> None:
    kept: Kept[str, int] = Kept(10)

    async def failing() -> int:
        raise RuntimeError("no")

    async def working() -> int:
        return 7

    with pytest.raises(RuntimeError):
        await kept.make("x", failing)
    assert await kept.make("x", working) == 7


def test_kept_forgets_the_least_recently_used_beyond_its_room_and_the_stale() -> None:
    clock = FakeClock()
    kept: Kept[str, bytes] = Kept(10, size=len, fresh=30.0, clock=clock)
    kept.put("a", b"12345")
    kept.put("b", b"12345")
    assert kept.get("a") == b"12345"  # now the most recently used
    kept.put("c", b"1")
    assert kept.get("b") is None and kept.get("a") is not None and kept.get("c") is not None
    clock.advance(30)
    assert kept.get("a") is None, "kept 30 s only"
    assert len(kept) == 1
