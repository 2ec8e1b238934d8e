"""The Discord double against the real discord.py client, driven through a tiny bot."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any, ClassVar

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.bot.double import DiscordDouble, MessageRecord, UsageError

MOVES = {"roll": "Roll the dice", "rent-7": "Rent Space Mountain", "pass": "Pass the turn"}
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40


class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"join:(?P<table>\d+)"
):
    """A persistent button: its custom_id carries the table, so it survives restarts."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"join:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[discord.ui.View],
        match: re.Match[str],
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"{interaction.user.name} joined {self.table}", ephemeral=True
        )


class Pick(discord.ui.View):
    """A select menu (not persistent)."""

    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.select(
        custom_id="pick", options=[discord.SelectOption(label=m, value=m) for m in MOVES]
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Pick]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


game = app_commands.Group(name="game", description="Table management")


@game.command(name="new", description="Open a lobby")
@app_commands.choices(game=[app_commands.Choice(name="Disneyland", value="disneyland")])
async def game_new(interaction: discord.Interaction, game: str, rounds: int = 10) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(rounds))
    await interaction.response.send_message(f"lobby {game} {rounds}", view=view)


@app_commands.command(name="play", description="Make a move")
async def play(interaction: discord.Interaction, move: str) -> None:
    await interaction.response.send_message(f"played {move}")


@play.autocomplete("move")
async def play_moves(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=label, value=code)
        for code, label in MOVES.items()
        if current in code
    ][:25]


