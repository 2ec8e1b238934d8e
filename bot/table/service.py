"""The game service: load → play → commit, with AI seats, independent of Discord.

Cogs call this; it owns the per-game locks, so moves on one game are applied one at a
time while different games run in parallel. A move is checked by the engine before
anything is written, and nothing is reported to players unless the commit succeeded.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, Protocol

from bot.common.errors import UserError, words_of
from bot.common.links import channel_url
from bot.common.ratings import MIN_PEOPLE, rated_table
from bot.store import Conflict, GameRow, LoggedMove, Result, Seat, StoreError, UndoStep, VoteCall
from bot.store.changes import changed_here as changed_here  # for the chat's apology
from bot.store.interface import Games, Hints, MoveLog, TableLife, TurnClock
from bot.table.locks import KeyedLocks
from bot.table.robots import DEFAULT_LEVEL, Robots
from engine import LEADER, Game, IllegalMove, Move, Outcome, Rng, State, get_game
from engine.core import GameView, joined, rank_by
from engine.text import Text, tx

log = logging.getLogger(__name__)

Clock = Callable[[], float]


class TablesStore(Games, MoveLog, TableLife, TurnClock, Hints, Protocol):
    """The store's roles the game service uses: a table's games, log, life and turn clock
    (the timers read it through the service), and the coach's hints (the rankings and a
    server's settings are other services')."""


STALE = tx(
    "That is out of date: the game moved on and it would now do something else. "
    "Look at the newest board."
)
RATED_GAME_ON = tx(
    "A rated game under way is played to its end. `/game leave` hands your seat to the "
    "AI (you are rated last); the game ends early only if every player leaves, or a "
    "moderator (Manage Channels) cancels it."
)
#: A learning game (``/game learn``) is its learner's alone.
LEARNING_TABLE = tx("This is someone's learning game: `/game learn` starts one of your own.")
NOTHING_TO_UNDO = tx(
    "There is nothing to take back now: the last step showed something new, or someone "
    "else has moved since."
)
NOT_RUNNING = tx("This game is not running any more.")
NOT_PLAYING = tx("You are not playing in this game.")
VOTE_CLOSED = tx("The game moved on since then: this vote is closed.")
NO_GAME = tx("There is no game in this channel. Start one with `/game new`.")
#: The terms a lobby opens with (``GameRow.terms``): the table a Rematch button offers.
OPENING_TERMS = 0
STALE_CARD = tx(
    "The table changed since this card was drawn, so that press counts for nothing: "
    "look at the card as it is now and press again if you agree."
)
NOT_AGREED = tx(
    "This table is rated: it starts once everyone seated has agreed to it as it is now."
)
ALREADY_AGREED = tx("You have already agreed to this table as it is now.")
ALREADY_SEATED = tx("You are already at this table.")


class NotYourTurn(UserError):
    """A seated player tried to move while the game waits on others (named here)."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(tx("It is not your turn."))
        self.names = list(names)


class StaleTerms(UserError):
    """A press from a lobby card drawn before the table's last change: it is no yes to
    the table as it is now (``row``: the lobby as it stands, to show again)."""

    def __init__(self, row: GameRow) -> None:
        super().__init__(STALE_CARD)
        self.row = row


