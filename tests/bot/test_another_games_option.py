"""``/game new <game>`` refuses, clearly and privately, an option of another game.

Each game's ``/game new`` subcommand declares only that game's options, and discord.py
drops any option a subcommand does not declare before the handler sees it. A client with
a tampered copy of the command (Discord's own checks skipped) may still send another
game's option; when the options were one shared namespace, the handler refused such an
option ("Imagineers has no option `length`") and opened nothing. It must still do so,
rather than silently open a lobby without the option that was asked for.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.bot.harness import Harness


def subcommand(commands: list[dict[str, Any]], *path: str) -> dict[str, Any]:
    """The synced definition at ``path`` ("game", "new", "imagineers")."""
    options = commands
    found: dict[str, Any] = {}
    for name in path:
        found = next(o for o in options if o["name"] == name)
        options = found.get("options") or []
    return found


async def test_another_games_option_is_refused_not_dropped(harness: Harness) -> None:
    d = harness.double
    scope = next(s for s, commands in d.world.commands.items() if commands)
    synced = d.world.commands[scope]
    tampered = copy.deepcopy(synced)
    length = next(
        o
        for o in subcommand(tampered, "game", "new", "disneyland")["options"]
        if o["name"] == "length"
    )
    subcommand(tampered, "game", "new", "imagineers")["options"].append(length)
    before = await harness.dump()
    d.world.commands[scope] = tampered
    try:
        result = await d.forge(
            d.ids["alice"], d.ids["thread"], "game new imagineers", {"length": "rounds-10"}
        )
    finally:
        d.world.commands[scope] = synced
    assert result.response is not None, "answered within the deadline"
    assert result.ephemeral, result.content
    assert "length" in result.content, result.content
    assert not result.content.startswith("Sorry"), result.content
    await harness.settle()
    assert await harness.dump() == before, "no lobby opened"
