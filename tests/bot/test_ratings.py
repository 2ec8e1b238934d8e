"""Skill ratings: the fold from stored results to ratings, checked against the
``openskill`` library itself (Plackett–Luce) driven by hand, game by game."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce, PlackettLuceRating

from bot.common.ratings import (
    EVERYWHERE,
    FRESH,
    PROVISIONAL_GAMES,
    REPEAT_WINDOW,
    Finish,
    Key,
    RatedGame,
    Rating,
    Scope,
    finish_of,
    listed,
    places,
    rate,
    rebuild,
    robot_level,
    robot_player,
)
from bot.common.robot_anchors import ANCHORS
from bot.table.robots import DEFAULT_LEVEL

REFERENCE = PlackettLuce()


def game(
    game_id: int,
    *finishes: Finish,
    guild: int | None = 7,
    season: int = 1,
    slug: str = "imagineers",
    rated: bool = True,
    status: str = "finished",
) -> RatedGame:
    return RatedGame(game_id, slug, guild, season, tuple(finishes), rated, status)


def by_openskill(
    games: list[tuple[str, list[Scope], list[tuple[str, int]]]],
    only: Mapping[int, set[str]] | None = None,
) -> dict[Key, PlackettLuceRating]:
    """The library driven directly: for each game, its scopes and its (player, place)
    list, seats ordered by place then player; nothing of the module under test but the
    anchors' numbers. A robot plays at its level's anchor and keeps it; a person moves
    1/k of the way to the library's numbers, k the larger of 1 + the most times one
    person among their opponents sat at their last twelve games, and (those games and
    this one per different person in them)² rounded down; robots are not counted.
    ``only``: per game (its index in ``games``), the players whose ratings it moves (the
    leavers of a game fewer than two people played to the end), else everyone's."""
    held: dict[Key, PlackettLuceRating] = {}
    tables: dict[Key, list[set[str]]] = {}
    for index, (slug, scopes, seats) in enumerate(games):
        ordered = sorted(seats, key=lambda seat: (seat[1], seat[0]))
        moved = (only or {}).get(index)
        for scope in scopes:
            before = [
                anchored(slug, p) or held.get((scope, slug, p), REFERENCE.rating())
                for p, _ in ordered
            ]
            new = REFERENCE.rate(
                [[r] for r in before], ranks=[float(place) for _, place in ordered]
            )
            for i, ((player, _), team) in enumerate(zip(ordered, new, strict=True)):
                key = (scope, slug, player)
                if moved is not None and player not in moved:
                    continue
                if anchored(slug, player) is not None:
                    held[key] = before[i]
                    continue
                people = {
                    p for j, (p, _) in enumerate(ordered) if j != i and not p.startswith("robot:")
                }
                recent = tables.setdefault(key, [])
                window = recent[-12:]
                again = 1 + max((sum(p in seen for seen in window) for p in people), default=0)
                circle = (len(window) + 1) ** 2 // len(people.union(*window)) ** 2
                k = max(again, circle)
                recent.append(people)
                old, lib = before[i], team[0]
                held[key] = (
                    lib
                    if k == 1
                    else REFERENCE.rating(
                        old.mu + (lib.mu - old.mu) / k, old.sigma + (lib.sigma - old.sigma) / k
                    )
                )
    return held


def anchored(slug: str, player: str) -> PlackettLuceRating | None:
    """A robot's fixed rating as the library holds one (None for a person)."""
    if not player.startswith("robot:"):
        return None
    mu, sigma = ANCHORS[(slug, player.removeprefix("robot:"))]
    return REFERENCE.rating(mu, sigma)


def same_as_library(ours: dict[Key, Rating], theirs: dict[Key, PlackettLuceRating]) -> None:
    assert set(ours) == set(theirs)
    for key, rating in ours.items():
        assert (rating.mu, rating.sigma) == (theirs[key].mu, theirs[key].sigma), key


