"""A game, declared once for the renders: its :class:`Renderer`.

Each game's module ``renders/<slug>.py`` builds ``RENDERER`` from its own drawing functions
and its style (title, header colour, emblem); the registry (``renders.games``) lists them,
and the entry points (``renders.board``, ``renders.hand``, ``renders.colour``…) and the
profile card look a game up there rather than by a module's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, cast

from typing_extensions import TypeVar

from i18n import Lang
from renders.frame import Frame, Style

#: The view type a game's pictures are drawn from (``engine.<slug>.views``).
View = TypeVar("View", bound=Mapping[str, Any], default=Any)
ViewIn = TypeVar("ViewIn", bound=Mapping[str, Any], default=Any, contravariant=True)


class Drawer(Protocol[ViewIn]):
    """A view drawn in ``lang``, before encoding, with where its key texts went."""

    def __call__(self, view: ViewIn, *, lang: Lang) -> Frame: ...


@dataclass(frozen=True, slots=True)
class Renderer(Generic[View]):
    """Everything the renders know of one game: its identity and its two pictures, drawn
    from the game's own view type."""

    #: The game's slug, as the engine's catalog names it.
    slug: str
    #: The game's identity inside the shared look: title, header colour and emblem.
    style: Style
    #: The public board (everything the table may see).
    draw_board: Drawer[View]
    #: A seat's private picture (its hand, its secret choice).
    draw_hand: Drawer[View]

    def board(self, view: Mapping[str, Any], *, lang: Lang) -> bytes:
        """The public board image (PNG)."""
        return self.draw_board(self.its(view), lang=lang).png()

    def hand(self, view: Mapping[str, Any], *, lang: Lang) -> bytes:
        """A seat's private image (PNG)."""
        return self.draw_hand(self.its(view), lang=lang).png()

    def its(self, view: Mapping[str, Any]) -> View:
        """``view`` as this game's view type. A view reaches the renders as data (from
        a worker's pipe, a replay's job, the entry points by slug): the slug that found
        this renderer is the game that made it."""
        return cast(View, view)
