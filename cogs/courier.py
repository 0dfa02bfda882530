"""Delivering outbox items to Discord for the table's publisher (``table/publisher.py``): boards, notes,
direct messages, the seed reveal, the replay and the lobby message.

This module turns Discord's answers into the publisher's terms: a 5xx, a rate limit or a dropped
connection is :class:`~table.publisher.TryLater`; a deleted thread is :class:`~table.publisher.ThreadGone`
(the publisher then asks :meth:`DiscordCourier.reopen` for a new one); a missing permission is
:class:`~table.publisher.MissingPermissions` — except Attach Files, without which a board is still posted
as text (so the game goes on) and the publisher says once which permission is missing. Any other 4xx is
:class:`~table.publisher.Rejected`: retrying cannot cure it, so the publisher sets the item aside.

Every new message an item posts carries the item's id as its ``nonce``, which Discord enforces: a post
whose answer was lost (a crash after Discord took it, a timeout) and that is made again returns the
message already made instead of a second one. discord.py 2.7 sends ``enforce_nonce: true`` with any
``nonce`` given to ``send()`` (``discord.http.handle_message_parameters``), so nothing more is needed.
"""

from __future__ import annotations

import functools
import io
import json
import logging
from collections.abc import Sequence

import aiohttp
import discord
from discord.ext import commands

from cogs.buttons import ALL_ITEMS
from cogs.runtime import RingmasterBot
from cogs.views import controls_view, lobby_view
from db.records import GameRecord
from lang import N_, command, tr, trn
from table.afterwards import ReviewPending
from table.delivery import Delivery, MissingPermissions, Rejected, ThreadGone, TryLater
from table.kits import kit
from table.publications import Board, Chart, Direct, Lobby, Note, Parcel, Replay, Reveal, Review

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
THREAD_ARCHIVED = 50083
CANNOT_DM = 50007
# Discord's names of the permissions (as its settings show them): told to the server in the game's language.
ATTACH_FILES = N_("Attach Files")
SEND_IN_THREADS = N_("Send Messages in Threads")
MANAGE_THREADS = N_("Manage Threads")


