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
    """Final Scoring §1 (RULES.md reading 12): a row scores by how many tiles it has, gaps
    or not."""
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


def test_layout_bonus_needs_every_square_of_a_set_covered_by_any_attraction() -> None:
    """Bonus Round §2 (Layout Bonus variant; RULES.md reading 11): a coloured set scores its points
    when every one of its squares is covered, whatever attractions cover them."""
    mat = data.MAT_BY_KEY["animal"]
    gold = next(s for s in mat.sets if s.colour == data.GOLD)
    rides = ["coaster", "teacups", "pizza", "puppets"]  # four different ride types
    tiles = {
        data.square_name(sq): {"ride": r, "height": 1}
        for sq, r in zip(gold.squares, rides, strict=True)
    }
    assert scoring.layout_bonus(tiles, mat) == gold.points
    assert scoring.covered_sets(tiles, mat) == [gold]
    stacked = dict(tiles)
    stacked[data.square_name(gold.squares[0])] = {"ride": "coaster", "height": 3}
    assert scoring.layout_bonus(stacked, mat) == gold.points
    partial = dict(tiles)
    del partial[data.square_name(gold.squares[0])]
    assert scoring.layout_bonus(partial, mat) == 0
    assert scoring.layout_bonus(tiles, data.GENERIC_MAT) == 0


def test_layout_bonus_adds_every_covered_set() -> None:
    """Bonus Round §2 (Layout Bonus variant): each covered set scores, all together."""
    mat = data.MAT_BY_KEY["foreign"]
    everything = {
        data.square_name(sq): {"ride": "carousel", "height": 1}
        for coloured in mat.sets
        for sq in coloured.squares
    }
    assert scoring.layout_bonus(everything, mat) == sum(s.points for s in mat.sets)


def test_every_bonus_card_can_be_met() -> None:
    """Reconstructed data check: a Bonus card's type has at least four attractions, so
    all four squares of its pattern can hold that type (Bonus Round §2a–b)."""
    rides_per_type = {t.key: 0 for t in data.TYPES}
    for ride in data.ATTRACTIONS:
        rides_per_type[ride.type] += 1
    for card in data.BONUS_CARDS:
        assert rides_per_type[card.type] >= 4 and card.three < card.four


def test_bonus_cards_have_distinct_names() -> None:
    """Bonus cards are named for players by type and shape, never by an internal id."""
    names = [data.bonus_name(card) for card in data.BONUS_CARDS]
    assert len(set(names)) == len(names) == 16
    assert data.bonus_name(data.BONUS_BY_ID["b05"]) == "Water Ride L shape"


def _lines(squares: tuple[data.Square, ...]) -> tuple[list[int], list[int]]:
    rows = sorted(sum(1 for r, _ in squares if r == row) for row in range(data.ROWS))
    columns = sorted(sum(1 for _, c in squares if c == col) for col in range(data.COLUMNS))
    return rows, columns


def test_themed_mats_are_mirror_images_with_the_same_sets() -> None:
    """Equipment §1 (each mat its own pattern; reconstructed, RULES.md): the four patterns
    differ but are mirrors of one another, so every mat's sets meet the rows and columns
    alike; each set spreads over at least two rows and two columns."""
    patterns = set()
    for mat in data.THEMED_MATS:
        assert [(s.colour, len(s.squares), s.points) for s in mat.sets] == [
            (data.BRONZE, 2, 2),
            (data.SILVER, 3, 3),
            (data.GOLD, 4, 4),
        ]
        squares = [sq for s in mat.sets for sq in s.squares]
        assert len(squares) == len(set(squares)), "sets never share a square"
        patterns.add(tuple(sorted(squares)))
        for coloured, base in zip(mat.sets, data.THEMED_MATS[0].sets, strict=True):
            assert _lines(coloured.squares) == _lines(base.squares)
            assert len({r for r, _ in coloured.squares}) >= 2
            assert len({c for _, c in coloured.squares}) >= 2
    assert len(patterns) == len(data.THEMED_MATS)
