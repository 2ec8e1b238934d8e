-- 1: Games and their move log.
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
