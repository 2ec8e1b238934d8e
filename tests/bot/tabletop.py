"""Complete games through the Discord double, played the way people play them: tapping
the board's buttons, the private two-level picker, and ``/play``; and what the channel
shows for it: new messages and pings per turn, who was pinged, and whether
every step's lines could be read. Used by the turn-message tests and by ``make bench``.

A *turn* is a stretch of steps with the same seats to move (``to_move``, as a set); a
game of N turns changes seats N - 1 times.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.chat.views.messages import humanize
from bot.store import GameRow
from bot.store.interface import GameStore
from engine import Rng, State, get_game
from tests.bot.double import DiscordDouble, InteractionResult, MessageRecord
from tests.bot.double.models import iter_components
from tests.bot.double.world import THREAD_STARTER_MESSAGE
from tests.bot.harness import everyone_agrees, write_game

#: Every this many steps a person types ``/play`` instead of tapping.
PLAY_EVERY = 7
#: How the start card's title begins ("🎬 Imagineers #2 begins").
START_CARD = "🎬 "
#: Kinds of components that act on the game as it stands.
PLAYING = ("move", "mv", "pick", "table", "undo")


@dataclass
class Figures:
    """What one or more complete games showed in their channels."""

    games: int = 0
    steps: int = 0
    turns: int = 0
    #: Every new public message of the game, the start card included.
    posts: int = 0
    #: Start cards (one per game: the game's opening, before any turn).
    openings: int = 0
    pings: int = 0
    #: Turns that began with at least one person becoming to move.
    people_turns: int = 0
    routes: Counter[str] = field(default_factory=Counter)
    #: Anything against the table's rules (a ping not owed, a line not shown...).
    problems: list[str] = field(default_factory=list)

    def add(self, other: Figures) -> None:
        self.games += other.games
        self.steps += other.steps
        self.turns += other.turns
        self.posts += other.posts
        self.openings += other.openings
        self.pings += other.pings
        self.people_turns += other.people_turns
        self.routes.update(other.routes)
        self.problems += other.problems

    @property
    def posts_per_turn(self) -> float:
        return self.posts / max(1, self.turns)

    @property
    def turn_posts_per_turn(self) -> float:
        """New messages per turn after the start card: the turn messages, the news the
        whole table must see, the final card."""
        return (self.posts - self.openings) / max(1, self.turns)

    @property
    def pings_per_turn(self) -> float:
        return self.pings / max(1, self.turns)


@dataclass
class Table:
    double: DiscordDouble
    store: GameStore
    channel: int
    game_id: int
    people: dict[str, int]
    rng: random.Random
    figures: Figures = field(default_factory=Figures)
    #: The last message of the channel before the game started.
    mark: int = 0

    async def row(self) -> GameRow:
        row = await self.store.get(self.game_id)
        assert row is not None
        return row

    async def settle(self, timeout: float = 10.0) -> GameRow:
        """Until the channel shows the game's latest version."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            row = await self.row()
            if row.shown_version >= row.version or asyncio.get_running_loop().time() > deadline:
                return row
            await asyncio.sleep(0.01)

    def board(self, row: GameRow) -> MessageRecord:
        assert row.turn_message_id is not None, "a running game always shows a board"
        return self.double.world.messages[row.turn_message_id]

    def messages_after(self, mark: int) -> list[MessageRecord]:
        """The bot's messages after ``mark`` (not Discord's note opening a thread)."""
        return [
            m
            for m in self.double.messages(self.channel)
            if m.id > mark and m.type != THREAD_STARTER_MESSAGE
        ]


