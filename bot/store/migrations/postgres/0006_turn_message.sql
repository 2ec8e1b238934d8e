-- 6: The turn message. Per game: the message that shows the current turn,
-- the turn it was posted for, and which log rows it shows; the turn marks each commit
-- leaves (the version the current turn began at, the seats that then became to move);
-- and the steps the seat to move may still take back (the state before each one).
-- Games under way start with their whole log counted as shown.
ALTER TABLE games ADD COLUMN turn_message_id BIGINT;
ALTER TABLE games ADD COLUMN turn_posted_for BIGINT;
ALTER TABLE games ADD COLUMN turn_from_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN turn_shown_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN turn_version BIGINT;
ALTER TABLE games ADD COLUMN turn_pings TEXT NOT NULL DEFAULT '[]';
UPDATE games SET
    turn_shown_seq = COALESCE((SELECT MAX(seq) FROM moves WHERE moves.game_id = games.id), 0),
    turn_from_seq = COALESCE((SELECT MAX(seq) FROM moves WHERE moves.game_id = games.id), 0);
CREATE TABLE undo_steps (
    game_id BIGINT NOT NULL REFERENCES games (id),
    depth BIGINT NOT NULL,
    seat TEXT NOT NULL,
    version BIGINT NOT NULL,
    moves BIGINT NOT NULL,
    snapshot TEXT NOT NULL,
    label TEXT NOT NULL,
    PRIMARY KEY (game_id, depth)
);
