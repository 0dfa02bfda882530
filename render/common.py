"""Drawing helpers shared by every game's renderer.

- Players: a colour-blind-safe palette (Okabe–Ito) where each seat also has its own shape and a
  letter, so colour is never the only cue (``player_marks``, ``draw_token``).
- Text: measuring, fitting, wrapping and drawing with an outline that keeps it legible on any
  background; names are cleaned of characters the bundled fonts cannot draw.
- Shapes: rounded panels, chips, regular polygons, stars; small sprites are drawn supersampled so
  their edges are smooth.
- Layout: ``Box`` geometry and ``Placer``, a deterministic label placer that tries positions around an
  anchor and keeps labels off each other.
- Output: ``to_png`` — any picture, palette-quantised when that keeps it crisp (boards and hands use
  their game's fixed palette instead: ``render.png``).

Everything here is deterministic: the same calls give the same pixels.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Literal

from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageStat

from lang import listing, tr
from render import fonts
from render.fonts import printable
from render.panels import stamp_rounded_panel

RGB = tuple[int, int, int]
Point = tuple[float, float]
Font = ImageFont.FreeTypeFont
Shape = Literal["circle", "square", "triangle", "diamond", "hexagon", "star", "pentagon", "octagon"]


def hex_colour(value: str) -> RGB:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


INK: RGB = (34, 30, 28)
PAPER: RGB = (255, 255, 255)
MUTED: RGB = (92, 86, 80)
HIGHLIGHT: RGB = (255, 214, 10)

# Okabe & Ito (2008), "Color Universal Design". Yellow and vermilion come last: yellow is hard to see
# on a light board and vermilion is close to orange for red-blind players, so games of five or fewer
# players use the five colours that stay most distinct.
PLAYER_COLOURS: tuple[RGB, ...] = tuple(
    hex_colour(c) for c in ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#F0E442", "#D55E00", "#000000")
)
PLAYER_COLOUR_NAMES: tuple[str, ...] = ("orange", "sky blue", "green", "pink", "blue", "yellow", "vermilion", "black")
PLAYER_SHAPES: tuple[Shape, ...] = ("circle", "square", "triangle", "diamond", "hexagon", "star", "pentagon", "octagon")
MAX_SEATS = len(PLAYER_COLOURS)


# ----- colour ----------------------------------------------------------------------------------------


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: RGB) -> float:
    """WCAG relative luminance."""
    r, g, b = (_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_colour_on(background: RGB) -> RGB:
    """INK or white, whichever reads better on ``background``."""
    return INK if contrast(background, INK) >= contrast(background, PAPER) else PAPER


def mix(a: RGB, b: RGB, share_of_b: float) -> RGB:
    """``a`` blended toward ``b`` (0 → a, 1 → b)."""
    return (
        round(a[0] + (b[0] - a[0]) * share_of_b),
        round(a[1] + (b[1] - a[1]) * share_of_b),
        round(a[2] + (b[2] - a[2]) * share_of_b),
    )


def tint(colour: RGB, share_of_white: float = 0.8) -> RGB:
    return mix(colour, PAPER, share_of_white)


# ----- players ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerMark:
    """How one seat is shown everywhere: colour, shape and a short label (its initial)."""

    seat: int
    name: str
    colour: RGB
    shape: Shape
    label: str

    @property
    def text_colour(self) -> RGB:
        return text_colour_on(self.colour)


def display_name(name: str, seat: int) -> str:
    """The name as the bundled fonts can draw it; "Player 2" if nothing drawable is left."""
    return printable(name) or tr("Player {number}", number=seat + 1)


def player_marks(names: Sequence[str]) -> list[PlayerMark]:
    """One mark per seat. Labels are initials, made unique: "A" — or "Ad"/"An" when two names share
    an initial — or the seat number when a name has no drawable letter."""
    if len(names) > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats can be drawn")
    shown = [display_name(name, seat) for seat, name in enumerate(names)]
    letters = ["".join(c for c in name if c.isalnum()) for name in shown]
    initials = [word[:1].upper() if word else str(seat + 1) for seat, word in enumerate(letters)]
    labels = [
        letters[seat][0].upper() + letters[seat][1].lower()
        if initials.count(initial) > 1 and len(letters[seat]) > 1 else initial
        for seat, initial in enumerate(initials)
    ]
    labels = [f"{label[:1]}{seat + 1}" if labels.count(label) > 1 else label for seat, label in enumerate(labels)]
    return [
        PlayerMark(seat, shown[seat], PLAYER_COLOURS[seat], PLAYER_SHAPES[seat], labels[seat])
        for seat in range(len(names))
    ]


# ----- geometry ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def around(cls, centre: Point, width: float, height: float) -> Box:
        return cls(centre[0] - width / 2, centre[1] - height / 2, centre[0] + width / 2, centre[1] + height / 2)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> Point:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def inflate(self, by: float) -> Box:
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def shift(self, dx: float, dy: float) -> Box:
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def overlap(self, other: Box) -> float:
        """The area the two boxes share."""
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0

    def outside(self, bounds: Box) -> float:
        """The area of this box that lies outside ``bounds``."""
        return self.width * self.height - self.overlap(bounds)

    def contains(self, point: Point) -> bool:
        return self.x0 <= point[0] <= self.x1 and self.y0 <= point[1] <= self.y1

    def nearest(self, point: Point) -> Point:
        """The point of the box closest to ``point``."""
        return (min(max(point[0], self.x0), self.x1), min(max(point[1], self.y0), self.y1))

    def crosses(self, a: Point, b: Point) -> bool:
        """True if the segment a–b passes through the box (Liang–Barsky clipping)."""
        t0, t1 = 0.0, 1.0
        dx, dy = b[0] - a[0], b[1] - a[1]
        for p, q in ((-dx, a[0] - self.x0), (dx, self.x1 - a[0]), (-dy, a[1] - self.y0), (dy, self.y1 - a[1])):
            if p == 0:
                if q < 0:
                    return False
                continue
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
            if t0 > t1:
                return False
        return True

    def rounded(self) -> tuple[int, int, int, int]:
        return (round(self.x0), round(self.y0), round(self.x1), round(self.y1))


# ----- shapes ------------------------------------------------------------------------------------------


def regular_polygon(centre: Point, radius: float, sides: int, rotation: float = -90.0) -> list[Point]:
    cx, cy = centre
    return [
        (cx + radius * math.cos(math.radians(rotation + 360 * i / sides)),
         cy + radius * math.sin(math.radians(rotation + 360 * i / sides)))
        for i in range(sides)
    ]


def star_polygon(centre: Point, radius: float, points: int = 5, inner: float = 0.5) -> list[Point]:
    cx, cy = centre
    out: list[Point] = []
    for i in range(points * 2):
        r = radius if i % 2 == 0 else radius * inner
        angle = math.radians(-90 + 180 * i / points)
        out.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return out


# Per shape: (size relative to a circle of the same radius, so all tokens look equally big; vertical
# offset of the letter as a share of the radius, to sit in the shape's visual centre).
_SHAPE_GEOMETRY: dict[str, tuple[float, float]] = {
    "circle": (1.0, 0.0),
    "square": (0.9, 0.0),
    "triangle": (1.42, 0.27),
    "diamond": (1.22, 0.0),
    "hexagon": (1.06, 0.0),
    "star": (1.4, 0.08),
    "pentagon": (1.1, 0.06),
    "octagon": (1.03, 0.0),
}


def shape_points(shape: Shape, centre: Point, radius: float) -> list[Point]:
    scale = _SHAPE_GEOMETRY[shape][0]
    r = radius * scale
    cx, cy = centre
    if shape == "square":
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "triangle":
        return regular_polygon((cx, cy + r * 0.18), r, 3)
    if shape == "diamond":
        return regular_polygon(centre, r, 4)
    if shape == "hexagon":
        return regular_polygon(centre, r, 6, rotation=0)
    if shape == "star":
        return star_polygon(centre, r, 5, inner=0.55)
    if shape == "pentagon":
        return regular_polygon(centre, r, 5)
    if shape == "octagon":
        return regular_polygon(centre, r, 8, rotation=22.5)
    raise ValueError(f"{shape} is not a polygon")


def draw_shape(draw: ImageDraw.ImageDraw, shape: Shape, centre: Point, radius: float, *,
               fill: RGB | None, outline: RGB | None = None, width: int = 0) -> None:
    if shape == "circle":
        cx, cy = centre
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill, outline=outline, width=width)
    else:
        draw.polygon(shape_points(shape, centre, radius), fill=fill, outline=outline, width=width)


_SUPERSAMPLE = 4


@cache
def token_sprite(shape: Shape, colour: RGB, label: str, radius: int, ring: bool = False) -> Image.Image:
    """A player's token as an RGBA sprite: the shape in the player's colour with a white halo and a
    dark outline, the label inside; ``ring`` adds a bold outer ring (the player to act).
    Drawn at 4× and scaled down, so edges are smooth. Cached."""
    margin = radius + (10 if ring else 5)
    size = margin * 2
    big = Image.new("RGBA", (size * _SUPERSAMPLE, size * _SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    s = _SUPERSAMPLE
    centre = (margin * s, margin * s)
    if ring:
        draw.ellipse(Box.around(centre, (radius + 9) * 2 * s, (radius + 9) * 2 * s).rounded(), fill=(*INK, 255))
        draw.ellipse(Box.around(centre, (radius + 6) * 2 * s, (radius + 6) * 2 * s).rounded(),
                     fill=(*HIGHLIGHT, 255))
    draw_shape(draw, shape, centre, (radius + 3) * s, fill=PAPER)
    draw_shape(draw, shape, centre, radius * s, fill=colour, outline=INK, width=round(2.5 * s))
    sprite = big.resize((size, size), Image.Resampling.LANCZOS)
    # The label is drawn at final size so FreeType hints it crisply.
    # Never below 16 px; two-letter labels use the condensed face.
    size = max(16, round(radius * (1.2 if len(label) == 1 else 1.0) * (0.88 if shape == "triangle" else 1.0)))
    label_font = fonts.font(size, bold=True, condensed=len(label) > 1)
    text_draw = ImageDraw.Draw(sprite)
    # Centre the glyphs' own ink box (not the line box) on the shape's visual centre.
    left, top, right, bottom = label_font.getbbox(label, anchor="lt")
    cx = margin - (left + right) / 2
    cy = margin + _SHAPE_GEOMETRY[shape][1] * radius - (top + bottom) / 2
    text_draw.text((round(cx), round(cy)), label, font=label_font, fill=(*text_colour_on(colour), 255), anchor="lt")
    return sprite


def draw_token(image: Image.Image, centre: Point, mark: PlayerMark, radius: int = 18, ring: bool = False) -> Box:
    """Paste a player's token centred on ``centre``; returns its box."""
    sprite = token_sprite(mark.shape, mark.colour, mark.label, radius, ring)
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)
    return Box(x, y, x + sprite.width, y + sprite.height)


