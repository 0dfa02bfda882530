"""Caches of pictures and texts that hold words: one entry per language, so a worker that drew a legend in English
never hands it to a German board."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar

from lang.speech import current

P = ParamSpec("P")
R = TypeVar("R")


class PerLanguage(Generic[P, R]):
    """``function``'s results cached by its arguments and the language spoken when it was called."""

    def __init__(self, function: Callable[P, R], maxsize: int | None) -> None:
        self._function = function
        self._cached = functools.lru_cache(maxsize=maxsize)(self._call)
        functools.update_wrapper(self, function)

    def _call(self, language: str, args: tuple[Hashable, ...], kwargs: tuple[tuple[str, Hashable], ...]) -> R:
        return self._function(*args, **dict(kwargs))  # type: ignore[arg-type]

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return self._cached(current(), args, tuple(sorted(kwargs.items())))

    def cache_clear(self) -> None:
        self._cached.cache_clear()


def per_language(maxsize: int | None = None) -> Callable[[Callable[P, R]], PerLanguage[P, R]]:
    """``@per_language()`` in place of ``@cache`` (or ``@per_language(256)`` for ``@lru_cache(maxsize=256)``) on a
    function whose result holds words it looks up itself."""

    def decorate(function: Callable[P, R]) -> PerLanguage[P, R]:
        return PerLanguage(function, maxsize)

    return decorate