async def open_table(
    double: DiscordDouble,
    store: GameStore,
    channel: int,
    slug: str,
    people: list[int],
    robots: int = 0,
    options: dict[str, str] | None = None,
    seed: int = 1,
) -> Table:
    """`/game new` by the first person, the others join, robots are added, everyone
    agrees again to the table they make, the deal is fixed by ``seed``, and `/game start`."""
    host = people[0]
    opened = await double.slash(host, channel, f"game new {slug}", **(options or {}))
    assert not opened.ephemeral, opened.content
    await lobby_settled(double, store, channel)
    for user in people[1:]:
        joined = await double.slash(user, channel, "game join")
        assert not joined.ephemeral, joined.content
        await lobby_settled(double, store, channel)
    for _ in range(robots):
        added = await double.slash(host, channel, "game addbot", level="easy")
        assert not added.ephemeral, added.content
        await lobby_settled(double, store, channel)
    await everyone_agrees(double, store, channel)  # robots change the table
    row = await lobby_settled(double, store, channel)
    await write_game(store, row.id, seed=seed)
    before = double.messages(channel)
    table = Table(
        double,
        store,
        channel,
        row.id,
        {str(user): user for user in people},
        random.Random(seed),
        mark=before[-1].id if before else 0,
    )
    started = await double.slash(host, channel, "game start")
    assert started.response is not None and "Sorry" not in started.content, started.content
    row = await table.settle()
    if row.channel_id != channel:  # the game moved into a thread of its own
        table.channel, table.mark = row.channel_id, 0
    check_opening(table, row)
    return table


def check_opening(t: Table, row: GameRow) -> None:
    """The game opens with the start card, pinging nobody, then the first turn message,
    pinging the people the game waits on (once): nothing else."""
    game = get_game(row.slug)
    state = game.load(row.snapshot or {})
    owed = sorted(int(s.id) for s in row.seats if s.id in game.to_move(state) and not s.ai)
    opening = t.messages_after(t.mark)
    shape = [(START_CARD in m.text, sorted(m.pinged)) for m in opening]
    if shape != [(True, []), (False, owed)] or opening[-1].id != row.turn_message_id:
        t.figures.problems.append(f"the opening was {shape}, owed {owed}")


async def lobby_settled(double: DiscordDouble, store: GameStore, channel: int) -> GameRow:
    """The lobby once the bot has recorded its last card (it does so just after
    answering): a person presses the next button on the card they see."""
    for _ in range(500):
        row = await store.open_game_in(channel)
        assert row is not None
        if row.lobby_message_id == double.messages(channel)[-1].id:
            return row
        await asyncio.sleep(0.01)
    raise AssertionError("the lobby card was never recorded")


def custom_ids(message: MessageRecord, kind: str) -> list[dict[str, Any]]:
    return [
        c
        for c in iter_components(message.components)
        if str(c.get("custom_id", "")).startswith(f"ts:{kind}:")
    ]


async def tap(t: Table, seat: str, code: str, step: int) -> InteractionResult:
    """Play ``code`` for ``seat`` the way a person would: the board's button or menu
    when it offers the move, else the private picker; ``/play`` now and then."""
    d, user = t.double, t.people[seat]
    board = t.board(await t.row())
    if step % PLAY_EVERY == PLAY_EVERY - 1:
        offered = [
            c["value"]
            for c in await d.autocomplete(user, t.channel, "play", {"move": ""}, focused="move")
        ]
        assert code in offered or len(offered) == 25, (code, offered)
        t.figures.routes["/play"] += 1
        return await d.slash(user, t.channel, "play", move=code)
    for button in custom_ids(board, "move"):
        if button["custom_id"].split(":", 5)[5] == code:
            t.figures.routes["button"] += 1
            return await d.click(user, board, button["custom_id"])
    for menu in custom_ids(board, "pick"):
        values = [o["value"] for o in menu["options"] if o["value"].partition(":")[2] == code]
        if values:
            t.figures.routes["board menu"] += 1
            return await d.select(user, board, menu["custom_id"], values[:1])
    t.figures.routes["picker"] += 1
    return await pick(t, seat, code, board)


