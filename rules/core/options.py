"""Variant options: declared once per game, validated the same way for the lobby, terminal and tests."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core.errors import InvalidOptions, quote

OptionValue = bool | int | str

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class OptionSpec:
    """One variant option: ``kind`` is "bool", "int" or "choice"."""

    key: str
    kind: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, raw: object) -> OptionValue:
        """Turn a value from JSON, the command line or Discord into the option's type."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
                return raw.strip().lower() in _TRUE
            raise InvalidOptions(f"Option {self.key} takes true or false, not {quote(raw)}.")
        if self.kind == "int":
            value: int
            if isinstance(raw, bool):
                raise InvalidOptions(f"Option {self.key} takes a whole number, not {quote(raw)}.")
            if isinstance(raw, int):
                value = raw
            elif isinstance(raw, str) and raw.strip().lstrip("-").isdigit():
                value = int(raw.strip())
            else:
                raise InvalidOptions(f"Option {self.key} takes a whole number, not {quote(raw)}.")
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(f"Option {self.key} must be at least {self.minimum}.")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions(f"Option {self.key} must be at most {self.maximum}.")
            return value
        if isinstance(raw, str) and raw in self.choices:
            return raw
        raise InvalidOptions(f"Option {self.key} must be one of {', '.join(self.choices)}, not {quote(raw)}.")


def validate_options(specs: tuple[OptionSpec, ...], raw: Mapping[str, object]) -> dict[str, OptionValue]:
    """Every declared option with its parsed value; unknown keys are refused by name."""
    known = {spec.key: spec for spec in specs}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise InvalidOptions(f"Unknown option {quote(unknown[0])}; this game's options are: {names}.")
    return {spec.key: spec.parse(raw[spec.key]) if spec.key in raw else spec.default for spec in specs}
