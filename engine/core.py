"""The engine contract every game implements (docs/ARCHITECTURE.md §2).

A game is a stateless object; a *state* is a plain JSON-safe ``dict`` owned by the
caller. ``play`` works on a private copy, so a state handed out is never changed.
All chance comes from :class:`Rng`, whose integer state lives inside the game state,
so (slug, seats, seed, options, move codes) replays a game exactly.

Conventions shared by all games' views (renderers and the bot rely on them):

- ``view["game"]``: the slug; ``view["seats"]``: seat ids in table order;
- ``view["to_move"]``: seats that may act now; ``view["over"]``: bool;
- ``view["scores"]``: ``{seat: int}``; ``view["phase"]``: a short phrase (a ``Text``);
- ``view["last"]``: the events of the last move (for highlighting it): ``last_events``;
- ``view["viewer"]``: the seat the view was made for, or ``None`` for the public view;
- ``view["standings"]``: :meth:`Game.standings`: each seat's score by category, the score
  unit, and once the game is over the ranks and the plain-words result.

The bot adds ``view["names"]`` (seat -> display name) before rendering. :class:`GameView`
types these keys; each game's own view type extends it (``engine.<slug>.views``), and a
game declares it as ``Game[ItsView]``.

Every word a player may read (move labels, events, the phase, option labels, results,
``IllegalMove`` messages) is an ``engine.text.Text``: English as a ``str``, and a message
id with values that the bot and the renderer put into the reader's language
(docs/ARCHITECTURE.md §12). A state never holds one: it keeps the last events' English in
``state["last"]`` and their stored form in ``state[LAST_TEXTS]`` (``record_events``).
"""

from __future__ import annotations

import json
import marshal
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, NotRequired, TypedDict

from typing_extensions import TypeVar

from engine.text import Text, from_json, tx, txn

State = dict[str, Any]
T = TypeVar("T")


class Standings(TypedDict):
    """``view["standings"]``, the score facts of :meth:`Game.standings` (JSON-safe)."""

    #: Each seat's score by category: ``[[label, points], ...]`` (the labels are texts).
    breakdown: dict[str, list[list[Any]]]
    #: What the scores count ("points", "visitors"…), a text: a heading over the scores.
    unit: str
    #: Each seat's score said with its unit, by the language's plural rules ("1 Visitor",
    #: "12 Visitors"; :meth:`Game.amount`), a text.
    amounts: dict[str, str]
    #: Once the game is over, each seat's rank (ties share one), else None.
    ranks: dict[str, int] | None
    #: Once the game is over, how it ended and what decided ties (a text), else None
    #: (typed loosely: readers that know the game is over read it as a text).
    result: Any


class GameView(TypedDict):
    """The keys every game's view shares (the conventions above); each game's view type
    extends it with its own (``engine.<slug>.views``)."""

    game: str
    seats: list[str]
    to_move: list[str]
    over: bool
    scores: dict[str, int]
    phase: str
    last: list[str]
    viewer: str | None
    standings: Standings
    #: The seats ranked first: once the game is over (some games give ``[]`` before).
    winners: NotRequired[list[str]]
    #: In a phase of secret choices, the seats still to choose (games that have one).
    waiting_for: NotRequired[list[str]]
    #: Seat -> display name: the bot adds it before drawing.
    names: NotRequired[dict[str, str]]


#: A game's own view type (``Game[AdventurelandView]``…); a game whose type is not named
#: (a test's stand-in) returns a view of any shape.
View = TypeVar("View", bound=GameView, default=Any, covariant=True)

#: The seat id the bot uses when it acts as the game leader (e.g. Disneyland's agreed
#: time running out). It is never in ``to_move``; games that need it list its moves in
#: ``legal_moves(state, LEADER)``.
LEADER = "@leader"

#: Robot levels from weakest to strongest (docs/ARCHITECTURE.md §2). ``easy`` is each game's quick
#: heuristic; the stronger ones search (``engine.ai``).
AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

