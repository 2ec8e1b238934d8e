"""What differs between SQLite's SQL and PostgreSQL's in the queries both backends share.

The shared queries (:mod:`bot.store.sql`, :mod:`bot.store.due`) are written once, with
``?`` markers, in the words both databases understand, and take from a :class:`Dialect`
the few they do not share. PostgreSQL's backend numbers the markers (``$1``, ``$2``…).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Dialect:
    #: The backend's folder of migrations (see :mod:`bot.store.migrations`).
    name: str
    #: The functions of the larger and the smaller of two values.
    greatest: str
    least: str
    #: "Not equal, NULL being a value like any other".
    distinct_from: str
    #: Whether a transaction must lock the rows it reads before writing on their strength
    #: (PostgreSQL); SQLite's writing transaction already holds the whole database.
    row_locks: bool
    #: SQL for the number stored under key ``key`` (an SQL text expression) in a JSON
    #: text column, NULL when absent.
    json_number: Callable[[str, str], str]
    #: SQL for N of a ``"minutes-N"`` option value inside the options JSON text.
    minutes: Callable[[str], str]
    #: SQL that makes a transaction the only one, until it ends, to hold the lock named by
    #: its one parameter (a number); None where a writing transaction already excludes
    #: every other (SQLite).
    exclusive: str | None
    #: The name of the floating point type.
    real: str
    #: SQL for the smallest delay any server overrides (NULL when none does).
    smallest_override: str


SQLITE = Dialect(
    name="sqlite",
    greatest="MAX",
    least="MIN",
    distinct_from="IS NOT",
    row_locks=False,
    json_number=lambda column, key: f"json_extract({column}, '$.' || {key})",
    minutes=lambda options: (
        f"CAST(substr({options}, instr({options}, '\"minutes-') + 9) AS INTEGER)"
    ),
    exclusive=None,
    real="REAL",
    smallest_override=(
        "(SELECT MIN(CAST(t.value AS REAL)) FROM guild_settings, json_each(timings) AS t)"
    ),
)

POSTGRES = Dialect(
    name="postgres",
    greatest="GREATEST",
    least="LEAST",
    distinct_from="IS DISTINCT FROM",
    row_locks=True,
    json_number=lambda column, key: f"(({column})::jsonb ->> ({key}))::double precision",
    minutes=lambda options: f"CAST(substring({options} from '\"minutes-([0-9]+)\"') AS BIGINT)",
    exclusive="SELECT pg_advisory_xact_lock(?)",
    real="double precision",
    smallest_override=(
        "(SELECT MIN(t.value::double precision) "
        "FROM guild_settings, jsonb_each_text(timings::jsonb) AS t)"
    ),
)
