"""The double enforces Discord's protocol: deadlines, single answers, auth, rate limits, RESUME."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import aiohttp
import discord
import pytest
from discord.http import Route

from tests.bot.double import DiscordDouble, InteractionResult, UsageError
from tests.bot.double.buckets import Limit, RateLimits
from tests.bot.test_double import PNG, TinyBot


async def test_a_second_answer_is_refused(double: DiscordDouble) -> None:
    """Answering twice gets 400 / 40060 'already acknowledged' and is a violation."""
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        r = await double.slash(double.ids["alice"], double.ids["channel"], "play", move="roll")
        url = f"{double.url}/api/v10/interactions/{r.id}/{r.token}/callback"
        again = {"type": 4, "data": {"content": "again"}}
        async with aiohttp.ClientSession() as session, session.post(url, json=again) as answer:
            assert answer.status == 400 and (await answer.json())["code"] == 40060
    assert r.content == "played roll"
    assert len(double.violations) == 1 and "already been acknowledged" in double.violations[0]
    double.violations.clear()


async def test_a_late_answer_is_unknown_interaction(double: DiscordDouble) -> None:
    """Past the deadline the callback gets 404 / 10062, and both lapses are violations."""
    double.world.deadline = 0.05
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        original = TinyBot.slow_delay
        TinyBot.slow_delay = 0.2
        try:
            r = await double.slash(double.ids["alice"], double.ids["channel"], "slow")
            assert r.response is None
            await double.world.wait_until(lambda: len(double.violations) == 2, 5, "the late answer")
        finally:
            TinyBot.slow_delay = original
    assert "not answered within 0.05 s" in double.violations[0]
    assert "Unknown interaction (answered after" in double.violations[1]
    double.violations.clear()


async def test_injected_429_is_retried_by_discord_py(double: DiscordDouble) -> None:
    """fail_next(…, 429) answers once with a retryable rate limit; discord.py retries."""
    async with double.running(TinyBot()) as bot:
        double.fail_next("/messages", 429)
        channel = bot.get_channel(double.ids["channel"])
        assert isinstance(channel, discord.TextChannel)
        sent = await channel.send("after a 429")
    posts = [r for r in double.requests if r[0] == "POST" and r[1].endswith("/messages")]
    assert len(posts) == 2 and double.messages(double.ids["channel"])[0].id == sent.id


async def test_injected_500_is_retried_by_discord_py(double: DiscordDouble) -> None:
    """A 500 on an interaction answer is retried by discord.py (after a 1 s pause)."""
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        double.fail_next("/callback", 500)
        r = await double.slash(double.ids["bob"], double.ids["channel"], "play", move="pass")
        assert r.content == "played pass"
    callbacks = [r for r in double.requests if r[1].endswith("/callback")]
    assert len(callbacks) == 2


async def test_rate_limit_headers_pace_discord_py() -> None:
    """With 2 messages per 0.3 s per channel, discord.py waits instead of hitting 429s."""
    limits = RateLimits(routes={"POST /channels/{channel_id}/messages": Limit(2, 0.3)})
    async with DiscordDouble(rate_limits=limits) as double:
        channel_id = double.add_channel(double.add_guild("G"), "c")
        async with double.running(TinyBot()) as bot:
            channel = bot.get_channel(channel_id)
            assert isinstance(channel, discord.TextChannel)
            started = asyncio.get_running_loop().time()
            for index in range(5):
                await channel.send(str(index))
            elapsed = asyncio.get_running_loop().time() - started
        assert [m.content for m in double.messages(channel_id)] == ["0", "1", "2", "3", "4"]
        assert elapsed >= 0.5 and double.violations == [] and double.rate_limited == []


async def test_wrong_token_fails_login() -> None:
    """A wrong token is refused with 401 (discord.py raises LoginFailure)."""
    async with DiscordDouble() as double:
        bot = TinyBot()
        with pytest.raises(discord.LoginFailure):
            await bot.login("not-the-token")
        await bot.close()
        assert double.violations == ["GET /users/@me: 401 401: Unauthorized "]


async def test_unknown_route_is_a_violation(double: DiscordDouble) -> None:
    """Routes the double does not implement answer 404 and are recorded."""
    async with double.running(TinyBot()) as bot:
        with pytest.raises(discord.NotFound):
            await bot.http.request(Route("GET", "/voice/regions"))
    assert double.violations == ["GET /voice/regions: 404 404: Not Found (unknown route) "]
    double.violations.clear()


async def test_reconnect_resumes_the_session(double: DiscordDouble) -> None:
    """Op 7 makes discord.py RESUME; the same session keeps receiving interactions."""
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        await double.reconnect()
        await double.world.wait_until(lambda: double.gateway.resumes == 1, 5, "a RESUME")
        await double.wait_ready()
        r = await double.slash(double.ids["carol"], double.ids["channel"], "play", move="roll")
        assert r.content == "played roll"
    assert double.gateway.identifies == 1


async def test_members_intent_gets_members_and_chunks(double: DiscordDouble) -> None:
    """Without the members intent only the bot is listed; with it, everyone (and chunking)."""
    async with double.running(TinyBot()) as bot:
        guild = bot.get_guild(double.ids["guild"])
        assert guild is not None and guild.get_member(double.ids["alice"]) is None
    intents = discord.Intents.default()
    intents.members = True
    async with double.running(TinyBot(intents)) as bot:
        guild = bot.get_guild(double.ids["guild"])
        assert guild is not None
        await asyncio.wait_for(guild.chunk(), 5)
        alice = guild.get_member(double.ids["alice"])
        admin = guild.get_member(double.ids["admin"])
        assert alice is not None and not alice.guild_permissions.manage_channels
        assert admin is not None and admin.guild_permissions.manage_channels


async def test_edit_keeps_only_listed_attachments(double: DiscordDouble) -> None:
    """An edit's `attachments` list is the keep-list; new files are appended to it."""
    async with double.running(TinyBot()) as bot:
        channel = bot.get_channel(double.ids["channel"])
        assert isinstance(channel, discord.TextChannel)
        files = [discord.File(io.BytesIO(PNG), "a.png"), discord.File(io.BytesIO(b"b"), "b.txt")]
        sent = await channel.send("two files", files=files)
        await sent.edit(attachments=[sent.attachments[1], discord.File(io.BytesIO(b"c"), "c.txt")])
    record = double.messages(double.ids["channel"])[0]
    assert record.attachments == [("b.txt", b"b"), ("c.txt", b"c")] and record.edited


