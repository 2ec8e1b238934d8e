"""The aiohttp application: API prefix, auth, rate-limit headers, injected failures, errors.

Route handlers live in rest_*.py and gateway.py; this module wires them together and does
what every Discord response has in common.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import hdrs, web

from tests.bot.double import payloads
from tests.bot.double.buckets import Pass, RateLimits
from tests.bot.double.faults import FAULTS, Faults, strike
from tests.bot.double.models import ApiError
from tests.bot.double.multipart import MalformedForm, form_fields
from tests.bot.double.openapi import spec
from tests.bot.double.world import Files, World

API = "/api/v10"
UNAUTHENTICATED = ("/interactions/", "/webhooks/")
#: How a violation of Discord's published schema starts (see `schema_refusal`).
SCHEMA_VIOLATION = "schema:"
#: A form's file field: ``files[n]``.
FILE_FIELD = re.compile(r"files\[\d+\]")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class Body:
    """A request body: the JSON payload (plain or payload_json) and files by index."""

    json: Any = None
    files: Files = field(default_factory=dict)
    form: bool = False
    """Sent as multipart/form-data."""


BODY = web.RequestKey("body", Body)


async def read_body(request: web.Request) -> Body:
    """Parse a JSON or multipart (payload_json + files[n]) body (a malformed form: 400)."""
    raw = await request.read()
    content_type = request.headers.get(hdrs.CONTENT_TYPE, "")
    if not content_type.lower().startswith("multipart/"):
        return Body(json.loads(raw) if raw else None)
    body = Body(form=True)
    try:
        fields = form_fields(content_type, raw)
    except MalformedForm as exc:
        raise web.HTTPBadRequest(text=str(exc)) from None
    for name, (filename, value) in fields.items():
        if name == "payload_json":
            body.json = json.loads(value)
        elif filename is not None and FILE_FIELD.fullmatch(name):
            body.files[int(name[6:-1])] = (filename, value)
    return body


WORLD = web.AppKey("world", World)
LIMITS = web.AppKey("limits", RateLimits)


def error_response(error: ApiError) -> web.Response:
    """The JSON error answer; discord.py only retries a 429 that carries a Via header."""
    headers: dict[str, str] = {}
    if error.retry_after is not None:
        headers = {"Via": "1.1 google", "Retry-After": f"{error.retry_after:.3f}"}
        headers["X-RateLimit-Scope"] = "global" if error.is_global else "user"
        if error.is_global:
            headers["X-RateLimit-Global"] = "true"
    return json_response(error.body(), status=error.status, headers=headers)


def _template(request: web.Request) -> str:
    """The matched route's template after the API prefix ("/channels/{channel_id}/messages")."""
    resource = request.match_info.route.resource
    return resource.canonical[len(API) :] if resource is not None else ""


@web.middleware
async def discord_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Log, authenticate, inject faults, count rate limits and format errors."""
    world = request.app[WORLD]
    if not request.path.startswith(API):
        return await handler(request)
    path = request.path[len(API) :]
    body = await read_body(request)
    request[BODY] = body
    world.requests.append((request.method, path, body.json))
    if request.match_info.http_exception is None and world.checks_schema:
        refusal = schema_refusal(request, path, body)
        if refusal is not None:
            return refusal
    fault = request.app[FAULTS].take(request.method, path)
    allowed: Pass | None = None  # its rate-limit headers go with errors too, as Discord's
    try:
        if fault is not None:
            world.faulted.append(path)
            if not fault.after:
                await strike(fault, path)
        if not path.startswith(UNAUTHENTICATED) and request.headers.get("Authorization") != (
            f"Bot {world.token}"
        ):
            raise ApiError(401, 0, "401: Unauthorized")
        if request.match_info.http_exception is not None:
            raise ApiError(404, 0, "404: Not Found (unknown route)")
        allowed = request.app[LIMITS].take(
            request.method, _template(request), request.match_info, path
        )
        response = await handler(request)
        if fault is not None and fault.after:
            world.unheard.append(path)  # carried out: only its answer is lost or late
            await strike(fault, path)
        response.headers.update(allowed.headers())
        return response
    except ApiError as error:
        if fault is not None:
            error.violation = False  # a late answer after an injected hang is not the bot's
        if error.violation:
            world.violate(
                f"{request.method} {path}: {error.status} {error.message} {error.errors or ''}"
            )
        refused = error_response(error)
        if allowed is not None:
            refused.headers.update(allowed.headers())
        return refused


def schema_refusal(request: web.Request, path: str, body: Body) -> web.Response | None:
    """Discord's 400 for a request its published schema refuses, recorded as a violation
    that names the operation, each JSON path and the rule broken (the bot's error handling
    may swallow the 400; the test still fails on the violation)."""
    files = [f"files[{index}]" for index in body.files]
    refusal = spec().check(request.method, path, request.query, body.json, files, form=body.form)
    if refusal is None:
        return None
    where = refusal.operation or "no operation of the spec"
    request.app[WORLD].violate(
        f"{SCHEMA_VIOLATION} {request.method} {path} breaks {where}: " + "; ".join(refusal.lines())
    )
    error = ApiError(400, 50035, "Invalid Form Body", errors=refusal.errors())
    return error_response(error)


def json_response(
    payload: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON answer, typed exactly 'application/json' (discord.py compares the header)."""
    all_headers = {"Content-Type": "application/json"} | (headers or {})
    return web.Response(body=payloads.encoded(payload), status=status, headers=all_headers)


def build_app(
    world: World,
    limits: RateLimits,
    faults: Faults,
    routes: list[web.RouteTableDef],
) -> web.Application:
    """The whole double as one aiohttp application."""
    app = web.Application(middlewares=[discord_middleware], client_max_size=64 * 1024 * 1024)
    app[WORLD] = world
    app[LIMITS] = limits
    app[FAULTS] = faults
    for table in routes:
        app.add_routes(table)
    return app