def test_a_sequence_of_games_gives_exactly_what_openskill_gives() -> None:
    """Winners, losers and newcomers over several games at two titles and two servers:
    every rating equals the library's to the last bit."""
    games = [
        game(1, Finish("a", 1), Finish("b", 2), Finish("c", 3)),
        game(2, Finish("b", 1), Finish("a", 2)),
        game(3, Finish("c", 1), Finish("d", 2), Finish("a", 3), Finish("b", 4), guild=8),
        game(4, Finish("a", 2), Finish("d", 1), slug="troolpark"),
        game(5, Finish("a", 1), Finish("b", 2), Finish("c", 3), Finish("d", 4)),
    ]
    ours, _ = rebuild(games)
    here, there = Scope(7, 1), Scope(8, 1)
    theirs = by_openskill(
        [
            ("imagineers", [here, EVERYWHERE], [("a", 1), ("b", 2), ("c", 3)]),
            ("imagineers", [here, EVERYWHERE], [("b", 1), ("a", 2)]),
            ("imagineers", [there, EVERYWHERE], [("c", 1), ("d", 2), ("a", 3), ("b", 4)]),
            ("troolpark", [here, EVERYWHERE], [("a", 2), ("d", 1)]),
            ("imagineers", [here, EVERYWHERE], [("a", 1), ("b", 2), ("c", 3), ("d", 4)]),
        ]
    )
    same_as_library(ours, theirs)
    assert ours[(here, "imagineers", "a")].games == 3
    assert ours[(EVERYWHERE, "imagineers", "a")].games == 4
    assert ours[(EVERYWHERE, "imagineers", "a")] != ours[(here, "imagineers", "a")]


def test_ties_are_shared_places() -> None:
    """Equal ranks reach the library as equal places: tied newcomers end equal."""
    ours, _ = rebuild([game(1, Finish("a", 1), Finish("b", 1), Finish("c", 3))])
    theirs = by_openskill([("imagineers", [Scope(7), EVERYWHERE], [("a", 1), ("b", 1), ("c", 3)])])
    same_as_library(ours, theirs)
    a, b = ours[(EVERYWHERE, "imagineers", "a")], ours[(EVERYWHERE, "imagineers", "b")]
    assert (a.mu, a.sigma, a.games) == (b.mu, b.sigma, b.games)
    assert ours[(EVERYWHERE, "imagineers", "a")].mu > ours[(EVERYWHERE, "imagineers", "c")].mu


def test_a_leaver_counts_as_last_whatever_the_ai_made_of_the_seat() -> None:
    """The AI won the seat of ``a`` after ``a`` left: ``a`` is last, the others move up."""
    finishes = (Finish("a", 1, left=True), Finish("b", 2), Finish("c", 3))
    assert places(finishes) == [3, 1, 2]
    ours, _ = rebuild([game(1, *finishes)])
    theirs = by_openskill([("imagineers", [Scope(7), EVERYWHERE], [("a", 3), ("b", 1), ("c", 2)])])
    same_as_library(ours, theirs)
    assert ours[(EVERYWHERE, "imagineers", "a")].mu < FRESH.mu


def test_a_game_one_person_played_to_the_end_moves_only_the_leavers() -> None:
    """A second account that leaves at once (the AI wins its
    seat) makes no win for the one who stayed, nor for the robots: only the leaver loses,
    to the field as it stood. Two who stayed make a game as before."""
    hard = robot_player("hard")
    alone = game(1, Finish("alt", 1, left=True), Finish("main", 2), Finish(hard, 3))
    ours, _ = rebuild([alone])
    assert set(ours) == {(Scope(7), "imagineers", "alt"), (EVERYWHERE, "imagineers", "alt")}
    theirs = by_openskill(
        [("imagineers", [Scope(7), EVERYWHERE], [("alt", 3), ("main", 1), (hard, 2)])],
        {0: {"alt"}},
    )
    same_as_library(ours, theirs)
    assert ours[(EVERYWHERE, "imagineers", "alt")].mu < FRESH.mu
    nobody = game(2, Finish("a", 1, left=True), Finish("b", 2, left=True), Finish(hard, 3))
    assert {key[2] for key in rebuild([nobody])[0]} == {"a", "b"}
    two = game(3, Finish("a", 1, left=True), Finish("b", 2), Finish("c", 3))
    assert {key[2] for key in rebuild([two])[0]} == {"a", "b", "c"}