#: The most moves one group of :meth:`Game.move_group` should hold: one menu of the
#: bot's two-level picker (Discord's select menus hold 25 options).
GROUP_SIZE = 25

_CODE_RE = re.compile(r"^[\x21-\x7e]{1,100}$")


@dataclass(frozen=True, slots=True)
class Move:
    """One legal action: a stable machine ``code`` and a ``label`` for people."""

    code: str
    label: str

    def __post_init__(self) -> None:
        if not _CODE_RE.match(self.code):
            raise ValueError(f"bad move code {self.code!r}: 1..100 printable ASCII, no spaces")
        if not 1 <= len(self.label) <= 100:
            raise ValueError(f"bad move label {self.label!r}: 1..100 characters")


class IllegalMove(Exception):
    """A move that cannot be played now. The message (a ``Text``: ``words``) is safe to
    show to the player; ``str(error)`` is its English."""

    def __init__(self, words: str) -> None:
        super().__init__(words)
        self.words = words


@dataclass(frozen=True, slots=True)
class Outcome:
    """The final result: scores and a competition ranking (ties share a rank)."""

    scores: Mapping[str, int]
    ranks: Mapping[str, int]
    #: How it ended and what decided ties, in words (a ``Text``).
    reason: str = ""

    @property
    def winners(self) -> list[str]:
        return [seat for seat, rank in self.ranks.items() if rank == 1]

    def ranking(self) -> list[str]:
        """Seats from best to worst (stable for ties)."""
        return sorted(self.ranks, key=lambda seat: self.ranks[seat])


def rank_by(keys: Mapping[str, Sequence[int]]) -> dict[str, int]:
    """Competition ranking ("1, 1, 3") of seats by descending key tuples."""
    ordered = sorted(keys, key=lambda s: tuple(keys[s]), reverse=True)
    ranks: dict[str, int] = {}
    for position, seat in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        if previous is not None and tuple(keys[previous]) == tuple(keys[seat]):
            ranks[seat] = ranks[previous]
        else:
            ranks[seat] = position
    return ranks


_MASK64 = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


class Rng:
    """A small seeded PRNG (xorshift64*) whose whole state is one int.

    Games keep ``rng.state`` in their state dict: ``rng = Rng(state["rng"])`` ...
    ``state["rng"] = rng.state``. It never touches the global ``random`` module.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64 or 0x2545F4914F6CDD1D

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(_splitmix64(seed & _MASK64))

    def next_u64(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK64
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & _MASK64

    def below(self, n: int) -> int:
        """A uniform int in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform int in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def die(self) -> int:
        return self.randint(1, 6)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[T], weights: Sequence[int]) -> T:
        """One of ``items``, each as likely as its (whole, positive) weight."""
        pick = self.below(sum(weights))
        for item, weight in zip(items, weights, strict=True):
            if pick < weight:
                return item
            pick -= weight
        raise ValueError("weights must be positive")

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        result = list(items)
        self.shuffle(result)
        return result


def clone(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dict/list/str/int/float/bool/None).

    ``marshal`` does it in C: about a third faster than a recursive copy, and ``play``
    copies the whole state on every move.
    """
    return marshal.loads(marshal.dumps(value))


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A lobby option a game accepts: its name, the allowed values and the default. The
    ``description`` and each value's label are words for players (``Text``); names and
    values are codes, stored with the game and never translated."""

    name: str
    description: str
    choices: tuple[str, ...]
    default: str
    labels: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unlabelled = [value for value in self.choices if value not in self.labels]
        if unlabelled or self.default not in self.choices:
            raise ValueError(f"option {self.name}: every choice needs a label {unlabelled}")

    def label(self, value: str) -> str:
        """The words for ``value``; a value the option no longer offers reads as itself."""
        return self.labels.get(value, value)


