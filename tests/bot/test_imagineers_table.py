"""Imagineers through the real discord.py client and the Discord double.

Complete games from `/game new` to the final ranking, on both sides of the park, played
with `/play` and with the `/imagineers` commands (every one of them, checking their
autocomplete against the engine's legal moves at each use); private hands; ephemeral,
harmless answers to bad input.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import State, get_game
from engine.imagineers.views import tile_label
from tests.bot.double import DiscordDouble
from tests.bot.double.models import MessageRecord
from tests.bot.harness import Harness
from tests.bot.stores import POSTGRESQL, SQLITE, on_store
from tests.bot.tabletop import every_move_in_the_picker
from tests.store.reads import results_of

PNG = b"\x89PNG\r\n\x1a\n"
GAME = get_game("imagineers")
#: What a typed step 1 can do, in the order the drivers try to cover them.
STEP_ONE = ("vendor", "janitor", "performer", "upgrade", "build")
#: Every typed command (and the drop order) a complete game must have used.
TYPED = (*STEP_ONE, "entrance", "move", "order", "take")
#: (command, second parameter, code prefix) of the step-1 commands.
TILE_COMMANDS = (
    ("build", "space", "build:"),
    ("upgrade", "slot", "upgrade:"),
    ("staff", "action", "staff:"),
)
#: Every third turn is typed once each typed command has been used.
TYPED_EVERY = 3


@dataclass
class Table:
    """One Imagineers table in a channel, and what the test did at it."""

    h: Harness
    channel: int
    game_id: int
    users: dict[str, int]
    rng: random.Random
    used: Counter[str] = field(default_factory=Counter)
    public_moves: int = 0
    turns: int = 0
    hands_seen: set[tuple[int, str]] = field(default_factory=set)

    @property
    def d(self) -> DiscordDouble:
        return self.h.double

    async def state(self) -> tuple[int, State]:
        """The stored version and state (also once the game is over)."""
        row = await self.h.live.store.get(self.game_id)
        assert row is not None and row.snapshot is not None
        return row.version, GAME.load(row.snapshot)

    async def legal(self, seat: str, before: Sequence[str] = ()) -> list[str]:
        """The engine's legal codes for ``seat``, after ``before`` on a copy."""
        _, state = await self.state()
        for code in before:
            state, _ = GAME.play(state, seat, code)
        return [m.code for m in GAME.legal_moves(state, seat)]

    async def offered(self, user: int, command: str, focused: str, **options: str) -> list[str]:
        """What autocomplete offers ``user`` for ``/imagineers command`` option ``focused``."""
        typed = {focused: "", **options}
        choices = await self.d.autocomplete(
            user, self.channel, f"imagineers {command}", typed, focused=focused
        )
        return [str(c["value"]) for c in choices]

    async def check_offered(
        self, seat: str, command: str, focused: str, prefix: str, **options: str
    ) -> list[str]:
        """Autocomplete lists exactly the caller's legal moves of this kind (≤ 25)."""
        offered = await self.offered(self.users[seat], command, focused, **options)
        before = [v for v in options.values() if v]
        legal = [c for c in await self.legal(seat, before) if c.startswith(prefix)]
        assert offered == legal[:25], (command, focused, options)
        return offered

    async def secrets(self) -> list[int]:
        _, state = await self.state()
        return [t for p in state["players"].values() for t in p["hand"]]

    async def send(self, seat: str, command: str, **options: str) -> MessageRecord:
        """A move that must succeed: confirmed privately (a step: the board is edited) or
        answered with a new board (a new turn); no version of any message shows a secret.
        Returns the board as it stands after the move."""
        hidden = await self.secrets()
        seen = {m.id: len(m.revisions) for m in self.d.messages(self.channel)}
        result = await self.d.slash(self.users[seat], self.channel, command, **options)
        assert result.content.startswith("✅") or not result.ephemeral, (command, result.content)
        board = await self.h.board(self.channel, self.game_id)
        assert board.embed_image().startswith(PNG)
        self.public_moves += 1
        tiles = hidden + await self.secrets()
        for message in self.d.messages(self.channel):
            for text in message.revisions[seen.get(message.id, 1) - 1 :]:
                assert_keeps_secrets(text, message.buttons(), tiles)
        return board


