"""The deadline's failure paths lose no answer.

A deferral can reach Discord and still fail for the bot: a 5xx after Discord carried it
out, which discord.py retries to be told "already acknowledged" (40060), or an answer that
never comes back (a timeout). The answer then replaces the placeholder the deferral left;
it is never sent as a fresh response Discord refuses. And a public placeholder that cannot
be deleted, before a private refusal, gives way to a line saying so: the refusal follows,
private. Each interaction waits for its deferral (``store_waits_for_deferrals``), so the
tests see what follows it, whatever the speed of the machine."""

from __future__ import annotations

import pytest

from bot.chat.access.policy import HOST_ONLY
from bot.chat.deadline import ANSWERED_PRIVATELY
from tests.bot.double import InteractionResult
from tests.bot.harness import Harness
from tests.bot.stalls import store_waits_for_deferrals
from tests.bot.test_answers_in_time import disneyland

#: The callback type of a "thinking…" deferral.
DEFERRED = 5


def stats_in_placeholder(result: InteractionResult) -> None:
    """/stats was deferred publicly, and its answer replaced the placeholder."""
    assert result.response_type == DEFERRED
    assert result.original is not None and result.answer is result.original
    assert not result.ephemeral and "Turnstile record" in result.text, result.text


async def test_a_deferral_discord_took_though_its_call_failed_carries_the_answer(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord carries out the deferral and answers 500; discord.py retries and is told
    "already acknowledged". The interaction is deferred: /stats' answer replaces the
    placeholder (it used to be sent as a fresh response, refused, and lost)."""
    d = harness.double
    channel, _, mover, _ = await disneyland(harness)
    store_waits_for_deferrals(harness, monkeypatch)
    failing = d.faults.add("/callback", 500, method="POST", after=True)
    result = await d.slash(int(mover), channel, "stats")
    assert failing.hits == 1
    stats_in_placeholder(result)
    assert d.violations == []


async def test_a_deferral_whose_answer_never_comes_back_loses_nothing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord carries out the deferral, and its answer does not come back while the
    test holds it (a timeout): the bot cannot know whether it got there. The answer
    tries to be the response, learns from Discord's "already acknowledged" that the
    deferral is there, and replaces its placeholder, while the deferral's call still
    hangs (it used to keep the answer waiting behind it)."""
    d = harness.double
    channel, _, mover, _ = await disneyland(harness)
    store_waits_for_deferrals(harness, monkeypatch)
    hung = d.faults.hold("/callback", method="POST", after=True)
    try:
        result = await d.slash(int(mover), channel, "stats")
        assert hung.hits == 1 and hung.gate is not None and not hung.gate.is_set()
        stats_in_placeholder(result)
    finally:
        hung.release()
    assert d.violations == []


async def test_a_placeholder_that_cannot_be_deleted_still_lets_a_refusal_through(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/game start by someone who is not the host, deferred publicly: the refusal is
    private, so the placeholder must go, and Discord refuses to delete it. The
    placeholder says the answer came privately, and the refusal follows, private (it
    used to be dropped, the placeholder left thinking)."""
    d = harness.double
    channel = d.ids["channel"]
    opened = await d.slash(d.ids["alice"], channel, "game new disneyland")
    assert not opened.ephemeral, opened.content
    store_waits_for_deferrals(harness, monkeypatch)
    undeletable = d.faults.add("/messages/@original", 403, method="DELETE", times=None)
    result = await d.slash(d.ids["bob"], channel, "game start")
    await d.world.wait_until(lambda: result.followups, 10, "the refusal")
    assert undeletable.hits >= 1
    placeholder, [refusal] = result.original, result.followups
    assert placeholder is not None and not placeholder.deleted and not placeholder.ephemeral
    assert placeholder.content == ANSWERED_PRIVATELY, placeholder.content
    assert refusal.ephemeral and refusal.content == HOST_ONLY, refusal.content
    assert d.violations == []


async def test_an_interaction_discord_no_longer_knows_gets_no_deferral(harness: Harness) -> None:
    """The roll's answer is refused with 404 Unknown Interaction (its token is gone): no
    response can reach it any more, so the timer does not defer it either (it used to,
    and the "thinking…" it left was never replaced). The roll stands and the board shows
    it in the channel."""
    d = harness.double
    channel, game_id, mover, _ = await disneyland(harness)
    gone = d.faults.add("/callback", 404, method="POST", times=1)
    result = await harness.play(int(mover), channel, "roll", final=False)
    assert gone.hits == 1
    assert result.response_type is None, "nothing after the refused answer"
    callbacks = [r for r in d.requests if r[0] == "POST" and r[1].endswith("/callback")]
    assert len([r for r in callbacks if f"/interactions/{result.id}/" in r[1]]) == 1
    await harness.settle()
    row = await harness.live.store.get(game_id)
    assert row is not None and row.shown_version == row.version
    assert d.violations == []
