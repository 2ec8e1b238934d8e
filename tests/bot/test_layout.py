"""DESIGN.md §1: imports inside bot/ flow one way, and nothing imports client.py but
__main__.py (the wiring), so a module can be read and tested on its own."""

from __future__ import annotations

import ast
from pathlib import Path

import bot

ROOT = Path(bot.__file__).parent


def imports() -> dict[str, set[str]]:
    """bot module name -> the bot modules it imports (at any level, TYPE_CHECKING included)."""
    graph: dict[str, set[str]] = {}
    for path in ROOT.rglob("*.py"):
        name = ".".join(("bot", *path.relative_to(ROOT).with_suffix("").parts))
        name = name.removesuffix(".__init__")
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bot"):
                if node.module == "bot":
                    found |= {f"bot.{alias.name}" for alias in node.names}
                else:
                    found.add(node.module)
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("bot.")}
        graph[name] = found
    return graph


def test_no_import_cycles_in_bot() -> None:
    graph = imports()
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for target in graph.get(module, set()):
            visit(target, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())


def test_only_main_imports_the_client() -> None:
    importers = {m for m, targets in imports().items() if "bot.client" in targets}
    assert importers == {"bot.__main__"}
