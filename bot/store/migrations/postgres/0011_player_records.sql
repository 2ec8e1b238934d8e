-- 11: Boards of results without a scan. Per player and title, on
-- each server and everywhere (guild 0): games, wins and best score of every finished
-- game, and the name last played under on the server (everywhere a person is shown by a
-- mention: no name), kept by the transaction that records a game's results, as ratings
-- are. The "wins" and "best" boards read a page of it by an index instead of grouping
-- every result. Robots are not listed, so not kept. Filled here from the results.
CREATE TABLE player_records (
    guild_id BIGINT NOT NULL,
    slug TEXT NOT NULL,
    seat_id TEXT NOT NULL,
    name TEXT NOT NULL,
    named_at DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    best BIGINT NOT NULL,
    PRIMARY KEY (guild_id, slug, seat_id)
);
CREATE INDEX player_records_by_wins
    ON player_records (guild_id, slug, wins DESC, best DESC, games DESC, seat_id);
CREATE INDEX player_records_by_best
    ON player_records (guild_id, slug, best DESC, wins DESC, games DESC, seat_id);
INSERT INTO player_records (guild_id, slug, seat_id, name, named_at, games, wins, best)
SELECT guild_id, slug, seat_id, MAX(CASE WHEN newest = 1 THEN name END), MAX(finished_at),
    COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), MAX(score)
FROM (
    SELECT guild_id, slug, seat_id, name, finished_at, rank, score, ROW_NUMBER() OVER (
        PARTITION BY guild_id, slug, seat_id ORDER BY finished_at DESC, game_id DESC
    ) AS newest
    FROM results WHERE robot = 0 AND guild_id IS NOT NULL
) AS played
GROUP BY guild_id, slug, seat_id;
INSERT INTO player_records (guild_id, slug, seat_id, name, named_at, games, wins, best)
SELECT 0, slug, seat_id, '', MAX(finished_at), COUNT(*),
    SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), MAX(score)
FROM results WHERE robot = 0
GROUP BY slug, seat_id;
