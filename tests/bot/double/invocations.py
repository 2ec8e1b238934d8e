"""Interaction payloads as Discord builds them when a user runs a command or uses a component.

Option values are checked the way the Discord client would (known names, required options,
choices, bounds); asking for something no user could do raises UsageError in the test.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tests.bot.double import payloads
from tests.bot.double.models import InteractionResult, MessageRecord, iter_components
from tests.bot.double.world import World

SUBCOMMAND, GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = range(1, 11)
SELECTS = (3, 5, 6, 7, 8)
#: Discord's own range for integer and number options, and the longest string option.
NUMBER_LIMIT = 2**53
STRING_LIMIT = 6000


class UsageError(ValueError):
    """The test asked for an interaction a Discord user could not produce."""


def _named(entry: Mapping[str, Any], typed: str, locale: str) -> bool:
    """Whether ``typed`` is ``entry``'s name as a user of ``locale`` sees it: its name in that
    language when it has one (Discord's ``name_localizations``), else its name."""
    localized = (entry.get("name_localizations") or {}).get(locale)
    return typed == str(localized or entry["name"])


def _command(
    world: World, guild_id: int, path: str, locale: str = "en-US"
) -> tuple[dict[str, Any], list[dict[str, Any]], bool]:
    """The synced command for 'name [group] [sub]' as a user of ``locale`` types it, its
    subcommand chain, and if guild-scoped."""
    top, *subs = path.split()
    for scope in (guild_id, None):
        for command in world.commands.get(scope, []):
            if _named(command, top, locale) and command.get("type", 1) == 1:
                chain: list[dict[str, Any]] = []
                options = command.get("options") or []
                for name in subs:
                    found = [
                        o
                        for o in options
                        if _named(o, name, locale) and o["type"] in (SUBCOMMAND, GROUP)
                    ]
                    if not found:
                        raise UsageError(f"/{path}: no subcommand {name!r}")
                    chain.append(found[0])
                    options = found[0].get("options") or []
                if any(o["type"] in (SUBCOMMAND, GROUP) for o in options):
                    raise UsageError(f"/{path} needs a subcommand")
                return command, chain, scope is not None
    raise UsageError(f"/{top} has not been synced")


def _check_bounds(option: Mapping[str, Any], value: Any) -> None:
    if isinstance(value, int | float) and not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
        raise UsageError(f"{option['name']}: {value!r} outside Discord's ±2^53")
    if isinstance(value, str) and len(value) > STRING_LIMIT:
        raise UsageError(f"{option['name']}: longer than Discord's {STRING_LIMIT} characters")
    choices = [c["value"] for c in option.get("choices") or []]
    if choices and value not in choices:
        raise UsageError(f"{option['name']}: {value!r} is not one of the choices {choices}")
    low, high = option.get("min_value"), option.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise UsageError(f"{option['name']}: {value!r} outside [{low}, {high}]")
    shortest, longest = option.get("min_length"), option.get("max_length")
    if isinstance(value, str) and (
        (shortest is not None and len(value) < shortest)
        or (longest is not None and len(value) > longest)
    ):
        raise UsageError(f"{option['name']}: length of {value!r} outside [{shortest}, {longest}]")


def _resolve(
    world: World, guild_id: int, option: Mapping[str, Any], value: Any, resolved: dict[str, Any]
) -> str:
    """The id string of a user/channel/role option, filling `resolved` like Discord does."""
    key = str(int(value))
    kind = option["type"]
    if kind in (USER, MENTIONABLE) and int(value) in world.users:
        user = world.users[int(value)]
        permissions = str(payloads.effective_permissions(user))
        resolved.setdefault("users", {})[key] = payloads.user_payload(user)
        member = world.member(guild_id, user, with_user=False) | {"permissions": permissions}
        resolved.setdefault("members", {})[key] = member
    elif kind == CHANNEL and int(value) in world.channels:
        channel = world.channels[int(value)]
        allowed = option.get("channel_types")
        if allowed and channel.type not in allowed:
            raise UsageError(f"{option['name']}: channel type {channel.type} not in {allowed}")
        permissions = str(payloads.effective_permissions(world.bot))
        resolved.setdefault("channels", {})[key] = payloads.channel_payload(channel) | {
            "permissions": permissions
        }
    elif kind in (ROLE, MENTIONABLE):
        roles = [r for r in world.role_payloads(guild_id) if r["id"] == key]
        if not roles:
            raise UsageError(f"{option['name']}: unknown role {value!r}")
        resolved.setdefault("roles", {})[key] = roles[0]
    else:
        raise UsageError(f"{option['name']}: unknown id {value!r}")
    return key


def _value(
    world: World,
    guild_id: int,
    option: Mapping[str, Any],
    value: Any,
    resolved: dict[str, Any],
    checked: bool = True,
) -> Any:
    """Convert a Python value to what Discord sends for this option type."""
    kind = option["type"]
    if kind == STRING:
        converted: Any = str(value)
    elif kind == INTEGER and not isinstance(value, bool):
        converted = int(value)
    elif kind == NUMBER and not isinstance(value, bool):
        converted = float(value)
    elif kind == BOOLEAN and isinstance(value, bool):
        converted = value
    elif kind in (USER, CHANNEL, ROLE, MENTIONABLE):
        return _resolve(world, guild_id, option, value, resolved)
    else:
        raise UsageError(f"{option['name']}: cannot send {value!r} as option type {kind}")
    if checked:
        _check_bounds(option, converted)
    return converted


def command_data(
    world: World,
    guild_id: int,
    path: str,
    values: Mapping[str, Any],
    focused: str | None = None,
    checked: bool = True,
    locale: str = "en-US",
) -> dict[str, Any]:
    """The `data` of an application command (or, with `focused`, autocomplete) interaction.

    `checked=False` skips the choices, bounds and lengths the Discord client enforces: what a
    client holding a stale copy of the command (or a modified one) could send. The path and
    option names are typed as a user of ``locale`` sees them; Discord sends the default names.
    """
    command, chain, in_guild = _command(world, guild_id, path, locale)
    definitions = (chain[-1] if chain else command).get("options") or []
    typed = {
        (d.get("name_localizations") or {}).get(locale) or d["name"]: d["name"] for d in definitions
    }
    values = {typed.get(k, k): v for k, v in values.items()}
    if focused is not None:
        focused = typed.get(focused, focused)
    names = {d["name"] for d in definitions}
    unknown = sorted(set(values) - names)
    if unknown:
        raise UsageError(f"/{path} has no option(s) {unknown}; it has {sorted(names)}")
    if focused is not None and focused not in values:
        raise UsageError(f"the focused option {focused!r} needs a (partial) value")
    missing = [d["name"] for d in definitions if d.get("required") and d["name"] not in values]
    if focused is None and missing:
        raise UsageError(f"/{path} is missing required option(s) {missing}")
    resolved: dict[str, Any] = {}
    options: list[dict[str, Any]] = []
    for definition in definitions:
        name = definition["name"]
        if name == focused:
            options.append(
                {
                    "name": name,
                    "type": definition["type"],
                    "value": str(values[name]),
                    "focused": True,
                }
            )
        elif name in values:
            # While someone types, Discord sends the other options unchecked as well.
            strict = checked and focused is None
            value = _value(world, guild_id, definition, values[name], resolved, strict)
            options.append({"name": name, "type": definition["type"], "value": value})
    for parent in reversed(chain):
        options = [{"name": parent["name"], "type": parent["type"], "options": options}]
    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": 1,
        "options": options,
    }
    if resolved:
        data["resolved"] = resolved
    if in_guild:
        data["guild_id"] = str(guild_id)
    return data