def mentions(users: Sequence[int]) -> discord.AllowedMentions:
    """Exactly these members may be pinged: never @everyone, @here or a role."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=user) for user in users])


class DiscordCourier:
    def __init__(self, bot: RingmasterBot) -> None:
        self.bot = bot

    async def deliver(self, game: GameRecord, item: Parcel) -> Delivery:
        try:
            return await self._deliver(game, item)
        except TryLater as error:
            if not isinstance(error.__cause__, discord.HTTPException) or error.__cause__.code != THREAD_ARCHIVED:
                raise
        # Archived between the look at the thread and the post (an idle week, a moderator): the thread as
        # Discord has it now is reopened, and the item goes out at once rather than after a backoff.
        if game.thread_id is not None:
            try:
                thread = await self.bot.fetch_channel(game.thread_id)
                if isinstance(thread, discord.Thread) and thread.archived:
                    await thread.edit(archived=False)
            except discord.HTTPException as error:
                raise TryLater(f"the thread was archived and could not be reopened: {error}") from error
        return await self._deliver(game, item)

    async def _deliver(self, game: GameRecord, item: Parcel) -> Delivery:
        publication = item.publication
        nonce = self.nonce(item)
        thread: discord.Thread | None = None
        try:
            if isinstance(publication, Lobby):
                await self._lobby(game, publication)
                return Delivery()
            thread = await self._thread(game)
            match publication:
                case Board():
                    return await self._board(game, thread, publication, nonce)
                case Note():
                    await thread.send(publication.text, view=controls_view(game.id, publication.controls) or
                                      discord.utils.MISSING, allowed_mentions=mentions(publication.mentions),
                                      nonce=nonce)
                case Direct():
                    return await self._direct(game, thread, publication, nonce)
                case Reveal():
                    data = json.dumps(publication.record, ensure_ascii=False, indent=1).encode()
                    await self._send_file(thread, publication.text, data, publication.filename,
                                          tr("The game record: its seed, salt, players, options and every move, as "
                                             "JSON."),
                                          nonce)
                case Replay():
                    await self._replay(game, thread, nonce)
                case Chart():
                    await self._chart(game, thread, nonce)
                case Review():
                    await self._review(game, thread, nonce)
            return Delivery()
        except discord.NotFound as error:
            if error.code == UNKNOWN_CHANNEL:
                raise ThreadGone() from error
            raise Rejected(str(error)) from error
        except discord.Forbidden as error:
            raise MissingPermissions(self._missing(thread, error)) from error
        except (discord.DiscordServerError, discord.RateLimited, aiohttp.ClientError) as error:
            raise TryLater(str(error) or type(error).__name__) from error
        except discord.HTTPException as error:
            if error.code == THREAD_ARCHIVED:
                raise TryLater("the thread was archived meanwhile") from error
            if error.status >= 500 or error.status == 429:
                raise TryLater(str(error)) from error
            raise Rejected(str(error)) from error

    @staticmethod
    def nonce(item: Parcel) -> str:
        """The nonce of what ``item`` posts: its outbox id (unique for good; Discord allows 25 characters), marked
        so that it never meets the random numbers discord.py gives other messages."""
        return f"rm{item.id}"

    # ----- where ---------------------------------------------------------------------------------------
    async def _thread(self, game: GameRecord) -> discord.Thread:
        """The game's thread, reopened if it was archived; ThreadGone if it was deleted."""
        if game.thread_id is None:
            raise ThreadGone()
        channel = self.bot.get_channel(game.thread_id)
        if channel is None:
            fetched = await self.bot.fetch_channel(game.thread_id)
            channel = fetched if isinstance(fetched, discord.Thread) else None
        if not isinstance(channel, discord.Thread):
            raise ThreadGone()
        if channel.archived:
            try:
                await channel.edit(archived=False)
            except discord.Forbidden as error:
                raise MissingPermissions(self._missing(channel, error)) from error
        return channel

    @staticmethod
    def _missing(thread: discord.Thread | None, error: discord.Forbidden) -> list[str]:
        """The permissions whose lack made Discord refuse: in a locked thread only members with Manage Threads
        may post, edit or reopen it (Discord then answers 403 with the archived thread's code, 50083), and
        elsewhere in a thread it is Send Messages in Threads. Read from the thread as the bot knows it (a
        moderator's lock reaches it as THREAD_UPDATE), else from Discord's code."""
        missing: list[str] = []
        if thread is not None:
            try:
                perms = thread.permissions_for(thread.guild.me)
            except discord.ClientException:  # the parent channel is not in the cache: go by the code
                perms = None
            if perms is not None:
                if thread.locked and not perms.manage_threads:
                    missing.append(MANAGE_THREADS)
                if not perms.send_messages_in_threads:
                    missing.append(SEND_IN_THREADS)
        if not missing:
            missing.append(MANAGE_THREADS if error.code == THREAD_ARCHIVED else SEND_IN_THREADS)
        return missing

    async def reopen(self, game: GameRecord) -> int | None:
        """A new thread for a game whose thread was deleted, said so in it."""
        channel = self.bot.get_channel(game.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        title = f"{kit(game.kind).name} #{game.id}"
        try:
            thread = await channel.create_thread(name=title, type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=10080)
            await thread.send(tr("**{game}**: the game's thread was deleted, so the game goes on here. Nothing of the "
                                 "game was lost; the board follows.", game=title),
                              allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("Game %s: could not open a new thread: %s", game.id, error)
            return None
        return thread.id

    async def tell_missing(self, game: GameRecord, permissions: Sequence[str]) -> None:
        """Say in the game's channel (or, failing that, to its creator) which permissions are missing."""
        names = functools.reduce(lambda joined, name: tr("{names} and {name}", names=joined, name=name),
                                 [tr(permission) for permission in permissions])
        title = f"{kit(game.kind).name} #{game.id}"
        locked = MANAGE_THREADS in permissions  # only a locked thread asks for it
        if locked:
            text = trn("⚠️ I cannot post everything for **{game}** in its thread: the thread is locked, and I need the "
                       "{permissions} permission there. A server manager can grant it or unlock the thread; I will "
                       "post as soon as I can.",
                       "⚠️ I cannot post everything for **{game}** in its thread: the thread is locked, and I need the "
                       "{permissions} permissions there. A server manager can grant them or unlock the thread; I will "
                       "post as soon as I can.", len(permissions), game=title, permissions=names)
        else:
            text = trn("⚠️ I cannot post everything for **{game}** in its thread: I need the {permissions} permission "
                       "there. A server manager can grant it; I will post as soon as I can.",
                       "⚠️ I cannot post everything for **{game}** in its thread: I need the {permissions} permissions "
                       "there. A server manager can grant them; I will post as soon as I can.", len(permissions),
                       game=title, permissions=names)
        channel = self.bot.get_channel(game.channel_id)
        if isinstance(channel, discord.TextChannel):
            try:
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
                return
            except discord.HTTPException as error:
                log.info("Game %s: could not post in its channel either: %s", game.id, error)
        try:
            creator = self.bot.get_user(game.creator_id) or await self.bot.fetch_user(game.creator_id)
            await creator.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            raise TryLater(f"nobody could be told: {error}") from error

    # ----- what --------------------------------------------------------------------------------------------
    async def _board(self, game: GameRecord, thread: discord.Thread, board: Board, nonce: str) -> Delivery:
        follow = self.bot.web.follow_link(game) if self.bot.web is not None else None
        guide = self.bot.web.guide_link(game.kind) if self.bot.web is not None else None
        view = controls_view(game.id, board.controls, follow, guide) or discord.utils.MISSING
        text = board.text
        if board.mode == "edit" and game.board_message_id is not None:
            message = thread.get_partial_message(game.board_message_id)
            try:
                if board.same_picture:  # nothing public changed but the words: keep the image
                    await message.edit(content=text, view=view, allowed_mentions=discord.AllowedMentions.none())
                    return Delivery()
                images = await self.bot.core.renders.board(game.kind, board.view)
                alt = kit(game.kind).board_alt(board.view)
                try:
                    await message.edit(content=text, attachments=self._pngs(images, alt), view=view,
                                       allowed_mentions=discord.AllowedMentions.none())
                except discord.Forbidden as error:
                    if error.code == THREAD_ARCHIVED:
                        raise  # a locked thread: without its image the board would be refused all the same
                    await message.edit(content=text, view=view, allowed_mentions=discord.AllowedMentions.none())
                    return Delivery(missing=self._files_missing(thread))
                return Delivery()
            except discord.NotFound as error:
                if error.code != UNKNOWN_MESSAGE:
                    raise
                log.info("Game %s: its board message is gone; posting a new one", game.id)
        images = await self.bot.core.renders.board(game.kind, board.view)
        alt = kit(game.kind).board_alt(board.view)
        allowed = mentions(board.mentions)
        try:
            posted = await thread.send(text, files=self._pngs(images, alt), view=view, allowed_mentions=allowed,
                                       nonce=nonce)
        except discord.Forbidden as error:
            if error.code == THREAD_ARCHIVED:
                raise
            # Without Attach Files the board still goes out as text, so nobody is left waiting unknowingly.
            posted = await thread.send(text, view=view, allowed_mentions=allowed, nonce=nonce)
            return Delivery(posted.id, missing=self._files_missing(thread))
        return Delivery(posted.id)

    @staticmethod
    def _files_missing(thread: discord.Thread) -> tuple[str, ...]:
        """Why a board's image was refused when its words were not: Attach Files, unless Send Messages in
        Threads is what is missing (Discord then refuses files too, but lets the bot edit its own words)."""
        try:
            writes = thread.permissions_for(thread.guild.me).send_messages_in_threads
        except discord.ClientException:  # the parent channel is not in the cache
            writes = True
        return (ATTACH_FILES,) if writes else (SEND_IN_THREADS,)

    @staticmethod
    def _pngs(images: Sequence[bytes], description: str) -> list[discord.File]:
        """The board's image(s): a big table comes as the board, then the players' areas."""
        files = [discord.File(io.BytesIO(images[0]), filename="board.png", description=description)]
        files += [discord.File(io.BytesIO(png), filename=f"board-{number}.png",
                               description=tr("The players' areas, part {part} of {parts}.", part=number - 1,
                                              parts=len(images) - 1))
                  for number, png in enumerate(images[1:], start=2)]
        return files

    async def _send_file(self, thread: discord.Thread, text: str, data: bytes, filename: str,
                         description: str, nonce: str) -> None:
        await thread.send(text, file=discord.File(io.BytesIO(data), filename=filename, description=description),
                          allowed_mentions=discord.AllowedMentions.none(), nonce=nonce)

    async def _direct(self, game: GameRecord, thread: discord.Thread, direct: Direct, nonce: str) -> Delivery:
        user_id = direct.user
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(direct.text, allowed_mentions=discord.AllowedMentions.none(), nonce=nonce)
            return Delivery()
        except discord.HTTPException as error:
            if isinstance(error, discord.DiscordServerError):
                raise
            log.info("Could not send a direct message to %s: %s", user_id, error)
        first = await self.bot.core.note_dm_closed(user_id)
        text = direct.fallback
        if first:
            text = tr("{message} I could not send you a direct message (your DMs seem closed), so I mention you here "
                      "instead; change this with {command}.", message=direct.fallback,
                      command=command("me notify"))
        await thread.send(text, allowed_mentions=mentions([user_id]), nonce=nonce)
        return Delivery()

    async def _replay(self, game: GameRecord, thread: discord.Thread, nonce: str) -> None:
        replay = await self.bot.core.replay_image(game.id, self.bot.config.replay_frames)
        if replay is None:
            return
        data, description = replay
        title = f"{kit(game.kind).name} #{game.id}"
        await self._send_file(thread, tr("🎞️ **{game}**, replayed from its first move to the final scores.",
                                         game=title), data,
                              f"{game.kind}-{game.id}-replay.webp", description, nonce)

    async def _chart(self, game: GameRecord, thread: discord.Thread, nonce: str) -> None:
        chart = await self.bot.core.score_chart(game.id)
        if chart is None:
            return
        data, description, luck = chart
        title = f"{kit(game.kind).name} #{game.id}"
        text = "\n".join([tr("📈 **{game}**: the scores through the game.", game=title),
                          *(f"🎲 {line}" for line in luck)])
        await self._send_file(thread, text[:2000], data, f"{game.kind}-{game.id}-scores.png", description, nonce)

    async def _review(self, game: GameRecord, thread: discord.Thread, nonce: str) -> None:
        try:
            review = await self.bot.core.game_review(game.id)
        except ReviewPending as pending:  # computed meanwhile in the background worker: posted when it is ready
            raise TryLater(str(pending)) from None
        if review is None:
            return
        text = str(review["short"])[:2000]
        chart = await self.bot.core.chances_chart(game.id, review)
        if chart is None:
            await thread.send(text, allowed_mentions=discord.AllowedMentions.none(), nonce=nonce)
            return
        data, description = chart
        await self._send_file(thread, text, data, f"{game.kind}-{game.id}-chances.png", description, nonce)

    async def _lobby(self, game: GameRecord, lobby: Lobby) -> None:
        if game.lobby_message_id is None:
            return
        channel = self.bot.get_channel(game.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        try:
            await channel.get_partial_message(game.lobby_message_id).edit(
                content=lobby.text, view=lobby_view(game.id, lobby.open),
                allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:
            log.info("Game %s: its lobby message is gone", game.id)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RingmasterBot)
    bot.core.attach_courier(DiscordCourier(bot))
    bot.add_dynamic_items(*ALL_ITEMS)
