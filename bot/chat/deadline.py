"""Discord's 3-second deadline, kept by one mechanism for every command and component,
whatever the bot waits on (the store, the robots, the drawing workers, Discord itself).

The gate (``bot.chat.access.gate``) watches every interaction before the policy reads anything:
:func:`watch` puts an :class:`Answering` where discord.py keeps the interaction's response
and starts its one timer, due ``THINK_AFTER`` after handling began. If nothing answered the
interaction by then, the timer defers it in the shape its answer will take: the policy
declares one per entry (``bot.chat.access.policy.Rule.shape``), and a handler that knows better
while it works (a move whose answer turns out public, a page turned in place) says so with
:func:`expect`.

:class:`Answering` takes every answer through one lock with the timer, so the deferral and
the handler's own answer never both go out (discord.py notes a response only once its HTTP
call returned: a timer that read ``is_done()`` meanwhile would answer a second time). An
answer that comes after the deferral becomes what Discord expects then: a message replaces
the "thinking…" placeholder (an edit of the original response), or, when it is not of the
placeholder's visibility (a private refusal after a public deferral), the placeholder is
deleted and the message follows with its own; an update of the component's message edits
it through the original response. So handlers answer as if there were no timer:
``is_done()`` says whether the interaction has its answer, never whether it was deferred,
and a second answer is a follow-up. An autocomplete cannot be deferred: its timer answers
it with no choices, and the choices that come later are dropped.

A deferral can reach Discord and still fail for the bot: its answer lost on the way (a
timeout), or a 5xx that discord.py retries, to be told "already acknowledged" (40060).
That refusal proves the deferral is there, in the shape it was sent: the interaction is
taken as deferred. When the bot cannot know (a timeout, a connection lost), the answer
first tries to be the interaction's response, and Discord's 40060 sends it on as what
replaces the deferral: neither way loses it, whichever happened. The placeholder that
gives way to an answer of the other visibility is deleted; if that fails, it is edited
into a line saying the answer came privately (a follow-up would otherwise take its place,
and its visibility), and the answer follows all the same.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.chat.delivery import DELIVERY_ERRORS
from bot.chat.language import guild_locale
from engine.text import tx
from i18n import for_locale

if TYPE_CHECKING:  # discord.types imports itself in a cycle when imported first at run time
    from discord.types.interactions import InteractionCallback

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
Callback = discord.InteractionCallbackResponse[Any]

#: How an interaction is deferred: as an update of the message its component is on, or as
#: a "thinking…" placeholder of the answer to come, private or public.
Shape = Literal["update", "private", "public"]
#: Seconds from the start of handling after which an interaction still unanswered is
#: deferred: Discord's 3 seconds began earlier (the event's way here), and a loaded
#: machine needs some of the rest to get the deferral there.
THINK_AFTER = 1.5
#: Discord's deadline for an interaction's first response, in seconds.
DEADLINE = 3.0
#: Seconds the timer's deferral may take: by then Discord's deadline has passed (a
#: deferral not there yet cannot be in time), and waiting longer would only keep the
#: answer waiting behind it. What it did is found out by the answer (see the module).
DEFER_WAIT = DEADLINE - THINK_AFTER
#: Discord's error code for a second response to one interaction.
ACKNOWLEDGED = 40060
#: Discord's error code for an interaction it no longer knows (its token expired): no
#: response, deferral included, can reach it any more.
UNKNOWN_INTERACTION = 10062
#: What a public placeholder that could not be deleted says once the answer came privately.
ANSWERED_PRIVATELY = tx("🔒 Answered privately.")


class Answering(discord.InteractionResponse[Any]):
    """``interaction.response`` once the gate watches the deadline (see the module)."""

    __slots__ = (
        "_answered",
        "_deferred",
        "_deferring",
        "_lock",
        "_placeholder",
        "_sent",
        "_timer",
        "shape",
    )

    def __init__(self, parent: Interaction, shape: Shape) -> None:
        super().__init__(parent)
        #: The shape the timer defers in, should it fire (a handler may refine it).
        self.shape: Shape = shape
        #: The shape the timer deferred in, once it is known to have.
        self._deferred: Shape | None = None
        #: The shape of the deferral the timer sent, whether or not it is known to have
        #: got there (a "40060" to a later response says it did).
        self._sent: Shape | None = None
        self._answered = False
        #: Whether the deferral's "thinking…" placeholder still stands (nothing replaced it).
        self._placeholder = False
        self._lock = asyncio.Lock()
        loop = asyncio.get_running_loop()
        self._deferring: asyncio.Task[None] | None = None
        self._timer = loop.call_at(loop.time() + THINK_AFTER, self._due)

    def is_done(self) -> bool:
        """Whether the interaction has its answer (a deferral is not one)."""
        return self._answered

    def _due(self) -> None:
        if not self._answered:
            self._deferring = asyncio.get_running_loop().create_task(self._defer())

    async def _defer(self) -> None:
        """The timer's deferral, unless an answer went out first."""
        async with self._lock:
            if self._answered:
                return
            if self._parent.type is discord.InteractionType.autocomplete:
                await self._suggest([])
                return
            shape = self.shape
            if self._parent.type is not discord.InteractionType.component and shape == "update":
                shape = "private"  # a command has no message of its own to update
            self._sent = shape
            if shape == "update":
                deferring = super().defer()
            else:
                deferring = super().defer(ephemeral=shape == "private", thinking=True)
            try:
                await asyncio.wait_for(deferring, DEFER_WAIT)
            except (*DELIVERY_ERRORS, TimeoutError) as exc:
                # "Already acknowledged": discord.py's retry of a deferral that got there.
                # Anything else: maybe there, maybe not; the answer finds out.
                if not isinstance(exc, discord.HTTPException) or exc.code != ACKNOWLEDGED:
                    log.warning("deferring interaction %s failed: %r", self._parent.id, exc)
                    return
            self._took(shape)

    def _took(self, shape: Shape) -> None:
        """The interaction is deferred in ``shape``."""
        self._deferred = shape
        self._placeholder = shape != "update"

    def _fresh(self) -> bool:
        """Whether, as far as the bot knows, nothing answered or deferred the interaction."""
        return not self._answered and self._deferred is None

    def _acknowledged(self, error: discord.HTTPException) -> bool:
        """Whether ``error``, refusing a response, says that the timer's deferral got there
        after all (its call failed: see the module): the interaction is then deferred in
        the shape it was sent in. An interaction Discord no longer knows gets no deferral
        either: the timer stands down (the handler says what it does instead)."""
        if error.code == UNKNOWN_INTERACTION:
            self._timer.cancel()
        if error.code != ACKNOWLEDGED or self._sent is None or self._answered:
            return False
        log.info("interaction %s: its deferral got there after all", self._parent.id)
        self._took(self._sent)
        return True

    def _given(self) -> None:
        """The interaction has its answer: the timer has nothing left to do, and no
        placeholder stands (it was replaced, or cleared)."""
        self._answered = True
        self._placeholder = False
        self._timer.cancel()

    async def _clear(self) -> None:
        """The placeholder goes, if one stands (what follows is a message of its own). If
        it cannot be deleted, it says the answer came privately: a follow-up sent while it
        stands would replace it, public, in its place."""
        if not self._placeholder:
            return
        parent = self._parent
        try:
            await parent.delete_original_response()
        except discord.NotFound:
            pass  # gone already
        except DELIVERY_ERRORS as exc:
            log.warning("deleting the placeholder of interaction %s failed: %s", parent.id, exc)
            said = for_locale(guild_locale(parent)).say(ANSWERED_PRIVATELY)
            await parent.edit_original_response(content=said)
        self._placeholder = False

    async def send_message(
        self, content: Any = None, *, ephemeral: bool = False, **fields: Any
    ) -> Callback:
        """A message as the answer: the interaction's response, or what replaces its
        deferral, or (answered already) a follow-up."""
        if content is not None:
            fields["content"] = content
        async with self._lock:
            if self._fresh():
                try:
                    sent = await super().send_message(ephemeral=ephemeral, **fields)
                except discord.HTTPException as exc:
                    if not self._acknowledged(exc):
                        raise
                else:
                    self._given()
                    return sent
            parent = self._parent
            if self._placeholder and (self._deferred == "private") == ephemeral:
                message: discord.Message = await parent.edit_original_response(**edited(fields))
            else:
                await self._clear()  # a placeholder of the other visibility goes first
                message = await parent.followup.send(wait=True, ephemeral=ephemeral, **fields)
            self._given()
            return made(parent, message)

    async def autocomplete(self, choices: Sequence[app_commands.Choice[Any]]) -> None:
        """Choices while someone types, unless the deadline already answered with none."""
        async with self._lock:
            if not self._answered:
                await self._suggest(choices)

    async def _suggest(self, choices: Sequence[app_commands.Choice[Any]]) -> None:
        try:
            await super().autocomplete(choices)
        except DELIVERY_ERRORS as exc:
            log.warning("suggesting to interaction %s failed: %s", self._parent.id, exc)
            return
        self._given()

    async def edit_message(self, **fields: Any) -> Callback | None:
        """An update of the component's message as the answer (after a deferral: through
        the original response, the "thinking…" placeholder where the timer left one)."""
        async with self._lock:
            if self._fresh():
                try:
                    edited = await super().edit_message(**fields)
                except discord.HTTPException as exc:
                    if not self._acknowledged(exc):
                        raise
                else:
                    if edited is not None:
                        self._given()
                    return edited
            await self._parent.edit_original_response(**fields)
            self._given()
            return None

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> Callback | None:
        """A component's silent answer (the message it is on shows the outcome): the
        update it was deferred as, if it was; a placeholder it left goes. Deferring to
        answer later is the timer's alone."""
        if thinking or self._parent.type is not discord.InteractionType.component:
            raise RuntimeError("only the deadline's timer defers an answer to come")
        async with self._lock:
            if self._answered:
                raise discord.InteractionResponded(self._parent)
            sent = None
            if self._deferred is None:
                try:
                    sent = await super().defer()
                except discord.HTTPException as exc:
                    if not self._acknowledged(exc):
                        raise
            await self._clear()
            self._given()
            return sent


