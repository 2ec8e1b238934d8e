-- 8: Rated play. Per game: whether its table is rated (the host's choice, made
-- casual at the start when fewer than two people sit down), its place in the order
-- ratings are folded in (every finished game takes the next one as its results are
-- recorded) and the server's season it counted in. Per result: a robot's level (robots
-- are rated per level). Per server: its current season. The ratings themselves, per
-- server and season and everywhere (guild and season 0), each player's rating after
-- every rated game (profiles draw their trend from it), and the work this file leaves
-- to the code: SQL cannot run OpenSkill, so the store rates the games finished before
-- this migration right after applying it, in the transaction that deletes the row
-- below (docs/ARCHITECTURE.md §5).
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN rating_seq BIGINT;
ALTER TABLE games ADD COLUMN season BIGINT;
ALTER TABLE guild_settings ADD COLUMN season BIGINT NOT NULL DEFAULT 1;
ALTER TABLE results ADD COLUMN level TEXT;
UPDATE results SET level = seat ->> 'level'
FROM games, jsonb_array_elements(games.seats::jsonb) AS seat
WHERE games.id = results.game_id AND seat ->> 'id' = results.seat_id AND results.robot = 1;
UPDATE games SET season = 1, rating_seq = ordered.place
FROM (
    SELECT id, ROW_NUMBER() OVER (ORDER BY COALESCE(finished_at, created_at), id) AS place
    FROM games WHERE status = 'finished'
) AS ordered
WHERE games.id = ordered.id;
CREATE UNIQUE INDEX games_by_rating_seq ON games (rating_seq) WHERE rating_seq IS NOT NULL;
CREATE INDEX results_by_player ON results (guild_id, seat_id, slug, finished_at);
CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    season BIGINT NOT NULL,
    slug TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    ordinal DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (guild_id, season, slug, player)
);
CREATE INDEX ratings_by_rank ON ratings (guild_id, season, slug, ordinal DESC, player);
CREATE TABLE rating_changes (
    game_id BIGINT NOT NULL REFERENCES games (id),
    guild_id BIGINT NOT NULL,
    season BIGINT NOT NULL,
    slug TEXT NOT NULL,
    player TEXT NOT NULL,
    seq BIGINT NOT NULL,
    place BIGINT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (game_id, guild_id, player)
);
CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, season, slug, player, seq);
CREATE TABLE data_steps (
    name TEXT PRIMARY KEY
);
INSERT INTO data_steps (name) VALUES ('rate_finished_games');
