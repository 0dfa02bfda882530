"""Little Circuses: build a little circus, entertain the Public, and be the most famous sibling."""
