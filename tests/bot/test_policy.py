"""Who may press what, as one table (``bot/policy.py``), entry by entry.

The table names every command the bot registers and every kind of component it reads:
a new one without an entry fails here. Then, through the Discord double, every entry is
tried by every kind of actor (the player to move, another seated player, the host, a
non-host with Manage Channels, a server admin, an outsider, a player whose seat the AI
plays: a robot's seat), in the places where its rule holds and where it does not, and
every component with forged and stale custom_ids (no such game, another channel's game,
a game in another state, an older version, another message, not a number, too long, an
unknown action).

What the gate decides is compared with what each rule says, restated here per actor
(``ROLES``): the gate is the one place that decides, so the test keeps the real gate and
puts a probe behind it that answers "admitted" instead of the handler. The handlers
themselves are tested through the game, table-life and hostile-input tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot.chat.access.gate import Gate
from bot.chat.access.policy import (
    COMMAND_WHENS,
    COMPONENT_WHENS,
    COMPONENTS,
    Rule,
    When,
    Who,
    admission,
)
from bot.chat.controls import DYNAMIC_ITEMS
from bot.chat.views.components import Gated, Unreadable
from bot.cogs.roster import COMMANDS
from bot.common.pace import DEFAULTS
from bot.table.service import meaning
from engine import GAMES, get_game
from tests.bot.double import DiscordDouble, InteractionResult, MessageRecord
from tests.bot.harness import Harness
from tests.bot.stores import SQLITE, on_store
from tests.bot.test_hostile import leaf_commands

INTEGER, BOOLEAN, USER, NUMBER = 4, 5, 6, 10
PROBE = "admitted"
#: Rules that act for a seat: the admission names the caller's own.
ACTS_FOR_A_SEAT = {Who.SEATED, Who.MOVER, Who.STEP_MAKER, Who.VOTER}
ANYONE = frozenset({Who.ANYONE})

#: Who each actor is, by their place in a game (the rule's words, restated per actor).
ROLES: Mapping[str, frozenset[Who]] = {
    "mover": frozenset({Who.ANYONE, Who.SEATED, Who.MOVER}),
    "seated": frozenset({Who.ANYONE, Who.SEATED}),
    "host": frozenset({Who.ANYONE, Who.SEATED, Who.HOST}),
    "ai seat": frozenset({Who.ANYONE, Who.SEATED}),
    "moderator": frozenset({Who.ANYONE, Who.HOST}),
    "admin": frozenset({Who.ANYONE, Who.HOST, Who.MANAGE_SERVER}),
    "outsider": ANYONE,
}
STAFF = ("moderator", "admin", "outsider")


# ------------------------------------------------------------------------- the table


def component_kinds() -> set[str]:
    """Every kind the components can be; each of them passes the gate (is ``Gated``)."""
    kinds: set[str] = set()
    for item in (*DYNAMIC_ITEMS, Unreadable):
        assert issubclass(item, Gated), item
        kinds.update(item.KINDS)
    return kinds


def test_every_component_kind_has_a_rule_and_every_rule_a_kind() -> None:
    assert set(COMPONENTS) == component_kinds()
    assert {rule.when for rule in COMPONENTS.values()} <= COMPONENT_WHENS
    assert {rule.when for rule in COMMANDS.values()} <= COMMAND_WHENS


def test_what_anyone_may_do_is_read_open_or_join() -> None:
    """The entries open to anyone, pinned: everything else needs a seat, the host or a
    permission (a change here is a change of who may act on a game)."""
    anyone = {k for k, r in {**COMMANDS, **COMPONENTS}.items() if r.who is Who.ANYONE}
    assert anyone == {
        *(f"game new {slug}" for slug in GAMES),
        "game learn",
        "game join",
        "game status",
        "game log",
        "game replay",
        "rules",
        "stats",
        "leaderboard",
        "profile",
        "lobby:join",
        "replay",
        "board",
        "mv",
        "unknown",
        "unreadable",
    }


@on_store(SQLITE)
async def test_every_command_has_a_rule_and_every_rule_a_command(harness: Harness) -> None:
    registered = {name for name, _ in leaf_commands(harness.double)}
    assert registered == set(COMMANDS)
    for name, rule in COMMANDS.items():
        group = name.split()[0]
        assert rule.game == (group if group in GAMES else None), name


# ------------------------------------------------------------------------- the places


@dataclass
class Place:
    """A channel, its game (``status`` None: none) and who everyone is at it."""

    name: str
    channel: int
    game_id: int | None
    status: str | None
    slug: str | None
    actors: dict[str, tuple[int, frozenset[Who]]] = field(default_factory=dict)

    def holds(self, rule: Rule) -> bool:
        """Whether a command's ``When`` holds here (restated)."""
        if rule.when in (When.ANYWHERE, When.SERVER):
            return True
        if rule.when in (When.GAME, When.GAME_OR_THREADS):
            return self.status in ("lobby", "active")
        if rule.when is When.LOBBY:
            return self.status == "lobby"
        assert rule.when is When.ACTIVE, rule
        return self.status == "active" and rule.game in (None, self.slug)


