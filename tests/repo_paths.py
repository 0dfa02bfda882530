"""Where the repository and the shared test helpers are, for tests that start a program in its own process
(``python -m rules``, ``bot.py``, ``press_worker.py``, ...): test modules sit one or two folders below
``tests/``, so their own ``__file__`` does not say where the root is."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
