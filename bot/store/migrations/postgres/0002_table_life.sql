-- 2: Table life: pace and turn clock, idle votes, lasting results.
ALTER TABLE games ADD COLUMN pace TEXT NOT NULL DEFAULT 'live';
ALTER TABLE games ADD COLUMN turn_started_at DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN reminded_version BIGINT NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN idle_version BIGINT NOT NULL DEFAULT -1;
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    default_pace TEXT NOT NULL DEFAULT 'live',
    timings TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE votes (
    game_id BIGINT NOT NULL REFERENCES games (id),
    version BIGINT NOT NULL,
    voter TEXT NOT NULL,
    choice TEXT NOT NULL,
    PRIMARY KEY (game_id, version, voter)
);
CREATE TABLE results (
    game_id BIGINT NOT NULL REFERENCES games (id),
    guild_id BIGINT,
    slug TEXT NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    seat_id TEXT NOT NULL,
    name TEXT NOT NULL,
    score BIGINT NOT NULL,
    rank BIGINT NOT NULL,
    ai_played BIGINT NOT NULL,
    robot BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat_id)
);
CREATE INDEX results_by_guild ON results (guild_id, slug);
