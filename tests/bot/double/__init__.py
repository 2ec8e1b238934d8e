"""A local Discord double: the real discord.py client talks to it over REST and the gateway.

See double.py for the entry point; models.py for what tests read (a Components V2 layout's
words and alt texts too); openapi.py (with its validator, schema.py) for the check of every
request against Discord's published spec, limits.py for the rules beyond it (Components V2
layouts among them) and buckets.py for Discord's rate limits (broken ones land in
`double.violations`; every 429 the double answered in `double.rate_limited`).
"""

from tests.bot.double.double import DiscordDouble
from tests.bot.double.invocations import UsageError
from tests.bot.double.models import InteractionResult, MessageRecord

__all__ = ["DiscordDouble", "InteractionResult", "MessageRecord", "UsageError"]