async def test_threads_created_by_the_bot_exist(double: DiscordDouble) -> None:
    """channel.create_thread makes a real thread the bot can post in."""
    async with double.running(TinyBot()) as bot:
        channel = bot.get_channel(double.ids["channel"])
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.create_thread(name="table-9", type=discord.ChannelType.public_thread)
        await thread.send("welcome")
        await double.world.wait_until(lambda: bot.get_channel(thread.id), 5, "THREAD_CREATE")
    assert double.world.channels[thread.id].parent_id == double.ids["channel"]
    assert [m.content for m in double.messages(thread.id)] == ["welcome"]


async def test_users_cannot_do_what_the_client_forbids(double: DiscordDouble) -> None:
    """Unknown options, values outside choices and others' ephemeral messages are refused."""
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        alice, channel = double.ids["alice"], double.ids["channel"]
        with pytest.raises(UsageError, match="no option"):
            await double.slash(alice, channel, "play", moves="roll")
        with pytest.raises(UsageError, match="not one of the choices"):
            await double.slash(alice, channel, "game new", game="monopoly")
        with pytest.raises(UsageError, match="missing required"):
            await double.slash(alice, channel, "play")
        hand = await double.slash(alice, channel, "hand")
        assert hand.original is not None
        with pytest.raises(UsageError, match="only user"):
            await double.select(double.ids["bob"], hand.original, "pick", values=["roll"])


async def unanswered(double: DiscordDouble) -> tuple[InteractionResult, asyncio.Task[Any]]:
    """A click the bot ignores (a component it has no handler for): the test answers it
    by hand, through Discord's REST routes, within the deadline."""
    alice, channel = double.ids["alice"], double.ids["channel"]
    lobby = await double.slash(alice, channel, "game new", game="disneyland")
    assert lobby.original is not None
    known = set(double.world.interactions)
    click = asyncio.create_task(double.forge_click(double.ids["bob"], lobby.original, "silent:1"))
    while not (fresh := set(double.world.interactions) - known):
        await asyncio.sleep(0.01)
    return double.world.interactions[fresh.pop()], click


