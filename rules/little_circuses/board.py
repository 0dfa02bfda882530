"""The geometry of a circus: cells, orthogonal neighbours, where a tile may be built and where the
Highlight may move, plus the face-up attractions that count for the Variety Prize."""

from __future__ import annotations

from functools import cache

from rules.little_circuses.content import COLOURS, load_content
from rules.little_circuses.state import Circus


def size() -> int:
    return load_content().grid_size


def xy(cell: int) -> tuple[int, int]:
    return cell % size(), cell // size()


def cell_at(x: int, y: int) -> int:
    return y * size() + x


def neighbours(cell: int) -> tuple[int, ...]:
    """Orthogonal neighbours inside the circus area, in cell order."""
    return _neighbour_table(size())[cell]


@cache
def _neighbour_table(n: int) -> tuple[tuple[int, ...], ...]:
    table = []
    for cell in range(n * n):
        x, y = cell % n, cell // n
        table.append(tuple(sorted((y + dy) * n + x + dx for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1))
                                  if 0 <= x + dx < n and 0 <= y + dy < n)))
    return tuple(table)


def printed_stacks() -> dict[int, list[str]]:
    """The four printed attractions, each the bottom of its cell."""
    return {cell: [attraction] for cell, attraction in sorted(load_content().printed.items())}


def top(circus: Circus, cell: int) -> str:
    """The face-up attraction of an occupied cell."""
    return circus.stacks[cell][-1]


def build_cells(circus: Circus) -> list[int]:
    """Cells where a tile may be built: on top of an attraction, or orthogonally next to one."""
    cells = set(circus.stacks)
    for cell in circus.stacks:
        cells.update(neighbours(cell))
    return sorted(cells)


def highlight_moves(circus: Circus) -> list[int]:
    """Attractions orthogonally adjacent to the Highlight."""
    if circus.highlight is None:
        return []
    return [cell for cell in neighbours(circus.highlight) if cell in circus.stacks]


def colour_counts(circus: Circus) -> dict[str, int]:
    """Face-up built attractions per colour (covered tiles and printed attractions do not count)."""
    tiles = load_content().tiles
    counts = dict.fromkeys(COLOURS, 0)
    for stack in circus.stacks.values():
        colour = tiles[stack[-1]].colour
        if colour is not None:
            counts[colour] += 1
    return counts


def variety_sets(circus: Circus) -> int:
    """Complete sets of one face-up attraction of each of the five colours."""
    return min(colour_counts(circus).values())
