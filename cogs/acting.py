"""Acting in a game from Discord, shared by the play cog and the four game cogs: finding the game a
command is about, applying a move and answering the player privately, the private panel of choices,
the asker's seat for autocomplete, and the "choose anything" command.

Every function here raises :class:`~table.errors.TableError` for a refusal; the error route answers it.
"""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord
from discord import app_commands

from cogs.buttons import quiet_choice
from cogs.parsing import number
from cogs.runtime import bot_of, core_of
from cogs.views import choices_view, lobby_view, with_next_game, with_suggest, with_why_not
from lang import DEFAULT, N_, NC_, command, speaking, supported, tr, trc, trn
from table import compose, hints
from table.errors import StaleBoard, TableError
from table.kits import KITS, kit
from table.model import Table

log = logging.getLogger(__name__)

AUTOCOMPLETE_LIMIT = 25  # Discord shows at most 25 entries
LABEL_LIMIT = 100

# A game's status, as the lists and menus show it (the store keeps the English word).
STATUSES = (NC_("game status", "lobby"), NC_("game status", "active"), NC_("game status", "finished"),
            NC_("game status", "abandoned"))


def status_words(status: str) -> str:
    """A game's status in the reader's language."""
    return trc("game status", status)


Chooser = Callable[[Table, int], Any]
SecretLines = Callable[[Table, int], list[str]]


def in_server(interaction: discord.Interaction) -> tuple[int, int]:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError(tr("Games are played in a server channel, not in direct messages."))
    return interaction.guild_id, interaction.channel_id


async def context_table(interaction: discord.Interaction, game: int | None) -> Table:
    """The game named, else this thread's, else the asker's only game here."""
    guild_id, channel_id = in_server(interaction)
    return await core_of(interaction).table_in_context(guild_id, channel_id, interaction.user.id, game)


async def game_in_context(interaction: discord.Interaction, game: int | None, kind: str) -> Table:
    """The game a command is about, if it is a game of ``kind``."""
    table = await context_table(interaction, game)
    if table.record.kind != kind:
        raise TableError(tr("Game #{number} is not a {game} game.", number=table.id, game=kit(kind).name))
    return table


async def seat_in_context(interaction: discord.Interaction, kind: str) -> tuple[Table, int] | None:
    """The asker's game of ``kind`` here and their seat, for autocomplete; None when there is none."""
    try:
        table = await context_table(interaction, getattr(interaction.namespace, "game", None))
    except TableError:
        return None
    seat = table.seat_of(interaction.user.id)
    if table.state is None or seat is None or table.record.kind != kind:
        return None
    return table, seat


def panel_for(table: Table, user_id: int) -> tuple[str, discord.ui.View | None]:
    """The private panel of choices for a user the game awaits, or a line saying who is awaited."""
    seat = table.seat_of(user_id)
    if table.state is None or table.over:
        return tr("The game is over; the final scores are in the thread."), None
    if seat is None or seat not in table.awaited():
        return tr("Done. The game now waits for {players}.",
                  players=compose.listing([table.names[s] for s in table.awaited()])), None
    legal = table.game.legal_actions(table.state, seat)
    labels = [table.game.describe_action(table.state, seat, action) for action in legal]
    with speaking(DEFAULT):  # which choices pass or hold back is read from their English labels, in every language
        quiet = [quiet_choice(table.game.describe_action(table.state, seat, action)) for action in legal]
    text = [*compose.panel_lines(table, seat), table.game.prompt(table.state, seat)]
    view = choices_view(table.id, table.record.version, labels, quiet)
    if table.record.practice:  # a practice game: "Show me" is the hint, and "Why not…?" the rules' refusals
        view = with_why_not(with_suggest(view, table.id, table.record.version, tr("Show me")), table.id,
                            table.record.version)
    elif hints.hints_on(table):
        view = with_suggest(view, table.id, table.record.version)
    return compose.fit_lines(text), view


