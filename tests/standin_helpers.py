"""What the stand-in's own tests share: a small PNG to post as a board."""

from __future__ import annotations

import io

from PIL import Image


def board_png(colour: str = "gold") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), colour).save(out, format="PNG")
    return out.getvalue()
