"""What Discord's app does with a slash command a member types, before the bot sees it.

``find_command`` looks the command (and its subcommand chain) up among the commands the bot synced,
``check_visible`` applies ``default_member_permissions`` (``CommandUnavailable``), ``encode_options``
checks and types every option value (text, integer, number, boolean, member, channel or thread, role,
mentionable) and fills ``resolved``, and ``command_data`` builds the interaction's ``data``. The
resolvers are also used for user and channel select menus. Anything a member could not type is a
``UsageError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import CommandUnavailable, UsageError
from .model import Channel, Guild, P, User
from .server import StandIn


def find_command(server: StandIn, guild: Guild | None, name: str
                 ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The synced command ``name`` ("ct move"), its subcommand chain and the leaf's option definitions; with
    ``guild`` None, among the commands a user can use in a direct message with the bot."""
    parts = name.split()
    commands = server.commands_for(guild) if guild is not None else server.commands_in_dm()
    if not parts or parts[0] not in commands:
        where = guild.name if guild is not None else "direct messages"
        raise UsageError(f"no /{name} synced for {where}; synced: {sorted(commands)}")
    command = commands[parts[0]]
    options: list[dict[str, Any]] = command.get("options", [])
    chain: list[dict[str, Any]] = []
    for part in parts[1:]:
        sub = next((o for o in options if o["name"] == part and o["type"] in (1, 2)), None)
        if sub is None:
            subs = [o["name"] for o in options if o["type"] in (1, 2)]
            raise UsageError(f"/{' '.join(parts)}: no subcommand {part!r} here; there are {subs}")
        chain.append(sub)
        options = sub.get("options", [])
    subs = [o["name"] for o in options if o["type"] in (1, 2)]
    if subs:
        raise UsageError(f"/{name} needs a subcommand: one of {subs}")
    return command, chain, options


def check_visible(server: StandIn, command: Mapping[str, Any], user: User, channel: Channel) -> None:
    """Raise CommandUnavailable if Discord would hide ``command`` from ``user`` there."""
    needed = command.get("default_member_permissions")
    if needed is None:
        return
    perms = server.permissions_for(channel, user.id)
    if perms & P["administrator"]:
        return
    if int(needed) == 0 or (perms & int(needed)) != int(needed):  # "0": administrators only
        raise CommandUnavailable(f"{user.name} cannot use /{command['name']} (needs permissions {needed})")


