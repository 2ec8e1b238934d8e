-- 10: The coach. Per game: whether it is a learning game (`/game learn`: one
-- person against robots, guided), which never counts in results, stats or ratings. Per
-- game and seat: how many hints the seat asked for (the final card names them).
ALTER TABLE games ADD COLUMN learning BIGINT NOT NULL DEFAULT 0;
CREATE TABLE hints (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seat_id TEXT NOT NULL,
    used BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat_id)
);
