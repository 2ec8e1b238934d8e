"""What every role's queries stand on: a backend's four ways to reach its database, and
the few reads and guarded writes of a game's row that several roles share."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from bot.store.dialect import Dialect
from bot.store.errors import Conflict
from bot.store.records import GAME_COLUMNS, GameRow, Row, game_row

T = TypeVar("T")


class Transaction(Protocol):
    """Statements inside one transaction of a backend (``?`` markers)."""

    async def execute(self, sql: str, *params: Any) -> int:
        """Run one statement; how many rows it changed."""

    async def fetch(self, sql: str, *params: Any) -> list[Row]: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...


class SqlBase(ABC):
    """A backend's primitives (see :mod:`bot.store.sql`), which each role's mixin queries
    through."""

    dialect: ClassVar[Dialect]
    #: What the driver raises when an insert breaks a unique index.
    _unique_violation: ClassVar[type[Exception]]

    @abstractmethod
    async def _rows(self, sql: str, *params: Any) -> list[Row]:
        """A read of committed data."""

    @abstractmethod
    async def _change(self, sql: str, *params: Any) -> int:
        """One writing statement on its own; how many rows it changed."""

    @abstractmethod
    async def _insert(self, sql: str, *params: Any) -> int:
        """One ``INSERT`` of a row with an ``id``; that id."""

    @abstractmethod
    async def _transaction(self, work: Callable[[Transaction], Awaitable[T]]) -> T:
        """Run ``work`` in one transaction: all it wrote commits, or none of it."""

    async def _games(self, where: str, *params: Any) -> list[GameRow]:
        return [
            game_row(r)
            for r in await self._rows(f"SELECT {GAME_COLUMNS} FROM games {where}", *params)
        ]

    async def _game(self, where: str, *params: Any) -> GameRow | None:
        found = await self._games(where, *params)
        return found[0] if found else None

    async def _reload(self, game_id: int) -> GameRow:
        """The row just written (it exists: games are never deleted)."""
        row = await self._game("WHERE id = ?", game_id)
        assert row is not None
        return row

    async def _guarded(self, message: str, sql: str, *params: Any) -> None:
        """One write guarded by the game's version (in ``sql``'s WHERE): a Conflict with
        ``message`` unless it changed the game's row."""
        if await self._change(sql, *params) != 1:
            raise Conflict(message)
