"""Pillow renderers: a game's view in, PNG bytes out (docs/ARCHITECTURE.md §6).

Each game declares one ``Renderer`` (``renders.kit``) in its module ``renders.<slug>``: its
style, and its board and hand drawn in the reader's language (``lang``); the registry
(``renders.games``) lists them. The functions here are the entry points the bot calls, by a
game's slug; until it passes the table's language they draw English. Renderers never
import discord or the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from i18n import SOURCE, Lang, lang
from renders.frame import Frame
from renders.games import renderer_of

#: The language a picture is drawn in when its caller names none.
ENGLISH: Lang = lang(SOURCE)


def board(slug: str, view: Mapping[str, Any], *, lang: Lang = ENGLISH) -> bytes:
    """The public board image of a game's view."""
    return renderer_of(slug).board(view, lang=lang)


def hand(slug: str, view: Mapping[str, Any], *, lang: Lang = ENGLISH) -> bytes:
    """A seat's private image (hand, secret choice)."""
    return renderer_of(slug).hand(view, lang=lang)


def colour(slug: str) -> tuple[int, int, int]:
    """A game's own colour (its board's header), for what the bot shows around it."""
    return renderer_of(slug).style.color


def board_frame(slug: str, view: Mapping[str, Any], *, lang: Lang = ENGLISH) -> Frame:
    """The public board before encoding, with where its key texts were drawn (for tests
    that check what a phone shows)."""
    return renderer_of(slug).draw_board(view, lang=lang)


def hand_frame(slug: str, view: Mapping[str, Any], *, lang: Lang = ENGLISH) -> Frame:
    """A seat's private view before encoding, with its key texts' marks."""
    return renderer_of(slug).draw_hand(view, lang=lang)
