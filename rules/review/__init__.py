"""After the game: what a finished game's review is made of, computed from its record alone (the revealed seed,
the options, the players and the action log), so anyone holding the record can compute it again.

- :mod:`rules.review.measures`: how each game keeps score in public and counts time (weeks, days, rounds);
- :mod:`rules.review.chart`: every seat's public score through the game, replayed from the record;
- :mod:`rules.review.luck`: what each seat rolled or drew against what it could expect;
- :mod:`rules.review.turning`: each seat's chances at its decisions as the strong player estimates them from
  that seat's own view, and the decisions that changed them most;
- :mod:`rules.review.record`: the record to keep (the export format) and its plain-text log.

Pure and deterministic like the rest of ``rules``: the same record gives the same review.
"""
