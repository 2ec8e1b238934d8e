"""The turn clock's rules (``bot.table.timers``) on a real store, without Discord: when a
table is reminded, when an idle vote is called and how it is decided, when an agreed time
limit plays for the game. Each decision is recorded before anyone would say it, so a
second look at the same turn, or a look at a turn that moved on, decides nothing."""

from __future__ import annotations

import pytest

from bot.common.errors import UserError
from bot.common.pace import Timing
from bot.store.interface import GameStore
from bot.store.records import GameRow, Seat
from bot.table.service import RATED_GAME_ON, Tables, state_of
from bot.table.timers import Ballot, Notice, Timers, deadline, idle_seats
from engine import LEADER, get_game

PEOPLE = (Seat(id="111", name="Alice"), Seat(id="222", name="Bob"), Seat(id="333", name="Cleo"))
LIMITS = Timing(remind=60.0, idle=300.0)


class Clock:
    """The tables' wall clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def running(
    tables: Tables,
    people: int,
    *,
    robots: int = 0,
    rated: bool = False,
    options: dict[str, str] | None = None,
) -> GameRow:
    """A Disneyland game of ``people`` people (and ``robots``), started on a server."""
    row = await tables.open_lobby(
        guild_id=1,
        channel_id=10,
        slug="disneyland",
        host=PEOPLE[0],
        options=options or {},
        rated=rated,
    )
    for seat in PEOPLE[1:people]:
        row = await tables.join(row, seat)
    for _ in range(robots):
        row = await tables.add_ai(row)
    if rated:  # a robot moved the terms on: everyone says yes to the table as it is
        for seat in PEOPLE[:people]:
            if (row.seat(seat.id) or seat).agreed != row.terms:
                row = await tables.agree(row, seat.id, row.terms)
    return (await tables.start(row)).row


def waited_on(row: GameRow) -> list[str]:
    """The people the engine says the game waits on."""
    waiting = get_game(row.slug).waiting_for(state_of(row))
    return [s.id for s in row.seats if s.id in waiting and not s.ai]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tables(store: GameStore, clock: Clock) -> Tables:
    return Tables(store, clock=clock)


async def test_a_turn_is_reminded_once_then_its_vote_called_once(
    store: GameStore, tables: Tables
) -> None:
    timers = Timers(tables)
    row = await running(tables, 3)
    assert row.turn_started_at is not None
    start = row.turn_started_at
    assert await timers.turn_clock(row, start + LIMITS.remind - 1, LIMITS) is None
    notice = await timers.turn_clock(row, start + LIMITS.remind, LIMITS)
    assert notice is not None and notice.kind == "remind"
    assert [s.id for s in notice.seats] == waited_on(row) != []
    again = await store.get(row.id)
    assert again is not None
    assert await timers.turn_clock(again, start + LIMITS.remind + 1, LIMITS) is None, "once"
    assert await store.vote_call(row.id, row.version) is None, "a reminder calls no vote"

    idle = await timers.turn_clock(again, start + LIMITS.idle, LIMITS)
    assert idle == Notice("idle", notice.seats)
    call = await store.vote_call(row.id, row.version)
    assert call is not None
    assert list(call.seats) == waited_on(row)
    assert set(call.voters) == {s.id for s in PEOPLE} - set(call.seats)
    called = await store.get(row.id)
    assert called is not None
    assert await timers.turn_clock(called, start + LIMITS.idle * 2, LIMITS) is None, "once"


async def test_a_late_first_look_calls_the_vote_without_a_reminder(tables: Tables) -> None:
    """Both delays passed before the clock looked (a restart, say): the idle notice is what
    the turn owes, not a reminder first."""
    timers = Timers(tables)
    row = await running(tables, 2)
    assert row.turn_started_at is not None
    notice = await timers.turn_clock(row, row.turn_started_at + LIMITS.idle, LIMITS)
    assert notice is not None and notice.kind == "idle"


async def test_a_turn_that_moved_on_is_neither_reminded_nor_voted_on(
    store: GameStore, tables: Tables
) -> None:
    timers = Timers(tables)
    old = await running(tables, 2)
    assert old.turn_started_at is not None
    mover = waited_on(old)[0]
    code = get_game(old.slug).legal_moves(state_of(old), mover)[0].code
    await tables.play(old, mover, [code])
    late = old.turn_started_at + LIMITS.idle
    assert await timers.turn_clock(old, late, LIMITS) is None
    assert await store.vote_call(old.id, old.version) is None
    fresh = await store.get(old.id)
    assert fresh is not None and fresh.version > old.version
    assert fresh.idle_version != old.version


async def test_a_person_alone_with_robots_is_reminded_but_never_voted_on(
    store: GameStore, tables: Tables
) -> None:
    """Nobody else could vote: the turn gets its reminder, and once both delays passed it
    is marked done, so the clock stops looking at it."""
    timers = Timers(tables)
    row = await running(tables, 1, robots=1)
    assert row.turn_started_at is not None and waited_on(row) == [PEOPLE[0].id]
    late = row.turn_started_at + LIMITS.idle
    notice = await timers.turn_clock(row, late, LIMITS)
    assert notice == Notice("remind", idle_seats(row))
    reminded = await store.get(row.id)
    assert reminded is not None and reminded.idle_version != reminded.version
    assert await timers.turn_clock(reminded, late, LIMITS) is None
    done = await store.get(row.id)
    assert done is not None and done.idle_version == done.version, "marked done"
    assert await store.vote_call(row.id, row.version) is None


async def test_a_game_off_any_server_has_no_turn_clock(tables: Tables) -> None:
    timers = Timers(tables)
    lobby = await tables.open_lobby(
        guild_id=None, channel_id=10, slug="disneyland", host=PEOPLE[0], options={}
    )
    row = (await tables.start(await tables.join(lobby, PEOPLE[1]))).row
    assert row.turn_started_at is not None
    assert await timers.turn_clock(row, row.turn_started_at + LIMITS.idle, LIMITS) is None


async def test_an_agreed_time_limit_plays_the_leader_move_once_it_runs_out(
    tables: Tables,
) -> None:
    timers = Timers(tables)
    row = await running(tables, 2, options={"length": "minutes-30"})
    assert row.started_at is not None
    assert deadline(row) == row.started_at + 30 * 60
    assert await timers.time_limit(row, row.started_at + 30 * 60 - 1) is None
    result = await timers.time_limit(row, row.started_at + 30 * 60)
    assert result is not None and result.row.version > row.version
    seat, code, _ = result.moves[0]
    leading = get_game(row.slug).legal_moves(state_of(row), LEADER)
    assert (seat, code) == (LEADER, leading[0].code)


async def test_a_game_without_a_time_limit_never_runs_out(tables: Tables) -> None:
    timers = Timers(tables)
    row = await running(tables, 2)
    assert deadline(row) is None
    assert await timers.time_limit(row, row.created_at + 10**9) is None


async def vote_called(tables: Tables, people: int, *, rated: bool) -> GameRow:
    """A game of ``people`` whose clock called an idle vote."""
    row = await running(tables, people, rated=rated)
    assert row.turn_started_at is not None
    notice = await Timers(tables).turn_clock(row, row.turn_started_at + LIMITS.idle, LIMITS)
    assert notice is not None and notice.kind == "idle"
    return row


async def test_a_majority_of_the_voters_decides_a_vote(store: GameStore, tables: Tables) -> None:
    timers = Timers(tables)
    row = await vote_called(tables, 3, rated=False)
    call = await store.vote_call(row.id, row.version)
    assert call is not None and len(call.voters) == 2
    first, second = call.voters
    assert await timers.ballot(row, call, first, "ai") == Ballot("ai", 1, 2)
    assert not Ballot("ai", 1, 2).decided
    changed = await timers.ballot(row, call, first, "end")
    assert changed == Ballot("end", 1, 2), "a voter's new ballot replaces their first"
    decided = await timers.ballot(row, call, second, "end")
    assert decided == Ballot("end", 2, 2) and decided.decided


async def test_a_ballot_without_its_call_or_from_outside_it_counts_for_nothing(
    store: GameStore, tables: Tables
) -> None:
    timers = Timers(tables)
    row = await vote_called(tables, 3, rated=False)
    call = await store.vote_call(row.id, row.version)
    assert call is not None
    for voter in (call.seats[0], "999"):  # the idle seat itself; someone not at the table
        with pytest.raises(UserError):
            await timers.ballot(row, call, voter, "ai")
    voter = call.voters[0]
    votes = await store.vote(row.id, call.version, voter, "ai")
    assert votes == {voter: "ai"}, "no ballot of theirs was written"


async def test_a_rated_game_under_way_is_not_ended_by_a_vote(
    store: GameStore, tables: Tables
) -> None:
    """Ending is not offered there: such a ballot is forged, refused before it is written."""
    timers = Timers(tables)
    row = await vote_called(tables, 3, rated=True)
    call = await store.vote_call(row.id, row.version)
    assert call is not None
    with pytest.raises(UserError) as refused:
        await timers.ballot(row, call, call.voters[0], "end")
    assert refused.value.words == RATED_GAME_ON
    assert await timers.ballot(row, call, call.voters[0], "ai") == Ballot("ai", 1, 2)
