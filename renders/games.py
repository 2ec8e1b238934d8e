"""Every game's renderer, one entry each: where the renders' entry points and the profile
card find a game by its slug (adding a game adds its module's ``RENDERER`` here,
docs/ARCHITECTURE.md §11)."""

from __future__ import annotations

from renders import adventureland, disneyland, imagineers, troolpark
from renders.kit import Renderer

#: Every game's renderer (the same games as ``engine.catalog.KITS``).
RENDERERS: tuple[Renderer, ...] = (
    adventureland.RENDERER,
    imagineers.RENDERER,
    disneyland.RENDERER,
    troolpark.RENDERER,
)

_BY_SLUG: dict[str, Renderer] = {renderer.slug: renderer for renderer in RENDERERS}


def renderer_of(slug: str) -> Renderer:
    """The renderer of the game ``slug``; ``KeyError`` for a game without one."""
    renderer = _BY_SLUG.get(slug)
    if renderer is None:
        raise KeyError(f"no renderer for the game {slug!r}; known: {', '.join(_BY_SLUG)}")
    return renderer