class Game(ABC, Generic[View]):
    """Base class of every game: the contract plus the shared checking in ``play``."""

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: What a score counts, in words for players ("points", "francs"): a heading; a score
    #: said with it is :meth:`amount`.
    score_unit: ClassVar[str] = tx("points")
    #: Whether a seat's legal moves can reveal private information (a hand). When
    #: False, the bot may show the mover's moves as public buttons under the board.
    moves_reveal_secrets: ClassVar[bool] = True
    #: At most five lines (each ≤ 120 characters) in words for players (``Text``): how to
    #: win and what a turn is. The bot's start message and ``/rules`` lead with it.
    summary: ClassVar[tuple[str, ...]] = ()

    @property
    def default_options(self) -> dict[str, str]:
        return {spec.name: spec.default for spec in self.options}

    def resolve_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """Defaults merged with ``options``; unknown names or values raise ``ValueError``
        (its message a ``Text``: the lobby shows it)."""
        resolved = self.default_options
        specs = {spec.name: spec for spec in self.options}
        for name, value in (options or {}).items():
            spec = specs.get(name)
            if spec is None:
                raise ValueError(
                    tx("{game} has no option {option}", game=self.title, option=repr(name))
                )
            if value not in spec.choices:
                raise ValueError(
                    tx(
                        "option {option} must be one of: {choices}",
                        option=name,
                        choices=joined(list(spec.choices)),
                    )
                )
            resolved[name] = value
        return resolved

    def check_seats(self, seats: Sequence[str]) -> list[str]:
        seats = [str(s) for s in seats]
        if not self.min_players <= len(seats) <= self.max_players:
            raise ValueError(
                tx(
                    "{game} needs {least}–{most} players, not {count}",
                    game=self.title,
                    least=self.min_players,
                    most=self.max_players,
                    count=len(seats),
                )
            )
        if len(set(seats)) != len(seats) or LEADER in seats:
            raise ValueError(tx("seats must be distinct ids"))
        return seats

    @abstractmethod
    def setup(
        self, seats: Sequence[str], seed: int, options: Mapping[str, str] | None = None
    ) -> State:
        """A new game. Must call ``check_seats`` and ``resolve_options``."""

    @abstractmethod
    def to_move(self, state: State) -> list[str]:
        """Seats that may act now (several in simultaneous phases); ``[]`` once over."""

    @abstractmethod
    def legal_moves(self, state: State, seat: str) -> list[Move]:
        """Everything ``seat`` may play now; ``[]`` when it may not act."""

    @abstractmethod
    def apply(self, state: State, seat: str, code: str) -> list[str]:
        """Carry out a move already checked legal, mutating ``state`` (a private copy)."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """``None`` while the game runs; the final result afterwards."""

    @abstractmethod
    def scores(self, state: State) -> dict[str, int]:
        """The current score of each seat."""

    @abstractmethod
    def view(self, state: State, viewer: str | None) -> View:
        """JSON-safe picture of the state for ``viewer`` (``None``: public, no secrets)."""

    def play(self, state: State, seat: str, code: str) -> tuple[State, list[str]]:
        """Check ``code`` against ``legal_moves`` and apply it to a copy of ``state``. The
        events are texts; the new state records them (``record_events``)."""
        if not isinstance(code, str) or not isinstance(seat, str):
            raise IllegalMove(tx("That is not a move."))
        code = code.strip()
        if self.outcome(state) is not None:
            raise IllegalMove(tx("The game is over."))
        legal = self.legal_moves(state, seat)
        if not legal:
            if seat != LEADER and seat not in self.seats(state):
                raise IllegalMove(tx("You are not playing in this game."))
            raise IllegalMove(tx("It is not your turn."))
        if all(move.code != code for move in legal):
            shown = code if len(code) <= 40 else code[:40] + "…"
            raise IllegalMove(
                tx("`{code}` is not a legal move now. Pick one from the list.", code=shown)
            )
        new_state = clone(state)
        events = self.apply(new_state, seat, code)
        record_events(new_state, events)
        return new_state, list(events)

    def breakdown(self, state: State) -> dict[str, list[tuple[str, int]]]:
        """Each seat's score by category in words ("Fame track", 27; the words a ``Text``);
        the parts sum to ``scores``. Games override it so boards and results can say where
        points came from."""
        return {seat: [(tx("Score"), points)] for seat, points in self.scores(state).items()}

    def amount(self, score: int) -> Text:
        """A score with its unit, in the plural form the reader's language gives that
        number ("1 point", "2 points"; French "0 point"): never "1 points". Games whose
        unit is not points override it, with the same words as ``score_unit``."""
        return txn("{count} point", "{count} points", score)

    def standings(self, state: State) -> Standings:
        """The score facts every view carries under ``view["standings"]`` (JSON-safe):
        ``breakdown`` ({seat: [[label, points], ...]}), ``unit``, and once the game is over
        ``ranks`` ({seat: rank}) and ``result`` (how it ended and what decided ties, in
        words; from :attr:`Outcome.reason`)."""
        outcome = self.outcome(state)
        facts: Standings = {
            "breakdown": {
                seat: [[label, int(points)] for label, points in parts]
                for seat, parts in self.breakdown(state).items()
            },
            "unit": self.score_unit,
            "amounts": {seat: self.amount(score) for seat, score in self.scores(state).items()},
            "ranks": dict(outcome.ranks) if outcome is not None else None,
            "result": outcome.reason if outcome is not None else None,
        }
        return facts

    def waiting_for(self, state: State) -> list[str]:
        """Seats the game is waiting on (reminders, AI turns). In simultaneous phases a
        game may let seats that already chose change their mind: those are in ``to_move``
        but not here."""
        return self.to_move(state)

    # --- how the table shows moves (the bot's turn message) -------------------------

    def public_moves(self, state: State, seat: str) -> list[Move]:
        """The legal moves of ``seat`` whose existence and labels reveal nothing hidden, so
        the bot may offer them as public buttons (drafting from an open row, taking a
        stack, choosing a space). Moves from a hidden hand are never public. The default
        trusts ``moves_reveal_secrets`` for the whole game; games refine it per move."""
        return [] if self.moves_reveal_secrets else self.legal_moves(state, seat)

    def move_group(self, state: State, seat: str, move: Move) -> str:
        """The action a move belongs to, in plain words ("Build", "Take a stack"): the first
        level of the bot's picker when a seat has more moves than one menu holds. A group
        should hold at most ``GROUP_SIZE`` moves: where an action can have more targets,
        games name finer groups ("Surrender a title (Pluto series)")."""
        head = move.code.split(":", 1)[0]
        return head.replace("_", " ").replace("-", " ").capitalize()

    def undoable(self, before: State, after: State, seat: str) -> bool:
        """Whether ``seat``'s step from ``before`` to ``after`` may be taken back: it drew no
        chance outcome and revealed nothing hidden to anyone, and ``seat`` is still the one
        to move in ``after``'s turn. Conservative default: never."""
        return False

    def announces(self, before: State, after: State) -> bool:
        """Whether the step from ``before`` to ``after`` shows the whole table something it
        must see as news (a reveal, an inspection, a new round), so the bot posts a new
        message even though the same seats are still to move. Default: no."""
        return False

    def seats(self, state: State) -> list[str]:
        return list(state["seats"])

    def is_over(self, state: State) -> bool:
        return self.outcome(state) is not None

    #: Robot levels this game offers, weakest first; ``ai_move`` accepts exactly these.
    ai_levels: ClassVar[tuple[str, ...]] = AI_LEVELS

    def ai_move(self, state: State, seat: str, rng: Rng, level: str = "normal") -> str:
        """A legal code for ``seat`` chosen by a robot of ``level`` (``ValueError`` for an
        unknown level). It depends only on what ``seat`` can see, on ``rng`` and on
        ``level``: the state is reduced to the seat's knowledge before anything looks at
        it. The contract's name for the robots' entry point, ``engine.ai.choose``, which
        ``engine/__init__.py`` plugs in with :func:`register_robots`."""
        return _robots(self, state, seat, rng, level)

    def heuristic_move(self, state: State, seat: str, rng: Rng) -> str:
        """The ``easy`` robot: quick rules of thumb. It is only ever handed a state sampled
        from the seat's knowledge, never the real one. Games override the random default."""
        return rng.choice(self.legal_moves(state, seat)).code

    def dump(self, state: State) -> dict[str, Any]:
        return dict(clone(state))

    def load(self, data: Mapping[str, Any]) -> State:
        return dict(clone(dict(data)))


