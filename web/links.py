"""Signed links: a link names one game and one seat of it (or the spectator's view), the member the seat
belonged to when the link was made, and when it expires, signed with the server's key (HMAC-SHA256).

A link's token reads ``<game>.<seat or s>.<member>.<expires>.<signature>``, for example
``12.0.4242.1767225600.<43 characters>``. Nothing in it is secret but the signature: whoever changes the
game, the seat, the member or the expiry gets a token whose signature no longer matches, and the
signature is compared in constant time (``hmac.compare_digest``), so a guess learns nothing from how long
the refusal took. The member is named so that a seat handed to someone else stops opening for the
member who gave it away (the pages check the seat's member at every request).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from lang import N_

SEAT_LINK_LIFETIME = timedelta(days=7)
"""A private seat page's link: long enough for a days-long game's week, short enough that a link
forwarded by mistake stops working; a player asks /game web again for a fresh one."""
SPECTATOR_LINK_LIFETIME = timedelta(days=30)
"""A private server's spectator link (on each board's button, made anew with every board)."""

_TOKEN = re.compile(r"(\d{1,19})\.(s|\d{1,2})\.(\d{1,20})\.(\d{1,12})\.([A-Za-z0-9_-]{43})")
_PURPOSE = b"ringmaster-web-link/1"

NOT_A_LINK = N_("This link is not one the Ringmaster gave out; ask for a fresh one with {command} in the game's "
                "thread.")
EXPIRED = N_("This link has expired; ask for a fresh one with {command} in the game's thread.")


class LinkRefused(Exception):
    """A link that opens nothing; ``str()`` is the sentence to show."""


@dataclass(frozen=True)
class Grant:
    """What a valid link opens."""

    game_id: int
    seat: int | None
    """The seat whose private view it shows; None for the spectator's view."""
    user_id: int
    """The member the seat belonged to when the link was made (0 for a spectator link)."""
    expires: datetime


class Signer:
    """Makes and checks links with one key."""

    def __init__(self, key: bytes, clock: Callable[[], datetime]) -> None:
        if len(key) < 16:
            raise ValueError("a link key needs at least 16 bytes")
        self._key = hashlib.sha256(_PURPOSE + b"\0" + key).digest()  # the key is used for nothing else
        self.clock = clock

    def token(self, game_id: int, seat: int | None, user_id: int = 0,
              lifetime: timedelta = SEAT_LINK_LIFETIME) -> str:
        expires = int((self.clock() + lifetime).timestamp())
        body = f"{game_id}.{'s' if seat is None else seat}.{user_id if seat is not None else 0}.{expires}"
        return f"{body}.{self._sign(body)}"

    def check(self, token: str) -> Grant:
        """What ``token`` opens; :class:`LinkRefused` for a forged, altered or expired one."""
        match = _TOKEN.fullmatch(token)
        if match is None:
            raise LinkRefused(NOT_A_LINK)
        body, signature = token.rsplit(".", 1)
        if not hmac.compare_digest(self._sign(body).encode(), signature.encode()):
            raise LinkRefused(NOT_A_LINK)
        game, seat, user, expires = match.group(1, 2, 3, 4)
        until = datetime.fromtimestamp(int(expires), UTC)
        if self.clock() >= until:
            raise LinkRefused(EXPIRED)
        return Grant(int(game), None if seat == "s" else int(seat), int(user), until)

    def _sign(self, body: str) -> str:
        digest = hmac.new(self._key, body.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")
