"""The end of the game: the final ranking (ties broken by coins, else shared) and the solo rating."""

from __future__ import annotations

from rules.core.game import Outcome, rank_by
from rules.core.words import count
from rules.wanderzirkus.scoring import solo_rating
from rules.wanderzirkus.state import WanderzirkusState


def outcome(state: WanderzirkusState) -> Outcome:
    scores = tuple(state.final_vp)
    keys = [(vp, circus.coins) for vp, circus in zip(scores, state.circuses, strict=True)]
    lines = tuple(f"{state.players[seat]}: {vp} VP ({sum(c.round_vp)} from the rounds, {count(c.coins, 'coin')})"
                  for seat, (vp, c) in enumerate(zip(scores, state.circuses, strict=True)))
    result = solo_rating(scores[0]) if len(state.players) == 1 else None
    return Outcome(scores, rank_by(keys), lines, result)