def test_leavers_share_the_last_place() -> None:
    finishes = (Finish("a", 2, True), Finish("b", 3), Finish("c", 1, True), Finish("d", 3))
    assert places(finishes) == [3, 1, 3, 1]


def test_ties_among_those_who_stayed_keep_competition_places() -> None:
    finishes = (Finish("a", 1), Finish("b", 1), Finish("c", 3), Finish("d", 2, True))
    assert places(finishes) == [1, 1, 3, 4]


def test_robots_are_fixed_anchors_per_title_and_level() -> None:
    """Robots of each level are one player per title, at the rating the robot
    tournaments measured, whatever they win or lose; people meet them as opponents and
    move against that anchor. Only the count of games a robot played somewhere grows."""
    hard, easy = robot_player("hard"), robot_player("easy")
    assert (robot_level(hard), robot_level("1234")) == ("hard", None)
    games = [
        game(1, Finish("a", 1), Finish("b", 3), Finish(hard, 2)),
        game(2, Finish("a", 2), Finish("b", 1), Finish(easy, 3)),
        game(3, Finish(hard, 1), Finish("c", 2), Finish("a", 3), guild=9),
        game(4, Finish(easy, 1), Finish("c", 2), Finish("a", 3), slug="troolpark"),
    ]
    ours, _ = rebuild(games)
    theirs = by_openskill(
        [
            ("imagineers", [Scope(7), EVERYWHERE], [("a", 1), ("b", 3), (hard, 2)]),
            ("imagineers", [Scope(7), EVERYWHERE], [("a", 2), ("b", 1), (easy, 3)]),
            ("imagineers", [Scope(9), EVERYWHERE], [(hard, 1), ("c", 2), ("a", 3)]),
            ("troolpark", [Scope(7), EVERYWHERE], [(easy, 1), ("c", 2), ("a", 3)]),
        ]
    )
    same_as_library(ours, theirs)
    for (scope, slug, player), rating in ours.items():
        level = robot_level(player)
        if level is not None:
            assert (rating.mu, rating.sigma) == ANCHORS[(slug, level)], (scope, slug, player)
    assert ours[(EVERYWHERE, "imagineers", hard)].games == 2
    assert ours[(Scope(9), "imagineers", hard)].games == 1
    assert ANCHORS[("imagineers", "easy")] != ANCHORS[("troolpark", "easy")]


def test_two_robots_of_one_level_in_one_game_are_two_seats_at_its_anchor() -> None:
    hard = robot_player("hard")
    changes = rate(game(1, Finish("a", 2), Finish("b", 4), Finish(hard, 1), Finish(hard, 3)), {})
    mu, sigma = ANCHORS[("imagineers", "hard")]
    ordered = [
        [REFERENCE.rating(mu, sigma) if i % 2 == 0 else REFERENCE.rating()] for i in range(4)
    ]
    # hard, a, hard, b
    seats = REFERENCE.rate(ordered, ranks=[1.0, 2.0, 3.0, 4.0])
    robot = next(c for c in changes if c.player == hard and c.scope == EVERYWHERE)
    assert (robot.rating.mu, robot.rating.sigma) == (mu, sigma)
    assert (robot.rating.games, robot.place) == (1, 1)
    person = next(c for c in changes if c.player == "a" and c.scope == EVERYWHERE)
    assert (person.rating.mu, person.rating.sigma) == (seats[1][0].mu, seats[1][0].sigma)