@app_commands.command(name="hand", description="Your private hand")
async def hand(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("your hand: 3 cards", ephemeral=True, view=Pick())


@app_commands.command(name="slow", description="Deferred answer")
@app_commands.describe(via="how to finish: edit or followup")
async def slow(interaction: discord.Interaction, via: str = "edit") -> None:
    await asyncio.sleep(TinyBot.slow_delay)
    await interaction.response.defer(thinking=True)
    if via == "edit":
        await interaction.edit_original_response(content="done thinking")
    else:
        await interaction.followup.send(
            "first followup", file=discord.File(io.BytesIO(PNG), "board.png")
        )
        await interaction.followup.send("second followup")


@app_commands.command(name="board", description="Post the board image")
async def board(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(
        "board", file=discord.File(io.BytesIO(PNG), "board.png")
    )
    assert interaction.channel is not None and isinstance(
        interaction.channel, discord.abc.Messageable
    )
    sent = await interaction.channel.send("copy", file=discord.File(io.BytesIO(PNG), "copy.png"))
    echoed = await sent.attachments[0].read()
    await sent.edit(content=f"copy of {len(echoed)} bytes", attachments=[])


@app_commands.command(name="living", description="A board edited in place")
async def living(interaction: discord.Interaction) -> None:
    """Post an embed showing its attached image, with a button; then edit it through the
    channel: a new image and embed, the old file dropped, the button removed."""
    first = discord.Embed(title="turn 1").set_image(url="attachment://one.png")
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Go", custom_id="go:1"))
    await interaction.response.send_message(
        "<@0> your turn", embed=first, file=discord.File(io.BytesIO(PNG), "one.png"), view=view
    )
    message = await interaction.original_response()
    TinyBot.seen.append(str(message.embeds[0].image.url))
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel | discord.Thread)
    second = discord.Embed(title="turn 2").set_image(url="attachment://two.png")
    edited = await channel.get_partial_message(message.id).edit(
        embed=second, attachments=[discord.File(io.BytesIO(PNG[::-1]), "two.png")], view=None
    )
    TinyBot.seen.append(str(edited.embeds[0].image.url))
    TinyBot.seen.append(edited.jump_url)


@app_commands.command(name="who", description="Look a player up")
async def who(interaction: discord.Interaction, player: discord.Member) -> None:
    await interaction.response.send_message(f"{type(player).__name__} {player.name} {player.id}")


@app_commands.command(name="shout", description="Too long for Discord")
async def shout(interaction: discord.Interaction) -> None:
    try:
        await interaction.response.send_message("A" * 2001)
    except discord.HTTPException as error:
        await interaction.followup.send(
            f"refused {error.code}"
        ) if interaction.response.is_done() else None
        await interaction.response.send_message(f"refused {error.code}")


COMMANDS: tuple[app_commands.Command[Any, Any, Any] | app_commands.Group, ...] = (
    game,
    play,
    hand,
    slow,
    board,
    living,
    who,
    shout,
)


class TinyBot(commands.Bot):
    """Just enough bot to exercise every feature of the double."""

    slow_delay = 0.0
    """How long /slow thinks before deferring (tests of the deadline raise it)."""
    seen: ClassVar[list[str]] = []
    """What /living read back from Discord (image urls, the jump link)."""

    def __init__(self, intents: discord.Intents | None = None) -> None:
        super().__init__(
            command_prefix="!",
            intents=intents or discord.Intents.default(),
            guild_ready_timeout=0.05,
        )

    async def setup_hook(self) -> None:
        for command in COMMANDS:
            self.tree.add_command(command)
        self.add_dynamic_items(JoinButton)
        await self.tree.sync()


async def test_ready_fills_the_guild_cache(double: DiscordDouble) -> None:
    async with double.running(TinyBot()) as bot:
        guild = bot.get_guild(double.ids["guild"])
        assert guild is not None and guild.name == "Test Guild"
        assert guild.get_channel(double.ids["channel"]).name == "games"  # type: ignore[union-attr]
        thread = guild.get_thread(double.ids["thread"])
        assert thread is not None and thread.parent_id == double.ids["channel"]
        assert bot.user is not None and bot.user.id == double.bot_id
        assert guild.me.guild_permissions.attach_files
        session = double.gateway.current()
        assert session is not None and session.connection is not None
        assert session.connection.compressor is not None, "discord.py asked for zlib-stream"


async def test_command_sync_payload_is_recorded(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        synced = {c["name"]: c for c in double.commands()}
        assert set(synced) == {"game", "play", "hand", "slow", "board", "living", "who", "shout"}
        new = synced["game"]["options"][0]
        assert new["name"] == "new" and new["type"] == 1
        assert [o["name"] for o in new["options"]] == ["game", "rounds"]
        assert new["options"][0]["choices"] == [{"name": "Disneyland", "value": "disneyland"}]
        assert all(c["id"].isdigit() for c in synced.values())
        assert (
            "PUT",
            f"/applications/{double.bot_id}/commands",
            double.requests[-1][2],
        ) in double.requests


async def test_slash_command_answered_with_content(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        r = await double.slash(
            double.ids["alice"], double.ids["channel"], "game new", game="disneyland", rounds=5
        )
        assert r.response_type == 4 and not r.ephemeral
        assert r.content == "lobby disneyland 5"
        assert r.original in double.messages(double.ids["channel"])
        assert double.latencies and double.latencies[0] < 3


async def test_ephemeral_answer_is_not_public(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        r = await double.slash(double.ids["bob"], double.ids["thread"], "hand")
        assert r.ephemeral and r.content == "your hand: 3 cards"
        assert double.messages(double.ids["thread"]) == []


async def test_select_menu_updates_the_message(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        r = await double.slash(double.ids["bob"], double.ids["channel"], "hand")
        assert r.original is not None
        picked = await double.select(double.ids["bob"], r.original, "pick", values=["roll"])
        assert picked.response_type == 7
        assert r.original.content == "picked roll" and r.original.components == []


async def test_deferred_response_then_edit(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        r = await double.slash(double.ids["carol"], double.ids["channel"], "slow")
        assert r.response_type == 5
        await r.wait_final(timeout=5)
        assert r.content == "done thinking" and not r.original.edited  # type: ignore[union-attr]


async def test_first_followup_replaces_the_deferred_placeholder(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        r = await double.slash(double.ids["carol"], double.ids["channel"], "slow", via="followup")
        await r.wait_final(timeout=5)
        second = await double.wait_for_message(
            double.ids["channel"], lambda m: m.content == "second followup"
        )
        assert r.content == "first followup" and r.attachments == [("board.png", PNG)]
        assert [m.content for m in r.followups] == ["first followup", "second followup"]
        assert double.messages(double.ids["channel"]) == [r.original, second]


async def test_file_attachment_round_trip(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        r = await double.slash(double.ids["dave"], double.ids["channel"], "board")
        assert r.attachments == [("board.png", PNG)] and r.original is not None
        assert r.original.image() == PNG
        copy = await double.wait_for_message(
            double.ids["channel"], lambda m: m.content.startswith("copy of")
        )
        assert copy.content == f"copy of {len(PNG)} bytes", "the bot read the attachment back"
        assert copy.attachments == [] and copy.edited


async def test_an_edit_replaces_image_embed_and_components(double: DiscordDouble) -> None:
    """A message edited in place, as the turn message is. An embed shows its
    message's attached file (Discord answers with that file's url); an edit with a new
    file and `attachments` drops the old file; `view=None` removes the components; the
    edit pings nobody; the jump link opens the message, in a thread too."""
    TinyBot.seen = []
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        for place in (double.ids["channel"], double.ids["thread"]):
            r = await double.slash(double.ids["alice"], place, "living")
            assert r.original is not None
            message = await double.wait_for_message(
                place, lambda m: m.embeds[0].get("title") == "turn 2"
            )
            assert message is r.original and message.components == []
            assert message.attachments == [("two.png", PNG[::-1])]
            assert message.embed_image() == PNG[::-1]
            assert [line.split("\n")[1] for line in message.revisions] == ["turn 1", "turn 2"]
            assert message.pinged == [] and message.edited
        one, two, link = TinyBot.seen[:3]
        assert one.endswith("/one.png") and "/attachments/" in one
        assert two.endswith("/two.png") and "/attachments/" in two
        assert double.resolve(link) is double.messages(double.ids["channel"])[0]
        wrong_guild = link.replace(str(double.ids["guild"]), "1")
        with pytest.raises(UsageError):
            double.resolve(wrong_guild)  # a link with the wrong guild opens nothing


async def test_autocomplete_offers_choices(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        choices = await double.autocomplete(
            double.ids["erin"], double.ids["channel"], "play", {"move": "r"}, focused="move"
        )
        assert choices == [
            {"name": "Roll the dice", "value": "roll"},
            {"name": "Rent Space Mountain", "value": "rent-7"},
        ]


async def test_user_option_resolves_to_a_member(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        r = await double.slash(
            double.ids["alice"], double.ids["channel"], "who", player=double.ids["bob"]
        )
        assert r.content == f"Member bob {double.ids['bob']}"


async def test_persistent_button_works_after_a_restart(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        lobby = await double.slash(
            double.ids["alice"], double.ids["channel"], "game new", game="disneyland"
        )
    assert lobby.original is not None and lobby.original.buttons() == [("join:10", "Join", False)]
    async with double.running(TinyBot()):
        r = await double.click(double.ids["bob"], lobby.original, "join:10")
        assert r.ephemeral and r.content == "bob joined 10"
    assert double.gateway.identifies == 2


async def test_a_limit_violation_is_recorded(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        r = await double.slash(double.ids["alice"], double.ids["channel"], "shout")
        assert r.content == "refused 50035", "Discord's Invalid Form Body reached the bot"
    assert len(double.violations) == 1
    assert "$.data.content: maxLength 2000" in double.violations[0], "Discord's schema refused it"
    double.violations.clear()


def message_with(content: str) -> MessageRecord:
    """A stand-alone record, to check the helpers without a bot."""
    button = {"type": 2, "style": 1, "label": "Go", "custom_id": "go", "disabled": True}
    return MessageRecord(1, 2, 3, content, components=[{"type": 1, "components": [button]}])


def test_message_record_helpers() -> None:
    record = message_with("hi")
    assert record.buttons() == [("go", "Go", True)]
    try:
        record.image()
    except LookupError as error:
        assert "no attachment" in str(error)
    else:
        raise AssertionError("image() of a message without attachments must fail")
