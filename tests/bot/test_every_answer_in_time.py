"""Every answer in time, whatever waits.

Every registered command (walked from the bot's command tree, with valid options) and
every kind of component (``bot.chat.access.policy.COMPONENTS``, each used where and by whom its
rule admits, as ``tests/bot/test_policy.py`` builds them) is fired at once against a store
whose calls stall 5 s, with every autocomplete: each gets its first response within
Discord's 3 seconds (the double's clock decides) and then its answer; no "thinking…" is
left behind. Then against a store that stalls and fails: the answer says the store
failed, privately, and nothing the failed requests took is spent (the same person asking
again right after is served). And the deadline's timer never answers a second time: an
answer on its way when the timer fires is the only one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.chat.access.policy import COMPONENTS, Rule, When
from bot.chat.deadline import Answering
from bot.cogs.roster import COMMANDS
from bot.store.sqlite import BUSY
from engine import GAMES
from tests.bot.double import InteractionResult
from tests.bot.double.models import LOADING
from tests.bot.harness import Harness
from tests.bot.stalls import Stall
from tests.bot.test_answers_in_time import answered_in_time
from tests.bot.test_hostile import leaf_commands
from tests.bot.test_policy import Arena, Scene, build_arena, build_scene, home, sample

#: How long the store stalls: longer than Discord's deadline, with room to spare.
STALL = 5.0

Press = Callable[[], Awaitable[InteractionResult]]
#: Where a rule holds without reading the store.
OPEN = (When.ANYWHERE, When.SERVER)


def rules() -> dict[str, Rule]:
    """Every entry of the policy, named as the presses are."""
    return {f"/{name}": rule for name, rule in COMMANDS.items()} | dict(COMPONENTS)


def admitted(a: Arena, rule: Rule) -> tuple[int, int]:
    """Someone ``rule`` admits, and a channel where it holds."""
    return next(
        (user, place.channel)
        for place in (a.deep, a.lobby, a.empty, *a.tables.values())
        if place is not None and place.holds(rule)
        for user, whos in place.actors.values()
        if rule.who in whos
    )


def test_a_command_is_deferred_as_an_answer_to_come() -> None:
    """A command has no message of its own to update: every command's entry declares a
    private or public answer to come; only components may be deferred as an update."""
    assert {rule.shape for rule in COMMANDS.values()} == {"private", "public"}
    assert "update" in {rule.shape for rule in COMPONENTS.values()}


def commands(a: Arena) -> dict[str, Press]:
    """Every registered command, by someone its rule admits, where it holds."""
    d = a.h.double
    presses: dict[str, Press] = {}
    registered = dict(leaf_commands(d))
    assert set(registered) == set(COMMANDS)
    for name, options in registered.items():
        user, channel = admitted(a, COMMANDS[name])
        values = {o["name"]: sample(d, o) for o in options if o.get("required")}

        def press(
            user: int = user, channel: int = channel, name: str = name, values: Any = values
        ) -> Awaitable[InteractionResult]:
            return d.slash(user, channel, name, **values)

        presses[f"/{name}"] = press
    return presses


def completions(a: Arena) -> list[Awaitable[list[dict[str, Any]]]]:
    """Every option that autocompletes, being typed by someone the command admits."""
    d = a.h.double
    typing: list[Awaitable[list[dict[str, Any]]]] = []
    for name, options in leaf_commands(d):
        user, channel = admitted(a, COMMANDS[name])
        for option in options:
            if option.get("autocomplete"):
                typed = {option["name"]: ""}
                typing.append(d.autocomplete(user, channel, name, typed, focused=option["name"]))
    return typing


def components(a: Arena, s: Scene) -> dict[str, Press]:
    """Every kind of component, used where it lives by someone its rule admits."""
    d = a.h.double
    presses: dict[str, Press] = {}
    for kind, rule in COMPONENTS.items():
        place, _ = home(a, s, kind, d.ids["alice"])
        user = next(user for user, whos in place.actors.values() if rule.who in whos)
        _, target = home(a, s, kind, user)

        def press(user: int = user, target: Any = target) -> Awaitable[InteractionResult]:
            return d.forge_click(user, target.message, target.custom_id, target.values)

        presses[kind] = press
    return presses


async def fire(presses: dict[str, Press]) -> dict[str, InteractionResult]:
    """Every press at once; each result once its answer is final (or given up on)."""
    results = await asyncio.gather(*(press() for press in presses.values()))
    return dict(zip(presses, results, strict=True))


def check_in_time(results: dict[str, InteractionResult]) -> None:
    """Each answered within the deadline, each answer final, no placeholder left."""
    late = [what for what, r in results.items() if not answered_in_time(r)]
    assert late == [], f"no first response within 3 s: {late}"
    waiting = [what for what, r in results.items() if not r.finalised.is_set()]
    assert waiting == [], f"deferred and never answered: {waiting}"
    thinking = [
        what for what, r in results.items() if r.answer is not None and r.answer.flags & LOADING
    ]
    assert thinking == [], f"a 'thinking…' placeholder left: {thinking}"


async def test_every_command_and_component_is_answered_in_time_behind_a_stalled_store(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = await build_arena(harness)
    scene = await build_scene(a)
    presses = commands(a) | components(a, scene)
    typing = completions(a)
    assert len(typing) >= len(GAMES), "every game's commands autocomplete"
    stall = Stall(harness, monkeypatch)
    stall.begin(STALL)
    results, _ = await asyncio.gather(fire(presses), asyncio.gather(*typing))
    check_in_time(results)
    # Those about a game waited on the store past the deadline: the timer deferred them.
    about_a_game = [what for what, rule in rules().items() if rule.when not in OPEN]
    prompt = [what for what in about_a_game if results[what].response_type not in (5, 6)]
    assert prompt == [], f"answered before the store did: {prompt}"
    assert harness.double.violations == []


#: What a request served looks like, for the costly ones asked again after a failure.
SERVED: dict[str, Callable[[InteractionResult], bool]] = {
    "/game replay": lambda r: not r.ephemeral and r.content.startswith("🎞️"),
    "/profile": lambda r: not r.ephemeral and [n for n, _ in r.attachments] == ["profile.png"],
    "/leaderboard": lambda r: not r.ephemeral and bool(r.embeds),
    "review": lambda r: r.ephemeral and r.content.startswith("🔎"),
}


async def test_a_store_that_stalls_then_fails_is_said_so_and_spends_nothing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = await build_arena(harness)
    scene = await build_scene(a)
    presses = commands(a) | components(a, scene)
    stall = Stall(harness, monkeypatch)
    stall.begin(STALL, failing=True)
    results = await fire(presses)
    check_in_time(results)
    busy = harness.double.world.messages.values()
    shown = [m for m in busy if BUSY in m.text and not m.ephemeral and not m.deleted]
    assert shown == [], "a refusal is private, even after a public deferral"
    for what in (*SERVED, "replay"):
        told = results[what]
        assert told.ephemeral and told.content == BUSY, f"{what}: {told.content!r}"
    # Asked again at once, by the same people (the replay once: the button and the
    # command share a person's and a server's cooldowns), with the store well again.
    again = await fire({what: presses[what] for what in SERVED})
    check_in_time(again)
    refused = [what for what, r in again.items() if not SERVED[what](r)]
    assert refused == [], {what: again[what].content for what in refused}
    assert harness.double.violations == []


async def test_an_answer_on_its_way_when_the_timer_fires_is_the_only_one(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Race-free: /rules answers at once, but Discord holds its answer on the way until
    the deadline's timer has fired; the timer waits for the answer, finds it given, and
    sends nothing (discord.py notes a response only once its request returned: a timer
    reading that meanwhile would defer a second time)."""
    d = harness.double
    monkeypatch.setattr("bot.chat.deadline.THINK_AFTER", 0.2)
    fired = asyncio.Event()
    defer = Answering._defer

    async def noted(self: Answering) -> None:
        fired.set()
        await defer(self)

    monkeypatch.setattr(Answering, "_defer", noted)
    held = d.faults.hold("/callback", method="POST")
    asking = asyncio.create_task(
        d.slash(d.ids["alice"], d.ids["channel"], "rules", game="troolpark")
    )
    while held.hits == 0:  # the answer is on its way (a hold wakes no waiter)
        await asyncio.sleep(0.01)
    await asyncio.wait_for(fired.wait(), 10)
    held.release()
    rules = await asking
    callbacks = [r for r in d.requests if r[1].startswith(f"/interactions/{rules.id}/")]
    assert len(callbacks) == 1 and rules.response_type == 4 and rules.ephemeral
    assert answered_in_time(rules) and "Trool Park" in rules.text
    assert d.violations == []
