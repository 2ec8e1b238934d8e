"""``/game …``: open a table, seat players and robots, start, cancel, status and log."""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.chat import language as languages
from bot.chat.access.policy import admission
from bot.chat.handlers.lobby import Lobbies
from bot.chat.options import ID_LIMIT, GameId, one_of, within
from bot.chat.services import Services
from bot.common.pace import HOUR, PACES, timing
from bot.table.robots import DEFAULT_LEVEL
from engine import GAMES, get_game
from engine.core import AI_LEVELS, OptionSpec
from engine.text import tx
from i18n import LANGUAGES

Interaction = discord.Interaction[Any]

#: ``/game settings threads:``.
SWITCH = ("on", "off")
#: What ``/game settings`` says of each pace new tables default to.
PACE_DEFAULTS = {
    "live": tx("New tables default to the **live** pace."),
    "async": tx("New tables default to the **async** pace."),
}
#: ``/game settings language:``: back to following the server's Discord language.
FOLLOW_DISCORD = "discord"
#: The languages a table may read, each by its own name ("English", "Français").
LANGUAGE_CHOICES = [Choice(name=languages.own_name(code), value=code) for code in LANGUAGES]
#: Bounds of /game settings: minutes for live tables, hours for async ones.
LIVE_REMIND = (0.5, 1440.0)
LIVE_IDLE = (1.0, 1440.0)
ASYNC_REMIND = (0.5, 336.0)
ASYNC_IDLE = (1.0, 336.0)


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
    if len(set(names)) != len(names) or set(names) & set(TABLE_OPTIONS):
        raise ValueError(f"/game new {slug}: option names taken twice {names}")
    for spec in specs:
        if not OPTION_NAME.match(spec.name):
            raise ValueError(f"/game new {slug}: {spec.name!r} is no lowercase identifier")
        if len(spec.choices) > CHOICES_MAX:
            raise ValueError(f"/game new {slug} {spec.name}: more than {CHOICES_MAX} choices")
    return specs


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
        season=[Choice(name="new", value="new")],
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
        guild = admission(interaction).guild
        if season is not None:
            one_of(season, ("new",), tx("season setting"))
        if language is not None:
            one_of(language, (*LANGUAGES, FOLLOW_DISCORD), tx("language"))
        if default_pace is not None:
            one_of(default_pace, PACES, tx("pace"))
        if threads is not None:
            one_of(threads, SWITCH, tx("threads setting"))
        limits = {
            "live_remind": (live_remind, LIVE_REMIND),
            "live_idle": (live_idle, LIVE_IDLE),
            "async_remind": (async_remind, ASYNC_REMIND),
            "async_idle": (async_idle, ASYNC_IDLE),
        }
        for name, (value, (low, high)) in limits.items():
            if value is not None:
                within(value, low, high, f"`{name}`")

        async def saved() -> str:
            """Up to eight store calls: the answer waits on them (deferred privately
            meanwhile: ``bot.chat.deadline``)."""
            pace, timings = await self.services.store.guild_settings(guild)
            given = {
                "live_remind": None if live_remind is None else live_remind * 60,
                "live_idle": None if live_idle is None else live_idle * 60,
                "async_remind": None if async_remind is None else async_remind * HOUR,
                "async_idle": None if async_idle is None else async_idle * HOUR,
            }
            timings.update({k: v for k, v in given.items() if v is not None})
            pace = default_pace or pace
            await self.services.store.save_guild_settings(guild, pace, timings)
            if threads is not None:
                await self.services.store.set_threads(guild, threads == "on")
            if language is not None:
                setting = None if language == FOLLOW_DISCORD else language
                await self.services.store.set_guild_language(guild, setting)
            threaded = await self.services.store.threads_enabled(guild)
            chosen = await self.services.store.guild_language(guild)
            seasons = await self.services.ratings.new_season(guild) if season else None
            current = await self.services.store.season(guild)
            live, slow = timing("live", timings), timing("async", timings)
            table = languages.own_name(
                languages.for_new_table(None, chosen, languages.guild_locale(interaction))
            )
            lines = [
                tx("⚙️ Each game gets a thread of its own: **on**.")
                if threaded
                else tx("⚙️ Each game gets a thread of its own: **off**."),
                PACE_DEFAULTS[pace],
                tx(
                    "live: remind after {remind} min, idle after {idle} min",
                    remind=amount(live.remind / 60),
                    idle=amount(live.idle / 60),
                ),
                tx(
                    "async: remind after {remind} h, idle after {idle} h",
                    remind=amount(slow.remind / HOUR),
                    idle=amount(slow.idle / HOUR),
                ),
                tx("New tables read **{language}** (set here).", language=table)
                if chosen is not None
                else tx(
                    "New tables read **{language}** (the server's Discord language).",
                    language=table,
                ),
                seasons or tx("Ratings: season {season}.", season=current),
            ]
            reader = languages.reader(interaction)
            return "\n".join(reader.say(line) for line in lines)

        text = await saved()
        await interaction.response.send_message(text, ephemeral=True)

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


def amount(value: float) -> float | int:
    """A number of minutes or hours as a text's value: 30, not 30.0."""
    return int(value) if float(value).is_integer() else value
