"""Every game is built the same way (docs/ARCHITECTURE.md §11): the same files in the same
roles, and the contract's hooks provided by each game."""

from __future__ import annotations

import importlib
import re
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from engine import GAMES, Game, Rng, get_game
from engine.ai import choose, playbook_of
from engine.catalog import kit_of
from engine.playbook import Playbook
from i18n import LANGUAGES
from tests.imports import ROOT, read

ENGINE = ROOT / "engine"

#: File name -> role. A name in this list means the same thing in every game.
ROLES = {
    "__init__.py": "declares the game's KIT; re-exports GAME and the Game subclass",
    "rules.py": "the Game subclass and GAME",
    "data.py": "the components",
    "views.py": "what each viewer may see",
    "summary.py": "the summary for players",
    "RULES.md": "our reading of the rulebook",
    "ai.py": "the easy robot's rules of thumb",
    "sampling.py": "what a seat knows, and samples of it",
    "playbook.py": "the search settings",
    "wording.py": "the components' names and the game's words, as texts for the catalogs",
    "coaching.py": "what each move is for, and the help on each action",
}
#: ``RULES.md`` in another language (``RULES.fr.md``): what ``/rules`` shows a reader of that
#: language (docs/ARCHITECTURE.md §12); French is required of every game, another is not.
TRANSLATED_RULES = re.compile(r"^RULES\.([a-z]{2,3}(?:-[A-Z]{2})?)\.md$")

#: Hooks of the contract that every game answers in its own way. The shared defaults are
#: placeholders (random moves, one "Score" line, no public buttons, menus named after the
#: code, never undoable, never news) that no real game should keep.
OWN_HOOKS = (
    "breakdown",
    "heuristic_move",
    "public_moves",
    "move_group",
    "undoable",
    "announces",
)


def module(slug: str, role: str) -> ModuleType:
    return importlib.import_module(f"engine.{slug}.{role}")


def imported(slug: str, role: str) -> set[str]:
    """The engine modules a game module imports."""
    found = read(ENGINE / slug / f"{role}.py").modules
    return {name for name in found if name.partition(".")[0] == "engine"}


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_has_every_role(slug: str) -> None:
    files = {path.name for path in (ENGINE / slug).iterdir() if path.is_file()}
    assert set(ROLES) <= files, f"engine/{slug} lacks {sorted(set(ROLES) - files)}"


def test_a_file_name_two_games_share_is_a_role() -> None:
    """A helper is named for what it holds in its game; a name used by two games is one
    of the roles, so it means the same in both (no ``table.py`` meaning three things)."""
    counts = Counter(
        path.name for slug in GAMES for path in (ENGINE / slug).iterdir() if path.is_file()
    )
    shared = {name for name, count in counts.items() if count > 1}
    roles = set(ROLES) | {name for name in shared if TRANSLATED_RULES.match(name)}
    assert shared <= roles, sorted(shared - roles)


def translated_rules() -> list[Path]:
    return sorted(
        path
        for slug in GAMES
        for path in (ENGINE / slug).iterdir()
        if TRANSLATED_RULES.match(path.name)
    )


def outline(path: Path) -> tuple[int, ...]:
    """The shape of a rules file: its sections, table rows, items and tests named."""
    text = path.read_text(encoding="utf-8")
    marks = (r"^## ", r"^\|", r"^- ", r"^\d+\. ", r"`test_\w+`")
    return tuple(len(re.findall(mark, text, re.MULTILINE)) for mark in marks)


@pytest.mark.parametrize("path", translated_rules(), ids=lambda path: str(path.relative_to(ENGINE)))
def test_rules_in_another_language_follow_the_english(path: Path) -> None:
    """A game's ``RULES.<code>.md`` is its ``RULES.md`` in a language Turnstile speaks
    (``/rules`` in French): the same sections, tables, items and tests."""
    code = TRANSLATED_RULES.match(path.name)
    assert code is not None and code.group(1) in LANGUAGES
    assert outline(path) == outline(path.with_name("RULES.md"))


def test_every_game_has_its_rules_in_french() -> None:
    """``/rules`` in French: every game has ``RULES.fr.md``."""
    assert set(GAMES) <= {p.parent.name for p in translated_rules() if p.name == "RULES.fr.md"}


@pytest.mark.parametrize("slug", GAMES)
def test_game_is_defined_in_rules_and_found_by_its_slug(slug: str) -> None:
    rules = module(slug, "rules")
    package = importlib.import_module(f"engine.{slug}")
    game = get_game(slug)
    assert game is rules.GAME is package.GAME
    assert type(game).__module__ == rules.__name__
    assert getattr(package, type(game).__name__) is type(game)
    assert game.slug == slug


@pytest.mark.parametrize("slug", GAMES)
def test_the_package_declares_the_games_kit_from_its_own_files(slug: str) -> None:
    """The catalog's entry is the package's ``KIT``: the rules' ``GAME``, the playbook's
    ``PLAYBOOK`` and the functions of ``coaching.py``, which the robots and the coach read."""
    kit = kit_of(slug)
    assert kit is importlib.import_module(f"engine.{slug}").KIT
    assert kit.game is module(slug, "rules").GAME
    assert kit.playbook is module(slug, "playbook").PLAYBOOK is playbook_of(kit.game)
    coaching = module(slug, "coaching")
    assert kit.coaching.explain is coaching.explain
    assert kit.coaching.action_help is coaching.action_help


@pytest.mark.parametrize("slug", GAMES)
def test_rules_build_on_the_views_the_rules_of_thumb_and_the_summary(slug: str) -> None:
    uses = imported(slug, "rules")
    assert {f"engine.{slug}.{role}" for role in ("views", "ai", "data", "summary")} <= uses
    assert get_game(slug).summary == module(slug, "summary").SUMMARY


@pytest.mark.parametrize("slug", GAMES)
def test_component_data_stands_alone(slug: str) -> None:
    """An owner of the box corrects ``data.py`` without reading any other engine module."""
    assert imported(slug, "data") == set()


@pytest.mark.parametrize("slug", GAMES)
def test_the_playbook_searches_with_the_games_own_sampling(slug: str) -> None:
    book = module(slug, "playbook").PLAYBOOK
    sampling = module(slug, "sampling")
    assert isinstance(book, Playbook)
    assert book.knowledge is sampling.knowledge
    assert book.sample is sampling.sample


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_answers_the_contracts_hooks_itself(slug: str) -> None:
    game_class = type(get_game(slug))
    for hook in OWN_HOOKS:
        assert getattr(game_class, hook) is not getattr(Game, hook), f"{slug} lacks {hook}"
    assert not game_class.__abstractmethods__
    # The robots have one entry point for every game (engine.ai); no game replaces it.
    assert game_class.ai_move is Game.ai_move


@pytest.mark.parametrize("slug", GAMES)
def test_ai_move_is_the_robots_entry_point(slug: str) -> None:
    """``Game.ai_move`` (the contract's name) forwards to ``engine.ai.choose``."""
    game = get_game(slug)
    state = game.setup([f"p{i}" for i in range(game.max_players)], seed=5)
    rng = Rng.from_seed(5)
    for _ in range(12):
        seat = game.waiting_for(state)[0]
        code = game.ai_move(state, seat, Rng(rng.state), "easy")
        assert code == choose(game, state, seat, Rng(rng.state), "easy")
        state, _ = game.play(state, seat, code)
        rng.next_u64()
