"""No code or test cites an issue number: the repository holds no issue list, so a tag like
"issue N" tells a reader nothing. A comment names the concept or the rule instead."""

from __future__ import annotations

import re
from pathlib import Path

#: The folders of Python the project writes (docs/ARCHITECTURE.md §1).
FOLDERS = ("bot", "engine", "renders", "i18n", "bench", "tests")
#: "issue" or "issues" (any case of its first letter) and a number, perhaps after a "#".
CITATION = re.compile(r"\b[Ii]ssues? #?[0-9]+")
ROOT = Path(__file__).resolve().parent.parent


def citations(root: Path) -> list[str]:
    """Every line of a ``.py`` file under ``root``'s folders that cites an issue number."""
    found = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text().splitlines(), start=1):
                if CITATION.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_no_python_file_cites_an_issue_number() -> None:
    found = citations(ROOT)
    assert not found, "name the concept or the rule instead:\n" + "\n".join(found)


def test_a_citation_is_found(tmp_path: Path) -> None:
    """Each way of citing is found, in any of the folders; the word alone is not."""
    n = 24
    cited = {
        "bot/chat/x.py": f'"""A rule (Issue {n})."""',
        "tests/y.py": f"# as issues {n} and {n + 1} asked",
        "bench/z.py": f"# see issue #{n}",
    }
    for name, line in cited.items():
        (tmp_path / name).parent.mkdir(parents=True)
        (tmp_path / name).write_text(f"# an issue of taste\n{line}\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "w.py").write_text(f"# issue {n}, outside the folders\n")
    assert sorted(citations(tmp_path)) == sorted(
        f"{name}:2: {line}" for name, line in cited.items()
    )
