"""Every language's catalog holds every word of the code, finished and faithful to its
placeholders (no entry missing or fuzzy), and French reads like French."""

from __future__ import annotations

import re

import pytest

from i18n import LANGUAGES, SOURCE
from tests.i18n.sources import Source, catalog, extracted, placeholders

TRANSLATED = [code for code in LANGUAGES if code != SOURCE]


def forms(string: str | tuple[str, ...] | list[str] | None) -> list[str]:
    """A message's id or translations: one, or one per plural form."""
    if string is None:
        return []
    return [string] if isinstance(string, str) else list(string)


def show(lines: list[str]) -> str:
    return "\n".join(lines[:40])


def test_there_is_a_french_catalog() -> None:
    assert "fr" in TRANSLATED


@pytest.fixture(scope="module")
def sources() -> dict[tuple[str | None, str], Source]:
    return extracted()


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_word_of_the_code_is_translated(
    code: str, sources: dict[tuple[str | None, str], Source]
) -> None:
    entries = {(m.context, forms(m.id)[0]): m for m in catalog(code) if m.id}
    missing = [f"{s.where} {s.msgid!r}" for key, s in sources.items() if key not in entries]
    assert not missing, f"{len(missing)} words with no {code} entry (`make catalogs`):\n" + show(
        missing
    )
    unfinished = [
        repr(key[1])
        for key, m in entries.items()
        if key in sources and (m.fuzzy or not all(forms(m.string)))
    ]
    assert not unfinished, f"{len(unfinished)} {code} entries empty or fuzzy:\n" + show(unfinished)
    obsolete = [repr(key[1]) for key in entries if key not in sources]
    assert not obsolete, f"{code} entries the code no longer has (`make catalogs`):\n" + show(
        obsolete
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_placeholders_of_their_source(code: str) -> None:
    wrong = []
    for message in catalog(code):
        if not message.id:
            continue
        expected = set().union(*(placeholders(i) for i in forms(message.id)))
        for string in forms(message.string):
            if string and placeholders(string) != expected:
                wrong.append(f"{forms(message.id)[0]!r} -> {string!r}")
    assert not wrong, "placeholders differ from the English:\n" + show(wrong)


#: A mark of French punctuation right after a word (or a closing guillemet), which must
#: have a no-break space before it: a narrow one before « ; ! ? », one of either before « : ».
SPACE_BEFORE = re.compile(r"(?<=\S)( ?)([;!?:»])(?=\s|$|\*|_|`)")
OPENING = re.compile(r"«(?![\u202f\u00a0])")


def typography_faults(string: str) -> list[str]:
    """What a French string gets wrong of French typography."""
    faults = []
    text = re.sub(r"\{[^{}]*\}|https?://\S+|`[^`]*`|<[^>]*>", "", string)
    for match in SPACE_BEFORE.finditer(text):
        before = text[match.start(2) - 1]
        clock = match.group(2) == ":" and before.isdigit()
        if before not in "\u202f\u00a0" and not clock:
            faults.append(f"no-break space before {match.group(2)!r}: {string!r}")
    if OPENING.search(text) or '"' in text:
        faults.append(f"guillemets with their spaces: {string!r}")
    if re.search(r"[\u202f\u00a0]:\s+[A-ZÉÈÀ][a-zéèà]", text):
        faults.append(f"a capital after a colon: {string!r}")
    return faults


def test_the_typography_check_knows_french() -> None:
    assert typography_faults("C\u2019est ton tour\u202f!") == []
    assert typography_faults("Partie\u00a0: {name}") == []
    assert typography_faults("C\u2019est ton tour !")
    assert typography_faults("C\u2019est ton tour!")
    assert typography_faults('Il dit "bonjour"')
    assert typography_faults("Résultat\u00a0: Bravo à tous")
    assert typography_faults("«\u202fbien\u202f»") == []


def test_french_typography() -> None:
    faults = [
        fault
        for message in catalog("fr")
        if message.id
        for string in forms(message.string)
        for fault in typography_faults(string)
    ]
    assert not faults, show(faults)
