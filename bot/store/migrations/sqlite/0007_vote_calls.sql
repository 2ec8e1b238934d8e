-- 7: An idle vote counts only once it was called: the vote the clock called
-- at a game's version, the seats it is about and the players it includes. A notice
-- already out left no such record, so its turn is looked at again and its vote called
-- anew (a turn with nobody to vote is just marked done again, silently).
CREATE TABLE vote_calls (
    game_id INTEGER NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL,
    seats TEXT NOT NULL,
    voters TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
UPDATE games SET idle_version = -1 WHERE status = 'active' AND idle_version = version;
