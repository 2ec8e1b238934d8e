"""Helpers for the coach's tests: small budgets, and hints as plain data to
compare (a :class:`~engine.text.Text` compares as its English; its JSON form holds the
message id and every value)."""

from __future__ import annotations

from typing import Any

from engine.coach import Hint

#: Search iterations of one hint in the tests: enough for several moves to be tried.
BUDGET = 16


def fingerprint(found: list[Hint]) -> list[tuple[Any, ...]]:
    """Everything a list of hints says, the reasons by message id and values."""
    return [
        (h.code, h.label, h.reason.to_json(), h.playouts, h.total, h.value, h.ahead) for h in found
    ]
