"""The door every interaction passes first: slash commands through the
command tree's check, components through their own. Both ask the policy
(:mod:`bot.chat.access.policy`, the table of who may press what) and answer a refusal privately, so
a handler only ever runs for someone the table allows; what it allowed is left on the
interaction for the handler (:func:`bot.chat.access.policy.admission`). The gate also starts the
interaction's deadline (``bot.chat.deadline``) before the policy reads anything: whatever
the store, the handler or Discord keep it waiting on, it is deferred in time, in the shape
its entry declares.

The command tree is also where a command's failure is answered (its one guard; a
component's is its item's callback): handlers and cogs raise, ``bot.chat.answers`` says
what each error becomes."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands

from bot.chat.access.policy import (
    ADMITTED,
    COMPONENTS,
    Admission,
    Policy,
    Rule,
)
from bot.chat.answers import answer_failure, apology, tell
from bot.chat.deadline import watch
from bot.chat.delivery import DELIVERY_ERRORS

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


class Gate:
    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    async def command(self, interaction: Interaction) -> bool:
        """Whether a slash command may run (refused: already answered). Autocomplete is
        not guarded (it suggests only the caller's own moves and changes nothing), only
        kept in time."""
        if interaction.type is discord.InteractionType.autocomplete:
            watch(interaction, "private")
            return True
        deciding = self.policy.admit_command(interaction)
        return await self.admit(interaction, self.policy.command_rule(interaction), deciding)

    async def component(
        self, interaction: Interaction, kind: str, game_id: int | None, version: int | None
    ) -> bool:
        """Whether a component of ``kind`` (naming ``game_id`` at ``version``) may act."""
        deciding = self.policy.admit_component(interaction, kind, game_id, version)
        return await self.admit(interaction, COMPONENTS.get(kind), deciding)

    async def admit(
        self, interaction: Interaction, rule: Rule | None, deciding: Awaitable[Admission]
    ) -> bool:
        """The policy's decision: the admission left on the interaction, or the refusal
        answered. The deadline is watched first, in the shape of ``rule``'s answer (none:
        the refusal's, private)."""
        watch(interaction, "private" if rule is None else rule.shape)
        try:
            interaction.extras[ADMITTED] = await deciding
        except Exception as refusal:
            await answer_failure(interaction, refusal)
            return False
        return True


class GatedTree(app_commands.CommandTree[Any]):
    """The command tree whose every command passes the gate (wired at start-up)."""

    gate: Gate | None = None

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        if self.gate is None:
            raise RuntimeError("a command came before the client wired its gate")
        return await self.gate.command(interaction)

    async def on_error(
        self, interaction: Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        """A command that failed: what its handler raised is answered (``bot.chat.answers``);
        a failure of discord.py's own (a value it could not convert) is logged, and
        apologised for."""
        if isinstance(error, app_commands.CommandInvokeError):
            await answer_failure(interaction, error.original)
            return
        log.error("command failed", exc_info=error)
        try:
            await tell(interaction, apology())
        except DELIVERY_ERRORS:
            log.exception("could not even apologise for interaction %s", interaction.id)
