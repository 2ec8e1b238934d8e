"""Skill ratings: OpenSkill's Plackett–Luce model over finished rated games.

A rating is never edited by hand: it is what one deterministic fold (:func:`rebuild`)
gives over the rated games in the order they were rated, so a restore or a change of
parameters is undone by folding again. The store applies the same :func:`rate` to each
game as it finishes, starting from the ratings it holds; floats survive both databases
exactly, so the incremental values and a rebuild are the same numbers.

Pure and at the bottom of the bot's layers (like :mod:`bot.common.pace`), so the store
can rate a game inside the transaction that records its results, and the game service
and the chat layer can read the same types.

Each game rates its players twice: on its server (in the server's season) and
everywhere. Three rules keep the ladder from being farmed:

- A robot is a fixed anchor, one per title and level (``robot:hard``), measured once by
  robot tournaments (:mod:`bot.common.robot_anchors`): people move against it, it never
  moves, so beating an ``easy`` robot is worth little once a person is above it.
- Meeting the same people again is damped: a game moves a person's rating by 1/k of what
  it would have, k read from the people among its opponents and at the person's last
  :data:`REPEAT_WINDOW` rated games (at the title, in the scope; :meth:`Rating.damping`):
  the same person again, or the same small circle of people however it sits. Robots are
  left out (fixed anchors, not accounts), so no change of robots, of their levels or of
  who else sits makes a second account new again.
- A person appears on a leaderboard only after playing :data:`MIN_OPPONENTS` different
  people to the end of rated games there.

The last two read only what the fold itself carries (a rating's ``met`` and ``recent``),
and a seat an idle vote handed to the AI is placed by what its result stores (its
``standing``, :func:`places`), so a refold gives the stored values.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.common.robot_anchors import ANCHORS

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
#: A person is listed on a leaderboard once they played this many different people.
MIN_OPPONENTS = 3
#: Damping looks this many of a player's rated games back (at the title, in the scope).
REPEAT_WINDOW = 12

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
    a person who left the game (``/game leave``), who counts as last whatever the AI
    made of the seat; ``standing``: for a seat an idle vote handed to the AI, its worst
    place in the standings when such a vote passed (see :func:`places`).
    """

    player: str
    rank: int
    left: bool = False
    standing: int | None = None

    @property
    def robot(self) -> bool:
        return self.player.startswith(ROBOT_PREFIX)


def finish_of(
    seat_id: str,
    rank: int,
    *,
    robot: bool,
    ai_played: bool,
    level: str | None,
    standing: int | None = None,
) -> Finish:
    """A stored result as the ratings see it: a robot is its level; a person's result
    marked ``ai_played`` is a leaver's. Results record that mark only for a person who left
    (``/game leave``, even if they came back); a seat an idle vote handed to the AI
    records its ``standing`` at the vote instead, and is rated on the worse of that and
    the game's finish (games finished before standings were kept have none and are folded on the
    AI's finish, as they were rated; before that fix the mark was recorded for any seat
    the AI ever played, and such games are folded as they were rated too)."""
    if robot:
        return Finish(robot_player(level or UNSPECIFIED_LEVEL), rank)
    return Finish(seat_id, rank, left=ai_played, standing=None if ai_played else standing)


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
    """A player's skill at one title in one scope, how many rated games it rests on, and
    what the fold keeps to damp and list it: ``met``, the first :data:`MIN_OPPONENTS`
    different people played to the end of a game (in the order met), and ``recent``, the
    people among the opponents (:func:`people_of`) of each of the last
    :data:`REPEAT_WINDOW` rated games, oldest first."""

    mu: float
    sigma: float
    games: int = 0
    met: tuple[str, ...] = ()
    recent: tuple[tuple[str, ...], ...] = ()

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

    @property
    def repeat(self) -> int:
        """k for another game against the people of the last one: it would move this
        rating by 1/k (1 before any game)."""
        return self.damping(self.recent[-1]) if self.recent else 1

    def damping(self, people: Sequence[str]) -> int:
        """k for a game against ``people`` (:func:`people_of`), which moves this rating
        1/k of the way: the larger of 1 + the most times one of them sat at the recent
        games (the same person again), and the square of how many games those and this
        one are per different person in them, rounded down (a small circle, however its
        people take turns: three accounts met one at a time over 12 games and this one
        make k = ⌊(13/3)²⌋ = 18, where the most-met of them alone would make 1 + 4)."""
        again = 1 + max((sum(p in seen for seen in self.recent) for p in people), default=0)
        games = (*self.recent, tuple(people))
        different = len({p for seen in games for p in seen})
        circle = len(games) ** 2 // different**2 if different else 1
        return max(again, circle)


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
    shared), then every leaver sharing the last place.

    A seat an idle vote handed to the AI is placed on the worse of the AI's finish and
    its ``standing`` when the vote passed: when the standing is worse, the
    seat goes behind every seat that finished at that rank or better, and those behind
    it keep their order. Going idle never gains a place (the AI's play cannot lift the
    seat above where its person left it), and a vote cannot drop the seat below where it
    stood (only the AI's own play can, as it would have the person's)."""
    order = [_order(f) for f in finishes]
    stayed = [key for f, key in zip(finishes, order, strict=True) if not f.left]
    last = len(stayed) + 1
    return [
        last if f.left else 1 + sum(1 for other in stayed if other < key)
        for f, key in zip(finishes, order, strict=True)
    ]


def _order(finish: Finish) -> tuple[int, int]:
    """Where a finish sorts among those who stayed (lower first): its rank, or, when an
    idle vote found it lower, its standing then, behind the seats of that rank."""
    if finish.standing is not None and finish.standing > finish.rank:
        return finish.standing, 1
    return finish.rank, 0


def scopes_of(game: RatedGame) -> tuple[Scope, ...]:
    """The ratings a game moves: its server's current season (if it has a server) and
    the one everywhere."""
    if game.guild_id is None:
        return (EVERYWHERE,)
    return (Scope(game.guild_id, game.season), EVERYWHERE)


def anchor(slug: str, level: str) -> Rating:
    """A robot level's fixed rating at a title (:mod:`bot.common.robot_anchors`); a level
    or title the tournament did not measure sits where a newcomer starts."""
    mu, sigma = ANCHORS.get((slug, level), (MODEL.mu, MODEL.sigma))
    return Rating(mu, sigma)


def listed(player: str, rating: Rating) -> bool:
    """Whether a rating shows on its leaderboard: a robot's always (the scale's marks),
    a person's once they played :data:`MIN_OPPONENTS` different people."""
    return robot_level(player) is not None or len(rating.met) >= MIN_OPPONENTS


