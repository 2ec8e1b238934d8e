"""Imports flow one way, everywhere (docs/ARCHITECTURE.md §1): engine <- i18n <- renders
<- bot, and inside each the layers below. Read from the source with ``ast``: imports inside
functions and under ``TYPE_CHECKING`` count, and so do ``importlib`` loads by name."""

from __future__ import annotations

import ast

import pytest

from engine import GAMES
from tests.imports import (
    PACKAGES,
    ROOT,
    Imports,
    cycle,
    graph,
    is_module,
    modules,
    read_source,
)

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
    assert found.by_name
    assert found.builtins == {"print", "open"}
    assert found.tops() == {"os", "engine", "renders", "discord"}


def test_no_module_is_loaded_by_its_name(everything: dict[str, Imports]) -> None:
    """A game is declared once per layer and found in that layer's registry (the engine's
    ``KITS``, the renders' ``RENDERERS``, the bot's ``GAME_COGS``), never by loading a module
    its slug names: no module of the project loads another by name, so every dependency is
    an import this test reads."""
    loaders = sorted(name for name, found in everything.items() if found.by_name)
    assert loaders == []


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
    playbook record (``engine.playbook``) only the contract; a game's kit (``engine.kit``) the
    contract, the words and the playbook record; the catalog only the contract, the kit and
    the games' packages (each one's ``KIT``); the robots (``engine.ai``) only the contract,
    the words, the playbook record, the catalog and themselves. Only the front door
    (``engine/__init__``) and the coach (``engine.coach``, above the robots) import the
    robots: a game never does (its robot files build on ``engine.playbook``)."""
    assert project(everything["engine.core"]) <= {"engine.text"}
    assert project(everything["engine.text"]) == set()
    assert project(everything["engine.playbook"]) == {"engine.core"}
    assert project(everything["engine.kit"]) == {"engine.core", "engine.playbook", "engine.text"}
    games = {f"engine.{slug}" for slug in GAMES}
    assert project(everything["engine.catalog"]) == {"engine.core", "engine.kit"} | games
    for name, found in everything.items():
        if _in(name, "engine.ai"):
            for target in project(found):
                below = ("engine.core", "engine.catalog", "engine.text", "engine.playbook")
                assert _in(target, "engine.ai") or target in below, (
                    name,
                    target,
                )
        elif _in(name, "engine") and any(_in(t, "engine.ai") for t in project(found)):
            assert name == "engine" or _in(name, "engine.coach"), name


def test_the_coach_stands_above_the_robots(everything: dict[str, Imports]) -> None:
    """``engine.coach`` imports the contract, the words, the playbook record, the kit, the
    catalog (where it finds each game's coaching), the robots and itself; nothing else in the
    engine imports it."""
    below = ("engine.core", "engine.text", "engine.playbook", "engine.kit", "engine.catalog")
    for name, found in everything.items():
        if _in(name, "engine.coach"):
            for target in project(found):
                assert any(
                    _in(target, allowed) for allowed in (*below, "engine.ai", "engine.coach")
                ), (
                    name,
                    target,
                )
        elif _in(name, "engine"):
            assert not any(_in(t, "engine.coach") for t in project(found)), name


def test_each_game_builds_on_the_contract_and_itself_alone(
    everything: dict[str, Imports],
) -> None:
    """A game imports the contract, the words (``engine.text``), its own modules, (its robot
    files) the playbook record and (its package, which declares its ``KIT``) the kit: never
    another game, the catalog, the robots, the coach or the front door. Its ``playbook.py``
    is read by its kit alone, its ``sampling.py`` by its playbook alone."""
    for name, found in everything.items():
        own = next((f"engine.{slug}" for slug in GAMES if _in(name, f"engine.{slug}")), None)
        if own is None:
            continue
        for target in project(found):
            below = target in ("engine.core", "engine.text", "engine.playbook")
            kit = name == own and target == "engine.kit"
            assert _in(target, own) or below or kit, (name, target)
            if target == f"{own}.playbook":
                assert name == own, (name, target)
            if target == f"{own}.sampling":
                assert name == f"{own}.playbook", (name, target)


def test_no_package_is_left_and_entered_again(everything: dict[str, Imports]) -> None:
    """Python runs a package's ``__init__`` before any module in it, so a path of imports
    that leaves a package and comes back into it is a cycle the module graph does not show
    (the robots' package loading the catalog, whose games load the robots' playbook). Only
    the top packages' front doors (``engine/__init__``, ``renders/__init__``…) may do it:
    they run first, before anything below them."""
    edges = {name: project(found) for name, found in everything.items()}
    packages = {name for name in everything if "." in name and _is_package(name)}
    for package in sorted(packages):
        outside = {
            target
            for name, targets in edges.items()
            if _in(name, package)
            for target in targets
            if not _in(target, package)
        }
        seen: set[str] = set()
        todo = list(outside)
        while todo:
            name = todo.pop()
            assert not _in(name, package), f"{package} is left and entered again at {name}"
            if name not in seen:
                seen.add(name)
                todo.extend(edges.get(name, ()))


def _is_package(name: str) -> bool:
    return (ROOT.joinpath(*name.split(".")) / "__init__.py").is_file()


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


#: The Discord side: it adapts Discord to the table layer's services (``bot.table``).
DISCORD_SIDE = ("bot.chat", "bot.cogs")
#: All the Discord side may import of the store: the records the services hand it and the
#: errors it answers. The interface, the backends and their queries (even the package
#: ``bot.store``, which hands out the interface) sit behind the table layer.
STORE_FOR_DISCORD = frozenset({"bot.store.records", "bot.store.errors"})


def test_chat_and_cogs_import_only_the_stores_records_and_errors(
    everything: dict[str, Imports],
) -> None:
    side = [name for name in everything if any(_in(name, p) for p in DISCORD_SIDE)]
    assert {"bot.chat.clock", "bot.cogs.lobby"} <= set(side), "the reader missed the side"
    for name in side:
        store = {t for t in everything[name].modules if _in(t, "bot.store")}
        assert store <= STORE_FOR_DISCORD, (name, sorted(store - STORE_FOR_DISCORD))


def store_reads(source: str) -> list[int]:
    """The lines of ``source`` that read an attribute named ``store``, of anything."""
    tree = ast.parse(source)
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "store"]


def test_chat_and_cogs_never_reach_a_services_store() -> None:
    """Nor do they read a service's store (``tables.store``, ``services.store``)."""
    assert store_reads("row = await self.tables.store.get(1)\nx.store_of") == [1]
    for package in DISCORD_SIDE:
        for name, path in modules(package).items():
            assert not store_reads(path.read_text(encoding="utf-8")), name


def test_only_main_imports_the_client(everything: dict[str, Imports]) -> None:
    """The wiring lives in ``bot/client.py``; nothing but ``__main__`` depends on it, so a
    module can be read and tested on its own."""
    importers = {name for name, found in everything.items() if "bot.client" in found.modules}
    assert importers == {"bot.__main__"}


#: What the views (cards, messages, components) never import: what a click does (the
#: controls), the use cases (the handlers) and how errors are answered sit above them.
VIEWS_MAY_NOT = ("bot.chat.handlers", "bot.chat.controls", "bot.chat.answers")


def test_views_lay_out_and_never_dispatch(everything: dict[str, Imports]) -> None:
    """A view says how a card or a component looks and what its custom_id carries; what a
    click does is ``bot.chat.controls``'s, which the item finds on the client."""
    views = [name for name in everything if _in(name, "bot.chat.views")]
    assert "bot.chat.views.components" in views, "the reader found no components"
    for name in views:
        for target in project(everything[name]):
            assert not any(_in(target, banned) for banned in VIEWS_MAY_NOT), (name, target)


def test_access_decides_without_the_presenter(everything: dict[str, Imports]) -> None:
    """The gate and the policy read which board is live from ``bot.chat.boards``, which
    the presenter writes: they never import the presenter."""
    access = [name for name in everything if _in(name, "bot.chat.access")]
    assert "bot.chat.access.policy" in access, "the reader found no policy"
    for name in access:
        assert not any(_in(t, "bot.chat.presenter") for t in project(everything[name])), name
