"""What /leaderboard and /profile say in words: ranks, ratings, games and the
provisional mark; robots by level; names inert; the profile's text says what its card
shows."""

from __future__ import annotations

from bot.chat.views.standings import (
    PAGE,
    leaderboard_embed,
    profile_text,
    profile_view,
    records_embed,
    standing_line,
    where_words,
)
from bot.common.ratings import Outing, Rating, Standing, TitleProfile, robot_player
from bot.store import TitleStats
from i18n import lang

EN = lang("en")

STRONG = Rating(32.0, 2.0, 12)  # shown 40 * 26 = 1040
NEW = Rating(25.0, 8.0, 1)  # shown 40 * 1 = 40


def test_a_line_has_rank_name_rating_games_and_the_provisional_mark() -> None:
    assert standing_line(1, Standing("1", "Alice", STRONG)) == "🥇 **Alice** — **1040** · 12 games"
    assert standing_line(4, Standing("2", "Bob", NEW)) == (
        "4. **Bob** — **40** · 1 game · *provisional*"
    )
    robot = standing_line(2, Standing(robot_player("hard"), "Robot 1", STRONG))
    assert robot.startswith("🥈 🤖 hard robot — **1040**")


def test_names_cannot_ping_or_format() -> None:
    line = standing_line(1, Standing("1", "@everyone **x**", STRONG))
    assert "@everyone" not in line and "\\*\\*x\\*\\*" in line


def test_pages_count_from_their_first_rank() -> None:
    standings = [Standing(str(i), f"P{i}", STRONG) for i in range(3)]
    embed = leaderboard_embed(
        "imagineers", "Test Guild", standings, page=2, total=PAGE + 3, lang=EN
    )
    assert embed.description is not None
    assert embed.description.splitlines()[0].startswith(f"{PAGE + 1}. **P0**")
    assert embed.footer.text is not None and embed.footer.text.startswith("Page 2 of 2")
    assert embed.title == "Imagineers — ratings · Test Guild"


def test_an_empty_board_and_a_page_past_the_end_say_so() -> None:
    empty = leaderboard_embed("troolpark", "everywhere", [], page=1, total=0, lang=EN)
    assert empty.description == (
        "Nobody is on this board yet: a player appears after rated games against 3 different "
        "people."
    )
    records = records_embed("troolpark", "everywhere", "wins", [], page=1, total=0, lang=EN)
    assert records.description == "Nobody is on this board yet: finish a game to be the first."
    past = leaderboard_embed("troolpark", "everywhere", [], page=9, total=25, lang=EN)
    assert past.description == "There are 3 pages here."


def test_everywhere_a_person_is_a_mention_and_a_robot_its_level() -> None:
    """A server's nickname never shows on the board of every server."""
    standings = [Standing("123", "Secret Nick", STRONG), Standing(robot_player("easy"), "", NEW)]
    embed = leaderboard_embed(
        "imagineers", "everywhere", standings, page=1, total=2, everywhere=True, lang=EN
    )
    assert embed.description is not None and "Secret" not in embed.description
    assert embed.description.splitlines() == [
        "🥇 <@123> — **1,040** · 12 games",
        "🥈 🤖 easy robot — **40** · 1 game · *provisional*",
    ]


def test_the_boards_of_results_count_wins_and_best_scores() -> None:
    records = [TitleStats("imagineers", "1", "Alice", 30, 12, 94)]
    wins = records_embed("imagineers", "Test Guild", "wins", records, page=1, total=1, lang=EN)
    assert wins.title == "Imagineers — most wins · Test Guild"
    assert wins.description == "🥇 **Alice** — 12 wins in 30 games · best 94"
    best = records_embed("imagineers", "Test Guild", "best", records, page=1, total=1, lang=EN)
    assert best.title == "Imagineers — best scores · Test Guild"
    assert best.footer.text is not None and best.footer.text.startswith("Page 1 of 1")


def test_where_names_the_season_after_the_first() -> None:
    assert where_words(None, 0, 0, markdown=True) == "everywhere"
    assert where_words("Test Guild", 1, 1, markdown=True) == "Test Guild"
    assert where_words("Test Guild", 3, 3, markdown=True) == "Test Guild · season 3"
    # An earlier season's board says which season it is.
    assert where_words("Test Guild", 1, 2, markdown=True) == "Test Guild · season 1"


def test_a_server_name_is_escaped_once_in_the_profile_text_and_not_on_the_card() -> None:
    """The card (``renders.profile``) draws the server's name as
    it is; the text, which renders markdown, escapes it once; an embed's title too."""
    view = profile_view("bob", where_words("Cool_Server *42*", 1, 1, markdown=False), [])
    assert view["where"] == "Cool_Server *42*"
    assert "Cool\\_Server \\*42\\*" in profile_text(view, lang=EN).splitlines()[0]
    titled = leaderboard_embed(
        "imagineers", where_words("Cool_Server", 1, 1, markdown=True), [], page=1, total=0, lang=EN
    )
    assert titled.title == "Imagineers — ratings · Cool\\_Server"


def test_the_profile_text_says_what_the_card_shows() -> None:
    titles = [
        TitleProfile(
            "imagineers",
            STRONG,
            2,
            NEW,
            (1000, 1040),
            12,
            5,
            87,
            (Outing(1, 4, 87), Outing(4, 4, 12, left=True)),
        ),
        TitleProfile("troolpark", None, None, None, (), 1, 0, 30, (Outing(2, 2, 30),)),
        TitleProfile(
            "disneyland",
            Rating(25.0, 5.0, 3, met=("7",), recent=(("7",), ("9",), ("8",), ("8",))),
            None,
            None,
            (200,),
            3,
            1,
            None,
            (),
        ),
    ]
    view = profile_view("<@1> Alice", "Test Guild", titles)
    assert view["games"][0]["rating"] == 1040 and view["games"][1]["rating"] is None
    text = profile_text(view, lang=EN)
    head, *lines = text.splitlines()
    assert "<@1>" not in head and head.endswith("Alice** — Turnstile ratings · Test Guild")
    assert lines == [
        "**Imagineers**: rating 1,040 (+40 last game) · #2 on the leaderboard · 40 everywhere"
        " · 12 games, 5 wins · best score 87 · last: 1st of 4 and left",
        "**Trool Park**: unrated · 1 game, 0 wins · best score 30 · last: 2nd of 2",
        "**Disneyland**: rating 400 · provisional · leaderboard after 3 different opponents "
        "(1 so far) · the same players again: counts 1/3 · 3 games, 1 win",
        "People met within your last 12 games count less, and a small circle less still",
    ]
    assert "No finished games yet." in profile_text(profile_view("Bob", "Test Guild", []), lang=EN)
