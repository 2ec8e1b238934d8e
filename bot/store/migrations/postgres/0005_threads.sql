-- 5: A thread per game: where a game moved from (its lobby's channel), which
-- game a rematch repeats, and each server's choice of threads.
ALTER TABLE games ADD COLUMN parent_channel_id BIGINT;
ALTER TABLE games ADD COLUMN rematch_of BIGINT REFERENCES games (id);
ALTER TABLE guild_settings ADD COLUMN threads BIGINT NOT NULL DEFAULT 1;
CREATE INDEX open_games_by_parent
    ON games (parent_channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
