"""Who may press what: every slash command and every kind of component,
with who may use it and while what must still hold, as one table; :class:`Policy`
decides by it.

Every interaction passes :mod:`bot.chat.access.gate` first, which asks the policy and answers a
refusal privately, so no handler runs for someone the table does not allow; a handler
finds what was admitted (the game, the caller's seat, the vote) with :func:`admission`.
A command or component missing from the table is refused.

The game service checks once more, under the game's lock, what may change between the
admission and the write (the version, a move's meaning, whose step Undo takes back):
the same rule made atomic, not a second opinion.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, TypeVar

import discord

from bot.chat import language
from bot.chat.boards import Boards, source_id
from bot.chat.deadline import Shape
from bot.chat.options import ID_LIMIT
from bot.chat.views.messages import names as seat_names
from bot.common.bounds import within
from bot.common.errors import UserError
from bot.store.records import GameRow, VoteCall
from bot.table.service import NOTHING_TO_UNDO, NotYourStep, NotYourTurn, Tables, state_of
from engine import GAMES, get_game
from engine.text import tx

Interaction = discord.Interaction[Any]
T = TypeVar("T")


class Who(enum.Enum):
    """Who may use an entry."""

    ANYONE = "anyone"
    SEATED = "a person seated at the table (the AI may be playing their seat)"
    MOVER = "a player the game waits on, playing their own seat (they have legal moves)"
    STEP_MAKER = "the player who made the step Undo takes back"
    HOST = "the table's host, or anyone with Manage Channels"
    MANAGE_SERVER = "anyone with Manage Server"
    VOTER = "a player the called vote includes"


class When(enum.Enum):
    """While what must hold. "The game" is the component's (its custom_id names it), or
    for a command the channel's; a component's game must be this channel's."""

    ANYWHERE = "anywhere, even outside a server"
    SERVER = (
        "in a server channel or thread (a component about no game, like a leaderboard's "
        "pages, reads only this server's data)"
    )
    GAME = "the channel has an open game: a lobby or a running game"
    GAME_OR_THREADS = (
        "an open game of the channel, or of one of its threads (the command's game_id says "
        "which when there are several): a game can be ended whatever became of its thread"
    )
    LOBBY = "the game is an open lobby"
    ACTIVE = "the game is running"
    BOARD = "the game is running; used on its current board (or the user's private menu)"
    BOARD_NOW = "as BOARD, and the game is still at the version the board showed"
    PICKER = "the game is running; used on the user's private move list"
    VOTE = "the game is running, still at the version a vote was called at"
    FINISHED = "the game is over (finished, not cancelled)"


#: What a command can be about: the channel it is used in and the game there.
COMMAND_WHENS = frozenset(
    {When.ANYWHERE, When.SERVER, When.GAME, When.GAME_OR_THREADS, When.LOBBY, When.ACTIVE}
)
#: What a component can be about: the game its custom_id names, or the server it is used in.
COMPONENT_WHENS = frozenset(When) - {When.GAME, When.GAME_OR_THREADS}


@dataclass(frozen=True)
class Rule:
    """One entry of the table. ``shape``: how its answer is deferred, should it still be
    unanswered near Discord's deadline (``bot.chat.deadline``): as an update of the
    component's message, or as a private or public answer to come (a command has no
    message to update). ``game``: a game's own command (``/disneyland roll``), usable
    only where that game is played."""

    who: Who
    when: When
    shape: Shape
    game: str | None = None


def moves(game: str, *names: str) -> dict[str, Rule]:
    """A game's own commands: each is a move of the player it is used by."""
    return {f"{game} {name}": Rule(Who.MOVER, When.ACTIVE, "private", game) for name in names}


