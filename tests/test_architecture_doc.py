"""docs/ARCHITECTURE.md §1 names every module of the engine's shared part, the languages,
the renders and the bot, and nothing that is gone: a newcomer reads the tree there. Read
from the page's tree itself, so the page and the code cannot drift apart."""

from __future__ import annotations

import re
from pathlib import Path

from engine import GAMES

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ARCHITECTURE.md"
#: The folders whose every module §1 lists (a game's own package is §11's table).
COVERED = ("engine", "i18n", "renders", "bot")
#: A tree line that names an entry: a name ending in ``/`` or ``.py`` at two spaces per
#: level; its description's continuation lines sit further right.
ENTRY = re.compile(r"^( {0,8})([\w<>.]+(?:/|\.py))(?:\s|$)")


def section_one(text: str) -> str:
    start = text.index("## 1. Layers")
    end = text.index("\n## 2.", start)
    return text[start:end]


def listed(section: str) -> tuple[set[str], set[str]]:
    """The paths the tree names: modules, and folders listed with no entries under them
    (which stand for all they hold)."""
    block = section.split("```", 2)[1]
    stack: list[tuple[int, str]] = []
    paths: list[tuple[int, str]] = []
    for line in block.splitlines():
        found = ENTRY.match(line)
        if not found:
            continue
        depth = len(found.group(1)) // 2
        name = found.group(2)
        while stack and stack[-1][0] >= depth:
            stack.pop()
        path = "/".join([part for _, part in stack] + [name.rstrip("/")])
        paths.append((depth, path + ("/" if name.endswith("/") else "")))
        if name.endswith("/"):
            stack.append((depth, name.rstrip("/")))
    modules = {path for _, path in paths if not path.endswith("/")}
    folders = {path.rstrip("/") for _, path in paths if path.endswith("/")}
    whole = {f for f in folders if not any(p.startswith(f + "/") for p in modules | folders)}
    return modules, whole


def expand(paths: set[str]) -> set[str]:
    """``<game>`` in a name stands for each game's slug."""
    return {p.replace("<game>", slug) for p in paths for slug in GAMES} | {
        p for p in paths if "<game>" not in p
    }


def in_tree() -> set[str]:
    return {
        path.relative_to(ROOT).as_posix()
        for top in COVERED
        for path in (ROOT / top).rglob("*.py")
        if "__pycache__" not in path.parts
    }


def test_every_module_is_named_in_section_one() -> None:
    modules, whole = listed(section_one(DOC.read_text()))
    names = expand(modules)
    folders = expand(whole)
    missing = sorted(
        path
        for path in in_tree()
        if path not in names
        and not path.endswith("/__init__.py")
        and not any(path.startswith(folder + "/") for folder in folders)
    )
    assert not missing, f"docs/ARCHITECTURE.md §1 does not name: {missing}"


def test_every_module_named_in_section_one_exists() -> None:
    """A ``<game>`` entry stands for the games that have it: at least one must."""
    modules, whole = listed(section_one(DOC.read_text()))
    gone = sorted(
        path
        for path in modules
        if path.partition("/")[0] in COVERED
        and not any((ROOT / one).is_file() for one in expand({path}))
    )
    assert not gone, f"docs/ARCHITECTURE.md §1 names what is gone: {gone}"
    assert all((ROOT / folder).is_dir() for folder in expand(whole)), sorted(whole)


SAMPLE = """## 1. Layers

```
engine/              the rules
  core.py              the contract
  <game>/              one package per game
bot/
  chat/                Discord
    gone.py              a module that moved away
                         (its description goes on here: not an entry)
```
"""


def test_the_reader_sees_nesting_placeholders_and_continuations() -> None:
    """The test's own eyes: a folder's entries nest under it, ``<game>`` stands for every
    game, a continuation line names nothing, and a module gone is seen as gone."""
    modules, whole = listed(section_one(SAMPLE + "\n## 2. Next\n"))
    assert modules == {"engine/core.py", "bot/chat/gone.py"}
    assert whole == {"engine/<game>"}
    assert expand(whole) == {f"engine/{slug}" for slug in GAMES}
    assert not (ROOT / "bot/chat/gone.py").exists()
