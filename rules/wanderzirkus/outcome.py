"""The end of the game: the final ranking (ties broken by coins, else shared) and the solo rating."""

from __future__ import annotations

from lang import tr
from rules.core.game import Outcome, rank_by
from rules.wanderzirkus.scoring import solo_rating
from rules.wanderzirkus.state import WanderzirkusState
from rules.wanderzirkus.text import coins


def outcome(state: WanderzirkusState) -> Outcome:
    scores = tuple(state.final_vp)
    keys = [(vp, circus.coins) for vp, circus in zip(scores, state.circuses, strict=True)]
    lines = tuple(tr("{name}: {vp} VP ({rounds} from the rounds, {coins})", name=state.players[seat], vp=vp,
                     rounds=sum(c.round_vp), coins=coins(c.coins))
                  for seat, (vp, c) in enumerate(zip(scores, state.circuses, strict=True)))
    result = tr(solo_rating(scores[0])) if len(state.players) == 1 else None
    return Outcome(scores, rank_by(keys), lines, result)
