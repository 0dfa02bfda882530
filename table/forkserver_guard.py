"""Preloaded by the render workers' forkserver only (``PRELOAD`` in :mod:`table.renders`), never imported by
the bot: importing it makes the importing process die with its parent, the bot (see :mod:`table.lifeline`).
multiprocessing offers no other hook into the forkserver than the modules it preloads."""

from table.lifeline import die_with_parent

die_with_parent()