def people_of(opponents: Iterable[Finish]) -> tuple[str, ...]:
    """The people among a game's opponents, sorted (robots left out: what damping counts)."""
    return tuple(sorted({f.player for f in opponents if not f.robot}))


def rate(game: RatedGame, current: Mapping[Key, Rating]) -> list[Change]:
    """The new ratings of ``game``'s players, from ``current`` (missing: a newcomer).

    Seats go to OpenSkill in a fixed order (place, then player) so that float sums are
    taken in the same order every time. A robot plays at its level's fixed anchor, as
    many seats as it has, and keeps it (only its count of games here grows). A person's
    move is damped by the times they met the same people lately (:func:`_moved`).
    """
    if not counts(game):
        return []
    placed = sorted(zip(places(game.finishes), game.finishes, strict=True), key=_by_place)
    moved = players_moved(game.finishes)
    changes: list[Change] = []
    for scope in scopes_of(game):
        before = [_before(current, scope, game.slug, f.player) for _, f in placed]
        teams = [[MODEL.rating(r.mu, r.sigma)] for r in before]
        after = MODEL.rate(teams, ranks=[float(place) for place, _ in placed])
        merged = _merged(game, scope, placed, before, [team[0] for team in after])
        changes.extend(c for c in merged if moved is None or c.player in moved)
    return changes


def _before(current: Mapping[Key, Rating], scope: Scope, slug: str, player: str) -> Rating:
    """A player's rating going into a game: a person's as held (a newcomer's when none);
    a robot's anchor, with its count of games here."""
    held = current.get((scope, slug, player), FRESH)
    level = robot_level(player)
    if level is None:
        return held
    fixed = anchor(slug, level)
    return Rating(fixed.mu, fixed.sigma, held.games)


def players_moved(finishes: Sequence[Finish]) -> set[str] | None:
    """Whose ratings a counted game moves: everyone's (None) when at least
    :data:`MIN_PEOPLE` people played to the end; else only the leavers', who lose to the
    field as it stood. A person who stays alone after the others
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
    """One change per player, in seat order: a robot's anchor as it was, a person's
    rating moved (damped)."""
    seats: dict[str, list[int]] = {}
    for index, (_, finish) in enumerate(placed):
        seats.setdefault(finish.player, []).append(index)
    for player, indexes in seats.items():
        first = indexes[0]
        held = before[first]
        if robot_level(player) is not None:
            rating = Rating(held.mu, held.sigma, held.games + 1)
        else:
            others = [f for i, (_, f) in enumerate(placed) if i != first]
            rating = _moved(held, after[first], others)
        yield Change(game.game_id, scope, game.slug, player, placed[first][0], rating)


def _moved(held: Rating, rated: PlackettLuceRating, others: Sequence[Finish]) -> Rating:
    """A person's rating after a game against ``others``: OpenSkill's new μ and σ, but
    only 1/k of the way there, k read from the people among ``others`` and at their last
    :data:`REPEAT_WINDOW` games (:meth:`Rating.damping`). The same second accounts,
    again and again, say little more than the first games did, at whatever table, with
    whatever robots around them, one at a time or together: only a varied field counts
    in full. The people met, and those of this game, noted."""
    people = people_of(others)
    k = held.damping(people)
    if k == 1:  # exactly the library's numbers, not a sum that might round them
        mu, sigma = rated.mu, rated.sigma
    else:
        mu = held.mu + (rated.mu - held.mu) / k
        sigma = held.sigma + (rated.sigma - held.sigma) / k
    met = list(held.met)
    for person in sorted({f.player for f in others if not f.robot and not f.left}):
        if len(met) < MIN_OPPONENTS and person not in met:
            met.append(person)
    recent = (*held.recent, people)[-REPEAT_WINDOW:]
    return Rating(mu, sigma, held.games + 1, tuple(met), recent)


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
