"""Hostile input, the whole class at once (docs/ARCHITECTURE.md §8): huge and negative
numbers in every numeric option, 6,000-character strings, control characters and mention syntax in
every text option (first as a Discord client would send them, then past its checks),
forged custom_ids for every component template, stale components of every kind, and
clicks from someone who is not at the table.

Every one gets a short, clear, private answer within Discord's deadline (the double
records any lapse), pings nobody, and the database is byte-for-byte what it was: every
table of it is dumped through a separate connection before and after.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.common.pace import DEFAULTS
from tests.bot.double import DiscordDouble, InteractionResult, MessageRecord, UsageError
from tests.bot.harness import Harness, lobby_control

STRING, INTEGER, BOOLEAN, USER, NUMBER = 3, 4, 5, 6, 10
SHORT = 300
APOLOGY_START = "Sorry, something went wrong"
NUMBERS: list[Any] = [2**53, -(2**53), -1, 10**30]
FLOATS: list[Any] = [1e300, -1e300, -0.5, float(2**53)]
GAME_COMMANDS = ("disneyland", "troolpark", "adventureland", "imagineers")


def texts(d: DiscordDouble) -> list[str]:
    mentions = (
        f"<@{d.ids['bob']}> <@!{d.ids['alice']}> @everyone @here <@&{d.ids['guild']}> "
        f"<#{d.ids['channel']}> </game new:1>"
    )
    return ["x" * 6000, "\x00\x07\x1b[31m\r\n\t\u202eevil\u200b", mentions]


@dataclass
class Arena:
    """Four games under way (one per title), an open lobby, a cancelled game, a stranger."""

    h: Harness
    tables: dict[str, int] = field(default_factory=dict)
    lobby: int = 0
    empty: int = 0
    stranger: int = 0

    @property
    def d(self) -> DiscordDouble:
        return self.h.double

    async def mover(self, slug: str) -> int:
        return int(await self.h.mover(self.tables[slug]))

    async def seated_other(self, slug: str) -> int:
        row, _ = await self.h.state(self.tables[slug])
        mover = await self.h.mover(self.tables[slug])
        return int(next(s.id for s in row.seats if s.id != mover and not s.ai))


async def build_arena(h: Harness) -> Arena:
    d = h.double
    guild = d.ids["guild"]
    a = Arena(h, stranger=d.add_user("mallory", display_name=f"<@{d.ids['bob']}> @everyone"))
    a.tables["disneyland"] = await h.open_table("disneyland", ["alice", "bob"])
    a.tables["troolpark"] = await h.open_table(
        "troolpark", ["carol", "dave"], channel=d.ids["thread"]
    )
    a.tables["adventureland"] = await h.open_table(
        "adventureland", ["alice", "bob", "carol"], channel=d.add_channel(guild, "adv")
    )
    a.tables["imagineers"] = await h.open_table(
        "imagineers", ["dave", "erin"], channel=d.add_channel(guild, "imag")
    )
    a.lobby = d.add_channel(guild, "lobby")
    await d.slash(d.ids["alice"], a.lobby, "game new troolpark")
    await d.slash(d.ids["bob"], a.lobby, "game join")
    await d.wait_for_message(a.lobby, lambda m: "moved further down" in m.content)
    a.empty = d.add_channel(guild, "empty")
    return a


# ------------------------------------------------------------------------- answers


def assert_clear(result: InteractionResult, what: str) -> None:
    """Short, private, not the apology, mention syntax inert, nobody pinged."""
    assert result.response is not None, f"{what}: no answer"
    assert result.response_type != 5, f"{what}: deferred instead of answered"
    assert result.ephemeral, f"{what}: public answer {result.content[:200]!r}"
    text = result.content
    assert 0 < len(text) <= SHORT, f"{what}: {len(text)} characters"
    assert not text.startswith(APOLOGY_START), f"{what}: {text}"
    assert "@everyone" not in text and "@here" not in text, f"{what}: {text}"
    assert result.original is not None and result.original.pinged == [], what


async def send(
    d: DiscordDouble, user: int, channel: int, command: str, options: dict[str, Any]
) -> tuple[InteractionResult, str]:
    """As a Discord client would send it; if the client itself refuses the value (a bound,
    a length, a choice), as a stale or forged client would."""
    try:
        return await d.slash(user, channel, command, **options), "client"
    except UsageError:
        return await d.forge(user, channel, command, options), "forged"


# ------------------------------------------------------------------------- commands


def leaf_commands(d: DiscordDouble) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """("game new troolpark", options) for every leaf (sub)command the bot synced."""

    def walk(prefix: str, options: Sequence[dict[str, Any]]) -> Iterator[tuple[str, Any]]:
        subs = [o for o in options if o["type"] in (1, 2)]
        if not subs:
            yield prefix, list(options)
        for sub in subs:
            yield from walk(f"{prefix} {sub['name']}", sub.get("options") or [])

    for command in d.commands():
        yield from walk(command["name"], command.get("options") or [])


def where(a: Arena, command: str) -> int:
    top = command.split()[0]
    if top in GAME_COMMANDS:
        return a.tables[top]
    return a.empty if command.startswith("game new ") else a.tables["disneyland"]


async def baseline(a: Arena, command: str, option: dict[str, Any]) -> Any:
    """A harmless valid-looking value for an option that is not under attack."""
    if option.get("choices"):
        return option["choices"][0]["value"]
    if option["type"] == USER:
        top = command.split()[0]
        return await a.seated_other(top if top in GAME_COMMANDS else "disneyland")
    if option["type"] in (INTEGER, NUMBER):
        return option.get("min_value", 1)
    if option["type"] == BOOLEAN:
        return False
    return "1"


def hostile(d: DiscordDouble, option: dict[str, Any]) -> list[Any]:
    return {INTEGER: NUMBERS, NUMBER: FLOATS, STRING: texts(d)}.get(option["type"], [])


async def caller(a: Arena, command: str) -> int:
    """Whoever gets furthest into the command: the mover, or the server's admin."""
    if command == "game settings":
        return a.d.ids["admin"]
    top = command.split()[0]
    if command.startswith("game new "):
        return a.d.ids["alice"]
    return await a.mover(top if top in GAME_COMMANDS else "disneyland")


