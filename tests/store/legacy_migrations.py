"""The migrations as Turnstile ran them before they were SQL files (frozen, never to be
edited): SQLite's scripts, and PostgreSQL's made from them at run time by regular
expressions. ``test_migrations`` builds databases with them, recorded as that code
recorded them, to prove that the files mean the same schema and that such a database
opens and migrates under the store of today."""

from __future__ import annotations

import re

MIGRATIONS: tuple[str, ...] = (
    # 1: games and their move log
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        slug TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        host_id TEXT NOT NULL,
        seats TEXT NOT NULL,
        seed INTEGER NOT NULL,
        options TEXT NOT NULL,
        snapshot TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        lobby_message_id INTEGER,
        created_at REAL NOT NULL,
        started_at REAL,
        finished_at REAL
    );
    CREATE UNIQUE INDEX one_open_game_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        code TEXT NOT NULL,
        events TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 2: table life: pace and turn clock, idle votes, lasting results
    """
    ALTER TABLE games ADD COLUMN pace TEXT NOT NULL DEFAULT 'live';
    ALTER TABLE games ADD COLUMN turn_started_at REAL;
    ALTER TABLE games ADD COLUMN reminded_version INTEGER NOT NULL DEFAULT -1;
    ALTER TABLE games ADD COLUMN idle_version INTEGER NOT NULL DEFAULT -1;
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        default_pace TEXT NOT NULL DEFAULT 'live',
        timings TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE votes (
        game_id INTEGER NOT NULL REFERENCES games (id),
        version INTEGER NOT NULL,
        voter TEXT NOT NULL,
        choice TEXT NOT NULL,
        PRIMARY KEY (game_id, version, voter)
    );
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id),
        guild_id INTEGER,
        slug TEXT NOT NULL,
        finished_at REAL NOT NULL,
        seat_id TEXT NOT NULL,
        name TEXT NOT NULL,
        score INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        ai_played INTEGER NOT NULL,
        robot INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat_id)
    );
    CREATE INDEX results_by_guild ON results (guild_id, slug);
    """,
    # 3: the outbox: the version of each game its channel last saw
    """
    ALTER TABLE games ADD COLUMN shown_version INTEGER NOT NULL DEFAULT -1;
    UPDATE games SET shown_version = version;
    CREATE INDEX games_unshown ON games (id) WHERE shown_version < version;
    """,
    # 4: games under way when migration 2 added the turn clock had none: start it at their
    # last move (or their start), so their reminders and idle votes work
    """
    UPDATE games SET turn_started_at = COALESCE(
        (SELECT MAX(at) FROM moves WHERE moves.game_id = games.id), started_at, created_at
    ) WHERE status = 'active' AND turn_started_at IS NULL;
    """,
    # 5: a thread per game: where a game moved from (its lobby's channel), which
    # game a rematch repeats, and each server's choice of threads
    """
    ALTER TABLE games ADD COLUMN parent_channel_id INTEGER;
    ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);
    ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 1;
    CREATE INDEX open_games_by_parent
        ON games (parent_channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
    """,
    # 6: the turn message. Per game: the message that shows the current turn,
    # the turn it was posted for, and which log rows it shows; the turn marks each commit
    # leaves (the version the current turn began at, the seats that then became to move);
    # and the steps the seat to move may still take back (the state before each one).
    # Games under way start with their whole log counted as shown.
    """
    ALTER TABLE games ADD COLUMN turn_message_id INTEGER;
    ALTER TABLE games ADD COLUMN turn_posted_for INTEGER;
    ALTER TABLE games ADD COLUMN turn_from_seq INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN turn_shown_seq INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN turn_version INTEGER;
    ALTER TABLE games ADD COLUMN turn_pings TEXT NOT NULL DEFAULT '[]';
    UPDATE games SET
        turn_shown_seq = COALESCE((SELECT MAX(seq) FROM moves WHERE moves.game_id = games.id), 0),
        turn_from_seq = COALESCE((SELECT MAX(seq) FROM moves WHERE moves.game_id = games.id), 0);
    CREATE TABLE undo_steps (
        game_id INTEGER NOT NULL REFERENCES games (id),
        depth INTEGER NOT NULL,
        seat TEXT NOT NULL,
        version INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        snapshot TEXT NOT NULL,
        label TEXT NOT NULL,
        PRIMARY KEY (game_id, depth)
    );
    """,
    # 7: an idle vote counts only once it was called: the vote the clock called
    # at a game's version, the seats it is about and the players it includes. A notice
    # already out left no such record, so its turn is looked at again and its vote called
    # anew (a turn with nobody to vote is just marked done again, silently).
    """
    CREATE TABLE vote_calls (
        game_id INTEGER NOT NULL REFERENCES games (id),
        version INTEGER NOT NULL,
        seats TEXT NOT NULL,
        voters TEXT NOT NULL,
        PRIMARY KEY (game_id, version)
    );
    UPDATE games SET idle_version = -1 WHERE status = 'active' AND idle_version = version;
    """,
)


#: SQLite's words for column types, and PostgreSQL's: SQLite's INTEGER is 64-bit, so every
#: integer column is BIGINT; REAL is DOUBLE PRECISION; JSON stays TEXT, byte for byte what
#: the engine dumped.
DIALECT = (
    (
        re.compile(r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b"),
        "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    ),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
)


def in_postgres(script: str) -> str:
    """A SQLite migration in PostgreSQL's words: one list of steps serves both stores."""
    for pattern, words in DIALECT:
        script = pattern.sub(words, script)
    return script


PG_MIGRATIONS: tuple[str, ...] = tuple(in_postgres(script) for script in MIGRATIONS)
