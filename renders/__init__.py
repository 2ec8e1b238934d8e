"""Pillow renderers: a game's view in, PNG bytes out (docs/ARCHITECTURE.md §6).

Each game has a module ``renders.<slug>`` with ``board(view, *, lang) -> bytes`` and
``hand(view, *, lang) -> bytes``: every word on a picture is in the reader's language
(``lang``). The functions here are the entry points the bot calls; until it passes the
table's language they draw English. Renderers never import discord or the database.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from i18n import SOURCE, Lang, lang
from renders.frame import Frame, Style

#: The language a picture is drawn in when its caller names none.
ENGLISH: Lang = lang(SOURCE)


class Renderer(Protocol):
    def __call__(self, view: dict[str, Any], *, lang: Lang) -> bytes: ...


class Drawer(Protocol):
    def __call__(self, view: dict[str, Any], *, lang: Lang) -> Frame: ...


def board(slug: str, view: dict[str, Any], *, lang: Lang = ENGLISH) -> bytes:
    """The public board image of a game's view."""
    renderer: Renderer = importlib.import_module(f"renders.{slug}").board
    return renderer(view, lang=lang)


def hand(slug: str, view: dict[str, Any], *, lang: Lang = ENGLISH) -> bytes:
    """A seat's private image (hand, secret choice)."""
    renderer: Renderer = importlib.import_module(f"renders.{slug}").hand
    return renderer(view, lang=lang)


def colour(slug: str) -> tuple[int, int, int]:
    """A game's own colour (its board's header), for what the bot shows around it."""
    style: Style = importlib.import_module(f"renders.{slug}").STYLE
    return style.color


def board_frame(slug: str, view: dict[str, Any], *, lang: Lang = ENGLISH) -> Frame:
    """The public board before encoding, with where its key texts were drawn (for tests
    that check what a phone shows)."""
    drawer: Drawer = importlib.import_module(f"renders.{slug}").draw_board
    return drawer(view, lang=lang)


def hand_frame(slug: str, view: dict[str, Any], *, lang: Lang = ENGLISH) -> Frame:
    """A seat's private view before encoding, with its key texts' marks."""
    drawer: Drawer = importlib.import_module(f"renders.{slug}").draw_hand
    return drawer(view, lang=lang)
