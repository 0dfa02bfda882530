"""The replay of a finished game: its public boards, one after another, as one animated WebP.

Three pure pieces, each usable on its own:

- ``replay_views`` re-plays the seed and the action log through the rules contract and keeps the
  spectator view after the start and after every action that changed it, so steps only one seat can
  see (choosing a card in hand, a secret bid) add no frame and no seat's view is ever drawn;
- ``pick_frames`` chooses which of those views to draw, evenly spread, when there are too many;
- ``animate`` turns the drawn boards, in order, into the animated WebP, scaled to one width and kept
  under a byte budget (Discord refuses large uploads). Boards may come as pictures (each game's
  ``board_image``: the picture ``render_board`` would encode) or as PNG bytes. Pictures are cheaper by
  far — no PNG encoded per frame only to be decoded again — and given as a generator, e.g.
  ``animate((kit.board_image(views[i]) for i in pick_frames(len(views), limit)), palette=...)``, only
  one full-size board is alive at a time: each is scaled down and kept as a 256-colour picture at once.

Where a replay's processor time goes, and why it is spent so (``docs/performance.md``, "Replays"):
drawing the boards is most of it; each is halved by a box filter (a fraction of LANCZOS's cost, as
legible at 800 px), mapped to its game's fixed palette (cheaper than a palette made per frame, and
unchanged areas keep their exact colours from one frame to the next), then the frames are encoded
losslessly, once: a 256-colour board is WebP's colour-indexed case, smaller than lossy and exact.

Deterministic like every renderer: the same frames and settings give the same bytes (no clock, no
randomness; libwebp encodes identically for identical input and settings).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render.png import palette_picture
from rules.core.game import Game, View


@dataclass(frozen=True)
class Encoding:
    """One way libwebp may encode the animation: ``lossless`` or lossy at ``quality`` (0-100; for
    lossless, its effort), and ``method`` (0 fast .. 6 small)."""

    lossless: bool
    quality: int
    method: int


# Tried in turn until the file fits, before frames are dropped. First lossless at low effort: boards
# are 256-colour pictures, which WebP codes as palette indices, so a 40-frame replay is about half the
# bytes of lossy quality 80 for less than half its time, and every letter stays exact (effort 0 of
# method 1 gives within 10% of the bytes of higher efforts at half their time; method 0 is no faster
# and four times bigger). Then lossy, whose bytes fall with quality: boards are flat colours with
# small text, and at 800 px a 5-player board still reads at 55 (checked by eye), so rather than go
# lower, frames are dropped. Method 2 takes half the time of libwebp's default 4 for ~4% more bytes.
ENCODINGS: tuple[Encoding, ...] = (
    Encoding(lossless=True, quality=0, method=1),
    Encoding(lossless=False, quality=80, method=2),
    Encoding(lossless=False, quality=65, method=2),
    Encoding(lossless=False, quality=55, method=2),
)


def replay_views(game: Game[Any, Any], players: Sequence[str], options: Mapping[str, object], seed: int,
                 actions: Iterable[tuple[int, Mapping[str, Any]]]) -> list[View]:
    """The public views worth a frame: the start, then each change of the spectator view.

    Actions are ``(seat, action JSON)`` pairs as the table's log stores them; each goes through
    ``Game.apply``, so a log that does not replay raises the game's own error. Only
    ``game.view(state, None)`` is ever read: a replay is posted publicly.
    """
    state = game.new_game(players, options, seed)
    views = [game.view(state, None)]
    for seat, raw in actions:
        state, _ = game.apply(state, seat, game.action_from_json(dict(raw)))
        public = game.view(state, None)
        if public != views[-1]:
            views.append(public)
    return views


def pick_frames(count: int, limit: int) -> list[int]:
    """Indices of at most ``limit`` of ``count`` frames, evenly spread, first and last always included.

    Evenly rather than, say, the last ``limit``: a long game must still fit in one short animation, and
    even spacing shows its whole course (start, every phase, the end) at a steady pace. Integer
    arithmetic only, so the choice is the same on every machine.
    """
    if count < 0 or limit < 1:
        raise ValueError(f"cannot pick {limit} of {count} frames")
    if count <= limit:
        return list(range(count))
    if limit == 1:
        raise ValueError("the first and the last frame need a limit of at least 2")
    gaps = limit - 1
    # Rounded position of the i-th of ``limit`` evenly spaced points on 0 .. count - 1. As
    # count - 1 > gaps, consecutive points are at least one apart, so the indices are distinct.
    return [(i * (count - 1) + gaps // 2) // gaps for i in range(limit)]


def animate(frames: Iterable[bytes | Image.Image], *, width: int = 800, palette: bytes | None = None,
            seconds_per_frame: float = 0.8, last_frame_seconds: float = 4.0, max_bytes: int = 7_000_000) -> bytes:
    """One looping animated WebP of ``frames`` (pictures, or PNG or any image bytes Pillow reads), in
    order. Each frame is read once, as it comes (so a generator of freshly drawn boards keeps one
    full-size board in memory at a time), and kept scaled down as a 256-colour picture: mapped to
    ``palette`` (256 RGB colours, a game's fixed board palette: ``render.png``) when given, else to
    255 colours made for that frame.

    Every frame is scaled to one width (``_frame_width``: at most ``width``, a whole factor below the
    first frame's), aspect kept, and drawn top-aligned on one canvas as tall as the tallest, filled
    with the first frame's top-left colour (the board's own background).
    Each frame shows for ``seconds_per_frame``, the last (the final scores) for ``last_frame_seconds``.

    When the file exceeds ``max_bytes``, the next of ``ENCODINGS`` is tried (lossless, then lossy at
    falling qualities); when even the last is too big, every other frame is dropped (the first and last
    always stay, the others keep their own duration) and the encodings are tried again. ``ValueError``
    if there is no frame, or if even the first and last frame alone in the last encoding exceed
    ``max_bytes``.
    """
    if width < 1 or seconds_per_frame <= 0 or last_frame_seconds <= 0:
        raise ValueError("width and durations must be positive")
    kept_frames: list[Image.Image] = []
    background: tuple[int, int, int] | None = None
    scaled_width = 0
    for frame in frames:
        picture = _rgb(frame)
        if not scaled_width:
            scaled_width = _frame_width(picture.width, width)
        scaled = _scaled(picture, scaled_width)
        if background is None:
            corner = scaled.getpixel((0, 0))
            assert isinstance(corner, tuple)
            background = (corner[0], corner[1], corner[2])
        kept_frames.append(palette_picture(scaled, palette) if palette is not None
                           else _palettised(scaled, background))
    if not kept_frames:
        raise ValueError("a replay needs at least one frame")
    # The padding is the first frame's own top-left colour: its index in a fixed palette, or the entry
    # kept for it in frames of their own palette.
    padding = kept_frames[0].getpixel((0, 0)) if palette is not None else _PADDING
    assert isinstance(padding, int)
    canvases = _canvases(kept_frames, padding)
    step_ms = max(1, round(seconds_per_frame * 1000))
    last_ms = max(1, round(last_frame_seconds * 1000))
    kept = list(range(len(canvases)))
    while True:
        for encoding in ENCODINGS:
            data = _encode([canvases[i] for i in kept], step_ms, last_ms, encoding)
            if len(data) <= max_bytes:
                return data
        if len(kept) <= 2:
            raise ValueError(f"even {len(kept)} frame(s) encoded as {ENCODINGS[-1]} take {len(data)} bytes, "
                             f"over the limit of {max_bytes}")
        kept = _halve(kept)


def _frame_width(board_width: int, width: int) -> int:
    """The width a replay's frames get: its first board's, divided by the smallest whole factor that makes
    it at most ``width``. Boards 1600 px wide become 800, Little Circuses' 1400 px 700 and Dreadful
    Circus' 1200 px 600: every game's frames are its boards at half size, so their letters keep as many
    pixels as Circus Train's (all four games draw text at 18-26 px), and halving costs a tenth of a box
    filter by 1.75 or 1.5."""
    factor = -(-board_width // width)
    return -(-board_width // factor)  # as ``reduce`` rounds


def _rgb(frame: bytes | Image.Image) -> Image.Image:
    if isinstance(frame, Image.Image):
        return frame if frame.mode == "RGB" else frame.convert("RGB")
    with Image.open(io.BytesIO(frame)) as opened:
        return opened.convert("RGB")


def _scaled(image: Image.Image, width: int) -> Image.Image:
    """``image`` scaled to ``width``, aspect kept. By a whole factor, ``reduce``: a box filter that
    averages each 2×2 block of a 1600 px board, whose text and rails read as well at 800 px as after
    LANCZOS (compared by eye) at a tenth of the time (~5 ms, ~50 ms)."""
    if image.width == width:
        return image
    factor = -(-image.width // width)
    if -(-image.width // factor) == width:
        return image.reduce(factor)
    return image.resize((width, max(1, round(image.height * width / image.width))), Image.Resampling.BOX)


# The palette entry kept for the padding below shorter frames (the first frame's corner colour) in
# frames mapped to a palette of their own.
_PADDING = 255


def _palettised(image: Image.Image, background: tuple[int, int, int]) -> Image.Image:
    """``image`` in 255 colours of its own (a quarter of the memory of RGB), with the padding colour as
    the 256th."""
    picture = image.quantize(_PADDING, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    colours = bytes((picture.getpalette() or [])[:3 * _PADDING]).ljust(3 * _PADDING, b"\0")
    picture.putpalette(colours + bytes(background))
    return picture


def _canvases(images: Sequence[Image.Image], padding: int) -> list[Image.Image]:
    """Every picture on a canvas of one size (WebP animation frames must all share it), the room below
    a shorter one filled with the palette entry ``padding``."""
    height = max(image.height for image in images)
    canvases = []
    for image in images:
        if image.height == height:
            canvases.append(image)
            continue
        canvas = Image.new("P", (image.width, height), padding)
        canvas.putpalette(image.getpalette() or [])
        canvas.paste(image, (0, 0))
        canvases.append(canvas)
    return canvases


def _halve(kept: Sequence[int]) -> list[int]:
    """Every other frame, first and last kept: 0 1 2 3 4 -> 0 2 4; 0 1 2 3 -> 0 2 3 (always fewer)."""
    fewer = list(kept[::2])
    if fewer[-1] != kept[-1]:
        fewer.append(kept[-1])
    return fewer


def _encode(images: Sequence[Image.Image], step_ms: int, last_ms: int, encoding: Encoding) -> bytes:
    durations = [step_ms] * (len(images) - 1) + [last_ms]
    buffer = io.BytesIO()
    # kmax 0: no key frames. A key frame lets a player start mid-animation, which a replay played from
    # its start never needs; each frame that may become one is encoded twice (whole, and as the change
    # from the frame before), which took over a third of the encoding time and made the file ~10%
    # (lossless) to ~40% (lossy) bigger.
    images[0].save(buffer, format="WEBP", save_all=True, append_images=list(images[1:]), duration=durations,
                   loop=0, lossless=encoding.lossless, quality=encoding.quality, method=encoding.method, kmax=0)
    return buffer.getvalue()
