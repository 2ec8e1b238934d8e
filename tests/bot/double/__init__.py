"""A local Discord double: the real discord.py client talks to it over REST and the gateway.

See double.py for the entry point; models.py for what tests read; limits.py for the rules
checked on everything the bot sends (broken ones land in `double.violations`).
"""

from tests.bot.double.double import DiscordDouble
from tests.bot.double.invocations import UsageError
from tests.bot.double.models import InteractionResult, MessageRecord

__all__ = ["DiscordDouble", "InteractionResult", "MessageRecord", "UsageError"]
