"""Imports flow one way, everywhere (docs/ARCHITECTURE.md §1): engine <- i18n <- renders
<- bot, and inside each the layers below. Read from the source with ``ast``: imports inside
functions and under ``TYPE_CHECKING`` count, and so do ``importlib`` loads by name."""

from __future__ import annotations

import pytest

from engine import GAMES
from tests.imports import PACKAGES, Imports, cycle, graph, is_module, read_source

#: The engine is pure and deterministic (same seed, same moves, same game): no Discord, no
#: drawing, no files or network, no clock, no global random, no threads or processes.
ENGINE_MAY_NOT = frozenset(
    {
        "bot",
        "renders",
        "i18n",
        "babel",
        "discord",
        "aiohttp",
        "aiosqlite",
        "asyncpg",
        "PIL",
        "asyncio",
        "concurrent",
        "datetime",
        "glob",
        "io",
        "logging",
        "multiprocessing",
        "os",
        "pathlib",
        "random",
        "secrets",
        "select",
        "selectors",
        "shutil",
        "signal",
        "socket",
        "sqlite3",
        "ssl",
        "subprocess",
        "sys",
        "tempfile",
        "threading",
        "time",
        "urllib",
        "http",
        "uuid",
    }
)
#: The languages sit between the engine and what players read: they translate the engine's
#: words (``engine.text``) with Babel's catalogs, and know nothing of boards or Discord.
I18N_MAY_NOT = frozenset({"bot", "renders", "discord", "PIL", "aiohttp", "aiosqlite", "asyncpg"})
#: A board is drawn from the view alone: no Discord or bot, no store, no network, and the
#: same view always gives the same picture (the render cache relies on it).
RENDERS_MAY_NOT = frozenset(
    {
        "bot",
        "discord",
        "aiohttp",
        "aiosqlite",
        "asyncpg",
        "asyncio",
        "random",
        "socket",
        "sqlite3",
        "time",
    }
)
#: The bot's layers, lowest first: a module imports its own layer and those below only.
BOT_LAYERS: tuple[tuple[str, ...], ...] = (
    ("bot", "bot.common"),
    ("bot.store",),
    ("bot.table",),
    ("bot.chat",),
    ("bot.cogs",),
    ("bot.client", "bot.__main__"),
)
#: Layers that never speak Discord: the store and the game service (and what they share).
WITHOUT_DISCORD = ("bot.common", "bot.store", "bot.table")


