"""What the store holds, as the rest of the bot sees it: a game's row with its seats, a
logged move, a finished game's results, a step that may be taken back, a called vote, a
server's settings.

``GAME_COLUMNS`` and :func:`game_row` are the one mapping between a ``games`` row and a
:class:`GameRow`, for every backend: the columns are the fields, in their order, and the
JSON columns are named in ``_DECODE``. A new column is a new field here (with its decoder
if it holds JSON) plus one migration file per backend.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

from engine.text import Text, from_json


class Row(Protocol):
    """A result row as either driver returns it (a tuple, an ``asyncpg.Record``)."""

    def __getitem__(self, index: int) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


@dataclass
class Seat:
    """A place at the table: a Discord user (id as str) or a robot.

    ``ai`` says who plays the seat now: a robot seat always, a person's seat after they
    left or were voted idle. ``ai_played`` remembers that the AI ever played it (the final
    card says so), ``left`` that its person left it (``/game leave``: a leaver in the
    ratings, even back), ``returning`` that its person asked for it back at the next turn
    boundary. ``agreed``: the lobby terms (``GameRow.terms``) its person last said yes to
    (joining, agreeing, their own change, Start); None: never, or a seat from before.
    ``standing``: the seat's worst place in the standings when an idle vote handed it to
    the AI (the ratings place it no better: ``bot.common.ratings.places``).
    """

    id: str
    name: str
    ai: bool = False
    robot: bool = False
    ai_played: bool = False
    returning: bool = False
    left: bool = False
    #: A robot's playing level ("easy", "normal", "hard"), when it was given one.
    level: str | None = None
    agreed: int | None = None
    standing: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "ai": self.ai,
            "robot": self.robot,
            "ai_played": self.ai_played,
            "returning": self.returning,
        }
        if self.left:
            data["left"] = True
        if self.level is not None:
            data["level"] = self.level
        if self.agreed is not None:
            data["agreed"] = self.agreed
        if self.standing is not None:
            data["standing"] = self.standing
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(
            id=str(data["id"]),
            name=str(data["name"]),
            ai=bool(data.get("ai", False)),
            robot=bool(data.get("robot", False)),
            ai_played=bool(data.get("ai_played", False)),
            returning=bool(data.get("returning", False)),
            left=bool(data.get("left", False)),
            level=str(data["level"]) if data.get("level") is not None else None,
            agreed=agreed if type(agreed := data.get("agreed")) is int else None,
            standing=standing if type(standing := data.get("standing")) is int else None,
        )


def seats_json(seats: Iterable[Seat]) -> str:
    """Seats as the ``seats`` column stores them."""
    return json.dumps([s.to_json() for s in seats])


@dataclass
class GameRow:
    """One game as stored: each field is the ``games`` column of the same name."""

    id: int
    guild_id: int | None
    channel_id: int
    slug: str
    status: str
    host_id: str
    seats: list[Seat]
    seed: int
    options: dict[str, str]
    snapshot: dict[str, Any] | None
    version: int
    lobby_message_id: int | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    pace: str = "live"
    turn_started_at: float | None = None
    reminded_version: int = -1
    idle_version: int = -1
    #: The version the channel last saw (a board, the lobby card); behind ``version``
    #: means an update is owed to the channel.
    shown_version: int = -1
    #: The message showing the current turn (None before the first board).
    turn_message_id: int | None = None
    #: The ``turn_version`` that message was posted for: behind it, a new turn began.
    turn_posted_for: int | None = None
    #: The message shows the log rows after ``turn_from_seq``; the channel has seen the
    #: rows up to ``turn_shown_seq``.
    turn_from_seq: int = 0
    turn_shown_seq: int = 0
    #: The version at which the current turn began (other seats to move, or news for
    #: the whole table), and the seats that became to move then.
    turn_version: int | None = None
    turn_pings: list[str] = field(default_factory=list)
    #: Where the lobby was when the game moved into a thread of its own (``channel_id`` is
    #: then the thread; the lobby message, now a summary line, stays in this channel).
    parent_channel_id: int | None = None
    #: The finished game this lobby repeats (a Rematch).
    rematch_of: int | None = None
    #: Whether the table is rated: the host's choice, made casual at the start
    #: when fewer than two people sat down. A rated table's results move the players'
    #: ratings, and it gives no hints.
    rated: bool = True
    #: The language the whole table reads: an ``i18n.LANGUAGES`` code, chosen
    #: when the lobby opens (``bot.chat.language.for_new_table``), changed only by its host
    #: before the start, kept by a Rematch; ``bot.chat.language.table`` says its words.
    language: str = "en"
    #: A learning game (``/game learn``): one person against robots, guided by
    #: the coach; casual, and never recorded in results, stats or ratings.
    learning: bool = False
    #: The lobby's terms: moved on by every change of its options, rating, pace
    #: or language. A rated table starts only when each person seated agreed to these
    #: (``Seat.agreed``), so nobody plays a rated game they did not say yes to as it is.
    terms: int = 0

    def seat(self, seat_id: str) -> Seat | None:
        return next((s for s in self.seats if s.id == seat_id), None)

    @property
    def lobby_channel_id(self) -> int:
        """The channel of the lobby message: the parent when the game moved to a thread."""
        return self.parent_channel_id or self.channel_id

    @property
    def names(self) -> dict[str, str]:
        return {s.id: s.name for s in self.seats}


#: The ``games`` columns a :class:`GameRow` is read from, in its fields' order.
GAME_COLUMNS = ", ".join(f.name for f in fields(GameRow))

#: The columns stored as JSON text (or a flag as a number), and how each becomes its field.
_DECODE: dict[str, Callable[[Any], Any]] = {
    "seats": lambda text: [Seat.from_json(s) for s in json.loads(text)],
    "options": json.loads,
    "snapshot": lambda text: json.loads(text) if text is not None else None,
    "turn_pings": lambda text: [str(s) for s in json.loads(text)],
    "rated": bool,
    "learning": bool,
}
_FIELDS = tuple((f.name, _DECODE.get(f.name)) for f in fields(GameRow))


def game_row(values: Row) -> GameRow:
    """The :class:`GameRow` of a row selected as ``GAME_COLUMNS``."""
    return GameRow(
        **{
            name: value if decode is None else decode(value)
            for (name, decode), value in zip(_FIELDS, values, strict=True)
        }
    )


@dataclass(frozen=True)
class Result:
    """One seat's line in a finished game's lasting record. ``ai_played`` (the column's
    old name) marks a leaver's seat: a robot's, or a person's who left the game
    (``/game leave``; :func:`bot.common.ratings.finish_of`)."""

    seat_id: str
    name: str
    score: int
    rank: int
    ai_played: bool
    robot: bool
    #: A robot's playing level (robots are rated per level); None for a person, or for a
    #: robot from before levels.
    level: str | None = None
    #: A person's seat that an idle vote handed to the AI: its worst place in the
    #: standings when such a vote passed (the ratings place it no better); else None.
    standing: int | None = None


@dataclass(frozen=True)
class TitleStats:
    """Games, wins and best score of one player at one title."""

    slug: str
    seat_id: str
    name: str
    games: int
    wins: int
    best: int


def stored_lines(lines: Iterable[str]) -> str:
    """A move's log lines as the ``moves.events`` column keeps them: each text as its
    message id and values (:meth:`Text.to_json`), so the history can be shown in any
    language later; a plain string as it is."""
    texts = [line.to_json() if isinstance(line, Text) else line for line in lines]
    return json.dumps(texts, separators=COMPACT)


def read_lines(stored: str) -> list[str]:
    """A move's log lines as stored: texts again, and the plain English lines of a game
    logged before the engine spoke in ids as they were."""
    return [from_json(line) for line in json.loads(stored)]


#: JSON without spaces: a log line as a text is several times its English already.
COMPACT = (",", ":")
#: How a stored text begins (``Text.to_json``'s message id comes first).
_STORED_TEXT = '{"t":'


def stored_label(label: str) -> str:
    """A step's label as ``undo_steps.label`` keeps it: a text as JSON, plain words as they
    are (as every label was before texts)."""
    if isinstance(label, Text):
        return json.dumps(label.to_json(), separators=COMPACT)
    return label


def read_label(stored: str) -> str:
    """A label as :func:`stored_label` wrote it, or as an older Turnstile did."""
    return from_json(json.loads(stored)) if stored.startswith(_STORED_TEXT) else stored


@dataclass(frozen=True)
class LoggedMove:
    seq: int
    seat: str
    code: str
    events: list[str]
    at: float


@dataclass(frozen=True)
class UndoStep:
    """A step its seat may take back: the state before it, how many log rows it added,
    and the version the game had right after it (the step is undoable only while the
    game is still at that version)."""

    seat: str
    version: int
    moves: int
    snapshot: dict[str, Any]
    label: str


#: How many steps in a row one seat may take back.
UNDO_DEPTH = 12


@dataclass(frozen=True)
class VoteCall:
    """An idle vote the clock called with its notice: about ``seats``, open to ``voters``
    (the other people at the table then), while the game stays at ``version``."""

    version: int
    seats: tuple[str, ...]
    voters: tuple[str, ...]


@dataclass(frozen=True)
class GuildSettings:
    """A server's settings (``/game settings``), as stored: the pace its new tables
    default to, its own timings (seconds by name, ``bot.common.pace``), whether its games
    get a thread of their own, the language its new tables read (None: the server's
    Discord language), and the season its ratings are in. The defaults are a server's
    that never chose."""

    pace: str = "live"
    timings: Mapping[str, float] = field(default_factory=dict)
    threads: bool = True
    language: str | None = None
    season: int = 1