async def with_lesson(interaction: discord.Interaction, table: Table, content: str) -> str:
    """A practice game's panel with the lesson of the player's decision, the first time that decision comes up
    (read and noted by the core; nothing for other games)."""
    if not table.record.practice:
        return content
    lesson = await bot_of(interaction).core.lesson(table.id, interaction.user.id)
    if lesson is None:
        return content
    return compose.fit_lines([tr("📘 **Lesson:** {lesson}", lesson=lesson), "", *content.split("\n")])


async def act_and_answer(interaction: discord.Interaction, game_id: int, version: int | None,
                         choice: Chooser | int, *, edit_panel: bool = False, secret: SecretLines | None = None,
                         image: bool = False, any_server: bool = False) -> None:
    """Apply one action for the member and answer them privately with their next choices.

    The answer is deferred first, so a slow database or Discord never costs the member their answer.
    The board reaches the thread through the game's outbox; the core's answer waits briefly for it, so the
    thread already shows the move when the member reads their panel. With ``secret`` the answer starts
    with the member's own secret lines, and with ``image`` their private image comes with it. ``choice`` makes
    the action from the game, or is the place of a listed choice among the legal actions offered at
    ``version``. Once the move is saved, nothing that
    fails can make the answer a "please try again" (see :func:`move_saved`). ``any_server``: a private panel's
    choice, which may be for a game on another server ("Next game" opens those): only the seat is checked."""
    bot = bot_of(interaction)
    async with bot.working():
        if not interaction.response.is_done():
            if edit_panel:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        core = bot.core
        guild_id = None if any_server else interaction.guild_id
        if isinstance(choice, int):
            if version is None:
                raise StaleBoard()
            result, table = await core.play_listed(game_id, interaction.user.id, version, choice, guild_id=guild_id)
        else:
            result, table = await core.play(game_id, interaction.user.id, version, choice, guild_id=guild_id)
        async with move_saved(interaction, game_id):
            await answer_move(interaction, table, result.seat, edit_panel=edit_panel, secret=secret, image=image)


MOVE_SAVED = N_("Your move was saved, but I could not show you what comes next just now. The newest board in the "
                "thread, or `{command}`, shows where the game stands.")


@contextlib.asynccontextmanager
async def move_saved(interaction: discord.Interaction, game_id: int) -> AsyncIterator[None]:
    """Around everything that follows a move once it is saved: whatever fails in there (Discord refusing the
    answer, a locked thread, a render, a read), the member is told that their move was saved — never "please
    try again", which would have them play a second move — and the failure is logged."""
    try:
        yield
    except Exception as error:
        if isinstance(error, discord.HTTPException | aiohttp.ClientError | TableError):
            log.warning("Game %s: a move by %s was saved, but answering it failed: %s", game_id,
                        interaction.user.id, error)
        else:
            log.exception("Game %s: a move by %s was saved, but answering it failed", game_id, interaction.user.id)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(tr(MOVE_SAVED, command=command("game status")), ephemeral=True)
            else:
                await interaction.response.send_message(tr(MOVE_SAVED, command=command("game status")), ephemeral=True)
        except discord.HTTPException as failure:
            log.warning("Game %s: could not tell %s that their move was saved either: %s", game_id,
                        interaction.user.id, failure)


async def answer_move(interaction: discord.Interaction, table: Table, seat: int, *, edit_panel: bool = False,
                      secret: SecretLines | None = None, image: bool = False) -> None:
    """The answer to a saved move (the core returns once the thread shows it, or a moment has passed): the
    member's next choices in place of the panel (``edit_panel``), else privately, with their secret lines and
    image. Every such panel offers "Next game"."""
    content, view = panel_for(table, interaction.user.id)
    content = await with_lesson(interaction, table, content)
    view = with_next_game(view, table.id)
    if secret is not None:
        content = "\n".join([*secret(table, seat), "", content]).strip()[:compose.MESSAGE_LIMIT]
    if edit_panel:
        await interaction.edit_original_response(content=content, view=view)
        let_go(view)
        return
    kwargs: dict[str, Any] = {"ephemeral": True, "view": view}
    if image and table.state is not None:
        kwargs["file"] = await hand_file(interaction, table, seat)
    await interaction.followup.send(content, **kwargs)
    let_go(view)


