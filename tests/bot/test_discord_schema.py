"""Every request the bot sends is checked against Discord's published OpenAPI description
(the copy is tests/discord-openapi.json): these tests show the check refuses
what Discord refuses, names the route, the JSON path and the rule, and fails the test that
sent it; and that the bot's own command set fits it."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web

from bot.chat.options import ID_LIMIT
from tests.bot.double import DiscordDouble, rest_app, rest_channels, rest_interactions
from tests.bot.double.openapi import Spec, spec
from tests.bot.double.schema import Problem, Validator
from tests.bot.double.server import API
from tests.bot.harness import Harness
from tests.bot.test_double import TinyBot

#: Discord's bound for integer options (Int53Type): ±(2**53 - 1).
INT53 = 2**53 - 1
SNOWFLAKE = "1234567890123456789"


def refused(
    method: str,
    path: str,
    body: Any,
    *,
    query: dict[str, str] | None = None,
    files: list[str] | None = None,
) -> list[Problem]:
    """The problems Discord's schema finds in a request (none: an empty list)."""
    refusal = spec().check(method, path, query or {}, body, files or [], form=files is not None)
    return [] if refusal is None else [problem for _, problem in refusal.problems]


def broken(problems: list[Problem]) -> list[tuple[str, str]]:
    """(JSON path, rule) of each problem."""
    return [(p.where(), p.rule) for p in problems]


def command(*options: dict[str, Any]) -> dict[str, Any]:
    """A chat command `/game` with one subcommand `replay` holding `options`."""
    replay = {"type": 1, "name": "replay", "description": "A replay", "options": [*options]}
    return {"name": "game", "description": "Tables", "type": 1, "options": [replay]}


def game_id(**bounds: int) -> dict[str, Any]:
    return {"type": 4, "name": "game_id", "description": "A game", **bounds}


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


COMMANDS = f"/applications/{SNOWFLAKE}/commands"
MESSAGES = f"/channels/{SNOWFLAKE}/messages"
CALLBACK = f"/interactions/{SNOWFLAKE}/a-token/callback"
THREADS = f"/channels/{SNOWFLAKE}/messages/{SNOWFLAKE}/threads"


# -- the rules, one by one ---------------------------------------------------------------------


def test_an_integer_option_bound_past_two_to_the_53_is_refused() -> None:
    """max_value 2**53 is outside Int53Type; 2**53 - 1 is its largest value."""
    too_high = [command(game_id(min_value=1, max_value=2**53))]
    assert broken(refused("PUT", COMMANDS, too_high)) == [
        ("$[0].options[0].options[0].max_value", f"maximum {INT53}")
    ]
    too_low = [command(game_id(min_value=-(2**53)))]
    assert broken(refused("PUT", COMMANDS, too_low)) == [
        ("$[0].options[0].options[0].min_value", f"minimum {-INT53}")
    ]
    assert refused("PUT", COMMANDS, [command(game_id(min_value=-INT53, max_value=INT53))]) == []


def test_text_longer_than_discord_allows_is_refused() -> None:
    """Content: 2000 in an interaction answer, 4000 in the channel-message schema."""
    answer = {"type": 4, "data": {"content": "A" * 2001}}
    assert broken(refused("POST", CALLBACK, answer)) == [("$.data.content", "maxLength 2000")]
    assert refused("POST", CALLBACK, {"type": 4, "data": {"content": "A" * 2000}}) == []
    assert broken(refused("POST", MESSAGES, {"content": "A" * 4001})) == [
        ("$.content", "maxLength 4000")
    ]


def test_a_custom_id_of_101_characters_is_refused() -> None:
    row = {"type": 1, "components": [button("c" * 100), button("d" * 101)]}
    assert broken(refused("POST", MESSAGES, {"components": [row]})) == [
        ("$.components[0].components[1].custom_id", "maxLength 100")
    ]


def test_lists_names_and_required_fields_follow_their_limits() -> None:
    """maxItems, minLength, uniqueItems and required, each where Discord states them."""
    choices = [{"name": f"c{n}", "value": f"v{n}"} for n in range(26)]
    option = {"type": 3, "name": "game", "description": "Which", "choices": choices}
    assert broken(refused("PUT", COMMANDS, [command(option)])) == [
        ("$[0].options[0].options[0].choices", "maxItems 25")
    ]
    nameless = {"name": "", "description": "x", "contexts": [0, 0]}
    assert broken(refused("PUT", COMMANDS, [nameless])) == [
        ("$[0].name", "minLength 1"),
        ("$[0].contexts", "uniqueItems"),
    ]
    assert broken(refused("POST", THREADS, {"auto_archive_duration": 60})) == [
        ("$.name", "required")
    ]


