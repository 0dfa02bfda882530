"""Keep the memory of freed pictures for the next ones, within a bound.

Pillow allocates a picture's pixels in blocks and, by default, frees each block when the picture goes.
The render workers also give every large allocation its own mapping (``table/allocator.py``), so each
new canvas, panel and palette picture arrives as fresh pages that the kernel must fault in and zero:
measured on the benchmark's boards with the workers' settings, that made a board cost 20-55% more CPU
than the same board drawn into kept blocks, which are reused as they are, so their pages stay mapped.

Blocks are small (512 KiB) so that pictures of any size are carved from the same kept blocks (Pillow
resizes a kept block to each request; large blocks of mixed sizes would be remapped every time), and at
most ``KEPT_BLOCKS`` are kept: 32 MiB, less than drawing one big board holds at its peak anyway (a
worker kept 12-23 MiB after the benchmark's boards; keeping up to 48 MiB saved no more CPU).
"""

from __future__ import annotations

# Pillow's core (``Image.core``), where its block allocator is set; the environment variables
# ``PILLOW_BLOCK_SIZE`` and ``PILLOW_BLOCKS_MAX`` would do the same, but only before Pillow is imported.
from PIL import _imaging

BLOCK_BYTES = 512 * 1024
KEPT_BLOCKS = 64


def keep_freed_blocks() -> None:
    """Apply to this process: later pictures reuse the blocks earlier ones freed (up to the bound)."""
    _imaging.set_block_size(BLOCK_BYTES)
    _imaging.set_blocks_max(KEPT_BLOCKS)
