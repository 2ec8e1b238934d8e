"""Alan's Adventureland through the real discord.py client and the Discord double
(docs/ARCHITECTURE.md §3 and §8.3).

Complete 3-player games in both variants, from `/game new` to the final ranking, driven by
people through `/play` (autocomplete) and the `/adventureland` commands, with robots in the
other seats; hands stay private; each command's autocomplete lists exactly the caller's legal
moves of its kind; bad input gets an ephemeral answer and changes nothing.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.store import GameRow, LoggedMove
from engine import Move, State, get_game
from engine.adventureland.data import ALL_SQUARES, ATTRACTIONS
from tests.bot.double import DiscordDouble
from tests.bot.double.models import InteractionResult, MessageRecord
from tests.bot.harness import Harness
from tests.bot.stores import POSTGRESQL, SQLITE
from tests.store.reads import results_of

PNG = b"\x89PNG\r\n\x1a\n"
SLUG = "adventureland"
GAME = get_game(SLUG)
BONUS, LAYOUT = "bonus-cards", "layout-bonus"

#: Each typed command: its autocompleted option and the move codes it stands for.
COMMANDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "mat": ("mat", ("mat:",)),
    "preconstruct": ("card", ("pre:",)),
    "draft": ("card", ("draft:",)),
    "approve": ("card", ("approve:",)),
    "build": ("card", ("build:", "scrap:")),
    "place": ("square", ("place:",)),
    "bonus": ("card", ("bonus:",)),
}
VERB_COMMAND = {p[:-1]: name for name, (_, prefixes) in COMMANDS.items() for p in prefixes}
RIDE_NAMES = {a.key: a.name for a in ATTRACTIONS}


def bare(code: str) -> str:
    """What a person types instead of picking from the list: the code without its verb."""
    return code.partition(":")[2]


def assert_answered(result: InteractionResult) -> None:
    """A move's answer: a private confirmation (a step: the turn message was edited) or
    the new turn message itself."""
    assert result.content.startswith("✅") or not result.ephemeral, result.content


def public_text(message: MessageRecord) -> str:
    """Everything a public message shows in words: its text and its buttons' labels."""
    return message.text + " ".join(b[1] or "" for b in message.buttons())


def assert_refused(result: InteractionResult, *words: str) -> None:
    assert result.ephemeral, result.content
    assert all(w in result.content for w in words), result.content


@dataclass
class Table:
    """One game in one channel, the people at it, and what the test saw happen."""

    h: Harness
    channel: int
    game_id: int
    users: dict[str, int]
    rng: random.Random
    kinds: Counter[str] = field(default_factory=Counter)
    entries: Counter[str] = field(default_factory=Counter)
    #: After each move: the version, what the channel's board showed, and how many
    #: public messages the channel had.
    posts: list[tuple[int, str, int]] = field(default_factory=list)

    @property
    def d(self) -> DiscordDouble:
        double: DiscordDouble = self.h.double
        return double

    async def now(self) -> tuple[GameRow, State]:
        """The game's row and state, running or finished."""
        row = await self.h.live.store.get(self.game_id)
        assert row is not None and row.snapshot is not None
        return row, GAME.load(row.snapshot)

    async def offered(self, user: int, command: str, typed: str = "", **options: str) -> list[str]:
        """The values `command`'s autocomplete offers while ``typed`` is in its main option
        (in `build`'s square option when a card is given)."""
        focused = "square" if command == "build" and "card" in options else COMMANDS[command][0]
        values = {**options, focused: typed}
        choices = await self.d.autocomplete(
            user, self.channel, f"{SLUG} {command}", values, focused=focused
        )
        assert len(choices) <= 25
        assert not [c for c in choices if any(seat in c["name"] for seat in self.users)]
        return [c["value"] for c in choices]

    async def run(self, user: int, command: str, **options: str) -> InteractionResult:
        """A typed `/adventureland` command, counted by how it was used."""
        with_square = command == "build" and "square" in options
        self.entries[command + ("+square" if with_square else "")] += 1
        return await self.d.slash(user, self.channel, f"{SLUG} {command}", **options)

    async def post(self, result: InteractionResult) -> None:
        """Check a move's answer and remember what the board (and any new message)
        shows, with the version it shows."""
        assert_answered(result)
        board = await self.h.board(self.channel, self.game_id)
        assert board.embed_image().startswith(PNG)
        row, _ = await self.now()
        messages = self.d.messages(self.channel)
        new = messages[self.posts[-1][2] if self.posts else len(messages) - 1 :]
        shown = "\n".join(public_text(m) for m in [board, *new])
        self.posts.append((row.version, shown, len(messages)))

    async def write(self, column: str, value: object) -> None:
        """Set a stored column of this game directly, as a test's set-up."""
        await self.h.write_game(self.game_id, **{column: value})

    async def refused(self, result: InteractionResult, *words: str) -> None:
        """An ephemeral answer that changed nothing and posted nothing."""
        assert_refused(result, *words)
        assert (await self.now())[0].version == self.posts[-1][0]
        assert len(self.d.messages(self.channel)) == self.posts[-1][2]


