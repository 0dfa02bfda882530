"""Render worker processes never outlive the bot.

The render workers (``table/renders.py``) are forked by multiprocessing's forkserver, which the bot starts:
the forkserver is the workers' parent, not the bot. Left alone, a bot killed outright (SIGKILL: an
out-of-memory killer, a supervisor giving up) leaves them all running, about 100 MB each, one set per kill: a
worker waits on its task queue, whose writing end it holds itself, so it never sees the bot go; and the
forkserver waits until every process holding its "alive" pipe (the bot and each worker) has closed it.

- Each worker :func:`follow` s the bot itself: a thread waits on a pidfd of the bot's process (Linux 5.3 and
  later) and ends the worker the moment the bot ends, however it ends. Without pidfds it looks every
  ``POLL_SECONDS`` whether the bot is still there and the worker's parent (the forkserver) is the same.
- The forkserver dies with the bot (:func:`die_with_parent`: the kernel's parent-death signal, set as
  :mod:`table.forkserver_guard` is preloaded into it). Once the bot and the workers are gone, multiprocessing's
  resource tracker sees the end of its pipe and ends too.

A worker deliberately has no parent-death signal: its parent is the forkserver, and a forkserver that dies
while the bot runs (a stray signal) must not take the workers the bot is drawing with.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import select
import signal
import sys
import threading
import time
from typing import Final

__all__ = ["POLL_SECONDS", "die_with_parent", "follow"]

POLL_SECONDS: Final = 1.0  # how often a worker without pidfds looks for the bot (the fallback only)
_PR_SET_PDEATHSIG: Final = 1  # prctl's option number (linux/prctl.h)


def die_with_parent(number: int = signal.SIGKILL) -> bool:
    """Have the kernel send ``number`` to this process when its parent ends (Linux's ``PR_SET_PDEATHSIG``);
    False where there is no such thing. The parent is the THREAD that started this process: the forkserver is
    started from the bot's event loop thread, which lasts as long as the bot."""
    if not sys.platform.startswith("linux"):
        return False
    path = ctypes.util.find_library("c")
    if path is None:
        return False
    try:
        prctl = ctypes.CDLL(path, use_errno=True).prctl
    except (OSError, AttributeError):
        return False
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    return bool(prctl(_PR_SET_PDEATHSIG, number, 0, 0, 0) == 0)


def _end() -> None:
    os._exit(0)  # what the worker was drawing has nobody to go to


def _watch_pidfd(descriptor: int) -> None:
    poller = select.poll()
    poller.register(descriptor, select.POLLIN)
    while not poller.poll():  # readable once the process has ended
        pass
    _end()


def _watch_polling(pid: int, parent: int) -> None:
    while True:
        time.sleep(POLL_SECONDS)
        if os.getppid() != parent:
            _end()  # the forkserver went (and the bot with it, or it soon follows)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            _end()
        except PermissionError:  # the process exists (another user's: its number was given again)
            continue


def follow(pid: int) -> None:
    """End this process as soon as the process ``pid`` ends (see the module's docstring); from a daemon thread,
    so nothing else of the process changes."""
    descriptor = None
    if hasattr(os, "pidfd_open"):
        with contextlib.suppress(OSError):
            descriptor = os.pidfd_open(pid)
    if descriptor is None:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            _end()  # already gone
        except PermissionError:
            pass
        watcher = threading.Thread(target=_watch_polling, args=(pid, os.getppid()), name="ringmaster-lifeline",
                                   daemon=True)
    else:
        watcher = threading.Thread(target=_watch_pidfd, args=(descriptor,), name="ringmaster-lifeline", daemon=True)
    watcher.start()
