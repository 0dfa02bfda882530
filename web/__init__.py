"""The web companion: pages where a game can be followed, studied and replayed without leaking anything,
and the sandbox where the games can be tried without Discord (see docs/web.md).

- :mod:`web.companion` — the aiohttp server on the bot's own event loop: routes, who may see what, headers.
- :mod:`web.links` — signed, expiring links naming one game and one seat (or the spectator's view).
- :mod:`web.reading` — what a page may show, from the spectator view or the named seat's own view.
- :mod:`web.history` — a game's public history, step by step, for the replay page.
- :mod:`web.pages` — the HTML of the game pages; :mod:`web.sandbox_pages` the sandbox's.
- :mod:`web.cache` — drawings, replays, public logs and public parts made once, kept by game and version.
- :mod:`web.ratelimit` — the rate limit per client; :mod:`web.clients` — who the client is (behind a trusted
  reverse proxy, the address it forwards).
- :mod:`web.settings` — ``RINGMASTER_WEB``, ``RINGMASTER_WEB_URL``, ``RINGMASTER_WEB_SECRET`` and
  ``RINGMASTER_WEB_TRUSTED_PROXY``.
- :mod:`web.sandbox` — the sandbox (``sh scripts/sandbox``): the same core with no Discord and no token.

This package never imports ``discord``; it is held to ``mypy --strict``.
"""
