"""REST routes for start-up and commands: @me, gateway, application info, command sync."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.bot.double import payloads
from tests.bot.double.limits import command_problems
from tests.bot.double.models import ApiError, invalid_form
from tests.bot.double.server import BODY, WORLD, json_response
from tests.bot.double.world import World

routes = web.RouteTableDef()


def gateway_url(world: World) -> str:
    """The websocket url of the double's gateway."""
    return world.base_url.replace("http://", "ws://", 1) + "/gateway"


@routes.get("/api/v10/users/@me")
async def me(request: web.Request) -> web.Response:
    """The bot's own user (discord.py's login)."""
    world = request.app[WORLD]
    return json_response(
        payloads.user_payload(world.bot) | {"verified": True, "mfa_enabled": False}
    )


@routes.get("/api/v10/users/{user_id}")
async def get_user(request: web.Request) -> web.Response:
    """Any known user."""
    world = request.app[WORLD]
    return json_response(payloads.user_payload(world.user(int(request.match_info["user_id"]))))


@routes.get("/api/v10/gateway")
async def gateway(request: web.Request) -> web.Response:
    """Where to connect the websocket."""
    return json_response({"url": gateway_url(request.app[WORLD])})


@routes.get("/api/v10/gateway/bot")
async def gateway_bot(request: web.Request) -> web.Response:
    """Gateway url plus the recommended shard count (AutoShardedClient asks for it)."""
    world = request.app[WORLD]
    limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
    return json_response(
        {"url": gateway_url(world), "shards": world.shard_count, "session_start_limit": limit}
    )


def application_payload(world: World) -> dict[str, Any]:
    """The application object (bot user id == application id, as for modern apps)."""
    return {
        "id": str(world.application_id),
        "name": world.bot.name,
        "icon": None,
        "description": "",
        "summary": "",
        "rpc_origins": [],
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": payloads.user_payload(world.bot),
        "team": None,
        "verify_key": "0" * 64,
        "flags": 0,
        "bot": payloads.user_payload(world.bot),
        "interactions_endpoint_url": None,
        "redirect_uris": [],
        "tags": [],
        "integration_types_config": {"0": {}},
    }


@routes.get("/api/v10/oauth2/applications/@me")
@routes.get("/api/v10/applications/@me")
async def application(request: web.Request) -> web.Response:
    """Application info (discord.py reads it right after login)."""
    return json_response(application_payload(request.app[WORLD]))


def _scope(request: web.Request) -> int | None:
    """The guild of a guild-command route, None for global commands; checks the app id."""
    world = request.app[WORLD]
    if int(request.match_info["application_id"]) != world.application_id:
        raise ApiError(403, 50001, "Missing Access")
    guild = request.match_info.get("guild_id")
    return None if guild is None else world.guild(int(guild)).id


def _stored(
    world: World, scope: int | None, command: dict[str, Any], old: list[dict[str, Any]]
) -> dict[str, Any]:
    """A command as Discord returns it: ids assigned (kept for an unchanged name) and defaults."""
    kind = command.get("type", 1)
    same = [c for c in old if c["name"] == command["name"] and c["type"] == kind]
    stored: dict[str, Any] = {
        "type": kind,
        "description": "",
        "options": [],
        "default_member_permissions": None,
        "nsfw": False,
        "contexts": None,
        "integration_types": [0],
    }
    stored.update(command)
    stored.update(
        id=same[0]["id"] if same else str(world.next_id()),
        application_id=str(world.application_id),
        version=str(world.next_id()),
    )
    if stored["default_member_permissions"] is not None:
        stored["default_member_permissions"] = str(stored["default_member_permissions"])
    if scope is not None:
        stored["guild_id"] = str(scope)
    return stored


@routes.get("/api/v10/applications/{application_id}/commands")
@routes.get("/api/v10/applications/{application_id}/guilds/{guild_id}/commands")
async def list_commands(request: web.Request) -> web.Response:
    """The commands registered in a scope."""
    return json_response(request.app[WORLD].commands.get(_scope(request), []))


@routes.put("/api/v10/applications/{application_id}/commands")
@routes.put("/api/v10/applications/{application_id}/guilds/{guild_id}/commands")
async def sync_commands(request: web.Request) -> web.Response:
    """Bulk overwrite (what CommandTree.sync does), validated against Discord's limits."""
    world, scope = request.app[WORLD], _scope(request)
    commands = request[BODY].json
    if not isinstance(commands, list):
        raise invalid_form(["the body must be a list of commands"])
    problems = command_problems(commands, is_global=scope is None)
    if problems:
        raise invalid_form(problems)
    old = world.commands.get(scope, [])
    world.commands[scope] = [_stored(world, scope, c, old) for c in commands]
    world.syncs += 1
    world.notify()
    return json_response(world.commands[scope])


@routes.post("/api/v10/applications/{application_id}/commands")
@routes.post("/api/v10/applications/{application_id}/guilds/{guild_id}/commands")
async def upsert_command(request: web.Request) -> web.Response:
    """Create or replace one command by name."""
    world, scope = request.app[WORLD], _scope(request)
    command = request[BODY].json
    problems = command_problems([command], is_global=scope is None)
    if problems:
        raise invalid_form(problems)
    old = world.commands.get(scope, [])
    stored = _stored(world, scope, command, old)
    world.commands[scope] = [c for c in old if c["id"] != stored["id"]] + [stored]
    world.notify()
    return json_response(stored, status=201)


@routes.delete("/api/v10/applications/{application_id}/commands/{command_id}")
@routes.delete("/api/v10/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
async def delete_command(request: web.Request) -> web.Response:
    """Remove one command."""
    world, scope = request.app[WORLD], _scope(request)
    old = world.commands.get(scope, [])
    kept = [c for c in old if c["id"] != request.match_info["command_id"]]
    if len(kept) == len(old):
        raise ApiError(404, 10063, "Unknown application command")
    world.commands[scope] = kept
    world.notify()
    return web.Response(status=204)
