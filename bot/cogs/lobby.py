"""``/game …``: open a table, seat players and robots, start, cancel, status and log."""

from __future__ import annotations

import inspect
import re
from collections.abc import Collection, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.chat import language as languages
from bot.chat.access.policy import admission
from bot.chat.handlers.lobby import Lobbies
from bot.chat.options import ID_LIMIT, GameId
from bot.chat.services import Services
from bot.common.bounds import within
from bot.common.pace import PACES
from bot.table.robots import DEFAULT_LEVEL
from bot.table.settings import (
    ASYNC_IDLE,
    ASYNC_REMIND,
    FOLLOW_DISCORD,
    LIVE_IDLE,
    LIVE_REMIND,
    NEW_SEASON,
    SWITCH,
    SettingsChange,
)
from engine import GAMES, get_game
from engine.core import AI_LEVELS, OptionSpec
from engine.text import tx
from i18n import LANGUAGES

Interaction = discord.Interaction[Any]

#: The languages a table may read, each by its own name ("English", "Français").
LANGUAGE_CHOICES = [Choice(name=languages.own_name(code), value=code) for code in LANGUAGES]


#: The options every ``/game new <game>`` has after the game's own: the table's terms.
TABLE_OPTIONS = {
    "pace": "live: remind after minutes; async: remind after hours (server default otherwise)",
    "rated": "Results move the players' ratings (default); off: a casual game",
    "language": "What the whole table reads (default: the server's setting)",
}
#: Discord's limits on a subcommand (docs/ARCHITECTURE.md §9): options, choices, texts, names.
OPTIONS_MAX = CHOICES_MAX = 25
TEXT_MAX = 100
OPTION_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,31}$")


def discord_text(what: str, text: str) -> str:
    """``text`` as a description or a choice's name, which Discord takes at 1-100
    characters (``ValueError`` otherwise: the whole command set would be refused)."""
    if not 1 <= len(text) <= TEXT_MAX:
        raise ValueError(f"{what}: {len(text)} characters, Discord takes 1-{TEXT_MAX}")
    return text


def own_options(slug: str, specs: Sequence[OptionSpec]) -> Sequence[OptionSpec]:
    """A game's options as ``/game new <slug>`` offers them; any Discord would refuse
    (too many, a name that is no lowercase identifier or is taken, too many choices)
    raises ``ValueError`` at import rather than losing the bot every command at start-up."""
    names = [spec.name for spec in specs]
    if len(specs) + len(TABLE_OPTIONS) > OPTIONS_MAX:
        raise ValueError(f"/game new {slug}: more than {OPTIONS_MAX} options")
    taken = set(TABLE_OPTIONS) | {"cog", "interaction"}  # the callback's own parameters
    if len(set(names)) != len(names) or set(names) & taken:
        raise ValueError(f"/game new {slug}: option names taken twice {names}")
    for spec in specs:
        if not OPTION_NAME.match(spec.name):
            raise ValueError(f"/game new {slug}: {spec.name!r} is no lowercase identifier")
        if len(spec.choices) > CHOICES_MAX:
            raise ValueError(f"/game new {slug} {spec.name}: more than {CHOICES_MAX} choices")
    return specs


#: Every game's option names: the only names ``/game new`` may have been sent that its
#: subcommand does not declare (an older or tampered copy of the command).
EVERY_OPTION = frozenset(spec.name for slug in GAMES for spec in get_game(slug).options)
#: Discord's option types that hold options rather than a value.
SUBCOMMAND_TYPES = (1, 2)


def undeclared(interaction: Interaction, declared: Collection[str]) -> dict[str, str]:
    """The options of another game sent to this game's ``/game new``: discord.py drops
    what a subcommand does not declare, so they are read from the payload and handed on
    for the handler to refuse ("… has no option …") instead of opening a lobby without
    them. Any other name is dropped, as discord.py does."""
    data: dict[str, Any] = dict(interaction.data or {})
    options: Any = data.get("options", [])
    while (
        isinstance(options, list)
        and options
        and isinstance(options[0], dict)
        and options[0].get("type") in SUBCOMMAND_TYPES
    ):
        options = options[0].get("options", [])
    if not isinstance(options, list):
        return {}
    return {
        option["name"]: str(option.get("value"))
        for option in options
        if isinstance(option, dict)
        and option.get("name") in EVERY_OPTION
        and option["name"] not in declared
    }


def new_table_command(slug: str) -> app_commands.Command[Any, ..., None]:
    """``/game new <slug>``: a lobby of that game in this channel, with the game's own
    options (its ``OptionSpec``s, each value labelled for people) and then the table's
    terms. Every value is checked again by the handler (an older client sends anything)."""
    specs = own_options(slug, get_game(slug).options)

    async def callback(
        cog: Lobby,
        interaction: Interaction,
        pace: str | None = None,
        rated: bool = True,
        language: str | None = None,
        **given: str | None,
    ) -> None:
        chosen = {name: value for name, value in given.items() if value}
        chosen |= undeclared(interaction, {spec.name for spec in specs})
        await cog.lobby.open(interaction, slug, chosen, pace, rated, language)

    keyword, optional = inspect.Parameter.KEYWORD_ONLY, str | None
    positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
    parameters = [
        inspect.Parameter("cog", positional),
        inspect.Parameter("interaction", positional),
        *(inspect.Parameter(s.name, keyword, default=None, annotation=optional) for s in specs),
        inspect.Parameter("pace", keyword, default=None, annotation=optional),
        inspect.Parameter("rated", keyword, default=True, annotation=bool),
        inspect.Parameter("language", keyword, default=None, annotation=optional),
    ]
    # discord.py reads a command's options from its callback's signature, and passes the
    # cog first to a callback whose qualified name says it is a method.
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__qualname__ = f"Lobby.new_{slug}"
    app_commands.describe(
        **{s.name: discord_text(f"{slug} {s.name}", str(s.description)) for s in specs},
        **TABLE_OPTIONS,
    )(callback)
    app_commands.choices(
        **{
            spec.name: [
                Choice(name=discord_text(f"{slug} {value}", str(spec.label(value))), value=value)
                for value in spec.choices
            ]
            for spec in specs
        },
        pace=[Choice(name=p, value=p) for p in PACES],
        language=LANGUAGE_CHOICES,
    )(callback)
    title = get_game(slug).title
    return app_commands.Command(
        name=slug,
        description=discord_text(slug, f"Open a lobby for {title} in this channel"),
        callback=callback,
    )


