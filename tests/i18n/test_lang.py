"""i18n: texts put into a language, with its numbers, plurals and lists; the pseudo-language
that marks every catalog string; Discord's locales mapped to the languages we have."""

from __future__ import annotations

from engine.text import tx, txn
from i18n import LANGUAGES, PSEUDO, for_locale, lang, pseudo


def test_english_writes_numbers_and_lists_its_way() -> None:
    en = lang("en")
    assert en.say(tx("{seat} holds {money}", seat="u1", money=1500)) == "u1 holds 1,500"
    assert en.say(tx("{names} won", names=["Alice", "Bob", "Chloé"])) == "Alice, Bob, and Chloé won"
    assert en.say(txn("{count} tile", "{count} tiles", 2)) == "2 tiles"


def test_french_numbers_and_lists() -> None:
    fr = lang("fr")
    assert fr.number(1500) == "1\u202f500"
    assert fr.list(["Alice", "Bob", "Chloé"]) == "Alice, Bob et Chloé"


def test_a_plain_string_is_never_translated() -> None:
    assert lang("fr").say("alice") == "alice"
    assert lang(PSEUDO).say("alice") == "alice"


def test_the_pseudo_language_marks_catalog_words_but_not_values() -> None:
    said = lang(PSEUDO).say(tx("{seat} rolled {total}", seat="alice", total=7))
    assert said.startswith("⟦") and said.endswith("⟧")
    assert "alice" in said and "7" in said and "rolled" not in said
    assert pseudo("See [the board](https://discord.com/x)").count("https://discord.com/x") == 1
    assert pseudo("**{name}** won").startswith("⟦**{name}** ")


def test_discord_locales_find_their_language() -> None:
    assert "fr" in LANGUAGES
    assert for_locale("fr").code == "fr"
    assert for_locale("en-US").code == "en"
    assert for_locale("pt-BR").code == "en"
    assert for_locale(None).code == "en"
    assert for_locale("de", default="fr").code == "fr"
