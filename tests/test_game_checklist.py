"""docs/ARCHITECTURE.md §11 ("A game") is the whole list of places a new game touches.

The test reads the list and the fifth game of ``tests/fifth_game.py`` (Nim, throw-away):
the places the game's files and registry entries go are exactly the list's, its package's
files are exactly the table's roles, and the test tables keyed by slug are exactly the ones
the tests' step names. Then, in a copy of the tree, it adds the game at those places and
nowhere else, runs the catalogs' steps there, and finds the game wired through every
layer: the catalog, the robots, the coach, both pictures, the cog, the policy's rows and
``/game new``, the robots' ratings, the French catalog; the game-package and layer tests
take it as it is.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from engine import GAMES
from tests.engine.test_game_packages import ROLES
from tests.fifth_game import ANCHORED, ENTRIES, FILES, SLUG, Entry
from tests.imports import ROOT

DOC = ROOT / "docs" / "ARCHITECTURE.md"
#: What the copy of the tree holds: the project, its tests, and what ``make`` reads.
COPIED = ("engine", "i18n", "renders", "bot", "tests", "Makefile", "babel.cfg", "pyproject.toml")
#: The step that is work to do rather than files to write (the catalogs), and the tests'.
CATALOGS, TESTS = "i18n/locale/", "tests/"


def game_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("**A game.**") : text.index("**A command.**")]


def steps() -> list[str]:
    """The numbered steps, each as one line of text."""
    found: list[str] = []
    for line in game_section().splitlines():
        if re.match(r"^\d+\. ", line):
            assert line.startswith(f"{len(found) + 1}. "), f"steps out of order at {line!r}"
            found.append(line.split(" ", 1)[1])
        elif found and line.startswith("   "):
            found[-1] += " " + line.strip()
    return found


def place(step: str) -> str:
    """The place a step names first (``engine/<slug>/``)."""
    match = re.match(r"`([^`]+)`", step)
    assert match, f"a step starts with its place in backticks: {step!r}"
    return match.group(1)


def places() -> list[str]:
    return [place(step) for step in steps()]


def covers(where: str, path: str) -> bool:
    where = where.replace("<slug>", SLUG)
    return path.startswith(where) if where.endswith("/") else path == where


def written() -> list[str]:
    """Every path the fifth game writes: its files and the registries it joins."""
    return [*FILES, *(entry.path for entry in ENTRIES)]


def test_the_list_has_each_place_once() -> None:
    listed = places()
    assert len(set(listed)) == len(listed), listed
    assert CATALOGS in listed and TESTS in listed


def test_every_place_the_fifth_game_writes_is_listed_and_every_listed_file_is_written() -> None:
    files = [where for where in places() if where != CATALOGS]
    for path in written():
        assert sum(covers(where, path) for where in files) == 1, f"{path}: not in §11 once"
    for where in files:
        assert any(covers(where, path) for path in written()), f"§11 lists {where}, unused"


def test_each_registry_step_names_its_registry() -> None:
    by_place = {place(step): step for step in steps()}
    for entry in ENTRIES:
        assert f"`{entry.registry}`" in by_place[entry.path], entry


def test_the_package_table_is_every_role_of_a_game_and_the_fifth_game_has_them() -> None:
    table = set(re.findall(r"^\| `([^`]+)` \|", game_section(), re.MULTILINE))
    assert table == set(ROLES) | {"RULES.fr.md"}
    package = f"engine/{SLUG}/"
    assert {path.removeprefix(package) for path in FILES if path.startswith(package)} == table


def names_every_game(node: ast.AST) -> bool:
    """A literal (tuple, list, set or dict) whose strings include every game's slug."""
    if not isinstance(node, ast.Tuple | ast.List | ast.Set | ast.Dict):
        return False
    strings = {
        inner.value
        for inner in ast.walk(node)
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str)
    }
    return set(GAMES) <= strings


