"""Rules errors. Every message is a sentence a player can read — a capital letter first, at most 400
characters — and never reveals hidden information. Messages are written through ``lang.tr`` so they read in
the language being spoken."""

from lang import tr


def quote(value: object, limit: int = 80) -> str:
    """What a player sent, quoted for a refusal: at most ``limit`` characters of it, marked when cut.
    Safe for any value (a huge number or a deeply nested list is named by its type)."""
    if not isinstance(value, str):
        try:
            value = repr(value)
        except (RecursionError, ValueError):
            return tr("a {type}", type=type(value).__name__)
        return value if len(value) <= limit else value[:limit] + "…"
    return repr(value[:limit]) + ("…" if len(value) > limit else "")


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