async def test_every_option_refuses_hostile_values_and_changes_nothing(harness: Harness) -> None:
    a = await build_arena(harness)
    d = a.d
    await harness.settle()
    before = await harness.dump()
    tried = 0
    for command, options in leaf_commands(d):
        for target in options:
            for value in hostile(d, target):
                values = {
                    o["name"]: value if o is target else await baseline(a, command, o)
                    for o in options
                    if o is target or o.get("required")
                }
                user = await caller(a, command)
                result, how = await send(d, user, where(a, command), command, values)
                assert_clear(result, f"/{command} {target['name']}={str(value)[:40]!r} ({how})")
                tried += 1
    assert tried > 100
    assert await harness.dump() == before


async def test_autocomplete_takes_hostile_typing(harness: Harness) -> None:
    """Whatever is typed, the list comes in time and within Discord's limits (the double
    checks both), and nothing changes."""
    a = await build_arena(harness)
    d = a.d
    await harness.settle()
    before = await harness.dump()
    for command, options in leaf_commands(d):
        for target in options:
            if not target.get("autocomplete"):
                continue
            for value in texts(d):
                typed = {
                    o["name"]: value if o is target else await baseline(a, command, o)
                    for o in options
                    if o is target or o.get("required")
                }
                user = await caller(a, command)
                choices = await d.autocomplete(
                    user, where(a, command), command, typed, focused=target["name"]
                )
                assert isinstance(choices, list)
    assert await harness.dump() == before


# ------------------------------------------------------------------------- components


@dataclass
class Press:
    """One click (or menu choice) somebody makes on some message."""

    what: str
    user: int
    message: MessageRecord
    custom_id: str
    values: list[str] | None = None
    forged: bool = False


