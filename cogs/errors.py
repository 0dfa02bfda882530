"""The one error route: every slash command (``tree.on_error``) and every persistent button (their base
class in ``cogs/buttons.py``) ends here when it raises.

A refusal — any :class:`~table.errors.TableError` (which the core makes of rules and store refusals too)
— is answered ephemerally with its sentence. Anything else is a bug: the member gets a short apology
with an incident id, and the traceback is logged with the same id. No interaction is left unanswered.
Both are in the member's language: the interaction is served speaking it (``cogs/runtime.py``), and a refusal's
sentence was composed while serving it.
"""

from __future__ import annotations

import logging
import secrets

import discord
from discord import app_commands

from cogs.operations import answered_with
from db.errors import StoreError
from lang import tr
from rules.core.errors import RulesError
from table.errors import TableError

log = logging.getLogger("ringmaster.errors")


def sentence_for(error: BaseException) -> str | None:
    """The member's sentence for a refusal, or None when the error is a bug."""
    if isinstance(error, TableError | RulesError | StoreError):
        return str(error)
    if isinstance(error, app_commands.NoPrivateMessage):
        return tr("This command works in a server channel, not in direct messages.")
    if isinstance(error, app_commands.MissingPermissions):
        return tr("You need the Manage Server permission for that.")
    if isinstance(error, app_commands.TransformerError):
        return tr("I could not understand {text} there; pick one of the offered choices.",
                  text=repr(str(error.value)[:80]))
    return None


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer the member whose interaction raised ``error``: its sentence, or an apology and incident id."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    sentence = sentence_for(error)
    incident = None
    if sentence is None:
        incident = secrets.token_hex(4)
        log.error("Incident %s: %s failed for user %s", incident, _what(interaction), interaction.user.id,
                  exc_info=error, extra={"incident": incident})
        sentence = tr("Sorry, something went wrong on my side (incident `{incident}`). Nothing was lost; please try "
                      "again, and if it keeps happening tell a server manager the incident number.", incident=incident)
    answered_with(interaction.client, interaction, "refused" if incident is None else "incident")
    if interaction.type is discord.InteractionType.autocomplete:
        return  # Discord shows no message for a failed autocomplete; an empty list is the answer
    try:
        if interaction.response.is_done():
            await interaction.followup.send(sentence, ephemeral=True)
        else:
            await interaction.response.send_message(sentence, ephemeral=True)
    except discord.HTTPException as failure:
        log.warning("Could not answer interaction %s with %r: %s", interaction.id, sentence[:80], failure)


async def on_app_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    await answer_error(interaction, error)


def _what(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: dict[str, object] = dict(interaction.data or {})
    return f"component {data.get('custom_id', '?')}"
