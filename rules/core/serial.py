"""Exact JSON round trip for typed game state and actions built from dataclasses.

Games declare their state with dataclasses whose fields are ``int``, ``str``, ``bool``, ``None``,
``list``, ``tuple``, ``dict`` (str or int keys), unions with ``None`` and other such dataclasses.
``to_json`` gives plain JSON data; ``from_json`` rebuilds the same objects from it and refuses data
of the wrong shape, so it can also parse untrusted input such as actions from Discord.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar, Union

T = TypeVar("T")


class ShapeError(ValueError):
    """The data does not have the shape of the declared type."""


def to_json(value: object) -> Any:
    kind: Any = type(value)
    if kind is int or kind is str or kind is bool or value is None:
        return value
    names = _field_names(kind)
    if names is not None:
        return {name: to_json(getattr(value, name)) for name in names}
    if kind is list or kind is tuple or isinstance(value, list | tuple):
        return [to_json(item) for item in value]  # type: ignore[attr-defined]
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot serialise {kind.__name__}")


@functools.cache
def _field_names(kind: type) -> tuple[str, ...] | None:
    """A dataclass's field names in order (None for any other type): looked up once per class, since a
    game's state is saved after every move and holds hundreds of such objects."""
    if dataclasses.is_dataclass(kind):
        return tuple(f.name for f in dataclasses.fields(kind))
    return None


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_json(tp: type[T], data: object) -> T:
    declared: Any = tp
    result: T = _decoder(declared)(data)
    return result


def _brief(data: object) -> str:
    """Untrusted data named in an error: short, and safe for huge numbers and deep nesting."""
    if isinstance(data, str | int | float | bool) or data is None:
        try:
            text = repr(data)
        except ValueError:  # a number too long to print
            return "a very long number"
        return text if len(text) <= 40 else text[:40] + "…"
    return f"a {type(data).__name__}"


Decoder = Callable[[object], Any]


# A decoder is worked out once per declared type and kept: reading a saved game decodes thousands of
# values, and asking ``typing`` what each declared type is at every value cost most of the time.
@functools.cache
def _decoder(tp: Any) -> Decoder:
    if tp is Any:
        return _as_is
    origin = typing.get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return _union(tp)
    if origin is typing.Literal:
        allowed = typing.get_args(tp)

        def literal(data: object) -> Any:
            if data in allowed:
                return data
            raise ShapeError(f"{_brief(data)} is not one of {allowed}")
        return literal
    if origin is list:
        (item_type,) = typing.get_args(tp)
        item = _decoder(item_type)
        return lambda data: [item(value) for value in _expect(list, data)]
    if origin is tuple:
        return _tuple(typing.get_args(tp))
    if origin is dict:
        key_type, value_type = typing.get_args(tp)
        value_of = _decoder(value_type)
        if key_type is int:
            return lambda data: {_int_key(key): value_of(item) for key, item in _expect(dict, data).items()}
        return lambda data: {key: value_of(item) for key, item in _expect(dict, data).items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass(tp)
    if tp is bool:
        return lambda data: _expect(bool, data)
    if tp is int:
        return _whole
    if tp is str:
        return lambda data: _expect(str, data)
    if tp is type(None):
        return _null
    raise TypeError(f"unsupported type {tp!r}")


def _as_is(data: object) -> Any:
    return data


def _whole(data: object) -> int:
    if type(data) is int:
        return data
    if isinstance(data, bool) or not isinstance(data, int):
        raise ShapeError(f"{_brief(data)} is not a whole number")
    return data


def _null(data: object) -> None:
    if data is not None:
        raise ShapeError(f"{_brief(data)} is not null")
    return None


def _union(tp: Any) -> Decoder:
    members = typing.get_args(tp)
    optional = type(None) in members
    choices = [_decoder(member) for member in members if member is not type(None)]

    def union(data: object) -> Any:
        if data is None and optional:
            return None
        for choice in choices:
            try:
                return choice(data)
            except ShapeError:
                continue
        raise ShapeError(f"{_brief(data)} matches none of {tp}")
    return union


def _tuple(args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])
        return lambda data: tuple(item(value) for value in _expect(list, data))
    decoders = [_decoder(arg) for arg in args]

    def fixed(data: object) -> Any:
        items = _expect(list, data)
        if len(decoders) != len(items):
            raise ShapeError(f"expected {len(decoders)} items, got {len(items)}")
        return tuple(decode(item) for decode, item in zip(decoders, items, strict=True))
    return fixed


def _dataclass(tp: type) -> Decoder:
    fields = [f for f in dataclasses.fields(tp) if f.init]
    names = frozenset(f.name for f in fields)
    # Each field's decoder is looked up at the first decode, not here: a class may contain itself.
    plan: list[tuple[str, Decoder, bool]] = []

    def decode(data: object) -> Any:
        raw = _expect(dict, data)
        unknown = raw.keys() - names
        if unknown:
            raise ShapeError(f"unknown field {_brief(sorted(unknown)[0])} for {tp.__name__}")
        if not plan:
            hints = _hints(tp)
            plan.extend((f.name, _decoder(hints[f.name]),
                         f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
                        for f in fields)
        kwargs = {}
        for name, decoder, required in plan:
            if name in raw:
                kwargs[name] = decoder(raw[name])
            elif required:
                raise ShapeError(f"missing field {name!r} for {tp.__name__}")
        return tp(**kwargs)
    return decode


def _int_key(key: str) -> int:
    return _decode_key(int, key)  # type: ignore[no-any-return]


def _decode_key(key_type: Any, key: str) -> Any:
    if key_type is int:
        try:
            return int(key)
        except ValueError as error:
            raise ShapeError(f"{_brief(key)} is not a whole-number key") from error
    return key


def _expect(kind: type[T], data: object) -> T:
    if not isinstance(data, kind):
        raise ShapeError(f"{_brief(data)} is not a {kind.__name__}")
    return data
