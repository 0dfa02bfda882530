"""Every persistent button and menu. Each is a DynamicItem: its state lives in its custom id, so it keeps
working after a restart without any view being re-registered per message. A click calls the job that
owns it through the protocols in ``cogs/handlers.py``; anything it raises goes to the one error route.

Custom ids (Discord allows 100 characters; these formats are kept, so buttons on old messages work):

| custom id | where | what it does |
|---|---|---|
| ``rm:lobby:<join|leave|start>:<game>`` | lobby message | take or give up a seat, start the game |
| ``rm:robot:<easy|normal|strong|remove>:<game>`` | lobby message | seat a robot at a level; take the last one out |
| ``rm:turn:<game>:<version>`` | a board | "Take your turn": the awaited player's private choices |
| ``rm:hand:<game>`` | a board | "My hand": the asker's private view, always current |
| ``rm:recap:<game>`` | a board | "What changed for me" since the asker's last move |
| ``rm:do:<game>:<version>:<index>`` | a private panel | choose ``legal_actions[index]`` as of ``version`` |
| ``rm:pick:<game>:<version>:<page>`` | a private panel | the same as a select menu; each value is an index |
| ``rm:reclaim:<game>:<seat>`` | automatic-move note | take one's seat back from the automatic player |
| ``rm:handover:<game>:<seat>:<from>:<to>`` | hand-over offer | the member offered the seat accepts it |
| ``rm:undo:<game>:<version>`` | take-back request | agree to take back the action logged at ``version`` |
| ``rm:log:<game>:<page>`` | a log page | turn the page |
| ``rm:guide:<kind>:<section>`` | a page of a game's guide | turn to another section |
| ``rm:hint:<game>:<version>`` | a private panel | "Suggest": the strong player's choice for the asker, privately |
| ``rm:whynot:<game>:<version>`` | a practice panel | "Why not…?": choices that are not legal now, privately |
| ``rm:why:<game>:<version>`` | the "Why not…?" answer | a menu: the rules' own refusal of the choice picked |
| ``rm:next:<game>`` | a private panel | "Next game": the panel of the next game waiting for the asker (0: none yet) |
| ``rm:inbox:<page>`` | a page of ``/me inbox`` | turn the page (read anew) |

Any other ``rm:`` id — a button of a kind no longer made, a shape no template takes, a number with more
digits than its place allows — is answered privately with :data:`OUT_OF_DATE` by :class:`UnknownItem`, as
is a number that fits its template but points past what exists (a choice, a page, a section).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from cogs.errors import answer_error
from cogs.handlers import LifeHandlers, LobbyHandlers, PlayHandlers
from cogs.runtime import bot_of
from lang import N_, command, tr
from table.errors import TableError

BUTTON_LABEL = 80
SELECT_LABEL = 100
BUTTONS_AT_MOST = 20  # four rows of five; more choices go into select menus
QUIET = ("pass", "stop", "decline", "don't", "stay")


def quiet_choice(english_label: str) -> bool:
    """Whether a choice passes or holds back (shown grey), from its English label."""
    return english_label.lower().startswith(QUIET)
ID = r"\d{1,19}"
NOT_READY = N_("That part of the bot is starting up; please try again in a moment.")
OUT_OF_DATE = N_("This button is out of date: it no longer matches anything the game offers. Use the buttons on the "
                 "newest board in the thread, or `{command}`.")
PICK_PAGES = 5  # a panel's select menus: five of 25 choices at most, pages 0 to 4


class OutOfDate(TableError):
    """A component whose custom id names nothing that exists: forged, or made by an older version of the bot."""

    def __init__(self) -> None:
        super().__init__(tr(OUT_OF_DATE, command=command("game status")))


def lobby_handlers(interaction: discord.Interaction) -> LobbyHandlers:
    handlers = bot_of(interaction).lobby_handlers
    if handlers is None:
        raise TableError(tr(NOT_READY))
    return handlers


def play_handlers(interaction: discord.Interaction) -> PlayHandlers:
    handlers = bot_of(interaction).play_handlers
    if handlers is None:
        raise TableError(tr(NOT_READY))
    return handlers


def life_handlers(interaction: discord.Interaction) -> LifeHandlers:
    handlers = bot_of(interaction).life_handlers
    if handlers is None:
        raise TableError(tr(NOT_READY))
    return handlers


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rm:never:(?P<x>x)"):
    """Base of the table's buttons: the click is counted as being served, and any error goes to the
    error route, like a slash command's."""

    async def callback(self, interaction: discord.Interaction) -> None:
        async with bot_of(interaction).working():
            try:
                await self.run(interaction)
            except Exception as error:
                await answer_error(interaction, error)

    async def run(self, interaction: discord.Interaction) -> None:
        raise TypeError(f"{type(self).__name__} must define run()")


