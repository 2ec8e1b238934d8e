"""No check-then-act across an await. The one mechanism every quota,
cooldown and "one at a time" rule is taken with (``bot.chat.access.quotas``), and the cache of
deterministic answers (``bot.chat.kept``), on their own: all or nothing in one step,
nothing spent for a request that failed, a rate's refusal saying when to ask again, a
burst of the same work done once. Then every rule of the bot through the Discord double:
N identical interactions at once, exactly the allowed number pass, and after a failure
the places are free again."""

from __future__ import annotations

import asyncio
import functools
from pathlib import Path
from typing import Any

import pytest

from bot.chat.access.quotas import Rate, Refused, Room, reserve
from bot.chat.kept import Kept
from tests.bot.bursts import answers, burst, casual_table, finished_game
from tests.bot.harness import FakeClock, Harness
from tests.bot.held import held
from tests.bot.test_coach import CHOICES, quick
from tests.bot.test_replay_queue import EVERYONE, gated
from tests.bot.test_replays import gif_of, played


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


# ------------------------------------------- every rule of the bot, through the double


@pytest.fixture
def gate(tmp_path: Path) -> Any:
    """A file that lets held work go once it exists; made at the end whatever happened."""
    path = tmp_path / "gate"
    yield path
    path.touch()


def failing(monkeypatch: pytest.MonkeyPatch, target: object, name: str) -> None:
    """``target.name`` (a store read) fails: a request that then fails must spend nothing."""

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"{name} failed")

    monkeypatch.setattr(target, name, broken)


#: The replays' limits, each alone: (person's cooldown, server's cooldown, queue places,
#: server's share, who asks, how many pass, what the others are told).
REPLAY_RULES = {
    "person's cooldown": (60.0, 0.0, 3, None, ["alice"] * 4, 1, "another replay in"),
    "server's cooldown": (0.0, 15.0, 3, None, EVERYONE, 1, "just asked for on this server"),
    "queue's length": (0.0, 0.0, 3, 3, EVERYONE, 3, "Replays are busy"),
    "one per person": (0.0, 0.0, 3, None, ["alice"] * 4, 1, "one at a time"),
    "server's share": (0.0, 0.0, 3, None, EVERYONE, 2, "server already has 2"),
}


@pytest.mark.parametrize("rule", REPLAY_RULES)
async def test_each_replay_limit_lets_exactly_its_number_through_a_burst(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, gate: Path, rule: str
) -> None:
    """N identical requests at once (the worker held, so nothing is drawn meanwhile):
    exactly the rule's number are queued. Before that, the same burst against a store
    that fails: nothing queued, and nothing spent (the burst after it gets its number)."""
    d, replays = harness.double, harness.live.replays
    person, server, places, share, who, passing, words = REPLAY_RULES[rule]
    here = await played(harness)
    replays.worker = list(gated(gate))
    replays.user_cooldown, replays.guild_cooldown = person, server
    replays.queue_limit, replays.server_share = places, share

    def ask(name: str) -> Any:
        return d.slash(d.ids[name], here, "game replay")

    store = harness.live.store
    real = store.moves
    failing(monkeypatch, store, "moves")
    names = iter(who)
    failed = answers(await burst(d, lambda: ask(next(names)), len(who)))
    assert all(a.startswith("Sorry") or words in a for a in failed), failed
    assert replays.line.held(None) == replays.share.held(d.ids["guild"]) == 0
    monkeypatch.setattr(store, "moves", real)

    names = iter(who)
    asked = await burst(d, lambda: ask(next(names)), len(who))
    queued = [a for a in asked if not a.ephemeral]
    refused = [a.content for a in asked if a.ephemeral]
    assert len(queued) == passing, answers(asked)
    assert all(words in a for a in refused), refused
    gate.touch()
    for answer in queued:
        await gif_of(harness, answer)