def test_beating_an_easy_robot_is_worth_little_once_above_it() -> None:
    """Beating the same robot again and again: each win is worth less as the person
    climbs above its fixed rating (the anchor never falls to make it worth more), and a
    win over the easy robot is worth less than one over the hard robot."""
    easy, hard = robot_player("easy"), robot_player("hard")
    wins = [game(n, Finish("a", 1), Finish(easy, 2), Finish(f"p{n}", 3)) for n in range(1, 41)]
    _, history = rebuild(wins)
    mine = [c.rating.mu for c in history if c.player == "a" and c.scope == EVERYWHERE]
    gains = [after - before for before, after in itertools.pairwise([FRESH.mu, *mine])]
    assert all(later < earlier for earlier, later in itertools.pairwise(gains))
    assert gains[-1] < gains[0] / 5
    above = {(EVERYWHERE, "imagineers", "a"): Rating(35.0, 2.0, 40)}
    over = {
        level: next(
            c.rating.mu - 35.0
            for c in rate(game(99, Finish("a", 1), Finish(level, 2), Finish("z", 3)), above)
            if c.player == "a" and c.scope == EVERYWHERE
        )
        for level in (easy, hard)
    }
    assert 0 < over[easy] < over[hard]


def test_second_accounts_and_easy_robots_stay_below_an_honest_player() -> None:
    """80 games won by a player against second accounts and easy
    robots, against 80 two-seat games of an honest player who wins 80 % against people
    from a pool of thirty. Before robots sat at fixed anchors the farm climbed far above
    the honest player;
    then, damped by the exact table, a farm that changed who sat (robots, levels, which
    accounts) escaped the damping and climbed to 1,947 and 1,534 (the third review).
    Damped by the people met, however they sit, every farm stays below: one second
    account beside two easy robots (not listed: it met one person); three accounts
    taking turns in eleven tables of up to four seats with easy robots; three accounts
    alone in every combination; three accounts one at a time beside two easy robots."""
    easy = robot_player("easy")
    alts = ["alt1", "alt2", "alt3"]
    farms = {
        "one account, two easy robots": [[easy, easy, "alt1"]],
        "eleven tables, easy robots and three accounts": [
            [easy, easy, "alt1"],
            [easy, "alt1"],
            [easy, easy, "alt2"],
            [easy, "alt2"],
            [easy, easy, "alt3"],
            [easy, "alt3"],
            [easy, "alt1", "alt2"],
            [easy, "alt1", "alt3"],
            [easy, "alt2", "alt3"],
            ["alt1", "alt2", "alt3"],
            ["alt1", "alt2"],
        ],
        "three accounts alone, every combination": [
            list(table) for size in (1, 2, 3) for table in itertools.combinations(alts, size)
        ],
        "three accounts in turn, two easy robots": [[easy, easy, alt] for alt in alts],
    }
    honest = [rebuild(honest_games(seed, 80))[0] for seed in range(3)]
    lowest = min(ratings[(EVERYWHERE, "imagineers", "me")].shown for ratings in honest)
    for name, tables in farms.items():
        farm = [
            game(n, Finish("main", 1), *(Finish(p, place) for place, p in enumerate(seats, 2)))
            for n, seats in enumerate(itertools.islice(itertools.cycle(tables), 80), 1)
        ]
        main = rebuild(farm)[0][(EVERYWHERE, "imagineers", "main")]
        assert main.shown < lowest, (name, main.shown, lowest)
        assert listed("main", main) == (name != "one account, two easy robots"), name


def honest_games(seed: int, count: int) -> list[RatedGame]:
    """Two-seat games of ``me`` against people drawn from thirty: won four times in five."""
    rng = random.Random(seed)
    games = []
    for n in range(1, count + 1):
        other = f"p{rng.randrange(30)}"
        order = ["me", other] if rng.random() < 0.8 else [other, "me"]
        games.append(game(n, *(Finish(p, place) for place, p in enumerate(order, 1))))
    return games


