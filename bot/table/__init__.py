"""The game service: load, play, commit; robots; locks. Never imports discord."""
