"""Since your last turn: the ping of a new turn tells the people it pings what happened
since they last played, every other player's moves in order (the log's public lines, as
turn messages show them), the first few and "… and N more" pointing to ``/game log``;
My hand and ``/hand`` say the same, privately. All of it is read from the store, so a
restart changes nothing, and it stays within Discord's 2,000 characters.

Through the real client and the Discord double: three people and a robot at Disneyland,
every new turn's ping checked against the log as stored; a ping posted by the clock after
a restart; My hand before and after a restart. What it says is public (the secrecy
property of ``test_public_secrecy`` compares every ping): its control shows a catch-up
naming each move's code is caught.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from bot.chat.presenter import event_lines, ping_line
from bot.chat.views.messages import CATCH_UP_LINES, CONTENT_LIMIT
from bot.store import GameRow, LoggedMove, Seat
from bot.table.life import CatchUp, Life
from bot.table.service import private_view, public_view, state_of
from engine import Rng, get_game
from i18n import lang
from tests.bot.harness import Harness
from tests.bot.tabletop import Table, open_table, tap
from tests.bot.test_posts_once import end_turn_unrecorded
from tests.bot.test_public_secrecy import TABLES, boards_drawn_once, check_table

EN = lang("en")
#: Steps played at Disneyland (three people and a robot, 10 rounds): about five rounds.
STEPS = 45

__all__ = ["boards_drawn_once"]  # the fixture the secrecy control uses


def since(logged: list[LoggedMove], seat: str) -> list[LoggedMove]:
    """The rows after ``seat``'s last one (all of them when it has none), worked out
    here from the whole log."""
    last = max((i for i, move in enumerate(logged) if move.seat == seat), default=-1)
    return logged[last + 1 :]


def expected(row: GameRow, rows: list[LoggedMove], *, first: bool) -> list[str]:
    """What a catch-up of ``rows`` says in English: the heading, the first
    ``CATCH_UP_LINES`` event lines in order, and how many more are in the log."""
    lines = event_lines(row, rows, lang=EN)
    if not lines:
        return []
    head = "**Since the game began**" if first else "**Since your last turn**"
    shown = [head, *lines[:CATCH_UP_LINES]]
    if len(lines) > CATCH_UP_LINES:
        shown.append(f"… and {len(lines) - CATCH_UP_LINES} more (`/game log`)")
    return shown


def turns(rows: list[LoggedMove]) -> Iterator[str]:
    """The seats whose moves ``rows`` are, each stretch of one seat once, in order."""
    previous = None
    for move in rows:
        if move.seat != previous:
            yield move.seat
        previous = move.seat


async def three_and_a_robot(h: Harness) -> Table:
    d = h.double
    users = [d.ids[name] for name in ("alice", "bob", "carol")]
    return await open_table(
        d, h.live.store, d.ids["channel"], "disneyland", users, 1, {"length": "rounds-10"}, 3
    )


async def my_hand(h: Harness, table: Table, user: int) -> str:
    """What My hand under the live board answers ``user`` (only them)."""
    board = table.board(await table.row())
    button = next(b[0] for b in board.buttons() if b[0].endswith(":hand"))
    answer = await h.double.click(user, board, button)
    assert answer.ephemeral
    return answer.content


async def test_each_ping_tells_what_happened_since_the_pinged_persons_last_turn(
    harness: Harness,
) -> None:
    """Every new turn's ping, checked against the log as stored when it was posted:
    the ping line, then since the pinged person's last move (or the game's start), the
    first lines in order and "… and N more". Among them a person comes back after three
    opponents' turns (the robot's too), each turn whole and in order, and a ping long
    enough to be capped. The robot is never pinged. Then My hand and ``/hand`` say the
    same privately, before and after a restart."""
    table = await three_and_a_robot(harness)
    game = get_game("disneyland")
    rng = Rng.from_seed(5)
    robot = next(s.id for s in (await table.row()).seats if s.robot)
    board_id = (await table.row()).turn_message_id
    came_back = capped = 0
    for step in range(STEPS):
        row = await table.settle()
        state = game.load(row.snapshot or {})
        seat = game.waiting_for(state)[0]
        await tap(table, seat, game.ai_move(state, seat, rng, "easy"), step)
        row = await table.settle()
        if row.turn_message_id == board_id:
            continue
        board_id = row.turn_message_id
        board = table.board(row)
        [pinged] = board.pinged
        logged = await table.store.moves(row.id)
        rows = since(logged, str(pinged))
        first = len(rows) == len(logged)
        ping, *caught_up = board.content.split("\n")
        assert ping == f"<@{pinged}> — your turn"
        assert caught_up == expected(row, rows, first=first), board.content
        assert rows and str(pinged) not in {move.seat for move in rows}
        opponents = list(turns(rows))
        if not first and len(opponents) == 3:
            came_back += 1
            assert len(set(opponents)) == 3 and robot in opponents
            seats = [s.id for s in row.seats]
            after = seats[seats.index(str(pinged)) + 1 :] + seats[: seats.index(str(pinged))]
            assert opponents == after, "the three turns, in the table's order"
            if came_back == 1:
                await my_hand_says_it_too(harness, table, pinged, caught_up)
        capped += caught_up[-1].endswith("more (`/game log`)")
        assert robot not in {str(user) for user in board.pinged}
    assert came_back >= 2 and capped >= 1, (came_back, capped)


async def my_hand_says_it_too(h: Harness, table: Table, user: int, caught_up: list[str]) -> None:
    """My hand and ``/hand`` tell ``user`` privately what their ping told; after a
    restart too (read from the store), and the game goes on."""
    said = ["Only you can see this.", *caught_up]
    assert (await my_hand(h, table, user)).split("\n") == said
    slash = await h.double.slash(user, table.channel, "hand")
    assert slash.ephemeral and slash.content.split("\n") == said
    await h.restart()
    table.store = h.live.store
    assert (await my_hand(h, table, user)).split("\n") == said, "read from the store"


async def test_a_ping_the_clock_posts_after_a_restart_tells_the_same(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord refuses the new turn message once; the bot restarts, and its clock posts
    the turn: its ping still says what happened since the game began (the pinged person
    has not played yet), read from the store."""
    d = harness.double
    channel, game_id, other, mark = await end_turn_unrecorded(harness, monkeypatch, unposted=True)
    await harness.restart()
    await harness.live.clockwork.tick()
    await harness.settle()
    [posted] = [m for m in d.messages(channel) if m.id > mark and m.author_id == d.bot_id]
    row = await harness.live.store.get(game_id)
    assert row is not None and posted.pinged == [int(other)]
    ping, *caught_up = posted.content.split("\n")
    logged = await harness.live.store.moves(game_id)
    assert ping == f"<@{other}> — your turn" and len(logged) >= 2
    assert caught_up == expected(row, logged, first=True)