#: The state field that keeps the last move's events in the form a ``Text`` is stored in
#: (``Text.to_json``), beside their English in ``state["last"]``. Any game's state may
#: hold it, and it is as public as ``state["last"]``.
LAST_TEXTS = "last_texts"


def record_events(state: State, events: Sequence[str]) -> None:
    """Keep ``events`` as the state's last events: their English in ``state["last"]``
    (what the state always held), their texts in ``state[LAST_TEXTS]`` (``last_events``).
    ``play`` calls it; a game's ``setup`` may, for the events of its setup."""
    state["last"] = [str(event) for event in events]
    stored = [event.to_json() if isinstance(event, Text) else str(event) for event in events]
    # Through JSON: plain data (a text's value may be an int subclass, such as an amount
    # whose English groups its thousands), and in C, so it costs little on every move.
    state[LAST_TEXTS] = json.loads(json.dumps(stored))


def last_events(state: State) -> list[str]:
    """The last move's events for a view (``view["last"]``) as texts, or for a state
    saved before the engine spoke in texts, the English lines it holds."""
    stored = state[LAST_TEXTS] if LAST_TEXTS in state else state["last"]
    return [from_json(event) for event in stored]


#: How :func:`joined` links items: ``commas`` "a, b, c", ``semicolons`` "a; b; c",
#: ``or`` "a or b or c", ``then`` "a, then b, then c", ``sentences`` "A. B." (a space).
Link = Literal["commas", "semicolons", "or", "then", "sentences"]


