"""Which client a request comes from, for the rate limit: the connection's own address, or — when the
connection comes from a reverse proxy the deployment trusts (``RINGMASTER_WEB_TRUSTED_PROXY``) — the address
that proxy says it serves, from ``X-Forwarded-For``.

Behind the proxy that docs/web.md recommends for HTTPS every connection comes from the proxy, so without this
every viewer would share one address's limit. The header is read only from a trusted peer: anyone else could
write any address into it and so escape their own limit. Each proxy appends the address it received the
request from, so the list is read from the right, skipping the trusted proxies' own addresses; the first
address that is not one of them is the client (whatever a client wrote further left is never believed).
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable, Sequence

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

LONGEST = 64
"""An entry longer than this is no address (a client's bucket name is bounded by it)."""


class Trusted:
    """The trusted proxies' networks (``127.0.0.1``, ``10.0.0.0/8``, ``::1``, …); empty: nobody is trusted."""

    def __init__(self, networks: Iterable[str] = ()) -> None:
        self.networks: tuple[Network, ...] = tuple(ipaddress.ip_network(text, strict=False) for text in networks)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def __contains__(self, address: Address) -> bool:
        return any(address.version == network.version and address in network for network in self.networks)


@functools.lru_cache(maxsize=4096)  # the same few addresses come back every few seconds; parsing one is slow
def address_of(text: str) -> Address | None:
    """The address in ``text`` (an IPv4-mapped IPv6 address as the IPv4 one), None if it is none."""
    text = text.strip()
    if len(text) > LONGEST:
        return None
    try:
        address = ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def client_of(peer: str | None, forwarded: Sequence[str], trusted: Trusted) -> str:
    """The client's address for ``peer`` (the connection's address) and the request's ``X-Forwarded-For``
    headers (every one, in order)."""
    peer_address = address_of(peer or "")
    if peer_address is None:
        return peer or "unknown"
    if peer_address not in trusted:
        return str(peer_address)
    hops = [hop.strip() for header in forwarded for hop in header.split(",")]
    client = peer_address
    for hop in reversed(hops):
        address = address_of(hop)
        if address is None:
            # A trusted proxy passed on something that is no address: the last address known stands.
            break
        client = address
        if address not in trusted:
            break
    return str(client)
