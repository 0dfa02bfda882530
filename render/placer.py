"""Placing labels on a drawing: near their anchors, clear of each other and of what must stay visible.

Used by Circus Train's map (city tags, train labels); pure geometry on :class:`~render.common.Box`.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable, Sequence

from render.common import Box, Point


def nearer_rival(box: Box, anchor: Point, rivals: Sequence[Point], margin: float = 8.0) -> bool:
    """True if some rival point is not clearly (by ``margin``) farther from ``box`` than ``anchor``.

    Each distance is ``math.dist`` from the point to ``box.nearest`` of it, written out on plain floats
    (a board asks this for every tag it places, of every city): the same values."""
    x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
    hypot = math.hypot
    ax, ay = anchor
    limit = hypot(ax - (x0 if ax < x0 else x1 if ax > x1 else ax), ay - (y0 if ay < y0 else y1 if ay > y1 else ay)) \
        + margin
    for rival in rivals:
        rx, ry = rival
        if rx == ax and ry == ay:
            continue
        if hypot(rx - (x0 if rx < x0 else x1 if rx > x1 else rx), ry - (y0 if ry < y0 else y1 if ry > y1 else ry)) \
                < limit:
            return True
    return False


# 16 directions, starting to the right and turning clockwise (y grows downward).
_DIRECTIONS: tuple[Point, ...] = tuple(
    (round(math.cos(math.radians(a)), 6), round(math.sin(math.radians(a)), 6)) for a in range(0, 360, 45)
) + tuple(
    (round(math.cos(math.radians(a)), 6), round(math.sin(math.radians(a)), 6)) for a in range(22, 360, 45)
)
# Each direction with the share of the label's half-width and half-height its distance adds.
_DIRECTION_STEPS: tuple[tuple[float, float, float, float], ...] = tuple((ux, uy, abs(ux), abs(uy))
                                                                        for ux, uy in _DIRECTIONS)


class Placer:
    """Places labels near anchors without covering each other.

    Obstacles (boxes) are hard: a candidate that overlaps one costs far more than any distance.
    Segments (rails, roads) are soft: crossing one costs a little. Candidates are tried around the
    anchor on rings of growing distance in 16 directions; the cheapest wins, ties going to the first
    tried, so the result is deterministic.
    """

    def __init__(self, bounds: Box, segments: Iterable[tuple[Point, Point]] = (), segment_cost: float = 45.0):
        self.bounds = bounds
        self.obstacles: list[Box] = []
        self.segment_cost = segment_cost
        self.segments = list(segments)

    @property
    def segments(self) -> list[tuple[Point, Point]]:
        return self._segments

    @segments.setter
    def segments(self, segments: list[tuple[Point, Point]]) -> None:
        # Each segment's box is worked out once, not at every label placed.
        self._segments = segments
        self._spans = [_span(a, b) for a, b in segments]
        # Placements already worked out among these segments, shared with copies, so a label tried
        # again in another order among the same neighbours is not scored again: see ``place_scored``.
        self._placed: dict[tuple[object, ...], list[tuple[Box, tuple[Box, ...], tuple[Box, float]]]] = {}

    def block(self, box: Box) -> None:
        self.obstacles.append(box)

    def copy(self) -> Placer:
        twin = Placer(self.bounds, (), self.segment_cost)
        twin.obstacles = list(self.obstacles)
        twin._segments, twin._spans = self._segments, self._spans
        twin._placed = self._placed
        return twin

    def cost(self, box: Box, ignore_segments_at: Point | None = None, limit: float = math.inf) -> float:
        """How bad a position is: 1000 per pixel of overlap (with obstacles or off the bounds) plus
        ``segment_cost`` per segment crossed. Stops counting once ``limit`` is reached."""
        x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
        total = box.outside(self.bounds) * 1000
        if total >= limit:
            return total
        for o in self.obstacles:
            if o.x1 <= x0 or o.x0 >= x1 or o.y1 <= y0 or o.y0 >= y1:
                continue
            total += (min(x1, o.x1) - max(x0, o.x0)) * (min(y1, o.y1) - max(y0, o.y0)) * 1000
            if total >= limit:
                return total
        for a, b in self.segments:
            if (max(a[0], b[0]) < x0 or min(a[0], b[0]) > x1 or max(a[1], b[1]) < y0 or min(a[1], b[1]) > y1
                    or (ignore_segments_at is not None and (a == ignore_segments_at or b == ignore_segments_at))):
                continue
            if box.crosses(a, b):
                total += self.segment_cost
        return total

    def crossed(self, a: Point, b: Point) -> int:
        """How many obstacles the segment a–b passes through, not counting those around ``a``."""
        x0, x1 = min(a[0], b[0]), max(a[0], b[0])
        y0, y1 = min(a[1], b[1]), max(a[1], b[1])
        count = 0
        for o in self.obstacles:
            if o.x1 < x0 or o.x0 > x1 or o.y1 < y0 or o.y0 > y1 or o.contains(a):
                continue
            if o.crosses(a, b):
                count += 1
        return count

    def _within(self, region: Box) -> tuple[Box, ...]:
        """The obstacles that touch ``region``, in the order they were blocked."""
        x0, y0, x1, y1 = region.x0, region.y0, region.x1, region.y1
        return tuple(o for o in self.obstacles if o.x1 >= x0 and o.x0 <= x1 and o.y1 >= y0 and o.y0 <= y1)

    def _near(self, anchor: Point, width: float, height: float, gap: float) -> Placer:
        """A placer holding only the obstacles and segments that a candidate ``gap`` or less from the
        anchor (or its leader line) could touch: every cost it gives equals this placer's, and a board
        with a hundred obstacles scores each candidate against the handful around it."""
        # A candidate's centre lies at most gap + width/2 + height/2 from the anchor, and reaches
        # half its own size further (1 px spare for rounding).
        reach_x = gap + width + height / 2 + 1
        reach_y = gap + width / 2 + height + 1
        x0, x1 = anchor[0] - reach_x, anchor[0] + reach_x
        y0, y1 = anchor[1] - reach_y, anchor[1] + reach_y
        near = Placer(self.bounds, (), self.segment_cost)
        near.obstacles = [o for o in self.obstacles if o.x1 >= x0 and o.x0 <= x1 and o.y1 >= y0 and o.y0 <= y1]
        kept = [span for span in self._spans
                if span[6] >= x0 and span[4] <= x1 and span[7] >= y0 and span[5] <= y1]
        near._segments = [((span[0], span[1]), (span[2], span[3])) for span in kept]
        near._spans = kept
        return near

    def candidates(self, anchor: Point, width: float, height: float, gap: float) -> Iterable[Box]:
        """Positions whose side nearest the anchor is ``gap`` away from it, in 16 directions."""
        hw, hh = width / 2, height / 2
        for ux, uy in _DIRECTIONS:
            t = gap + abs(ux) * hw + abs(uy) * hh
            yield Box.around((anchor[0] + ux * t, anchor[1] + uy * t), width, height)

    def place(
        self,
        anchor: Point,
        width: float,
        height: float,
        gaps: Sequence[float] = (14, 30, 50, 75, 105, 140),
        *,
        block: bool = True,
        distance_cost: float = 1.0,
        leader_cost: float = 0.0,
    ) -> Box:
        """The cheapest candidate (cost plus ``distance_cost`` per pixel from the anchor); ``gaps`` must
        grow, so rings too far away to win are never scored."""
        return self.place_scored(anchor, width, height, gaps, block=block, distance_cost=distance_cost,
                                 leader_cost=leader_cost)[0]

    def place_scored(
        self,
        anchor: Point,
        width: float,
        height: float,
        gaps: Sequence[float] = (14, 30, 50, 75, 105, 140),
        *,
        block: bool = True,
        distance_cost: float = 1.0,
        leader_cost: float = 0.0,
    ) -> tuple[Box, float]:
        """``place``, also returning the chosen position's cost. With ``leader_cost``, each obstacle that
        the leader line (anchor to the nearest point of the box) would cross costs that much."""
        # The choice depends only on the obstacles within the region its scored candidates covered
        # (the others never touched a candidate or a leader line): when those are the same, in the same
        # order, as at an earlier call for the same label, so is the choice.
        key = (anchor, width, height, tuple(gaps), distance_cost, leader_cost, self.bounds, self.segment_cost)
        earlier = self._placed.setdefault(key, [])
        for region, around, known in earlier:
            if self._within(region) == around:
                chosen = known
                break
        else:
            near = self._near(anchor, width, height, max(0.0, *gaps))
            chosen, region = _cheapest(near, anchor, width, height, gaps, distance_cost, leader_cost)
            earlier.append((region, self._within(region), chosen))
        if block:
            self.block(chosen[0])
        return chosen


def _cheapest(near: Placer, anchor: Point, width: float, height: float, gaps: Sequence[float],
              distance_cost: float, leader_cost: float) -> tuple[tuple[Box, float], Box]:
    """The cheapest candidate and its cost, against ``near`` (``Placer._near``'s placer for this label),
    and the region every scored candidate (and so every leader line) lies in.

    This is ``candidates``, ``Box.nearest``, ``cost`` and ``crossed`` written out on plain floats, with
    comparisons instead of min()/max() calls: the same values, summed in the same order, so the same
    choice. It scores thousands of candidates per board, most of which lie on some obstacle; to find
    that one quickly, obstacles are also kept sorted by their left side, and a candidate looks first
    only at those whose left side lies within the widest obstacle's width of its own span. One that
    alone pushes the cost to the best so far rules the candidate out (a sum of overlaps only grows);
    a candidate overlapping nothing keeps its cost as it is; only one with small overlaps below the
    limit has them summed in full, in the original order.
    """
    obstacles = [(o.x0, o.y0, o.x1, o.y1) for o in near.obstacles]
    by_left = sorted(obstacles)
    lefts = [o[0] for o in by_left]
    # 1 px spare, so that rounding in a width never hides an obstacle.
    widest = max((o[2] - o[0] for o in obstacles), default=0.0) + 1
    # ``crossed`` leaves out the obstacles around the anchor, where every leader line starts.
    ax, ay = anchor
    leader_obstacles = [o for o in obstacles if not (o[0] <= ax <= o[2] and o[1] <= ay <= o[3])]
    segments = [span for span in near._spans if span[:2] != anchor and span[2:4] != anchor]
    segment_cost = near.segment_cost
    bounds = near.bounds
    bx0, by0, bx1, by1 = bounds.x0, bounds.y0, bounds.x1, bounds.y1
    hw, hh = width / 2, height / 2
    best: tuple[float, float, float, float] | None = None
    best_cost = math.inf
    hypot = math.hypot
    rx0, ry0, rx1, ry1 = ax, ay, ax, ay
    for gap in gaps:
        if best is not None and distance_cost * max(gap, 0) >= best_cost:
            break
        for ux, uy, sx, sy in _DIRECTION_STEPS:
            t = gap + sx * hw + sy * hh
            cx, cy = ax + ux * t, ay + uy * t
            x0, y0, x1, y1 = cx - hw, cy - hh, cx + hw, cy + hh
            ex = x0 if ax < x0 else x1 if ax > x1 else ax
            ey = y0 if ay < y0 else y1 if ay > y1 else ay
            distance = distance_cost * hypot(ax - ex, ay - ey)  # math.dist(anchor, (ex, ey)), without the tuple
            if distance >= best_cost:
                continue
            if x0 < rx0:
                rx0 = x0
            if y0 < ry0:
                ry0 = y0
            if x1 > rx1:
                rx1 = x1
            if y1 > ry1:
                ry1 = y1
            limit = best_cost - distance
            ow = (x1 if x1 < bx1 else bx1) - (x0 if x0 > bx0 else bx0)
            oh = (y1 if y1 < by1 else by1) - (y0 if y0 > by0 else by0)
            total = ((x1 - x0) * (y1 - y0) - (ow * oh if ow > 0 and oh > 0 else 0.0)) * 1000
            if total >= limit:
                continue
            overlapped = False
            for ox0, oy0, ox1, oy1 in by_left[bisect_left(lefts, x0 - widest):bisect_left(lefts, x1)]:
                if ox1 <= x0 or oy1 <= y0 or oy0 >= y1:
                    continue
                if total + ((x1 if x1 < ox1 else ox1) - (x0 if x0 > ox0 else ox0)) * \
                        ((y1 if y1 < oy1 else oy1) - (y0 if y0 > oy0 else oy0)) * 1000 >= limit:
                    break
                overlapped = True
            else:
                if overlapped:
                    for ox0, oy0, ox1, oy1 in obstacles:
                        if ox1 <= x0 or ox0 >= x1 or oy1 <= y0 or oy0 >= y1:
                            continue
                        total += ((x1 if x1 < ox1 else ox1) - (x0 if x0 > ox0 else ox0)) * \
                            ((y1 if y1 < oy1 else oy1) - (y0 if y0 > oy0 else oy0)) * 1000
                        if total >= limit:
                            break
                    if total >= limit:
                        continue
                for px, py, qx, qy, sx0, sy0, sx1, sy1 in segments:
                    if sx1 < x0 or sx0 > x1 or sy1 < y0 or sy0 > y1:
                        continue
                    if _crosses(x0, y0, x1, y1, px, py, qx - px, qy - py):
                        total += segment_cost
                cost = distance + total
                if leader_cost and distance > 0 and cost < best_cost:
                    lx0, lx1 = (ax, ex) if ax < ex else (ex, ax)
                    ly0, ly1 = (ay, ey) if ay < ey else (ey, ay)
                    crossings = 0
                    for ox0, oy0, ox1, oy1 in leader_obstacles:
                        if ox1 < lx0 or ox0 > lx1 or oy1 < ly0 or oy0 > ly1:
                            continue
                        if _crosses(ox0, oy0, ox1, oy1, ax, ay, ex - ax, ey - ay):
                            crossings += 1
                    cost += leader_cost * crossings
                if cost < best_cost:
                    best, best_cost = (x0, y0, x1, y1), cost
    assert best is not None
    return (Box(*best), best_cost), Box(rx0, ry0, rx1, ry1)


Span = tuple[float, float, float, float, float, float, float, float]


def _span(a: Point, b: Point) -> Span:
    """A segment as its two ends and the box around it: (ax, ay, bx, by, left, top, right, bottom)."""
    return (a[0], a[1], b[0], b[1], min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


def _crosses(x0: float, y0: float, x1: float, y1: float, ax: float, ay: float, dx: float, dy: float) -> bool:
    """``Box(x0, y0, x1, y1).crosses(a, a + d)`` on plain floats: the same clipping, step by step."""
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            if r > t0:
                t0 = r
        elif r < t1:
            t1 = r
        if t0 > t1:
            return False
    return True