class NotAgreed(UserError):
    """Start of a rated table that some people seated (named here) have not agreed to
    since its last change."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(NOT_AGREED)
        self.names = list(names)


class NotYourStep(UserError):
    """Someone other than the seat that made the last step tried to take it back."""

    def __init__(self, name: str) -> None:
        super().__init__(tx("Only the player who made that step can take it back."))
        self.name = name


@dataclass
class TurnWatch:
    """What the steps of one commit did to the turn: whether a new turn began (other
    seats to move, news the whole table must see, or the end) and which seats the game
    began to wait on at the last change of seats (so they are pinged, once)."""

    began: bool = False
    became: list[str] | None = None
    #: The person whose action this is: they are at the table right now, so a turn of
    #: theirs that comes round again in the same commit (after robots) pings nobody.
    actor: str | None = None

    def step(self, game: Game, before: State, after: State) -> None:
        if set(game.to_move(before)) != set(game.to_move(after)):
            # Pinged: who the game now waits on and did not before (a seat that chose in
            # secret is still "to move" until the reveal, but no longer waited on).
            waited = game.waiting_for(before)
            self.began = True
            self.became = [seat for seat in game.waiting_for(after) if seat not in waited]
        elif game.announces(before, after) or game.outcome(after) is not None:
            self.began = True

    @property
    def pings(self) -> list[str] | None:
        """The turn mark a commit records: None when no new turn began."""
        if not self.began:
            return None
        return [seat for seat in self.became or [] if seat != self.actor]


def meaning(move: Move) -> str:
    """A short mark of what a move does: its code and its engine label (seat ids, not
    display names, so two players with one name still differ). A component carries it and
    plays only while the game still offers the very same move."""
    return hashlib.sha256(f"{move.code}\n{move.label}".encode()).hexdigest()[:6]


#: Safety net for one AI chain (a whole AI-only round of a long game fits easily).
MAX_AI_MOVES = 5_000
#: Seconds (on the tables' clock) after which a robot chain commits what it played so
#: far and goes on: hard robots playing out a game whose people are all out need
#: hundreds of decisions, longer than the clock's time limit for one game's work. The
#: chain's end is shown as always; a chain cut short leaves its game unseen, so the
#: clock resumes it where it was committed.
CHECKPOINT_SECONDS = 5.0


class Played(NamedTuple):
    """One move as played and logged: who, its code and the events it gave (texts)."""

    seat: str
    code: str
    events: list[str]


@dataclass(frozen=True)
class MoveResult:
    """What a committed move (plus any AI follow-ups) did: built once, whole (a reader
    that needs it changed builds a new one with ``dataclasses.replace``)."""

    row: GameRow
    state: State
    moves: list[Played] = field(default_factory=list)
    #: A choice made in a simultaneous phase that is still open: answer it privately.
    secret: bool = False
    #: Labels of the player's own moves, for a private confirmation.
    labels: list[str] = field(default_factory=list)
    #: The player may take these moves back (see :meth:`Tables.undo`).
    undoable: bool = False
    #: The seat that may take the last step back now, as recorded (Undo on the board).
    undo_by: str | None = None
    #: Undo: the log lines of the step taken back, which the table saw when it was
    #: played. Only these may be shown publicly: ``labels`` may name what only the
    #: step's seat knew (a tile in hand, a tile discarded for a staff action).
    taken: list[str] = field(default_factory=list)

    @property
    def events(self) -> list[str]:
        return [event for played in self.moves for event in played.events]


@dataclass
class Attempt:
    """One pass of a move: how many writes it committed (a pass that committed nothing
    may be played again on the game read afresh)."""

    commits: int = 0


def state_of(row: GameRow) -> State:
    if row.snapshot is None:
        raise UserError(tx("This game has not started yet."))
    return get_game(row.slug).load(row.snapshot)


class Tables:
    """Every table's life cycle: lobby seats, start, moves, AI turns, cancel."""

    def __init__(
        self, store: TablesStore, clock: Clock = time.time, robots: Robots | None = None
    ) -> None:
        self.store = store
        self.clock = clock
        self.robots = robots or Robots()
        #: Per game: moves on one game are applied one at a time.
        self.locks = KeyedLocks()

    def lock(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        return self.locks.hold(game_id)

    async def game_in(self, channel_id: int) -> GameRow:
        row = await self.store.open_game_in(channel_id)
        if row is None:
            threaded = await self.store.open_games_under(channel_id)
            if len(threaded) == 1:
                place = channel_url(threaded[0].guild_id, threaded[0].channel_id)
                raise UserError(
                    tx("The game of this channel is played in its thread: {link}", link=place)
                )
            if threaded:
                raise UserError(
                    tx(
                        "The games of this channel are played in their threads: "
                        "`/game status` here links them."
                    )
                )
            raise UserError(NO_GAME)
        return row

    async def game_for(self, channel_id: int, game_id: int | None) -> GameRow:
        """The open game a command in ``channel_id`` is about: the channel's own, else one
        played in a thread of it: the one numbered ``game_id``, or the only one. So a game
        can be run (ended) from its parent channel whatever became of its thread."""
        if game_id is not None:
            row = await self.store.get(game_id)
            if (
                row is None
                or row.status not in ("lobby", "active")
                or channel_id not in (row.channel_id, row.parent_channel_id)
            ):
                raise UserError(tx("There is no open game with that number in this channel."))
            return row
        row = await self.store.open_game_in(channel_id)
        if row is not None:
            return row
        threaded = await self.store.open_games_under(channel_id)
        if len(threaded) == 1:
            return threaded[0]
        if threaded:
            numbers = ", ".join(f"#{r.id}" for r in threaded[:10])
            raise UserError(
                tx(
                    "The games of this channel are played in their threads ({numbers}): "
                    "say which with `game_id`.",
                    numbers=numbers,
                )
            )
        raise UserError(NO_GAME)

    async def active_game_in(self, channel_id: int) -> GameRow:
        row = await self.game_in(channel_id)
        if row.status != "active":
            raise UserError(tx("The game here has not started yet: join it, then `/game start`."))
        return row

    # ---------- reads for the chat layer (which never asks the store itself) ----------

    async def get(self, game_id: int) -> GameRow | None:
        """A game by its number, whatever its status (None: no such game)."""
        return await self.store.get(game_id)

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of a channel or thread, if any (``game_in`` refuses
        where there is none; this just says so)."""
        return await self.store.open_game_in(channel_id)

    async def open_games_under(self, parent_id: int) -> list[GameRow]:
        """The open games played in threads of the channel ``parent_id``."""
        return await self.store.open_games_under(parent_id)

    async def moves(self, game_id: int) -> list[LoggedMove]:
        """A game's whole move log, oldest first."""
        return await self.store.moves(game_id)

    async def vote_call(self, row: GameRow) -> VoteCall | None:
        """The idle vote called at the game's current version, if one was."""
        return await self.store.vote_call(row.id, row.version)

    async def undo_top(self, game_id: int) -> UndoStep | None:
        """The step that may be taken back now, if any."""
        return await self.store.undo_top(game_id)

    async def move_to_thread(self, row: GameRow, thread_id: int) -> GameRow:
        """The game is played in the thread ``thread_id`` from now on."""
        return await self.store.move_to_thread(row, thread_id)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        """The lobby card now lives in the message ``message_id``."""
        await self.store.set_lobby_message(game_id, message_id)

    async def open_learning_game(self, host_id: str) -> GameRow | None:
        """The learning game ``host_id`` has open, lobby or running, if any."""
        return await self.store.open_learning_game(host_id)

    async def count_hint(self, row: GameRow, seat_id: str) -> int:
        """One more hint for ``seat_id`` in this game; how many it has had."""
        return await self.store.count_hint(row.id, seat_id)

    async def open_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        slug: str,
        host: Seat,
        options: dict[str, str],
        pace: str = "live",
        rated: bool = True,
        language: str = "en",
        learning: bool = False,
    ) -> GameRow:
        """A lobby with the options the engine resolves; ``language``: the one its table
        reads (``bot.chat.language.for_new_table`` chose it). Its host chose it: they agree
        to it as it opens."""
        game = get_game(slug)
        try:
            resolved = game.resolve_options(options)
        except ValueError as exc:
            raise UserError(words_of(exc)) from exc
        return await self.store.create_lobby(
            guild_id=guild_id,
            channel_id=channel_id,
            slug=slug,
            host=replace(host, agreed=OPENING_TERMS),
            options=resolved,
            seed=random.SystemRandom().randrange(1, 2**53),
            now=self.clock(),
            pace=pace,
            rated=rated,
            language=language,
            learning=learning,
        )

    async def rematch(self, old: GameRow, presser: Seat) -> Rematch:
        """Rematch, once per game. The first press opens a lobby repeating the finished
        game where its lobby was (its options, rating, pace, language and robots) with
        only the presser seated, as its host: a Rematch invites, it seats nobody who did
        not press it. A later press by another person of that game seats them in it while
        it is an open lobby with room, agreeing to it only while it is still the table the
        button offered (its opening terms). Any other press gets the first one's answer."""
        async with self.lock(old.id):
            existing = await self.store.rematch_for(old.id)
            if existing is not None:
                return Rematch(await self._join_rematch(existing, presser), opened=False)
            host = replace(presser, agreed=OPENING_TERMS)
            seats = [
                host
                if s.id == presser.id
                else Seat(id=s.id, name=s.name, ai=True, robot=True, ai_played=True, level=s.level)
                for s in old.seats
                if s.robot or s.id == presser.id
            ]
            row = await self.store.create_lobby(
                guild_id=old.guild_id,
                channel_id=old.lobby_channel_id,
                slug=old.slug,
                host=host,
                options=dict(old.options),
                seed=random.SystemRandom().randrange(1, 2**53),
                now=self.clock(),
                pace=old.pace,
                seats=seats,
                rematch_of=old.id,
                rated=old.rated,
                language=old.language,
                learning=old.learning,
            )
            return Rematch(row, opened=True)

    async def _join_rematch(self, rematch: GameRow, seat: Seat) -> GameRow:
        """``seat``'s person (of the game ``rematch`` repeats) sits down in it."""
        async with self.lock(rematch.id):
            fresh = await self.store.get(rematch.id) or rematch
            if (
                fresh.status != "lobby"
                or fresh.learning
                or fresh.seat(seat.id) is not None
                or len(fresh.seats) >= get_game(fresh.slug).max_players
            ):
                raise UserError(rematch_taken(fresh))
            offered = fresh.terms == OPENING_TERMS
            joining = replace(seat, agreed=fresh.terms if offered else None)
            return await self.store.update_table(fresh, seats=[*fresh.seats, joining])

    async def set_options(
        self,
        row: GameRow,
        changed: dict[str, str],
        *,
        pace: str | None = None,
        rated: bool | None = None,
        language: str | None = None,
        by: str | None = None,
        terms: int | None = None,
    ) -> GameRow:
        """The host's pick in a lobby: the options ``changed`` (checked by the engine once
        more), its pace, whether it is rated, its language (each unchanged when None),
        merged onto the lobby as it stands under its lock, so that two quick picks both
        count. A pick that changes anything moves the lobby's terms on: everyone must
        agree again. ``by`` picked from a card of ``terms``: when that was the table as it
        stood, the pick is their own yes to the table it makes."""
        async with self.lock(row.id):
            row = await self._fresh_lobby(row)
            try:
                resolved = get_game(row.slug).resolve_options({**row.options, **changed})
            except ValueError as exc:
                raise UserError(tx("That is not a choice this game offers.")) from exc
            pace = pace or row.pace
            rated = row.rated if rated is None else rated
            language = language or row.language
            same = (resolved, pace, rated, language) == (
                row.options,
                row.pace,
                row.rated,
                row.language,
            )
            now = row.terms if same else row.terms + 1
            seats = row.seats
            if by is not None and terms == row.terms:
                seats = agreeing(row.seats, by, now)
            return await self.store.set_lobby_options(
                row, resolved, pace, rated=rated, language=language, terms=now, seats=seats
            )

    async def join(self, row: GameRow, seat: Seat, terms: int | None = None) -> GameRow:
        """Take a seat: ``terms``, those of the card whose Join was pressed (a card drawn
        before the last change is refused: StaleTerms), which says yes to the table it
        shows; None, a command, typed whenever: whoever typed it can only be known to
        have seen the table as it opened, so it says yes only while the table is still
        that one (else it seats them waiting: its answer, the card, asks for **I
        agree**). Someone seated who has not agreed to the table as it is agrees by
        Join this way (a command changes nothing then)."""
        async with self.lock(row.id):
            row = await self._fresh_lobby(row)
            if terms is not None and terms != row.terms:
                raise StaleTerms(row)
            yes = terms is not None or row.terms == OPENING_TERMS
            game = get_game(row.slug)
            seated = row.seat(seat.id)
            if seated is not None:
                if seated.agreed == row.terms:
                    raise UserError(ALREADY_SEATED)
                if not yes:
                    return row
                return await self.store.update_table(
                    row, seats=agreeing(row.seats, seat.id, row.terms)
                )
            if row.learning:
                raise UserError(LEARNING_TABLE)
            if len(row.seats) >= game.max_players:
                raise UserError(tx("The table is full ({count} players).", count=game.max_players))
            joining = replace(seat, agreed=row.terms if yes else None)
            return await self.store.update_table(row, seats=[*row.seats, joining])

    async def agree(self, row: GameRow, seat_id: str, terms: int | None) -> GameRow:
        """``seat_id``'s person says yes to the table as the card of ``terms`` shows it,
        which must be the table as it is now (else StaleTerms)."""
        async with self.lock(row.id):
            row = await self._fresh_lobby(row)
            if terms != row.terms:
                raise StaleTerms(row)
            seat = row.seat(seat_id)
            if seat is None or seat.robot:
                raise UserError(tx("You are not at this table."))
            if seat.agreed == row.terms:
                raise UserError(ALREADY_AGREED)
            return await self.store.update_table(row, seats=agreeing(row.seats, seat_id, row.terms))

    async def add_ai(
        self,
        row: GameRow,
        level: str = DEFAULT_LEVEL,
        *,
        by: str | None = None,
        terms: int | None = None,
    ) -> GameRow:
        """A robot playing at ``level`` (one of the game's ``ai_levels``) takes a seat. A
        robot is a fixed rating mark that changes the table's size and stakes: it moves
        the lobby's terms on, so everyone must agree again; ``by`` pressed Add robot on a
        card of ``terms``: when that was the table as it stood, the press is their own
        yes to the table it makes (as a host's pick is)."""
        async with self.lock(row.id):
            row = await self._fresh_lobby(row)
            game = get_game(row.slug)
            if level not in game.ai_levels:
                choices = ", ".join(game.ai_levels)
                raise UserError(
                    tx(
                        "{game} robots play at one of these levels: {levels}.",
                        game=game.title,
                        levels=choices,
                    )
                )
            if len(row.seats) >= game.max_players:
                raise UserError(tx("The table is full ({count} players).", count=game.max_players))
            number = 1 + sum(1 for s in row.seats if s.ai)
            while row.seat(f"ai{number}"):
                number += 1
            robot = Seat(
                id=f"ai{number}",
                name=f"Robot {number}",
                ai=True,
                robot=True,
                ai_played=True,
                level=level,
            )
            now = row.terms + 1
            seats = [*row.seats, robot]
            if by is not None and terms == row.terms:
                seats = agreeing(seats, by, now)
            return await self.store.set_lobby_options(
                row, row.options, row.pace, terms=now, seats=seats
            )

    async def leave_lobby(self, row: GameRow, seat_id: str) -> GameRow:
        """Leave a lobby; the host's role passes on; an empty lobby is cancelled."""
        async with self.lock(row.id):
            row = await self._fresh_lobby(row)
            if not row.seat(seat_id):
                raise UserError(tx("You are not at this table."))
            seats = [s for s in row.seats if s.id != seat_id]
            humans = [s for s in seats if not s.ai]
            if not humans:
                return await self.store.set_status(row, "cancelled", self.clock())
            host = row.host_id if row.host_id != seat_id else humans[0].id
            return await self.store.update_table(row, seats=seats, host_id=host)

    async def start(
        self, row: GameRow, *, starter: str | None = None, terms: int | None = None
    ) -> MoveResult:
        """Deal the game; AI seats that are to move play at once. ``starter`` pressed
        Start on a card of ``terms``: on a card drawn before the last change it is
        refused (StaleTerms), else it is their yes. None: typed `/game start`, which saw
        no card, so it is nobody's yes (the starter too must have agreed already). A
        table that will be rated starts only when every person seated agreed to it as it
        is now (else NotAgreed names who has not): here, under the game's lock, whatever
        the Discord side showed."""
        async with self.lock(row.id):
            row = await self._fresh_lobby(row)
            if terms is not None and terms != row.terms:
                raise StaleTerms(row)
            game = get_game(row.slug)
            if len(row.seats) < game.min_players:
                raise UserError(
                    tx(
                        "{game} needs at least {least} players ({seated} seated). Invite "
                        "friends or add robots with `/game addbot`.",
                        game=game.title,
                        least=game.min_players,
                        seated=len(row.seats),
                    )
                )
            if starter is None or terms is None:  # typed: no yes
                seats = row.seats
            else:
                seats = agreeing(row.seats, starter, row.terms)
            people = sum(1 for s in seats if not s.robot)
            rated = rated_table(row.rated, people)
            waiting = waiting_for(replace(row, seats=seats))
            if rated and waiting:
                raise NotAgreed([s.name for s in waiting])
            state = game.setup([s.id for s in seats], seed=row.seed, options=row.options)
            row = await self.store.start(row, seats, game.dump(state), self.clock(), rated=rated)
            watch = TurnWatch(began=True, became=game.to_move(state))
            return await self._advance(row, state, [], watch)

    async def cancel(
        self, row: GameRow, version: int | None = None, *, by_player: bool = False
    ) -> GameRow:
        """Cancel a lobby or game (``version``: only if nothing moved since then).

        ``by_player``: the players' own cancel (the host's, or an idle vote's), which may
        not end a rated game under way (:func:`played_out`); a moderator's or the bot's
        (a lost thread) ends any game, unrated."""
        async with self.lock(row.id):
            fresh = await self.store.get(row.id)
            if fresh is None or fresh.status not in ("lobby", "active"):
                raise UserError(tx("That game is already over."))
            if version is not None and fresh.version != version:
                raise UserError(VOTE_CLOSED)
            if by_player and played_out(fresh):
                raise UserError(RATED_GAME_ON)
            return await self.store.set_status(fresh, "cancelled", self.clock())

    async def play(
        self,
        row: GameRow,
        seat: str,
        codes: Sequence[str],
        *,
        seen_version: int | None = None,
        mark: str | None = None,
    ) -> MoveResult:
        """Play ``codes`` for ``seat`` atomically, then any AI turns that follow.

        ``seen_version`` is the version the player was looking at. When the game moved
        on meanwhile and the move is no longer legal, the player is told so instead of
        getting a confusing "illegal move". ``mark`` (a component's move, see
        :func:`meaning`): the first code plays only if it still means that.

        A move reads the game once: when nobody else is at this game, ``row`` as the gate
        just read it is played, and the commit's version check proves it was current.
        When another move was under way, or anything fails before the commit (the game
        moved on, an illegal move: its answer depends on the game as it stands), the game
        is read again under the lock and played as it stands.
        """
        seen = row.version if seen_version is None else seen_version
        alone = not self.locks.held(row.id) and row.status == "active"
        async with self.lock(row.id):
            if alone and row.snapshot is not None:
                attempt = Attempt()
                try:
                    return await self._play(row, seat, codes, seen, mark, attempt)
                except (UserError, IllegalMove, Conflict):
                    if attempt.commits:
                        raise
            fresh = await self.store.get(row.id)
            if fresh is None or fresh.status != "active":
                raise UserError(NOT_RUNNING)
            return await self._play(fresh, seat, codes, seen, mark, Attempt())

    async def _play(
        self,
        fresh: GameRow,
        seat: str,
        codes: Sequence[str],
        seen: int,
        mark: str | None,
        attempt: Attempt,
    ) -> MoveResult:
        """``play`` on the game as ``fresh`` has it, under its lock."""
        seated = fresh.seat(seat)
        if seated is not None and seated.ai:
            raise UserError(tx("The AI is playing your seat. Take it back with `/game rejoin`."))
        game = get_game(fresh.slug)
        state = game.load(fresh.snapshot or {})
        simultaneous = seat != LEADER and len(game.to_move(state)) > 1
        if mark is not None:
            legal = game.legal_moves(state, seat)
            same = [m for m in legal if m.code == codes[0] and meaning(m) == mark]
            if legal and not same:
                raise UserError(STALE)
        played: list[Played] = []
        labels: list[str] = []
        watch = TurnWatch(actor=seat)
        before = state
        undoable = seat != LEADER
        try:
            for code in codes:
                labels += [m.label for m in game.legal_moves(state, seat) if m.code == code]
                after, events = game.play(state, seat, code)
                undoable = undoable and game.undoable(state, after, seat)
                watch.step(game, state, after)
                state = after
                played.append(Played(seat, code, events))
        except IllegalMove as exc:
            if fresh.version != seen:
                raise UserError(
                    tx(
                        "The game moved on while you were choosing; look at the new board "
                        "and try again."
                    )
                ) from exc
            if seated is not None and not game.legal_moves(before, seat):
                waiting = game.waiting_for(before) or game.to_move(before)
                raise NotYourTurn([fresh.names.get(s, s) for s in waiting]) from exc
            raise
        # Secret while the phase stays open; the choice that closes it reveals all.
        still_open = len(game.to_move(state)) > 1
        result = await self._advance(fresh, state, played, watch, attempt)
        undoable = undoable and len(result.moves) == len(played)
        remembered = False
        if undoable:
            label = joined(labels, "semicolons") if labels else ""
            step = UndoStep(seat, result.row.version, len(played), game.dump(before), label)
            remembered = await self._remember(fresh, step)
        return replace(
            result,
            secret=simultaneous and still_open,
            labels=labels,
            undoable=undoable,
            undo_by=seat if remembered else None,
        )

    async def _remember(self, before: GameRow, step: UndoStep) -> bool:
        """Record a step that may be taken back after a commit (whether it was). A failure
        costs only the undo. Nothing needs forgetting after a step that may not be taken
        back: a step is undoable only while the game is at the version it recorded, and
        every commit moves the version on."""
        try:
            await self.store.push_undo(before.id, before.version, step)
        except StoreError as exc:
            log.warning("recording what game %s may take back failed: %s", before.id, exc)
            return False
        return True

    async def undo(self, row: GameRow, seat: str, version: int) -> MoveResult:
        """Take back ``seat``'s last step: only that seat, only while nobody (AI included)
        acted since and the step showed nothing new, and only from the board of the
        current version."""
        async with self.lock(row.id):
            fresh = await self.store.get(row.id)
            if fresh is None or fresh.status != "active":
                raise UserError(NOT_RUNNING)
            step = await self.store.undo_top(fresh.id)
            if step is None:
                raise UserError(NOTHING_TO_UNDO)
            if step.seat != seat:
                raise NotYourStep(fresh.names.get(step.seat, step.seat))
            if version != fresh.version:
                raise UserError(
                    tx("The game moved on since that board: look at the new one and try again.")
                )
            logged = await self.store.moves(fresh.id, last=step.moves)
            labels = step_labels(get_game(fresh.slug), step.snapshot, logged) or [step.label]
            row = await self.store.take_back(fresh, step)
            undoable = await self.store.undo_top(row.id) is not None
            return MoveResult(
                row=row,
                state=state_of(row),
                labels=labels,
                undoable=undoable,
                # The steps below the top are the same seat's (``push_undo`` stacks no other).
                undo_by=seat if undoable else None,
                taken=[event for move in logged for event in move.events],
            )

    async def advance(self, row: GameRow) -> MoveResult | None:
        """Let AI seats move if it is their turn (after a restart, a seat handover, or a
        chain cut short). Nothing when a move of this game is under way: it plays them."""
        if self.locks.held(row.id):
            return None
        async with self.lock(row.id):
            fresh = await self.store.get(row.id)
            if fresh is None or fresh.status != "active":
                return None
            state = state_of(fresh)
            result = await self._advance(fresh, state, [], TurnWatch())
            return result if result.moves else None

    async def _advance(
        self,
        row: GameRow,
        state: State,
        played: list[Played],
        watch: TurnWatch,
        attempt: Attempt | None = None,
    ) -> MoveResult:
        """Run AI turns after ``played`` and commit them with it, with the turn mark
        ``watch`` saw (and sees in the AI's steps): in one transaction, or for a chain
        longer than ``CHECKPOINT_SECONDS`` in several, so that its progress survives a
        time limit or a restart (what was committed is where the next chain starts)."""
        game = get_game(row.slug)
        committed: list[Played] = []
        moves = list(played)
        rng = Rng.from_seed(row.seed + 1_000_003 * (row.version + 1))
        seats = [Seat.from_json(s.to_json()) for s in row.seats]
        since = self.clock()
        robot_moves = 0
        while game.outcome(state) is None and robot_moves < MAX_AI_MOVES:
            waiting = game.waiting_for(state)
            hand_back(seats, waiting)
            ai_waiting = [s.id for s in seats if s.ai and s.id in waiting]
            if not ai_waiting:
                break
            seat = next(s for s in seats if s.id == ai_waiting[0])
            decision = rng.next_u64() or 1
            level = level_of(seat, game.ai_levels)
            try:
                code = await self.robots.move(row.slug, state, seat.id, decision, level)
                after, events = game.play(state, seat.id, code)
            except Exception:
                # A robot that cannot decide (its workers keep failing, or a bug in a
                # search) must not stall the table: this once it plays the rules of thumb.
                log.exception("robot %s of game %s fell back to easy", seat.id, row.id)
                code = game.ai_move(state, seat.id, Rng(decision), "easy")
                after, events = game.play(state, seat.id, code)
            watch.step(game, state, after)
            state = after
            moves.append(Played(seat.id, code, events))
            robot_moves += 1
            if self.clock() - since >= CHECKPOINT_SECONDS:
                row = await self._commit(row, seats, state, moves, watch, attempt)
                committed += moves
                moves, watch, since = [], TurnWatch(actor=watch.actor), self.clock()
        row = await self._commit(row, seats, state, moves, watch, attempt)
        return MoveResult(row=row, state=state, moves=committed + moves)

    async def _commit(
        self,
        row: GameRow,
        seats: list[Seat],
        state: State,
        moves: list[Played],
        watch: TurnWatch,
        attempt: Attempt | None = None,
    ) -> GameRow:
        """Write the seats (handed back) and ``moves`` with the state they led to."""
        game = get_game(row.slug)
        if seats != row.seats:
            row = await self.store.update_table(row, seats=seats)
            if attempt is not None:
                attempt.commits += 1
        if moves:
            outcome = game.outcome(state)
            row = await self.store.commit_moves(
                row,
                moves,
                game.dump(state),
                now=self.clock(),
                results=results_of(seats, outcome) if outcome is not None else (),
                turn=watch.pings,
            )
            if attempt is not None:
                attempt.commits += 1
        return row

    async def hand_to_ai(
        self,
        row: GameRow,
        seat_ids: Sequence[str],
        version: int | None = None,
        *,
        leaving: bool = False,
    ) -> MoveResult | GameRow:
        """The AI plays these seats from now on; hosting passes on; an AI-only table ends.

        Returns the cancelled row when no person is left, else the AI's follow-up moves.
        ``version``: only if nothing moved since then (an idle vote). ``leaving``: the
        seats' people leave (``/game leave``), which makes them leavers in the ratings;
        a seat voted idle notes its place in the standings now, and the ratings place it
        no better than that (``bot.common.ratings.places``).

        A rated game ends this way only when every person left it: a seat the AI took by
        an idle vote goes back to its person when the last other person leaves (so a
        loser cannot vote the leader idle, then leave, and have the game cancelled).
        """
        async with self.lock(row.id):
            fresh = await self.store.get(row.id)
            if fresh is None or fresh.status != "active":
                raise UserError(NOT_RUNNING)
            if version is not None and fresh.version != version:
                raise UserError(VOTE_CLOSED)
            if all((s := fresh.seat(i)) is not None and s.ai and not s.returning for i in seat_ids):
                # A second press of "leave" (or a vote that already passed): nothing to do.
                raise UserError(
                    tx("The AI already plays that seat. `/game rejoin` takes a seat back.")
                )
            seats = [Seat.from_json(s.to_json()) for s in fresh.seats]
            now = {} if leaving else standings_of(get_game(fresh.slug), state_of(fresh))
            for seat in seats:
                if seat.id in seat_ids:
                    seat.ai = seat.ai_played = True
                    seat.returning = False
                    seat.left = seat.left or leaving
                    if seat.id in now:
                        seat.standing = max(seat.standing or 0, now[seat.id])
            people = [s for s in seats if not s.ai]
            if not people and fresh.rated:
                for seat in seats:
                    if not seat.robot and not seat.left:
                        seat.returning = True
                hand_back(seats, get_game(fresh.slug).waiting_for(state_of(fresh)))
                people = [s for s in seats if not s.ai or s.returning]
            if not people:
                fresh = await self.store.update_table(fresh, seats=seats)
                return await self.store.set_status(fresh, "cancelled", self.clock())
            host = fresh.host_id if fresh.host_id not in seat_ids else people[0].id
            fresh = await self.store.update_table(fresh, seats=seats, host_id=host)
            return await self._advance(fresh, state_of(fresh), [], TurnWatch())

    async def rejoin(self, row: GameRow, seat_id: str) -> bool:
        """Take a seat back from the AI: at once between turns, else at the next boundary.

        Returns True when the seat is back now, False when it comes back after the AI's
        current turn.
        """
        async with self.lock(row.id):
            fresh = await self.store.get(row.id)
            if fresh is None or fresh.status != "active":
                raise UserError(NOT_RUNNING)
            seats = [Seat.from_json(s.to_json()) for s in fresh.seats]
            seat = next((s for s in seats if s.id == seat_id), None)
            if seat is None or seat.robot:
                raise UserError(NOT_PLAYING)
            if not seat.ai:
                raise UserError(tx("Your seat is already yours: just play."))
            seat.returning = True
            hand_back(seats, get_game(fresh.slug).waiting_for(state_of(fresh)))
            await self.store.update_table(fresh, seats=seats, unseen=True)
            return not seat.ai

    async def _fresh_lobby(self, row: GameRow) -> GameRow:
        fresh = await self.store.get(row.id)
        if fresh is None or fresh.status != "lobby":
            raise UserError(tx("That lobby is closed: the game has started or was cancelled."))
        return fresh


