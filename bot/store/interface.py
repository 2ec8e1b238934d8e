"""The interface every registry implements (docs/ARCHITECTURE.md §5), by role, and its promises.

One row per game plus an append-only move log. A move commits the new snapshot and its
log rows in one transaction, guarded by the game's ``version``: when two moves race, the
second finds the version moved on and gets :class:`~bot.store.errors.Conflict`, so nothing
is lost or applied twice. Everything a restart needs (status, seats, snapshot) lives here.

The promises come in roles, one protocol each: :class:`Games`, :class:`MoveLog`,
:class:`TableLife`, :class:`TurnClock`, :class:`Rankings`, :class:`ServerSettings` and
:class:`Hints`. A service names the roles it uses, so what it may touch is read from its
signature; :class:`GameStore` is their sum, which the composition root opens and hands
out.

A backend raises :class:`~bot.store.errors.Conflict` when a game's version moved on,
:class:`~bot.store.errors.ChannelBusy` for a second open game in a channel,
:class:`~bot.store.errors.SchemaTooNew` for a database of a newer Turnstile, and the other
errors of :mod:`bot.store.errors` for what only a server or a second process can cause;
each is a :class:`~bot.store.errors.StoreError`, whose message is fit to show a player.
Every write that changes a game or a setting calls
:func:`~bot.store.changes.record_change`. Reads see committed data only.

Both backends (:mod:`bot.store.sqlite`, :mod:`bot.store.postgres`) subclass
:class:`GameStore` through the one SQL implementation, :class:`bot.store.sql.SqlStore` (a
mixin of queries per role), so a missing or mistyped method is a type error, and
``tests/store`` runs every promise on both.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Protocol

from bot.common.pace import Timing
from bot.common.ratings import Scope, Standing, TitleProfile
from bot.common.shards import Shards
from bot.store.due import Due
from bot.store.rating_rows import Refold
from bot.store.records import (
    GameRow,
    GuildSettings,
    LoggedMove,
    Result,
    Seat,
    TitleStats,
    UndoStep,
    VoteCall,
)


class Games(Protocol):
    """Games: their rows, from lobby to finish. A move commits here, with the game's
    log rows and, when it finishes the game, its results (which :class:`Rankings` reads)."""

    async def get(self, game_id: int) -> GameRow | None: ...

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of a channel or thread, if any."""

    async def open_learning_game(self, host_id: str) -> GameRow | None:
        """The learning game (``/game learn``) ``host_id`` has open, lobby or running, if
        any (the newest)."""

    async def rematch_for(self, game_id: int) -> GameRow | None:
        """The rematch already called for a game, if any."""

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        slug: str,
        host: Seat,
        options: dict[str, str],
        seed: int,
        now: float,
        pace: str = "live",
        seats: Sequence[Seat] | None = None,
        rematch_of: int | None = None,
        rated: bool = True,
        language: str = "en",
        learning: bool = False,
    ) -> GameRow:
        """A new lobby; ``seats`` (a rematch) default to the host alone; ``rated``: the
        table's results move ratings; ``language``: the one its table reads; ``learning``:
        a learning game (never in results, stats or ratings). Raises
        :class:`~bot.store.errors.ChannelBusy` while the channel has an open game."""

    async def update_table(
        self,
        row: GameRow,
        *,
        seats: Sequence[Seat] | None = None,
        host_id: str | None = None,
        unseen: bool = False,
    ) -> GameRow:
        """Change seats/host of a game, guarded by its version. ``unseen``: the change
        shows nowhere (a seat's person coming back), so a channel that was up to date
        stays so."""

    async def start(
        self,
        row: GameRow,
        seats: Sequence[Seat],
        snapshot: dict[str, Any],
        now: float,
        *,
        rated: bool | None = None,
    ) -> GameRow:
        """The lobby becomes a running game with ``seats`` and the first ``snapshot``; its
        first turn starts ``now`` (guarded by its version). ``rated``: whether the table
        is rated after all (a table of one person is casual), else as the lobby said."""

    async def set_lobby_options(
        self,
        row: GameRow,
        options: dict[str, str],
        pace: str,
        *,
        rated: bool | None = None,
        language: str | None = None,
        terms: int | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> GameRow:
        """The host changed a lobby's options, pace, rating or language (guarded by its
        version), with the lobby's ``terms`` moved on and the ``seats`` noting who agreed
        to them, in the same write; None keeps the rating, language, terms or seats."""

    async def set_status(self, row: GameRow, status: str, now: float) -> GameRow:
        """Cancel or finish a game outside of a move (guarded by version)."""

    async def commit_moves(
        self,
        row: GameRow,
        moves: Sequence[tuple[str, str, list[str]]],
        snapshot: dict[str, Any],
        *,
        now: float,
        results: Sequence[Result] = (),
        turn: Sequence[str] | None = None,
    ) -> GameRow:
        """Append ``moves`` (seat, code, events) and the new snapshot atomically (an event
        that is a :class:`~engine.text.Text` is kept as one, and read back as one); with the
        final ``results`` when this move finished the game (they are recorded with it,
        and the game is rated with them when it counts: :meth:`refold_ratings`).
        ``turn``: a new turn began during these moves, and these seats became to move
        (recorded with them, so the channel gets a new turn message even after a crash).

        Raises :class:`~bot.store.errors.Conflict` when the game's version is no longer
        ``row.version``.
        """


class MoveLog(Protocol):
    """A game's move log, as read back, and the steps a seat may take back."""

    async def moves(self, game_id: int, last: int | None = None) -> list[LoggedMove]:
        """The move log in order (only the ``last`` N when given): each line a
        :class:`~engine.text.Text` to be said in the reader's language, or the plain
        English of a line logged before texts."""

    async def count_moves(self, game_id: int) -> int: ...

    async def last_seq(self, game_id: int, seat: str | None = None) -> int:
        """The sequence number of the last logged move (0 before any); of ``seat``'s own
        moves when given (where what happened since that seat's last turn starts)."""

    async def moves_after(self, game_id: int, seq: int) -> list[LoggedMove]:
        """The logged moves after ``seq``, in order (what a turn message shows)."""

    async def undo_top(self, game_id: int) -> UndoStep | None:
        """The last step that may still be taken back, if the game is at its version."""

    async def push_undo(self, game_id: int, before: int, step: UndoStep) -> None:
        """Remember a step its seat may take back. It stacks on the previous one only
        when that one was the same seat's and nothing happened in between (the game was at
        its version, ``before``); otherwise the older ones are forgotten. At most
        :data:`~bot.store.records.UNDO_DEPTH` are kept."""

    async def take_back(self, row: GameRow, step: UndoStep) -> GameRow:
        """Undo ``step`` (the top of the stack) atomically: its log rows go, the snapshot
        before it comes back, the version moves on (so every component made since is
        refused), and the step below, if any, may now be taken back in turn."""


class TableLife(Protocol):
    """A table's life around its moves: its thread, and what its channel has seen (the
    outbox, the lobby card, the turn message)."""

    async def move_to_thread(self, row: GameRow, thread_id: int) -> GameRow:
        """The game is played in ``thread_id`` from now on; its lobby's channel becomes its
        parent (where the lobby message stays). Not a change of the game: no new version."""

    async def open_games_under(self, parent_id: int) -> list[GameRow]:
        """Lobbies and running games that moved from ``parent_id`` into threads."""

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        """Remember the lobby card's message (not a change of the game: no new version)."""

    async def mark_shown(self, game_id: int, version: int) -> None:
        """The channel now shows the game as of ``version`` (never moves backwards)."""

    def posting(self, game_id: int) -> contextlib.AbstractAsyncContextManager[bool]:
        """Whether this process may bring ``game_id``'s channel up to date now: True in one
        process at a time, False while another is at it. Nothing is recorded: whatever
        happens inside (a failed post, a process killed), the update stays owed until
        :meth:`mark_shown`. The caller reads the game again inside the block, since the
        holder before it may have shown it."""

    async def show_turn(
        self,
        game_id: int,
        version: int,
        *,
        message_id: int,
        posted_for: int | None,
        from_seq: int,
        shown_seq: int,
    ) -> None:
        """The channel shows ``version`` in a new turn message (the one live board)."""

    async def show_step(self, game_id: int, version: int, shown_seq: int) -> None:
        """The turn message was edited to show ``version`` (log rows up to ``shown_seq``)."""


class TurnClock(Protocol):
    """The turn clock's records: the games with clock work due, the reminders and idle
    notices sent, and the idle votes called and cast."""

    async def due(
        self, now: float, paces: Mapping[str, Timing], shards: Shards | None = None
    ) -> list[Due]:
        """The games with clock work due at ``now`` (see :mod:`bot.store.due`);
        ``paces``: each pace's delays before a server's overrides."""

    async def mark_timer(self, row: GameRow, which: str) -> bool:
        """Record that the reminder (``"remind"``) or idle notice (``"idle"``) for
        ``row.version`` went out. False when the game moved on meanwhile (or it was
        already sent): a timer that fires after the turn changed does nothing."""

    async def call_vote(self, row: GameRow, seats: Sequence[str], voters: Sequence[str]) -> bool:
        """Record that the idle notice for ``row.version`` goes out, calling a vote about
        ``seats`` open to ``voters``: one transaction, so a vote exists exactly when its
        notice was due. False when the game moved on meanwhile (or the notice was sent)."""

    async def vote_call(self, game_id: int, version: int) -> VoteCall | None:
        """The vote called at ``version``, if one was."""

    async def vote(
        self, game_id: int, version: int, voter: str, choice: str
    ) -> dict[str, str] | None:
        """Cast or change a vote about the idle seats at ``version``; all votes so far.
        None, and nothing written, unless a vote was called at ``version`` that includes
        ``voter``: a ballot never exists without its call."""


class Rankings(Protocol):
    """What finished games leave: records and their boards, seasons, ratings and
    profiles."""

    async def player_stats(
        self, guild_id: int, seat_id: str, *, hidden: Collection[int] = ()
    ) -> list[TitleStats]:
        """Per title on this server: games, wins and best score of one player, of the
        games played in no ``hidden`` place (``bot.chat.access.sight``: what the viewer cannot
        see)."""

    async def record_board(
        self,
        guild_id: int | None,
        slug: str,
        order: str,
        *,
        offset: int = 0,
        limit: int = 10,
        hidden: Collection[int] = (),
    ) -> tuple[int, list[TitleStats]]:
        """The people who finished games of a title on a server (everywhere: None), by
        ``order``: ``"wins"`` (then best score) or ``"best"`` (then wins); how many in
        all, and ``limit`` of them after the first ``offset``. On a server, only the games
        played in no ``hidden`` place count."""

    async def places(self, guild_id: int, seat_id: str | None = None) -> list[int]:
        """The places (``bot.chat.access.sight``) of a server's finished games: every one, or
        those where this person played."""

    async def season(self, guild_id: int) -> int:
        """A server's current season (1 until it starts another)."""

    async def new_season(self, guild_id: int) -> tuple[int, bool]:
        """Start a server's next season, unless its current one has no rated game yet or
        is the last there can be (``SEASON_LIMIT``); (the current season then, whether it
        began now)."""

    async def refold_ratings(self, *, write: bool = True) -> Refold:
        """Every rating from scratch: each finished game folded again in the order it was
        rated (:func:`bot.common.ratings.rebuild`), in one transaction; ``write``: put
        the results in place of the stored ratings (else only compare). Rated games
        that finish meanwhile wait."""

    async def rating_board(
        self, scope: Scope, slug: str, *, offset: int = 0, limit: int = 10, unlisted: bool = False
    ) -> tuple[int, list[Standing]]:
        """The listed ratings of a title in ``scope`` (``bot.common.ratings.listed``),
        best first; how many in all, and ``limit`` of them after the first ``offset``.
        ``unlisted``: every rating there, listed or not (what the fold holds: for the
        operator's tools and tests)."""

    async def profile(
        self,
        guild_id: int,
        player: str,
        *,
        season: int | None = None,
        trend: int,
        last: int,
        hidden: Collection[int] = (),
    ) -> list[TitleProfile]:
        """Per title a person finished a game of on this server in no ``hidden`` place:
        their rating and place in its ``season`` (the current one by default), their
        rating everywhere (ratings are aggregates: whole), the shown rating after each of
        their ``trend`` last rated games played in no hidden place, and their record and
        ``last`` results of those games. A title whose every game is out of sight is left
        out, rating and all."""


class ServerSettings(Protocol):
    """A server's choices: threads, language, default pace and timings."""

    async def threads_enabled(self, guild_id: int) -> bool:
        """Whether a server's games get a thread of their own (the default)."""

    async def guild_language(self, guild_id: int) -> str | None:
        """The language a server's new tables read (``/game settings language:``), or None
        while it follows the server's Discord language."""

    async def guild_settings(self, guild_id: int) -> tuple[str, dict[str, float]]:
        """(default pace, overridden timings in seconds) of a server."""

    async def change_guild_settings(
        self, guild_id: int, change: Callable[[GuildSettings], GuildSettings]
    ) -> GuildSettings:
        """A server's settings read, ``change`` of them written, in one transaction (two
        changes at once never undo each other): the settings as written. ``change`` is
        pure and leaves the season alone (the rankings' own)."""


class Hints(Protocol):
    """The coach's count of hints given per seat."""

    async def count_hint(self, game_id: int, seat_id: str) -> int:
        """One more hint given to ``seat_id`` in ``game_id`` (not a change of the game: no
        new version); how many it has had now."""

    async def hints_used(self, game_id: int) -> dict[str, int]:
        """How many hints each seat of ``game_id`` had (seats that had none are absent)."""


class GameStore(Games, MoveLog, TableLife, TurnClock, Rankings, ServerSettings, Hints, Protocol):
    """The whole registry: every role, and the store's own life. Open one with
    :func:`bot.store.open_store`; a service takes the roles it uses, not this."""

    async def close(self) -> None: ...

    async def migrate(self) -> int:
        """Apply every migration the database lacks, then the work they left to the code
        (rating the games finished before ratings existed); how many the code knows."""
