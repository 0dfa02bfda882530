"""Persistence: SQLite via aiosqlite — schema, migrations, the game store; knows no Discord, no one game."""