async def pick(t: Table, seat: str, code: str, board: MessageRecord) -> InteractionResult:
    """My moves → the action → (pages) → the move."""
    d, user = t.double, t.people[seat]
    row = await t.row()
    game = get_game(row.slug)
    state = game.load(row.snapshot or {})
    opened = await d.click(user, board, f"ts:table:{row.id}:moves")
    assert opened.ephemeral and opened.original is not None, opened.content
    menu = opened.original
    legal = game.legal_moves(state, seat)
    groups = list(dict.fromkeys(game.move_group(state, seat, m) for m in legal))
    wanted = next(m for m in legal if m.code == code)
    group = groups.index(game.move_group(state, seat, wanted))
    for _ in range(50):
        for select in custom_ids(menu, "pick"):
            values = [o["value"] for o in select["options"] if o["value"].partition(":")[2] == code]
            if values:
                return await d.select(user, menu, select["custom_id"], values[:1])
        actions = custom_ids(menu, "act")
        if actions:
            step = await d.select(user, menu, actions[0]["custom_id"], [f"g{group}p0"])
        else:
            more = [b for b in custom_ids(menu, "nav") if b["custom_id"].endswith(":next")]
            assert more, f"{code} is nowhere in the picker: {menu.components}"
            step = await d.click(user, menu, more[0]["custom_id"])
        assert step.response_type == 7 and step.original is not None
        menu = step.original
    raise AssertionError(f"{code} not reached in 50 picker pages")


async def every_move_in_the_picker(
    double: DiscordDouble, user: int, board: MessageRecord, game_id: int
) -> list[str]:
    """Open My moves on ``board`` and walk the whole picker: every action, every page;
    returns every code reached. Each page of moves has Back."""
    opened = await double.click(user, board, f"ts:table:{game_id}:moves")
    assert opened.ephemeral and opened.original is not None, opened.content
    menu = opened.original
    codes: list[str] = []

    async def go(custom_id: str, values: list[str] | None = None) -> MessageRecord:
        if values is None:
            step = await double.click(user, menu, custom_id)
        else:
            step = await double.select(user, menu, custom_id, values)
        assert step.response_type == 7 and step.original is menu, step.content
        return menu

    def moves_here() -> None:
        for select in custom_ids(menu, "pick"):
            codes.extend(o["value"].partition(":")[2] for o in select["options"])
        backs = [b for b in custom_ids(menu, "nav") if b["custom_id"].endswith(":back")]
        assert backs, "Back is always there beside the moves"

    async def pages() -> None:
        moves_here()
        while more := [b for b in custom_ids(menu, "nav") if b["custom_id"].endswith(":next")]:
            await go(more[0]["custom_id"])
            moves_here()

    if not custom_ids(menu, "act"):  # a single action: its moves straight away
        await pages()
        back = [b for b in custom_ids(menu, "nav") if b["custom_id"].endswith(":back")]
        await go(back[0]["custom_id"])
        assert len(custom_ids(menu, "act")[0]["options"]) == 1, "Back: the one action"
        return codes
    top = custom_ids(menu, "act")[0]
    actions = [o["value"] for o in top["options"]]
    for value in actions:
        await go(top["custom_id"], [value])
        await pages()
        back = [b for b in custom_ids(menu, "nav") if b["custom_id"].endswith(":back")]
        await go(back[0]["custom_id"])
        top = custom_ids(menu, "act")[0]
    return codes


def playing_components(message: MessageRecord) -> list[dict[str, Any]]:
    """The components that act on the game as it stands (moves, My moves, My hand, Undo);
    not the start card's Full rules or the final card's Rematch and Replay."""
    return [c for kind in PLAYING for c in custom_ids(message, kind)]


def to_move(game: Any, state: State) -> frozenset[str]:
    return frozenset(game.to_move(state))


