"""No code, test, migration or document cites an issue number: the repository holds no issue
list, so a tag like "issue N" tells a reader nothing. Name the concept or the rule instead."""

from __future__ import annotations

import re
from pathlib import Path

#: The folders the project writes (docs/ARCHITECTURE.md §1), and the README beside them.
FOLDERS = ("bot", "engine", "renders", "i18n", "bench", "tests", "docs", "README.md")
#: The files read there: code, migrations, rules and documents.
SUFFIXES = (".py", ".sql", ".md")
#: "issue" or "issues" (any case of its first letter) and a number, perhaps after a "#" or
#: on the next line.
CITATION = re.compile(r"\b[Ii]ssues?\s+#?[0-9]+")
ROOT = Path(__file__).resolve().parent.parent


def citations(root: Path) -> list[str]:
    """Every line of a file under ``root``'s folders that cites an issue number."""
    found = []
    for folder in FOLDERS:
        top = root / folder
        paths = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in (path for path in paths if path.suffix in SUFFIXES):
            text = path.read_text()
            for match in CITATION.finditer(text):
                number = text.count("\n", 0, match.start()) + 1
                line = text.splitlines()[number - 1]
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_no_file_cites_an_issue_number() -> None:
    found = citations(ROOT)
    assert not found, "name the concept or the rule instead:\n" + "\n".join(found)


def test_a_citation_is_found(tmp_path: Path) -> None:
    """Each way of citing is found, in any of the folders and kinds of file; the word alone,
    another kind of file and a folder outside are not."""
    n = 24
    cited = {
        "bot/chat/x.py": f'"""A rule (Issue {n})."""',
        "tests/y.py": f"# as issues {n} and {n + 1} asked",
        "bench/z.py": f"# see issue #{n}",
        "bot/store/migrations/sqlite/0001_x.sql": f"-- 1: a table (issue {n})",
        "engine/x/RULES.md": f"## At the table (issue {n})",
        "README.md": f"Ratings (issues {n}, {n + 1}) are derived.",
        "tests/wrapped.py": f'"""The boards of results (review of issue\n{n}, D6).',
    }
    for name, line in cited.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(f"# an issue of taste\n{line}\n")
    (tmp_path / "deploy").mkdir()
    (tmp_path / "deploy" / "w.py").write_text(f"# issue {n}, outside the folders\n")
    (tmp_path / "bench" / "data.json").write_text(f'"issue {n}: not a kind of file we write"\n')
    assert sorted(citations(tmp_path)) == sorted(
        f"{name}:2: {line.splitlines()[0]}" for name, line in cited.items()
    )
