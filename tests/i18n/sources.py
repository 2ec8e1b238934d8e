"""The words the code holds, read the way ``make catalogs`` reads them (Babel's extraction
with engine.text's markers), so a test can hold each catalog to the code of today."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"tx": None, "txn": (1, 2), "txc": ((1, "c"), 2), "txcn": ((1, "c"), 2, 3)}
METHODS = [(f"{top}/**.py", "python") for top in ("engine", "renders", "bot", "i18n")]
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class Source:
    """One message of the code: its id (with its plural and context) and where it is."""

    msgid: str
    plural: str | None
    context: str | None
    where: str


def extracted() -> dict[tuple[str | None, str], Source]:
    """Every message the code marks, by (context, msgid)."""
    found: dict[tuple[str | None, str], Source] = {}
    for filename, line, message, _comments, context in extract_from_dir(
        ROOT, METHODS, keywords=KEYWORDS, comment_tags=("i18n:",)
    ):
        msgid, plural = (message, None) if isinstance(message, str) else message[:2]
        found.setdefault((context, msgid), Source(msgid, plural, context, f"{filename}:{line}"))
    return found


def catalog(code: str, domain: str = "turnstile") -> Catalog:
    """Language ``code``'s catalog of ``domain`` as its ``.po`` file holds it."""
    path = ROOT / "i18n" / "locale" / code / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as po:
        return read_po(po, locale=code, domain=domain)


def placeholders(words: str) -> set[str]:
    return set(PLACEHOLDER.findall(words))
