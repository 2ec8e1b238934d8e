"""Every word on a picture is the reader's, and fits (the pseudo-language test;
French boards with no text clipped or overflowing).

Boards and private views of every game, at its smallest and largest table, from the
first move to the final board, are drawn while the text layer records every line
(``renders.text.recorded``). In the pseudo-language (``en-XA``: every catalog string
accented, a third longer, between ⟦ ⟧) a line with two plain ASCII letters in a row did
not come through a catalog, and the test names it. Player names here are in other
scripts (and one draws nothing, so its seat is "Player n" in the reader's words), so a
name never reads as English; numbers and single letters (grid coordinates, a space's
letter) are exempt.

The engine still writes English strings in its views (its move to ``Text`` is a step
of its own), so the test marks them itself: every string of the view becomes a ``Text``
of its own words (``engine_speaks``), which the renderer must pass through ``lang.say``
like any engine word (a renderer that drew a view's string as it is, or turned a code
like "laughs" into words with ``capitalize()``, fails). Once the engine's views carry
``Text``, drop ``engine_speaks`` and render the real views: then an engine string that
is not a ``Text`` fails here too. Disneyland's series names come from the engine's data
module, not the view: they are exempt (``ENGINE_DATA``) until the engine gives them as
``Text``.

In every language checked (English, the pseudo-language, French) no line may leave its
picture, two lines may not run into each other, and no line may be cut ("…") unless
what was cut is the engine's words (a card's name in a small chip) or the news band
(its events and the result, which are as long as they are).
"""

from __future__ import annotations

import functools
import itertools
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import renders
from engine import Rng, get_game
from engine.disneyland import data as disneyland_data
from engine.text import Text, tx
from i18n import PSEUDO, Lang, lang, pseudo
from renders import text
from renders.text import drawable

#: Names in scripts with no ASCII letter; the last has no drawable glyph at all.
NAMES = ("Дима", "花子", "Ελένη", "Юля", "𓀀𓁐")
GAMES = ("adventureland", "imagineers", "disneyland", "troolpark")
#: Options that change what a picture shows, tried besides the defaults.
OPTIONS: dict[str, list[dict[str, str]]] = {
    "adventureland": [{"variant": "bonus-cards"}, {"variant": "layout-bonus"}],
    "imagineers": [{"side": "day"}, {"side": "night"}],
    "disneyland": [{"length": "open"}, {"length": "rounds-20"}],
    "troolpark": [{"slide": "random"}],
}
#: Moments of a game drawn, as fractions of its length (and its final board).
MOMENTS = (0.0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85)
#: Words the renderer takes from the engine's data modules rather than from the view.
ENGINE_DATA = sorted(
    {s.name for s in disneyland_data.SERIES} | {s.short for s in disneyland_data.SERIES},
    key=len,
    reverse=True,
)


@dataclass(frozen=True)
class Picture:
    """One picture to draw: the game, what it is (for the failure message) and its view."""

    slug: str
    what: str
    view: dict[str, Any]
    viewer: str | None


