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
from typing import Any, TypeVar, Union

T = TypeVar("T")


class ShapeError(ValueError):
    """The data does not have the shape of the declared type."""


def to_json(value: object) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot serialise {type(value).__name__}")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_json(tp: type[T], data: object) -> T:
    result: T = _decode(tp, data)
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


def _decode(tp: Any, data: object) -> Any:
    if tp is Any:
        return data
    origin = typing.get_origin(tp)
    if origin is Union or origin is types.UnionType:
        members = typing.get_args(tp)
        if data is None and type(None) in members:
            return None
        for member in members:
            if member is type(None):
                continue
            try:
                return _decode(member, data)
            except ShapeError:
                continue
        raise ShapeError(f"{_brief(data)} matches none of {tp}")
    if origin is typing.Literal:
        if data in typing.get_args(tp):
            return data
        raise ShapeError(f"{_brief(data)} is not one of {typing.get_args(tp)}")
    if origin is list:
        (item_type,) = typing.get_args(tp)
        return [_decode(item_type, item) for item in _expect(list, data)]
    if origin is tuple:
        args = typing.get_args(tp)
        items = _expect(list, data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], item) for item in items)
        if len(args) != len(items):
            raise ShapeError(f"expected {len(args)} items, got {len(items)}")
        return tuple(_decode(arg, item) for arg, item in zip(args, items, strict=True))
    if origin is dict:
        key_type, value_type = typing.get_args(tp)
        raw = _expect(dict, data)
        return {_decode_key(key_type, key): _decode(value_type, item) for key, item in raw.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        raw = _expect(dict, data)
        hints = _hints(tp)
        fields = {f.name: f for f in dataclasses.fields(tp) if f.init}
        unknown = set(raw) - set(fields)
        if unknown:
            raise ShapeError(f"unknown field {_brief(sorted(unknown)[0])} for {tp.__name__}")
        kwargs = {}
        for name, field in fields.items():
            if name in raw:
                kwargs[name] = _decode(hints[name], raw[name])
            elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                raise ShapeError(f"missing field {name!r} for {tp.__name__}")
        return tp(**kwargs)
    if tp is bool:
        return _expect(bool, data)
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise ShapeError(f"{_brief(data)} is not a whole number")
        return data
    if tp is str:
        return _expect(str, data)
    if tp is type(None):
        if data is not None:
            raise ShapeError(f"{_brief(data)} is not null")
        return None
    raise TypeError(f"unsupported type {tp!r}")


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
