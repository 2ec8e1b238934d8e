-- 9: Languages. Per game: the language its table reads (turn messages, cards,
-- boards, thread names), chosen when the lobby opens and kept for the game's life, so a
-- restart or a change of the server's setting never switches a table's words mid-game.
-- Per server: the language new tables default to; NULL follows the server's Discord
-- language where Turnstile has a catalog for it, else English.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE guild_settings ADD COLUMN language TEXT;
