"""The ``/profile`` card: a PNG for a phone whose ratings and records read at
400 px wide, Discord's inline width on a phone (Tesseract reads them off the scaled card)."""

from __future__ import annotations

from typing import Any

import pytest

from renders.profile import draw_profile, profile
from renders.theme import MARGIN, WIDTH
from tests.renders.images import check_png
from tests.renders.test_phone import crop, ocr, phone

#: Smallest font size, in px on the 400 px card, of each kind of text.
MIN_SIZE = {"name": 18.0, "rating": 18.0, "record": 11.0, "last": 10.0, "axis": 10.0}


def entry(slug: str, rating: int | None, trend: list[int], **more: Any) -> dict[str, Any]:
    return {
        "slug": slug,
        "rating": rating,
        "provisional": len(trend) < 5,
        "rank": more.pop("rank", None),
        "met": more.pop("met", 0),
        "repeat": more.pop("repeat", 1),
        "games": more.pop("games", len(trend)),
        "wins": more.pop("wins", 1),
        "best": more.pop("best", 40),
        "trend": trend,
        "last": more.pop("last", [{"place": 1, "of": 3, "score": 40}]),
    }


VIEW: dict[str, Any] = {
    "name": "Alice",
    "where": "Test Guild · season 2",
    "scale": 40,
    "settled_after": 5,
    "listed_after": 3,
    "window": 12,
    "games": [
        entry(
            "imagineers",
            1043,
            [0, 120, 260, 410, 560, 700, 900, 1006, 1043],
            rank=3,
            games=27,
            wins=9,
            last=[
                {"place": 1, "of": 4, "score": 87},
                {"place": 3, "of": 3, "score": 41},
                {"place": 4, "of": 4, "score": 12, "left": True},
            ],
        ),
        entry("troolpark", 212, [0, 140, 212]),
        entry("disneyland", None, [], games=1, wins=0),
        entry("adventureland", 640, [500, 560, 600, 580, 640], rank=1, games=8, wins=5),
    ],
}


def test_the_card_is_a_phone_sized_png() -> None:
    check_png(profile(VIEW))


def test_key_texts_are_big_enough_at_phone_width() -> None:
    frame = draw_profile(VIEW)
    small, scale = phone(frame)
    kinds = {mark.kind for mark in frame.marks}
    assert set(MIN_SIZE) <= kinds
    for mark in frame.marks:
        if mark.kind in MIN_SIZE:
            assert mark.size * scale >= MIN_SIZE[mark.kind], mark
            low, high = crop(small, mark, scale, 0).convert("L").getextrema()
            assert isinstance(low, int) and isinstance(high, int)
            assert high - low > 100, f"nothing legible where {mark.kind} was drawn"


def test_a_phone_reads_the_name_every_rating_and_record() -> None:
    frame = draw_profile(VIEW)
    small, scale = phone(frame)
    name = next(m for m in frame.marks if m.kind == "name")
    assert "Alice" in ocr(crop(small, name, scale))
    ratings = {m.seat: m for m in frame.marks if m.kind == "rating"}
    assert set(ratings) == {g["slug"] for g in VIEW["games"]}
    for game in VIEW["games"]:
        read = ocr(crop(small, ratings[game["slug"]], scale), digits=game["rating"] is not None)
        assert read == (str(game["rating"]) if game["rating"] is not None else "Unrated")
    records = {m.seat: m for m in frame.marks if m.kind == "record"}
    assert "27 games" in ocr(crop(small, records["imagineers"], scale))


def test_the_trend_chart_is_labelled_with_its_highest_and_lowest_rating() -> None:
    frame = draw_profile(VIEW)
    axis = [m.text for m in frame.marks if m.kind == "axis" and m.seat == "adventureland"]
    assert axis == ["640", "500"]
    captions = {m.seat: m.text for m in frame.marks if m.kind == "caption"}
    assert captions["adventureland"] == "last 5 rated games"
    assert captions["disneyland"] == "no trend yet"


def test_the_last_results_show_place_players_and_who_left() -> None:
    frame = draw_profile(VIEW)
    chips = [m.text for m in frame.marks if m.kind == "last" and m.seat == "imagineers"]
    assert chips == ["1st/4", "87 pts", "3rd/3", "41 pts", "left", "12 pts"]


def test_a_change_is_said_with_an_arrow_not_colour_alone() -> None:
    frame = draw_profile(VIEW)
    changes = [m.text for m in frame.marks if m.kind == "change"]
    assert changes == ["▲ +37", "▲ +72", "▲ +60"]


def test_a_player_without_games_gets_a_card_saying_so() -> None:
    frame = draw_profile({**VIEW, "name": "Bob", "games": []})
    check_png(frame.png())
    assert [m.text for m in frame.marks if m.kind == "last"] == ["No finished games yet."]


@pytest.mark.parametrize(
    "name",
    ["W" * 300, "<@123456789012345678> @everyone", "\u202e\u200dشهرزاد", "花子🎢" * 40, ""],
)
def test_any_name_stays_inside_the_card(name: str) -> None:
    frame = draw_profile({**VIEW, "name": name, "where": "x" * 500})
    check_png(frame.png())
    for mark in frame.marks:
        assert mark.box[0] >= 0 and mark.box[2] <= WIDTH - MARGIN + 2, mark


def test_the_footer_says_how_a_rating_reads_and_that_repeats_count_less() -> None:
    frame = draw_profile({**VIEW, "scale": 50, "settled_after": 7, "window": 10})
    [reads, repeats] = [m.text for m in frame.marks if m.kind == "footer"]
    assert "×50" in reads and "7 rated games" in reads
    assert "within your last 10 games count less" in repeats and "small circle" in repeats


def test_a_rating_held_back_by_the_rules_against_farming_says_so() -> None:
    """A rating not yet on the leaderboard says how many opponents it needs,
    and one whose last table would be damped says what another game there counts."""
    held = entry("imagineers", 300, [200, 300], met=2, repeat=3)
    frame = draw_profile({**VIEW, "listed_after": 3, "games": [held]})
    fair = [m.text for m in frame.marks if m.kind == "fair"]
    assert fair == [
        "leaderboard after 3 different opponents (2 so far)",
        "the same players again: counts 1/3",
    ]
    listed = entry("imagineers", 300, [200, 300], rank=4, met=3, repeat=1)
    frame = draw_profile({**VIEW, "listed_after": 3, "games": [listed]})
    assert [m for m in frame.marks if m.kind == "fair"] == []
    check_png(frame.png())


def test_a_flat_or_single_point_trend_draws() -> None:
    for trend in ([500], [500, 500, 500]):
        frame = draw_profile({**VIEW, "games": [entry("imagineers", 500, trend)]})
        check_png(frame.png())
        assert [m.text for m in frame.marks if m.kind == "axis"] == ["510", "490"]
