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
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

log = logging.getLogger(__name__)

ARENAS = 2
MMAP_THRESHOLD = 256 * 1024  # bytes: blocks at least this big get their own mapping

_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter numbers (malloc.h)
_M_ARENA_MAX = -8


def tune() -> bool:
    """Apply the settings to this process; False when the C library is not glibc (nothing changed)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(_M_ARENA_MAX, ARENAS)) and bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    if not done:
        log.info("The C library refused the allocator settings; memory use may be higher")
    return done