def test_a_game_moves_a_rating_1_over_k_by_the_people_met_lately() -> None:
    """k is read from the people among the opponents (robots never count): 1 + the most
    times one of them sat at the player's last twelve games, or, when larger, those
    games and this one per different person, squared and rounded down. Each move of
    ``a`` is the library's, or 1/k of the way there from where ``a`` stood; twelve games
    among new faces make a clean slate."""
    hard, easy = robot_player("hard"), robot_player("easy")
    turns = [[f"x{n % 3}"] for n in range(12)]
    tables = [
        (["b", "c"], 1),
        (["b", easy, "c"], 2),  # b and c again: the robot is not counted
        (["d"], 1),  # somebody new: 3 games met 3 people
        ([hard, "b"], 3),  # b a third time
        (["c", "e"], 3),  # c a third time, e new
        # Three accounts in turn: one more meeting each every third game; then, the first
        # games out of the window, 13 games met 5 people (c, e and them): ⌊(13/5)²⌋ = 6.
        *zip(turns, (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 6), strict=True),
        (["y"], 10),  # a newcomer to a circle of three: 13 games, 4 people, ⌊(13/4)²⌋
    ]
    held: dict[Key, Rating] = {}
    for n, (others, k) in enumerate(tables, 1):
        one = game(n, Finish("a", 1), *(Finish(p, place) for place, p in enumerate(others, 2)))
        before = held.get((EVERYWHERE, "imagineers", "a"), FRESH)
        seats = sorted((f.rank, f.player) for f in one.finishes)
        library = REFERENCE.rate(
            [[anchored("imagineers", p) or REFERENCE.rating(*_of(held, p))] for _, p in seats],
            ranks=[float(rank) for rank, _ in seats],
        )[0][0]
        changes = rate(one, held)
        mine = next(c.rating for c in changes if c.player == "a" and c.scope == EVERYWHERE)
        if k == 1:
            assert (mine.mu, mine.sigma) == (library.mu, library.sigma), n
        else:
            assert mine.mu == before.mu + (library.mu - before.mu) / k, n
            assert mine.sigma == before.sigma + (library.sigma - before.sigma) / k, n
        held.update({c.key: c.rating for c in changes})
    after = held[(EVERYWHERE, "imagineers", "a")]
    assert after.recent[-1] == ("y",) and after.repeat == after.damping(["y"]) == 10
    for n in range(100, 100 + REPEAT_WINDOW):
        held.update(
            {c.key: c.rating for c in rate(game(n, Finish("a", 1), Finish(f"z{n}", 2)), held)}
        )
    fresh = held[(EVERYWHERE, "imagineers", "a")]
    assert all("x0" not in people for people in fresh.recent)
    assert fresh.damping(["x0"]) == 1


def _of(held: Mapping[Key, Rating], player: str) -> tuple[float, float]:
    rating = held.get((EVERYWHERE, "imagineers", player), FRESH)
    return rating.mu, rating.sigma


def test_a_person_is_listed_after_three_different_people_played_to_the_end() -> None:
    """Robots and people who left do not count as people met; the first three met are
    kept (sorted within a game), so a refold lists the same people."""
    hard = robot_player("hard")
    games = [
        game(1, Finish("a", 1), Finish("b", 2), Finish(hard, 3)),
        game(2, Finish("a", 1), Finish("b", 2), Finish("gone", 3, left=True)),
        game(3, Finish("a", 2), Finish("d", 1), Finish("c", 3), Finish("e", 4)),
    ]
    held: dict[Key, Rating] = {}
    shown = []
    for one in games:
        held.update({c.key: c.rating for c in rate(one, held)})
        mine = held[(EVERYWHERE, "imagineers", "a")]
        shown.append((mine.met, listed("a", mine)))
    assert shown == [(("b",), False), (("b",), False), (("b", "c", "d"), True)]
    assert listed(hard, held[(EVERYWHERE, "imagineers", hard)])