def waiting_for(row: GameRow) -> list[Seat]:
    """The people seated at a lobby who have not agreed to it as it is now."""
    return [s for s in row.seats if not s.robot and s.agreed != row.terms]


def agreeing(seats: Sequence[Seat], seat_id: str, terms: int) -> list[Seat]:
    """The seats with ``seat_id``'s person (never a robot) agreeing to ``terms``."""
    return [replace(s, agreed=terms) if s.id == seat_id and not s.robot else s for s in seats]


@dataclass
class Rematch:
    """What a press of Rematch did: ``row``, the rematch's lobby; ``opened``: this press
    opened it (else it seated its presser there)."""

    row: GameRow
    opened: bool


def played_out(row: GameRow) -> bool:
    """Whether a game may end only by being played to its end (or by every person
    leaving it): a rated game under way with at least two people seated, whoever plays
    their seats now. Its host alone cannot cancel it (a losing host would wipe out the
    loss), nor can an idle vote; a moderator can."""
    people = sum(1 for s in row.seats if not s.robot)
    return row.status == "active" and row.rated and people >= MIN_PEOPLE


def rematch_taken(rematch: GameRow) -> Text:
    """The answer to a second Rematch: where the first one is."""
    number = str(rematch.id)  # a game's number is written as it is: no thousands separator
    if rematch.status in ("lobby", "active"):
        place = channel_url(rematch.guild_id, rematch.channel_id)
        return tx("The rematch is already on: game #{number}, {link}", number=number, link=place)
    return tx("This game already had its rematch (game #{number}).", number=number)