def assert_keeps_secrets(
    text: str, buttons: list[tuple[str, str | None, bool]], tiles: list[int]
) -> None:
    """Public text and buttons (labels and custom ids) never show a hand tile's two
    sides or its code: the public buttons offer only moves from the table."""
    shown = text + " ".join(str(b) for b in buttons)
    # A hand tile's label shows both its sides: "<ride> (…) or <track> (track $n)"; the
    # top of a face-up stack ("Take a Serpent (track $3) …") is on the table for all.
    assert not re.search(r"\) or [^()]+\(track \$", shown)
    for tid in tiles:
        assert tile_label(tid) not in shown and f"tile:{tid}" not in shown


async def open_table(
    h: Harness, channel_key: str, humans: Sequence[str], robots: int, side: str, seed: int
) -> Table:
    """``/game new`` with the side option, joins, robots, ``/game start``; the deal comes
    from ``seed`` (written into the lobby) so each game is reproducible."""
    d = h.double
    channel = d.ids[channel_key]
    host = d.ids[humans[0]]
    lobby = await d.slash(host, channel, "game new imagineers", side=side)
    assert not lobby.ephemeral and f"{side.title()} side" in str(lobby.embeds)
    for name in humans[1:]:
        joined = await d.slash(d.ids[name], channel, "game join")
        assert not joined.ephemeral, joined.content
    for _ in range(robots):
        added = await d.slash(host, channel, "game addbot", level="easy")
        assert not added.ephemeral, added.content
    await h.agree_all(channel)  # robots change the table
    row = await h.live.store.open_game_in(channel)
    assert row is not None
    await h.set_seed(row.id, seed)
    channel, board = await h.start_game(host, channel)
    begins = d.messages(channel)[-2]
    assert "begins" in begins.text and "Turn order" in begins.text
    assert board.embed_image().startswith(PNG)
    _, state = await h.state(channel)
    assert state["side"] == side and len(state["seats"]) == len(humans) + robots
    users = {str(d.ids[n]): d.ids[n] for n in humans}
    return Table(h, channel, row.id, users, random.Random(seed))


# ---------------------------------------------------------------- typed commands
async def typed_entrance(t: Table, seat: str) -> None:
    spaces = await t.check_offered(seat, "entrance", "space", "entrance:")
    space = t.rng.choice(spaces)
    await t.send(seat, "imagineers entrance", space=bare(space, t))
    t.used["entrance"] += 1


async def typed_step_one(t: Table, seat: str) -> None:
    """Use the tile in the least-used legal way, checking every list on the way."""
    tiles = await t.check_offered(seat, "build", "tile", "tile:", space="")
    for command, param, _ in TILE_COMMANDS[1:]:
        assert await t.offered(t.users[seat], command, "tile", **{param: ""}) == tiles
    uses: dict[str, tuple[str, str, str, str]] = {}
    for tile in tiles:
        for command, param, prefix in TILE_COMMANDS:
            for value in await t.check_offered(seat, command, param, prefix, tile=tile):
                uses.setdefault(kind_of(value), (command, tile, param, value))
    wanted = [k for k in STEP_ONE if k in uses]
    kind = min(wanted, key=lambda k: (t.used[k], STEP_ONE.index(k)))
    command, tile, param, value = uses[kind]
    await t.send(seat, f"imagineers {command}", tile=bare(tile, t), **{param: bare(value, t)})
    t.used[kind] += 1
    if kind == "performer":
        guests = await t.check_offered(seat, "perform", "guest", "guest:", to="")
        guest = t.rng.choice(guests)
        targets = await t.check_offered(seat, "perform", "to", "to:", guest=guest)
        await t.send(seat, "imagineers perform", guest=guest, to=t.rng.choice(targets))


def kind_of(code: str) -> str:
    """build:3 → build, staff:janitor:4 → janitor."""
    verb, _, rest = code.partition(":")
    return rest.split(":")[0] if verb == "staff" else verb


