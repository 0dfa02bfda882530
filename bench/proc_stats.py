"""A process and its children as /proc shows them, for the load benchmarks: CPU time (its own and its
workers'), time spent waiting for a free core, the machine's CPU pressure, memory (RSS, and PSS counting a
shared page once), and the machine itself. Linux only, like the benchmarks."""

from __future__ import annotations

import contextlib
import os
import platform
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (render pools, helpers), found by their parent ids."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = Path(f"/proc/{entry}/stat").read_text()
                parents.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found += children
        todo += children
    return found


def cpu_seconds(pid: int) -> float:
    """User + system time of a process and of its children, live (read directly) or already reaped."""
    own, children = cpu_split(pid)
    return own + children


def cpu_split(pid: int) -> tuple[float, float]:
    """User + system time of a process itself, and of its children (live, or already reaped)."""
    def own(process: int, reaped: bool) -> float:
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if reaped else 0)
        return ticks / TICK
    return own(pid, False), own(pid, True) - own(pid, False) + sum(own(child, False) for child in descendants(pid))


def niceness(pid: int) -> int | None:
    """A process's nice value (None once it is gone)."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
    except (OSError, IndexError, ValueError):
        return None


def children_cpu_at(pid: int, nice: int) -> float:
    """User + system time of the live processes below ``pid`` running at nice value ``nice`` (one kind of worker,
    told apart by the priority it gives itself: table/thinking.py's, table/renders.py's)."""
    total = 0.0
    for child in descendants(pid):
        if niceness(child) == nice:
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def cpu_waited(pid: int) -> float:
    """Seconds the threads of a process and of its children spent runnable but not running (waiting for a
    free core: /proc/<pid>/task/*/schedstat), so a slow bot can be told from a starved one."""
    total = 0
    for process in [pid, *descendants(pid)]:
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{process}/task"):
                with contextlib.suppress(OSError, IndexError, ValueError):
                    total += int(Path(f"/proc/{process}/task/{task}/schedstat").read_text().split()[1])
    return total / 1e9


def cpu_pressure() -> float:
    """The machine's CPU pressure so far: seconds in which some runnable task had no core (/proc/pressure)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        first = Path("/proc/pressure/cpu").read_text().splitlines()[0]
        return int(first.rsplit("total=", 1)[1]) / 1e6
    return float("nan")


def memory(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM in bytes."""
    found = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0]) * 1024
    return found


def children_memory(pid: int) -> list[tuple[int, int]]:
    return [(child, memory(child).get("VmRSS", 0)) for child in descendants(pid)]


def proportional_set(pid: int) -> int:
    """Bytes of memory the bot and its worker processes cost the machine together (PSS: a page shared by
    several of them, like the libraries the render workers inherit, is counted once in all)."""
    total = 0
    for process in [pid, *descendants(pid)]:
        with contextlib.suppress(OSError, StopIteration, ValueError):
            lines = Path(f"/proc/{process}/smaps_rollup").read_text().splitlines()
            total += int(next(line for line in lines if line.startswith("Pss:")).split()[1]) * 1024
    return total


def machine() -> str:
    model = ""
    with contextlib.suppress(OSError):
        model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                      if line.startswith("model name")), "")
    return f"{os.cpu_count()} cores {model}, Python {platform.python_version()}".strip()