def test_closed_lists_and_variants_are_checked() -> None:
    """An enum written as oneOf of consts, and a component whose `type` names no variant."""
    problems = refused("POST", THREADS, {"name": "table", "auto_archive_duration": 99})
    assert broken(problems) == [("$.auto_archive_duration", "oneOf")]
    assert "60, 1440, 4320, 10080" in problems[0].message
    unknown = refused("POST", MESSAGES, {"components": [{"type": 99, "components": []}]})
    assert broken(unknown) == [("$.components[0].type", "oneOf")]
    assert unknown[0].code == "UNION_TYPE_CHOICES"


def test_types_nulls_and_integer_formats_are_as_the_spec_states() -> None:
    """A nullable field takes null, a plain one does not; `true` is no integer; an int32
    field refuses 2**31; a snowflake is a 64-bit number, as a string or a JSON integer."""
    assert refused("PUT", COMMANDS, [{"name": "game", "description": None}]) == []
    assert broken(refused("PUT", COMMANDS, [{"name": None}])) == [("$[0].name", "type string")]
    assert broken(refused("POST", CALLBACK, {"type": True})) != []
    row = {"type": 1, "id": 2**31, "components": [button("go")]}
    assert broken(refused("POST", MESSAGES, {"components": [row]})) == [
        ("$.components[0].id", "format int32")
    ]
    attached = {"attachments": [{"id": 0, "filename": "board.png"}]}
    assert refused("POST", MESSAGES, attached, files=["files[0]"]) == []
    for wrong in ("x1", str(2**64)):
        bad = {"attachments": [{"id": wrong}]}
        assert refused("POST", MESSAGES, bad, files=["files[0]"]) != [], wrong


def test_query_parameters_and_bodies_where_none_belongs_are_checked() -> None:
    assert broken(refused("GET", MESSAGES, None, query={"limit": "101"})) == [
        ("$.limit", "maximum 100")
    ]
    assert refused("POST", CALLBACK, {"type": 5}, query={"with_response": "1"}) == []
    assert broken(refused("POST", CALLBACK, {"type": 5}, query={"with_response": "maybe"})) == [
        ("$.with_response", "type boolean")
    ]
    assert broken(refused("POST", f"/channels/{SNOWFLAKE}/typing", {"x": 1})) == [
        ("$", "requestBody")
    ]
    assert broken(refused("POST", MESSAGES, None)) == [("$", "requestBody")]
    assert broken(refused("POST", MESSAGES, ["not", "an", "object"], files=[])) == [
        ("$", "payload_json")
    ]


def test_unions_refs_and_additional_properties_follow_json_schema() -> None:
    """The semantics the spec relies on, on a small document: oneOf takes exactly one
    branch, anyOf at least one, allOf all; $ref may recurse; additionalProperties false
    refuses unknown fields."""
    node = {
        "type": "object",
        "properties": {"kids": {"type": "array", "items": {"$ref": "#/node"}}},
        "additionalProperties": False,
    }
    small = {"type": "integer", "maximum": 9}
    even = {"type": "integer", "enum": [0, 2, 4, 6, 8, 10]}
    validator = Validator({"node": node, "small": small, "even": even})
    refs = [{"$ref": "#/small"}, {"$ref": "#/even"}]
    assert validator.problems({"kids": [{"kids": []}, {}]}, {"kids": [{"kids": [{}]}]}) == []
    deep = validator.problems({"$ref": "#/node"}, {"kids": [{"kids": [{"toys": 1}]}]})
    assert broken(deep) == [("$.kids[0].kids[0].toys", "additionalProperties false")]
    assert broken(validator.problems({"oneOf": refs}, 4)) == [("$", "oneOf")], "both match"
    assert validator.problems({"oneOf": refs}, 3) == []
    assert validator.problems({"anyOf": refs}, 4) == []
    assert broken(validator.problems({"allOf": refs}, 10)) == [("$", "maximum 9")]
    assert broken(validator.problems({"anyOf": refs}, 11)) == [("$", "maximum 9")]


def test_a_refusal_carries_discords_error_body() -> None:
    """The 400 names each problem under its path, as Discord's Invalid Form Body does."""
    refusal = spec().check("PUT", COMMANDS, {}, [command(game_id(max_value=2**53))], [], form=False)
    assert refusal is not None and refusal.operation is not None
    assert refusal.operation.operation_id == "bulk_set_application_commands"
    error = refusal.errors()["0"]["options"]["0"]["options"]["0"]["max_value"]["_errors"][0]
    assert error == {
        "code": "NUMBER_TYPE_MAX",
        "message": f"Value should be less than or equal to {INT53}.",
    }


def test_a_spec_using_keywords_the_validator_lacks_is_refused() -> None:
    """A refreshed spec that needs more of JSON Schema fails loudly, not silently."""
    document = json.loads(json.dumps({"paths": {}, "components": {"schemas": {}}}))
    document["components"]["schemas"]["New"] = {"type": "string", "dependentRequired": {}}
    with pytest.raises(ValueError, match="dependentRequired"):
        Spec(document)


