"""Pillow drawing: one module per game, shared helpers, bundled fonts; pure — a View in, PNG bytes out."""
