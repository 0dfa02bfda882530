"""Pillow drawing: one module per game, shared helpers, bundled fonts; pure — a View in, PNG bytes out.

Conventions every game's renderer follows (``circus_train`` is the reference):

- ``render_board(view) -> bytes`` draws the public board from a spectator view and never reads a hand
  or any other per-seat secret, so a seat's view draws the very same picture; private pictures
  (``render_hand``) are separate functions that refuse a spectator view.
- Deterministic: no clock, no randomness, fonts from ``render/fonts`` only (``render.fonts.font``);
  identical views give identical bytes.
- About 1600 px wide (full width on a phone in Discord); body text at least 20 px, nothing under 16 px.
- Players are drawn with ``render.common.player_marks``: an Okabe–Ito colour, a shape and an initial
  per seat, so colour is never the only cue; the player to act is marked in words too ("▶ TO ACT").
- Encode with ``render.png.palette_png`` and the game's own fixed palettes (``<game>/palette.py``, made
  by ``bench/render_palettes.py``): boards stay well under a few hundred KB. ``board_image(view)`` is
  the picture ``render_board`` encodes (replays animate those, unencoded).
- Text goes through ``render.common.draw_text``/``put_text`` (glyphs rasterised once per process) and
  what never changes (a map, a legend) is drawn once into a cached layer and copied.
- Labels that must not cover each other (city tags, train labels) are placed with ``render.placer.Placer``.
- Imports: Pillow and ``rules`` (content and constants) only — never discord or the database.
"""
