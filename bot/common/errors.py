"""The one error hierarchy the cogs map to ephemeral replies (docs/ARCHITECTURE.md §10)."""

from __future__ import annotations


class UserError(Exception):
    """Something the user can fix; the message is shown to them, ephemerally."""
