"""Consent: a person is in a rated game only if they said yes to that
table as it was when it started.

Random sequences of lobby actions by five people (open a lobby, look at its card, join by
the card last seen or by command, leave, change an option, the rating, the pace or the
language as its host or as a moderator, add a robot by button or by command, agree, Start
by button or by command, a game's end, Rematch) run against the real game service on a
real SQLite file. A person acts from whatever card they last looked at, however old:
stale presses come for free.

The test keeps its own account, independent of how the service counts terms: when each
lobby last changed (its options, rating, pace, language or robots differ before and after
an action, whoever made it) and when each person last said yes to it (an accepted join,
agree, Rematch, own change, robot added or Start, made from a card seen at or after that
change). A command is typed whenever, from whatever its typist last saw: it is known to
have seen only the table as it opened, so a typed join is a yes only while the table is
still that one, and a typed Start is nobody's yes; a Rematch promises the table it opens
with. Then:

- in every game that starts rated, each person seated said yes after its last change;
- a Start refused for want of consent names only people who did not, so a Start from a
  current card while everyone did is never refused (the rule does not just refuse);
- whom the service counts as agreed is, after every action, whom the account does.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.common.errors import UserError
from bot.store import ChannelBusy, GameRow, Seat
from bot.store.sqlite import SqliteStore
from bot.table.service import NotAgreed, StaleTerms, Tables
from engine import get_game
from tests.bot.harness import FakeClock, write_game

SLUG = "disneyland"
#: Five people; the last one also has Manage Channels (a moderator may run any lobby).
USERS = ("101", "102", "103", "104", "900")
MODERATOR = USERS[-1]
#: What a lobby's menus change: the game's options, then the table's own.
MENUS: tuple[tuple[str, tuple[Any, ...]], ...] = (
    *((spec.name, tuple(spec.choices)) for spec in get_game(SLUG).options),
    ("rated", (True, False)),
    ("pace", ("live", "async")),
    ("language", ("en", "fr")),
)
TABLE_MENUS = ("rated", "pace", "language")
#: What the sequences must have made happen, all of it.
EVENTS = {
    "rated start",
    "start refused: not agreed",
    "start refused: stale card",
    "join refused: stale card",
    "agree refused: stale card",
    "rematch opened",
    "rematch seat",
    "rematch seat, table changed",
    "command join: seated waiting",
    "command start refused: its starter waits",
    "robot added: yes asked again",
}
#: (what, who: an index into USERS, a number the action reads its choice from).
Action = tuple[str, int, int]


def terms_of(row: GameRow | None) -> tuple[Any, ...] | None:
    """What a person says yes to: an open lobby's options, rating, pace, language and
    robots (fixed rating marks: they change the table's size and stakes)."""
    if row is None or row.status != "lobby":
        return None
    robots = [(s.id, s.level) for s in row.seats if s.robot]
    return (sorted(row.options.items()), row.rated, row.pace, row.language, robots)


@dataclass
class Card:
    """A lobby card as someone last saw it: its game, when, and the terms it carries (the
    number its buttons send back; the account never reads it)."""

    game_id: int
    step: int
    terms: int


@dataclass
class Account:
    """The test's own account of one channel: changes, yeses, cards seen."""

    store: SqliteStore
    tables: Tables
    channel: int
    step: int = 0
    finished: int | None = None
    changed: dict[int, int] = field(default_factory=dict)
    opened: dict[int, int] = field(default_factory=dict)
    said_yes: dict[tuple[int, str], int] = field(default_factory=dict)
    seen: dict[str, Card] = field(default_factory=dict)
    #: What happened, so the test knows it reached every side of the rule.
    events: Counter[str] = field(default_factory=Counter)

    def look(self, user: str, row: GameRow | None) -> None:
        if row is not None and row.status == "lobby":
            self.seen[user] = Card(row.id, self.step, row.terms)

    def card(self, user: str, lobby: GameRow) -> Card:
        """The card of this lobby ``user`` last saw (one who saw none looks at it now)."""
        card = self.seen.get(user)
        if card is None or card.game_id != lobby.id:
            self.look(user, lobby)
        return self.seen[user]

    def current(self, card: Card | None) -> bool:
        """Whether a card shows its lobby as it is: seen at or after its last change."""
        return card is not None and card.step >= self.changed[card.game_id]

    def unchanged(self, lobby: int) -> bool:
        """Whether the lobby is still the table it opened as."""
        return self.changed[lobby] == self.opened[lobby]

    def agrees(self, lobby: int, user: str) -> bool:
        said = self.said_yes.get((lobby, user))
        return said is not None and said >= self.changed[lobby]

    def yes(self, lobby: int, user: str) -> None:
        self.said_yes[(lobby, user)] = self.step

    def opens(self, row: GameRow, user: str) -> None:
        self.changed[row.id] = self.opened[row.id] = self.step
        self.yes(row.id, user)
        self.look(user, row)


def seat(user: str) -> Seat:
    return Seat(id=user, name=f"player {user}")


async def new(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    if lobby is not None:
        return  # the channel is busy (the store refuses a second open game)
    row = await a.tables.open_lobby(
        guild_id=1,
        channel_id=a.channel,
        slug=SLUG,
        host=seat(user),
        options={},
        rated=choice % 4 != 0,
    )
    a.opens(row, user)


async def look(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    a.look(user, lobby)


async def join_button(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    if lobby is None or lobby.status != "lobby":
        return
    card = a.card(user, lobby)
    try:
        await a.tables.join(lobby, seat(user), card.terms)
    except StaleTerms:
        assert not a.current(card), "a card seen after the last change is current"
        a.events["join refused: stale card"] += 1
        raise
    if a.current(card):
        a.yes(lobby.id, user)
    a.look(user, await a.store.get(lobby.id))  # the answer is the card, edited


async def join_command(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    if lobby is None or lobby.status != "lobby":
        return
    await a.tables.join(lobby, seat(user))
    if a.unchanged(lobby.id):
        a.yes(lobby.id, user)
    else:
        a.events["command join: seated waiting"] += 1
    a.look(user, await a.store.get(lobby.id))  # its answer shows the card


async def leave(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    if lobby is None or lobby.status != "lobby":
        return
    await a.tables.leave_lobby(lobby, user)
    a.said_yes.pop((lobby.id, user), None)


async def agree(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    if lobby is None or lobby.status != "lobby":
        return
    card = a.card(user, lobby)
    try:
        await a.tables.agree(lobby, user, card.terms)
    except StaleTerms:
        assert not a.current(card), "a card seen after the last change is current"
        a.events["agree refused: stale card"] += 1
        raise
    if a.current(card):
        a.yes(lobby.id, user)
    a.look(user, await a.store.get(lobby.id))


def runner(lobby: GameRow, user: str) -> str:
    """Who makes a host's choice: the moderator when they act, else the lobby's host."""
    return MODERATOR if user == MODERATOR else lobby.host_id


async def pick(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    """A pick in a menu of the card its maker last saw (none seen: a card from before)."""
    if lobby is None or lobby.status != "lobby":
        return
    actor = runner(lobby, user)
    card = a.card(actor, lobby)
    current = a.current(card)
    name, values = MENUS[choice % len(MENUS)]
    value = values[(choice // len(MENUS)) % len(values)]
    table = {name: value} if name in TABLE_MENUS else {}
    options = {} if table else {name: value}
    await a.tables.set_options(lobby, options, **table, by=actor, terms=card.terms)
    if current and lobby.seat(actor) is not None:
        a.yes(lobby.id, actor)
    a.look(actor, await a.store.get(lobby.id))


async def start(a: Account, lobby: GameRow | None, user: str, by_button: bool) -> None:
    if lobby is None or lobby.status != "lobby":
        return
    actor = runner(lobby, user)
    card = a.card(actor, lobby) if by_button else None
    counts = by_button and a.current(card)
    lacking = {
        s.id
        for s in lobby.seats
        if not s.robot and not a.agrees(lobby.id, s.id) and not (counts and s.id == actor)
    }
    terms = card.terms if by_button and card is not None else None
    try:
        result = await a.tables.start(lobby, starter=actor, terms=terms)
    except NotAgreed as refused:
        a.events["start refused: not agreed"] += 1
        named = {s.id for s in lobby.seats if s.name in refused.names}
        assert lacking and named == lacking, (refused.names, lacking)
        if not by_button and actor in named:
            a.events["command start refused: its starter waits"] += 1
        return
    except StaleTerms:
        assert by_button and not a.current(card), "a card seen after the last change is current"
        a.events["start refused: stale card"] += 1
        raise
    started = result.row
    if counts and started.seat(actor) is not None:
        a.yes(lobby.id, actor)
    people = [s.id for s in started.seats if not s.robot]
    if started.rated:
        a.events["rated start"] += 1
        for person in people:
            said, last = a.said_yes.get((lobby.id, person)), a.changed[lobby.id]
            assert said is not None and said >= last, (person, said, last, a.step)
    else:
        assert not (lobby.rated and len(people) >= 2), "a rated lobby of people starts rated"


async def addbot(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    """Add robot, by the card its maker last saw (even ``choice``) or by command."""
    if lobby is None or lobby.status != "lobby":
        return
    actor = runner(lobby, user)
    card = a.card(actor, lobby) if choice % 2 == 0 else None
    before = {s.id for s in lobby.seats if not s.robot and a.agrees(lobby.id, s.id)}
    level = ("easy", "normal", "hard")[(choice // 2) % 3]
    terms = card.terms if card is not None else None
    await a.tables.add_ai(lobby, level, by=actor, terms=terms)
    if card is not None and a.current(card) and lobby.seat(actor) is not None:
        a.yes(lobby.id, actor)
    if before - {actor}:
        a.events["robot added: yes asked again"] += 1
    if card is not None:
        a.look(actor, await a.store.get(lobby.id))


async def start_button(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    await start(a, lobby, user, by_button=True)


async def start_command(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    await start(a, lobby, user, by_button=False)


async def finish(a: Account, game: GameRow | None, user: str, choice: int) -> None:
    """The game under way ends (staged here: how it ends is no matter to consent)."""
    if game is not None and game.status == "active":
        await write_game(a.store, game.id, status="finished", finished_at=1.0)
        a.finished = game.id


async def rematch(a: Account, lobby: GameRow | None, user: str, choice: int) -> None:
    """Rematch under the last finished game's final card, pressed by one of its people."""
    if a.finished is None:
        return
    old = await a.store.get(a.finished)
    assert old is not None
    if old.seat(user) is None:
        return  # the policy lets only its players press it
    done = await a.tables.rematch(old, seat(user))
    if done.opened:
        a.events["rematch opened"] += 1
        a.opens(done.row, user)
    elif a.changed[done.row.id] == a.opened[done.row.id]:
        a.events["rematch seat"] += 1
        a.yes(done.row.id, user)  # the table the button offered, unchanged since
    else:
        a.events["rematch seat, table changed"] += 1


ACTS: dict[str, Callable[[Account, GameRow | None, str, int], Awaitable[None]]] = {
    "new": new,
    "look": look,
    "join_button": join_button,
    "join_command": join_command,
    "leave": leave,
    "pick": pick,
    "addbot": addbot,
    "agree": agree,
    "start_button": start_button,
    "start_command": start_command,
    "finish": finish,
    "rematch": rematch,
}
#: How often each action comes (a Start needs people seated, and agreeing, first).
WEIGHTS = {
    "join_button": 3,
    "agree": 3,
    "pick": 3,
    "start_button": 3,
    "start_command": 2,
    "finish": 2,
    "rematch": 4,
    "look": 2,
}
#: Actions in a sequence (a lobby, a game or two, rematches).
LENGTH = 40


def actions(seed: int) -> list[Action]:
    """A sequence of actions, the same for the same seed: a lobby opened, then the rest."""
    rng = random.Random(seed)
    kinds = sorted(ACTS)
    weights = [WEIGHTS.get(what, 1) for what in kinds]
    return [
        ("new", 0, 0),
        *(
            (rng.choices(kinds, weights)[0], rng.randrange(len(USERS)), rng.randrange(64))
            for _ in range(LENGTH)
        ),
    ]


async def play(a: Account, actions: list[Action]) -> None:
    for what, who, choice in actions:
        a.step += 1
        before = await a.store.open_game_in(a.channel)
        # A refusal is the service's answer: it changes nothing of consent.
        with contextlib.suppress(UserError, ChannelBusy):
            await ACTS[what](a, before, USERS[who], choice)
        if before is None or before.status != "lobby":
            continue
        after = await a.store.get(before.id)
        if terms_of(after) is not None and terms_of(after) != terms_of(before):
            a.changed[before.id] = a.step
        if after is not None and after.status == "lobby":
            theirs = {s.id for s in after.seats if not s.robot and s.agreed == after.terms}
            ours = {s.id for s in after.seats if not s.robot and a.agrees(after.id, s.id)}
            assert theirs == ours, (what, USERS[who], theirs, ours)


def test_nobody_is_in_a_rated_game_they_did_not_agree_to(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    store = loop.run_until_complete(SqliteStore.open(tmp_path / "consent.sqlite3"))
    channels: Iterator[int] = itertools.count(1000)
    totals: Counter[str] = Counter()

    @settings(
        max_examples=60,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(seed=st.integers(0, 2**32 - 1))
    def sequences(seed: int) -> None:
        account = Account(store, Tables(store, clock=FakeClock()), next(channels))
        loop.run_until_complete(play(account, actions(seed)))
        totals.update(account.events)

    try:
        sequences()
    finally:
        loop.run_until_complete(store.close())
        loop.close()
    # The sequences reached every side of the rule, or they tested less than they say.
    assert set(totals) == EVENTS, totals