@dataclass
class Arena:
    h: Harness
    tables: dict[str, Place] = field(default_factory=dict)
    lobby: Place | None = None
    finished: Place | None = None
    empty: Place | None = None
    staff: dict[str, int] = field(default_factory=dict)

    @property
    def deep(self) -> Place:
        """The Disneyland table where every component can be tried: its mover made a
        step Undo may take back, and a vote about them was called."""
        return self.tables["disneyland"]

    def places(self) -> list[Place]:
        assert self.lobby and self.finished and self.empty
        return [*self.tables.values(), self.lobby, self.finished, self.empty]


SEEDS = {"disneyland": 11, "troolpark": 3, "adventureland": 3, "imagineers": 3}


async def four_at_a_table(a: Arena, slug: str, channel: int) -> Place:
    """alice, bob, carol and dave; dave leaves (the AI plays his seat); the one person
    to move is the mover, the host another person, the third simply seated."""
    h, d = a.h, a.h.double
    where = await h.open_table(slug, ["alice", "bob", "carol", "dave"], channel, SEEDS[slug])
    ask = await d.slash(d.ids["dave"], where, "game leave")
    assert ask.original is not None
    await d.click(d.ids["dave"], ask.original, ask.original.buttons()[0][0])
    await h.settle()
    row, state = await h.state(where)
    people = [s.id for s in row.seats if not s.ai]
    movers = [p for p in people if get_game(slug).legal_moves(state, p)]
    assert len(movers) == 1, (slug, movers)
    host, seated = [p for p in people if p != movers[0]]
    await h.write_game(row.id, host_id=host)
    place = Place(slug, where, row.id, "active", slug)
    for role, user in (("mover", movers[0]), ("seated", seated), ("host", host)):
        place.actors[role] = (int(user), ROLES[role])
    place.actors["ai seat"] = (d.ids["dave"], ROLES["ai seat"])
    place.actors.update({r: (a.staff[r], ROLES[r]) for r in STAFF})
    return place