async def end_turn(h: Harness, channel: int) -> None:
    """The mover plays until someone else is to move (a new turn message)."""
    mover = await h.mover(channel)
    while await h.mover(channel) == mover:
        choices = [c["value"] for c in await h.choices(int(mover), channel)]
        await h.play(int(mover), channel, "roll" if "roll" in choices else choices[0])


async def test_every_component_refuses_forged_stale_and_strangers(harness: Harness) -> None:
    a = await build_arena(harness)
    d = a.d
    h = harness
    dl = a.tables["disneyland"]
    row, _ = await h.state(dl)
    gid = row.id
    # A vote about an idle seat, a picker and a board; then the game moves on.
    h.clock.advance(DEFAULTS["live_idle"] + 1)
    await h.live.clockwork.tick()
    notice = next(m for m in d.messages(dl) if m.content.startswith("💤"))
    old_board = await h.board(dl)
    old_buttons = old_board.buttons()
    first = await a.mover("disneyland")
    voter = await a.seated_other("disneyland")
    menu = await d.click(first, old_board, f"ts:table:{gid}:moves")
    assert menu.original is not None
    select = next(c for r in menu.original.components for c in r["components"])
    option = select["options"][0]["value"]
    await end_turn(h, dl)
    assert await h.board(dl) != old_board and old_board.buttons() == []
    # Carol leaves the Trool Park table (her confirmation stays on her screen).
    park = a.tables["troolpark"]
    ask = await d.slash(d.ids["carol"], park, "game leave")
    assert ask.original is not None
    leave_id = ask.original.buttons()[0][0]
    await d.click(d.ids["carol"], ask.original, leave_id)
    assert "left" in (await h.board(park)).text
    # A game that was cancelled after it started, with its board.
    gone = await h.open_table(
        "disneyland", ["erin", "dave"], channel=d.add_channel(d.ids["guild"], "gone")
    )
    gone_board = await h.board(gone)
    gone_row, _ = await h.state(gone)
    await d.slash(d.ids["admin"], gone, "game cancel")
    assert gone_board.buttons() == [], "a cancelled game's board lost its components"
    lobby_card = [m for m in d.messages(a.lobby) if m.buttons()][-1]
    lobby_row = await h.live.store.open_game_in(a.lobby)
    assert lobby_row is not None
    live_board = await h.board(dl)
    now, _ = await h.state(dl)
    stranger = a.stranger
    mover = await a.mover("disneyland")

    presses: list[Press] = []
    # Stale components of every kind; an older board's buttons, on a client still
    # showing them, answer with a link to the current board.
    for button, _, _ in old_buttons:
        presses.append(Press(f"an old board's {button}", first, old_board, button, forged=True))
    presses += [
        Press("an old My-moves menu", first, menu.original, select["custom_id"], [option]),
        Press("a vote after the game moved on", voter, notice, notice.buttons()[0][0]),
        Press("leaving twice", d.ids["carol"], ask.original, leave_id, forged=True),
        Press(
            "a cancelled game's My moves",
            d.ids["erin"],
            gone_board,
            f"ts:table:{gone_row.id}:moves",
            forged=True,
        ),
        Press(
            "a cancelled game's My hand",
            d.ids["erin"],
            gone_board,
            f"ts:table:{gone_row.id}:hand",
            forged=True,
        ),
        Press(
            "a started game's lobby",
            d.ids["alice"],
            live_board,
            f"ts:lobby:{gid}:start",
            forged=True,
        ),
    ]
    # Someone not at the table, on every live component.
    for button, _, _ in live_board.buttons():
        presses.append(Press("a stranger on the board", stranger, live_board, button))
    for button, label, _ in lobby_card.buttons():
        if label != "Join":  # joining an open lobby is what Join is for
            presses.append(Press(f"a stranger's {label} on a lobby", stranger, lobby_card, button))
    presses.append(Press("a stranger voting", stranger, notice, notice.buttons()[0][0]))
    # Forged custom_ids for every template, on a real board.
    forged = [
        f"ts:lobby:{gid}:explode",
        "ts:lobby:99999999999999999999999:join",
        f"ts:lobby:{lobby_row.id + 100}:start",
        f"ts:move:{gid}:{now.version}:000000:roll",
        f"ts:move:{gid}:{now.version}:ZZZZZZ:roll",
        f"ts:move:{gid}:1:abcdef:{'x' * 60}",
        f"ts:move:{gone_row.id}:1:abcdef:roll",
        "ts:move:",
        f"ts:mv:{gid}:{now.version}:roll",
        f"ts:table:{gid}:explode",
        "ts:table:424242:moves",
        f"ts:idle:{gid}:0:ai",
        f"ts:idle:{gid}:{now.version}:nuke",
        f"ts:leave:{gone_row.id}",
        f"ts:leave:{gid}:<@{d.ids['bob']}>",
        f"ts:undo:{gid}:{now.version}",
        f"ts:undo:{gid}:1",
        f"ts:undo:{gone_row.id}:1",
        "ts:undo:x:1",
        f"ts:nav:{gid}:{now.version}:top0:back",
        f"ts:nav:{gid}:{now.version}:g999p999:next",
        f"ts:nav:{gid}:{now.version}:top0:explode",
        f"ts:nav:{gid}:1:<@{d.ids['bob']}>:back",
        "ts:nonsense:1",
        "ts:rules:chess",
        f"ts:rules:<@{d.ids['bob']}>",
        f"ts:rematch:{gid}",
        f"ts:rematch:{gone_row.id}",
        "ts:rematch:424242",
        "ts:rematch:",
        "ts:replay:424242",
        f"ts:replay:{gid}:again",
        f"ts:opt:{lobby_row.id}:pace",
    ]
    for custom_id in forged:
        for user in (mover, stranger):
            presses.append(Press(f"forged {custom_id}", user, live_board, custom_id, forged=True))
    for values in (["zzzzzz:roll"], ["roll"], [f"abcdef:<@{d.ids['bob']}>"]):
        pick = f"ts:pick:{gid}:{now.version}"
        presses.append(Press(f"forged menu {values}", mover, live_board, pick, values, True))
    for values in (["g999p0"], ["top9"], ["<@1>"], ["g1p0x"]):
        act = f"ts:act:{gid}:{now.version}"
        for user in (mover, stranger):
            presses.append(Press(f"forged actions {values}", user, live_board, act, values, True))
    # The lobby's option menus: only its host may choose, only among the game's values.
    host, guest = d.ids["alice"], d.ids["bob"]
    slide, pace = lobby_control(lobby_card, "slide"), lobby_control(lobby_card, "pace")
    presses += [
        Press("a guest choosing an option", guest, lobby_card, slide, ["seats"]),
        Press("a stranger choosing the pace", stranger, lobby_card, pace, ["async"]),
        Press("a forged option value", host, lobby_card, slide, ["upside-down"], True),
        Press("a forged pace", host, lobby_card, pace, [f"<@{d.ids['bob']}>"], True),
        Press(
            "an option of another game",
            host,
            lobby_card,
            f"ts:opt:{lobby_row.id}:side",
            ["night"],
            True,
        ),
        Press("another lobby's menu", host, live_board, slide, ["seats"], True),
        Press(
            "a menu of a started game",
            d.ids["alice"],
            lobby_card,
            f"ts:opt:{gid}:length",
            ["rounds-10"],
            True,
        ),
    ]

    before = await h.dump()
    for press in presses:
        if press.forged:
            result = await d.forge_click(press.user, press.message, press.custom_id, press.values)
        elif press.values is not None:
            result = await d.select(press.user, press.message, press.custom_id, press.values)
        else:
            result = await d.click(press.user, press.message, press.custom_id)
        assert_clear(result, press.what)
    assert len(presses) > 40
    assert await h.dump() == before
