-- 12: Consent to a rated table. Per game: its terms, a counter every
-- change of a lobby's options, rating, pace or language moves on. Each seat (in the seats
-- JSON) notes the terms its person last agreed to; a rated table starts only when every
-- person seated agreed to the terms as they are. A lobby opens at terms 0.
ALTER TABLE games ADD COLUMN terms BIGINT NOT NULL DEFAULT 0;