def test_every_route_the_double_serves_is_an_operation_of_the_spec() -> None:
    """So every request the double answers is validated against its operation."""
    app = web.Application()
    for table in (rest_app.routes, rest_channels.routes, rest_interactions.routes):
        app.add_routes(table)
    served = [
        (route.method, route.resource.canonical.removeprefix(API))
        for route in app.router.routes()
        if route.resource is not None
        and route.resource.canonical.startswith(API)
        and route.method != "HEAD"  # aiohttp's own, beside each GET
    ]
    assert len(served) > 20
    for method, template in served:
        sample = "/".join("1" if part.startswith("{") else part for part in template.split("/"))
        matched = spec().operation(method, sample)
        assert matched is not None, f"{method} {template} is not in Discord's spec"
        shape = [part.startswith("{") for part in matched[0].template.split("/")]
        assert shape == [part.startswith("{") for part in template.split("/")], template


# -- through the double: the test that sent it fails -------------------------------------------


async def test_the_double_answers_400_and_records_what_the_schema_refuses(
    double: DiscordDouble,
) -> None:
    """discord.py gets Discord's 50035 with the path in its text, and the violation names
    the operation, the path and the rule (the `double` fixture fails a test that leaves
    one)."""
    async with double.running(TinyBot()) as bot:
        channel = bot.get_channel(double.ids["channel"])
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as error:
            await channel.send("A" * 4001)
        assert error.value.status == 400 and error.value.code == 50035
        assert "In content: Must be 4000 or fewer in length" in error.value.text
    assert double.messages(double.ids["channel"]) == [], "nothing was posted"
    (violation,) = double.violations
    assert violation.startswith("schema: POST /channels/")
    assert "(create_message)" in violation and "body $.content: maxLength 4000" in violation
    double.violations.clear()


async def test_a_refused_request_fails_even_a_test_that_checks_no_violations() -> None:
    """Leaving the double with a schema violation not dealt with is an error itself, so the
    bot's own error handling cannot swallow it."""
    with pytest.raises(AssertionError, match=r"custom_id: maxLength 100"):
        async with DiscordDouble() as double:
            channel = double.add_channel(double.add_guild("G"), "c")
            row = {"type": 1, "components": [button("x" * 101)]}
            async with aiohttp.ClientSession() as session:
                answer = await session.post(
                    f"{double.url}{API}/channels/{channel}/messages",
                    json={"content": "hi", "components": [row]},
                    headers={"Authorization": f"Bot {double.token}"},
                )
                assert answer.status == 400
                body = await answer.json()
    components = body["errors"]["components"]["0"]["components"]["0"]
    assert components["custom_id"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"


async def test_a_double_told_not_to_check_the_schema_passes_what_it_would_refuse() -> None:
    """The latency benchmark's double (``check_schema=False``): the same request is
    posted, and no violation is recorded; every test's double checks (the one above)."""
    body = {"content": "hi", "tts": "yes"}
    assert broken(refused("POST", MESSAGES, body)) == [("$.tts", "type boolean or null")]
    async with DiscordDouble(check_schema=False) as double:
        channel = double.add_channel(double.add_guild("G"), "c")
        async with aiohttp.ClientSession() as session:
            answer = await session.post(
                f"{double.url}{API}/channels/{channel}/messages",
                json=body,
                headers={"Authorization": f"Bot {double.token}"},
            )
            assert answer.status == 200
        assert [m.content for m in double.messages(channel)] == ["hi"]
        assert double.violations == []


# -- the bot's own command set ----------------------------------------------------------------


def integer_options(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every integer option, however deep in groups and subcommands."""
    found = []
    for option in options:
        if option["type"] == 4:
            found.append(option)
        found += integer_options(option.get("options") or [])
    return found


async def test_the_bots_command_set_fits_discords_schema(sqlite_harness: Harness) -> None:
    """Checked directly too: the registration the bot sent has no problem, every integer
    option's bounds lie within ±(2**53 - 1), and /game replay's game_id runs 1..ID_LIMIT."""
    double = sqlite_harness.double
    syncs = [(path, body) for method, path, body in double.requests if method == "PUT"]
    assert syncs and all(p.endswith("/commands") for p, _ in syncs)
    for path, body in syncs:
        assert spec().check("PUT", path, {}, body, [], form=False) is None
    options = integer_options([o for c in syncs[-1][1] for o in c.get("options") or []])
    assert options, "the bot registers integer options"
    for option in options:
        for bound in ("min_value", "max_value"):
            assert abs(option.get(bound) or 0) <= INT53, option
    game = next(c for c in syncs[-1][1] if c["name"] == "game")
    replay = next(o for o in game["options"] if o["name"] == "replay")
    (game_id_option,) = replay["options"]
    assert (game_id_option["min_value"], game_id_option["max_value"]) == (1, ID_LIMIT)
    assert ID_LIMIT < 2**53
