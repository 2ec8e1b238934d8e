"""Trool Park through the real discord.py client and the Discord double
(docs/ARCHITECTURE.md §3 and §8.3).

A complete 8-round game for three, from `/game new` to the final ranking, driven by people
through `/play` (autocomplete) and the `/troolpark` commands, with the secret choice made by
several people at once; the secrecy of that choice in every version of the turn message,
board image, `/game status` and `/game log` until the reveal; bad input answered
ephemerally.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import re
from collections import Counter
from dataclasses import dataclass, field

import renders
from bot.store import GameRow
from bot.table.service import private_view, public_view
from engine import Rng, State, get_game
from engine.troolpark.data import ATTRACTIONS, LETTERS
from tests.bot.double import DiscordDouble
from tests.bot.double.models import InteractionResult, MessageRecord
from tests.bot.harness import Harness
from tests.bot.stores import POSTGRESQL, on_store
from tests.store.reads import games_with_status, results_of

PNG = b"\x89PNG\r\n\x1a\n"
SLUG = "troolpark"
GAME = get_game(SLUG)
#: Each verb of the move grammar: its `/troolpark` subcommand and autocompleted option.
COMMANDS = {
    "choose": ("choose", "space"),
    "place": ("place", "area"),
    "booth": ("booth", "ground"),
    "take": ("take", "space"),
    "bonus": ("bonus", "bonus"),
    "cat": ("category", "category"),
}
#: A space letter standing on its own in a message (how a leaked choice would read).
LETTER = re.compile(r"(?<![\w:])[A-G](?![\w:])")


@dataclass
class Table:
    """One Trool Park game in one channel and the people at it (seat id → user id)."""

    h: Harness
    channel: int
    game_id: int
    users: dict[str, int] = field(default_factory=dict)

    @property
    def double(self) -> DiscordDouble:
        return self.h.double

    async def state(self) -> tuple[GameRow, State]:
        return await self.h.state(self.channel)

    async def board(self) -> MessageRecord:
        """The turn message as it stands (also once the game is over)."""
        return await self.h.board(self.channel, self.game_id)

    def last_id(self) -> int:
        messages = self.double.messages(self.channel)
        return messages[-1].id if messages else 0

    def public_since(self, mark: int) -> list[MessageRecord]:
        return [m for m in self.double.messages(self.channel) if m.id > mark]


async def open_table(h: Harness, people: list[str], robots: int = 0) -> Table:
    """`/game new game:troolpark`, joins, robots, `/game start`; waits for the first board."""
    d = h.double
    channel = d.ids["channel"]
    host = d.ids[people[0]]
    opened = await d.slash(host, channel, f"game new {SLUG}")
    assert not opened.ephemeral, opened.content
    for name in people[1:]:
        joined = await d.slash(d.ids[name], channel, "game join")
        assert not joined.ephemeral, joined.content
    for _ in range(robots):
        added = await d.slash(host, channel, "game addbot", level="easy")
        assert not added.ephemeral, added.content
    await h.agree_all(channel)  # robots change the table
    channel, _ = await h.start_game(host, channel)
    row = await h.live.store.open_game_in(channel)
    assert row is not None
    return Table(h, channel, row.id, {str(d.ids[name]): d.ids[name] for name in people})


def choosing(state: State) -> bool:
    """The secret choice is under way (every seat may still change its letter)."""
    return not state["queue"] and not state["over"]


def offered(result: list[dict[str, str]]) -> set[str]:
    return {choice["value"] for choice in result}


async def decide(
    t: Table, seat: str, code: str, *, via_play: bool, typed: bool = False
) -> MessageRecord:
    """``seat`` plays ``code`` by `/play` or its `/troolpark` command, picking it from the
    autocomplete list (or, ``typed``, typing the bare value in the wrong case). A secret
    choice is answered privately and edits the turn message ("has chosen"), except the
    one that closes the choice (it reveals all); other moves edit it or start a new one.
    Returns the turn message as it stands after the move."""
    d, user = t.double, t.users[seat]
    _, state = await t.state()
    legal = {m.code for m in GAME.legal_moves(state, seat)}
    verb, _, bare = code.partition(":")
    if via_play:
        assert code in offered(await t.h.choices(user, t.channel))
        result = await t.h.play(user, t.channel, code)
    else:
        command, option = COMMANDS[verb]
        choices = await d.autocomplete(
            user, t.channel, f"{SLUG} {command}", {option: ""}, focused=option
        )
        assert offered(choices) == {c for c in legal if c.startswith(verb + ":")}
        value = bare.swapcase() if typed else code
        result = await d.slash(user, t.channel, f"{SLUG} {command}", **{option: value})
    closes = set(GAME.waiting_for(state)) <= {seat}  # the last choice reveals them all
    if choosing(state) and not closes:
        assert result.ephemeral, result.content
        assert "recorded" in result.content and not result.attachments
    else:
        assert result.content.startswith("✅") or not result.ephemeral, result.content
    board = await t.board()
    assert board.image().startswith(PNG) and board.embed_image() == board.image()
    return board


def added_lines(before: str, after: str) -> list[str]:
    """The lines a new version of a message shows that the previous one did not."""
    seen = set(before.splitlines())
    return [line for line in after.splitlines() if line not in seen]


async def until_choosing(t: Table, rng: Rng) -> None:
    """Play the pending decisions (the setup Booths) until the secret choice begins."""
    _, state = await t.state()
    while not choosing(state):
        seat = GAME.waiting_for(state)[0]
        await decide(t, seat, GAME.ai_move(state, seat, rng, "easy"), via_play=True)
        _, state = await t.state()


def reveal_line(names: dict[str, str], seats: list[str], letters: dict[str, str]) -> str:
    shown = ", ".join(f"**{names[s]}** {letters[s]}" for s in seats)
    return f"Choices revealed: {shown}"


def leaks(message: MessageRecord, card_names: list[str], since: int = 0) -> list[str]:
    """Whatever a public message came to show (in its versions after the ``since``-th)
    that could tell a chosen letter or card. Buttons offering every open space alike
    tell nothing; buttons singling some out would."""
    buttons = repr(message.components)
    offers_all = all(n in buttons for n in card_names)
    found: list[str] = [] if offers_all else [n for n in card_names if n in buttons]
    versions = message.revisions[since:]
    for before, after in itertools.pairwise(versions):
        for line in added_lines(before, after):
            found += LETTER.findall(line) + [n for n in card_names if n in line]
            found += ["choose:"] if "choose:" in line else []
    return found


async def routed(t: Table, seat: str, code: str, uses: Counter[str]) -> MessageRecord:
    """Each verb goes alternately through its `/troolpark` command (first) and `/play`;
    every other command use types the bare value by hand."""
    verb = code.partition(":")[0]
    count = uses[verb]
    uses[verb] += 1
    return await decide(t, seat, code, via_play=count % 2 == 1, typed=count % 4 == 2)


@on_store(POSTGRESQL)
async def test_a_full_game_for_three_from_lobby_to_ranking(harness: Harness) -> None:
    """Two people and a robot play all 8 rounds. Both people choose in secret every round
    (one first picks another letter and changes their mind; every other round both pick
    the same letter, so one of them catches up); every choice is answered ephemerally
    and only edits the turn message, letter-free; the reveal is a new message listing all
    choices together; every move shows on the board. Each verb is played both through its
    `/troolpark` command and through `/play`, always picked from autocomplete."""
    t = await open_table(harness, ["alice", "bob"], robots=1)
    rng = Rng.from_seed(5)
    uses: Counter[str] = Counter()
    reveals = 0
    row, state = await t.state()
    names, seats = row.names, list(state["seats"])
    while await harness.live.store.open_game_in(t.channel) is not None:
        row, state = await t.state()
        waiting = GAME.waiting_for(state)
        assert waiting and all(s in t.users for s in waiting), "the robot never holds us up"
        if not choosing(state):
            await routed(t, waiting[0], GAME.ai_move(state, waiting[0], rng, "easy"), uses)
            continue
        letters = dict(state["choices"])
        assert set(letters) == set(seats) - set(t.users), "the robot chose first"
        cards = [ATTRACTIONS[c].name for c in state["central"].values() if c]
        first, second = waiting
        wavering = GAME.legal_moves(state, first)[-1].code
        mark = t.last_id()
        choice_board = await t.board()
        since = len(choice_board.revisions) - 1
        await routed(t, first, wavering, uses)
        for seat in waiting:
            _, state = await t.state()
            code = GAME.ai_move(state, seat, rng, "easy")
            if seat == second and reveals % 2 == 0:
                code = f"choose:{letters[first]}"
            letters[seat] = code.partition(":")[2]
            reveal = await routed(t, seat, code, uses)
        reveals += 1
        assert t.public_since(mark) == [reveal], "secret choices edit the board; the reveal posts"
        assert leaks(choice_board, cards, since) == [], choice_board.revisions[since:]
        expected = reveal_line(names, seats, letters)
        assert expected in reveal.revisions[0], (expected, reveal.text)
    final = t.double.messages(t.channel)[-1]
    assert "final results" in final.text and "🥇" in final.text
    assert all(f"**{names[s]}**" in final.text for s in seats)
    assert reveals == 8 and all(uses[verb] >= 2 for verb in COMMANDS), uses
    finished = await games_with_status(harness.live.store, "finished")
    assert len(finished) == 1 and finished[0].snapshot is not None
    end = GAME.load(finished[0].snapshot)
    assert GAME.outcome(end) is not None and end["round"] == 8
    results = await results_of(harness.live.store, finished[0].id)
    assert {r.seat_id: r.score for r in results} == end["visitors"]


async def test_the_secret_choice_stays_secret_until_the_reveal(harness: Harness) -> None:
    """Privacy: each answer to a choice is ephemeral; the public board is the same
    image whatever letter was chosen; `/game status` and `/game log` show no letter; `/hand`
    shows your own; a choice can be changed until everyone has chosen, then all are
    revealed in one message and stay fixed."""
    t = await open_table(harness, ["alice", "bob", "carol"])
    d = t.double
    alice, bob, carol = (str(d.ids[name]) for name in ("alice", "bob", "carol"))
    await until_choosing(t, Rng.from_seed(2))
    row, state = await t.state()
    assert GAME.waiting_for(state) == state["seats"]
    cards = [ATTRACTIONS[c].name for c in state["central"].values() if c]
    x, y, z = (m.code.partition(":")[2] for m in GAME.legal_moves(state, alice)[:3])
    mark = t.last_id()
    since = len((await t.board()).revisions) - 1

    first = await decide(t, alice, f"choose:{x}", via_play=False, typed=True)
    row, state = await t.state()
    assert state["choices"] == {alice: x}
    for other in (y, z):
        twin = copy.deepcopy(state)
        twin["choices"][alice] = other
        assert renders.board(SLUG, public_view(row, twin)) == first.image()

    status = await d.slash(d.ids["bob"], t.channel, "game status")
    assert not status.ephemeral and status.original is not None
    assert status.original.image() == first.image()

    second = await decide(t, alice, f"choose:{y}", via_play=True)
    assert second.image() == first.image(), "changing the letter changes no public pixel"
    row, state = await t.state()
    assert state["choices"] == {alice: y}

    twin = copy.deepcopy(state)
    twin["choices"][alice] = x
    mine = await d.slash(d.ids["alice"], t.channel, "hand")
    assert mine.ephemeral and mine.attachments
    assert mine.attachments[0][1] == renders.hand(SLUG, private_view(row, state, alice))
    assert mine.attachments[0][1] != renders.hand(SLUG, private_view(row, twin, alice))
    theirs = await d.slash(d.ids["bob"], t.channel, "hand")
    assert theirs.ephemeral and theirs.attachments
    assert theirs.attachments[0][1] == renders.hand(SLUG, private_view(row, twin, bob))

    log = await d.slash(d.ids["carol"], t.channel, "game log")
    assert log.ephemeral and "**alice** has chosen" in log.content
    assert LETTER.findall(log.content) == [] and "choose" not in log.content

    third = await decide(t, bob, f"choose:{y}", via_play=False)
    row, state = await t.state()
    twin = copy.deepcopy(state)
    twin["choices"][bob] = z
    assert renders.board(SLUG, public_view(row, twin)) == third.image()
    assert third == second == status.original, "choices edit the board /game status posted"
    reveal = await decide(t, carol, f"choose:{z}", via_play=True)
    letters = {alice: y, bob: y, carol: z}
    assert reveal_line(row.names, list(state["seats"]), letters) in reveal.text

    secret = [m for m in t.public_since(mark) if m.id < reveal.id]
    assert secret == [status.original], "a secret choice posts nothing"
    assert leaks(first, cards, since) == [] and leaks(status.original, cards) == []
    assert "✓" in status.original.revisions[-1] and "**alice** has chosen" in third.text

    row, state = await t.state()
    late = await d.slash(d.ids["alice"], t.channel, f"{SLUG} choose", space=x)
    assert late.ephemeral, late.content
    after, fixed = await t.state()
    assert after.version == row.version and fixed["revealed"] == letters


async def test_two_people_choosing_at_the_same_moment_both_count(harness: Harness) -> None:
    """Simultaneous choices are applied one at a time: both answers are ephemeral, both
    choices are recorded, and the one reveal lists both."""
    t = await open_table(harness, ["alice", "bob"], robots=1)
    await until_choosing(t, Rng.from_seed(3))
    row, state = await t.state()
    d, mark = t.double, t.last_id()
    people = GAME.waiting_for(state)
    letters = dict(state["choices"])
    letters.update({s: GAME.legal_moves(state, s)[i].code[-1] for i, s in enumerate(people)})
    answers = await asyncio.gather(
        *(d.slash(t.users[s], t.channel, f"{SLUG} choose", space=letters[s]) for s in people)
    )
    line = reveal_line(row.names, list(state["seats"]), letters)
    private = [a for a in answers if a.ephemeral]
    assert len(private) == 1 and "recorded" in private[0].content
    closing = next(a for a in answers if not a.ephemeral)
    # The robot may move on at once and edit the message again: the reveal is one of its texts.
    shown = closing.original.revisions if closing.original else []
    assert any(line in text for text in shown), "the choice that closes the phase reveals all"
    reveal = await t.board()
    assert t.public_since(mark) == [reveal] and closing.original == reveal
    assert reveal.embed_image().startswith(PNG)
    log = await harness.live.store.moves(row.id)
    chosen = [m for m in log if m.code.startswith("choose:")]  # a robot may move on after
    assert sorted((m.seat, m.code) for m in chosen[-2:]) == sorted(
        (s, f"choose:{letters[s]}") for s in people
    )


async def refused(
    t: Table, user: int, command: str, words: str, **options: str
) -> InteractionResult:
    result = await t.double.slash(user, t.channel, command, **options)
    assert result.ephemeral and words in result.content, (command, result.content)
    return result


async def test_wrong_players_and_garbage_get_ephemeral_answers_and_change_nothing(
    harness: Harness,
) -> None:
    d = harness.double
    alice, dave = d.ids["alice"], d.ids["dave"]
    nothing = await d.slash(alice, d.ids["channel"], f"{SLUG} choose", space="A")
    assert nothing.ephemeral and "no game" in nothing.content.lower()

    t = await open_table(harness, ["alice", "bob"], robots=1)
    rng = Rng.from_seed(1)
    await until_choosing(t, rng)
    row, state = await t.state()
    closed = next(letter for letter in LETTERS if letter not in state["central"])
    mark = t.last_id()
    assert await d.autocomplete(
        dave, t.channel, f"{SLUG} choose", {"space": ""}, focused="space"
    ) == [{"name": "You are not playing in this game", "value": "not-playing"}]
    await refused(t, dave, f"{SLUG} choose", "not playing", space="A")
    await refused(t, alice, f"{SLUG} choose", "not a legal move", space=closed)
    await refused(t, alice, f"{SLUG} place", "not a legal move", area="laughs")
    await refused(t, alice, "play", "not a legal move", move="fly-to-the-moon")
    await refused(t, alice, f"{SLUG} category", "not a legal move", category="fun")
    after, _ = await t.state()
    assert after.version == row.version and t.public_since(mark) == []

    for seat in GAME.waiting_for(state):
        _, state = await t.state()
        await decide(t, seat, GAME.ai_move(state, seat, rng, "easy"), via_play=False)
    row, state = await t.state()
    head = GAME.waiting_for(state)[0]
    other = t.users[next(s for s in t.users if s != head)]
    mark = t.last_id()
    area = GAME.legal_moves(state, head)[0].code.partition(":")[2]
    name = row.names[head]
    await refused(t, other, f"{SLUG} place", f"Not your turn — {name} is to move", area=area)
    await refused(t, other, f"{SLUG} choose", f"Not your turn — {name} is to move", space="A")
    codes = {m.code for m in GAME.legal_moves(state, head)}
    untakable = next(letter for letter in LETTERS if f"take:{letter}" not in codes)
    await refused(t, t.users[head], f"{SLUG} take", "not a legal move", space=untakable)
    after, _ = await t.state()
    assert after.version == row.version and t.public_since(mark) == []

    thread = d.ids["thread"]
    await d.slash(alice, thread, "game new disneyland")
    await d.slash(d.ids["bob"], thread, "game join")
    await d.slash(alice, thread, "game start")
    elsewhere = await d.slash(alice, thread, f"{SLUG} choose", space="A")
    assert elsewhere.ephemeral and "Disneyland" in elsewhere.content


async def test_the_choice_can_be_made_with_a_button_under_the_board(harness: Harness) -> None:
    """The board offers every open space as a button to everyone still choosing; a click
    plays for whoever clicked and is answered privately."""
    t = await open_table(harness, ["alice", "bob"], robots=0)
    await until_choosing(t, Rng.from_seed(4))
    _, state = await t.state()
    board = await t.board()
    offered = {b[0].rsplit(":", 1)[1] for b in board.buttons() if ":choose:" in b[0]}
    assert offered == {letter for letter, card in state["central"].items() if card}
    alice = str(t.double.ids["alice"])
    button = next(b[0] for b in board.buttons() if ":choose:" in b[0])
    pinged = list(board.pinged)
    clicked = await t.double.click(t.users[alice], board, button)
    assert clicked.ephemeral and "recorded" in clicked.content
    _, state = await t.state()
    assert state["choices"] == {alice: button.rsplit(":", 1)[1]}
    assert await t.board() == board and "✓" in board.text, "edited: alice has chosen"
    assert board.pinged == pinged and clicked.original is not None
    assert clicked.original.pinged == [], "the private answer pings nobody either"
