-- 2: Table life: pace and turn clock, idle votes, lasting results.
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
