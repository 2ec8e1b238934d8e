"""Every word a game says to players is a :class:`engine.text.Text` (issue 22: "the engine
speaks no language"), for any game:

    from tests.engine.words import game_faults
    assert not game_faults(GAME, players=3, seed=1, data=DATA)

A seeded random game is played and everything the engine returns that a player may read
is gathered: each mover's move labels, their picker groups and public buttons, the events
of every move, the public view and each seat's view at every step, the standings, the
outcome's result. A string is a fault unless it is a ``Text`` whose every word went
through a catalog, a seat id, or a value under one of the game's ``data`` view keys (ids,
codes, colours used as keys). A ``Text`` whose values carry an untranslated word (a ride's
English name passed as a plain string) is a fault too: the text is said in the
pseudo-language, where every catalog word comes out accented, and any plain word of two
ASCII letters or more left after the seat ids is English that no catalog reached.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from babel.lists import format_list

from engine import Game, IllegalMove, Rng
from engine.ai import level_notes
from engine.core import State, clone
from engine.text import Text, from_json
from i18n import LANGUAGES, PSEUDO, lang

#: A word no catalog turned into the pseudo-language.
PLAIN_WORD = re.compile(r"[A-Za-z]{2,}")
#: The words the pseudo-language's lists are joined with (it writes lists as English does).
LIST_WORDS = frozenset(PLAIN_WORD.findall(format_list(["1", "2", "3"], locale="en")))
#: Codes tried on every state: never legal, so each is an ``IllegalMove``.
ILLEGAL = ("nope", "build:999", "take:nothing")
#: The contract's record of the last move (``engine.core``'s ``play`` keeps it, as it
#: decides): the same events are checked here as each game's ``apply`` says them.
CONTRACT_KEYS = frozenset({"last"})

Path = tuple[str, ...]


def strings(value: Any, path: Path = ()) -> Iterator[tuple[Path, str]]:
    """Every string inside a view, with the dict keys that lead to it (keys themselves
    are ids: seats, squares, rides)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            yield from strings(inner, (*path, str(key)))
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from strings(inner, path)


@functools.cache
def _suffixes(data: frozenset[str]) -> tuple[Path, ...]:
    return tuple(tuple(entry.split(".")) for entry in data)


def is_data(path: Path, data: Collection[str]) -> bool:
    """Whether ``path`` ends in a data key: ``"colour"``, or ``"spaces.kind"`` for the key
    ``kind`` right under ``spaces`` only."""
    return any(path[-len(tail) :] == tail for tail in _suffixes(frozenset(data)))


@functools.cache
def _plain_words(stored: str, seats: tuple[str, ...]) -> tuple[str, ...]:
    """The words of a text (its JSON form) that no catalog reached, seat ids aside."""
    pseudo = lang(PSEUDO).say(from_json(json.loads(stored)))
    for seat in seats:
        pseudo = pseudo.replace(seat, "")
    return tuple(w for w in PLAIN_WORD.findall(pseudo) if w not in LIST_WORDS)


def word_fault(said: str, seats: Collection[str], where: str) -> str | None:
    """Why ``said`` is not all words of a catalog, or None when it is."""
    if not said:
        return None
    if not isinstance(said, Text):
        return f"{where}: plain string {said!r}"
    plain = _plain_words(json.dumps(said.to_json(), sort_keys=True), tuple(seats))
    if plain:
        return f"{where}: {said!r} carries untranslated words {list(plain)} ({said.msgid!r})"
    return None


def view_faults(view: Any, seats: Collection[str], data: Collection[str], where: str) -> list[str]:
    """The strings of a view (or standings) that are neither words, seat ids nor data."""
    faults = []
    for path, said in strings(view):
        if is_data(path, data) or is_data(path, CONTRACT_KEYS) or said in seats:
            continue
        fault = word_fault(said, seats, f"{where} {'.'.join(path)}")
        if fault:
            faults.append(fault)
    return faults