def slug_tables() -> set[str]:
    """The test modules holding a table keyed by slug (one that names every game)."""
    found = set()
    for path in sorted((ROOT / "tests").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if not all(f'"{slug}"' in source for slug in GAMES):
            continue
        if any(names_every_game(node) for node in ast.walk(ast.parse(source))):
            found.add(path.relative_to(ROOT).as_posix())
    return found


def test_the_test_tables_keyed_by_slug_are_the_ones_the_tests_step_names() -> None:
    step = next(step for step in steps() if place(step) == TESTS)
    named = set(re.findall(r"`(tests/[^`<]+\.py)`", step))
    assert named == slug_tables()


def assigned(tree: ast.Module, name: str) -> ast.expr:
    """The value a module assigns to ``name`` at its top level."""
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if any(isinstance(target, ast.Name) and target.id == name for target in targets):
            return value
    raise AssertionError(f"no {name} = … at the top of the module")


def add_entry(source: str, entry: Entry) -> str:
    """A registry module's ``source`` with ``entry``: its import after the module's last
    import, its items after the last one of the registry's listing (a tuple, a call's
    arguments or a dict)."""
    if entry.module:
        tree = ast.parse(source)
        imports = [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
        lines = source.splitlines(keepends=True)
        lines.insert(max(node.end_lineno or 0 for node in imports), entry.module + "\n")
        source = "".join(lines)
    listing = assigned(ast.parse(source), entry.registry)
    if isinstance(listing, ast.Call):
        items = listing.args
    elif isinstance(listing, ast.Dict):
        items = listing.values
    else:
        items = getattr(listing, "elts", [])
    assert items, f"{entry.path}: {entry.registry} lists nothing to add to"
    last = items[-1]
    assert last.end_lineno is not None and last.end_col_offset is not None
    encoded = source.encode()
    line_starts = [0]
    for line in encoded.splitlines(keepends=True):
        line_starts.append(line_starts[-1] + len(line))
    at = line_starts[last.end_lineno - 1] + last.end_col_offset
    return (encoded[:at] + f", {entry.entry}".encode() + encoded[at:]).decode()


def files_of(tree: Path) -> dict[str, bytes]:
    return {
        path.relative_to(tree).as_posix(): path.read_bytes()
        for path in tree.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and not path.name.endswith(".mo")
    }


def run(copy: Path, *command: str) -> str:
    """``command`` in the copy, on the copy's code (never the checkout's)."""
    env = {**os.environ, "PYTHONPATH": str(copy)}
    done = subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return done.stdout


def pytest_in(copy: Path, *arguments: str) -> None:
    """Tests of the copy, run there on the copy's code."""
    run(copy, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", *arguments)


def make(copy: Path, target: str) -> None:
    """``make target`` in the copy, with this interpreter's environment taken as it is."""
    venv = sys.prefix
    run(copy, "make", "--no-print-directory", f"VENV={venv}", "-o", f"{venv}/.installed", target)


def in_french(copy: Path) -> set[str]:
    """Every French entry ``make catalogs`` left empty, given a French stand-in (its
    English): the words a translator writes at step 7. Returns their message ids."""
    filled: set[str] = set()
    for domain in ("turnstile", "commands"):
        path = copy / "i18n" / "locale" / "fr" / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as file:
            catalog = read_po(file)
        for message in catalog:
            if message.id and not message.string:
                message.string = message.id
                filled.add(str(message.id if isinstance(message.id, str) else message.id[0]))
        with path.open("wb") as file:
            write_po(file, catalog, width=0)
    return filled


#: Run in the copy: the fifth game through every layer, as facts for the test to check.
PROBE = """
import json, sys
from engine import GAMES, Rng, get_game
from engine.ai import level_notes, playbook_of
from engine.catalog import kit_of
from engine.coach import action_help, hints, learn_brief
from i18n import lang
import renders
from bot.cogs import roster
from bot.common.ratings import anchor
from bot.cogs.lobby import new_table_commands

slug = sys.argv[1]
game, kit = get_game(slug), kit_of(slug)
facts = {"games": list(GAMES), "playbook": playbook_of(game) is kit.playbook}
for level in game.ai_levels:
    state = game.setup(["a", "b"], seed=3)
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        state, _ = game.play(state, seat, game.ai_move(state, seat, Rng(len(state)), level))
    facts[level] = game.outcome(state).winners
state = game.setup(["a", "b"], seed=3)
facts["notes"] = sorted(level_notes(game))
facts["hints"] = [hint.code for hint in hints(game, state, "a", Rng(1), budget=8)]
facts["brief"] = len(learn_brief(game, state, "a"))
group = game.move_group(state, "a", game.legal_moves(state, "a")[0])
french = lang("fr")
facts["help"] = french.say(action_help(game, group))
facts["summary"] = [french.say(line) for line in game.summary]
board = renders.board(slug, game.view(state, None), lang=french)
hand = renders.hand(slug, game.view(state, "a"), lang=french)
facts["pictures"] = [board[:8].hex(), hand[:8].hex(), list(renders.colour(slug))]
cog = roster.GAME_COGS[slug]
facts["cog"] = [cog.slug, cog in roster.COGS, cog.move_commands()]
facts["rules"] = sorted(name for name in roster.COMMANDS if name.split()[0] == slug)
ratings = {level: anchor(slug, level) for level in game.ai_levels}
facts["anchors"] = {level: [rating.mu, rating.sigma] for level, rating in ratings.items()}
new = {command.name: command for command in new_table_commands().commands}
facts["new"] = {
    parameter.name: sorted(choice.value for choice in parameter.choices)
    for parameter in new[slug].parameters
    if parameter.choices
}
print(json.dumps(facts))
"""


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tree with the fifth game added at §11's places, catalogs made and in French."""
    tree = tmp_path_factory.mktemp("fifth-game")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, tree / name)
    for path, text in FILES.items():
        (tree / path).parent.mkdir(parents=True, exist_ok=True)
        (tree / path).write_text(text, encoding="utf-8")
    for entry in ENTRIES:
        registry = tree / entry.path
        registry.write_text(add_entry(registry.read_text(encoding="utf-8"), entry), "utf-8")
    return tree


def test_the_catalog_steps_reach_the_fifth_games_words_and_touch_nothing_else(copy: Path) -> None:
    """The catalogs' step: ``make catalogs`` changes the catalogs alone and adds the game's
    words and commands; each needs its French; ``make catalogs-compile`` then serves them."""
    before = files_of(copy)
    make(copy, "catalogs")
    after = files_of(copy)
    changed = {path for path in after if before.get(path) != after[path]}
    assert changed and all(path.startswith(CATALOGS) for path in changed), sorted(changed)
    filled = in_french(copy)
    assert {
        "Take one to three pebbles from the pile in turn.",
        "Take pebbles from the pile",
    } <= filled
    make(copy, "catalogs-compile")
    pytest_in(
        copy,
        "tests/i18n/test_catalogs.py::test_every_word_of_the_code_is_translated",
    )


def test_the_fifth_game_is_wired_through_every_layer(copy: Path) -> None:
    facts = json.loads(run(copy, sys.executable, "-c", PROBE, SLUG).splitlines()[-1])
    assert facts["games"] == [*GAMES, SLUG]
    assert facts["playbook"]
    assert all(facts[level] for level in ("easy", "normal", "hard"))
    assert facts["notes"] == ["easy", "hard", "normal"]
    assert facts["hints"] and facts["brief"] == 1
    assert facts["help"] and len(facts["summary"]) == 2
    png = "89504e470d0a1a0a"
    assert facts["pictures"] == [png, png, [120, 90, 40]]
    assert facts["cog"] == [SLUG, True, ["take"]]
    assert facts["rules"] == [f"{SLUG} take"]
    assert facts["anchors"] == {level: list(rating) for level, rating in ANCHORED.items()}
    assert facts["new"]["pile"] == ["12", "30"]


def test_the_fifth_game_plays_a_whole_game_through_the_discord_double(copy: Path) -> None:
    """Its own test (the tests' step): ``/game new nim``, ``/game join``, ``/game start``,
    then ``/nim take`` to the final ranking, through the bot as it runs (one store is
    enough here: the store knows no game)."""
    tests = [path for path in FILES if covers(TESTS, path)]
    assert tests
    pytest_in(copy, *tests, "-k", "sqlite")


def test_the_existing_rules_for_games_and_layers_take_the_fifth_game_as_it_is(
    copy: Path,
) -> None:
    """The game-package test (roles, imports, hooks, kit, rules in French) and the layer
    test run in the copy over the fifth game, unchanged."""
    pytest_in(
        copy,
        "tests/engine/test_game_packages.py",
        "tests/test_layers.py",
        "-k",
        f"{SLUG} or not ({' or '.join(GAMES)})",
    )