def forged_component(custom_id: str, values: list[str] | None) -> dict[str, Any]:
    """A button, or a select offering exactly `values`, that a message is made to carry."""
    if values is None:
        return {"type": 2, "style": 1, "label": "forged", "custom_id": custom_id}
    options = [{"label": v[:100] or "-", "value": v} for v in values]
    return {"type": 3, "custom_id": custom_id, "options": options, "max_values": len(values)}


#: Discord's most action rows on one message.
MAX_ROWS = 5


def carrying(rows: list[dict[str, Any]], forged: dict[str, Any]) -> list[dict[str, Any]]:
    """A message's rows made to carry ``forged``: in place of its component with the same
    custom id (a tampered client sending other values), else in a row of its own, in place
    of the last row of a message that has Discord's five already."""
    swapped = [
        row
        | {
            "components": [
                forged if c.get("custom_id") == forged["custom_id"] else c
                for c in row.get("components", [])
            ]
        }
        for row in rows
    ]
    if any(c is forged for row in swapped for c in row["components"]):
        return swapped
    return [*swapped[: MAX_ROWS - 1], {"type": 1, "components": [forged]}]


def component_data(
    world: World,
    message: MessageRecord,
    custom_id: str,
    user_id: int,
    values: list[str] | None,
    forged: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The `data` of a button click or select choice on a message the bot sent (`forged`: a
    component the message is made to carry, see DiscordDouble.forge_click)."""
    if message.deleted:
        raise UsageError(f"message {message.id} was deleted")
    invoker = world.interactions[message.interaction_id].user_id if message.interaction_id else None
    if message.ephemeral and invoker != user_id:
        raise UsageError(f"only user {invoker} can see the ephemeral message {message.id}")
    carried = carrying(message.components, forged) if forged else []
    found = [
        c for c in iter_components(carried or message.components) if c.get("custom_id") == custom_id
    ]
    if not found:
        raise UsageError(f"message {message.id} has no component {custom_id!r}")
    component = found[-1] if forged else found[0]
    if component.get("disabled"):
        raise UsageError(f"component {custom_id!r} is disabled")
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
    if component["type"] in SELECTS:
        if values is None:
            raise UsageError(f"{custom_id!r} is a select menu: pass values")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        allowed = {o["value"] for o in component.get("options") or []}
        if not low <= len(values) <= high or (allowed and not set(values) <= allowed):
            raise UsageError(
                f"{custom_id!r}: values {values} not allowed ({low}-{high} of {sorted(allowed)})"
            )
        data["values"] = values
    elif values is not None:
        raise UsageError(f"{custom_id!r} is a button, not a select menu")
    return data


def envelope(
    world: World,
    result: InteractionResult,
    data: dict[str, Any],
    forged: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The full INTERACTION_CREATE payload around `data` (`forged`: a component the source
    message is made to carry)."""
    user = world.users[result.user_id]
    guild = world.guilds[result.guild_id]
    channel = world.channels[result.channel_id]
    channel_permissions = str(world.permissions_in(user, channel))
    payload: dict[str, Any] = {
        "id": str(result.id),
        "application_id": str(world.application_id),
        "type": result.type,
        "data": data,
        "guild_id": str(result.guild_id),
        "guild": {"id": str(result.guild_id), "locale": guild.locale, "features": []},
        "channel_id": str(channel.id),
        "channel": payloads.channel_payload(channel) | {"permissions": channel_permissions},
        "member": world.member(result.guild_id, user) | {"permissions": channel_permissions},
        "app_permissions": str(world.permissions_in(world.bot, channel)),
        "locale": user.locale,
        "guild_locale": guild.locale,
        "token": result.token,
        "version": 1,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": {"0": str(result.guild_id)},
        "context": 0,
        "attachment_size_limit": payloads.ATTACHMENT_SIZE_LIMIT,
    }
    if result.source is not None:
        message = world.message_json(result.source)
        if forged is not None:
            message["components"] = carrying(message["components"], forged)
        payload["message"] = message
    return payload