def edited(fields: dict[str, Any]) -> dict[str, Any]:
    """A message's fields as an edit of the original response takes them: its files as
    attachments, its visibility kept as the deferral fixed it."""
    kept = dict(fields)
    files = [*kept.pop("files", ()), *([kept.pop("file")] if "file" in kept else [])]
    if files:
        kept["attachments"] = files
    return kept


def made(parent: Interaction, message: discord.Message) -> Callback:
    """What discord.py returns for a message sent as the response: here for the message
    that replaced the deferral or followed it (its id is what callers read)."""
    data: InteractionCallback = {
        "interaction": {
            "id": str(parent.id),
            "type": parent.type.value,
            "response_message_id": str(message.id),
            "response_message_ephemeral": message.flags.ephemeral,
        }
    }
    return discord.InteractionCallbackResponse(
        data=data,
        parent=parent,
        state=parent._state,
        type=discord.InteractionResponseType.channel_message,
    )


def watch(interaction: Interaction, shape: Shape) -> Answering:
    """From now on ``interaction`` is answered in time: deferred in ``shape`` (unless a
    handler refines it) if it is still unanswered ``THINK_AFTER`` from now; an autocomplete
    answered with no choices. Once only: an interaction already watched keeps its timer."""
    response = interaction.response
    if isinstance(response, Answering):
        return response
    answering = Answering(interaction, shape)
    # discord.py caches the response in this slot (``Interaction.response``).
    interaction._cs_response = answering  # type: ignore[attr-defined]
    return answering


def expect(interaction: Interaction | None, shape: Shape) -> None:
    """A handler that knows better: the answer will take ``shape`` (should the timer
    still have to defer it)."""
    response = None if interaction is None else interaction.response
    if isinstance(response, Answering):
        response.shape = shape
