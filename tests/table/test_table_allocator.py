"""The allocator settings (table/allocator.py): in a fresh process, an image-sized block freed after a
bigger one stays in the process without them (glibc's moving threshold sends it to the heap) and goes
back to the system with them."""

from __future__ import annotations

import subprocess
import sys

from repo_paths import REPO

ROOT = REPO

# Allocate 8 MB then 4 MB (as drawing a big board and then a smaller one does), each freed with a small
# block kept after it; print how many KiB each left resident.
PROGRAM = """
import ctypes, sys
sys.path.insert(0, {root!r})
if {tune}:
    from table import allocator
    assert allocator.tune()
def resident():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
kept, left = [], []
for megabytes in (8, 4, 4):
    before = resident()
    block = ctypes.create_string_buffer(megabytes * 1024 * 1024)
    ctypes.memset(block, 1, len(block))
    kept.append(ctypes.create_string_buffer(64))
    del block
    left.append(resident() - before)
print(*left)
"""


def left_resident(tune: bool) -> list[int]:
    done = subprocess.run([sys.executable, "-c", PROGRAM.format(root=str(ROOT), tune=tune)], check=True,
                          capture_output=True, text=True)
    return [int(word) for word in done.stdout.split()]


def test_freed_image_blocks_go_back_to_the_system_once_tuned() -> None:
    untuned, tuned = left_resident(False), left_resident(True)
    assert max(untuned[1:]) >= 3 * 1024  # the habit the settings exist for
    assert max(tuned) < 1024


# Fill the heap with blocks under the mapping threshold, free all but the last (which pins the heap's
# top, so the heap cannot simply shrink), and print the KiB resident before and after a trim.
TRIMMED = """
import ctypes, sys
sys.path.insert(0, {root!r})
from table import allocator
assert allocator.tune()
def resident():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
blocks = [ctypes.create_string_buffer(64 * 1024) for _ in range(320)]
for block in blocks:
    ctypes.memset(block, 1, len(block))
pin = blocks[-1]
del blocks[:]
before = resident()
assert allocator.trim()
print(before, resident())
"""


def test_a_trim_gives_the_heaps_free_pages_back() -> None:
    done = subprocess.run([sys.executable, "-c", TRIMMED.format(root=str(ROOT))], check=True, capture_output=True,
                          text=True)
    before, after = (int(word) for word in done.stdout.split())
    assert before - after >= 15 * 1024  # of the 20 MB freed inside the heap
