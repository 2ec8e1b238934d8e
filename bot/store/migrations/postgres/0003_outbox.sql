-- 3: The outbox: the version of each game its channel last saw.
ALTER TABLE games ADD COLUMN shown_version BIGINT NOT NULL DEFAULT -1;
UPDATE games SET shown_version = version;
CREATE INDEX games_unshown ON games (id) WHERE shown_version < version;