@cache
def disc_sprite(radius: int, fill: RGB, outline: RGB, width: float, shape: Shape = "circle") -> Image.Image:
    """A smooth small shape (city dots and the like) as an RGBA sprite."""
    s = _SUPERSAMPLE
    size = (radius + 2) * 2
    big = Image.new("RGBA", (size * s, size * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    centre = ((radius + 2) * s, (radius + 2) * s)
    draw_shape(draw, shape, centre, radius * s, fill=outline)
    inner = (radius - width) * s
    draw_shape(draw, shape, centre, inner, fill=fill)
    return big.resize((size, size), Image.Resampling.LANCZOS)


def paste_centred(image: Image.Image, sprite: Image.Image, centre: Point) -> None:
    image.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)


def rounded_panel(draw: ImageDraw.ImageDraw, box: Box, *, fill: RGB | None, outline: RGB | None = None,
                  width: int = 2, radius: int = 12) -> None:
    """``draw.rounded_rectangle`` on ``box`` (at whole pixels), the same pixels from cached pieces where it
    can (see ``render.panels``): Pillow computes each corner's arc and slice anew on every call."""
    if not stamp_rounded_panel(draw, box.rounded(), fill, outline, width, radius):
        draw.rounded_rectangle(box.rounded(), radius=radius, fill=fill, outline=outline, width=width)


# ----- text --------------------------------------------------------------------------------------------


# Boards write the same words again and again (labels, numbers, city and player names): each is measured
# and rasterised by FreeType once per process, then reused. The caches are bounded, so a server's
# thousand games with their own names cannot grow them without end.


@lru_cache(maxsize=16384)
def text_width(text: str, font: Font) -> float:
    return font.getlength(text)


@lru_cache(maxsize=16384)
def _text_bbox(text: str, font: Font, anchor: str, stroke: int) -> tuple[float, float, float, float]:
    left, top, right, bottom = font.getbbox(text, anchor=anchor, stroke_width=stroke)
    return (left, top, right, bottom)


# Text is drawn with its anchor on a whole pixel (the nearest one), so one mask serves a string wherever
# it stands: a board's tags and chips sit at fractional positions that differ from board to board, and
# with masks kept per fraction of a pixel most of a board's text was rasterised anew. Half a pixel at
# most, on a 1600 px board shown at phone width, is not visible; glyphs stay as FreeType hints them.


@lru_cache(maxsize=4096)
def _text_mask(text: str, font: Font, anchor: str, stroke: int) -> tuple[Image.Image | None, int, int]:
    """The coverage mask FreeType draws for ``text`` (the outline's, with ``stroke``) anchored on a pixel
    corner, and where the mask's top-left pixel lies relative to that corner. ``None`` for text that
    leaves no ink (spaces)."""
    left, top, right, bottom = _text_bbox(text, font, anchor, stroke)
    pad_x = max(0, math.ceil(-left)) + 2
    pad_y = max(0, math.ceil(-top)) + 2
    mask = Image.new("L", (pad_x + max(0, math.ceil(right)) + 3, pad_y + max(0, math.ceil(bottom)) + 3), 0)
    ImageDraw.Draw(mask).text((pad_x, pad_y), text, fill=255, font=font, anchor=anchor, stroke_width=stroke,
                              stroke_fill=255)
    ink = mask.getbbox()
    if ink is None:
        return None, 0, 0
    return mask.crop(ink), ink[0] - pad_x, ink[1] - pad_y


def text_anchor(xy: Point) -> tuple[int, int]:
    """The pixel ``put_text`` anchors text at for ``xy``: the nearest one (halves round up)."""
    return (math.floor(xy[0] + 0.5), math.floor(xy[1] + 0.5))


TextSink = Callable[[ImageDraw.ImageDraw, Point, str, Font, str, int], None]
text_sink: TextSink | None = None
"""Told of every text drawn (the picture, the anchor point, the text, its font, anchor and outline), and None
(one test of a module global per text) except while a check measures what is drawn: ``render.words.recording``."""


def put_text(draw: ImageDraw.ImageDraw, xy: Point, text: str, font: Font, fill: RGB | tuple[int, int, int, int],
             *, anchor: str = "la", stroke: int = 0, stroke_fill: RGB = PAPER) -> None:
    """``draw.text`` for one line at ``text_anchor(xy)``, from cached glyph masks (see ``_text_mask``):
    the same pixels for a fraction of the cost once a text has been drawn in the process."""
    if text_sink is not None:
        text_sink(draw, xy, text, font, anchor, stroke)
    x, y = text_anchor(xy)
    if "\n" in text:
        draw.text((x, y), text, font=font, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill)
        return
    if stroke:
        mask, dx, dy = _text_mask(text, font, anchor, stroke)
        if mask is not None:
            draw.bitmap((x + dx, y + dy), mask, fill=stroke_fill)
        if fill == stroke_fill:
            return
    mask, dx, dy = _text_mask(text, font, anchor, 0)
    if mask is not None:
        draw.bitmap((x + dx, y + dy), mask, fill=fill)


def line_height(font: Font) -> int:
    ascent, descent = font.getmetrics()
    return ascent + descent


def fit_text(text: str, font: Font, max_width: float) -> str:
    """``text``, cut with an ellipsis if it is wider than ``max_width``."""
    if text_width(text, font) <= max_width:
        return text
    while text and text_width(text + "…", font) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap_text(text: str, font: Font, max_width: float, max_lines: int | None = None) -> list[str]:
    """Greedy word wrap; the last allowed line gets an ellipsis if text remains."""
    lines: list[str] = []
    current = ""
    words = text.split()
    if max_lines == 1:
        return [fit_text(" ".join(words), font, max_width)] if words else []
    for index, word in enumerate(words):
        trial = f"{current} {word}" if current else word
        if text_width(trial, font) <= max_width or not current:
            current = trial
            continue
        lines.append(current)
        current = word
        if max_lines is not None and len(lines) == max_lines - 1:
            rest = " ".join(words[index:])
            lines.append(fit_text(rest, font, max_width))
            return lines
    if current:
        lines.append(fit_text(current, font, max_width))
    return lines


def draw_text(draw: ImageDraw.ImageDraw, xy: Point, text: str, font: Font, fill: RGB = INK, *,
              anchor: str = "la", stroke: int = 0, stroke_fill: RGB = PAPER) -> Box:
    """Draw text, optionally with an outline (``stroke`` pixels of ``stroke_fill``) so it stays legible
    over lines and colours. Returns the box it covers."""
    put_text(draw, xy, text, font, fill, anchor=anchor, stroke=stroke, stroke_fill=stroke_fill)
    return text_box(xy, text, font, anchor=anchor, stroke=stroke)


def text_box(xy: Point, text: str, font: Font, *, anchor: str = "la", stroke: int = 0) -> Box:
    """The box ``draw_text`` would cover, without drawing."""
    if "\n" in text:
        left, top, right, bottom = font.getbbox(text, anchor=anchor, stroke_width=stroke)
    else:
        left, top, right, bottom = _text_bbox(text, font, anchor, stroke)
    x, y = text_anchor(xy)
    return Box(x + left, y + top, x + right, y + bottom)


def chip(draw: ImageDraw.ImageDraw, xy: Point, text: str, font: Font, *, fill: RGB, text_fill: RGB | None = None,
         outline: RGB | None = None, pad_x: int = 8, height: int | None = None, radius: int = 8) -> Box:
    """A rounded label with its top-left corner at ``xy``; returns its box."""
    h = height if height is not None else line_height(font) + 6
    w = text_width(text, font) + 2 * pad_x
    box = Box(xy[0], xy[1], xy[0] + w, xy[1] + h)
    rounded_panel(draw, box, fill=fill, outline=outline, width=2 if outline else 0, radius=radius)
    put_text(draw, (box.x0 + pad_x, box.centre[1]), text, font, text_fill or text_colour_on(fill), anchor="lm")
    return box


def chip_width(text: str, font: Font, pad_x: int = 8) -> float:
    return text_width(text, font) + 2 * pad_x


# ----- output ------------------------------------------------------------------------------------------

# The largest mean per-channel error (0–255) a palette may add before the full-colour PNG is kept.
CRISP_ERROR = 1.5


def to_png(image: Image.Image, *, palette: bool = True, optimize: bool = False) -> bytes:
    """Encode as a PNG.

    With ``palette`` (the default), an image of at most 256 colours is stored exactly as a palette
    image; a richer one is quantised to 256 colours (fast octree, no dithering: flat board colours and
    anti-aliased text survive that well, and the file shrinks about three times), unless the quantised
    picture strays more than ``CRISP_ERROR`` on average from the original, in which case full colour
    is kept. ``optimize`` (Pillow's smallest-file setting) saves another ~8% but costs ~0.15 s on a
    board, so boards posted after every move leave it off.
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    out: Image.Image = rgb
    if palette:
        colours = rgb.getcolors(256)
        if colours is not None:
            pal = Image.new("P", (1, 1))
            flat: list[int] = []
            for _, colour in colours:
                flat.extend(colour if isinstance(colour, tuple) else (int(colour),) * 3)
            pal.putpalette(flat)
            out = rgb.quantize(palette=pal, dither=Image.Dither.NONE)
        else:
            quantised = rgb.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
            error = ImageStat.Stat(ImageChops.difference(rgb, quantised.convert("RGB"))).mean
            if max(error) <= CRISP_ERROR:
                out = quantised
    buffer = io.BytesIO()
    out.save(buffer, format="PNG", optimize=optimize)
    return buffer.getvalue()


# ----- size --------------------------------------------------------------------------------------------

# The tallest image a game posts: Discord on a phone shows an image at the screen's width, so a taller
# one turns into a strip whose text cannot be read. Every layout is designed to stay under it; this
# constant is what the renderers measure themselves against.
MAX_HEIGHT = 2000
MAX_WIDTH = 1600


def fit_height(image: Image.Image, max_height: int = MAX_HEIGHT) -> Image.Image:
    """``image``, scaled down (proportionally, smoothly) only if it is taller than ``max_height``.

    A last resort: each game's layout picks denser arrangements first so this never happens in the
    games played by the tests; it keeps the size promise for a table no layout foresaw."""
    if image.height <= max_height:
        return image
    width = max(1, round(image.width * max_height / image.height))
    return image.resize((width, max_height), Image.Resampling.LANCZOS)


# ----- alt text ----------------------------------------------------------------------------------------

# Discord's limit for an attachment's description (the alt text a screen reader speaks).
DESCRIPTION_LIMIT = 1024


def join_description(sentences: Iterable[str], limit: int = DESCRIPTION_LIMIT) -> str:
    """Sentences joined into one plain-text description of at most ``limit`` characters. What does
    not fit is cut at a sentence, else at a word, ending with "…", so the most important facts —
    which the renderers put first — always survive."""
    text = ""
    for sentence in (" ".join(s.split()) for s in sentences):
        if not sentence:
            continue
        trial = f"{text} {sentence}" if text else sentence
        if len(trial) <= limit:
            text = trial
            continue
        room = limit - len(text) - (2 if text else 1)
        if room > 40:
            cut = sentence[:room]
            cut = cut[:cut.rfind(" ")] if " " in cut else cut
            text = f"{text} {cut.rstrip(' ,;:·—')}…" if text else f"{cut.rstrip(' ,;:·—')}…"
        elif len(text) + 1 <= limit:
            text = text + "…" if not text.endswith("…") else text
        break
    return text[:limit]


def seat_names(players: Iterable[Mapping[str, Any]]) -> list[str]:
    """Each seat's name as the images and their descriptions write it."""
    return [display_name(str(p.get("name", "")), seat) for seat, p in enumerate(players)]


def own_seat(view: Mapping[str, Any], key: str) -> int:
    """The seat a private view belongs to; ValueError for a view without its ``key`` part (a spectator's)."""
    seat = view.get("seat")
    if seat is None or view.get(key) is None:
        raise ValueError("describe_hand needs the view of a seat (a spectator view has no hand)")
    return int(seat)


def names_list(names: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    # The language's own pattern ("A, B und C" in German).
    return listing([n for n in names if n])
