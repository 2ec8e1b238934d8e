-- 4: Games under way when migration 2 added the turn clock had none: start it at their
-- last move (or their start), so their reminders and idle votes work.
UPDATE games SET turn_started_at = COALESCE(
    (SELECT MAX(at) FROM moves WHERE moves.game_id = games.id), started_at, created_at
) WHERE status = 'active' AND turn_started_at IS NULL;