async def call(
    double: DiscordDouble, method: str, path: str, payload: dict[str, Any] | None = None
) -> tuple[int, Any]:
    """A request to the double as the bot would make it; its status and JSON body."""
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, f"{double.url}/api/v10{path}", json=payload) as answer,
    ):
        body = await answer.json() if answer.status != 204 else None
        return answer.status, body


async def test_the_interaction_webhook_exists_only_once_answered(double: DiscordDouble) -> None:
    """Before its callback, an interaction has no webhook: no follow-up, no original response
    to edit (404 Unknown Webhook); the callback then goes through."""
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        result, click = await unanswered(double)
        hook = f"/webhooks/{double.bot_id}/{result.token}"
        assert await call(double, "POST", hook, {"content": "early"}) == (
            404,
            {"message": "Unknown Webhook (the interaction was not answered yet)", "code": 10015},
        )
        status, body = await call(double, "PATCH", f"{hook}/messages/@original", {"content": "x"})
        assert status == 404 and body["code"] == 10015
        callback = f"/interactions/{result.id}/{result.token}/callback"
        assert (await call(double, "POST", callback, {"type": 6}))[0] == 204
        await click
    assert len(double.violations) == 2 and all("Unknown Webhook" in v for v in double.violations)
    double.violations.clear()


async def test_a_deferral_carries_no_flag_but_ephemeral(double: DiscordDouble) -> None:
    """DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE takes EPHEMERAL as its only flag: another one
    (SUPPRESS_EMBEDS) is an invalid form, and the interaction stays unanswered."""
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        result, click = await unanswered(double)
        callback = f"/interactions/{result.id}/{result.token}/callback"
        status, body = await call(double, "POST", callback, {"type": 5, "data": {"flags": 4}})
        assert status == 400 and body["code"] == 50035 and result.response is None
        assert (await call(double, "POST", callback, {"type": 5, "data": {"flags": 64}}))[0] == 204
        hook = f"/webhooks/{double.bot_id}/{result.token}"
        done = {"content": "done", "flags": 64}
        assert (await call(double, "POST", f"{hook}?wait=true", done))[0] == 200
        await click  # final once the placeholder was replaced
        assert result.ephemeral and result.content == "done"
    assert len(double.violations) == 1 and "only valid flag" in double.violations[0]
    double.violations.clear()


async def test_a_followup_after_a_deleted_placeholder_is_a_message_of_its_own(
    double: DiscordDouble,
) -> None:
    """A public "thinking…" placeholder, deleted, then a private follow-up: the follow-up is
    a new private message (nothing public stays), and the answer is final only then; a
    follow-up right after a deferral edits the placeholder instead."""
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        result, click = await unanswered(double)
        callback = f"/interactions/{result.id}/{result.token}/callback"
        hook = f"/webhooks/{double.bot_id}/{result.token}"
        assert (await call(double, "POST", callback, {"type": 5}))[0] == 204
        placeholder = result.original
        assert placeholder is not None and not placeholder.ephemeral
        assert (await call(double, "DELETE", f"{hook}/messages/@original"))[0] == 204
        assert placeholder.deleted and not result.finalised.is_set()
        private = {"content": "only you", "flags": 64}
        status, body = await call(double, "POST", f"{hook}?wait=true", private)
        assert status == 200 and body["id"] != str(placeholder.id)
        assert result.finalised.is_set() and result.answer is not placeholder
        assert result.ephemeral and result.content == "only you"
        await click
        again, second = await unanswered(double)
        callback = f"/interactions/{again.id}/{again.token}/callback"
        hook = f"/webhooks/{double.bot_id}/{again.token}"
        assert (await call(double, "POST", callback, {"type": 5}))[0] == 204
        assert (await call(double, "POST", f"{hook}?wait=true", {"content": "edited"}))[0] == 200
        assert again.answer is again.original and again.content == "edited"
        await second
    public = [m for m in double.messages(double.ids["channel"]) if not m.deleted]
    assert [m.content for m in public] == ["lobby disneyland 10", "lobby disneyland 10", "edited"]