async def build_arena(h: Harness) -> Arena:
    d = h.double
    guild = d.ids["guild"]
    moderator = discord.Permissions(manage_channels=True).value
    a = Arena(h)
    a.staff = {
        "moderator": d.add_user("moderator", permissions=moderator),
        "admin": d.ids["admin"],
        "outsider": d.ids["erin"],
    }
    for slug in SEEDS:
        a.tables[slug] = await four_at_a_table(a, slug, d.add_channel(guild, slug))
    # The deep table: an undoable step by the mover (an exchange being written), then
    # the idle notice about them, at that version: the others are its voters.
    deep = a.deep
    mover, seated, host = (deep.actors[r][0] for r in ("mover", "seated", "host"))
    row, state = await h.state(deep.channel)
    state["owners"].update({"15": str(mover), "7": str(seated)})
    await h.put_state(deep.channel, state)
    step = await h.play(mover, deep.channel, f"trade:with:{seated}")
    assert step.content.startswith("✅"), step.content
    h.clock.advance(DEFAULTS["live_idle"] + 1)
    await h.live.clockwork.tick()
    row, state = await h.state(deep.channel)
    call = await h.live.store.vote_call(row.id, row.version)
    assert call is not None and set(call.voters) == {str(seated), str(host)}
    top = await h.live.store.undo_top(row.id)
    assert top is not None and top.seat == str(mover)
    people = [str(u) for u, whos in deep.actors.values() if Who.SEATED in whos]
    assert [p for p in people if get_game(row.slug).legal_moves(state, p)] == [str(mover)]
    deep.actors["mover"] = (mover, ROLES["mover"] | {Who.STEP_MAKER})
    for role in ("seated", "host"):
        user, whos = deep.actors[role]
        deep.actors[role] = (user, whos | {Who.VOTER})
    # A finished game: a table like the others, then over.
    done = await four_at_a_table(a, "disneyland", d.add_channel(guild, "finished"))
    assert done.game_id is not None
    await h.write_game(done.game_id, status="finished", finished_at=h.clock())
    done.name, done.status = "finished", "finished"
    for role in ("mover", "seated", "ai seat"):
        done.actors[role] = (done.actors[role][0], ROLES["seated"])
    a.finished = done
    # An open lobby: alice hosts, bob sits; nobody moves and no seat is the AI's.
    lobby = d.add_channel(guild, "lobby")
    await d.slash(d.ids["alice"], lobby, "game new troolpark")
    await d.slash(d.ids["bob"], lobby, "game join")
    await d.wait_for_message(lobby, lambda m: "moved further down" in m.content)
    lobby_row = await h.live.store.open_game_in(lobby)
    assert lobby_row is not None
    a.lobby = Place("lobby", lobby, lobby_row.id, "lobby", "troolpark")
    a.lobby.actors = {
        "host": (d.ids["alice"], ROLES["host"]),
        "seated": (d.ids["bob"], ROLES["seated"]),
        **{r: (a.staff[r], ROLES[r]) for r in STAFF},
    }
    # A channel without a game: a player of the tables is nobody there.
    a.empty = Place("empty", d.add_channel(guild, "empty"), None, None, None)
    a.empty.actors = {
        "player elsewhere": (d.ids["alice"], ANYONE),
        **{r: (a.staff[r], ROLES[r]) for r in STAFF},
    }
    await h.settle()
    return a


# ------------------------------------------------------------------------- the probe


