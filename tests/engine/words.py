"""Finding the engine's words that are not texts (the engine speaks no language).

Every string the engine hands a player (move labels, the picker's groups, events, every
string of a view for the table and for each seat, the outcome, the summary, option
labels, robot notes, ``IllegalMove`` messages) must be an ``engine.text.Text``, which the
bot and the renderer put into the reader's language. Strings that are not words are
exempt: seat ids, and the values under a view's *data* keys (codes, letters, colours
used as keys), which each game names in one short list: a key (``id``: any ``id`` of the
view) or a key under its parent (``vote.result``: not ``standings.result``).

A text's own values are held to the same rule: a plain string value is a seat id, a
code the caller names (a mistyped move echoed back) or holds no word at all (``6, 7``,
``A``): an English word passed as a plain value would reach a French player as it is.
Each text is also put into words in the pseudo-language and in French, so a text whose
catalog entry lost a placeholder fails here too.

    problems = words.game_problems(GAME, players=2, seed=1, data=DATA)
    assert not problems, words.show(problems)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine import LEADER, Game, IllegalMove, Rng
from engine.ai import LEVEL_NAMES, level_notes
from engine.text import Text
from i18n import LANGUAGES, PSEUDO, lang

#: View keys that hold data in every game: the game's slug.
COMMON_DATA = frozenset({"game"})
#: Two ASCII letters in a row: a word (a single letter is a grid column or a space).
WORD = re.compile(r"[A-Za-z]{2}")
#: Codes no game offers, and a move code cut short: ``play`` must refuse them in words.
ILLEGAL = ("zzz-not-a-move", "x" * 60, "")


def show(problems: Sequence[str]) -> str:
    return f"{len(problems)} strings are not texts:\n" + "\n".join(problems[:40])


def text_problems(
    text: Text, where: str, seats: Iterable[str], codes: Iterable[str] = ()
) -> list[str]:
    """What is wrong with one text: a plain value that is a word, or a language that
    cannot put it into words."""
    allowed = {*seats, *codes, LEADER}
    problems = []
    for name, value in _values(text):
        if isinstance(value, Text):
            continue
        if isinstance(value, str) and value not in allowed and WORD.search(value):
            problems.append(f"{where}: value {name}={value!r} of {text.msgid!r} is a plain word")
    for code in (PSEUDO, "fr"):
        try:
            lang(code).say(text)
        except (KeyError, IndexError, ValueError, TypeError) as error:
            problems.append(f"{where}: {text.msgid!r} cannot be said in {code}: {error!r}")
    return problems


def _values(text: Text) -> Iterable[tuple[str, Any]]:
    """Every value of ``text`` and of the texts and lists inside it."""
    for name, value in text.values.items():
        for item in value if isinstance(value, list | tuple) else [value]:
            yield name, item
            if isinstance(item, Text):
                yield from _values(item)


def plain_strings(
    value: Any,
    where: str,
    *,
    seats: Iterable[str],
    data: frozenset[str] = frozenset(),
    codes: Iterable[str] = (),
) -> list[str]:
    """Every string inside ``value`` (a view, a list of labels…) that a player may read
    and that is not a text, by where it is (``view.spaces[2].card.name``). Strings under
    a key in ``data`` (or ``COMMON_DATA``) and seat ids are exempt; dictionary keys are
    never words."""
    seats = {*seats, LEADER}
    exempt = [tuple(entry.split(".")) for entry in data | COMMON_DATA]
    problems: list[str] = []

    def is_data(keys: tuple[str, ...]) -> bool:
        return any(keys[-len(entry) :] == entry for entry in exempt)

    def walk(item: Any, path: str, keys: tuple[str, ...]) -> None:
        if isinstance(item, Text):
            problems.extend(text_problems(item, path, seats, codes))
        elif isinstance(item, str):
            if item not in seats and not is_data(keys):
                problems.append(f"{path}: {item!r}")
        elif isinstance(item, Mapping):
            for key, inner in item.items():
                named = keys if key in seats else (*keys, str(key))  # a seat's entry
                walk(inner, f"{path}.{key}", named)
        elif isinstance(item, list | tuple):
            for i, inner in enumerate(item):
                walk(inner, f"{path}[{i}]", keys)

    walk(value, where, ())
    return problems


def game_words_problems(game: Game) -> list[str]:
    """The words a game shows before any state: summary, score unit, options (their
    descriptions and every choice's label), robot levels' names and notes."""
    seats: list[str] = []
    problems = plain_strings(list(game.summary), "summary", seats=seats)
    problems += plain_strings(game.score_unit, "score_unit", seats=seats)
    for spec in game.options:
        labels = [spec.label(value) for value in spec.choices]
        problems += plain_strings([spec.description, *labels], f"option {spec.name}", seats=seats)
    problems += plain_strings(dict(level_notes(game)), "robot notes", seats=seats)
    problems += plain_strings(LEVEL_NAMES, "robot levels", seats=seats)
    return problems


def state_problems(
    game: Game, state: dict[str, Any], *, data: frozenset[str], step: str
) -> list[str]:
    """Every word ``state`` shows: the views for the table and for each seat, each
    seat's (and the leader's) moves and their picker groups, and once over the outcome."""
    seats = game.seats(state)
    problems = []
    for viewer in (None, *seats):
        view = game.view(state, viewer)
        problems += plain_strings(view, f"{step} view({viewer})", seats=seats, data=data)
    for seat in (*seats, LEADER):
        moves = game.legal_moves(state, seat)
        labels = [move.label for move in moves]
        groups = [game.move_group(state, seat, move) for move in moves]
        problems += plain_strings(labels, f"{step} labels({seat})", seats=seats)
        problems += plain_strings(groups, f"{step} groups({seat})", seats=seats)
    outcome = game.outcome(state)
    if outcome is not None:
        problems += plain_strings(outcome.reason, f"{step} outcome", seats=seats)
    return problems


def illegal_problems(game: Game, state: dict[str, Any], step: str, rng: Rng) -> list[str]:
    """The messages of a few illegal moves: codes no game has, a seat not at the table, a
    seat whose turn it is not, a move after the end."""
    seats = game.seats(state)
    movers = game.to_move(state)
    tries = [(rng.choice(movers or seats), code) for code in ILLEGAL]
    tries.append(("not-a-seat", "roll"))
    tries += [(seat, "roll") for seat in seats if seat not in movers][:1]
    problems = []
    for seat, code in tries:
        try:
            game.play(state, seat, code)
        except IllegalMove as refusal:
            shown = [code, code[:40] + "…"]
            where = f"{step} refusal({seat}, {code[:12]!r})"
            problems += plain_strings(refusal.words, where, seats=seats, codes=shown)
        else:
            problems.append(f"{step}: {code!r} by {seat} was played")
    return problems


def game_problems(
    game: Game,
    players: int,
    seed: int,
    *,
    data: frozenset[str],
    options: Mapping[str, str] | None = None,
    most_steps: int = 4000,
) -> list[str]:
    """Play a seeded game to its end (random legal moves, some of them the ``easy``
    robot's, so plans such as exchanges get finished) and collect every string it shows
    a player that is not a text."""
    seats = [f"p{i}" for i in range(players)]
    state = game.setup(seats, seed, options)
    rng = Rng.from_seed(seed)
    problems = game_words_problems(game)
    for step in range(most_steps):
        where = f"step {step}"
        problems += state_problems(game, state, data=data, step=where)
        if step % 7 == 0 or game.outcome(state) is not None:
            problems += illegal_problems(game, state, where, rng)
        if game.outcome(state) is not None:
            return problems
        seat = rng.choice(game.waiting_for(state) or game.to_move(state))
        moves = game.legal_moves(state, seat)
        if rng.below(2):
            code = game.ai_move(state, seat, Rng(rng.next_u64()), "easy")
        else:
            code = rng.choice(moves).code
        state, events = game.play(state, seat, code)
        problems += plain_strings(events, f"{where} events({seat}, {code})", seats=seats)
    problems.append(f"the game did not end in {most_steps} steps")
    return problems


#: The start card's summary lines: at most this many characters (``bot/chat/views/cards.py``
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
