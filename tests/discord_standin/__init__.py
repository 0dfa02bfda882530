"""A local stand-in for Discord (REST + gateway on 127.0.0.1) and a driver that plays its users.

See ``fixtures.standin`` for the usual entry point, ``client.Discord`` for what a test can do, and
``server.StandIn`` for what is served and which Discord rules are copied (README.md lists the modules).
"""

from .client import BotFactory, Discord
from .errors import BotError, CommandUnavailable, UsageError
from .faults import Fault
from .fixtures import discord_standin, ringmaster_factory, ringmaster_standin, standin
from .handles import InteractionHandle, Response
from .model import (
    EPHEMERAL,
    PERMISSIONS,
    Attachment,
    Callback,
    Channel,
    Guild,
    Interaction,
    Message,
    Refusal,
    RequestRecord,
    User,
)
from .server import StandIn
from .wire import ApiError

__all__ = [
    "EPHEMERAL",
    "PERMISSIONS",
    "ApiError",
    "Attachment",
    "BotError",
    "BotFactory",
    "Callback",
    "Channel",
    "CommandUnavailable",
    "Discord",
    "Fault",
    "Guild",
    "Interaction",
    "InteractionHandle",
    "Message",
    "Refusal",
    "RequestRecord",
    "Response",
    "StandIn",
    "UsageError",
    "User",
    "discord_standin",
    "ringmaster_factory",
    "ringmaster_standin",
    "standin",
]
