"""REST routes for interaction answers: the callback and the interaction webhook.

Discord's rules, as its "Receiving and Responding" page states them: one callback within
3 seconds of the event (a second one is "already acknowledged", a late one finds the
interaction unknown); the interaction's webhook (follow-ups, the original response) exists
only once the callback was made; after a DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE (5), whose
only valid flag is EPHEMERAL (IS_COMPONENTS_V2 is taken and ignored: the follow-up carries
it), the first follow-up edits the "thinking…" placeholder and keeps its visibility (a
follow-up after the placeholder was deleted is a message of its own); after a
DEFERRED_UPDATE_MESSAGE (6), the original response is the message the component is on, and
every follow-up a new message.
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from tests.bot.double.limits import choice_problems
from tests.bot.double.models import (
    COMPONENTS_V2,
    EPHEMERAL,
    LOADING,
    ApiError,
    InteractionResult,
    MessageRecord,
    invalid_form,
)
from tests.bot.double.rest_channels import check_message
from tests.bot.double.server import API, BODY, WORLD, Body, json_response
from tests.bot.double.world import World

routes = web.RouteTableDef()
COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4
MESSAGE, DEFERRED, DEFERRED_UPDATE, UPDATE, CHOICES, MODAL = 4, 5, 6, 7, 8, 9
ALLOWED = {
    COMMAND: {MESSAGE, DEFERRED, MODAL},
    COMPONENT: {MESSAGE, DEFERRED, DEFERRED_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE: {CHOICES},
}
COMMAND_MESSAGE_TYPE = 20


def _answerable(world: World, request: web.Request) -> InteractionResult:
    """The interaction being answered, if it may still be answered (once, within the deadline)."""
    result = world.interactions.get(int(request.match_info["interaction_id"]))
    if result is None or result.token != request.match_info["token"]:
        raise ApiError(404, 10062, "Unknown interaction")
    if result.response is not None:
        # No misuse when the bot never heard how its first callback went (a fault lost
        # the answer to a callback Discord carried out): asking again is how it learns.
        unheard = request.path.removeprefix(API) in world.unheard
        raise ApiError(
            400, 40060, "Interaction has already been acknowledged.", violation=not unheard
        )
    elapsed = asyncio.get_running_loop().time() - result.dispatched_at
    if elapsed > world.deadline:
        raise ApiError(
            404, 10062, f"Unknown interaction (answered after {elapsed:.2f} s > {world.deadline} s)"
        )
    world.latencies.append(elapsed)
    return result


def _callback_data(
    result: InteractionResult, payload: dict[str, Any], body: Body
) -> dict[str, Any]:
    """Validate the callback type and its data for this kind of interaction."""
    kind = payload.get("type")
    if kind not in ALLOWED.get(result.type, set()):
        raise invalid_form(
            [f"callback type {kind} is not valid for interaction type {result.type}"]
        )
    data = payload.get("data") or {}
    if kind == CHOICES:
        problems = choice_problems(data.get("choices") or [], "autocomplete")
        if problems:
            raise invalid_form(problems)
    elif kind in (MESSAGE, UPDATE):
        source = result.source if kind == UPDATE else None
        check_message(body, creating=kind == MESSAGE, data=data, current=source)
    elif kind == MODAL and not 1 <= len(str(data.get("custom_id", ""))) <= 100:
        raise invalid_form(["a modal needs a custom_id of 1-100 chars"])
    elif kind == DEFERRED and int(data.get("flags") or 0) & ~(EPHEMERAL | COMPONENTS_V2):
        # IS_COMPONENTS_V2 is taken and ignored: the follow-up sets it (Discord's
        # "Receiving and Responding" page; discord-api-docs#7560, #7910).
        raise invalid_form(["a deferred message's only valid flag is EPHEMERAL"])
    return dict(data)


def _apply_callback(
    world: World, result: InteractionResult, kind: int, data: dict[str, Any], body: Body
) -> None:
    """Create or update the message the callback produces."""
    message_type = COMMAND_MESSAGE_TYPE if result.type == COMMAND else 0
    if kind == MESSAGE:
        flags = int(data.get("flags") or 0) & (EPHEMERAL | COMPONENTS_V2)
        result.original = world.create_message(
            result.channel_id, data, body.files, flags=flags, interaction=result, kind=message_type
        )
    elif kind == DEFERRED:
        flags = (int(data.get("flags") or 0) & EPHEMERAL) | LOADING
        result.original = world.create_message(
            result.channel_id, {}, {}, flags=flags, interaction=result, kind=message_type
        )
    elif kind in (DEFERRED_UPDATE, UPDATE):
        result.original = result.source
        if kind == UPDATE and result.source is not None:
            world.edit_message(result.source, data, body.files)
    if kind != DEFERRED:
        result.finalised.set()


@routes.post("/api/v10/interactions/{interaction_id}/{token}/callback")
async def callback(request: web.Request) -> web.Response:
    """The first (and only) answer to an interaction."""
    world = request.app[WORLD]
    body: Body = request[BODY]
    result = _answerable(world, request)
    payload = body.json if isinstance(body.json, dict) else {}
    data = _callback_data(result, payload, body)
    kind = int(payload["type"])
    result.response = payload
    _apply_callback(world, result, kind, data, body)
    result.responded.set()
    world.notify()
    if "with_response" not in request.query:
        return web.Response(status=204)
    return json_response(_callback_response(world, result, kind))


def _callback_response(world: World, result: InteractionResult, kind: int) -> dict[str, Any]:
    """The InteractionCallbackResponse body answered when `with_response` is set."""
    interaction: dict[str, Any] = {"id": str(result.id), "type": result.type}
    resource: dict[str, Any] = {"type": kind}
    if result.original is not None:
        interaction.update(
            response_message_id=str(result.original.id),
            response_message_loading=bool(result.original.flags & LOADING),
            response_message_ephemeral=result.original.ephemeral,
        )
        if kind in (MESSAGE, DEFERRED, UPDATE):
            resource["message"] = world.message_json(result.original)
    return {"interaction": interaction, "resource": resource}


def _webhook(request: web.Request) -> tuple[World, InteractionResult]:
    """The interaction behind the webhook, which exists once its callback was made."""
    world = request.app[WORLD]
    result = world.by_token(int(request.match_info["webhook_id"]), request.match_info["token"])
    if result.response is None or result.response_type == CHOICES:
        raise ApiError(404, 10015, "Unknown Webhook (the interaction was not answered yet)")
    return world, result


def _placeholder(message: MessageRecord | None) -> bool:
    """Whether ``message`` is a "thinking…" placeholder nothing replaced or deleted yet."""
    return message is not None and bool(message.flags & LOADING) and not message.deleted


def _target(request: web.Request, result: InteractionResult) -> MessageRecord:
    """@original or one of the interaction's followups, if it still exists."""
    key = request.match_info["message_id"]
    candidates = [result.original] if key == "@original" else [result.original, *result.followups]
    for message in candidates:
        if (
            message is not None
            and not message.deleted
            and (key == "@original" or str(message.id) == key)
        ):
            return message
    raise ApiError(404, 10008, "Unknown Message")