def joined(items: Sequence[str], link: Link = "commas") -> str:
    """``items`` (texts, or plain strings such as seat ids) one after the other as a
    ``Text``, where English writes them without the "and" of a list value ("+2 Thrills,
    +1 Snacks", "p1, then p2"). Each link is a catalog pattern, so a language writes its
    own separator. One item is itself; there must be at least one."""
    first, *rest = items
    if not rest:
        return first
    tail = joined(rest, link)
    if link == "semicolons":
        return tx("{first}; {rest}", first=first, rest=tail)
    if link == "or":
        return tx("{first} or {rest}", first=first, rest=tail)
    if link == "then":
        return tx("{first}, then {rest}", first=first, rest=tail)
    if link == "sentences":
        # i18n: two sentences one after the other (a space between them in English).
        return tx("{first} {rest}", first=first, rest=tail)
    return tx("{first}, {rest}", first=first, rest=tail)


#: ``(game, state, seat, rng, level) -> code``: the robots' entry point as the contract
#: calls it (``Game.ai_move``).
Robots = Callable[[Game, State, str, Rng, str], str]

#: Bound by :func:`register_robots`. Importing any part of the engine runs
#: ``engine/__init__.py`` first, which registers the robots, so it is always bound in use.
_robots: Robots


def register_robots(robots: Robots) -> None:
    """Plug the robots into ``Game.ai_move``. The robots are built on this contract, so the
    contract cannot import them: the engine's front door (``engine/__init__.py``) hands
    them over once, when the engine is first imported."""
    global _robots
    _robots = robots