def new_table_commands() -> app_commands.Group:
    """``/game new``: one subcommand per game of the engine, each with its own options."""
    group = app_commands.Group(name="new", description="Open a lobby for a game in this channel")
    for slug in GAMES:
        group.add_command(new_table_command(slug))
    return group


@app_commands.guild_only()
class Lobby(commands.GroupCog, group_name="game", group_description="Open and run game tables"):
    def __init__(self, services: Services) -> None:
        self.services = services

    @property
    def lobby(self) -> Lobbies:
        return self.services.lobby

    new = new_table_commands()

    @app_commands.command(
        name="learn", description="A guided first game against robots, in a thread of your own"
    )
    @app_commands.describe(game="Which game to learn")
    @app_commands.choices(game=[Choice(name=get_game(slug).title, value=slug) for slug in GAMES])
    async def learn(self, interaction: Interaction, game: str) -> None:
        await self.services.coach.learn(interaction, game)

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    async def join(self, interaction: Interaction) -> None:
        await self.lobby.command(interaction, "join")

    @app_commands.command(
        name="leave", description="Leave this channel's table (mid-game: the AI takes over)"
    )
    async def leave(self, interaction: Interaction) -> None:
        row = admission(interaction).game
        if row.status == "active":
            await self.services.attendance.leave_game(interaction, row)
        else:
            await self.lobby.command(interaction, "leave")

    @app_commands.command(name="rejoin", description="Take your seat back from the AI")
    async def rejoin(self, interaction: Interaction) -> None:
        await self.services.attendance.rejoin(interaction)

    @app_commands.command(
        name="replay", description="An animated replay of this channel's game (or a game id)"
    )
    @app_commands.describe(game_id="A finished game's number (default: the game in this channel)")
    async def replay(self, interaction: Interaction, game_id: GameId | None = None) -> None:
        if game_id is not None:
            within(game_id, 1, ID_LIMIT, tx("The game number"))
        await self.services.replays.ask(interaction, game_id)

    @app_commands.command(
        name="settings",
        description="Server defaults: threads, table pace, language (Manage Server)",
    )
    @app_commands.describe(
        threads="on: each game is played in a thread of its own; off: where its lobby is",
        default_pace="Pace of new tables when /game new does not say",
        live_remind="live: minutes before a reminder",
        live_idle="live: minutes before a seat counts as idle",
        async_remind="async: hours before a reminder",
        async_idle="async: hours before a seat counts as idle",
        season="new: a new season of ratings begins (the last one stays on /leaderboard)",
        language="What new tables read (default: the server's Discord language)",
    )
    @app_commands.choices(
        default_pace=[Choice(name=p, value=p) for p in PACES],
        threads=[Choice(name=v, value=v) for v in SWITCH],
        season=[Choice(name=NEW_SEASON, value=NEW_SEASON)],
        language=[
            *LANGUAGE_CHOICES,
            Choice(name="The server's Discord language", value=FOLLOW_DISCORD),
        ],
    )
    async def settings(
        self,
        interaction: Interaction,
        threads: str | None = None,
        default_pace: str | None = None,
        live_remind: app_commands.Range[float, *LIVE_REMIND] | None = None,
        live_idle: app_commands.Range[float, *LIVE_IDLE] | None = None,
        async_remind: app_commands.Range[float, *ASYNC_REMIND] | None = None,
        async_idle: app_commands.Range[float, *ASYNC_IDLE] | None = None,
        season: str | None = None,
        language: str | None = None,
    ) -> None:
        asked = SettingsChange(
            threads=threads,
            default_pace=default_pace,
            live_remind=live_remind,
            live_idle=live_idle,
            async_remind=async_remind,
            async_idle=async_idle,
            season=season,
            language=language,
        )
        await self.services.settings.change(interaction, asked)

    @app_commands.command(name="addbot", description="Fill an open seat with a robot player")
    @app_commands.describe(level="How well it plays (default normal; /rules explains each level)")
    @app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in AI_LEVELS])
    async def addbot(self, interaction: Interaction, level: str = DEFAULT_LEVEL) -> None:
        await self.lobby.command(interaction, "addbot", level)

    @app_commands.command(name="start", description="Start the game (host or Manage Channels)")
    async def start(self, interaction: Interaction) -> None:
        await self.lobby.command(interaction, "start")

    @app_commands.command(
        name="cancel",
        description="Cancel this channel's game, or one in its threads (host or Manage Channels)",
    )
    @app_commands.describe(game_id="In a channel whose games have threads: which game (its #)")
    async def cancel(self, interaction: Interaction, game_id: GameId | None = None) -> None:
        # The gate found the game, here or in a thread of this channel (``game_id``).
        await self.lobby.cancel(interaction)

    @app_commands.command(name="status", description="Show the board, scores and whose turn it is")
    async def status(self, interaction: Interaction) -> None:
        await self.services.lookups.status(interaction)

    @app_commands.command(name="log", description="The recent moves of this channel's game")
    async def log(self, interaction: Interaction) -> None:
        await self.services.lookups.log(interaction)
