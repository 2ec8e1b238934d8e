-- 13: Ratings that a second account cannot farm, and what a viewer may see.
-- Per result: a seat an idle vote handed to the AI keeps its worst place in the
-- standings when the vote passed (the ratings place it no better). Per rating: whether
-- it is listed on its leaderboard (a robot always, a person after three different
-- opponents), the people met and those of the last games (space-separated: what damping
-- and listing read), and the board's index over listed ratings. Per person, place and
-- title on a server: games, wins and best score, so a board of results or a profile can
-- leave out the channels its viewer cannot see without reading every result (a game's
-- place is its lobby's channel when it moved into a thread of its own); filled here
-- from the results. Every rating is then folded again by the new rules (robots as fixed
-- anchors, the same people met again damped): a data step, since SQL cannot run OpenSkill.
ALTER TABLE results ADD COLUMN standing INTEGER;
ALTER TABLE ratings ADD COLUMN listed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN met TEXT NOT NULL DEFAULT '';
ALTER TABLE ratings ADD COLUMN recent TEXT NOT NULL DEFAULT '';
DROP INDEX ratings_by_rank;
CREATE INDEX ratings_by_rank ON ratings (guild_id, season, slug, listed, ordinal DESC, player);
CREATE TABLE place_records (
    guild_id INTEGER NOT NULL,
    slug TEXT NOT NULL,
    place_id INTEGER NOT NULL,
    seat_id TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    best INTEGER NOT NULL,
    PRIMARY KEY (guild_id, slug, place_id, seat_id)
);
CREATE INDEX place_records_by_player ON place_records (guild_id, seat_id, slug);
INSERT INTO place_records (guild_id, slug, place_id, seat_id, games, wins, best)
SELECT r.guild_id, r.slug, COALESCE(g.parent_channel_id, g.channel_id), r.seat_id, COUNT(*),
    SUM(CASE WHEN r.rank = 1 THEN 1 ELSE 0 END), MAX(r.score)
FROM results AS r JOIN games AS g ON g.id = r.game_id
WHERE r.robot = 0 AND r.guild_id IS NOT NULL
GROUP BY r.guild_id, r.slug, COALESCE(g.parent_channel_id, g.channel_id), r.seat_id;
INSERT INTO data_steps (name) VALUES ('refold_ratings_issue_33');