def probe_behind_the_gate(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real gate decides; what it admits is answered "admitted:<entry>:<seat>"
    privately instead of running the handler."""
    gate: Gate = h.live.services.gate
    decide_command, decide_component = gate.command, gate.component

    async def answer(interaction: discord.Interaction[Any], entry: str) -> None:
        seat = admission(interaction).seat
        await interaction.response.send_message(f"{PROBE}:{entry}:{seat}", ephemeral=True)

    async def command(interaction: discord.Interaction[Any]) -> bool:
        if await decide_command(interaction):
            assert interaction.command is not None
            await answer(interaction, interaction.command.qualified_name)
        return False

    async def component(
        interaction: discord.Interaction[Any], kind: str, game_id: int | None, version: int | None
    ) -> bool:
        if await decide_component(interaction, kind, game_id, version):
            await answer(interaction, kind)
        return False

    monkeypatch.setattr(gate, "command", command)
    monkeypatch.setattr(gate, "component", component)


@dataclass
class Tally:
    """What was tried, for the proof that no entry and no actor was left out."""

    admitted: set[tuple[str, Who]] = field(default_factory=set)
    refused: set[tuple[str, Who]] = field(default_factory=set)
    presses: int = 0


def judge(
    result: InteractionResult,
    entry: str,
    rule: Rule,
    user: int,
    expected: bool,
    what: str,
    *,
    as_kind: str | None = None,
) -> None:
    """The gate's answer is what the rule says: admitted as ``entry`` (or, for a
    custom_id that cannot be read, as ``as_kind``), for the caller's own seat; else
    refused with a short private sentence that is not the apology."""
    assert result.response is not None, f"{what}: no answer"
    assert result.ephemeral, f"{what}: a public answer {result.content!r}"
    text = result.content
    if expected:
        assert text.startswith(f"{PROBE}:{as_kind or entry}:"), f"{what}: {text}"
        if as_kind is None and rule.who in ACTS_FOR_A_SEAT:
            assert text == f"{PROBE}:{entry}:{user}", f"{what}: {text}"
        return
    assert not text.startswith(PROBE), f"{what}: admitted"
    assert 0 < len(text) <= 300 and not text.startswith("Sorry"), f"{what}: {text}"


# ------------------------------------------------------------------------- commands


def sample(d: DiscordDouble, option: dict[str, Any]) -> Any:
    """A value the client accepts for an option (the gate decides before any is read)."""
    if option.get("choices"):
        return option["choices"][0]["value"]
    if option["type"] == USER:
        return d.ids["bob"]
    if option["type"] in (INTEGER, NUMBER):
        return option.get("min_value", 1)
    if option["type"] == BOOLEAN:
        return False
    return "1"


def command_places(a: Arena, rule: Rule) -> list[Place]:
    """Where a command is tried: the deep table and the empty channel always; where its
    rule holds (a lobby; the table of its game); and, for a command about a game, a
    lobby and a table of another game."""
    assert a.lobby and a.empty
    places = [a.deep, a.empty]
    if rule.when in (When.GAME, When.GAME_OR_THREADS, When.LOBBY, When.ACTIVE):
        places.append(a.lobby)
    if rule.game is not None:
        places.append(a.tables[rule.game])
        places.append(a.tables["troolpark" if rule.game == "disneyland" else "disneyland"])
    return list({id(p): p for p in places}.values())


async def test_every_command_admits_exactly_whom_its_rule_names(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = await build_arena(harness)
    d = harness.double
    probe_behind_the_gate(harness, monkeypatch)
    before = await harness.dump()
    tally = Tally()
    options = dict(leaf_commands(d))
    for name, rule in COMMANDS.items():
        values = {o["name"]: sample(d, o) for o in options[name] if o.get("required")}
        for place in command_places(a, rule):
            for role, (user, whos) in place.actors.items():
                expected = place.holds(rule) and rule.who in whos
                result = await d.slash(user, place.channel, name, **values)
                judge(result, name, rule, user, expected, f"/{name} by the {role} in {place.name}")
                (tally.admitted if expected else tally.refused).add((name, rule.who))
                tally.presses += 1
    assert await harness.dump() == before, "the gate changes nothing"
    assert tally.presses >= len(ROLES) * len(COMMANDS)
    for name, rule in COMMANDS.items():
        assert (name, rule.who) in tally.admitted, f"/{name}: nobody was let in"
        assert (name, rule.who) in tally.refused or rule.who is Who.ANYONE, name


# ------------------------------------------------------------------------- components


@dataclass
class Target:
    """Where a kind of component is used, for the actor who uses it: its custom_id, the
    values of a menu, and the message it is on (an actor's own private message where the
    kind lives on one)."""

    custom_id: str
    message: MessageRecord
    values: list[str] | None = None


@dataclass
class Variant:
    """A forged or stale use: refused (or read as another ``kind``, e.g. unreadable)."""

    what: str
    target: Target
    kind: str | None = None


@dataclass
class Scene:
    """Everything the component presses are made of."""

    board: MessageRecord
    start_card: MessageRecord
    notice: MessageRecord
    lobby_card: MessageRecord
    final: MessageRecord
    private: dict[int, MessageRecord]
    version: int
    move: tuple[str, str]


async def private_message(d: DiscordDouble, user: int, channel: int) -> MessageRecord:
    """A private message of ``user``'s in ``channel`` (what the probe answers `/rules`)."""
    answer = await d.slash(user, channel, "rules", game="disneyland")
    assert answer.ephemeral and answer.original is not None
    return answer.original