def bare(code: str, t: Table) -> str:
    """Half the time, what a person types instead of the autocompleted code: ``17``."""
    return code.split(":", 1)[1] if t.rng.random() < 0.5 else code


async def typed_move(t: Table, seat: str) -> None:
    """Step 2 in one command; a group with several drop orders needs ``order``."""
    spaces = await t.check_offered(seat, "move", "space", "move:", order="")
    t.rng.shuffle(spaces)
    for space in spaces:
        orders = await t.check_offered(seat, "move", "order", "order:", space=space)
        if orders or t.used["order"]:
            break
    if not orders:
        await t.send(seat, "imagineers move", space=bare(space, t))
        t.used["move"] += 1
        return
    version, _ = await t.state()
    refused = await t.d.slash(t.users[seat], t.channel, "imagineers move", space=space)
    assert refused.ephemeral and "order" in refused.content
    assert (await t.state())[0] == version
    order = t.rng.choice(orders)
    typed = order if t.rng.random() < 0.5 else order.removeprefix("order:").lower()
    await t.send(seat, "imagineers move", space=bare(space, t), order=typed)
    t.used["move"] += 1
    t.used["order"] += 1


async def typed_take(t: Table, seat: str) -> None:
    stacks = [c.removeprefix("take:") for c in await t.legal(seat)]
    await t.send(seat, "imagineers take", stack=t.rng.choice(stacks))
    t.used["take"] += 1


# ------------------------------------------------------------------------ /play
async def play_step(t: Table, seat: str) -> None:
    """One step through ``/play``: autocomplete lists the legal moves, pick one of them."""
    user = t.users[seat]
    choices = [str(c["value"]) for c in await t.h.choices(user, t.channel)]
    assert choices == (await t.legal(seat))[:25]
    searched = [str(c["value"]) for c in await t.h.choices(user, t.channel, "build")]
    assert all(c.startswith("build:") for c in searched)
    code = t.rng.choice([c for c in choices if c != "back"])
    await t.send(seat, "play", move=code)
    t.used["play"] += 1


async def play_turn(t: Table) -> None:
    """The mover's next step, typed or through ``/play``; a hand check once a round."""
    _, state = await t.state()
    seat = GAME.waiting_for(state)[0]
    phase = state["phase"]
    if phase == "tile":
        t.turns += 1
        await check_hand(t, seat, state)
    typed = any(t.used[k] == 0 for k in TYPED) or t.turns % TYPED_EVERY == 0
    if phase == "entrance":
        await (play_step(t, seat) if t.used["entrance"] else typed_entrance(t, seat))
    elif typed and phase == "tile":
        await typed_step_one(t, seat)
    elif typed and phase == "move":
        await typed_move(t, seat)
    elif typed and phase == "take":
        await typed_take(t, seat)
    else:
        await play_step(t, seat)


async def check_hand(t: Table, seat: str, state: State) -> None:
    """Once per round and player: the hand, by /hand or the board's "My hand" button, and
    the "My moves" picker are ephemeral; the hand comes as a picture."""
    if (state["round"], seat) in t.hands_seen:
        return
    t.hands_seen.add((state["round"], seat))
    posted = len(t.d.messages(t.channel))
    board = await t.h.board(t.channel)
    user = t.users[seat]
    if state["round"] % 2:
        hand = await t.d.slash(user, t.channel, "hand")
    else:
        hand = await t.d.click(user, board, f"ts:table:{t.game_id}:hand")
    assert hand.ephemeral and hand.attachments[0][1].startswith(PNG)
    reached = await every_move_in_the_picker(t.d, user, board, t.game_id)
    assert sorted(reached) == sorted(await t.legal(seat))
    assert len(t.d.messages(t.channel)) == posted