def test_an_idle_seat_is_placed_on_the_worse_of_its_standing_and_the_finish() -> None:
    """The AI won the seat of ``a``, voted idle while third: ``a`` is third,
    behind the two who finished at or above that rank, and they move up; voted idle while
    first and the AI kept the lead, ``a`` wins (a vote cannot take the lead away); the AI
    lost the lead: ``a`` is where the AI left the seat; a leaver stays last."""
    idle_third = (Finish("a", 1, standing=3), Finish("b", 2), Finish("c", 3), Finish("d", 4))
    assert places(idle_third) == [3, 1, 2, 4]
    assert places((Finish("a", 1, standing=1), Finish("b", 2), Finish("c", 3))) == [1, 2, 3]
    assert places((Finish("a", 3, standing=1), Finish("b", 1), Finish("c", 2))) == [3, 1, 2]
    tied = (Finish("a", 1, standing=2), Finish("b", 2), Finish("c", 2), Finish("d", 4))
    assert places(tied) == [3, 1, 1, 4]
    gone = (Finish("a", 1, left=True), Finish("b", 2, standing=1), Finish("c", 3))
    assert places(gone) == [3, 1, 2]
    ours, _ = rebuild([game(1, *idle_third)])
    theirs = by_openskill(
        [("imagineers", [Scope(7), EVERYWHERE], [("a", 3), ("b", 1), ("c", 2), ("d", 4)])]
    )
    same_as_library(ours, theirs)


def test_casual_cancelled_and_lonely_tables_move_nothing() -> None:
    """A casual table, a cancelled game and a table of one person and robots are not
    rated (two people are enough, even if one left); the games around them are rated as
    if they were not there."""
    counted = game(1, Finish("a", 1), Finish("b", 2))
    later = game(5, Finish("b", 1), Finish("a", 2))
    casual = game(2, Finish("a", 1), Finish("b", 2), rated=False)
    cancelled = game(3, Finish("a", 1), Finish("b", 2), status="cancelled")
    lonely = game(4, Finish("a", 1), Finish(robot_player("hard"), 2), Finish("a2", 3, True))
    alone = game(6, Finish("a", 1), Finish(robot_player("hard"), 2))
    assert rate(lonely, {}) != []  # two people started (one left): rated
    for not_rated in (casual, cancelled, alone):
        assert rate(not_rated, {}) == []
    with_them, _ = rebuild([counted, casual, cancelled, alone, later])
    without, _ = rebuild([counted, later])
    assert with_them == without


def test_seasons_start_server_ratings_afresh_but_not_the_ones_everywhere() -> None:
    games = [
        game(1, Finish("a", 1), Finish("b", 2), season=1),
        game(2, Finish("a", 1), Finish("b", 2), season=2),
    ]
    ours, _ = rebuild(games)
    assert ours[(Scope(7, 1), "imagineers", "a")] == ours[(Scope(7, 2), "imagineers", "a")]
    assert ours[(EVERYWHERE, "imagineers", "a")].games == 2
    assert ours[(Scope(7, 2), "imagineers", "a")].games == 1


def test_a_game_without_a_server_is_rated_everywhere_only() -> None:
    changes = rate(game(1, Finish("a", 1), Finish("b", 2), guild=None), {})
    assert {c.scope for c in changes} == {EVERYWHERE}


def test_the_shown_number_is_conservative_and_provisional_at_first() -> None:
    assert FRESH.shown == 0 and FRESH.provisional
    strong = Rating(30.0, 2.0, PROVISIONAL_GAMES)
    assert strong.shown == 40 * 24 and not strong.provisional
    assert Rating(10.0, 5.0, 50).shown == 0  # never below zero
    assert Rating(25.0, 1.0, PROVISIONAL_GAMES - 1).provisional


