"""How we know every word is translated: a whole game of each game, at the smallest and the largest
table, played through the Discord double by people whose Discord speaks the
pseudo-language (``en-XA``: every catalog string comes out accented, bracketed and a third
longer) in a server that speaks it too, so the table reads it as well. Every word anyone
is shown fails the test unless it came through a catalog: message contents and every
revision of them, embeds (title, description, fields, footer), button and menu labels,
placeholders and options, autocomplete entries, modal texts, thread names, private answers
and their follow-ups; and the board pictures are the pseudo-language's own, byte for byte,
whose drawn words ``tests/renders/test_languages.py`` checks through the text layer.

Exempt, as the issue says: players' names (non-Latin here, so no English word hides in
them) and numbers; and proper names: the games' titles and each language's own name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import renders
from bot.chat.views import messages
from bot.table.service import public_view
from engine import Rng, get_game
from i18n import PSEUDO, lang
from tests.bot.double import DiscordDouble, InteractionResult, MessageRecord
from tests.bot.double.models import iter_components
from tests.bot.harness import Harness
from tests.bot.tabletop import Table, open_table, tap
from tests.bot.test_public_languages import TITLES, untranslated

XA = lang(PSEUDO)
#: People's display names: no Latin letters, so any English word seen is the bot's.
NAMES = ("Дима", "花子", "Ελένη", "Юля", "Σοφία")
#: (game, people, robots, options, seed): each game at its smallest and largest table.
TABLES = [
    ("adventureland", 2, 1, {}, 5),
    ("adventureland", 4, 0, {}, 6),
    ("imagineers", 2, 0, {}, 5),
    ("imagineers", 3, 1, {}, 6),
    ("disneyland", 2, 0, {"length": "rounds-10"}, 5),
    ("disneyland", 4, 1, {"length": "rounds-10"}, 6),
    ("troolpark", 2, 0, {}, 5),
    ("troolpark", 3, 1, {}, 6),
]


def component_strings(components: list[dict[str, Any]]) -> Iterator[str]:
    for c in iter_components(components):
        for key in ("label", "placeholder", "title", "content"):
            if isinstance(c.get(key), str):
                yield c[key]
        for option in c.get("options") or []:
            yield option.get("label") or ""
            yield option.get("description") or ""


def embed_strings(embeds: list[dict[str, Any]]) -> Iterator[str]:
    for embed in embeds:
        yield embed.get("title") or ""
        yield embed.get("description") or ""
        for field in embed.get("fields") or []:
            yield field.get("name") or ""
            yield field.get("value") or ""
        yield (embed.get("footer") or {}).get("text") or ""
        yield (embed.get("author") or {}).get("name") or ""


def message_strings(message: MessageRecord) -> Iterator[str]:
    yield message.content
    yield from message.revisions
    yield from embed_strings(message.embeds)
    yield from component_strings(message.components)


def answer_strings(result: InteractionResult) -> Iterator[str]:
    data = (result.response or {}).get("data") or {}
    yield data.get("content") or ""
    yield data.get("title") or ""  # a modal
    yield from embed_strings(data.get("embeds") or [])
    yield from component_strings(data.get("components") or [])
    for choice in data.get("choices") or []:  # autocomplete
        yield choice.get("name") or ""
    for message in [result.original, *result.followups]:
        if message is not None:
            yield from message_strings(message)


#: English words no French sentence has: a French line with one of them is English left
#: over (card and ride names are the French edition's or proper names without these).
ENGLISH = re.compile(
    r"\b(the|is|are|your|you|to|and|of|with|this|that|turn|moves?|played|took|has|have|"
    r"nothing|not|game|wins?|round|players?|choose|pick|back)\b",
    re.IGNORECASE,
)


def not_french(line: str) -> list[str]:
    """The English words of what should be a French line."""
    return ENGLISH.findall(line)


def not_pseudo(line: str) -> list[str]:
    return untranslated(line)


class Reader:
    """Everything shown so far, read once: what did not come through a catalog."""

    def __init__(self, double: DiscordDouble, judge: Callable[[str], list[str]]) -> None:
        self.judge = judge
        self.double = double
        self.faults: dict[str, str] = {}
        self.read = 0
        #: The channels and threads the test set up (not the bot's).
        self.before = set(double.world.channels)

    def check(self, where: str, strings: Iterator[str]) -> None:
        for string in strings:
            for line in string.splitlines():
                for name in NAMES:
                    line = line.replace(name, " ")
                line = re.sub(r"https://\S+", " ", line)  # links (jump links, images)
                for title in TITLES:
                    line = line.replace(title, " ")
                words = self.judge(line)
                if words:
                    self.faults.setdefault(line, f"{where}: {words}")
                self.read += 1

    def everything(self) -> None:
        world = self.double.world
        for message in world.messages.values():
            self.check(f"message {message.id}", message_strings(message))
        for result in world.interactions.values():
            self.check(f"answer to {result.name}", answer_strings(result))
        for channel in world.channels.values():
            if channel.parent_id is not None and channel.id not in self.before:
                self.check("thread name", iter([channel.name]))


async def people_of(double: DiscordDouble, people: int, locale: str) -> list[int]:
    """Players whose Discord speaks ``locale``, in a server that speaks it too."""
    world = double.world
    world.guild(double.ids["guild"]).locale = locale
    double.default_names = True  # tabletop's helpers type /game new, /play…
    users = [double.ids[name] for name in ("alice", "bob", "carol", "dave")[:people]]
    for user, name in zip(users, NAMES, strict=False):
        world.user(user).locale = locale
        world.user(user).display_name = name
    return users


async def visit(t: Table, reader: Reader, seat: str, asked: set[str]) -> None:
    """Besides playing: once per seat, the private view, the picker's first page and a
    refusal (someone not to move pressing a move); ``/play`` autocomplete."""
    if seat in asked:
        return
    asked.add(seat)
    d, user = t.double, t.people[seat]
    row = await t.row()
    board = t.board(row)
    await d.click(user, board, f"ts:table:{row.id}:hand")
    await d.click(user, board, f"ts:table:{row.id}:moves")
    await d.autocomplete(user, t.channel, "play", {"move": ""}, focused="move")
    await d.slash(user, t.channel, "play", move="ничего")
    others = [s for s in t.people if s != seat]
    if others:
        await d.slash(t.people[others[0]], t.channel, "play", move="pass")


@pytest.mark.parametrize(("slug", "people", "robots", "options", "seed"), TABLES)
@pytest.mark.parametrize(("locale", "judge"), [(PSEUDO, not_pseudo), ("fr", not_french)])
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_a_whole_game_shows_only_words_of_the_players_language(
    harness: Harness,
    slug: str,
    people: int,
    robots: int,
    options: dict[str, str],
    seed: int,
    locale: str,
    judge: Callable[[str], list[str]],
) -> None:
    """In the pseudo-language, every word came through a catalog; in French, every line
    is French (no English word left in it)."""
    d = harness.double
    users = await people_of(d, people, locale)
    reader, asked = Reader(d, judge), set[str]()
    store, channel = harness.live.store, d.ids["channel"]
    t = await open_table(d, store, channel, slug, users, robots, options, seed)
    row = await t.row()
    assert row.language == locale, "the server's Discord language is the table's"
    said = lang(locale)
    game = get_game(slug)
    rng = Rng.from_seed(seed)
    steps = 0
    while row.status == "active" and steps < 2_000:
        state = game.load(row.snapshot or {})
        seat = next(s for s in game.waiting_for(state) if s in t.people)
        await visit(t, reader, seat, asked)
        await tap(t, seat, game.ai_move(state, seat, rng, "easy"), steps)
        steps += 1
        row = await t.settle()
    assert row.status == "finished"
    await d.slash(users[0], t.channel, "game log")
    reader.everything()
    assert reader.read > 200, "the test read little: it would pass on nothing"
    assert not reader.faults, f"{len(reader.faults)} lines not from a catalog:\n" + "\n".join(
        f"  {where}: {line!r}" for line, where in list(reader.faults.items())[:40]
    )
    # The last board shown (on the final card) is the table language's picture.
    shown = d.world.messages[row.turn_message_id or 0]
    state = game.load(row.snapshot or {})
    view = public_view(row, state)
    view["names"] = messages.names(row, said)
    assert shown.embed_image() == renders.board(slug, view, lang=said)