#: Every slash command but the games' own (:func:`command_table` adds those), by its full
#: name. ``/game new`` has one subcommand per game, each open to anyone in a server.
SHARED: Mapping[str, Rule] = {
    **{f"game new {slug}": Rule(Who.ANYONE, When.SERVER, "public") for slug in GAMES},
    "game join": Rule(Who.ANYONE, When.LOBBY, "public"),
    "game leave": Rule(Who.SEATED, When.GAME, "public"),
    "game rejoin": Rule(Who.SEATED, When.ACTIVE, "public"),
    "game addbot": Rule(Who.HOST, When.LOBBY, "public"),
    "game start": Rule(Who.HOST, When.LOBBY, "public"),
    "game cancel": Rule(Who.HOST, When.GAME_OR_THREADS, "public"),
    "game settings": Rule(Who.MANAGE_SERVER, When.SERVER, "private"),
    "game status": Rule(Who.ANYONE, When.SERVER, "public"),
    "game log": Rule(Who.ANYONE, When.GAME, "private"),
    # A game number names only a game of this server the caller can see (the replays'
    # own check of their input, which answers alike for unknown and unseen games).
    "game replay": Rule(Who.ANYONE, When.SERVER, "public"),
    # A learning game of one's own: a casual table with robots, in a thread.
    "game learn": Rule(Who.ANYONE, When.SERVER, "public"),
    "play": Rule(Who.MOVER, When.ACTIVE, "private"),
    # The coach's choices for the player to move (refused at rated tables: the coach).
    "hint": Rule(Who.MOVER, When.ACTIVE, "private"),
    "hand": Rule(Who.SEATED, When.ACTIVE, "private"),
    "rules": Rule(Who.ANYONE, When.ANYWHERE, "private"),
    "stats": Rule(Who.ANYONE, When.SERVER, "public"),
    # The boards and profiles of this server only, and ratings everywhere;
    # `/game settings season:` (a new season) is Manage Server's, as every setting.
    "leaderboard": Rule(Who.ANYONE, When.SERVER, "public"),
    "profile": Rule(Who.ANYONE, When.SERVER, "public"),
}


def command_table(game_commands: Mapping[str, Sequence[str]]) -> Mapping[str, Rule]:
    """Every slash command's entry: the shared ones, and each game's own commands
    (``game_commands``: the names its cog declares, by slug), each a move of the player it
    is used by (:func:`moves`). A command that cannot be given exactly that rule (a game
    the engine lacks, a name that is not one plain subcommand, a name taken by another
    entry) raises ``ValueError``: nothing is admitted by a guess."""
    table = dict(SHARED)
    for slug, names in game_commands.items():
        if slug not in GAMES:
            raise ValueError(f"commands of {slug!r}, which is no game of the engine")
        for name in names:
            if not name or name != name.strip() or " " in name:
                raise ValueError(f"/{slug} {name!r}: a game's command is one plain subcommand")
            full = f"{slug} {name}"
            if full in table:
                raise ValueError(f"/{full} has two entries")
            table.update(moves(slug, name))
    return MappingProxyType(table)


