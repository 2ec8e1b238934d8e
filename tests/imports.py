"""What the project's modules import, read from their source with ``ast`` (nothing is
imported): for the layering test and the game-package test."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

#: The repository root: the project's packages live here.
ROOT = Path(__file__).resolve().parent.parent
#: The project's packages, lowest layer first.
PACKAGES = ("engine", "i18n", "renders", "bot")

#: Built-in functions that reach outside the process (files, the terminal, the debugger)
#: or run text as code.
IO_BUILTINS = frozenset({"open", "input", "print", "breakpoint", "exec", "eval", "__import__"})


@dataclass
class Imports:
    """One module's imports, wherever they are written (top level, inside functions or
    classes, under ``TYPE_CHECKING``)."""

    #: Absolute names; ``from a import b`` counts as ``a.b`` when that is a project
    #: module, else as ``a``; relative imports are resolved.
    modules: set[str] = field(default_factory=set)
    #: Top-level package names loaded by ``importlib.import_module`` (or ``__import__``)
    #: from a literal or an f-string's fixed start: ``f"engine.{slug}"`` -> ``engine``.
    dynamic: set[str] = field(default_factory=set)
    #: Built-in functions of ``IO_BUILTINS`` that the module calls.
    builtins: set[str] = field(default_factory=set)
    #: Whether the module loads a module by name (``importlib.import_module`` or
    #: ``__import__``), whatever the name is made of.
    by_name: bool = False

    def tops(self) -> set[str]:
        """Top-level package names, static and dynamic: what a layer may not touch."""
        return {name.partition(".")[0] for name in self.modules} | self.dynamic


def is_module(name: str) -> bool:
    """Whether ``name`` is a module or package of the project."""
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: str) -> dict[str, Path]:
    """Every module of a project package, by name."""
    return {module_name(path): path for path in sorted((ROOT / package).rglob("*.py"))}


def _absolute(node: ast.ImportFrom, here: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = here.split(".") if is_package else here.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _fixed_start(arg: ast.expr) -> str | None:
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if isinstance(arg, ast.JoinedStr) and arg.values:
        first = arg.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    return None


def _called(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def read(path: Path) -> Imports:
    """The imports of the module at ``path``."""
    source = path.read_text(encoding="utf-8")
    return read_source(source, module_name(path), path.name == "__init__.py")


def read_source(source: str, here: str, is_package: bool = False) -> Imports:
    """The imports of module ``here`` whose text is ``source``."""
    found = Imports()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, here, is_package)
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.modules.add(whole if is_module(whole) else base)
        elif isinstance(node, ast.Call):
            called = _called(node)
            if called in ("import_module", "__import__"):
                found.by_name = True
            if called in ("import_module", "__import__") and node.args:
                start = _fixed_start(node.args[0])
                if start:
                    found.dynamic.add(start.partition(".")[0])
            if isinstance(node.func, ast.Name) and called in IO_BUILTINS:
                found.builtins.add(called)
    return found


def graph(*packages: str) -> dict[str, Imports]:
    """Module name -> its imports, for every module of ``packages``."""
    return {name: read(path) for package in packages for name, path in modules(package).items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle among ``edges`` (as the path that closes it), or ``None``."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        if node in on_path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        on_path.add(node)
        for target in sorted(edges.get(node, ())):
            found = visit(target)
            if found:
                return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for node in sorted(edges):
        found = visit(node)
        if found:
            return found
    return None