def _in(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def layer_of(module: str) -> int:
    """The bot layer ``module`` belongs to (the longest matching prefix decides)."""
    matches = [
        (len(prefix), level)
        for level, prefixes in enumerate(BOT_LAYERS)
        for prefix in prefixes
        if _in(module, prefix)
    ]
    assert matches, f"{module} is in no layer of BOT_LAYERS: place it there"
    return max(matches)[1]


@pytest.fixture(scope="module")
def everything() -> dict[str, Imports]:
    return graph(*PACKAGES)


def project(found: Imports) -> set[str]:
    return {name for name in found.modules if name.partition(".")[0] in PACKAGES}


SAMPLE = """
import os.path
from engine import core
from . import sibling
from ..catalog import GAMES

def later():
    from renders.theme import display_name
    import discord
    engine = importlib.import_module(f"engine.{slug}.rules")
    print(open("x").read())
"""


def test_the_reader_sees_every_kind_of_import() -> None:
    """The test's own eyes: imports in functions, ``from package import module``, relative
    imports, ``importlib`` loads by name and the built-ins that do I/O are all seen."""
    found = read_source(SAMPLE, "engine.ai.sample")
    assert found.modules == {
        "os.path",
        "engine.core",
        "engine.ai",
        "engine.catalog",
        "renders.theme",
        "discord",
    }
    assert found.dynamic == {"engine"}
    assert found.builtins == {"print", "open"}
    assert found.tops() == {"os", "engine", "renders", "discord"}


def test_every_import_of_the_project_names_a_module_of_it(
    everything: dict[str, Imports],
) -> None:
    assert all(is_module(name) for found in everything.values() for name in project(found))


def test_no_import_cycles_anywhere(everything: dict[str, Imports]) -> None:
    edges = {name: project(found) for name, found in everything.items()}
    found = cycle(edges)
    assert found is None, " -> ".join(found or [])


def test_the_engine_is_pure(everything: dict[str, Imports]) -> None:
    for name, found in everything.items():
        if _in(name, "engine"):
            banned = found.tops() & ENGINE_MAY_NOT
            assert not banned, (name, sorted(banned))
            assert not found.builtins, (name, sorted(found.builtins))


def test_languages_know_the_engine_alone(everything: dict[str, Imports]) -> None:
    """``i18n`` reads the engine's words and Babel's catalogs; renders and the bot use it."""
    assert any(_in(name, "i18n") for name in everything), "the reader found no i18n module"
    for name, found in everything.items():
        if _in(name, "i18n"):
            assert not found.tops() & I18N_MAY_NOT, (name, sorted(found.tops() & I18N_MAY_NOT))


def test_renders_draw_without_the_bot(everything: dict[str, Imports]) -> None:
    for name, found in everything.items():
        if _in(name, "renders"):
            assert not found.tops() & RENDERS_MAY_NOT, (
                name,
                sorted(found.tops() & RENDERS_MAY_NOT),
            )


def test_the_contract_stands_below_the_games_and_the_robots(
    everything: dict[str, Imports],
) -> None:
    """``engine.core`` imports nothing of the project but its words (``engine.text``); the
    catalog only the contract; the robots (``engine.ai``) only the contract, the catalog,
    the words and themselves. Only the front door (``engine/__init__``), the coach
    (``engine.coach``, above the robots) and the games' robot files (``playbook.py``,
    ``sampling.py``) import the robots: the rules never do."""
    assert project(everything["engine.core"]) <= {"engine.text"}
    assert project(everything["engine.text"]) == set()
    assert project(everything["engine.catalog"]) == {"engine.core"}
    for name, found in everything.items():
        if _in(name, "engine.ai"):
            for target in project(found):
                below = ("engine.core", "engine.catalog", "engine.text")
                assert _in(target, "engine.ai") or target in below, (
                    name,
                    target,
                )
        elif _in(name, "engine") and any(_in(t, "engine.ai") for t in project(found)):
            robot_file = name.rsplit(".", 1)[-1] in ("playbook", "sampling")
            assert name == "engine" or _in(name, "engine.coach") or robot_file, name


def test_the_coach_stands_above_the_robots(everything: dict[str, Imports]) -> None:
    """``engine.coach`` imports the contract, the words, the robots and itself (each game's
    ``coaching.py`` it loads by name); nothing else in the engine imports it."""
    below = ("engine.core", "engine.text", "engine.ai", "engine.coach")
    for name, found in everything.items():
        if _in(name, "engine.coach"):
            for target in project(found):
                assert any(_in(target, allowed) for allowed in below), (name, target)
        elif _in(name, "engine"):
            assert not any(_in(t, "engine.coach") for t in project(found)), name


def test_each_game_builds_on_the_contract_and_itself_alone(
    everything: dict[str, Imports],
) -> None:
    """A game imports the contract, the words (``engine.text``), its own modules and (its
    robot files) ``engine.ai``: never another game, the catalog or the front door. Its
    ``playbook.py`` and ``sampling.py`` are read by the robots only (its playbook reads its
    sampling)."""
    for name, found in everything.items():
        own = next((f"engine.{slug}" for slug in GAMES if _in(name, f"engine.{slug}")), None)
        if own is None:
            continue
        for target in project(found):
            below = target in ("engine.core", "engine.text") or _in(target, "engine.ai")
            assert _in(target, own) or below, (name, target)
            if target in (f"{own}.playbook", f"{own}.sampling"):
                assert name == f"{own}.playbook", (name, target)


def test_bot_layers_import_downwards_only(everything: dict[str, Imports]) -> None:
    """common < store < table < chat < cogs < client and the entry points."""
    for name, found in everything.items():
        if not _in(name, "bot"):
            continue
        level = layer_of(name)
        for target in project(found):
            if _in(target, "bot"):
                assert layer_of(target) <= level, f"{name} imports {target}, a layer above it"


def test_the_store_and_the_game_service_never_speak_discord(
    everything: dict[str, Imports],
) -> None:
    for name, found in everything.items():
        if any(_in(name, layer) for layer in WITHOUT_DISCORD):
            assert "discord" not in found.tops(), name


def test_only_main_imports_the_client(everything: dict[str, Imports]) -> None:
    """The wiring lives in ``bot/client.py``; nothing but ``__main__`` depends on it, so a
    module can be read and tested on its own."""
    importers = {name for name, found in everything.items() if "bot.client" in found.modules}
    assert importers == {"bot.__main__"}