@routes.post("/api/v10/webhooks/{webhook_id}/{token}")
async def followup(request: web.Request) -> web.Response:
    """A followup message; the first one after a deferral replaces the 'thinking' placeholder."""
    world, result = _webhook(request)
    payload = check_message(request[BODY], creating=True)
    files = request[BODY].files
    ephemeral = int(payload.get("flags") or 0) & EPHEMERAL
    v2 = int(payload.get("flags") or 0) & COMPONENTS_V2
    original = result.original
    if original is not None and _placeholder(original):
        if ephemeral != original.flags & EPHEMERAL:
            world.violate(
                f"followup of interaction {result.name!r} asked ephemeral={bool(ephemeral)} but "
                f"replaces the deferred answer, which stays ephemeral={original.ephemeral}"
            )
        world.edit_message(original, payload, files)
        message = original
        result.finalised.set()
    else:
        message = world.create_message(
            result.channel_id, payload, files, flags=ephemeral | v2, interaction=result
        )
        # Final already, unless this is the answer whose placeholder was deleted (to give
        # it another visibility): now it is.
        result.finalised.set()
    result.followups.append(message)
    world.notify()
    if request.query.get("wait") not in ("1", "true", "True"):
        return web.Response(status=204)
    return json_response(world.message_json(message))


@routes.get("/api/v10/webhooks/{webhook_id}/{token}/messages/{message_id}")
async def get_webhook_message(request: web.Request) -> web.Response:
    """interaction.original_response() and friends."""
    world, result = _webhook(request)
    return json_response(world.message_json(_target(request, result)))


@routes.patch("/api/v10/webhooks/{webhook_id}/{token}/messages/{message_id}")
async def edit_webhook_message(request: web.Request) -> web.Response:
    """edit_original_response / followup edits; editing a deferred placeholder finalises it."""
    world, result = _webhook(request)
    message = _target(request, result)
    payload = check_message(request[BODY], creating=False, current=message)
    world.edit_message(message, payload, request[BODY].files)
    if message is result.original:
        result.finalised.set()
    return json_response(world.message_json(message))


@routes.delete("/api/v10/webhooks/{webhook_id}/{token}/messages/{message_id}")
async def delete_webhook_message(request: web.Request) -> web.Response:
    """delete_original_response / followup deletion. A deleted placeholder is no answer:
    what follows it is."""
    world, result = _webhook(request)
    message = _target(request, result)
    placeholder = _placeholder(message)
    world.delete_message(message)
    if message is result.original and not placeholder:
        result.finalised.set()
    return web.Response(status=204)