def step_labels(game: Game, before: dict[str, Any], logged: Sequence[LoggedMove]) -> list[str]:
    """The labels of the moves a step made, replayed from the state before it (stored):
    texts, which its player reads in their own language (the step stores only their
    English, which stands in should the replay not match)."""
    labels: list[str] = []
    state = game.load(before)
    try:
        for move in logged:
            labels += [m.label for m in game.legal_moves(state, move.seat) if m.code == move.code]
            state, _ = game.play(state, move.seat, move.code)
    except IllegalMove:
        log.warning("the step %s took back does not replay", [m.code for m in logged])
        return []
    return labels


def level_of(seat: Seat, levels: Sequence[str]) -> str:
    """The level a seat's robot plays: a robot's own, else ``normal`` (a seat the AI took
    over from a person, or a robot from before levels)."""
    if seat.robot and seat.level is not None and seat.level in levels:
        return seat.level
    return DEFAULT_LEVEL


def hand_back(seats: list[Seat], waiting: Sequence[str]) -> None:
    """Seats whose person asked to return get them back at a turn boundary: as soon as
    the game is not waiting on them (the AI never leaves a turn half-played)."""
    for seat in seats:
        if seat.returning and seat.id not in waiting:
            seat.ai = seat.returning = False


def results_of(seats: Sequence[Seat], outcome: Outcome) -> list[Result]:
    return [
        Result(
            seat_id=s.id,
            name=s.name,
            score=int(outcome.scores.get(s.id, 0)),
            rank=int(outcome.ranks.get(s.id, len(seats))),
            # A person is a leaver only by leaving: an idle vote's seat is rated on the
            # worse of the AI's finish and its standing at the vote (going idle
            # wins nothing; a vote cannot make the idle leader a leaver).
            ai_played=s.ai_played if s.robot else s.left,
            robot=s.robot,
            level=s.level if s.robot else None,
            standing=None if s.robot or s.left else s.standing,
        )
        for s in seats
    ]


def standings_of(game: Game, state: State) -> dict[str, int]:
    """Each seat's place in the standings now, 1 best, ties shared: by score (the total
    the engine's ``standings`` hook breaks down), as outcomes rank."""
    return rank_by({seat: (points,) for seat, points in game.scores(state).items()})


def seat_of(row: GameRow, user_id: int) -> str:
    """The seat id of a Discord user at this table, or a friendly error."""
    seat = row.seat(str(user_id))
    if seat is None:
        raise UserError(NOT_PLAYING)
    return seat.id


def public_view(row: GameRow, state: State) -> GameView:
    """The table's view of ``state``, with its seats' names (``GameView.names``)."""
    view: GameView = get_game(row.slug).view(state, None)
    view["names"] = row.names
    return view


def private_view(row: GameRow, state: State, seat: str) -> GameView:
    """``seat``'s own view of ``state``, with its table's names."""
    view: GameView = get_game(row.slug).view(state, seat)
    view["names"] = row.names
    return view
