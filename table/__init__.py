"""The table without Discord: games as the players see them.

Everything between the rules and a chat client lives here: loading and saving games through the store
(:mod:`table.service`), the life of a days-long game (:mod:`table.keeper`: deadlines, autopilot, taking
moves back, hand-overs, votes), what each message must say (:mod:`table.compose`, :mod:`table.herald`),
the ordered, durable outbox and its publisher (:mod:`table.publisher`), the registry of game kits
(:mod:`table.kits`) and one error family whose ``str()`` is the sentence to show (:mod:`table.errors`).
:class:`table.core.TableCore` wires them together; the Discord cogs call nothing else.

This package never imports ``discord``; it is held to ``mypy --strict``.
"""
