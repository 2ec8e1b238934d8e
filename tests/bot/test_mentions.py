"""A display name cannot ping anyone. Every public message allows exactly
the pings it means (those now to move, or reminded), and mention syntax in user-controlled
text (names, anything echoed) is made inert."""

from __future__ import annotations

import re

from bot.common.pace import DEFAULTS
from tests.bot.double import MessageRecord
from tests.bot.harness import Harness

MOVER_LINE = re.compile(r"^(?:⏰ )?(.*?)(?: — your turn$|:)", re.MULTILINE)
MENTION = re.compile(r"<@!?(\d+)>")


def meant(message: MessageRecord) -> list[int]:
    """Whom a message means to ping: the people named on its "your turn" or reminder line."""
    line = MOVER_LINE.search(message.content)
    return [int(u) for u in MENTION.findall(line.group(1))] if line else []


async def test_a_name_made_of_mentions_pings_nobody(harness: Harness) -> None:
    d = harness.double
    alice, bob = d.ids["alice"], d.ids["bob"]
    mallory = d.add_user("mallory", display_name=f"<@{bob}> @everyone <@&{d.ids['guild']}>")
    channel = d.ids["channel"]
    await d.slash(alice, channel, "game new disneyland", length="rounds-10")
    await d.slash(mallory, channel, "game join")
    await d.slash(bob, channel, "game join")
    channel, _ = await harness.start_game(alice, channel)
    for _ in range(12):
        mover = int(await harness.mover(channel))
        choices = [c["value"] for c in await harness.choices(mover, channel)]
        await harness.play(mover, channel, "roll" if "roll" in choices else choices[0])
    ask = await d.slash(mallory, channel, "game leave")
    assert ask.original is not None
    await d.click(mallory, ask.original, ask.original.buttons()[0][0])
    assert "left" in (await harness.board(channel)).text
    await d.slash(mallory, channel, "game rejoin")
    harness.clock.advance(DEFAULTS["live_remind"] + 1)
    await harness.live.clockwork.tick()
    messages = d.messages(channel)
    assert any(m.content.startswith("⏰") for m in messages)
    assert any(str(bob) in m.content for m in messages), "the name was shown"
    for message in messages:
        assert message.pinged == meant(message), message.content
        assert not message.pinged_everyone, message.content
        for raw in (f"<@{bob}>", "@everyone"):
            if raw in message.content:
                assert bob in meant(message) and raw == f"<@{bob}>", message.content


async def test_the_lobby_card_and_records_show_names_inertly(harness: Harness) -> None:
    d = harness.double
    bob = d.ids["bob"]
    mallory = d.add_user("mallory", display_name=f"<@{bob}>")
    channel = d.ids["channel"]
    await d.slash(mallory, channel, "game new troolpark")
    card = d.messages(channel)[-1]
    assert f"<@{bob}>" not in str(card.embeds)
    stats = await d.slash(d.ids["alice"], channel, "stats", user=mallory)
    assert f"<@{bob}>" not in str(stats.embeds) and stats.original is not None
    assert stats.original.pinged == []
