"""Every marked word reaches the catalogs: Babel's extraction, which ``make
catalogs`` runs, does not look inside f-strings nor into a marker nested in another
marker's arguments, so a ``tx(...)`` written there would be said in English in every
language (the pseudo-language, which accents any message id, cannot see it). This test
reads the code's syntax trees itself and requires every marker call with a literal
message id to be one Babel extracts."""

from __future__ import annotations

import ast

from tests.i18n.sources import ROOT, extracted

#: Each marker: (index of the message id, index of the context or None).
MARKERS = {"tx": (0, None), "txn": (0, None), "txc": (1, 0), "txcn": (1, 0)}
TOPS = ("engine", "renders", "bot", "i18n")


def literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def marked(source: str) -> list[tuple[str | None, str, int]]:
    """(context, msgid, line) of every marker call in ``source`` with a literal id."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id not in MARKERS:
            continue
        at, context_at = MARKERS[node.func.id]
        msgid = literal(node.args[at]) if len(node.args) > at else None
        if msgid is None:
            continue
        context = literal(node.args[context_at]) if context_at is not None else None
        found.append((context, msgid, node.lineno))
    return found


def test_every_marker_call_is_extracted() -> None:
    known = extracted()
    calls = [
        (path, context, msgid, line)
        for top in TOPS
        for path in sorted((ROOT / top).rglob("*.py"))
        for context, msgid, line in marked(path.read_text(encoding="utf-8"))
    ]
    assert len(calls) > 500, "the walk found few markers: it would pass on nothing"
    missed = [
        f"{path.relative_to(ROOT)}:{line}: {msgid!r}"
        for path, context, msgid, line in calls
        if (context, msgid) not in known
    ]
    assert not missed, "marked but not extracted (in an f-string, or nested in a marker):\n" + (
        "\n".join(missed)
    )


def test_the_walk_finds_what_extraction_misses() -> None:
    """The check itself: markers in an f-string and nested in a marker are found."""
    source = 'a = f"{say(tx(\'In an f-string.\'))}"\nb = txc("g", "Out {x}", x=txc("g", "In"))\n'
    assert {(c, m) for c, m, _ in marked(source)} == {
        (None, "In an f-string."),
        ("g", "Out {x}"),
        ("g", "In"),
    }