async def answer_first(interaction: discord.Interaction, *, edit: bool = False) -> None:
    """Acknowledge the interaction at once, before anything that may wait (the database, a render, the
    game's lock): Discord refuses an answer that comes after 3 s, and a busy table must never cost a
    member their answer. ``edit``: the answer will replace the message the button is on (a page turn, a
    lobby); otherwise it comes as a private message (see :func:`reply`)."""
    if interaction.response.is_done():
        return
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


def let_go(view: object) -> None:
    """Stop a view once its message is sent: the table's buttons are ``DynamicItem``s, dispatched by their
    custom_id from the patterns registered at start-up, never through the view they were sent in. Left
    alone, discord.py keeps a private answer's view listening for 15 minutes (an interaction's lifetime),
    each with a timer task: at 20 moves a second that kept some 20,000 views of panels alive, tens of MB of
    the bot's memory, and made every full garbage collection a pause of the event loop of tenths of a
    second. Stopping one takes it out of the library's view store and cancels its timer, nothing more."""
    if isinstance(view, discord.ui.View):
        view.stop()


async def reply(interaction: discord.Interaction, content: str, *, edit: bool = False, **kwargs: Any) -> None:
    """The answer to an interaction, whether or not :func:`answer_first` acknowledged it: a private
    message, or (``edit``) the message the button is on, changed in place."""
    if edit:
        if interaction.response.is_done():
            await interaction.edit_original_response(content=content, **kwargs)
        else:
            await interaction.response.edit_message(content=content, **kwargs)
    elif interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)
    let_go(kwargs.get("view"))


async def show_page(interaction: discord.Interaction, text: str, view: discord.ui.View, edit: bool) -> None:
    """A page of something paged (the log, a guide): turned in place from its buttons, else a new
    private answer."""
    await reply(interaction, text, edit=edit, view=view)


async def hand_file(interaction: discord.Interaction, table: Table, seat: int) -> discord.File:
    """The seat's private image, drawn off the event loop."""
    assert table.state is not None
    view = table.game.view(table.state, seat)
    picture = await core_of(interaction).renders.hand(table.record.kind, view)
    return discord.File(io.BytesIO(picture), filename="hand.png", description=table.kit.hand_alt(view))


async def show_private(interaction: discord.Interaction, table: Table) -> None:
    """The asker's own hand and secrets, privately."""
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise TableError(tr("You are not seated in this game, so you have no hand to see."))
    if table.state is None:
        raise TableError(tr("This game has not started yet."))
    await answer_first(interaction)
    lines = compose.private_lines(table, seat)
    await reply(interaction, compose.fit_lines(lines) if lines else tr("You hold nothing secret right now."),
                file=await hand_file(interaction, table, seat))


async def act_in_game(interaction: discord.Interaction, game: int | None, kind: str, build: Chooser, *,
                      secret: SecretLines | None = None, image: bool = False) -> None:
    """Apply the action ``build`` makes for the asker in their game of ``kind``."""
    await answer_first(interaction)
    table = await game_in_context(interaction, game, kind)
    await act_and_answer(interaction, table.id, None, build, secret=secret, image=image)


async def create_lobby(interaction: discord.Interaction, kind: str, options: dict[str, object], *,
                       deadline_minutes: int | None = None, autopilot_after: int = 3,
                       forced_moves: bool = True, away_bank_minutes: int = 7 * 24 * 60, robots: int = 0,
                       robot_level: str = "normal", autopilot_level: str = "normal",
                       hints: bool | None = None, language: str | None = None) -> None:
    """Post a lobby for a new game in this channel (the game's thread opens at Start), with ``robots`` robot
    seats at ``robot_level`` already in it. ``language``: the game's (its posts' and boards'); by default the
    server's own language (Discord's ``guild_locale``) where Ringmaster speaks it, else English."""
    guild_id, channel_id = in_server(interaction)
    if isinstance(interaction.channel, discord.Thread):
        raise TableError(tr("Start a new game from a text channel, not inside a thread."))
    missing = missing_permissions(interaction)
    if missing:
        raise TableError(missing)
    core = core_of(interaction)
    table = await core.create(kind, guild_id, channel_id, interaction.user.id, interaction.user.display_name,
                              options, deadline_minutes=deadline_minutes, autopilot_after=autopilot_after,
                              forced_moves=forced_moves, away_bank_minutes=away_bank_minutes,
                              autopilot_level=autopilot_level, hints=hints,
                              language=supported(language or interaction.guild_locale))
    for _ in range(robots):
        table = await core.add_robot(table.id, interaction.user.id, robot_level, guild_id=guild_id)
    with speaking(table.language):  # the lobby is the game's first public post
        text, view = compose.lobby_text(table), lobby_view(table.id, True)
    await interaction.response.send_message(text, view=view, allowed_mentions=discord.AllowedMentions.none())
    message = await interaction.original_response()
    await core.set_lobby_message(table.id, message.id)


