"""The double limits requests as Discord does, per route bucket (each
channel may take 5 new messages and 5 edits per 5 seconds) and 50 per second in all,
interaction answers apart; its headers are what discord.py paces itself by."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord

from tests.bot.double import DiscordDouble
from tests.bot.double.buckets import RateLimits
from tests.bot.double.payloads import VIEW_CHANNEL
from tests.bot.test_double import TinyBot

Answer = tuple[int, dict[str, str], Any]


def unhurried() -> DiscordDouble:
    """A double whose rate-limit windows last 100 times Discord's: a test's requests all
    fall in one window, however slowly the machine sends them."""
    return DiscordDouble(rate_limits=RateLimits(speedup=0.01))


async def request(
    double: DiscordDouble, method: str, path: str, body: Any = None, *, auth: bool = True
) -> Answer:
    """One raw request, as a client that ignores every header would send it."""
    headers = {"Authorization": f"Bot {double.token}"} if auth else {}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, f"{double.url}/api/v10{path}", json=body, headers=headers) as r,
    ):
        return r.status, dict(r.headers), await r.json(content_type=None)


async def test_a_channel_takes_five_messages_then_answers_429() -> None:
    """Five posts in a channel count down X-RateLimit-Remaining; the sixth is refused
    with Retry-After (the client was told: a violation). Another channel, and edits in
    the same one, have buckets of their own."""
    async with unhurried() as double:
        guild = double.add_guild("G")
        first, second = double.add_channel(guild, "a"), double.add_channel(guild, "b")
        answers = [
            await request(double, "POST", f"/channels/{first}/messages", {"content": str(n)})
            for n in range(6)
        ]
        assert [status for status, _, _ in answers] == [200] * 5 + [429]
        remaining = [h["X-RateLimit-Remaining"] for _, h, _ in answers[:5]]
        assert remaining == ["4", "3", "2", "1", "0"]
        assert {h["X-RateLimit-Limit"] for _, h, _ in answers[:5]} == {"5"}
        _, headers, body = answers[5]
        assert 0 < float(headers["Retry-After"]) <= 500 and body["global"] is False
        assert headers["X-RateLimit-Scope"] == "user"
        assert len(double.violations) == 1 and ": 429 " in double.violations[0]
        assert len(double.rate_limited) == 1 and "spent" in double.rate_limited[0]
        double.violations.clear()
        post = {"content": "x"}
        other, _, _ = await request(double, "POST", f"/channels/{second}/messages", post)
        message = answers[0][2]["id"]
        edit = {"content": "edited"}
        edited, _, _ = await request(double, "PATCH", f"/channels/{first}/messages/{message}", edit)
        assert (other, edited) == (200, 200)
        assert len(double.rate_limited) == 1 and double.violations == []


async def test_fifty_requests_a_second_in_all() -> None:
    """Past 50 requests in a second (one per channel, so no bucket is spent) the double
    answers a global 429, a violation; interaction answers are not counted."""
    async with unhurried() as double:
        guild = double.add_guild("G")
        channels = [double.add_channel(guild, f"c{n}") for n in range(51)]
        statuses = [
            (await request(double, "GET", f"/channels/{channel}"))[0] for channel in channels
        ]
        assert statuses == [200] * 50 + [429]
        assert "global limit" in double.rate_limited[0] and len(double.violations) == 1
        double.violations.clear()
        answer = {"type": 4, "data": {"content": "late"}}
        callback = await request(double, "POST", "/interactions/1/x/callback", answer, auth=False)
        assert callback[0] == 404, "unknown, but not rate limited"


async def test_a_new_client_is_not_blamed_for_its_predecessor() -> None:
    """A bot that logs in afresh knows nothing of the buckets its predecessor spent: its
    429 is recorded, not a violation."""
    async with unhurried() as double:
        channel = double.add_channel(double.add_guild("G"), "c")
        for n in range(5):
            await request(double, "POST", f"/channels/{channel}/messages", {"content": str(n)})
        login, _, _ = await request(double, "GET", "/users/@me")
        post = {"content": "again"}
        refused, _, _ = await request(double, "POST", f"/channels/{channel}/messages", post)
        assert (login, refused) == (200, 429)
        assert len(double.rate_limited) == 1 and double.violations == []


async def test_discord_py_paces_itself_by_the_headers() -> None:
    """discord.py reads the buckets' headers: twelve messages in one channel (Discord's
    windows 25 times faster) are spread over the windows, and none is refused."""
    async with DiscordDouble(rate_limits=RateLimits(speedup=25.0)) as double:
        channel_id = double.add_channel(double.add_guild("G"), "c")
        async with double.running(TinyBot()) as bot:
            channel = bot.get_channel(channel_id)
            assert isinstance(channel, discord.TextChannel)
            started = asyncio.get_running_loop().time()
            await asyncio.gather(*(channel.send(str(n)) for n in range(12)))
            elapsed = asyncio.get_running_loop().time() - started
        assert sorted(int(m.content) for m in double.messages(channel_id)) == list(range(12))
        assert elapsed >= 2 * 5.0 / 25.0, "three windows"
        assert double.rate_limited == [] and double.violations == []


async def test_a_refused_request_counts_and_says_so() -> None:
    """A request Discord refuses (403 Missing Access) still counts in its bucket, and its
    answer carries the bucket's headers, so a client that keeps trying is paced too."""
    async with unhurried() as double:
        guild = double.add_guild("G")
        channel = double.add_channel(guild, "hidden")
        double.set_permissions(channel, double.bot_id, deny=VIEW_CHANNEL)
        post = {"content": "x"}
        answers = [
            await request(double, "POST", f"/channels/{channel}/messages", post) for _ in range(5)
        ]
        assert [status for status, _, _ in answers] == [403] * 5
        assert [h["X-RateLimit-Remaining"] for _, h, _ in answers] == ["4", "3", "2", "1", "0"]
        refused, _, _ = await request(double, "POST", f"/channels/{channel}/messages", post)
        assert refused == 429 and len(double.violations) == 1
        double.violations.clear()