#: Every kind of component (``bot.chat.views.components``: each item's ``KINDS``).
COMPONENTS: Mapping[str, Rule] = {
    "lobby:join": Rule(Who.ANYONE, When.LOBBY, "update"),
    # A seated person's yes to the rated table as the card showed it (its terms): the
    # game service checks the terms under the lobby's lock (nobody is rated without a yes).
    "lobby:agree": Rule(Who.SEATED, When.LOBBY, "update"),
    "lobby:leave": Rule(Who.SEATED, When.LOBBY, "update"),
    "lobby:addbot": Rule(Who.HOST, When.LOBBY, "update"),
    "lobby:start": Rule(Who.HOST, When.LOBBY, "update"),
    "lobby:cancel": Rule(Who.HOST, When.LOBBY, "update"),
    "opt": Rule(Who.HOST, When.LOBBY, "update"),
    # A move component plays only while its move still means what it showed (its
    # mark): the game service compares them under the game's lock.
    "move": Rule(Who.MOVER, When.BOARD, "update"),
    "pick": Rule(Who.MOVER, When.BOARD, "update"),
    "table:moves": Rule(Who.MOVER, When.BOARD, "private"),
    "table:hand": Rule(Who.SEATED, When.BOARD, "private"),
    # The private picker starts again from the top when the game moved on.
    "act": Rule(Who.MOVER, When.PICKER, "update"),
    "nav": Rule(Who.MOVER, When.PICKER, "update"),
    "undo": Rule(Who.STEP_MAKER, When.BOARD_NOW, "update"),
    "idle:ai": Rule(Who.VOTER, When.VOTE, "update"),
    "idle:end": Rule(Who.VOTER, When.VOTE, "update"),
    "leave": Rule(Who.SEATED, When.ACTIVE, "update"),
    "rematch": Rule(Who.SEATED, When.FINISHED, "public"),
    # Hint, in the private view and picker: only for the board it was shown with.
    "hint": Rule(Who.MOVER, When.BOARD_NOW, "private"),
    # The presser's own turning points in a finished game.
    "review": Rule(Who.SEATED, When.FINISHED, "private"),
    "replay": Rule(Who.ANYONE, When.FINISHED, "public"),
    "rules": Rule(Who.ANYONE, When.ANYWHERE, "private"),
    # Another page of a leaderboard: shown privately to whoever presses (their own
    # private page is turned in place), so nobody turns the page others see.
    "board": Rule(Who.ANYONE, When.SERVER, "private"),
    # These only say that the component cannot be used (any more).
    "mv": Rule(Who.ANYONE, When.ANYWHERE, "private"),
    "unknown": Rule(Who.ANYONE, When.ANYWHERE, "private"),
    "unreadable": Rule(Who.ANYONE, When.ANYWHERE, "private"),
}

SERVER_ONLY = tx("Games are played in a server channel or thread.")
UNLISTED = tx("That is not something I can do: it may belong to another version of the bot.")
NOT_SEATED = tx("You are not playing in this game.")
NOT_A_PLAYER = tx("Only the players of this game can do that.")
AI_SEAT = tx("The AI is playing your seat. Take it back with `/game rejoin`.")
HOST_ONLY = tx("Only the host (or someone with Manage Channels) can do that.")
MANAGE_SERVER_ONLY = tx("Only members with Manage Server can change these settings.")
NOT_A_VOTER = tx("Only the other players at this table can vote.")
ELSEWHERE = tx("That button does not belong to a game of this channel.")
LOBBY_CLOSED = tx("This lobby is closed.")
STARTED = tx("The game here has already started.")
NOT_STARTED = tx("That game has not started yet.")
OVER = tx("This button belongs to a game that is over or was cancelled.")
NOT_FINISHED = tx("Rematch and Replay follow a finished game.")
BOARD_MOVED = tx("The game moved on since that board: look at the new one and try again.")
PRIVATE_ONLY = tx("That belongs to your private move list: press My moves on the board.")
VOTE_CLOSED = tx("The game moved on since then: this vote is closed.")
NO_VOTE = tx("No vote was called about this turn: there is nothing to vote on.")


@dataclass(frozen=True)
class Admission:
    """What the gate let through: the rule, where (a server's channel, when it is one),
    the game, the caller's seat in it and the vote called, as far as the rule needed."""

    rule: Rule
    guild_id: int | None = None
    channel_id: int | None = None
    row: GameRow | None = None
    seat: str | None = None
    call: VoteCall | None = None

    @property
    def guild(self) -> int:
        return _given(self.guild_id, "a server")

    @property
    def channel(self) -> int:
        return _given(self.channel_id, "a channel")

    @property
    def game(self) -> GameRow:
        return _given(self.row, "a game")

    @property
    def player(self) -> str:
        return _given(self.seat, "a seat")

    @property
    def vote(self) -> VoteCall:
        return _given(self.call, "a vote")


def _given(value: T | None, what: str) -> T:
    """A part of the admission its rule guarantees (None here is a handler whose rule
    does not say what it uses: a bug, answered with the apology)."""
    if value is None:
        raise RuntimeError(f"the rule admitted this interaction without {what}")
    return value


