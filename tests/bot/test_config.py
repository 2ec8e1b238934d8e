"""Configuration (docs/ARCHITECTURE.md §4): environment over .env, a clear message without a token,
and the token never in a repr or a log line."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from bot.common.config import TOKEN_HELP, ConfigError, load_settings, read_dotenv
from tests.bot.double import DiscordDouble

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_says_how_to_get_one(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as error:
        load_settings({}, dotenv=tmp_path / "none.env")
    assert "discord.com/developers/applications" in str(error.value)


def test_python_m_bot_without_token_exits_with_the_message(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert TOKEN_HELP in done.stderr


def test_environment_wins_over_dotenv_and_defaults_apply(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "# comment\nDISCORD_TOKEN='from-file'\nexport LOG_LEVEL=debug\nDEV_GUILD_ID=\n",
        encoding="utf-8",
    )
    assert read_dotenv(dotenv)["DISCORD_TOKEN"] == "from-file"
    settings = load_settings({"DISCORD_TOKEN": "from-env"}, dotenv=dotenv)
    assert settings.token == "from-env"
    assert settings.log_level == "DEBUG"
    assert settings.database_path == Path("data/turnstile.sqlite3")
    assert settings.dev_guild_id is None
    assert "from-env" not in repr(settings)


def test_bad_values_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError):
        load_settings({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"}, dotenv=tmp_path / "x")
    with pytest.raises(ConfigError):
        load_settings({"DISCORD_TOKEN": "t", "LOG_LEVEL": "LOUD"}, dotenv=tmp_path / "x")


async def test_the_token_never_reaches_the_log(
    double: DiscordDouble, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from tests.bot.harness import Harness

    caplog.set_level(logging.DEBUG)
    harness = Harness(double, tmp_path / "t.sqlite3")
    await harness.start()
    await double.slash(double.ids["alice"], double.ids["channel"], "game new imagineers")
    await harness.stop()
    assert caplog.records, "debug logging was on"
    assert all(double.token not in record.getMessage() for record in caplog.records)