def random_games(seed: int, count: int) -> list[RatedGame]:
    rng = random.Random(seed)
    people = [f"p{i}" for i in range(8)]
    robots = [robot_player(level) for level in ("easy", "normal", "hard")]
    games = []
    for game_id in range(1, count + 1):
        seats = rng.sample(people, rng.randint(2, 4)) + rng.sample(robots, rng.randint(0, 2))
        finishes = tuple(
            Finish(
                p,
                rng.randint(1, len(seats)),
                left=not p.startswith("robot") and rng.random() < 0.1,
                # a seat voted idle, placed no better than it stood then
                standing=rng.randint(1, len(seats))
                if not p.startswith("robot") and rng.random() < 0.15
                else None,
            )
            for p in seats
        )
        games.append(
            game(
                game_id,
                *finishes,
                guild=rng.choice([1, 2, None]),
                season=rng.randint(1, 2),
                slug=rng.choice(["imagineers", "troolpark"]),
                rated=rng.random() < 0.9,
            )
        )
    return games


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), count=st.integers(1, 30))
def test_random_sequences_equal_the_library(seed: int, count: int) -> None:
    """Any mix of ties, leavers, idle seats, robots, casual tables, servers, seasons and
    people met again: each rating is the library's for the games that count (robots at
    their anchors, people met again damped), with leavers placed last."""
    games = [g for g in random_games(seed, count) if g.rated]
    ours, _ = rebuild(games)
    theirs = by_openskill(
        [
            (
                g.slug,
                [Scope(g.guild_id, g.season), EVERYWHERE] if g.guild_id else [EVERYWHERE],
                [
                    (f.player, place)
                    for f, place in zip(g.finishes, places(g.finishes), strict=True)
                ],
            )
            for g in games
        ],
        {index: leavers(g) for index, g in enumerate(games) if stayers(g) < 2},
    )
    same_as_library(ours, theirs)


def stayers(game: RatedGame) -> int:
    return sum(1 for f in game.finishes if not f.left and not f.player.startswith("robot:"))


def leavers(game: RatedGame) -> set[str]:
    return {f.player for f in game.finishes if f.left}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 20))
def test_rating_one_game_at_a_time_equals_a_rebuild(seed: int, cut: int) -> None:
    """What the store does (a rebuild up to some game, then each later game rated from
    the ratings held, its changes written over them) ends where a rebuild of all ends,
    with the same history."""
    games = random_games(seed, 20)
    held, history = rebuild(games[:cut])
    for one in games[cut:]:
        changes = rate(one, held)
        held.update({c.key: c.rating for c in changes})
        history.extend(changes)
    assert (held, history) == rebuild(games)


@given(seed=st.integers(0, 2**32))
def test_the_order_of_seats_in_the_stored_results_does_not_matter(seed: int) -> None:
    one = random_games(seed, 1)[0]
    shuffled = list(one.finishes)
    random.Random(seed).shuffle(shuffled)
    again = RatedGame(one.game_id, one.slug, one.guild_id, one.season, tuple(shuffled))
    assert rate(one, {}) == rate(again, {}) or not one.rated


def test_history_records_every_players_rating_after_each_game() -> None:
    games = [game(n, Finish("a", 1), Finish("b", 2)) for n in range(1, 4)]
    _, history = rebuild(games)
    mine = [c for c in history if c.player == "a" and c.scope == EVERYWHERE]
    assert [c.game_id for c in mine] == [1, 2, 3]
    assert [c.rating.games for c in mine] == [1, 2, 3]
    assert all(later.rating.mu > earlier.rating.mu for earlier, later in itertools.pairwise(mine))


def test_a_stored_result_becomes_a_finish() -> None:
    """Robots are their level (a robot stored without one plays, and is rated as, the
    default level); a person's result marked as the AI's is a leaver's."""
    assert finish_of("ai1", 2, robot=True, ai_played=True, level="hard") == Finish("robot:hard", 2)
    assert finish_of("ai2", 1, robot=True, ai_played=True, level=None) == Finish(
        robot_player(DEFAULT_LEVEL), 1
    )
    assert finish_of("42", 1, robot=False, ai_played=True, level=None) == Finish("42", 1, True)
    assert finish_of("42", 3, robot=False, ai_played=False, level=None) == Finish("42", 3)