#: Where the gate leaves the admission on the interaction (``Interaction.extras``).
ADMITTED = "turnstile.admission"


def admission(interaction: Interaction) -> Admission:
    """What the gate admitted this interaction with (a handler reached without passing
    the gate is a bug, answered with the apology)."""
    found = interaction.extras.get(ADMITTED)
    if not isinstance(found, Admission):
        raise RuntimeError("a handler ran for an interaction the gate did not admit")
    return found


class Policy:
    """Decides by the table: the place and the game first (``When``), then the caller
    (``Who``); a refusal is a :class:`UserError` that says why."""

    def __init__(self, tables: Tables, boards: Boards, commands: Mapping[str, Rule]) -> None:
        self.tables = tables
        self.boards = boards
        #: Every command's entry (:func:`command_table`).
        self.commands = commands

    def command_rule(self, interaction: Interaction) -> Rule | None:
        """The entry of the command ``interaction`` runs (None: a command the table lacks)."""
        command = interaction.command
        return self.commands.get(command.qualified_name) if command is not None else None

    async def admit_command(self, interaction: Interaction) -> Admission:
        rule = self.command_rule(interaction)
        if rule is None:
            raise UserError(UNLISTED)
        admitted = self.place(interaction, rule)
        if rule.when in (When.ANYWHERE, When.SERVER):
            return await self.caller(interaction, admitted)
        if rule.when is When.GAME_OR_THREADS:
            row = await self.tables.game_for(admitted.channel, named_game(interaction))
        else:
            row = await self.channel_game(admitted.channel, rule)
        return await self.caller(interaction, _with(admitted, row=row))

    async def admit_component(
        self, interaction: Interaction, kind: str, game_id: int | None, version: int | None
    ) -> Admission:
        rule = COMPONENTS.get(kind)
        if rule is None:
            raise UserError(UNLISTED)
        admitted = self.place(interaction, rule)
        if rule.when in (When.ANYWHERE, When.SERVER):
            return await self.caller(interaction, admitted)
        if game_id is None:
            raise RuntimeError(f"a {kind!r} component names no game")
        row = await self.component_game(interaction, rule, game_id)
        call = await self.still(interaction, rule, row, version)
        admitted = await self.caller(interaction, _with(admitted, row=row, call=call))
        # Last, so the answer names what matters more: nothing to take back, another
        # player's step.
        if rule.when is When.BOARD_NOW and version != row.version:
            raise UserError(BOARD_MOVED)
        return admitted

    # ---------- when ----------

    def place(self, interaction: Interaction, rule: Rule) -> Admission:
        if rule.when is When.ANYWHERE:
            return Admission(rule, interaction.guild_id, interaction.channel_id)
        if interaction.guild_id is None or interaction.channel_id is None:
            raise UserError(SERVER_ONLY)
        return Admission(rule, interaction.guild_id, interaction.channel_id)

    async def channel_game(self, channel: int, rule: Rule) -> GameRow:
        """A command's game: the channel's, in the state the rule asks for."""
        if rule.when is When.ACTIVE:
            row = await self.tables.active_game_in(channel)
            if rule.game is not None and row.slug != rule.game:
                title = get_game(row.slug).title
                raise UserError(
                    tx(
                        "The game here is {game}: use `/{command}` or `/play`.",
                        game=title,
                        command=row.slug,
                    )
                )
            return row
        row = await self.tables.game_in(channel)
        if rule.when is When.LOBBY and row.status != "lobby":
            raise UserError(STARTED)
        if rule.when not in (When.GAME, When.LOBBY):
            raise RuntimeError(f"a command cannot be used {rule.when.value!r}")
        return row

    async def component_game(self, interaction: Interaction, rule: Rule, game_id: int) -> GameRow:
        """A component's game: this channel's, in the state the rule asks for."""
        row = await self.tables.get(game_id)
        if row is None or row.channel_id != interaction.channel_id:
            raise UserError(ELSEWHERE)
        if rule.when is When.LOBBY:
            if row.status != "lobby":
                raise UserError(LOBBY_CLOSED)
        elif rule.when is When.FINISHED:
            if row.status != "finished":
                raise UserError(NOT_FINISHED)
        elif row.status == "lobby":
            raise UserError(NOT_STARTED)
        elif row.status == "finished" and (final := self.boards.link(row)) is not None:
            raise UserError(tx("This game is over. [Final results]({link})", link=final))
        elif row.status != "active":
            raise UserError(OVER)
        return row

    async def still(
        self, interaction: Interaction, rule: Rule, row: GameRow, version: int | None
    ) -> VoteCall | None:
        """What a component of a running game needs besides: the message it is used on,
        the vote it casts (at the version it was called at)."""
        source = source_id(interaction)
        if rule.when in (When.BOARD, When.BOARD_NOW):
            link = self.boards.link(row)
            if source is not None and link is not None and source != self.boards.board_of(row):
                raise UserError(
                    tx(
                        "That board is out of date: the game moved on. [Current board]({link})",
                        link=link,
                    )
                )
        elif rule.when is When.PICKER:
            if source is not None:
                raise UserError(PRIVATE_ONLY)
        elif rule.when is When.VOTE:
            if version != row.version:
                raise UserError(VOTE_CLOSED)
            call = await self.tables.vote_call(row)
            if call is None:
                raise UserError(NO_VOTE)
            return call
        return None

    # ---------- who ----------

    async def caller(self, interaction: Interaction, admitted: Admission) -> Admission:
        """The caller, as the rule needs them: the seat they may act for."""
        who = admitted.rule.who
        user = str(interaction.user.id)
        row = admitted.row
        found = row.seat(user) if row is not None else None
        # A robot's seat never belongs to a person (robot ids are not Discord ids).
        seat = found if found is not None and not found.robot else None
        if who is Who.ANYONE:
            return _with(admitted, seat=seat.id if seat else None)
        if who is Who.MANAGE_SERVER:
            if not interaction.permissions.manage_guild:
                raise UserError(MANAGE_SERVER_ONLY)
            return admitted
        if row is None:
            raise RuntimeError(f"{who.value!r} needs a game")
        if who is Who.HOST:
            if user != row.host_id and not interaction.permissions.manage_channels:
                raise UserError(HOST_ONLY)
            return _with(admitted, seat=seat.id if seat else None)
        if seat is None:
            raise UserError(NOT_A_PLAYER if row.status == "finished" else NOT_SEATED)
        if who is Who.MOVER:
            if seat.ai:
                raise UserError(AI_SEAT)
            game = get_game(row.slug)
            state = state_of(row)
            if not game.legal_moves(state, seat.id):
                waiting = game.waiting_for(state) or game.to_move(state)
                named = seat_names(row, language.reader(interaction))
                raise NotYourTurn([named.get(s, s) for s in waiting])
        elif who is Who.STEP_MAKER:
            step = await self.tables.undo_top(row.id)
            if step is None:
                raise UserError(NOTHING_TO_UNDO)
            if step.seat != seat.id:
                named = seat_names(row, language.reader(interaction))
                raise NotYourStep(named.get(step.seat, step.seat))
        elif who is Who.VOTER and seat.id not in admitted.vote.voters:
            raise UserError(NOT_A_VOTER)
        return _with(admitted, seat=seat.id)


def named_game(interaction: Interaction) -> int | None:
    """The game number a command names in its ``game_id`` option, bounded like the option."""
    value = getattr(interaction.namespace, "game_id", None)
    if value is None:
        return None
    return int(within(value, 1, ID_LIMIT, tx("The game number")))


def _with(admitted: Admission, **parts: Any) -> Admission:
    """The admission with more of its parts known."""
    return replace(admitted, **parts)