async def build_scene(a: Arena) -> Scene:
    h, d = a.h, a.h.double
    assert a.lobby and a.finished
    row, state = await h.state(a.deep.channel)
    mover = str(a.deep.actors["mover"][0])
    move = get_game(row.slug).legal_moves(state, mover)[0]
    users = {user for place in a.places() for user, _ in place.actors.values()}
    return Scene(
        board=await h.board(a.deep.channel),
        start_card=next(m for m in d.messages(a.deep.channel) if "begins" in m.text),
        notice=next(m for m in d.messages(a.deep.channel) if m.content.startswith("💤")),
        lobby_card=[m for m in d.messages(a.lobby.channel) if m.buttons()][-1],
        final=d.messages(a.finished.channel)[-1],
        private={user: await private_message(d, user, a.deep.channel) for user in users},
        version=row.version,
        move=(meaning(move), move.code),
    )


def home(a: Arena, s: Scene, kind: str, user: int) -> tuple[Place, Target]:
    """Where ``kind`` is used as it should be, by ``user``."""
    assert a.lobby and a.finished
    gid, v, lobby, done = a.deep.game_id, s.version, a.lobby.game_id, a.finished.game_id
    mark, code = s.move
    own = s.private[user]
    targets: dict[str, tuple[Place, Target]] = {
        # The lobby's components name its terms (0: as it opened); I agree is shown
        # only while someone must agree, so it is pressed as the card would carry it.
        **{
            f"lobby:{action}": (a.lobby, Target(f"ts:lobby:{lobby}:0:{action}", s.lobby_card))
            for action in ("join", "agree", "leave", "addbot", "start", "cancel")
        },
        "opt": (a.lobby, Target(f"ts:opt:{lobby}:0:pace", s.lobby_card, ["async"])),
        "move": (a.deep, Target(f"ts:move:{gid}:{v}:{mark}:{code}", s.board)),
        "pick": (a.deep, Target(f"ts:pick:{gid}:{v}", s.board, [f"{mark}:{code}"])),
        "table:moves": (a.deep, Target(f"ts:table:{gid}:moves", s.board)),
        "table:hand": (a.deep, Target(f"ts:table:{gid}:hand", s.board)),
        "act": (a.deep, Target(f"ts:act:{gid}:{v}", own, ["top0"])),
        "nav": (a.deep, Target(f"ts:nav:{gid}:{v}:top0:back", own)),
        "undo": (a.deep, Target(f"ts:undo:{gid}:{v}", s.board)),
        "idle:ai": (a.deep, Target(f"ts:idle:{gid}:{v}:ai", s.notice)),
        "idle:end": (a.deep, Target(f"ts:idle:{gid}:{v}:end", s.notice)),
        "leave": (a.deep, Target(f"ts:leave:{gid}", own)),
        "rematch": (a.finished, Target(f"ts:rematch:{done}", s.final)),
        "replay": (a.finished, Target(f"ts:replay:{done}", s.final)),
        "hint": (a.deep, Target(f"ts:hint:{gid}:{v}", own)),
        "review": (a.finished, Target(f"ts:review:{done}", s.final)),
        "rules": (a.deep, Target("ts:rules:disneyland", s.board)),
        "board": (a.deep, Target("ts:board:disneyland:rating:server:1:1", s.board)),
        "mv": (a.deep, Target(f"ts:mv:{gid}:{v}:roll", s.board)),
        "unknown": (a.deep, Target("ts:nonsense:1", s.board)),
        "unreadable": (a.deep, Target(f"ts:undo:{gid}:{v}:again", s.board)),
    }
    return targets[kind]