async def play_to_the_end(t: Table) -> None:
    for _ in range(400):
        if await t.h.live.store.open_game_in(t.channel) is None:
            break
        await play_turn(t)
    final = t.d.messages(t.channel)[-1]
    shown = final.text
    assert "final results" in shown and "🥇" in shown
    result = final.embeds[0]["description"]
    assert "The season ended after round" in result  # the reason, with names for seat ids
    assert not any(str(uid) in result for uid in t.users.values())
    assert final.embed_image().startswith(PNG)
    assert {b[1] for b in final.buttons()} == {"Rematch", "Replay", "Review"}
    missing = [k for k in TYPED if t.used[k] == 0]
    assert not missing, f"typed commands never used: {missing}"
    assert 2 * t.used["play"] > t.public_moves, "most moves go through /play"
    results = await results_of(t.h.live.store, t.game_id)
    assert {r.seat_id for r in results} >= set(t.users)
    for r in results:
        assert re.search(rf"\*\*{re.escape(r.name)}\*\* — {r.score} fame", shown)


# ------------------------------------------------------------------------ tests
@on_store(POSTGRESQL)
async def test_two_players_day_side_from_lobby_to_ranking(harness: Harness) -> None:
    """2 people on the Day side, every step by hand: typed commands and /play."""
    t = await open_table(harness, "channel", ["alice", "bob"], 0, "day", seed=4)
    await play_to_the_end(t)


@on_store(SQLITE)
async def test_three_players_night_side_with_a_robot(harness: Harness) -> None:
    """2 people and a robot on the Night side; the robot never keeps anyone waiting."""
    t = await open_table(harness, "thread", ["carol", "dave"], 1, "night", seed=7)
    await play_to_the_end(t)
    assert any(m.seat == "ai1" for m in await harness.live.store.moves(t.game_id))


async def started_pair(h: Harness) -> Table:
    """alice and bob on the Day side, entrances placed through /play: step 1 is next."""
    t = await open_table(h, "channel", ["alice", "bob"], 0, "day", seed=11)
    for _ in t.users:
        _, state = await t.state()
        await play_step(t, GAME.waiting_for(state)[0])
    _, state = await t.state()
    assert state["phase"] == "tile"
    return t


async def seats(t: Table) -> tuple[str, str, State]:
    """The mover, the other player, and the state."""
    _, state = await t.state()
    mover = GAME.waiting_for(state)[0]
    return mover, next(s for s in t.users if s != mover), state


async def test_typed_commands_finish_a_step_begun_with_play(harness: Harness) -> None:
    """A tile or a path space picked with /play can still be named in a typed command."""
    t = await started_pair(harness)
    mover, _, state = await seats(t)
    hand = [f"tile:{tid}" for tid in state["players"][mover]["hand"]]
    await t.send(mover, "play", move=hand[0])
    assert await t.offered(t.users[mover], "build", "tile", space="") == hand
    actions = await t.offered(t.users[mover], "staff", "action", tile=hand[1])
    assert actions == [c for c in await t.legal(mover, ["back", hand[1]]) if c.startswith("staff:")]
    done = await t.send(mover, "imagineers staff", tile=hand[1], action="vendor")
    assert "went back" in done.text and "Vendor" in done.text
    _, after = await t.state()
    assert after["phase"] == "move" and hand[0] in {
        f"tile:{x}" for x in after["players"][mover]["hand"]
    }
    spaces = [c for c in await t.legal(mover) if c.startswith("move:")]
    mixed = [s for s in spaces if any(c.startswith("order:") for c in await t.legal(mover, [s]))]
    assert mixed, "a start space with two colours of guests can be moved"
    await t.send(mover, "play", move=mixed[0])
    orders = await t.offered(t.users[mover], "move", "order", space=mixed[0])
    assert orders == [c for c in await t.legal(mover, ["back", mixed[0]]) if c.startswith("order:")]
    await t.send(mover, "imagineers move", space=mixed[0], order=orders[-1])
    _, after = await t.state()
    assert after["phase"] == "take"


