"""Words without a language: what the engine says, as a message id and its values.

The engine speaks no language (docs/ARCHITECTURE.md §12). A move's label, an event of the
log, a phase or a result is a :class:`Text`: the English source sentence (the gettext
message id, with ``{named}`` placeholders), the values that fill it, and for a plural the
plural form and the count. The bot and the renderer put it into the reader's language
(``i18n``); everything else reads it as the plain English string it also is, so logs,
tests and the move contract (labels of 1 to 100 characters) see English.

The four constructors below are the markers the catalog extraction looks for (the
Makefile's ``catalogs`` target): ``tx`` (a sentence), ``txn`` (singular, plural, count),
``txc`` and ``txcn`` (the same with a context, one per game where a word means something
of its own there, like Disneyland's *titre*). Their first arguments must be literal
strings.

Values may be whole numbers (written the reader's way), other :class:`Text`\\ s (put into
words first), lists of either (joined the reader's way: "Alice, Bob and Chloé") or plain
strings, which are never translated: seat ids (the bot writes names for them), codes.
A state never holds a :class:`Text`; they are made by ``legal_moves``, ``play`` and ``view``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: What a value may be: a number, words, a list of either, or a plain string.
Value = Any

_MARK = "t"


class Text(str):
    """A sentence to be put into words: ``str(text)`` is its English."""

    msgid: str
    plural: str | None
    quantity: int | None
    context: str | None
    values: Mapping[str, Value]

    def __new__(
        cls,
        msgid: str,
        values: Mapping[str, Value] | None = None,
        *,
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
    ) -> Text:
        values = dict(values or {})
        source = plural if plural is not None and count not in (1, -1) else msgid
        made = super().__new__(cls, source.format_map({k: english(v) for k, v in values.items()}))
        made.msgid = msgid
        made.plural = plural
        made.quantity = count
        made.context = context
        made.values = values
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild,
            (self.msgid, dict(self.values), self.plural, self.quantity, self.context),
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe form that :func:`from_json` reads back (the move log stores it)."""
        data: dict[str, Any] = {_MARK: self.msgid}
        if self.values:
            data["v"] = {k: _encode(v) for k, v in self.values.items()}
        if self.plural is not None:
            data["p"], data["n"] = self.plural, self.quantity
        if self.context is not None:
            data["c"] = self.context
        return data


def _rebuild(
    msgid: str,
    values: Mapping[str, Value],
    plural: str | None,
    count: int | None,
    context: str | None,
) -> Text:
    return Text(msgid, values, plural=plural, count=count, context=context)


def english(value: Value) -> str:
    """A value as the English source writes it (plain digits, lists with commas)."""
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, bool):
        raise TypeError("a Text value cannot be a bool: say it in words")
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, Sequence):
        parts = [english(v) for v in value]
        if len(parts) <= 2:
            return " and ".join(parts)
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    raise TypeError(f"a Text value cannot be a {type(value).__name__}")


def _encode(value: Value) -> Any:
    if isinstance(value, Text):
        return value.to_json()
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, list | tuple):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any) -> Value:
    if isinstance(value, dict):
        return from_json(value)
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


def from_json(data: Any) -> str:
    """What :meth:`Text.to_json` wrote, as a :class:`Text`; a plain string (a log line
    stored before the engine spoke in ids) stays the plain string it was."""
    if isinstance(data, str):
        return data
    if not isinstance(data, dict) or not isinstance(data.get(_MARK), str):
        raise ValueError(f"not a stored Text: {data!r}")
    values = {k: _decode(v) for k, v in data.get("v", {}).items()}
    return Text(
        data[_MARK], values, plural=data.get("p"), count=data.get("n"), context=data.get("c")
    )


def tx(msgid: str, /, **values: Value) -> Text:
    """A sentence: ``tx("{seat} rolled {total}", seat=seat, total=7)``."""
    return Text(msgid, values)


def txn(singular: str, plural: str, count: int, /, **values: Value) -> Text:
    """A sentence with a plural form chosen by ``count`` (also the value ``{count}``)."""
    return Text(singular, {"count": count, **values}, plural=plural, count=count)


def txc(context: str, msgid: str, /, **values: Value) -> Text:
    """A sentence whose words belong to one game (``context``: its slug)."""
    return Text(msgid, values, context=context)


def txcn(context: str, singular: str, plural: str, count: int, /, **values: Value) -> Text:
    """:func:`txn` within one game's words."""
    return Text(singular, {"count": count, **values}, plural=plural, count=count, context=context)
