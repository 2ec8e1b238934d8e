"""Pillow renderers: a game's view in, PNG bytes out (DESIGN.md §6).

Each game has a module ``renders.<slug>`` with ``board(view) -> bytes`` and
``hand(view) -> bytes``. Renderers never import discord or the database.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Renderer = Callable[[dict[str, Any]], bytes]


def board(slug: str, view: dict[str, Any]) -> bytes:
    """The public board image of a game's view."""
    renderer: Renderer = importlib.import_module(f"renders.{slug}").board
    return renderer(view)


def hand(slug: str, view: dict[str, Any]) -> bytes:
    """A seat's private image (hand, secret choice)."""
    renderer: Renderer = importlib.import_module(f"renders.{slug}").hand
    return renderer(view)
