"""The store's failures. Every one is a :class:`StoreError`, whose message is fit to show a
player; a backend raises the same ones for the same causes."""


class StoreError(Exception):
    """Base of the store's user-facing failures."""


class Conflict(StoreError):
    """The game changed since it was read: the caller should reload and retry."""


class ChannelBusy(StoreError):
    """The channel already has an open (lobby or active) game."""


class StoreBusy(StoreError):
    """The database stayed locked (by another process) longer than a write may wait."""


class SchemaTooNew(StoreError):
    """The database was written by a newer Turnstile: refuse it rather than misread it."""


class DatabaseUnavailable(StoreError):
    """The database stayed unreachable for longer than the configured retry time."""


class StoreLocked(StoreError):
    """Another process already serves this SQLite file."""