async def open_table(
    h: Harness, channel: int, variant: str, humans: list[str], robots: int, seed: int
) -> Table:
    """`/game new` with the variant, people join, robots fill seats, `/game start`."""
    d = h.double
    host = d.ids[humans[0]]
    opened = await d.slash(host, channel, f"game new {SLUG}", variant=variant)
    spec = next(s for s in GAME.options if s.name == "variant")
    assert not opened.ephemeral and spec.label(variant) in str(opened.embeds)
    for name in humans[1:]:
        assert not (await d.slash(d.ids[name], channel, "game join")).ephemeral
    for _ in range(robots):
        assert "Robot" in str((await d.slash(host, channel, "game addbot", level="easy")).embeds)
    await h.agree_all(channel)  # robots change the table
    row = await h.live.store.open_game_in(channel)
    assert row is not None
    users = {str(d.ids[n]): d.ids[n] for n in humans}
    table = Table(h, channel, row.id, users, random.Random(seed))
    await h.set_seed(table.game_id, seed)  # the deal, like the choices, is reproducible
    table.channel, board = await h.start_game(host, channel)
    assert board.embed_image().startswith(PNG)
    shown = d.messages(table.channel)
    table.posts.append(((await table.now())[0].version, public_text(board), len(shown)))
    _, state = await table.now()
    assert state["variant"] == variant and len(state["seats"]) == len(humans) + robots
    return table


# ------------------------------------------------------------------ one person's move


async def check_autocomplete(
    t: Table, user: int, legal: list[Move], commands: Iterable[str]
) -> None:
    """Each command lists exactly the caller's legal moves of its kind; typing narrows the
    list to the moves whose label or code contains what was typed."""
    for command in commands:
        expected = [m for m in legal if m.code.startswith(COMMANDS[command][1])]
        assert await t.offered(user, command) == [m.code for m in expected][:25], command
        if expected:
            typed = bare(expected[-1].code).split(":")[0].lower()
            narrowed = await t.offered(user, command, typed)
            assert expected[-1].code in narrowed or len(expected) > 25
            assert (
                narrowed
                == [
                    m.code for m in expected if typed in m.label.lower() or typed in m.code.lower()
                ][:25]
            )


async def check_squares(t: Table, user: int, seat: str, state: State, cards: list[str]) -> None:
    """`build`'s square list: exactly the squares legal after that card (none to improve)."""
    for card in cards:
        after, _ = GAME.play(state, seat, card)
        expected = [m.code for m in GAME.legal_moves(after, seat) if m.code.startswith("place:")]
        assert await t.offered(user, "build", card=card) == expected, card


