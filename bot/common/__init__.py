"""What every layer of the bot may use: settings, shards, pace, errors, links."""
