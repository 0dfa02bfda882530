"""The web companion's settings, read from the environment (or ``.env``) by ``bot.py`` and the sandbox.

- ``RINGMASTER_WEB``: ``HOST:PORT`` to listen on (e.g. ``127.0.0.1:8080``); unset: the companion is off.
- ``RINGMASTER_WEB_URL``: the address links start with, as players reach the server (e.g. a reverse
  proxy's ``https://games.example.org``); unset: ``http://HOST:PORT``.
- ``RINGMASTER_WEB_SECRET``: the key links are signed with (at least 32 characters); unset: a key is made
  once and kept in the database, so links survive restarts.
- ``RINGMASTER_WEB_TRUSTED_PROXY``: the reverse proxies in front of the companion, as addresses or networks
  separated by commas or spaces (e.g. ``127.0.0.1, ::1``); a request from one of them is rate-limited by the
  client its ``X-Forwarded-For`` names (see :mod:`web.clients`). Unset: by the address each request comes from.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from urllib.parse import urlsplit

from table.config import WebSettings

MIN_SECRET = 32


class SettingsError(ValueError):
    """A setting that cannot be used; ``str()`` is one sentence a person can act on."""


def listen_address(text: str, name: str = "RINGMASTER_WEB") -> tuple[str, int]:
    host, sep, port_text = text.strip().rpartition(":")
    host = host.strip("[]")
    port = int(port_text) if port_text.isascii() and port_text.isdigit() and len(port_text) <= 5 else -1
    if not sep or not host or not 0 <= port <= 65535 or any(c.isspace() or c in "/@" for c in host):
        raise SettingsError(f"{name} must be HOST:PORT to listen on, such as 127.0.0.1:8080, not {text!r}.")
    return host, port


def web_settings(values: Mapping[str, str]) -> WebSettings | None:
    """The companion's settings from ``values`` (the environment merged with .env); None when it is off."""
    listen = values.get("RINGMASTER_WEB", "").strip()
    url = values.get("RINGMASTER_WEB_URL", "").strip().rstrip("/") or None
    secret = values.get("RINGMASTER_WEB_SECRET", "").strip() or None
    if not listen:
        return None
    host, port = listen_address(listen)
    if url is not None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
            raise SettingsError(f"RINGMASTER_WEB_URL must be the address players open, such as "
                                f"https://games.example.org, not {url!r}.")
    if secret is not None and len(secret) < MIN_SECRET:
        raise SettingsError(f"RINGMASTER_WEB_SECRET must be at least {MIN_SECRET} characters long (for example the "
                            "output of: python3 -c 'import secrets; print(secrets.token_hex(32))'), or unset.")
    return WebSettings(host, port, url, secret, trusted_proxies(values.get("RINGMASTER_WEB_TRUSTED_PROXY", "")))


def trusted_proxies(text: str) -> tuple[str, ...]:
    """The trusted proxies' networks, each checked (an address alone is a network of one)."""
    found = []
    for entry in text.replace(",", " ").split():
        try:
            found.append(str(ipaddress.ip_network(entry, strict=False)))
        except ValueError:
            raise SettingsError(f"RINGMASTER_WEB_TRUSTED_PROXY must list the addresses or networks of the reverse "
                                f"proxies in front of the companion, such as 127.0.0.1 or 10.0.0.0/8, separated by "
                                f"commas; {entry[:60]!r} is neither.") from None
    return tuple(found)