async def human_move(t: Table) -> None:
    """The person to move plays once: through `/play` mostly, a typed command by turns."""
    row, state = await t.now()
    seat = GAME.waiting_for(state)[0]
    assert seat in t.users, "robots never keep the table waiting"
    user = t.users[seat]
    legal = GAME.legal_moves(state, seat)
    command = VERB_COMMAND[legal[0].code.partition(":")[0]]
    t.kinds[command] += 1
    nth = t.kinds[command]
    # Every command against the legal list the first times a kind comes up; then its own.
    await check_autocomplete(t, user, legal, COMMANDS if nth <= 2 else [command])
    for other in t.users.values():
        if other != user:
            offered = await t.offered(other, command)
            assert offered == ["not-your-turn"], "only the mover gets choices"
    choices = [c["value"] for c in await t.h.choices(user, t.channel)]
    assert choices == [m.code for m in legal][:25]
    code = t.rng.choice(choices)
    if command == "build":
        builds = [c for c in choices if c.startswith("build:")]
        await check_squares(t, user, seat, state, builds)
    if nth % 3 == 2 or (command not in ("build", "place") and nth % 3 == 0):
        t.entries["/play"] += 1
        result = await t.h.play(user, t.channel, code)
    elif command == "build":
        result = await typed_build(t, user, seat, code, with_square=nth % 3 == 1)
    elif command == "place":
        result = await t.run(user, "place", square=bare(code).lower())
    else:
        value = code if nth % 2 else bare(code)
        result = await t.run(user, command, **{COMMANDS[command][0]: value})
    await t.post(result)
    assert (await t.now())[0].version > row.version
    if nth % 10 == 1:
        await check_hand(t, user)


async def typed_build(
    t: Table, user: int, seat: str, code: str, *, with_square: bool
) -> InteractionResult:
    """`/adventureland build`, with the square in the same command when it needs one."""
    if code.startswith("scrap:"):
        return await t.run(user, "build", card=code)
    squares = await t.offered(user, "build", card=code)
    if not (with_square and squares):
        return await t.run(user, "build", card=bare(code))
    square = t.rng.choice(squares)
    result = await t.run(user, "build", card=code, square=square)
    _, after = await t.now()
    assert after["grids"][seat][bare(square)]["ride"] == bare(code), "the tile went there"
    return result


async def check_hand(t: Table, user: int) -> None:
    """`/hand`: an ephemeral image for the caller only; nothing is posted publicly."""
    before = len(t.d.messages(t.channel))
    hand = await t.d.slash(user, t.channel, "hand")
    assert hand.ephemeral and hand.attachments[0][1].startswith(PNG)
    assert len(t.d.messages(t.channel)) == before


# ------------------------------------------------------------------ what was public


def public_rides(view: dict[str, Any]) -> set[str]:
    """Ride keys the public view shows on the table: offer, gaps, piles and mats."""
    rides = set(view["offer"]) | {g["card"] for g in view["gaps"] if g["card"]}
    for player in view["players"].values():
        rides |= set(player["pile"]) | {t["ride"] for t in player["grid"].values()}
    return rides


def public_so_far(row: GameRow, log: list[LoggedMove]) -> list[set[str]]:
    """After each logged move: every ride that had been face up on the table by then."""
    state = GAME.setup([s.id for s in row.seats], seed=row.seed, options=row.options)
    seen = public_rides(GAME.view(state, None))
    history = [set(seen)]
    for move in log:
        state, _ = GAME.play(state, move.seat, move.code)
        seen |= public_rides(GAME.view(state, None))
        history.append(set(seen))
    return history


async def check_nothing_private_was_posted(t: Table) -> None:
    """No public text names a ride before it was face up somewhere (i.e. only in a hand)."""
    row, _ = await t.now()
    log = await t.h.live.store.moves(row.id)
    history = public_so_far(row, log)
    offset = row.version - len(log)
    hidden = [set(RIDE_NAMES) - seen for seen in history]
    assert any(hidden), "some rides were at times only in hands: there was something to leak"
    named_any = False
    for version, content, _ in t.posts:
        named = {key for key, name in RIDE_NAMES.items() if name in content}
        assert not named & hidden[version - offset], (named & hidden[version - offset], content)
        named_any = named_any or bool(named)
    assert named_any, "the public updates do name the rides played"


# ------------------------------------------------------------------ the tests