@pytest.mark.parametrize("rule", ["one at a time", "hints' rate"])
async def test_each_hint_limit_lets_exactly_its_number_through_a_burst(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, gate: Path, rule: str
) -> None:
    """``/hint`` N times at once by the player to move, the coach's lane held: one
    question at a time per person (one passes), or with that room widened, the person's
    rate (its number passes). A hint whose count fails to be recorded spends nothing."""
    h, d, coach = harness, harness.double, harness.live.services.coach
    quick(h)
    where = await casual_table(h, "alice", d.ids["channel"])
    alice = d.ids["alice"]
    passing, words = 1, "one at a time"
    if rule == "hints' rate":
        coach.asking.size, coach.hints.times = 10, 2
        passing, words = 2, "a lot of hints"
    store = h.live.store
    real = store.count_hint
    failing(monkeypatch, store, "count_hint")
    failed = answers(await burst(d, lambda: d.slash(alice, where, "hint"), 1))
    assert failed[0].startswith("Sorry"), failed
    monkeypatch.setattr(store, "count_hint", real)

    holding = asyncio.ensure_future(h.live.robots.advise(held, str(gate)))
    asked = answers(await burst(d, lambda: d.slash(alice, where, "hint"), 5, gate))
    assert sum(CHOICES in a for a in asked) == passing, asked
    assert sum(words in a for a in asked) == 5 - passing, asked
    await holding
    assert await store.hints_used((await h.state(where))[0].id) == {str(alice): passing}


@pytest.mark.parametrize("rule", ["one at a time", "coach's line", "reviews' rate"])
async def test_each_review_limit_lets_exactly_its_number_through_a_burst(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, gate: Path, rule: str
) -> None:
    """Review pressed N times at once, the coach's lane held: by one person, one passes
    (one question at a time), or with that room widened, the rate's number; by N people,
    the coach's line's places. A review whose moves cannot be read spends nothing."""
    h, d, coach = harness, harness.double, harness.live.services.coach
    quick(h)
    people = ["alice", "bob", "carol"]
    game_id, board = await finished_game(h, people)
    review = f"ts:review:{game_id}"
    if rule == "one at a time":
        pressers, passing, words = ["alice"] * 4, 1, "one at a time"
    elif rule == "coach's line":
        coach.line.size = 2
        pressers, passing, words = people, 2, "busy with other players"
    else:
        coach.asking.size, coach.reviews.times = 10, 2
        pressers, passing, words = ["alice"] * 4, 2, "reviewed several games"

    def press(name: str) -> Any:
        return d.forge_click(d.ids[name], board, review)

    store = h.live.store
    real = store.moves
    failing(monkeypatch, store, "moves")
    names = iter(pressers)
    failed = answers(await burst(d, lambda: press(next(names)), len(pressers)))
    assert all(a.startswith("Sorry") or words in a for a in failed), failed
    monkeypatch.setattr(store, "moves", real)
    assert coach.line.held(None) == 0 and len(coach.kept) == 0

    holding = asyncio.ensure_future(h.live.robots.advise(held, str(gate)))
    names = iter(pressers)
    pressed = answers(await burst(d, lambda: press(next(names)), len(pressers), gate))
    assert sum("🔎" in a for a in pressed) == passing, pressed
    assert sum(words in a for a in pressed) == len(pressers) - passing, pressed
    await holding


async def test_profile_and_leaderboard_rates_let_exactly_their_number_through_a_burst(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/profile`` and ``/leaderboard`` N times at once by one person: the rate's number
    pass, the others are told when to ask again; after a burst that failed on the store,
    nothing was spent."""
    d, ratings = harness.double, harness.live.services.ratings
    alice, channel = d.ids["alice"], d.ids["channel"]
    store = harness.live.store
    for command, name, rate, options in (
        ("profile", "profile", ratings.profiles, {}),
        ("leaderboard", "rating_board", ratings.pages, {"game": "disneyland"}),
    ):
        real = getattr(store, name)
        failing(monkeypatch, store, name)
        ask = functools.partial(d.slash, alice, channel, command, **options)
        failed = answers(await burst(d, ask, 3))
        assert all(a.startswith("Sorry") for a in failed), failed
        monkeypatch.setattr(store, name, real)
        asked = await burst(d, ask, rate.times + 3)
        refused = [a.content for a in asked if a.ephemeral]
        assert len(asked) - len(refused) == rate.times, answers(asked)
        assert len(refused) == 3 and all("ask again in" in a for a in refused), refused
