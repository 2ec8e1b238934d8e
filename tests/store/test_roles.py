"""The store by role (``bot/store/interface.py``): a service takes the roles it uses, so
its signature says what it may touch, and only the composition root holds the whole
``GameStore`` (the sum of the roles) to hand each service its part."""

from __future__ import annotations

import ast
from typing import Protocol

from bot.store.interface import (
    Games,
    GameStore,
    Hints,
    MoveLog,
    Rankings,
    ServerSettings,
    TableLife,
    TurnClock,
)
from bot.store.sql import SqlStore
from bot.store.sql.clock import TurnClockQueries
from bot.store.sql.games import GameQueries
from bot.store.sql.hints import HintQueries
from bot.store.sql.life import TableLifeQueries
from bot.store.sql.log import MoveLogQueries
from bot.store.sql.rankings import RankingQueries
from bot.store.sql.settings import SettingQueries
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


#: Each role of the interface and the mixin of ``bot.store.sql`` that writes its queries.
MIXINS = {
    Games: GameQueries,
    MoveLog: MoveLogQueries,
    TableLife: TableLifeQueries,
    TurnClock: TurnClockQueries,
    Rankings: RankingQueries,
    ServerSettings: SettingQueries,
    Hints: HintQueries,
}
#: What a backend does its own way rather than by a shared query.
BACKENDS_OWN = {"posting"}


def own_methods(cls: type) -> set[str]:
    """The public methods ``cls`` itself defines (not those it inherits)."""
    return {n for n, v in vars(cls).items() if callable(v) and not n.startswith("_")}


def test_each_role_is_written_by_its_own_mixin_alone() -> None:
    """A role's queries live in its module and nowhere else; the sum is every role."""
    assert set(MIXINS) == {b for b in GameStore.__bases__ if b is not Protocol}
    for role, mixin in MIXINS.items():
        assert own_methods(mixin) == own_methods(role) - BACKENDS_OWN, role.__name__
    assert all(issubclass(SqlStore, mixin) for mixin in MIXINS.values())
    assert own_methods(SqlStore) == set(), "SqlStore only sums the mixins"