def command_data(command: Mapping[str, Any], chain: list[dict[str, Any]], encoded: list[dict[str, Any]],
                 resolved: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The interaction's ``data``: the encoded options nested in the subcommand chain."""
    options = encoded
    for sub in reversed(chain):
        options = [{"name": sub["name"], "type": sub["type"], "options": options}]
    data: dict[str, Any] = {"id": str(command["id"]), "name": command["name"], "type": 1, "options": options}
    if "guild_id" in command:  # guild commands are found by name and data.guild_id (pitfall 5)
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def encode_options(server: StandIn, definitions: list[dict[str, Any]], values: Mapping[str, Any],
                   resolved: dict[str, dict[str, Any]], user: User, channel: Channel, command: str,
                   *, focused: str | None, unchecked: bool = False) -> list[dict[str, Any]]:
    """The options as Discord sends them (``focused``: the one being typed, for autocomplete). With
    ``unchecked``, text, numbers and booleans go out as given, past the app's type, range, length and
    choice checks: what a tampered client can send."""
    by_name = {d["name"]: d for d in definitions}
    encoded = []
    for name, value in values.items():
        definition = by_name.get(name)
        if definition is None:
            raise UsageError(f"/{command} has no option {name!r}; it has {sorted(by_name)}")
        option: dict[str, Any] = {"name": name, "type": definition["type"]}
        if name == focused:
            option["value"] = str(value)  # what the member has typed so far
            option["focused"] = True
        elif unchecked and definition["type"] in (3, 4, 5, 10):
            option["value"] = value
        else:
            option["value"] = encode_value(server, definition, value, resolved, user, channel, command)
        encoded.append(option)
    if focused is None:
        missing = [d["name"] for d in definitions if d.get("required") and d["name"] not in values]
        if missing:
            raise UsageError(f"/{command} needs option(s) {missing}")
    return encoded


def encode_value(server: StandIn, definition: Mapping[str, Any], value: Any, resolved: dict[str, dict[str, Any]],
                 user: User, channel: Channel, command: str) -> Any:
    """One option value, checked against its definition (type, bounds, choices) and resolved."""
    kind, name = definition["type"], definition["name"]
    where = f"/{command} {name}"
    choices = [c["value"] for c in definition.get("choices") or []]
    if kind == 3:
        if not isinstance(value, str):
            raise UsageError(f"{where} takes text, not {value!r}")
        if not definition.get("min_length", 0) <= len(value) <= definition.get("max_length", 6000):
            raise UsageError(f"{where}: {value!r} has the wrong length")
    elif kind in (4, 10):
        wrong_type = not isinstance(value, int if kind == 4 else int | float)
        if isinstance(value, bool) or wrong_type:
            raise UsageError(f"{where} takes {'an integer' if kind == 4 else 'a number'}, not {value!r}")
        if "min_value" in definition and value < definition["min_value"]:
            raise UsageError(f"{where}: {value} is below {definition['min_value']}")
        if "max_value" in definition and value > definition["max_value"]:
            raise UsageError(f"{where}: {value} is above {definition['max_value']}")
    elif kind == 5:
        if not isinstance(value, bool):
            raise UsageError(f"{where} takes True or False, not {value!r}")
    elif kind == 6:
        return resolve_user(server, value, resolved, channel)
    elif kind == 7:
        target = server.channel(value)
        allowed = definition.get("channel_types")
        if allowed and target.type not in allowed:
            raise UsageError(f"{where} takes channel types {allowed}, not {target!r}")
        return resolve_channel(server, target, resolved, user)
    elif kind == 8:
        return resolve_role(server, value, resolved, channel)
    elif kind == 9:
        try:
            return resolve_user(server, value, resolved, channel)
        except KeyError:
            return resolve_role(server, value, resolved, channel)
    else:
        raise UsageError(f"{where}: option type {kind} is not supported by the stand-in")
    if choices and value not in choices:
        raise UsageError(f"{where} offers the choices {choices}, not {value!r}")
    return value


def resolve_user(server: StandIn, value: User | str | int, resolved: dict[str, dict[str, Any]],
                 channel: Channel) -> str:
    """A user's id, with the user and (if a member) the member with permissions added to ``resolved``."""
    target = server.user(value)
    resolved.setdefault("users", {})[str(target.id)] = target.payload()
    guild = server.guild_of(channel)
    member = guild.members.get(target.id)
    if member is not None:
        data = member.payload(with_user=False)
        data["permissions"] = str(server.permissions_for(channel, target.id))
        resolved.setdefault("members", {})[str(target.id)] = data
    return str(target.id)


def resolve_channel(server: StandIn, value: Channel | str | int, resolved: dict[str, dict[str, Any]],
                    user: User) -> str:
    """A channel's or thread's id, with it (and ``user``'s permissions there) added to ``resolved``."""
    target = server.channel(value)
    data = target.payload()
    data["permissions"] = str(server.permissions_for(target, user.id))
    resolved.setdefault("channels", {})[str(target.id)] = data
    return str(target.id)


def resolve_role(server: StandIn, value: str | int, resolved: dict[str, dict[str, Any]], channel: Channel) -> str:
    """A role's id (by id or name), with the role added to ``resolved``."""
    guild = server.guild_of(channel)
    role = next((r for r in guild.roles.values() if value in (r.id, r.name, str(r.id))), None)
    if role is None:
        raise KeyError(f"no role {value!r} in {guild.name}")
    resolved.setdefault("roles", {})[str(role.id)] = role.payload()
    return str(role.id)