def variants(a: Arena, s: Scene, kind: str, user: int) -> list[Variant]:
    """Forged and stale uses of ``kind`` by ``user`` (one the fresh use admitted)."""
    assert a.lobby and a.finished
    place, fresh = home(a, s, kind, user)
    if place.game_id is None or kind in ("rules", "board", "mv", "unknown", "unreadable"):
        return []
    gid = str(place.game_id)
    head, tail = fresh.custom_id.split(gid, 1)

    def other(game_id: int | str, message: MessageRecord | None = None) -> Target:
        return Target(f"{head}{game_id}{tail}", message or fresh.message, fresh.values)

    elsewhere = a.tables["troolpark"].game_id
    assert elsewhere is not None
    # The same kind naming a game of this channel in another state, used there.
    if place.status == "lobby" or place.status == "finished":
        state = other(a.deep.game_id or 0, s.board)
    else:
        state = other(a.finished.game_id or 0, s.final)
    overlong = Target(fresh.custom_id + ":" + "9" * 100, fresh.message, fresh.values)
    unknown = Target(fresh.custom_id.rsplit(":", 1)[0] + ":explode", fresh.message, fresh.values)
    found = [
        Variant("no such game", other(987654321)),
        Variant("another channel's game", other(elsewhere)),
        Variant("a game in another state", state),
        Variant("not a number", other(f"x{gid}"), "unreadable"),
        Variant("too long", overlong, "unreadable"),
        # An option's name and a move's code are read by their handlers (the game's
        # options; the move's mark, under the game's lock): only their kind is checked.
        Variant("an unknown action", unknown, kind if kind in ("opt", "move") else "unreadable"),
    ]
    if place is a.deep and str(s.version) in tail:
        older = fresh.custom_id.replace(f"{gid}:{s.version}", f"{gid}:{s.version - 1}", 1)
        # A move names its move by its mark, the picker starts again: an older version
        # is no refusal for them (the game service compares the mark under the lock).
        stale = COMPONENTS[kind].when in (When.BOARD_NOW, When.VOTE)
        target = Target(older, fresh.message, fresh.values)
        found.append(Variant("an older version", target, None if stale else kind))
    if kind == "move":
        mark, _ = s.move
        long_code = Target(f"ts:move:{gid}:{s.version}:{mark}:" + "r" * 100, fresh.message)
        found.append(Variant("a well-formed id past Discord's length", long_code, "unreadable"))
    rule = COMPONENTS[kind]
    if rule.when in (When.BOARD, When.BOARD_NOW):
        card = Target(fresh.custom_id, s.start_card, fresh.values)
        found.append(Variant("another message of the game", card))
    if rule.when is When.PICKER:
        found.append(Variant("a public message", Target(fresh.custom_id, s.board, fresh.values)))
    return found


async def press(d: DiscordDouble, user: int, target: Target) -> InteractionResult:
    return await d.forge_click(user, target.message, target.custom_id, target.values)


async def test_every_component_admits_exactly_whom_its_rule_names(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = await build_arena(harness)
    d = harness.double
    probe_behind_the_gate(harness, monkeypatch)
    scene = await build_scene(a)
    before = await harness.dump()
    tally = Tally()
    for kind, rule in COMPONENTS.items():
        place, _ = home(a, scene, kind, d.ids["alice"])
        for role, (user, whos) in place.actors.items():
            _, target = home(a, scene, kind, user)
            expected = rule.who in whos
            what = f"{kind} ({target.custom_id}) by the {role} in {place.name}"
            judge(await press(d, user, target), kind, rule, user, expected, what)
            (tally.admitted if expected else tally.refused).add((kind, rule.who))
            tally.presses += 1
            if not expected:
                continue
            for variant in variants(a, scene, kind, user):
                what = f"{kind}, {variant.what} ({variant.target.custom_id}) by the {role}"
                result = await press(d, user, variant.target)
                admitted = variant.kind is not None
                judge(result, kind, rule, user, admitted, what, as_kind=variant.kind)
                tally.presses += 1
    assert await harness.dump() == before, "the gate changes nothing"
    assert tally.presses >= 5 * len(COMPONENTS)
    for kind, rule in COMPONENTS.items():
        assert (kind, rule.who) in tally.admitted, f"{kind}: nobody was let in"
        assert (kind, rule.who) in tally.refused or rule.who is Who.ANYONE, kind
