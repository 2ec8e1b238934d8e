"""Skill ratings (issue 24): OpenSkill's Plackett–Luce model over finished rated games.

A rating is never edited by hand: it is what one deterministic fold (:func:`rebuild`)
gives over the rated games in the order they were rated, so a restore or a change of
parameters is undone by folding again. The store applies the same :func:`rate` to each
game as it finishes, starting from the ratings it holds; floats survive both databases
exactly, so the incremental values and a rebuild are the same numbers.

Pure and at the bottom of the bot's layers (like :mod:`bot.common.pace`), so the store
can rate a game inside the transaction that records its results, and the game service
and the chat layer can read the same types.

Each game rates its players twice: on its server (in the server's season) and
everywhere. A robot is rated like a person, one rating per title and level
(``robot:hard``), so people can see how strong a level is and robots anchor the scale.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

#: OpenSkill's defaults (μ 25, σ 25/3, β 25/6, τ 25/300): changing any of them means a
#: rebuild (``python -m bot.store.rebuild_ratings``).
MODEL = PlackettLuce()
#: Shown ratings are the conservative μ − 3σ times this, so a newcomer shows 0 and a
#: strong regular about 1,000-1,500 (Board Game Arena's newcomers also start at 0).
SCALE = 40
#: Rated games before a rating stops being marked provisional.
PROVISIONAL_GAMES = 5
#: A table needs this many people (not robots) for its game to be rated.
MIN_PEOPLE = 2
#: A server's seasons are numbered 1 to this (four digits in a page button's custom_id).
SEASON_LIMIT = 9999

ROBOT_PREFIX = "robot:"
#: The level of a robot seat stored without one (from before levels): it plays this one
#: (``bot.table.robots.DEFAULT_LEVEL``), so it is rated as this one.
UNSPECIFIED_LEVEL = "normal"


@dataclass(frozen=True, slots=True, order=True)
class Scope:
    """Where a rating holds: a server in one of its seasons, or everywhere (guild 0)."""

    guild_id: int
    season: int = 1

    @property
    def everywhere(self) -> bool:
        return self.guild_id == 0


EVERYWHERE = Scope(0, 0)


def robot_player(level: str) -> str:
    """The rated player behind a robot seat: its level (all ``hard`` robots are one)."""
    return f"{ROBOT_PREFIX}{level}"


def robot_level(player: str) -> str | None:
    """The level of a robot player, None for a person."""
    return player.removeprefix(ROBOT_PREFIX) if player.startswith(ROBOT_PREFIX) else None


@dataclass(frozen=True, slots=True)
class Finish:
    """One seat's end of a game as the ratings see it.

    ``player`` is the person's id, or :func:`robot_player` of a robot's level; ``left``:
    a person who left the game (or whose seat the AI still played at its end), who
    counts as last whatever the AI made of the seat.
    """

    player: str
    rank: int
    left: bool = False

    @property
    def robot(self) -> bool:
        return self.player.startswith(ROBOT_PREFIX)


def finish_of(
    seat_id: str, rank: int, *, robot: bool, ai_played: bool, level: str | None
) -> Finish:
    """A stored result as the ratings see it: a robot is its level; a person's result
    marked ``ai_played`` is a leaver's. Results record that mark only for a person who left
    (``/game leave``, even if they came back): a seat an idle vote handed to the AI is
    rated on the AI's finish, so that a vote cannot make the idle leader a leaver (games
    finished before that fix recorded it for any seat the AI ever played, and are folded
    as they were rated)."""
    if robot:
        return Finish(robot_player(level or UNSPECIFIED_LEVEL), rank)
    return Finish(seat_id, rank, left=ai_played)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game in the order of rating: where it was played (server and season),
    whether its table was rated, and each seat's finish."""

    game_id: int
    slug: str
    guild_id: int | None
    season: int
    finishes: tuple[Finish, ...]
    rated: bool = True
    status: str = "finished"


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill at one title in one scope, and how many rated games it rests on."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate μ − 3σ: the player is very likely at least this good."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The number people see: the ordinal on a readable scale, never below 0."""
        return max(0, round(SCALE * self.ordinal))

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


FRESH = Rating(MODEL.mu, MODEL.sigma, 0)

#: A rating's place: scope, title, player.
Key = tuple[Scope, str, str]


@dataclass(frozen=True, slots=True)
class Change:
    """A player's rating right after one game (what the trend of a profile draws)."""

    game_id: int
    scope: Scope
    slug: str
    player: str
    place: int
    rating: Rating

    @property
    def key(self) -> Key:
        return (self.scope, self.slug, self.player)


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a leaderboard: the player (a person's id or a robot level), the name
    to show, and their rating."""

    player: str
    name: str
    rating: Rating


def rated_table(asked: bool, people: int) -> bool:
    """Whether a table that starts with ``people`` people (robots aside) is rated: as its
    host asked, if at least :data:`MIN_PEOPLE` sat down (one person among robots plays a
    casual game whatever the table said)."""
    return asked and people >= MIN_PEOPLE


def counts(game: RatedGame) -> bool:
    """Whether a game moves ratings: finished (not cancelled), at a rated table, with at
    least two people (a table that started with fewer is casual whatever it says)."""
    people = sum(1 for f in game.finishes if not f.robot)
    return game.status == "finished" and game.rated and people >= MIN_PEOPLE


def places(finishes: Sequence[Finish]) -> list[int]:
    """Each finish's place, 1 best: the game's ranking among those who stayed (ties
    shared), then every leaver sharing the last place."""
    stayed = sorted({f.rank for f in finishes if not f.left})
    shared = {rank: sum(1 for f in finishes if not f.left and f.rank < rank) + 1 for rank in stayed}
    last = sum(1 for f in finishes if not f.left) + 1
    return [last if f.left else shared[f.rank] for f in finishes]


def scopes_of(game: RatedGame) -> tuple[Scope, ...]:
    """The ratings a game moves: its server's current season (if it has a server) and
    the one everywhere."""
    if game.guild_id is None:
        return (EVERYWHERE,)
    return (Scope(game.guild_id, game.season), EVERYWHERE)


def rate(game: RatedGame, current: Mapping[Key, Rating]) -> list[Change]:
    """The new ratings of ``game``'s players, from ``current`` (missing: a newcomer).

    Seats go to OpenSkill in a fixed order (place, then player) so that float sums are
    taken in the same order every time. Robots of one level met several times in one
    game each play as a seat; the level's new rating is the mean of theirs.
    """
    if not counts(game):
        return []
    placed = sorted(zip(places(game.finishes), game.finishes, strict=True), key=_by_place)
    moved = players_moved(game.finishes)
    changes: list[Change] = []
    for scope in scopes_of(game):
        before = [current.get((scope, game.slug, f.player), FRESH) for _, f in placed]
        teams = [[MODEL.rating(r.mu, r.sigma)] for r in before]
        after = MODEL.rate(teams, ranks=[float(place) for place, _ in placed])
        merged = _merged(game, scope, placed, before, [team[0] for team in after])
        changes.extend(c for c in merged if moved is None or c.player in moved)
    return changes


def players_moved(finishes: Sequence[Finish]) -> set[str] | None:
    """Whose ratings a counted game moves: everyone's (None) when at least
    :data:`MIN_PEOPLE` people played to the end; else only the leavers', who lose to the
    field as it stood (review of issue 24, D4). A person who stays alone after the others
    walked out (a second account that leaves at once) played nobody: neither they nor the
    robots gain anything from it."""
    stayed = sum(1 for f in finishes if not f.robot and not f.left)
    if stayed >= MIN_PEOPLE:
        return None
    return {f.player for f in finishes if f.left}


def _by_place(item: tuple[int, Finish]) -> tuple[int, str]:
    return item[0], item[1].player


def _merged(
    game: RatedGame,
    scope: Scope,
    placed: Sequence[tuple[int, Finish]],
    before: Sequence[Rating],
    after: Sequence[PlackettLuceRating],
) -> Iterator[Change]:
    """One change per player: the seats of one robot level averaged, in seat order."""
    seats: dict[str, list[int]] = {}
    for index, (_, finish) in enumerate(placed):
        seats.setdefault(finish.player, []).append(index)
    for player, indexes in seats.items():
        mu = sum(after[i].mu for i in indexes) / len(indexes)
        sigma = sum(after[i].sigma for i in indexes) / len(indexes)
        rating = Rating(mu, sigma, before[indexes[0]].games + 1)
        yield Change(game.game_id, scope, game.slug, player, placed[indexes[0]][0], rating)


def rebuild(games: Iterable[RatedGame]) -> tuple[dict[Key, Rating], list[Change]]:
    """Every rating from scratch: :func:`rate` folded over ``games`` in the order given
    (the order they were rated). Returns the final ratings and every change on the way."""
    current: dict[Key, Rating] = {}
    history: list[Change] = []
    for game in games:
        for change in rate(game, current):
            current[change.key] = change.rating
            history.append(change)
    return current, history


@dataclass(frozen=True, slots=True)
class Outing:
    """One of a player's last results: their place among ``of`` seats, their score, and
    whether they left (the AI finished their seat)."""

    place: int
    of: int
    score: int
    left: bool = False


@dataclass(frozen=True, slots=True)
class TitleProfile:
    """What a profile shows of one title: the rating where it is asked (None before a
    rated game) and its place on that leaderboard, the rating everywhere, the shown
    rating after each of the last rated games (oldest first), the record (games, wins,
    best score of every finished game, rated or not) and the last results (newest first)."""

    slug: str
    rating: Rating | None
    rank: int | None
    everywhere: Rating | None
    trend: tuple[int, ...]
    games: int
    wins: int
    best: int | None
    last: tuple[Outing, ...]
