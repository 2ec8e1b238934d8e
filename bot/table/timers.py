"""The turn clock's rules: when a table is reminded, when an idle vote is called, when an
agreed time limit plays for the game, and how a called vote is decided.

The engine has no clock; when a game was agreed to last a number of minutes (an option
value ``minutes-N``), the game-leader move is played when time is up. The turn clock lives
in the database (``turn_started_at`` and the version each notice was sent for), so it
survives restarts and a notice for a turn that moved on is never sent: each decision here
is recorded before the Discord side (``bot.chat.clock``, ``bot.chat.handlers.attendance``)
says it, and a decision the store refuses (the game moved on, or another process sent it)
is said by nobody.

An idle vote exists only once the clock called it, with its notice: the store records which
seats it is about and who may vote, and a ballot counts only for a called vote, from a
player it includes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from bot.common.errors import UserError
from bot.common.pace import PACES, Timing, timing
from bot.common.shards import Shards
from bot.store.due import Due as Due
from bot.store.records import GameRow, Seat, VoteCall
from bot.table.service import RATED_GAME_ON, MoveResult, Tables, played_out, state_of
from engine import LEADER, IllegalMove, get_game
from engine.text import tx

MINUTES = re.compile(r"^minutes-(\d+)$")
#: Each pace's delays before a server overrides them (the store applies overrides).
PACE_DEFAULTS = {pace: timing(pace, {}) for pace in PACES}


def deadline(row: GameRow) -> float | None:
    """When an agreed time limit runs out, if the table agreed one."""
    if row.started_at is None:
        return None
    for value in row.options.values():
        match = MINUTES.match(value)
        if match:
            return row.started_at + 60 * int(match.group(1))
    return None


def idle_seats(row: GameRow) -> list[Seat]:
    """The people the game is waiting on right now."""
    state = state_of(row)
    waiting = get_game(row.slug).waiting_for(state)
    return [s for s in row.seats if s.id in waiting and not s.ai]


def voters_about(row: GameRow, idle: list[Seat]) -> list[Seat]:
    """Who may vote about the ``idle`` seats: the other people at the table."""
    return [s for s in row.seats if not s.ai and s not in idle]


@dataclass(frozen=True)
class Notice:
    """What the turn clock called, already recorded: a reminder to the ``seats`` the game
    waits on, or (``"idle"``) the idle notice that calls a vote about them."""

    kind: Literal["remind", "idle"]
    seats: list[Seat]


@dataclass(frozen=True)
class Ballot:
    """A ballot counted in a called vote: how many of its ``voters`` chose as it did."""

    choice: str
    tally: int
    voters: int

    @property
    def decided(self) -> bool:
        """A majority of the vote's voters chose so: the vote is carried out."""
        return self.tally * 2 > self.voters


class Timers:
    """The turn clock's decisions, each recorded in the store before anyone says it."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def due(self, now: float, shards: Shards) -> list[Due]:
        """The games of ``shards`` with clock work due at ``now``: one query, however
        many games run (see :mod:`bot.store.due`)."""
        return await self.tables.store.due(now, PACE_DEFAULTS, shards)

    async def turn_clock(self, row: GameRow, now: float, limits: Timing) -> Notice | None:
        """One reminder, then one idle notice, per turn of the people the game waits on.
        A turn with nothing more to send (nobody who could vote, or nobody waited on) is
        marked done once both delays passed, so the clock stops looking at it. None when
        there is nothing to say now."""
        if row.turn_started_at is None or row.guild_id is None:
            return None
        store = self.tables.store
        people = idle_seats(row)
        elapsed = now - row.turn_started_at
        # With nobody else at the table there is no one to vote: a solo game against
        # robots just gets its reminder and waits for its person.
        voters = voters_about(row, people)
        if people and voters and elapsed >= limits.idle and row.idle_version != row.version:
            # The vote is called (recorded) with its notice: only a called vote counts.
            seats, electorate = [s.id for s in people], [s.id for s in voters]
            if await store.call_vote(row, seats, electorate):
                return Notice("idle", people)
        elif (
            people
            and elapsed >= limits.remind
            and row.idle_version != row.version
            and await store.mark_timer(row, "remind")
        ):
            return Notice("remind", people)
        elif elapsed >= max(limits.remind, limits.idle) and row.idle_version != row.version:
            await store.mark_timer(row, "idle")
        return None

    async def time_limit(self, row: GameRow, now: float) -> MoveResult | None:
        """Time is up for a game that agreed a time limit: the game-leader move is played
        (its first legal one). None when the limit is not up, or nothing could be played."""
        due = deadline(row)
        if due is None or now < due:
            return None
        game = get_game(row.slug)
        state = game.load(row.snapshot or {})
        codes = [m.code for m in game.legal_moves(state, LEADER)]
        if not codes:
            return None
        try:
            return await self.tables.play(row, LEADER, [codes[0]])
        except IllegalMove:
            return None

    async def ballot(self, row: GameRow, call: VoteCall, voter: str, choice: str) -> Ballot:
        """``voter``'s ballot in the vote ``call`` (the policy admitted only its voters,
        while the game is at the version it was called at), counted. Ending a rated game
        under way is not offered: such a ballot is forged, and refused."""
        if choice == "end" and played_out(row):
            raise UserError(RATED_GAME_ON)
        votes = await self.tables.store.vote(row.id, call.version, voter, choice)
        if votes is None:
            raise UserError(tx("This vote is closed."))
        tally = sum(1 for v in votes.values() if v == choice)
        return Ballot(choice, tally, len(call.voters))
