"""Putting :class:`engine.text.Text` into a reader's language (docs/ARCHITECTURE.md §12).

GNU gettext catalogs managed with Babel: English is the source language; each language
has ``i18n/locale/<code>/LC_MESSAGES/turnstile.po`` in the repository, compiled to ``.mo``
by the build (``make catalogs-compile``, run by ``make run`` and ``make test``). A
checkout that was never built still speaks every language: a missing or outdated ``.mo``
is compiled in memory from its ``.po`` at first use.

Numbers, plurals and lists follow the language through Babel (fr: « 1 500 », « 2 tuiles »,
« Alice, Bob et Chloé »). ``en-XA`` is a pseudo-language for tests: every catalog string
comes out accented, bracketed and a third longer, so a test can find any text that did
not come through a catalog.
"""

from __future__ import annotations

import functools
import gettext
import io
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from engine.text import Text

log = logging.getLogger(__name__)

DOMAIN = "turnstile"
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE = "en"
PSEUDO = "en-XA"


def _catalog_codes() -> tuple[str, ...]:
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *found)


#: The languages a player may read: English and every language with a catalog.
LANGUAGES: tuple[str, ...] = _catalog_codes()


class Lang:
    """One language: puts texts into its words, writes its numbers and lists."""

    def __init__(self, code: str, catalog: gettext.NullTranslations) -> None:
        self.code = code
        self.catalog = catalog
        self.locale = Locale.parse(SOURCE if code == PSEUDO else code.replace("-", "_"))

    def __repr__(self) -> str:
        return f"Lang({self.code!r})"

    def say(self, text: str) -> str:
        """``text`` in this language; a plain string (a name, a code, or a line stored before
        texts had ids) is returned as it is."""
        if not isinstance(text, Text):
            return text
        if text.plural is not None:
            # Plural rules are on the number's size (CLDR's operand n is absolute, and
            # gettext formulas expect n >= 0): "-1 point" as "1 point".
            count = abs(text.quantity) if text.quantity is not None else 0
            if text.context is not None:
                words = self.catalog.npgettext(text.context, text.msgid, text.plural, count)
            else:
                words = self.catalog.ngettext(text.msgid, text.plural, count)
        elif text.context is not None:
            words = self.catalog.pgettext(text.context, text.msgid)
        else:
            words = self.catalog.gettext(text.msgid)
        if self.code == PSEUDO:
            words = pseudo(words)
        if not text.values:
            return words
        return words.format_map({k: self.value(v) for k, v in text.values.items()})

    __call__ = say

    def value(self, value: Any) -> str:
        """One value of a text, written this language's way."""
        if isinstance(value, str):
            return self.say(value)
        if isinstance(value, int | float) and not isinstance(value, bool):
            # As the plain number it is: a subclass may write its own English ("1,775").
            return self.number(int(value) if isinstance(value, int) else float(value))
        if isinstance(value, Sequence):
            return self.list([self.value(v) for v in value])
        raise TypeError(f"a Text value cannot be a {type(value).__name__}")

    def number(self, number: float) -> str:
        return _decimal(number, str(self.locale))

    def list(self, items: Sequence[str]) -> str:
        return str(format_list(list(items), locale=self.locale)) if items else ""


@functools.lru_cache(maxsize=4096)
def _decimal(number: float, locale: str) -> str:
    """``number`` written the ``locale``'s way. Babel reads the locale's pattern on every
    call (over 0.1 ms); a board writes the same few dozen numbers render after render."""
    return str(format_decimal(number, locale=locale))


@functools.cache
def lang(code: str) -> Lang:
    """The language ``code`` (one of :data:`LANGUAGES`, or the pseudo-language)."""
    if code in (SOURCE, PSEUDO):
        return Lang(code, gettext.NullTranslations())
    if code not in LANGUAGES:
        raise LookupError(f"no catalog for {code!r}")
    return Lang(code, translations(code))


def for_locale(locale: str | None, default: str = SOURCE) -> Lang:
    """The language to answer a Discord locale (``fr``, ``en-US``, ``pt-BR``…) in: the same
    language, else the same language without its region, else ``default``."""
    if locale:
        if locale in LANGUAGES or locale == PSEUDO:
            return lang(locale)
        base = locale.split("-")[0]
        if base in LANGUAGES:
            return lang(base)
    return lang(default)


def catalog_language(locale: str) -> str | None:
    """The language with a catalog that a Discord locale (``fr``, ``pt-BR``…) reads, or
    None for English and for languages Turnstile does not speak yet."""
    for code in (locale, locale.split("-")[0]):
        if code in LANGUAGES and code != SOURCE:
            return code
    return None


@functools.cache
def translations(code: str, domain: str = DOMAIN) -> gettext.GNUTranslations:
    """The catalog of ``domain`` (``turnstile``: what players read; ``commands``: the slash
    commands' names) in language ``code``: the compiled one, or the ``.po`` compiled now
    when it was not built (or is older than its source)."""
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    log.info("compiling the %s catalog in memory (run `make catalogs-compile`)", code)
    with po.open("rb") as source:
        catalog = read_po(source, locale=code, domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçďéƒĝĥîĵķĺɱñöþʠŕšţûṽŵẋýžÀƁÇĎÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)


def pseudo(words: str) -> str:
    """The pseudo-language's form of a catalog string: letters accented, a third longer,
    between ⟦ ⟧. Placeholders (``{name}``), Markdown marks and link targets are kept."""
    out: list[str] = []
    depth = 0
    letters = 0
    i = 0
    while i < len(words):
        char = words[i]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "(" and i > 0 and words[i - 1] == "]":
            end = words.find(")", i)
            if end != -1:  # a Markdown link's target stays a working address
                out.append(words[i : end + 1])
                i = end + 1
                continue
        if depth == 0 and char.isascii() and char.isalpha():
            letters += 1
            out.append(char.translate(_ACCENTED))
        else:
            out.append(char)
        i += 1
    padding = "·" * (letters // 3)
    return f"⟦{''.join(out)}{padding}⟧"
