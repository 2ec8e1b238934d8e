"""Each game declares one renderer and one registry lists them (docs/ARCHITECTURE.md §11):
the entry points and the profile card find a game there, by the engine's slug."""

from __future__ import annotations

import importlib

import pytest

import renders
from engine import GAMES
from renders.games import RENDERERS, renderer_of


def test_every_game_of_the_catalog_has_one_renderer_in_the_same_order() -> None:
    assert tuple(renderer.slug for renderer in RENDERERS) == GAMES


@pytest.mark.parametrize("slug", GAMES)
def test_a_games_renderer_is_declared_in_its_own_module(slug: str) -> None:
    """The module's ``RENDERER`` draws with the module's functions, under its style, whose
    emblem the module draws itself; its ``board`` and ``hand`` are the renderer's."""
    module = importlib.import_module(f"renders.{slug}")
    renderer = renderer_of(slug)
    assert renderer is module.RENDERER
    assert renderer.style is module.STYLE
    assert renderer.draw_board is module.draw_board
    assert renderer.draw_hand is module.draw_hand
    assert renderer.style.emblem.__module__ == module.__name__
    assert module.board == renderer.board and module.hand == renderer.hand
    assert renders.colour(slug) == module.STYLE.color


def test_a_slug_without_a_renderer_is_refused() -> None:
    with pytest.raises(KeyError):
        renderer_of("chess")
    with pytest.raises(KeyError):
        renders.board("chess", {})
