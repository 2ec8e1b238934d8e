"""Every query of the store, written once for both databases (the promises are
:class:`~bot.store.interface.GameStore`'s), one module per role of the interface:
:mod:`~bot.store.sql.games`, :mod:`~bot.store.sql.log`, :mod:`~bot.store.sql.life`,
:mod:`~bot.store.sql.clock`, :mod:`~bot.store.sql.rankings`,
:mod:`~bot.store.sql.settings` and :mod:`~bot.store.sql.hints`, each a mixin over
:class:`~bot.store.sql.base.SqlBase`. :class:`SqlStore` is their sum.

A backend gives :class:`SqlStore` its :class:`~bot.store.dialect.Dialect` and four ways to
reach its database: a read of committed data (``_rows``), one write statement on its own
(``_change``), an insert that returns the new row's id (``_insert``), and a transaction
(``_transaction``, which hands the work a :class:`Transaction` and commits what it did, or
nothing). How each is run (SQLite's single writer and its busy file, PostgreSQL's pool,
lost connections and ambiguous commits), how the schema is migrated and who may post a
game's missed update is the backend's own.
"""

from __future__ import annotations

from bot.store.interface import GameStore
from bot.store.sql.base import SqlBase, Transaction
from bot.store.sql.clock import TurnClockQueries
from bot.store.sql.games import GameQueries
from bot.store.sql.hints import HintQueries
from bot.store.sql.life import TableLifeQueries
from bot.store.sql.log import MoveLogQueries
from bot.store.sql.rankings import RankingQueries, refold
from bot.store.sql.settings import SettingQueries

__all__ = ["SqlStore", "Transaction"]


class SqlStore(
    GameQueries,
    MoveLogQueries,
    TableLifeQueries,
    TurnClockQueries,
    RankingQueries,
    SettingQueries,
    HintQueries,
    SqlBase,
    GameStore,
):
    """The registry's queries on top of a backend's primitives (see the module)."""

    async def _run_data_steps(self) -> None:
        """The work migrations left to the code (``data_steps``), each once: in the
        transaction that deletes its record, so a crash leaves it owed and a second
        process finds it done. Migration 8 leaves the rating of the games finished
        before it (SQL cannot run OpenSkill); migration 13 the refold of every rating by
        the rules of damped ratings (robots as anchors, damping, the people met)."""

        async def refolded(tx: Transaction) -> None:
            await refold(tx, self.dialect, write=True)

        steps = {"rate_finished_games": refolded, "refold_ratings_issue_33": refolded}
        for found in await self._rows("SELECT name FROM data_steps ORDER BY name"):
            name = str(found[0])
            if name not in steps:
                raise RuntimeError(f"a migration left a data step this code lacks: {name}")

            async def run(tx: Transaction, name: str = name) -> None:
                if await tx.execute("DELETE FROM data_steps WHERE name = ?", name) == 1:
                    await steps[name](tx)

            await self._transaction(run)