async def test_autocomplete_offers_nothing_to_those_who_cannot_move(harness: Harness) -> None:
    """Only the mover's legal moves are listed: the other player is told whose turn it
    is, a stranger that they are not playing (one choice each, which plays nothing); an
    impossible first parameter gets an empty list."""
    t = await started_pair(harness)
    mover, other, state = await seats(t)
    d = harness.double
    lists = [
        ("entrance", "space", {}),
        ("build", "tile", {"space": ""}),
        ("build", "space", {"tile": f"tile:{state['players'][mover]['hand'][0]}"}),
        ("upgrade", "slot", {"tile": f"tile:{state['players'][mover]['hand'][0]}"}),
        ("staff", "action", {"tile": f"tile:{state['players'][mover]['hand'][0]}"}),
        ("perform", "guest", {"to": ""}),
        ("move", "space", {}),
        ("move", "order", {"space": "move:1"}),
    ]
    for user, only in ((t.users[other], "not-your-turn"), (d.ids["carol"], "not-playing")):
        for command, focused, options in lists:
            offered = await t.offered(user, command, focused, **options)
            assert offered == [only], (command, focused)
    foreign = f"tile:{state['players'][other]['hand'][0]}"
    assert await t.offered(t.users[mover], "build", "space", tile=foreign) == []
    assert await t.offered(t.users[mover], "move", "space") == []
    assert await t.offered(t.users[mover], "build", "tile", space="") != []


async def test_bad_input_is_answered_privately_and_changes_nothing(harness: Harness) -> None:
    """Wrong player, a tile not in hand, the wrong step, garbage, strangers, wrong game."""
    d = harness.double
    alice = d.ids["alice"]
    none = await d.slash(alice, d.ids["channel"], "imagineers take", stack="coaster")
    assert none.ephemeral and "no game" in none.content.lower()
    t = await started_pair(harness)
    mover, other, state = await seats(t)
    version, _ = await t.state()
    posted = len(d.messages(t.channel))
    mine = state["players"][mover]["hand"]
    theirs = state["players"][other]["hand"]
    space = "2"  # an empty attraction space on the Day side
    attempts: list[tuple[str, str, dict[str, str], str]] = [
        (other, "imagineers build", {"tile": str(theirs[0]), "space": space}, "not your turn"),
        (other, "play", {"move": f"tile:{theirs[0]}"}, "not your turn"),
        (mover, "imagineers build", {"tile": str(theirs[0]), "space": space}, "not a legal"),
        (mover, "imagineers upgrade", {"tile": str(mine[0]), "slot": "99"}, "not a legal"),
        (mover, "imagineers staff", {"tile": str(mine[0]), "action": "magician"}, "not a legal"),
        (mover, "imagineers build", {"tile": "🎢", "space": "'; drop table"}, "not a legal"),
        (mover, "imagineers move", {"space": "1"}, "not a legal"),
        (mover, "imagineers take", {"stack": "coaster"}, "not a legal"),
        (mover, "imagineers perform", {"guest": "1:R", "to": "2"}, "not a legal"),
        (mover, "imagineers entrance", {"space": "3"}, "not a legal"),
        (mover, "play", {"move": "x" * 100}, "not a legal"),
        (str(d.ids["carol"]), "imagineers take", {"stack": "attraction"}, "not playing"),
        (str(d.ids["carol"]), "hand", {}, "not playing"),
    ]
    for seat, command, options, answer in attempts:
        user = t.users.get(seat) or int(seat)
        result = await d.slash(user, t.channel, command, **options)
        assert result.ephemeral and answer in result.content.lower(), (command, result.content)
    longer = await d.forge(t.users[mover], t.channel, "play", {"move": "x" * 300})
    assert longer.ephemeral and "not a legal" in longer.content.lower()  # past Discord's check
    assert await t.state() == (version, state)
    assert len(d.messages(t.channel)) == posted
    thread = d.ids["thread"]
    await d.slash(alice, thread, "game new disneyland")
    early = await d.slash(alice, thread, "imagineers take", stack="coaster")
    assert early.ephemeral and "not started" in early.content
    await d.slash(d.ids["bob"], thread, "game join")
    await d.slash(alice, thread, "game start")
    elsewhere = await d.slash(alice, thread, "imagineers take", stack="coaster")
    assert elsewhere.ephemeral and "/disneyland" in elsewhere.content
