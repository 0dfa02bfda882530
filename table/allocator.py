"""Keep the C allocator from hoarding memory the bot no longer uses.

Two glibc habits cost a long-running bot hundreds of megabytes (measured with ``bench/load.py``: RSS
rose from about 60 MB to 400–550 MB within a minute of load, and a board-drawing worker reached 350 MB):

- every thread that allocates may get its own arena (up to eight per core), and memory freed in one
  arena is never reused by another: the database threads, the default thread pool and discord.py's
  threads each grow their own. Two arenas are plenty for a bot whose Python code runs one thread at a
  time;
- a freed large block (a 1600×1800 board is about 9 MB per layer) raises the threshold under which
  blocks come from the heap instead of their own mapping, so the next boards are carved from the heap
  and fragment it. A fixed threshold keeps every image buffer in its own mapping, returned to the system
  the moment it is freed.

The same settings could be given as ``MALLOC_ARENA_MAX`` and ``MALLOC_MMAP_THRESHOLD_`` in the
environment; doing it here makes every way of starting the bot (and every render worker) behave the
same. On a C library other than glibc this does nothing.

What the heap still frees inside itself (a render worker's caches of text and sprites evict entries
among blocks still in use, leaving holes) stays resident until it is handed back: :func:`trim` does
that (``malloc_trim``), and the render workers call it every ``TRIM_EVERY`` pictures
(``table/renders.py``). Measured in a worker under ``bench/load.py``: 12-20 MB of its heap were free
after a few minutes; a trim takes 2-5 ms of CPU, so once per hundred boards costs under 0.1 %.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
from functools import cache
from typing import Any

log = logging.getLogger(__name__)

ARENAS = 2
MMAP_THRESHOLD = 256 * 1024  # bytes: blocks at least this big get their own mapping

_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter numbers (malloc.h)
_M_ARENA_MAX = -8


@cache
def _libc_call(name: str) -> Any:
    """One function of the C library, looked up once (finding the library runs ``ldconfig``); None when
    the library or the function is missing (not glibc)."""
    path = ctypes.util.find_library("c")
    if path is None:
        return None
    try:
        return getattr(ctypes.CDLL(path), name)
    except (OSError, AttributeError):
        return None


def tune() -> bool:
    """Apply the settings to this process; False when the C library is not glibc (nothing changed)."""
    mallopt = _libc_call("mallopt")
    if mallopt is None:
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(_M_ARENA_MAX, ARENAS)) and bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    if not done:
        log.info("The C library refused the allocator settings; memory use may be higher")
    return done


def trim() -> bool:
    """Hand the pages the heap holds free back to the system (glibc's ``malloc_trim``); False when the C
    library has no such call (nothing done)."""
    malloc_trim = _libc_call("malloc_trim")
    if malloc_trim is None:
        return False
    malloc_trim.argtypes = [ctypes.c_size_t]
    malloc_trim.restype = ctypes.c_int
    malloc_trim(0)
    return True
