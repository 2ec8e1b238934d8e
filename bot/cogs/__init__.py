"""The slash commands: each cog reads a command's options and calls a handler. Which cogs
the client loads, each game's declared once: :mod:`bot.cogs.roster`."""
