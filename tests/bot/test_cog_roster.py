"""A game is declared once in the bot layer: its cog, one entry of ``bot.cogs.roster``.

The cogs the client loads, the policy's entries for a game's own commands and ``/game
new``'s subcommands all follow from that entry and the engine's games; what cannot be
derived exactly (a game's command with no rule, an option Discord would refuse) fails at
import or start-up, never admitted by a guess.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.chat.access.policy import SHARED, Rule, When, Who, command_table
from bot.cogs.base import GameCog
from bot.cogs.lobby import TABLE_OPTIONS, discord_text, own_options
from bot.cogs.localization import command_tree
from bot.cogs.roster import COGS, COMMANDS, GAME_COGS, by_game, unruled
from bot.cogs.troolpark import TroolPark
from engine import GAMES, get_game
from engine.core import OptionSpec
from tests.bot.double import UsageError
from tests.bot.harness import Harness

Interaction = discord.Interaction[Any]


def spec(name: str, count: int = 2) -> OptionSpec:
    values = tuple(f"v{i}" for i in range(count))
    return OptionSpec(name, "An option", values, values[0], {v: v.upper() for v in values})


# ------------------------------------------------------------------------- the roster


def test_every_game_of_the_engine_has_one_cog_and_the_client_loads_it() -> None:
    assert list(GAME_COGS) == list(GAMES)
    assert all(GAME_COGS[slug].slug == slug for slug in GAMES)
    assert set(GAME_COGS.values()) <= set(COGS)
    with pytest.raises(TypeError, match="one cog per game"):
        by_game(*list(GAME_COGS.values())[:-1])
    with pytest.raises(TypeError, match="one cog per game"):
        by_game(*GAME_COGS.values(), TroolPark)


def test_a_games_commands_are_moves_of_their_user_in_that_game_only() -> None:
    for slug, cog in GAME_COGS.items():
        names = cog.move_commands()
        assert names, slug
        for name in names:
            assert COMMANDS[f"{slug} {name}"] == Rule(Who.MOVER, When.ACTIVE, "private", slug)
    derived = {name for name in COMMANDS if name.split()[0] in GAMES}
    assert derived == {f"{s} {n}" for s, cog in GAME_COGS.items() for n in cog.move_commands()}
    assert {k: v for k, v in COMMANDS.items() if k not in derived} == dict(SHARED)


def test_a_game_command_with_no_derivable_rule_fails_loudly() -> None:
    """A command the table could not give exactly a move's rule raises: no guess admits it."""
    with pytest.raises(ValueError, match="no game of the engine"):
        command_table({"chess": ("move",)})
    with pytest.raises(ValueError, match="one plain subcommand"):
        command_table({"troolpark": ("choose space",)})
    with pytest.raises(ValueError, match="two entries"):
        command_table({"troolpark": ("choose", "choose")})

    class Elsewhere(GameCog, group_name="chess", group_description="Moves"):
        slug = "troolpark"

        @app_commands.command(name="cheat", description="Win")
        async def cheat(self, interaction: Interaction) -> None:
            """Never run."""

    with pytest.raises(TypeError, match="not /chess"):
        Elsewhere.move_commands()

    class Nested(GameCog, group_name="troolpark", group_description="Moves"):
        slug = "troolpark"
        deep = app_commands.Group(name="deep", description="A group of its own")

    with pytest.raises(TypeError, match="one plain subcommand"):
        Nested.move_commands()


def test_a_loaded_command_the_table_lacks_is_named_before_the_bot_starts() -> None:
    """The client refuses to start with a command the gate would refuse (``unruled``)."""
    tree = command_tree()
    assert unruled(tree) == []

    class Extra(GameCog, group_name="troolpark", group_description="Moves"):
        slug = "troolpark"

        @app_commands.command(name="cheat", description="Win")
        async def cheat(self, interaction: Interaction) -> None:
            """Never run."""

    tree.remove_command("troolpark")
    group = Extra(None).__cog_app_commands_group__  # type: ignore[arg-type]
    assert group is not None
    tree.add_command(group)
    assert unruled(tree) == ["troolpark cheat"]


# ------------------------------------------------------------------------- /game new


def new_subcommands() -> dict[str, dict[str, Any]]:
    """``/game new``'s subcommands as they are synced, by name."""
    tree = command_tree()
    game = tree.get_command("game")
    assert game is not None
    payload = game.to_dict(tree)
    new = next(o for o in payload["options"] if o["name"] == "new")
    assert new["type"] == 2, "a subcommand group"
    return {o["name"]: o for o in new["options"]}


def test_game_new_has_one_subcommand_per_game_with_its_own_options() -> None:
    subcommands = new_subcommands()
    assert list(subcommands) == list(GAMES)
    for slug, command in subcommands.items():
        assert command["type"] == 1
        specs = get_game(slug).options
        options = command["options"]
        assert [o["name"] for o in options] == [s.name for s in specs] + list(TABLE_OPTIONS)
        assert not any(o.get("required") for o in options), "every option has a default"
        for option, own in zip(options, specs, strict=False):
            assert option["description"] == str(own.description)
            shown = [(c["value"], c["name"]) for c in option["choices"]]
            assert shown == [(v, str(own.label(v))) for v in own.choices]


def test_options_discord_would_refuse_fail_at_import() -> None:
    assert own_options("x", [spec("side")]) == [spec("side")]
    with pytest.raises(ValueError, match="more than 25 options"):
        own_options("x", [spec(f"o{i}") for i in range(23)])
    with pytest.raises(ValueError, match="taken twice"):
        own_options("x", [spec("side"), spec("side")])
    for taken in ("pace", "cog", "interaction"):  # the table's terms, the callback's own
        with pytest.raises(ValueError, match="taken twice"):
            own_options("x", [spec(taken)])
    for name in ("Side", "two-words", "x" * 33, "1st"):
        with pytest.raises(ValueError, match="lowercase identifier"):
            own_options("x", [spec(name)])
    with pytest.raises(ValueError, match="more than 25 choices"):
        own_options("x", [spec("side", 26)])
    assert discord_text("label", "x" * 100) == "x" * 100
    with pytest.raises(ValueError, match="1-100"):
        discord_text("label", "x" * 101)
    with pytest.raises(ValueError, match="1-100"):
        discord_text("label", "")


async def test_game_new_runs_a_games_subcommand_and_stores_its_options(
    harness: Harness,
) -> None:
    d = harness.double
    alice = d.ids["alice"]
    with pytest.raises(UsageError, match="needs a subcommand"):
        await d.slash(alice, d.ids["channel"], "game new")
    for slug in GAMES:
        specs = get_game(slug).options
        chosen = {s.name: s.choices[-1] for s in specs}
        channel = d.add_channel(d.ids["guild"], slug)
        opened = await d.slash(alice, channel, f"game new {slug}", **chosen, rated=False)
        assert not opened.ephemeral, opened.content
        row = await harness.live.store.open_game_in(channel)
        assert row is not None and row.slug == slug and not row.rated
        assert {k: v for k, v in row.options.items() if k in chosen} == chosen
