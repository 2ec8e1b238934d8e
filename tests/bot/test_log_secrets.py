"""With LOG_LEVEL=DEBUG the log never holds a hand, a secret choice or a
token. The bot runs against the double with the logging `python -m bot` sets up, at DEBUG,
while hands are dealt and stored, a secret choice is made and answered privately, and
interactions are answered through their tokens; then the whole log is searched."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from bot.common.logs import configure
from tests.bot.harness import Harness


@pytest.fixture
def debug_log(harness: Harness) -> Iterator[io.StringIO]:
    """Everything logged at DEBUG by the production logging set-up, as text."""
    stream = io.StringIO()
    root = logging.getLogger()
    level = root.level
    handler = configure("DEBUG", secrets=[harness.double.token], stream=stream)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        for name in ("aiosqlite", "discord"):
            logging.getLogger(name).setLevel(logging.NOTSET)


def hands(state: dict[str, object]) -> list[str]:
    """Each Adventureland hand as the stored snapshot spells it (six cards)."""
    dealt = state["hands"]
    assert isinstance(dealt, dict) and all(len(hand) >= 5 for hand in dealt.values())
    return [json.dumps(hand) for hand in dealt.values()]


async def test_debug_logs_hold_no_hand_secret_choice_or_token(
    harness: Harness, debug_log: io.StringIO
) -> None:
    d = harness.double
    adventure = await harness.open_table("adventureland", ["alice", "bob", "carol"])
    _, state = await harness.state(adventure)
    stored_hands = hands(state)
    await d.slash(d.ids["alice"], adventure, "hand")

    park = await harness.open_table("troolpark", ["dave", "erin"], channel=d.ids["thread"])
    _, park_state = await harness.state(park)
    while park_state["queue"]:
        mover = int(await harness.mover(park))
        await harness.play(mover, park, (await harness.choices(mover, park))[0]["value"])
        _, park_state = await harness.state(park)
    letter = next(iter(park_state["central"]))
    secret = await d.slash(d.ids["dave"], park, "troolpark choose", space=letter)
    assert secret.ephemeral and "only you can see it" in secret.content

    text = debug_log.getvalue()
    assert "WebSocket Event" in text and "has returned" in text, "DEBUG was on"
    for hand in stored_hands:
        assert hand not in text, "a hand from a stored snapshot"
    assert '"choices": {' not in text, "the secret choices of a stored snapshot"
    assert "only you can see it" not in text, "a private answer's text"
    assert f"'value': '{letter}'" not in text and f"'value': 'choose:{letter}'" not in text
    assert d.token not in text
    for interaction in d.world.interactions.values():
        assert interaction.token not in text, "an interaction token"


def test_tracebacks_and_token_shapes_are_scrubbed_too() -> None:
    """An error that quotes a webhook URL, a bot-token-shaped string, a token field."""
    stream = io.StringIO()
    level = logging.getLogger().level
    handler = configure("INFO", secrets=["s3cr3t"], stream=stream)
    log = logging.getLogger("tests.logs")
    try:
        try:
            raise RuntimeError(
                "POST https://discord.com/api/v10/webhooks/123/aW50ZXJhY3Rpb24 failed"
            )
        except RuntimeError:
            log.exception(
                "token %s in %s",
                "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz012345",
                {"token": "tok"},
            )
        log.warning("the configured secret s3cr3t")
    finally:
        logging.getLogger().removeHandler(handler)
        logging.getLogger().setLevel(level)
    text = stream.getvalue()
    for leaked in ("aW50ZXJhY3Rpb24", "GaBcDe", "'tok'", "s3cr3t"):
        assert leaked not in text, leaked
    assert "webhooks/123/<token>" in text and "RuntimeError" in text
