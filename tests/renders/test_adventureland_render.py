"""Alan's Adventureland images: real mid-game and final states, format, size, privacy."""

from __future__ import annotations

import math
from typing import Any

import pytest
from PIL import Image

from engine import Rng, get_game
from renders import ENGLISH, adventureland, text
from renders.adventureland_parts import SET_PATTERNS, grid_cell
from renders.theme import RIDE_COLORS
from tests.renders.images import check_png
from tests.renders.test_palettes import MIN_DELTA_E, VISIONS, seen

GAME = get_game("adventureland")
NAMES = {"p1": "Alice", "p2": "Bartholomew Longname", "p3": "Chen", "p4": "Dana"}


def played(players: int, variant: str, moves: int | None, seed: int = 5) -> dict[str, Any]:
    """A real state: the seeded AI plays ``moves`` moves (``None``: to the end)."""
    state = GAME.setup([f"p{i}" for i in range(1, players + 1)], seed, {"variant": variant})
    rng = Rng.from_seed(seed)
    count = 0
    while GAME.outcome(state) is None and (moves is None or count < moves):
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
        count += 1
    return state


def named(view: dict[str, Any]) -> dict[str, Any]:
    view["names"] = {s: NAMES[s] for s in view["seats"]}
    return view


CASES = [
    (3, "bonus-cards", 60),
    (4, "bonus-cards", 130),
    (3, "layout-bonus", 95),
    (4, "layout-bonus", 200),
    (3, "bonus-cards", None),
    (4, "layout-bonus", None),
]


@pytest.mark.parametrize(("players", "variant", "moves"), CASES)
def test_board_and_hand_render_real_states(players: int, variant: str, moves: int | None) -> None:
    """Mid-game and final tables of every size and variant are phone-shaped PNGs ≤ 300 KB,
    all of one table's boards the same size."""
    state = played(players, variant, moves)
    check_png(
        adventureland.board(named(GAME.view(state, None)), lang=ENGLISH),
        adventureland.height(players),
    )
    check_png(adventureland.hand(named(GAME.view(state, "p2")), lang=ENGLISH))


def test_public_image_carries_no_secret() -> None:
    """Two states that differ only in hands, Bonus cards and deck order draw the same."""
    state = played(4, "bonus-cards", 70)
    other = dict(state)
    other["hands"] = {s: ["loop"] * len(h) for s, h in state["hands"].items()}
    hidden = state["bonus_hands"]
    other["bonus_hands"] = dict(hidden, p1=hidden["p2"], p2=hidden["p1"])
    other["deck"] = list(reversed(state["deck"]))
    first = adventureland.board(named(GAME.view(state, None)), lang=ENGLISH)
    assert adventureland.board(named(GAME.view(other, None)), lang=ENGLISH) == first
    assert adventureland.hand(named(GAME.view(other, "p1")), lang=ENGLISH) != adventureland.hand(
        named(GAME.view(state, "p1")), lang=ENGLISH
    )


def test_last_move_is_highlighted() -> None:
    """The tile the last move placed is outlined: the image changes with ``touched``."""
    state = played(3, "bonus-cards", 40)
    while state["touched"] is None or "square" not in state["touched"]:
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.legal_moves(state, seat)[0].code)
    view = named(GAME.view(state, None))
    plain = dict(view, touched=None)
    assert adventureland.board(view, lang=ENGLISH) != adventureland.board(plain, lang=ENGLISH)


def _drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string the renderer draws from now on."""
    drawn: list[str] = []
    original = text.draw

    def record(*args: Any, **kwargs: Any) -> Any:
        drawn.append(str(args[2]))
        return original(*args, **kwargs)

    monkeypatch.setattr(text, "draw", record)
    return drawn


def test_hand_shows_the_themed_mats_while_they_are_chosen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Layout Bonus Variant §3: mats are chosen before any card is dealt, so the private
    image then shows the four themed mats, free or taken by whom; once the mats are
    chosen and cards dealt, the viewer's own sets."""
    drawn = _drawn(monkeypatch)
    state = played(3, "layout-bonus", 0)
    check_png(adventureland.hand(named(GAME.view(state, "p1")), lang=ENGLISH))
    mats = [m["name"] for m in GAME.view(state, None)["themed_mats"]]
    assert set(mats) <= set(drawn) and drawn.count("free") == 4
    state, _ = GAME.play(state, "p1", "mat:animal")
    drawn.clear()
    check_png(adventureland.hand(named(GAME.view(state, "p2")), lang=ENGLISH))
    assert "taken: Alice" in drawn and drawn.count("free") == 3
    while GAME.view(state, None)["step"] == "mat":
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.legal_moves(state, seat)[0].code)
    drawn.clear()
    check_png(adventureland.hand(named(GAME.view(state, "p1")), lang=ENGLISH))
    assert "Your mat (Animal Kingdom): Layout Bonus" in drawn
    assert sum(words.endswith(" covered") for words in drawn) == 3


def _looks_like(image: Image.Image, color: tuple[int, int, int], vision: str) -> float:
    """The share of ``image``'s pixels that someone with ``vision`` could take for
    ``color`` (within ΔE 20, the palette test's minimum)."""
    target = seen(color, vision)
    close = 0
    for count, rgb in image.convert("RGB").getcolors(maxcolors=1 << 16) or []:
        assert isinstance(rgb, tuple)
        if math.dist(seen((rgb[0], rgb[1], rgb[2]), vision), target) < MIN_DELTA_E:
            close += count
    return close / (image.width * image.height)


@pytest.mark.parametrize("vision", list(VISIONS))
def test_set_squares_read_apart_from_each_other_and_from_family_rides(vision: str) -> None:
    """Layout Bonus squares: a free Gold square must not pass for a yellow Family Ride tile
    (same-type neighbours score), and Bronze, Silver and Gold differ without colour too:
    each has its own letter and pattern, so their pictures differ even in grey."""
    view = GAME.view(played(3, "layout-bonus", 0), None)
    size = (61, 51)
    family = next(k for k, r in view["rides"].items() if r["type"] == "family")
    tile = grid_cell(view, {"ride": family, "height": 1}, None, False, size, ENGLISH)
    squares = {c: grid_cell(view, None, c, False, size, ENGLISH) for c in SET_PATTERNS}
    yellow = RIDE_COLORS["family"]
    assert _looks_like(tile, yellow, vision) > 0.5
    for colour, square in squares.items():
        assert _looks_like(square, yellow, vision) < 0.1, colour
    greys = [img.convert("L").tobytes() for img in squares.values()]
    assert len(set(greys)) == 3
    assert len({c[0] for c in SET_PATTERNS}) == len(set(SET_PATTERNS.values())) == 3


def test_a_tile_on_a_set_square_keeps_the_sets_medal() -> None:
    """Layout Bonus §2 scores sets by covering their squares with any attraction: a tile
    built there still shows which set it covers."""
    view = GAME.view(played(3, "layout-bonus", 0), None)
    ride = next(iter(view["rides"]))
    cell = {"ride": ride, "height": 1}
    plain = grid_cell(view, cell, None, False, (61, 51), ENGLISH).tobytes()
    marked = {c: grid_cell(view, cell, c, False, (61, 51), ENGLISH).tobytes() for c in SET_PATTERNS}
    assert plain not in marked.values() and len(set(marked.values())) == 3
