"""Rules errors. Every message is a sentence a player can read, and never reveals hidden information."""


class RulesError(Exception):
    """An action or request the rules refuse. ``str(error)`` is the player-facing sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotYourTurn(RulesError):
    """The seat is not among those the game is waiting for."""


class IllegalAction(RulesError):
    """The action is well formed but the rules forbid it now."""


class MalformedAction(RulesError):
    """The action could not be understood (unknown kind, wrong fields)."""


class InvalidOptions(RulesError):
    """The variant options or player count given at creation are not allowed."""
