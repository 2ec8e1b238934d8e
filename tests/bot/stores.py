"""Which store a bot test runs on. Every bot test runs on both (the `database` fixture);
a few long complete games run on one each, alternating, so `make test` stays within its
ten minutes on two cores: their store work (start, commits, the outbox, results) is the
same as that of the tests that do run on both, and each game is still played to the end
on both stores somewhere (see tests/bot/test_turn_message.py)."""

from __future__ import annotations

import pytest

SQLITE = "sqlite"
POSTGRESQL = "postgresql"


def on_store(store: str) -> pytest.MarkDecorator:
    """Run the test on ``store`` only."""
    return pytest.mark.parametrize("database", [store], indirect=True)