@pytest.mark.parametrize(
    ("variant", "humans", "robots", "seed", "database"),
    [(BONUS, ["alice", "bob"], 1, 1, SQLITE), (LAYOUT, ["alice"], 2, 2, POSTGRESQL)],
    indirect=["database"],
)
async def test_a_complete_game_from_lobby_to_final_ranking(
    harness: Harness, variant: str, humans: list[str], robots: int, seed: int
) -> None:
    """A whole game per variant; a board after every move; the ranking."""
    d = harness.double
    t = await open_table(harness, d.ids["channel"], variant, humans, robots, seed)
    while (await harness.live.store.open_game_in(t.channel)) is not None:
        await human_move(t)
        assert len(t.posts) < 400
    row, state = await t.now()
    outcome = GAME.outcome(state)
    assert row.status == "finished" and outcome is not None
    final = t.posts[-1][1]
    assert "final results" in final and "🥇" in final
    for seat in row.seats:
        assert f"**{seat.name}** — {outcome.scores[seat.id]} points" in final
    results = await results_of(harness.live.store, row.id)
    assert {(r.seat_id, r.score, r.rank) for r in results} == {
        (s, outcome.scores[s], outcome.ranks[s]) for s in state["seats"]
    }
    started = [m for m in d.messages(t.channel) if "begins" in m.text]
    boards = [m for m in d.messages(t.channel) if m.id > started[0].id]
    assert all(m.embed_image().startswith(PNG) for m in boards), "after the start, boards only"
    typed = {"preconstruct", "draft", "approve", "build", "build+square", "place"}
    typed |= {"mat"} if variant == LAYOUT else {"bonus"}
    assert typed <= set(t.entries), t.entries
    assert t.entries["/play"] > sum(n for k, n in t.entries.items() if k != "/play")
    await check_nothing_private_was_posted(t)


def swap_hidden(state: State) -> State:
    """The same table with every hand and Bonus hand changed against hidden cards."""
    edited: State = json.loads(json.dumps(state))
    deck, bonus_deck = edited["deck"], edited["bonus_deck"]
    for seat in edited["seats"]:
        hand = edited["hands"][seat]
        j = next(j for j, key in enumerate(deck) if key not in hand)
        hand[0], deck[j] = deck[j], hand[0]
        hand.sort()
        bonus = edited["bonus_hands"][seat]
        if bonus and bonus_deck:
            bonus[0], bonus_deck[0] = bonus_deck[0], bonus[0]
            bonus.sort()
    return edited


async def test_hands_stay_private(harness: Harness) -> None:
    """Privacy: `/hand` is ephemeral with an image; the public board image and
    text are the same for two tables that differ only in hands and undealt Bonus cards."""
    d = harness.double
    alice = d.ids["alice"]
    t = await open_table(harness, d.ids["thread"], BONUS, ["alice"], 2, seed=3)
    for _ in range(6):
        await human_move(t)
    _, state = await t.now()
    hand_before = await d.slash(alice, t.channel, "hand")
    board_before = await d.slash(alice, t.channel, "game status")
    assert hand_before.ephemeral and not board_before.ephemeral
    edited = swap_hidden(state)
    assert edited["hands"] != state["hands"] and edited["bonus_hands"] != state["bonus_hands"]
    await t.write("snapshot", json.dumps(GAME.dump(edited)))
    hand_after = await d.slash(alice, t.channel, "hand")
    board_after = await d.slash(alice, t.channel, "game status")
    assert hand_after.attachments[0][1] != hand_before.attachments[0][1], "the edit took effect"
    assert board_before.original is not None and board_after.original is not None
    assert board_after.original.embed_image() == board_before.original.embed_image()
    assert board_after.text == board_before.text
    assert not board_after.ephemeral


async def play_until(t: Table, command: str) -> tuple[GameRow, State, str]:
    """Play on until a person is to use ``command``: the row, state and that person."""
    while True:
        row, state = await t.now()
        seat = GAME.waiting_for(state)[0]
        if VERB_COMMAND[GAME.legal_moves(state, seat)[0].code.partition(":")[0]] == command:
            return row, state, seat
        await human_move(t)


