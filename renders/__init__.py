"""Pillow renderers: a game's view in, PNG bytes out (DESIGN.md §6).

Each game has a module ``renders.<slug>`` with ``board(view) -> bytes`` and
``hand(view) -> bytes``. Renderers never import discord or the database.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from renders.frame import Frame, Style

Renderer = Callable[[dict[str, Any]], bytes]


def board(slug: str, view: dict[str, Any]) -> bytes:
    """The public board image of a game's view."""
    renderer: Renderer = importlib.import_module(f"renders.{slug}").board
    return renderer(view)


def hand(slug: str, view: dict[str, Any]) -> bytes:
    """A seat's private image (hand, secret choice)."""
    renderer: Renderer = importlib.import_module(f"renders.{slug}").hand
    return renderer(view)


def colour(slug: str) -> tuple[int, int, int]:
    """A game's own colour (its board's header), for what the bot shows around it."""
    style: Style = importlib.import_module(f"renders.{slug}").STYLE
    return style.color


def board_frame(slug: str, view: dict[str, Any]) -> Frame:
    """The public board before encoding, with where its key texts were drawn (for tests
    that check what a phone shows)."""
    drawer: Callable[[dict[str, Any]], Frame] = importlib.import_module(
        f"renders.{slug}"
    ).draw_board
    return drawer(view)


def hand_frame(slug: str, view: dict[str, Any]) -> Frame:
    """A seat's private view before encoding, with its key texts' marks."""
    drawer: Callable[[dict[str, Any]], Frame] = importlib.import_module(f"renders.{slug}").draw_hand
    return drawer(view)
