"""The event loop the bot runs on (bot/common/loop.py): uvloop's where it is installed
(the bot's real process runs on it: tests/bot/test_two_processes.py), asyncio's
otherwise."""

from __future__ import annotations

import asyncio
import importlib.util
from collections.abc import Iterator

import pytest
import uvloop

from bot.common import loop


@pytest.fixture
def policy() -> Iterator[None]:
    """Whatever a test sets, the next test gets asyncio's default policy back."""
    try:
        yield
    finally:
        asyncio.set_event_loop_policy(None)


@pytest.mark.usefixtures("policy")
def test_new_loops_are_uvloop_s() -> None:
    assert loop.fastest() == "uvloop"
    created = asyncio.new_event_loop()
    try:
        assert isinstance(created, uvloop.Loop)
        assert created.run_until_complete(asyncio.sleep(0, "ran")) == "ran"
    finally:
        created.close()


@pytest.mark.usefixtures("policy")
def test_without_uvloop_asyncio_s_loop_runs_the_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == "uvloop" else real(name)
    )
    assert loop.fastest() == "asyncio"
    created = asyncio.new_event_loop()
    try:
        assert not isinstance(created, uvloop.Loop)
    finally:
        created.close()


async def test_the_bot_s_tests_run_on_the_bot_s_loop() -> None:
    """tests/bot/conftest.py gives every test here uvloop's loop, as ``python -m bot`` runs."""
    assert isinstance(asyncio.get_running_loop(), uvloop.Loop)
