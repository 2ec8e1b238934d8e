"""The slash commands: each cog reads a command's options and calls a handler."""

#: The cog modules the client loads, in this order.
EXTENSIONS = (
    "bot.cogs.lobby",
    "bot.cogs.play",
    "bot.cogs.rules",
    "bot.cogs.records",
    "bot.cogs.disneyland",
    "bot.cogs.adventureland",
    "bot.cogs.imagineers",
    "bot.cogs.troolpark",
    "bot.cogs.coach",
)
