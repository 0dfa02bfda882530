"""Variant options: declared once per game, validated the same way for the lobby, terminal and tests."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lang import tr
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
            raise InvalidOptions(tr("Option {key} takes true or false, not {value}.", key=self.key, value=quote(raw)))
        if self.kind == "int":
            value: int
            if isinstance(raw, bool):
                raise InvalidOptions(tr("Option {key} takes a whole number, not {value}.", key=self.key,
                                        value=quote(raw)))
            if isinstance(raw, int):
                value = raw
            elif isinstance(raw, str) and raw.strip().lstrip("-").isdigit():
                value = int(raw.strip())
            else:
                raise InvalidOptions(tr("Option {key} takes a whole number, not {value}.", key=self.key,
                                        value=quote(raw)))
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(tr("Option {key} must be at least {minimum}.", key=self.key, minimum=self.minimum))
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions(tr("Option {key} must be at most {maximum}.", key=self.key, maximum=self.maximum))
            return value
        if isinstance(raw, str) and raw in self.choices:
            return raw
        raise InvalidOptions(tr("Option {key} must be one of {choices}, not {value}.", key=self.key,
                                  choices=", ".join(self.choices), value=quote(raw)))


def validate_options(specs: tuple[OptionSpec, ...], raw: Mapping[str, object]) -> dict[str, OptionValue]:
    """Every declared option with its parsed value; unknown keys are refused by name."""
    known = {spec.key: spec for spec in specs}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        if not known:
            raise InvalidOptions(tr("Unknown option {option}; this game's options are: none.",
                                    option=quote(unknown[0])))
        raise InvalidOptions(tr("Unknown option {option}; this game's options are: {names}.", option=quote(unknown[0]),
                                names=", ".join(known)))
    return {spec.key: spec.parse(raw[spec.key]) if spec.key in raw else spec.default for spec in specs}
