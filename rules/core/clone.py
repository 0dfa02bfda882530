"""The copy of a game state that ``Game.apply`` changes: every list, dict, set and state object in it is
new, while what can never change (numbers, text, tuples of those) is shared with the original.

The copier of each state dataclass is generated once, on first use, from its declared field types: the
declarations ``rules.core.serial`` reads and the JSON round trip checks at every step of every playout.
So a field added to a state is copied without anyone remembering to extend a hand-written copy, and a
copy costs one statement per mutable field (``list[str]`` becomes ``value.copy()``, ``dict[str,
Wagon]`` a comprehension calling Wagon's copier) instead of ``copy.deepcopy``'s generic walk with its
memo. The code is generated as text, as ``dataclasses`` does for ``__init__``, because a loop over
per-field copier functions costs as much again. Attributes that are not declared fields are shared, so
state keeps everything in fields (the contract tests walk every attribute to make sure).
"""

from __future__ import annotations

import copy
import dataclasses
import threading
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar, Union

T = TypeVar("T")
Copier = Callable[[Any], Any]

# Types whose values never change: a copy may share them.
_IMMUTABLE: frozenset[Any] = frozenset({int, str, bool, float, bytes, type(None)})

_COPIERS: dict[type, Copier | None] = {}
_BUILDING: set[type] = set()
# Replays apply moves off the event loop, so two threads may meet a state class for the first time.
_BUILD_LOCK = threading.RLock()


def clone(state: T) -> T:
    """A copy of a state dataclass that shares nothing mutable with ``state``."""
    cls = type(state)
    copier = _COPIERS[cls] if cls in _COPIERS else copier_of(cls)
    if copier is None:  # a frozen dataclass of immutable fields is its own copy
        return state
    result: T = copier(state)
    return result


def copier_of(cls: type) -> Copier | None:
    """The copier of a dataclass (None when its values are immutable), generated on first use."""
    with _BUILD_LOCK:
        if cls in _COPIERS:
            return _COPIERS[cls]
        return _build(cls)


def _build(cls: type) -> Copier | None:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"cannot clone {cls.__name__}: game state is built from dataclasses")
    if "__slots__" in cls.__dict__:
        raise TypeError(f"cannot clone {cls.__name__}: slotted state dataclasses are not supported")
    if cls in _BUILDING:
        raise TypeError(f"cannot clone {cls.__name__}: it contains itself")
    _BUILDING.add(cls)
    try:
        namespace: dict[str, Any] = {"_new": object.__new__, "_set": object.__setattr__, "_cls": cls}
        hints = typing.get_type_hints(cls)
        lines = []
        for field in dataclasses.fields(cls):
            source = f"attributes[{field.name!r}]"
            expression = _expression(hints[field.name], source, namespace, 0)
            if expression is not None:
                lines.append(f"    {source} = {expression}")
    finally:
        _BUILDING.discard(cls)
    if cls.__dataclass_params__.frozen and not lines:  # type: ignore[attr-defined]
        _COPIERS[cls] = None
        return None
    # _set rather than ``new.__dict__ = ...``: a frozen dataclass refuses ordinary assignment.
    text = "\n".join(["def copy(value):", "    attributes = value.__dict__.copy()", *lines,
                      "    new = _new(_cls)", "    _set(new, '__dict__', attributes)", "    return new"])
    exec(compile(text, f"<clone of {cls.__qualname__}>", "exec"), namespace)
    copier: Copier = namespace["copy"]
    _COPIERS[cls] = copier
    return copier


def _expression(tp: Any, source: str, namespace: dict[str, Any], depth: int) -> str | None:
    """Python text that copies ``source``, a value of the declared type ``tp``; None when such values
    are immutable and may be shared. ``depth`` keeps the names of nested comprehensions apart."""
    if tp in _IMMUTABLE:
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    item = f"item{depth}"
    if origin is typing.Literal:
        return None
    if origin is Union or origin is types.UnionType:
        return _union_expression(args, source, namespace, depth)
    if origin is list:
        inner = _expression(args[0], item, namespace, depth + 1)
        return f"{source}.copy()" if inner is None else f"[{inner} for {item} in {source}]"
    if origin is dict:
        if _expression(args[0], item, namespace, depth + 1) is not None:
            raise TypeError(f"cannot clone {tp}: dict keys must be immutable")
        inner = _expression(args[1], item, namespace, depth + 1)
        key = f"key{depth}"
        return f"{source}.copy()" if inner is None else f"{{{key}: {inner} for {key}, {item} in {source}.items()}}"
    if origin is set:
        if _expression(args[0], item, namespace, depth + 1) is not None:
            raise TypeError(f"cannot clone {tp}: set members must be immutable")
        return f"{source}.copy()"
    if origin is tuple and args and args != ((),):
        return _tuple_expression(args, source, namespace, depth)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        copier = copier_of(tp)
        if copier is None:
            return None
        name = f"_copy_{tp.__name__}_{id(tp)}"
        namespace[name] = copier
        return f"{name}({source})"
    # Any, a bare ``list`` or ``tuple``, or a type not known here: the generic copy is slower but
    # always complete.
    namespace["_deepcopy"] = copy.deepcopy
    return f"_deepcopy({source})"


def _union_expression(members: tuple[Any, ...], source: str, namespace: dict[str, Any], depth: int) -> str | None:
    mutable = [(member, text) for member in members
               if (text := _expression(member, source, namespace, depth)) is not None]
    if not mutable:
        return None
    if len(mutable) == 1 and len(members) == 2 and type(None) in members:  # the common ``X | None``
        return f"(None if {source} is None else {mutable[0][1]})"
    # Several kinds of mutable value: choose by the value's class (the immutable members are shared).
    # When the class cannot tell them apart (``list[A] | list[B]``, ``Any``), copy generically.
    kinds = [typing.get_origin(member) or member for member, _ in mutable]
    if not all(isinstance(kind, type) for kind in kinds) or len(set(kinds)) < len(kinds):
        namespace["_deepcopy"] = copy.deepcopy
        return f"_deepcopy({source})"
    choice = source
    for index, (kind, (_, text)) in enumerate(reversed(list(zip(kinds, mutable, strict=True)))):
        name = f"_kind_{depth}_{index}_{id(kind)}"
        namespace[name] = kind
        choice = f"({text} if isinstance({source}, {name}) else {choice})"
    return choice


def _tuple_expression(args: tuple[Any, ...], source: str, namespace: dict[str, Any], depth: int) -> str | None:
    item = f"item{depth}"
    if len(args) == 2 and args[1] is Ellipsis:
        inner = _expression(args[0], item, namespace, depth + 1)
        return None if inner is None else f"tuple([{inner} for {item} in {source}])"
    parts = [_expression(arg, f"{source}[{index}]", namespace, depth) for index, arg in enumerate(args)]
    if all(part is None for part in parts):
        return None
    return "(" + "".join(f"{part or f'{source}[{index}]'}, " for index, part in enumerate(parts)) + ")"
