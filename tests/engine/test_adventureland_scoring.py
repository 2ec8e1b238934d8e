"""Alan's Adventureland scoring: the rulebook's worked example and each scoring rule."""

from __future__ import annotations

from typing import Any

from engine.adventureland import data, scoring

Grid = dict[str, dict[str, Any]]


def grid_of(**tiles: tuple[str, int]) -> Grid:
    return {square: {"ride": ride, "height": height} for square, (ride, height) in tiles.items()}


def test_parking_lot_example_scores_eleven_six_and_one() -> None:
    """Final Scoring §1 example: row of 5 tiles, 4 at height 2, 2 at height 3 = 11 + 6 + 1."""
    grid = grid_of(
        B1=("coaster", 3),
        B2=("rapids", 3),
        B3=("bumpercars", 2),
        B4=("droptower", 2),
        B5=("popcorn", 1),
    )
    assert scoring.line_points([3, 3, 2, 2, 1]) == 11 + 6 + 1
    assert scoring.parking_lot_view(grid) == 18


def test_main_entrance_view_scores_columns_like_rows() -> None:
    """Final Scoring §2: each column, level by level, with the same values."""
    grid = grid_of(A2=("coaster", 2), B2=("flume", 1), C2=("pizza", 2), D2=("carousel", 1))
    assert scoring.main_entrance_view(grid) == data.LINE_VALUES[4] + data.LINE_VALUES[2]
    assert scoring.parking_lot_view(grid) == 0  # four rows of one tile each


def test_rows_count_tiles_wherever_they_stand_in_the_row() -> None:
    """Final Scoring §1 (RULES.md): a row scores by how many tiles it has, gaps or not."""
    apart = grid_of(C1=("coaster", 1), C3=("flume", 1), C5=("pizza", 1))
    together = grid_of(C1=("coaster", 1), C2=("flume", 1), C3=("pizza", 1))
    assert scoring.parking_lot_view(apart) == scoring.parking_lot_view(together) == 3


def test_theme_sets_count_every_tile_of_a_type() -> None:
    """Final Scoring §3: tiles of each type (stacked ones too) on that type's Theme card."""
    grid = grid_of(A1=("coaster", 3), A2=("loop", 1), B1=("teacups", 2))
    expected = data.THEME_VALUES["thrill"][4] + data.THEME_VALUES["family"][2]
    assert scoring.theme_sets(grid) == expected


def test_excitement_is_the_top_number_of_each_stack() -> None:
    """Bonus Round §3: only the number on top of each stack counts."""
    grid = grid_of(A1=("coaster", 3), A2=("teacups", 1))
    coaster = data.ATTRACTION_BY_KEY["coaster"].levels[2]
    teacups = data.ATTRACTION_BY_KEY["teacups"].levels[0]
    assert scoring.excitement(grid) == coaster + teacups


def _card(card_id: str) -> data.BonusCard:
    return data.BONUS_BY_ID[card_id]


def test_bonus_card_three_of_four_four_of_four_and_colour_bonus() -> None:
    """Bonus Round §2a–b: 3 of 4 = small number, all 4 = large, colour bonus for its type."""
    line = _card("b08")  # a straight line, Water Ride
    assert line.shape == "line" and line.type == "water"
    three = grid_of(A1=("flume", 1), A2=("rapids", 1), A3=("boats", 1))
    assert scoring.bonus_card_points(three, line) == line.three + line.colour
    four = grid_of(A1=("flume", 1), A2=("rapids", 1), A3=("boats", 1), A4=("splash", 1))
    assert scoring.bonus_card_points(four, line) == line.four + line.colour
    other = grid_of(A1=("coaster", 1), A2=("loop", 1), A3=("vortex", 1), A4=("droptower", 1))
    assert scoring.bonus_card_points(other, line) == line.four
    mixed = grid_of(A1=("coaster", 1), A2=("loop", 1), A3=("flume", 1), A4=("rapids", 1))
    assert scoring.bonus_card_points(mixed, line) == 0


def test_bonus_card_fits_at_any_rotation_but_not_mirrored() -> None:
    """Bonus Round §2c: the card may be rotated; RULES.md: it may not be flipped."""
    ell = _card("b05")  # L: three down, foot to the right; Water Ride
    assert ell.shape == "L"
    upright = grid_of(A1=("flume", 1), B1=("rapids", 1), C1=("boats", 1), C2=("splash", 1))
    turned = grid_of(B1=("flume", 1), B2=("rapids", 1), B3=("boats", 1), A3=("splash", 1))
    mirrored = grid_of(A2=("flume", 1), B2=("rapids", 1), C2=("boats", 1), C1=("splash", 1))
    full = ell.four + ell.colour
    assert scoring.bonus_card_points(upright, ell) == full
    assert scoring.bonus_card_points(turned, ell) == full
    assert scoring.bonus_card_points(mirrored, ell) == ell.three + ell.colour


def test_bonus_card_may_score_the_same_attractions_again() -> None:
    """Bonus Round §2d: a later round may score tiles an earlier Bonus card scored."""
    grid = grid_of(A1=("coaster", 1), A2=("loop", 1), B1=("vortex", 1), B2=("droptower", 1))
    square = _card("b11")
    first = scoring.bonus_card_points(grid, square)
    assert first == square.four + square.colour
    assert scoring.bonus_card_points(grid, square) == first


def test_layout_bonus_needs_every_coloured_square_covered_by_its_type() -> None:
    """Bonus Round §2 (Layout Bonus variant; RULES.md): a coloured set scores when all its
    squares hold attractions of the set's colour (ride type)."""
    mat = data.MAT_BY_KEY["animal"]
    water = next(s for s in mat.sets if s.type == "water")
    rides = ["flume", "rapids", "boats"]
    tiles = {
        data.square_name(sq): {"ride": r, "height": 1}
        for sq, r in zip(water.squares, rides, strict=True)
    }
    assert scoring.layout_bonus(tiles, mat) == water.points
    wrong = dict(tiles)
    wrong[data.square_name(water.squares[0])] = {"ride": "coaster", "height": 1}
    assert scoring.layout_bonus(wrong, mat) == 0
    partial = dict(tiles)
    del partial[data.square_name(water.squares[0])]
    assert scoring.layout_bonus(partial, mat) == 0
    assert scoring.layout_bonus(tiles, data.GENERIC_MAT) == 0


def test_every_coloured_set_and_bonus_card_can_be_met() -> None:
    """Reconstructed data check: a set never needs more squares than its type has rides."""
    rides_per_type = {t.key: 0 for t in data.TYPES}
    for ride in data.ATTRACTIONS:
        rides_per_type[ride.type] += 1
    for mat in data.THEMED_MATS:
        for coloured in mat.sets:
            assert len(coloured.squares) <= rides_per_type[coloured.type]
    for card in data.BONUS_CARDS:
        assert rides_per_type[card.type] >= 4 and card.three < card.four
