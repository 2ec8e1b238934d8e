"""The store by role (``bot/store/interface.py``): a service takes the roles it uses, so
its signature says what it may touch, and only the composition root holds the whole
``GameStore`` (the sum of the roles) to hand each service its part."""

from __future__ import annotations

import ast

from tests.imports import modules

#: Where the whole store may be named: the store itself (which defines, implements and
#: opens it, and its tools) and the composition root that opens it for the bot.
WHOLE_STORE_HOLDERS = ("bot.store", "bot.client")


def whole_store_uses(source: str) -> list[int]:
    """The lines of ``source`` that name ``GameStore``: imported, annotated or read."""
    lines = set()
    for node in ast.walk(ast.parse(source)):
        if (
            (isinstance(node, ast.Name) and node.id == "GameStore")
            or (isinstance(node, ast.Attribute) and node.attr == "GameStore")
            or (isinstance(node, ast.ImportFrom) and any(a.name == "GameStore" for a in node.names))
        ):
            lines.add(node.lineno)
    return sorted(lines)


def test_the_reader_finds_every_use_of_the_whole_store() -> None:
    source = (
        "from bot.store import GameStore\n"
        "def f(s: interface.GameStore) -> Games:\n"
        "    return cast(GameStore, s)  # GameStore in a comment is no use\n"
        '"""Nor is ``GameStore`` in a docstring."""\n'
    )
    assert whole_store_uses(source) == [1, 2, 3]


def test_only_the_composition_root_holds_the_whole_store() -> None:
    checked = 0
    for name, path in modules("bot").items():
        if any(name == p or name.startswith(p + ".") for p in WHOLE_STORE_HOLDERS):
            continue
        checked += 1
        found = whole_store_uses(path.read_text(encoding="utf-8"))
        assert not found, f"{name} names the whole GameStore (lines {found}): take its roles"
    assert checked > 50, "the reader missed the bot's modules"
