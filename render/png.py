"""PNG output for boards and hands: each game's pictures mapped to that game's fixed palette.

A game draws from a small set of colours (its layout's, the players', and the shades anti-aliasing
makes between them), so 256 colours made once from many of its seeded pictures (``palette_of``; the
game's ``palette`` module holds them, written by ``bench/render_palettes.py``) keep every picture within
``render.common.CRISP_ERROR`` of full colour — the render tests check that on other seeds. Mapping to a
known palette costs a fraction of building one per picture, and needs no check afterwards.

The file is written here rather than by Pillow so that its pixels can be compressed by ISA-L's
deflate (``isal``), which makes the same format as zlib several times faster: zlib at its fastest
levels took 8-12 ms for a 1400 × 1800 board, most of a board's encode, ISA-L 2 ms for 5-10% more bytes.

Deterministic: the same picture and palette give the same bytes.
"""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from isal import isal_zlib
from PIL import Image, ImageChops, ImageStat

# ISA-L's effort (0-3) for the PNGs posted after every move, chosen by measurement on boards mapped to
# their palette (docs/performance.md, "Renders"): levels 1 and 2 take ~2 ms for a 1400 × 1800 board and
# about 1.07× the bytes of zlib's level 3 (~11 ms); level 3 costs as much as zlib; level 0 ~15% more bytes.
PNG_LEVEL = 2
PALETTE_BYTES = 768  # 256 RGB colours
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@lru_cache(maxsize=16)
def _holder(colours: bytes) -> Image.Image:
    if len(colours) != PALETTE_BYTES:
        raise ValueError("a palette is 256 RGB colours (768 bytes)")
    holder = Image.new("P", (1, 1))
    holder.putpalette(colours)
    return holder


def palette_picture(image: Image.Image, colours: bytes) -> Image.Image:
    """``image`` as a palette picture of ``colours`` (256 RGB triplets): each pixel becomes the nearest
    of them, without dithering, so flat areas stay flat and text edges stay clean."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=_holder(colours), dither=Image.Dither.NONE)


def palette_png(image: Image.Image, colours: bytes) -> bytes:
    """PNG bytes of ``image`` mapped to the fixed palette ``colours``, compressed at ``PNG_LEVEL``."""
    picture = palette_picture(image, colours)
    width, height = picture.size
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette, no interlace
    return b"".join((PNG_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", colours),
                     _chunk(b"IDAT", _compressed_rows(picture)), _chunk(b"IEND", b"")))


# Rows go to the compressor a band at a time: bands this small come from the heap the C library keeps,
# where a whole picture's bytes (2-3 MB) would be a fresh mapping whose pages the kernel must fault in (in
# the render workers, whose large allocations each get their own: table/allocator.py), which cost more
# than the compression itself.
BAND_BYTES = 128 * 1024


def _compressed_rows(picture: Image.Image) -> bytes:
    """The picture's rows as a PNG's compressed pixel data. Every row starts with its filter: 0, none (what
    Pillow chose for these pictures; predicting a palette index from its neighbours gains nothing).

    Pillow's raw encoder reads the rows out a band at a time, each row padded with one zero at its end
    (a stride one byte longer than the row): after a first zero, each row's padding is the next row's
    filter byte, and the last row's is left out. Nothing is copied on the way: a picture per band (as
    before) or one padded copy of the picture cost a fresh allocation and a copy, more than the
    compression itself in the workers."""
    width, height = picture.size
    stride = width + 1
    encoder = Image._getencoder("P", "raw", ("P", stride, 1))
    encoder.setimage(picture.im, (0, 0, width, height))
    compressor = isal_zlib.compressobj(PNG_LEVEL)
    out = [compressor.compress(b"\0")]
    left = height * stride - 1  # every row and its padding, but the last row's
    band = max(1, BAND_BYTES // stride) * stride  # the encoder fills each buffer with whole rows
    while True:
        _, status, data = encoder.encode(band)
        if len(data) > left:
            out.append(compressor.compress(memoryview(data)[:left]))
        elif data:
            out.append(compressor.compress(data))
        left -= min(left, len(data))
        if status:
            break
    if status < 0:
        raise RuntimeError(f"Pillow's raw encoder failed ({status})")
    out.append(compressor.flush())
    return b"".join(out)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", isal_zlib.crc32(kind + data))


def picture_error(image: Image.Image, picture: Image.Image) -> float:
    """How far ``picture`` strays from ``image``: the mean difference (0–255) of the worst channel."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return float(max(ImageStat.Stat(ImageChops.difference(rgb, picture.convert("RGB"))).mean))