def fixed_faults(game: Game) -> list[str]:
    """The words a game says before any game starts: its summary, score unit, options and
    robot levels."""
    said: list[tuple[str, str]] = [("summary", line) for line in game.summary]
    said.append(("score unit", game.score_unit))
    for spec in game.options:
        said.append((f"option {spec.name}", spec.description))
        said += [(f"option {spec.name}={c}", spec.label(c)) for c in spec.choices]
    said += [(f"robot {level}", note) for level, note in level_notes(game).items()]
    return [fault for where, text in said if (fault := word_fault(text, (), where))]


#: The start card's summary lines: at most this many characters (``bot/chat/cards.py``
#: cuts longer ones).
SUMMARY_WIDTH = 120


def summary_overflow(game: Game) -> list[tuple[str, str]]:
    """The lines of the player summary, in any language, too long for the start card."""
    return [
        (code, said)
        for code in LANGUAGES
        for line in game.summary
        if len(said := lang(code).say(line)) > SUMMARY_WIDTH
    ]


def _illegal_faults(game: Game, state: State, seat: str) -> list[str]:
    """An illegal code's answer, where the game itself raised it (the contract's own
    answers are ``engine.core``'s to word)."""
    faults = []
    for code in ILLEGAL:
        try:
            game.play(state, seat, code)
        except IllegalMove as refused:
            message = refused.args[0] if refused.args else ""
            raiser = refused.__traceback__
            while raiser is not None and raiser.tb_next is not None:
                raiser = raiser.tb_next
            module = raiser.tb_frame.f_globals.get("__name__", "") if raiser else ""
            if module.startswith(f"engine.{game.slug}"):
                fault = word_fault(message, state["seats"], f"illegal {code!r}")
                if fault:
                    faults.append(fault)
        else:
            faults.append(f"illegal {code!r} was played")
    return faults


def step_faults(game: Game, state: State, data: Collection[str]) -> list[str]:
    """Everything the engine says of one state: views for the table and each seat,
    standings, and each mover's labels, groups, public buttons and illegal answers."""
    seats = game.seats(state)
    faults = view_faults(game.view(state, None), seats, data, "table view")
    for seat in seats:
        faults += view_faults(game.view(state, seat), seats, data, f"{seat}'s view")
    faults += view_faults(game.standings(state), seats, (), "standings")
    for seat in game.to_move(state):
        for move in game.legal_moves(state, seat):
            where = f"move {move.code}"
            faults += filter(None, [word_fault(move.label, seats, f"{where} label")])
            group = game.move_group(state, seat, move)
            faults += filter(None, [word_fault(group, seats, f"{where} group")])
        for move in game.public_moves(state, seat):
            faults += filter(None, [word_fault(move.label, seats, f"public {move.code}")])
        faults += _illegal_faults(game, state, seat)
    return faults


def game_faults(
    game: Game,
    players: int,
    seed: int,
    data: Collection[str],
    options: Mapping[str, str] | None = None,
) -> list[str]:
    """Every fault of one seeded random game, start to finish (with the fixed words)."""
    seats = [f"{seed}{i:02d}" for i in range(players)]
    state = game.setup(seats, seed, options)
    rng = Rng.from_seed(seed)
    faults = fixed_faults(game)
    while game.outcome(state) is None:
        faults += step_faults(game, state, data)
        seat = game.to_move(state)[0]
        code = rng.choice(game.legal_moves(state, seat)).code
        # The game's own words for the move (the contract's ``play`` only passes them on).
        events = game.apply(clone(state), seat, code)
        faults += filter(None, [word_fault(e, seats, f"event of {code}") for e in events])
        state, _ = game.play(state, seat, code)
    faults += step_faults(game, state, data)
    outcome = game.outcome(state)
    assert outcome is not None
    faults += filter(None, [word_fault(outcome.reason, seats, "outcome")])
    return faults