async def test_bad_input_is_refused_privately_and_changes_nothing(harness: Harness) -> None:
    """docs/ARCHITECTURE.md §3: wrong player, illegal card or square, garbage, no game, another
    game: an ephemeral answer naming the problem; no move, no public message."""
    d = harness.double
    alice, bob, carol = d.ids["alice"], d.ids["bob"], d.ids["carol"]
    thread = d.ids["thread"]
    assert_refused(await d.slash(alice, thread, f"{SLUG} draft", card="coaster"), "no game")
    await d.slash(alice, thread, f"game new {SLUG}")
    assert_refused(await d.slash(alice, thread, f"{SLUG} draft", card="coaster"), "not started")
    await d.slash(alice, thread, "game cancel")
    await d.slash(alice, thread, "game new disneyland")
    await d.slash(bob, thread, "game join")
    await d.slash(alice, thread, "game start")
    other = await d.slash(alice, thread, f"{SLUG} draft", card="coaster")
    assert_refused(other, get_game("disneyland").title, "/play")

    t = await open_table(harness, d.ids["channel"], BONUS, ["alice", "bob"], 1, seed=4)
    _, state, seat = await play_until(t, "preconstruct")
    mover, waiting = t.users[seat], next(u for s, u in t.users.items() if s != seat)
    pre = GAME.legal_moves(state, seat)[0].code
    absent = next(k for k in RIDE_NAMES if k not in state["hands"][seat])
    await t.refused(await t.run(waiting, "preconstruct", card=pre), "Not your turn")
    await t.refused(await t.run(carol, "preconstruct", card=pre), "not playing")
    await t.refused(await d.slash(carol, t.channel, "hand"), "not playing")
    offered = [await t.offered(carol, command) for command in COMMANDS]
    assert offered == [["not-playing"]] * len(COMMANDS)
    await t.refused(await t.run(mover, "preconstruct", card=absent), "not a legal move")
    await t.refused(await t.run(mover, "draft", card=bare(pre)), "not a legal move")
    await t.refused(await t.run(mover, "place", square="Z9"), "not a legal move")
    await t.refused(await t.run(mover, "bonus", card="🎢 to the moon"), "not a legal move")
    await t.refused(await t.h.play(mover, t.channel, "!!"), "not a legal move")

    _, state, seat = await play_until(t, "approve")
    key = bare(GAME.legal_moves(state, seat)[0].code).partition(":")[0]
    gaps = len(state["gaps"])
    await t.refused(await t.run(t.users[seat], "approve", card=f"{key}:{gaps + 1}"), "legal")

    _, state, seat = await play_until(t, "build")
    mover = t.users[seat]
    state = await give_an_improvement(t, state, seat)
    builds = [m.code for m in GAME.legal_moves(state, seat) if m.code.startswith("build:")]
    taken = next(iter(state["grids"][seat]))
    free = next(sq for sq in ALL_SQUARES if sq not in state["grids"][seat])
    improves = f"build:{state['grids'][seat][taken]['ride']}"
    assert improves in builds and len(builds) > 1
    await t.refused(await t.run(mover, "build", card=improves, square=free), "needs no square")
    for code in builds:
        if code != improves:
            await t.refused(await t.run(mover, "build", card=code, square=taken), "legal")
            await t.refused(await t.run(mover, "build", card=code, square="Z9"), "legal")
    absent = next(k for k in RIDE_NAMES if k not in state["hands"][seat])
    await t.refused(await t.run(mover, "build", card=f"build:{absent}"), "not a legal move")
    await t.refused(await t.run(waiting, "build", card=improves), "Not your turn")
    assert (await t.now())[1] == state
    await t.post(await t.run(mover, "build", card=bare(improves)))
    assert (await t.now())[1]["grids"][seat][taken]["height"] == 2


async def give_an_improvement(t: Table, state: State, seat: str) -> State:
    """Make sure the seat holds a copy of its pre-built attraction, so that building it
    improves that attraction: swapped in from the deck or another hand (cards conserved)."""
    edited: State = json.loads(json.dumps(state))
    ride = next(iter(edited["grids"][seat].values()))["ride"]
    hand = edited["hands"][seat]
    if ride not in hand:
        others = [edited["hands"][s] for s in edited["seats"] if s != seat]
        source = next(cards for cards in [edited["deck"], *others] if ride in cards)
        i, j = next(i for i, key in enumerate(hand) if key != ride), source.index(ride)
        hand[i], source[j] = source[j], hand[i]
        await t.write("snapshot", json.dumps(GAME.dump(edited)))
    return edited
