"""Telling players it is their turn, the way each of them chose: a mention in the game's thread
(the default), a direct message, or nothing. A direct message that cannot be delivered (the member
closed their DMs) falls back to a mention in the thread, and the member is told so once.

Every ping also carries a recap: the public events since that player's own last move, so someone
coming back after a day sees what happened without scrolling the thread.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from cogs.table import present
from cogs.table.service import Table, TableService
from db.life import LifeStore
from rules.core.events import Event

log = logging.getLogger(__name__)

RECAP_LINES = 8


class Notifier:
    def __init__(self, client: discord.Client, tables: TableService, life: LifeStore) -> None:
        self.client = client
        self.tables = tables
        self.life = life

    async def split(self, users: Sequence[int]) -> tuple[list[int], list[int]]:
        """Who is mentioned in the thread and who gets a direct message; members who chose
        nothing are left out of both."""
        mention: list[int] = []
        direct: list[int] = []
        for user in users:
            mode = (await self.life.member(user)).notify
            if mode == "mention":
                mention.append(user)
            elif mode == "dm":
                direct.append(user)
        return mention, direct

    async def recap(self, table: Table, user_id: int, skip_last: int = 0) -> list[str]:
        """Public events since the user's seat last acted (leaving out the last ``skip_last`` actions,
        already shown with the board), newest last."""
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        logged = await self.tables.store.actions(table.id)
        if skip_last:
            logged = logged[:-skip_last]
        lines: list[str] = []
        for record in logged[::-1]:
            if record.seat == seat and not record.automatic:
                break
            sentences = [table.game.describe_event(Event.from_json(raw), table.names) for raw in record.events
                         if raw.get("private_to") is None]
            lines[:0] = sentences
        return lines

    async def private_recap(self, table: Table, user_id: int) -> list[str]:
        """What changed privately for the user since their last own move (shown only to them)."""
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        lines: list[str] = []
        for record in (await self.tables.store.actions(table.id))[::-1]:
            if record.seat == seat and not record.automatic:
                break
            lines[:0] = [table.game.describe_event(Event.from_json(raw), table.names) for raw in record.events
                         if raw.get("private_to") == seat]
        return lines

    @staticmethod
    def recap_text(user_id: int, lines: Sequence[str], limit: int = RECAP_LINES) -> str:
        if not lines:
            return ""
        shown = list(lines[-limit:])
        earlier = len(lines) - len(shown)
        head = f"📜 Since {present.mention(user_id)}'s last move:"
        if earlier:
            head += f"\n• … {earlier} earlier (see /game log)"
        return head + "\n" + "\n".join(f"• {line}" for line in shown)

    async def direct(self, user_id: int, text: str) -> bool:
        """Send a direct message; False when the member cannot receive one."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(text[:present.MESSAGE_LIMIT], allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("Could not send a direct message to %s: %s", user_id, error)
            return False
        return True

    async def deliver_directly(self, thread: discord.Thread, table: Table, users: Sequence[int], text: str) -> None:
        """Direct messages to ``users``; anyone unreachable is mentioned in the thread instead (and told
        once why)."""
        for user in users:
            if await self.direct(user, f"{text}\n{thread.jump_url}"):
                continue
            first_time = await self.life.note_dm_closed(user)
            note = (" I could not send you a direct message (your DMs seem closed), so I will mention you here "
                    "instead; change this with /me notify." if first_time else "")
            try:
                await thread.send(f"{present.mention(user)} — {present.title(table)} is waiting for you.{note}",
                                  allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=user)]))
            except discord.HTTPException as error:
                log.warning("Could not notify %s in game %s: %s", user, table.id, error)