def engine_speaks(value: Any, key: str = "") -> Any:
    """The view as the engine will send it: each of its strings a ``Text`` (reading as the
    same English, so codes still look things up), the names the bot adds left alone."""
    if key == "names":
        return value
    if isinstance(value, dict):
        return {k: engine_speaks(v, k) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(engine_speaks(v) for v in value)
    if isinstance(value, str) and not isinstance(value, Text):
        return Text(value.replace("{", "{{").replace("}", "}}"))
    return value


def played(slug: str, players: int, options: dict[str, str], seed: int) -> list[dict[str, Any]]:
    game = get_game(slug)
    state = game.setup([f"s{i}" for i in range(players)], seed, options)
    rng = Rng.from_seed(seed)
    seen = [state]
    while game.outcome(state) is None and len(seen) < 3000:
        seat = rng.choice(game.waiting_for(state) or game.to_move(state))
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
        seen.append(state)
    return seen


def pictures(slug: str) -> Iterator[Picture]:
    """Boards and private views of ``slug`` at its smallest and largest table: a few
    moments of a game per option set and its final board, and at each moment the private
    view of a seat to move and of one waiting."""
    game = get_game(slug)
    for players in (game.min_players, game.max_players):
        seats = [f"s{i}" for i in range(players)]
        names = dict(zip(seats, [*NAMES[: players - 1], NAMES[-1]], strict=True))
        for options in OPTIONS[slug]:
            seen = played(slug, players, options, seed=players + 5)
            moments = [seen[int(f * (len(seen) - 1))] for f in MOMENTS]
            where = f"{players} players, {options}"
            yield Picture(
                slug, f"final board, {where}", named(game.view(seen[-1], None), names), None
            )
            for step, state in enumerate(moments):
                at = f"{where}, moment {step}"
                yield Picture(slug, f"board, {at}", named(game.view(state, None), names), None)
                movers = game.waiting_for(state) or game.to_move(state)
                waiting = [s for s in seats if s not in movers]
                for seat in movers[:1] + waiting[:1]:
                    view = named(game.view(state, seat), names)
                    yield Picture(slug, f"private view of {seat}, {at}", view, seat)


def named(view: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    view["names"] = names
    return view


def fresh_caches() -> None:
    """Empty the renderer's picture caches, so pieces it keeps (spaces, tiles, chips, the
    Disneyland loop) are drawn again, and recorded. (The text layer's own caches keep
    glyphs and widths, not lines: they stay.)"""
    for name, module in list(sys.modules.items()):
        if name.startswith("renders.") and name != "renders.text":
            for value in vars(module).values():
                if getattr(value, "__module__", None) == name and hasattr(value, "cache_clear"):
                    value.cache_clear()


def drawn(picture: Picture, reader: Lang) -> tuple[text.Recording, set[str]]:
    """Every line and panel ``picture`` draws in ``reader``'s language, and the news
    band's lines."""
    fresh_caches()
    view = engine_speaks(picture.view) if reader.code == PSEUDO else picture.view
    with text.recorded() as recording:
        if picture.viewer is None:
            frame = renders.board_frame(picture.slug, view, lang=reader)
        else:
            frame = renders.hand_frame(picture.slug, view, lang=reader)
    return recording, {m.text for m in frame.marks if m.kind in ("last", "result")}


def strings(value: Any) -> Iterator[str]:
    """Every string of a view (the engine's words and codes), names aside."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "names":
                yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)
    elif isinstance(value, str):
        yield value


#: The words Babel joins a list with in the pseudo-language (its English: CLDR's "and",
#: not a catalog's), allowed between names.
LIST_WORDS = set(re.findall(r"[A-Za-z]{2,}", lang(PSEUDO).list(["1", "2", "3"])))


def untranslated(line: str) -> list[str]:
    """The words of a pseudo-language line that came through no catalog."""
    for word in ENGINE_DATA:
        line = line.replace(word, " ")
    return [w for w in re.findall(r"[A-Za-z]{2,}", line) if w not in LIST_WORDS]


def cut_in_engine_words(line: str, engine: list[str]) -> bool:
    """Whether the end of a cut line is the start of one of the engine's words (as the
    reader reads them) or of a name: a card's or ride's name, cut in a small space by
    design, as players' names are; a name wrapped over two lines is cut on its second."""
    stem = drawable(line.removesuffix("…")).rstrip()
    said = [drawable(words) for words in engine]
    if any(stem.endswith(words[:n]) for words in said for n in range(3, len(words))):
        return True
    return len(stem) >= 3 and any(stem in words and not words.endswith(stem) for words in said)


Box = tuple[int, int, int, int]


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def inside(a: Box, b: Box) -> bool:
    return b[0] <= a[0] and a[2] <= b[2] and b[1] <= a[1] and a[3] <= b[3]


def panel_of(line: text.Drawn, areas: list[text.Area]) -> Box | None:
    """The smallest panel of the line's picture that holds the middle of the line."""
    x, y = (line.core[0] + line.core[2]) / 2, (line.core[1] + line.core[3]) / 2
    holding = [
        a.box
        for a in areas
        if a.picture is line.picture and a.box[0] <= x <= a.box[2] and a.box[1] <= y <= a.box[3]
    ]
    return min(holding, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]), default=None)


