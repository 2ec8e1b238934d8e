-- 11: Boards of results without a scan (review of issue 24, D6). Per player and title, on
-- each server and everywhere (guild 0): games, wins and best score of every finished
-- game, and the name last played under on the server (everywhere a person is shown by a
-- mention: no name), kept by the transaction that records a game's results, as ratings
-- are. The "wins" and "best" boards read a page of it by an index instead of grouping
-- every result. Robots are not listed, so not kept. Filled here from the results.
CREATE TABLE player_records (
    guild_id INTEGER NOT NULL,
    slug TEXT NOT NULL,
    seat_id TEXT NOT NULL,
    name TEXT NOT NULL,
    named_at REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    best INTEGER NOT NULL,
    PRIMARY KEY (guild_id, slug, seat_id)
);
CREATE INDEX player_records_by_wins
    ON player_records (guild_id, slug, wins DESC, best DESC, games DESC, seat_id);
CREATE INDEX player_records_by_best
    ON player_records (guild_id, slug, best DESC, wins DESC, games DESC, seat_id);
INSERT INTO player_records (guild_id, slug, seat_id, name, named_at, games, wins, best)
SELECT r.guild_id, r.slug, r.seat_id, (
    SELECT n.name FROM results AS n
    WHERE n.guild_id = r.guild_id AND n.seat_id = r.seat_id AND n.slug = r.slug
    ORDER BY n.finished_at DESC, n.game_id DESC LIMIT 1
), MAX(r.finished_at), COUNT(*), SUM(CASE WHEN r.rank = 1 THEN 1 ELSE 0 END), MAX(r.score)
FROM results AS r WHERE r.robot = 0 AND r.guild_id IS NOT NULL
GROUP BY r.guild_id, r.slug, r.seat_id;
INSERT INTO player_records (guild_id, slug, seat_id, name, named_at, games, wins, best)
SELECT 0, slug, seat_id, '', MAX(finished_at), COUNT(*),
    SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), MAX(score)
FROM results WHERE robot = 0
GROUP BY slug, seat_id;