def palette_of(images: Sequence[Image.Image], rounds: int = 12) -> bytes:
    """256 colours for pictures like ``images``: a fast-octree palette of them all, then ``rounds`` of
    k-means over their colour census (each colour weighted by its pixels), keeping the round whose
    mapping strays least. The octree alone leaves rarer anti-aliasing shades far from any colour; the
    refinement brings a board's error down several times."""
    if not images:
        raise ValueError("a palette needs pictures to learn from")
    census: Counter[tuple[int, int, int]] = Counter()
    for image in images:
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        for count, colour in rgb.getcolors(rgb.width * rgb.height) or []:
            assert isinstance(colour, tuple)
            census[(colour[0], colour[1], colour[2])] += count
    colours = sorted(census)
    weights = [census[colour] for colour in colours]
    strip = Image.new("RGB", (len(colours), 1))
    strip.frombytes(bytes(channel for colour in colours for channel in colour))
    palette = _octree(images)
    best, best_error = palette, _census_error(strip, colours, weights, palette)
    for _ in range(rounds):
        palette = _centroids(strip, colours, weights, palette)
        error = _census_error(strip, colours, weights, palette)
        if error < best_error:
            best, best_error = palette, error
    return best


def _octree(images: Sequence[Image.Image]) -> bytes:
    width = max(image.width for image in images)
    stack = Image.new("RGB", (width, sum(image.height for image in images)))
    y = 0
    for image in images:
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        corner = rgb.getpixel((0, 0))
        assert isinstance(corner, tuple)
        # Padding in the picture's own corner colour, so no colour the pictures lack gets weight.
        stack.paste(corner, (0, y, width, y + rgb.height))
        stack.paste(rgb, (0, y))
        y += rgb.height
    palette = stack.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).getpalette() or []
    return bytes(palette[:PALETTE_BYTES]).ljust(PALETTE_BYTES, b"\0")


def _centroids(strip: Image.Image, colours: list[tuple[int, int, int]], weights: list[int], palette: bytes) -> bytes:
    """Each palette colour moved to the weighted mean of the census colours mapped to it."""
    sums = [[0, 0, 0, 0] for _ in range(256)]
    for (r, g, b), weight, index in zip(colours, weights, palette_picture(strip, palette).tobytes(), strict=True):
        total = sums[index]
        total[0] += r * weight
        total[1] += g * weight
        total[2] += b * weight
        total[3] += weight
    moved = bytearray(palette)
    for index, (r, g, b, weight) in enumerate(sums):
        if weight:
            moved[3 * index:3 * index + 3] = bytes((round(r / weight), round(g / weight), round(b / weight)))
    return bytes(moved)


def _census_error(strip: Image.Image, colours: list[tuple[int, int, int]], weights: list[int],
                  palette: bytes) -> float:
    """``picture_error`` over the whole census at once: the worst channel's weighted mean difference."""
    diff = [0, 0, 0]
    for (r, g, b), weight, index in zip(colours, weights, palette_picture(strip, palette).tobytes(), strict=True):
        diff[0] += abs(r - palette[3 * index]) * weight
        diff[1] += abs(g - palette[3 * index + 1]) * weight
        diff[2] += abs(b - palette[3 * index + 2]) * weight
    return max(diff) / sum(weights)
