"""The one error hierarchy the cogs map to ephemeral replies (docs/ARCHITECTURE.md §10)."""

from __future__ import annotations


class UserError(Exception):
    """Something the user can fix. Its ``words`` are shown to them, ephemerally: a
    :class:`~engine.text.Text`, put into their language where it is answered
    (``bot.chat.answers``), or a plain string shown as it is. ``str(error)`` is English."""

    def __init__(self, words: str) -> None:
        super().__init__(words)
        self.words = words


def words_of(error: BaseException) -> str:
    """What an error says, still a :class:`~engine.text.Text` when it was made with one
    (``str(error)`` would be its English only)."""
    words = getattr(error, "words", None)
    if isinstance(words, str):
        return words
    if len(error.args) == 1 and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)
