"""Click dispatch (``bot.chat.controls``): every item the client registers, and the one that
stands in for a malformed custom_id, has what its click does."""

from __future__ import annotations

from bot.chat.controls import ACTS, DYNAMIC_ITEMS
from bot.chat.views.components import Unreadable


def test_every_registered_item_has_what_its_click_does() -> None:
    assert set(ACTS) == {*DYNAMIC_ITEMS, Unreadable}
