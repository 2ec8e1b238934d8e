"""Discord's limits as the double checks them (docs/ARCHITECTURE.md §9), one case per limit."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.double.limits import (
    choice_problems,
    command_problems,
    component_problems,
    embed_problems,
    message_problems,
    oversized_files,
)


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(count: int, custom_id: str = "s") -> dict[str, Any]:
    options = [{"label": f"o{i}", "value": f"v{i}"} for i in range(count)]
    return {"type": 3, "custom_id": custom_id, "options": options}


def command(name: str = "game", **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "Play", "type": 1} | extra


def option(name: str = "move", kind: int = 3, **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "A move", "type": kind} | extra


def test_valid_message_has_no_problems() -> None:
    payload = {"content": "x" * 2000, "components": [row(*(button(str(i)) for i in range(5)))]}
    assert message_problems(payload, [], creating=True) == []


@pytest.mark.parametrize(
    ("payload", "needle"),
    [
        ({"content": "x" * 2001}, "2001 chars"),
        ({"content": ""}, "empty message"),
        ({"embeds": [{"title": "t"}] * 11}, "11 embeds"),
        ({"components": [row(button(str(i))) for i in range(6)]}, "6 action rows"),
        ({"components": [row(*(button(str(i)) for i in range(6)))]}, "1-5 components"),
        ({"components": [row(button("x" * 101))]}, "custom_id must be 1-100"),
        ({"components": [row(button("a")), row(button("a"))]}, "unique within a message"),
        ({"components": [row(select(26))]}, "26 options"),
        ({"components": [row(select(2), button("b"))]}, "alone in its action row"),
        ({"components": [row(button("a", label="L" * 81))]}, "label longer than 80"),
        ({"components": [button("a")]}, "needs an action row"),
    ],
)
def test_message_limits(payload: dict[str, Any], needle: str) -> None:
    problems = message_problems(payload, [], creating=True)
    assert any(needle in p for p in problems), problems


def test_embed_limits() -> None:
    assert embed_problems([{"title": "t" * 256, "description": "d" * 4096}]) == []
    assert embed_problems([{"title": "t" * 257}]) == ["embed 0 title longer than 256"]
    assert embed_problems([{"description": "d" * 4097}]) == ["embed 0 description longer than 4096"]
    fields = [{"name": "n", "value": "v"}] * 26
    assert embed_problems([{"fields": fields}]) == ["embed 0 has 26 fields (max 25)"]
    halves = [{"description": "d" * 3001}, {"description": "d" * 3000}]
    assert embed_problems(halves) == ["embeds total 6001 chars (max 6000)"]


def test_components_v2_are_counted_not_rowed() -> None:
    text = {"type": 10, "content": "hi"}
    assert component_problems([text], flags=1 << 15) == []
    assert component_problems([text] * 41, flags=1 << 15) == [
        "more than 40 components in a components-v2 message"
    ]


def test_attachment_limits() -> None:
    assert oversized_files([("ok.png", b"x" * (10 * 1024 * 1024))]) == []
    assert oversized_files([("big.png", b"x" * (10 * 1024 * 1024 + 1))]) != []
    files = [("f.txt", b"x")] * 11
    assert message_problems({"content": "x"}, files, creating=True) == ["11 attachments (max 10)"]


def test_autocomplete_choice_limits() -> None:
    good = [{"name": "Roll the dice", "value": "roll"}] * 25
    assert choice_problems(good, "ac") == []
    assert choice_problems(good + good[:1], "ac") == ["ac: 26 choices (max 25)"]
    assert choice_problems([{"name": "n" * 101, "value": "v"}], "ac") != []
    assert choice_problems([{"name": "n", "value": "v" * 101}], "ac") != []
    assert choice_problems([{"name": "", "value": "v"}], "ac") != []


def test_valid_commands_have_no_problems() -> None:
    sub = option("new", 1, options=[option("game", required=True), option("rounds", 4)])
    assert command_problems([command(options=[sub])], is_global=True) == []
    # A subcommand group holds subcommands, beside plain subcommands: /game new disneyland.
    group = option("new", 2, options=[option("disneyland", 1, options=[option("rounds", 4)])])
    assert command_problems([command(options=[group, option("join", 1)])], is_global=True) == []


def test_the_budget_counts_each_fields_longest_language() -> None:
    """Names, descriptions and values count towards 8000 characters, a name or description
    by its longest form: the default or one of its localizations (not their sum)."""

    def game(french: str | None) -> list[dict[str, Any]]:
        named = {"name_localizations": {"fr": french}} if french else {}
        choices = [{"name": "c" * 50, "value": "v" * 50, **named}] * 25
        options = [option(f"o{i}", choices=choices) for i in range(3)]
        return [command(options=[option("s", 1, options=options)])]

    assert command_problems(game(None), is_global=True) == []  # 7540 characters
    assert command_problems(game("c" * 10), is_global=True) == []
    problems = command_problems(game("c" * 70), is_global=True)  # 9040
    assert any("8000" in p for p in problems), problems


@pytest.mark.parametrize(
    ("commands", "needle"),
    [
        ([command("Game")], "lowercase"),
        ([command("x" * 33)], "lowercase"),
        ([command("two words")], "lowercase"),
        ([command(description="d" * 101)], "description must be 1-100"),
        ([command(description="")], "description must be 1-100"),
        ([command(options=[option(f"o{i}") for i in range(26)])], "26 options"),
        ([command(options=[option(), option()])], "unique"),
        ([command(), command()], "unique per command type"),
        ([command(options=[option("a"), option("b", required=True)])], "before optional"),
        ([command(options=[option(choices=[{"name": "c", "value": "c"}] * 26)])], "26 choices"),
        (
            [command(options=[option(autocomplete=True, choices=[{"name": "c", "value": "c"}])])],
            "autocomplete",
        ),
        ([command(options=[option("g", 2, options=[option("x", 3)])])], "only hold subcommands"),
        (
            [command(options=[option("g", 2, options=[option("h", 2, options=[option("s", 1)])])])],
            "nest at most",
        ),
        (
            [command(options=[option("s", 1, options=[option("g", 2, options=[option("t", 1)])])])],
            "nest at most",
        ),
        ([command(options=[option("s", 1), option("x", 3)])], "mixed"),
        ([command(str(i)) for i in range(101)], "101 global commands"),
    ],
)
def test_command_limits(commands: list[dict[str, Any]], needle: str) -> None:
    problems = command_problems(commands, is_global=True)
    assert any(needle in p for p in problems), problems


def _sub(name: str, **extra: Any) -> dict[str, Any]:
    return {"type": 1, "name": name, "description": "d", **extra}


@pytest.mark.parametrize(
    ("commands", "needle"),
    [
        ([_sub("a", name_localizations={"fr": "Partie Nouvelle"})], "lowercase"),
        ([_sub("a", name_localizations={"xx": "a"})], "unknown locale"),
        ([_sub("a", description_localizations={"fr": "x" * 101})], "description"),
        ([_sub("a", name_localizations={"fr": "b"}), _sub("b")], "unique"),
        (
            [
                _sub(
                    "a",
                    options=[
                        {
                            "type": 3,
                            "name": "o",
                            "description": "d",
                            "choices": [
                                {"name": "c", "value": "c", "name_localizations": {"fr": ""}}
                            ],
                        }
                    ],
                )
            ],
            "choice name",
        ),
    ],
)
def test_localized_names_keep_discords_rules(commands: list[dict[str, Any]], needle: str) -> None:
    """Names and descriptions in other languages follow the default ones' rules."""
    assert any(needle in problem for problem in command_problems(commands, is_global=True))


def test_localized_commands_that_keep_the_rules_pass() -> None:
    commands = [
        _sub("game", name_localizations={"fr": "partie"}, description_localizations={"fr": "é"}),
        _sub("stats"),
    ]
    assert command_problems(commands, is_global=True) == []
