"""The contract every game follows: typed state, actions, options, events, views and outcome."""

from rules.core.errors import IllegalAction, InvalidOptions, MalformedAction, NotYourTurn, RulesError
from rules.core.events import Event
from rules.core.game import Game, Outcome
from rules.core.options import OptionSpec
from rules.core.rng import Rng

__all__ = [
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "MalformedAction",
    "NotYourTurn",
    "OptionSpec",
    "Outcome",
    "Rng",
    "RulesError",
]
