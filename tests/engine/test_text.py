"""engine.text: words as message ids with values, English when read as a string, kept
whole through the move log's JSON and the worker processes' pickles."""

from __future__ import annotations

import json
import pickle

import pytest

from engine.text import Text, english, from_json, tx, txc, txcn, txn


def test_a_text_reads_as_its_english() -> None:
    said = tx("{seat} rolled {total}", seat="u1", total=7)
    assert said == "u1 rolled 7"
    assert isinstance(said, str) and said.msgid == "{seat} rolled {total}"
    assert said.values == {"seat": "u1", "total": 7}


def test_plural_and_context() -> None:
    assert txn("{count} tile", "{count} tiles", 1) == "1 tile"
    assert txn("{count} tile", "{count} tiles", 3) == "3 tiles"
    title = txc("disneyland", "title")
    assert title == "title" and title.context == "disneyland"
    sold = txcn("disneyland", "{count} title", "{count} titles", 2)
    assert sold == "2 titles" and sold.context == "disneyland" and sold.quantity == 2


def test_nested_texts_and_lists_read_as_english() -> None:
    square = tx("Robin Hood {n}", n=4)
    moved = tx("{seat} moved to {square}", seat="u1", square=square)
    assert moved == "u1 moved to Robin Hood 4"
    assert english(["a", "b", "c"]) == "a, b and c"
    assert english(["a", "b"]) == "a and b"


def test_a_bool_is_no_value() -> None:
    with pytest.raises(TypeError):
        tx("{flag}", flag=True)


def test_json_round_trip_keeps_ids_values_and_nesting() -> None:
    said = tx("{seat} moved to {squares}", seat="u1", squares=[tx("Start"), "B7"])
    again = from_json(json.loads(json.dumps(said.to_json())))
    assert isinstance(again, Text) and again == said
    assert again.values["squares"][0].msgid == "Start"
    plural = txcn("troolpark", "{count} troll", "{count} trolls", 2, who="u2")
    back = from_json(plural.to_json())
    assert isinstance(back, Text)
    assert (back.plural, back.quantity, back.context) == ("{count} trolls", 2, "troolpark")


def test_a_line_stored_before_ids_stays_as_it_was() -> None:
    assert from_json("alice rolled 3+1 = 4") == "alice rolled 3+1 = 4"
    with pytest.raises(ValueError):
        from_json({"nope": 1})


def test_pickles_whole() -> None:
    said = txn("{count} franc", "{count} francs", 1500, seat=tx("the Bank"))
    again = pickle.loads(pickle.dumps(said))
    assert isinstance(again, Text) and again == said and again.values["seat"].msgid == "the Bank"
