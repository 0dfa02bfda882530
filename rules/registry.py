"""Every hosted game by key. Shared code finds games here and nowhere else."""

from __future__ import annotations

from typing import Any

from rules.circus_train.game import CircusTrain
from rules.core.errors import RulesError, quote
from rules.core.game import Game
from rules.dreadful_circus.game import DreadfulCircus
from rules.little_circuses.game import LittleCircuses
from rules.wanderzirkus.game import Wanderzirkus

GAMES: dict[str, Game[Any, Any]] = {
    game.key: game for game in (CircusTrain(), LittleCircuses(), Wanderzirkus(), DreadfulCircus())
}


def get_game(key: str) -> Game[Any, Any]:
    try:
        return GAMES[key]
    except KeyError:
        raise RulesError(f"There is no game called {quote(key)}; choose one of: {', '.join(GAMES)}.") from None
