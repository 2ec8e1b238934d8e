"""Whether the current task (one interaction) changed a game or a setting: an error after
that must not ask the person to do it again (the chat layer's apology reads it)."""

from contextvars import ContextVar

_CHANGED: ContextVar[bool] = ContextVar("changed", default=False)


def changed_here() -> bool:
    """Whether this task changed something in the store (a move, a seat, a vote...)."""
    return _CHANGED.get()


def record_change() -> None:
    """Note that this task changed something (the store calls it after every such write)."""
    _CHANGED.set(True)