def _button(label: str, custom_id: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
            emoji: str | None = None) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label[:BUTTON_LABEL], style=style, custom_id=custom_id, emoji=emoji)


# Labels are words of the catalogue, put into the language spoken where the message is composed (a lobby's: the
# game's; a private panel's: its reader's).
LOBBY_LABELS = {"join": (N_("Join"), discord.ButtonStyle.success),
                "leave": (N_("Leave"), discord.ButtonStyle.secondary),
                "start": (N_("Start"), discord.ButtonStyle.primary)}


class LobbyButton(TableButton, template=rf"rm:lobby:(?P<verb>join|leave|start):(?P<game>{ID})"):
    def __init__(self, verb: str, game_id: int) -> None:
        label, style = LOBBY_LABELS[verb]
        super().__init__(_button(tr(label), f"rm:lobby:{verb}:{game_id}", style))
        self.verb, self.game_id = verb, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["verb"], int(match["game"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await lobby_handlers(interaction).lobby_button(interaction, self.verb, self.game_id)


ROBOT_LABELS = {"easy": (N_("Add robot (easy)"), discord.ButtonStyle.secondary),
                "normal": (N_("Add robot (normal)"), discord.ButtonStyle.secondary),
                "strong": (N_("Add robot (strong)"), discord.ButtonStyle.secondary),
                "remove": (N_("Remove robot"), discord.ButtonStyle.danger)}


class RobotButton(TableButton, template=rf"rm:robot:(?P<what>easy|normal|strong|remove):(?P<game>{ID})"):
    """A lobby's robot buttons: one per level to seat a robot, and one to take the last robot seated out."""

    def __init__(self, what: str, game_id: int) -> None:
        label, style = ROBOT_LABELS[what]
        # Their own row, under Join, Leave and Start.
        super().__init__(_button(tr(label), f"rm:robot:{what}:{game_id}", style, "🤖"), row=1)
        self.what, self.game_id = what, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RobotButton:
        return cls(match["what"], int(match["game"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await lobby_handlers(interaction).robot_button(interaction, self.what, self.game_id)


class TurnButton(TableButton, template=rf"rm:turn:(?P<game>{ID}):(?P<version>{ID})"):
    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(_button(tr("Take your turn"), f"rm:turn:{game_id}:{version}", discord.ButtonStyle.primary,
                                 "🎪"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TurnButton:
        return cls(int(match["game"]), int(match["version"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await play_handlers(interaction).open_turn(interaction, self.game_id, self.version)


class HandButton(TableButton, template=rf"rm:hand:(?P<game>{ID})"):
    def __init__(self, game_id: int) -> None:
        super().__init__(_button(tr("My hand"), f"rm:hand:{game_id}", emoji="🃏"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> HandButton:
        return cls(int(match["game"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await play_handlers(interaction).show_hand(interaction, self.game_id)


class RecapButton(TableButton, template=rf"rm:recap:(?P<game>{ID})"):
    def __init__(self, game_id: int) -> None:
        super().__init__(_button(tr("What changed for me"), f"rm:recap:{game_id}", emoji="📜"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RecapButton:
        return cls(int(match["game"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await life_handlers(interaction).show_recap(interaction, self.game_id)


class ChoiceButton(TableButton, template=rf"rm:do:(?P<game>{ID}):(?P<version>{ID}):(?P<index>\d{{1,4}})"):
    def __init__(self, game_id: int, version: int, index: int, label: str | None = None,
                 quiet: bool | None = None) -> None:
        label = label or tr("Choose")
        # ``quiet``: a choice that passes or holds back is grey (judged by its English label, ``quiet_choice``).
        quiet = quiet_choice(label) if quiet is None else quiet
        style = discord.ButtonStyle.secondary if quiet else discord.ButtonStyle.primary
        super().__init__(_button(label, f"rm:do:{game_id}:{version}:{index}", style))
        self.game_id, self.version, self.index = game_id, version, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ChoiceButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await play_handlers(interaction).choose(interaction, self.game_id, self.version, self.index)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=rf"rm:pick:(?P<game>{ID}):(?P<version>{ID}):(?P<page>\d{{1,2}})"):
    def __init__(self, game_id: int, version: int, page: int,
                 options: Sequence[discord.SelectOption] = ()) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"rm:pick:{game_id}:{version}:{page}", placeholder=tr("Choose…"),
            options=list(options) or [discord.SelectOption(label="…", value="0")])
        super().__init__(select)
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with bot_of(interaction).working():
            try:
                if self.page >= PICK_PAGES:
                    raise OutOfDate()
                values = self.item.values
                if not values or not (values[0].isascii() and values[0].isdecimal()) or len(values[0]) > 4:
                    raise TableError(tr("Choose one of the listed options."))
                await play_handlers(interaction).choose(interaction, self.game_id, self.version, int(values[0]))
            except Exception as error:
                await answer_error(interaction, error)


class ReclaimButton(TableButton, template=rf"rm:reclaim:(?P<game>{ID}):(?P<seat>\d{{1,2}})"):
    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(_button(tr("Take my seat back"), f"rm:reclaim:{game_id}:{seat}", discord.ButtonStyle.success,
                                 "✋"))
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReclaimButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await life_handlers(interaction).reclaim(interaction, self.game_id)


class HandoverButton(TableButton,
                     template=rf"rm:handover:(?P<game>{ID}):(?P<seat>\d{{1,2}}):(?P<giver>{ID}):(?P<taker>{ID})"):
    def __init__(self, game_id: int, seat: int, giver: int, taker: int) -> None:
        super().__init__(_button(tr("Accept the seat"), f"rm:handover:{game_id}:{seat}:{giver}:{taker}",
                                 discord.ButtonStyle.success))
        self.game_id, self.seat, self.giver, self.taker = game_id, seat, giver, taker

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> HandoverButton:
        return cls(int(match["game"]), int(match["seat"]), int(match["giver"]), int(match["taker"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await life_handlers(interaction).accept_seat(interaction, self.game_id, self.seat, self.giver, self.taker)


class UndoAgreeButton(TableButton, template=rf"rm:undo:(?P<game>{ID}):(?P<version>{ID})"):
    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(_button(tr("Agree to take it back"), f"rm:undo:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> UndoAgreeButton:
        return cls(int(match["game"]), int(match["version"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await life_handlers(interaction).agree_to_take_back(interaction, self.game_id, self.version)


class LogPageButton(TableButton, template=rf"rm:log:(?P<game>{ID}):(?P<page>\d{{1,5}})"):
    def __init__(self, game_id: int, page: int, label: str | None = None) -> None:
        super().__init__(_button(label or tr("Page"), f"rm:log:{game_id}:{page}"))
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LogPageButton:
        return cls(int(match["game"]), int(match["page"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await life_handlers(interaction).show_log_page(interaction, self.game_id, self.page, edit=True)


class GuideButton(TableButton, template=r"rm:guide:(?P<kind>[a-z_]{1,30}):(?P<index>\d{1,2})"):
    def __init__(self, kind: str, index: int, label: str | None = None) -> None:
        super().__init__(_button(label or tr("Section"), f"rm:guide:{kind}:{index}"))
        self.kind, self.index = kind, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GuideButton:
        return cls(match["kind"], int(match["index"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await lobby_handlers(interaction).show_guide(interaction, self.kind, self.index, True)


class SuggestButton(TableButton, template=rf"rm:hint:(?P<game>{ID}):(?P<version>{ID})"):
    """"Suggest" on a private panel of a game with hints, for the panel's ``version``."""

    def __init__(self, game_id: int, version: int, label: str | None = None) -> None:
        super().__init__(_button(label or tr("Suggest"), f"rm:hint:{game_id}:{version}",
                                 discord.ButtonStyle.secondary, "💡"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SuggestButton:
        return cls(int(match["game"]), int(match["version"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await play_handlers(interaction).suggest(interaction, self.game_id, self.version)


class WhyNotButton(TableButton, template=rf"rm:whynot:(?P<game>{ID}):(?P<version>{ID})"):
    """"Why not…?" on a practice game's private panel, for the panel's ``version``."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(_button(tr("Why not…?"), f"rm:whynot:{game_id}:{version}", discord.ButtonStyle.secondary,
                                 "❓"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> WhyNotButton:
        return cls(int(match["game"]), int(match["version"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await play_handlers(interaction).why_not_list(interaction, self.game_id, self.version)


class WhyNotSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=rf"rm:why:(?P<game>{ID}):(?P<version>{ID})"):
    """The menu of choices that are not legal now; picking one answers the rules' own sentence why not."""

    def __init__(self, game_id: int, version: int, options: Sequence[discord.SelectOption] = ()) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"rm:why:{game_id}:{version}", placeholder=tr("Why can't I…"),
            options=list(options) or [discord.SelectOption(label="…", value="0")])
        super().__init__(select)
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> WhyNotSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with bot_of(interaction).working():
            try:
                values = self.item.values
                if not values or not (values[0].isascii() and values[0].isdecimal()) or len(values[0]) > 2:
                    raise TableError(tr("Choose one of the listed options."))
                await play_handlers(interaction).why_not(interaction, self.game_id, self.version, int(values[0]))
            except Exception as error:
                await answer_error(interaction, error)


class NextGameButton(TableButton, template=rf"rm:next:(?P<game>{ID})"):
    """"Next game" on a private panel: ``game`` is the panel's own game (0 for none), so the walk goes on from
    it instead of coming back to it while it still waits for the player."""

    def __init__(self, game_id: int) -> None:
        super().__init__(_button(tr("Next game"), f"rm:next:{game_id}", discord.ButtonStyle.secondary, "⏭️"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> NextGameButton:
        return cls(int(match["game"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await play_handlers(interaction).next_game(interaction, self.game_id or None, edit=True)


class InboxPageButton(TableButton, template=r"rm:inbox:(?P<page>\d{1,4})"):
    def __init__(self, page: int, label: str | None = None) -> None:
        super().__init__(_button(label or tr("Page"), f"rm:inbox:{page}"))
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> InboxPageButton:
        return cls(int(match["page"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await play_handlers(interaction).inbox_page(interaction, self.page, edit=True)


SERVED = (LobbyButton, RobotButton, TurnButton, HandButton, RecapButton, ChoiceButton, ChoiceSelect, ReclaimButton,
          HandoverButton, UndoAgreeButton, LogPageButton, GuideButton, SuggestButton, NextGameButton,
          InboxPageButton, WhyNotButton, WhyNotSelect)


def served(custom_id: str) -> bool:
    """Whether one of the table's buttons or menus takes this custom id."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in SERVED)


class UnknownItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"rm:(?s:.*)"):
    """Every ``rm:`` component no other item takes is answered that it is out of date, instead of being left
    unanswered ("This interaction failed" in Discord). discord.py calls every dynamic item whose template
    matches a custom id, in no order that matters here, so this one stands aside for any id another
    template takes: the choice depends only on the id, never on which callback runs first."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> UnknownItem:
        return cls(item)  # the component as the message has it, button or menu

    async def callback(self, interaction: discord.Interaction) -> None:
        if served(self.custom_id):
            return
        async with bot_of(interaction).working():
            await answer_error(interaction, OutOfDate())


ALL_ITEMS = (*SERVED, UnknownItem)