def test_a_long_catch_up_stays_within_discords_limit() -> None:
    """Four people with the longest names and thirty long lines, in French: the ping
    fits in 2,000 characters, each line clipped, the rest counted for ``/game log``; a
    ping with nothing to tell is the ping alone."""
    french = lang("fr")
    people = [Seat(id=str(10**17 + n), name="W" * 32) for n in range(4)]
    lines = [f"• **{'W' * 32}** " + "x" * 300 for _ in range(30)]
    said = ping_line(people, lines, lang=french)
    assert said is not None and len(said) <= CONTENT_LIMIT
    head, caught, *shown, more = said.split("\n")
    assert head.endswith("— à vous de jouer") and caught == "**Depuis vos derniers tours**"
    assert 0 < len(shown) <= CATCH_UP_LINES and all(len(line) <= 180 for line in shown)
    assert more == f"… et {30 - len(shown)} autres (`/partie historique`)"
    assert ping_line(people[:1], [], lang=french) == f"<@{people[0].id}> — à vous de jouer"


@pytest.mark.usefixtures("boards_drawn_once")
async def test_the_secrecy_property_catches_a_catch_up_that_tells_a_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The control: with a catch-up that also tells the pinged people what only they
    may see (their private view: the tiles in their hand), the secrecy property, which
    compares every ping in both worlds, fails."""
    real = Life.since_last_turn

    async def telling_hands(self: Life, game_id: int, seats: Iterable[str]) -> CatchUp:
        seats = list(seats)
        caught = await real(self, game_id, seats)
        row = await self.game(game_id)
        assert row is not None
        public = public_view(row, state_of(row))
        told = []
        for seat in seats:
            private = private_view(row, state_of(row), seat)
            told.append(repr({k: v for k, v in private.items() if public.get(k) != v})[:100])
        return CatchUp([*caught.logged, LoggedMove(0, "", "", told, 0.0)], caught.first)

    monkeypatch.setattr(Life, "since_last_turn", telling_hands)
    slug, players, options, seed, every = TABLES[2]
    assert slug == "imagineers"
    with pytest.raises(AssertionError, match=r"the table can tell the twin apart(.|\n)*your turn"):
        await check_table(tmp_path, slug, players, options, seed, every)