def misfits(picture: Picture, reader: Lang) -> list[str]:
    """What does not fit on ``picture`` in ``reader``'s language: lines that leave their
    panel or picture, run into another line, or are cut (other than the engine's words
    or news); and in the pseudo-language, words that came through no catalog."""
    recording, news = drawn(picture, reader)
    lines = recording.lines
    view = engine_speaks(picture.view) if reader.code == PSEUDO else picture.view
    names = [reader.say(tx("Player {number}", number=i + 1)) for i in range(len(NAMES))]
    engine = sorted({reader.say(s) for s in strings(view)} - {""}) + names
    found = []
    for line in lines:
        width, height = line.canvas
        if line.box[0] < 0 or line.box[2] > width or line.core[1] < 0 or line.core[3] > height:
            found.append(f"leaves its {width}×{height} picture at {line.box}: {line.text!r}")
        panel = panel_of(line, recording.areas)
        if panel is not None and not inside(line.core, panel):
            found.append(f"leaves its panel {panel} at {line.core}: {line.text!r}")
        cut = line.text.endswith("…") and line.text not in news
        if cut and not cut_in_engine_words(line.text, engine):
            found.append(f"cut: {line.text!r}")
        if reader.code == PSEUDO and untranslated(line.text):
            found.append(f"not from a catalog {untranslated(line.text)}: {line.text!r}")
    for a, b in itertools.combinations(lines, 2):
        if a.picture is b.picture and overlap(a.core, b.core):
            found.append(f"runs into {b.text!r}: {a.text!r}")
    return [f"{picture.slug} {picture.what} ({reader.code}): {fault}" for fault in found]


@functools.cache
def all_pictures(slug: str) -> tuple[Picture, ...]:
    return tuple(pictures(slug))


@pytest.mark.parametrize("slug", GAMES)
def test_every_word_drawn_comes_through_a_catalog_and_fits(slug: str) -> None:
    """The pseudo-language: a third longer than English, like French and longer."""
    faults = [f for picture in all_pictures(slug) for f in misfits(picture, lang(PSEUDO))]
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(dict.fromkeys(faults))


@pytest.mark.parametrize("code", ["en", "fr"])
@pytest.mark.parametrize("slug", GAMES)
def test_every_line_fits_in_english_and_french(slug: str, code: str) -> None:
    faults = [f for picture in all_pictures(slug) for f in misfits(picture, lang(code))]
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(dict.fromkeys(faults))


def test_the_checks_find_what_they_look_for() -> None:
    """The checks themselves: an English word in a pseudo-language line, a cut that is not
    the engine's, two lines that touch."""
    assert untranslated(pseudo("Last: {events}").format(events="Дима rolled")) == ["rolled"]
    assert untranslated(pseudo("Round {round} of {limit}").format(round=3, limit=40)) == []
    assert untranslated("Дима, 花子, and Юля") == []
    assert cut_in_engine_words("To place: Avalanche R…", ["Avalanche Run"])
    assert not cut_in_engine_words("Approved ri…", ["Avalanche Run"])
    assert overlap((0, 0, 10, 10), (9, 9, 20, 20)) and not overlap((0, 0, 10, 10), (10, 0, 20, 10))
    assert inside((2, 2, 8, 8), (0, 0, 10, 10)) and not inside((2, 2, 12, 8), (0, 0, 10, 10))
