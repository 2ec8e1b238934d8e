"""Errors become answers here, and only here (docs/ARCHITECTURE.md §3).

Every interaction is guarded once: a slash command by the command tree's error handler
(``bot.chat.access.gate.GatedTree``), a component by the controls its item hands the click
to (``bot.chat.controls.Controls``), and a refusal of the gate by the gate itself; all three
answer through :func:`answer_failure`. Handlers raise, they never answer errors. A user's
mistake is answered privately with its own sentence; anything else is logged with its
traceback and answered with an apology that says truthfully whether the request was
recorded.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.chat import language
from bot.chat.delivery import DELIVERY_ERRORS
from bot.chat.views.messages import clip, not_your_turn, plain, unping
from bot.common.errors import UserError, words_of
from bot.store.errors import Conflict, StoreError
from bot.table.service import NotYourStep, NotYourTurn, changed_here
from engine import IllegalMove
from engine.text import tx

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

APOLOGY = tx("Sorry, something went wrong on my side. Nothing was changed; please try again.")
#: When the request had already changed the game: it stands, and must not be repeated.
APOLOGY_AFTER_CHANGE = tx(
    "Sorry, something went wrong on my side after your request was recorded: it stands, "
    "and the table will show it shortly."
)
MOVED_ON = tx("The game moved on at the same moment; look and try again.")
#: Private answers are a sentence or two; anything longer was echoing someone's input.
TELL_LIMIT = 300


def apology() -> str:
    """The answer to an unexpected failure, true to whether the request changed anything."""
    return APOLOGY_AFTER_CHANGE if changed_here() else APOLOGY


async def tell(interaction: Interaction, message: str) -> None:
    """An ephemeral answer, whether or not the interaction was already answered or
    deferred (``bot.chat.deadline``: after a public deferral, the public placeholder goes
    and the answer is private all the same): in the language of the person who acted (a
    :class:`~engine.text.Text` is said in it; a plain string is shown as it is), short,
    pinging nobody, mention syntax inert."""
    text = clip(unping(language.reader(interaction).say(message)), TELL_LIMIT)
    quiet = discord.AllowedMentions.none()
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=quiet)


def sentence_for(error: BaseException) -> str | None:
    """What a person is told about ``error``: its own sentence for a mistake they can fix
    (or a race they can retry), None for anything unexpected. A text still, to be said in
    their language."""
    if isinstance(error, NotYourTurn):
        return not_your_turn(error.names)
    if isinstance(error, NotYourStep):
        return tx("Only {name} can take that step back.", name=plain(error.name))
    if isinstance(error, UserError | IllegalMove):
        return words_of(error)
    if isinstance(error, Conflict):
        return MOVED_ON
    if isinstance(error, StoreError):
        return words_of(error)
    return None


async def answer_failure(interaction: Interaction, error: BaseException) -> None:
    """Answer the failure of ``interaction`` with ``error``: its sentence, privately, or
    (anything unexpected, logged with its traceback) the apology."""
    sentence = sentence_for(error)
    if sentence is None:
        log.error("interaction %s failed", interaction.id, exc_info=error)
    try:
        await tell(interaction, apology() if sentence is None else sentence)
    except DELIVERY_ERRORS:
        log.exception("could not even answer interaction %s", interaction.id)