async def check_step(
    t: Table, actor: str, before: State, seq: int, mark: int, result: InteractionResult
) -> None:
    """After one person's action: the answer was no refusal; only the board has
    components; the new messages ping
    exactly the people who became to move (once) — whom the game began to wait on when the
    seats to move changed — but not ``actor``, who is at the table right now; nobody on a
    step within a turn; every step's first line is readable in what the channel shows."""
    row = await t.settle()
    game = get_game(row.slug)
    if result.ephemeral:
        assert result.content.startswith(("✅", "↩")), result.content
    logged = await t.store.moves_after(row.id, seq)
    state = before
    became: frozenset[str] = frozenset()
    changed = False
    for move in logged:
        after, _ = game.play(state, move.seat, move.code)
        if to_move(game, state) != to_move(game, after):
            changed = True
            became = frozenset(game.waiting_for(after)) - frozenset(game.waiting_for(state))
        state = after
    people = {s.id for s in row.seats if not s.ai} - {actor}
    expected = sorted(int(s) for s in became if s in people and not game.is_over(state))
    fresh = t.messages_after(mark)
    pinged = sorted(u for m in fresh for u in m.pinged)
    if changed:
        t.figures.people_turns += bool(expected)
    if pinged != expected:
        t.figures.problems.append(f"step after seq {seq}: pinged {pinged}, owed {expected}")
    live = [m.id for m in t.double.messages(t.channel) if playing_components(m)]
    board = t.board(row)
    if live != ([board.id] if playing_components(board) else []):
        texts = [t.double.world.messages[i].revisions[0][:60] for i in live]
        t.figures.problems.append(f"after seq {seq}: components on {texts}, board {board.id}")
    shown = "\n".join([board.text, *(m.text for m in fresh)])
    folded = "more (`/game log`)" in shown
    for move in logged:
        for line in move.events[:1]:
            if humanize(line, row.names) not in shown and not folded:
                t.figures.problems.append(f"seq {move.seq}: {line!r} not shown")


async def play_out(t: Table, max_steps: int = 2_000) -> Figures:
    """Play the game to its end; returns its figures (also in ``t.figures``)."""
    rng = Rng.from_seed(t.rng.randrange(1 << 30))
    row = await t.settle()
    game = get_game(row.slug)
    steps = 0
    while row.status == "active" and steps < max_steps:
        state = game.load(row.snapshot or {})
        waiting = [s for s in game.waiting_for(state) if s in t.people]
        assert waiting, "the game waits on people only (the AI never holds it up)"
        seat = waiting[0]
        code = game.ai_move(state, seat, rng, "easy")
        seq = await t.store.last_seq(row.id)
        mark = t.double.messages(t.channel)[-1].id
        result = await tap(t, seat, code, steps)
        await check_step(t, seat, state, seq, mark, result)
        steps += 1
        row = await t.row()
    assert row.status == "finished", f"not over after {steps} steps"
    await count(t, row)
    return t.figures


async def count(t: Table, row: GameRow) -> None:
    """Turns from the move log (replayed from the deal), posts from the channel."""
    game = get_game(row.slug)
    state = game.setup([s.id for s in row.seats], seed=row.seed, options=row.options)
    turns = 1
    logged = await t.store.moves(row.id)
    for move in logged:
        after, _ = game.play(state, move.seat, move.code)
        turns += to_move(game, state) != to_move(game, after)
        state = after
    posted = t.messages_after(t.mark)
    opening = [m for m in posted[:1] if START_CARD in m.text]
    if not opening:
        t.figures.problems.append("the game did not open with the start card")
    t.figures.games += 1
    t.figures.steps += len(logged)
    t.figures.turns += turns
    t.figures.posts += len(posted)
    t.figures.openings += len(opening)
    t.figures.pings += sum(len(m.pinged) for m in posted)


def transcript(t: Table) -> str:
    """The channel as a player scrolls it after the game: each message's final text,
    how often it was edited, whom it pinged and which buttons it still has."""
    out = []
    for message in t.messages_after(t.mark):
        flags = f"edited {len(message.revisions) - 1}×" if len(message.revisions) > 1 else ""
        pinged = f" pinged {message.pinged}" if message.pinged else ""
        buttons = [b[1] for b in message.buttons()]
        out.append(f"--- message {message.id} {flags}{pinged} buttons={buttons}")
        out.append(message.text)
    return "\n".join(out)