# Discord's own names of its permissions, as its settings show them in the member's language.
NEEDED_IN_CHANNEL = {"create_public_threads": N_("Create Public Threads"),
                     "send_messages_in_threads": N_("Send Messages in Threads"), "attach_files": N_("Attach Files")}


def missing_permissions(interaction: discord.Interaction) -> str | None:
    perms = interaction.app_permissions
    missing = [tr(words) for name, words in NEEDED_IN_CHANNEL.items() if not getattr(perms, name)]
    if not missing:
        return None
    return trn("I need the {permissions} permission in this channel to host a game here; ask a server manager to "
               "grant them.", "I need the {permissions} permissions in this channel to host a game here; ask a server "
               "manager to grant them.", len(missing), permissions=", ".join(missing))


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The asker's open and running games here."""
    if interaction.guild_id is None:
        return []
    records = await core_of(interaction).games_of(interaction.user.id, interaction.guild_id)
    choices = []
    for record in records:
        label = tr("#{number} {game} ({status})", number=record.id, game=KITS[record.kind].name,
                   status=status_words(record.status))
        if current.lower() in label.lower():
            choices.append(app_commands.Choice(name=label, value=record.id))
    return choices[:AUTOCOMPLETE_LIMIT]


async def lobby_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The open lobbies here the asker can join (they are not seated in them yet)."""
    if interaction.guild_id is None:
        return []
    core = core_of(interaction)
    mine = {record.id for record in await core.games_of(interaction.user.id, interaction.guild_id)}
    choices = []
    for record in await core.open_lobbies(interaction.guild_id):
        label = tr("#{number} {game} (open lobby)", number=record.id, game=KITS[record.kind].name)
        if record.id not in mine and current.lower() in label.lower():
            choices.append(app_commands.Choice(name=label, value=record.id))
    return choices[:AUTOCOMPLETE_LIMIT]


async def listed_choices(interaction: discord.Interaction, current: str, kind: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for "choose": every legal action, labelled as the game says, valued ``<version>:<index>``."""
    found = await seat_in_context(interaction, kind)
    if found is None:
        return []
    table, seat = found
    assert table.state is not None
    version = table.record.version
    choices = []
    for index, action in enumerate(table.game.legal_actions(table.state, seat)):
        label = table.game.describe_action(table.state, seat, action)
        if current.lower() in label.lower():
            choices.append(app_commands.Choice(name=label[:LABEL_LIMIT], value=f"{version}:{index}"))
    return choices[:AUTOCOMPLETE_LIMIT]


async def choose_listed(interaction: discord.Interaction, option: str, game: int | None, kind: str) -> None:
    """Carry out the choice an autocomplete entry of ``listed_choices`` names."""
    version_text, _, index_text = option.partition(":")
    version, index = number(version_text), number(index_text, digits=4)
    if version is None or index is None:
        raise TableError(tr("Pick one of the offered choices from the list."))
    table = await game_in_context(interaction, game, kind)
    await choose_index(interaction, table.id, version, index)


async def choose_index(interaction: discord.Interaction, game_id: int, version: int, index: int, *,
                       edit_panel: bool = False, any_server: bool = False) -> None:
    """Carry out the choice at ``index`` among the legal actions offered at ``version`` (a panel's button or
    menu, an autocomplete entry)."""
    await act_and_answer(interaction, game_id, version, index, edit_panel=edit_panel, any_server=any_server)
