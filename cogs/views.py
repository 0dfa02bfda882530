"""The views a message carries, built from the persistent buttons of ``cogs/buttons.py``: a lobby's, a
publication's controls, a panel of choices, the pages of a guide, a log or an inbox, and "Next game" added to a
panel. The buttons (and their custom-id table) live there; this module only puts them together."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.buttons import (
    BUTTONS_AT_MOST,
    SELECT_LABEL,
    ChoiceButton,
    ChoiceSelect,
    GuideButton,
    HandButton,
    HandoverButton,
    InboxPageButton,
    LobbyButton,
    LogPageButton,
    NextGameButton,
    RecapButton,
    ReclaimButton,
    RobotButton,
    SuggestButton,
    TurnButton,
    UndoAgreeButton,
    WhyNotButton,
    WhyNotSelect,
)
from lang import tr
from table.publications import Control, Hand, Handover, Recap, Reclaim, Turn, Undo


def lobby_view(game_id: int, open_: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if open_:
        for verb in ("join", "leave", "start"):
            view.add_item(LobbyButton(verb, game_id))
        for what in ("easy", "normal", "strong", "remove"):
            view.add_item(RobotButton(what, game_id))
    return view


def controls_view(game_id: int, controls: Sequence[Control], follow: str | None = None,
                  guide: str | None = None) -> discord.ui.View | None:
    """The buttons a publication carries (see ``table/publications.py``), for one game; with ``follow``, a
    link to the game's spectator page on the web as well, and with ``guide`` one to the game's guide there."""
    view = discord.ui.View(timeout=None)
    for control in controls:
        match control:
            case Turn(version):
                view.add_item(TurnButton(game_id, version))
            case Hand():
                view.add_item(HandButton(game_id))
            case Recap():
                view.add_item(RecapButton(game_id))
            case Reclaim(seat):
                view.add_item(ReclaimButton(game_id, seat))
            case Undo(version):
                view.add_item(UndoAgreeButton(game_id, version))
            case Handover(seat, giver, taker):
                view.add_item(HandoverButton(game_id, seat, giver, taker))
    if follow is not None:
        view.add_item(discord.ui.Button(label=tr("Follow on the web"), url=follow, emoji="🌐"))
    if guide is not None:
        view.add_item(discord.ui.Button(label=tr("How to play"), url=guide, emoji="📖"))
    return view if view.children else None


def choices_view(game_id: int, version: int, labels: Sequence[str],
                 quiet: Sequence[bool] | None = None) -> discord.ui.View:
    """A player's private panel: buttons for a few choices (``quiet`` ones grey), select menus for many."""
    view = discord.ui.View(timeout=None)
    if len(labels) <= BUTTONS_AT_MOST:
        for index, label in enumerate(labels):
            view.add_item(ChoiceButton(game_id, version, index, label, quiet[index] if quiet is not None else None))
        return view
    for page, start in enumerate(range(0, min(len(labels), 125), 25)):
        options = [discord.SelectOption(label=label[:SELECT_LABEL], value=str(start + offset))
                   for offset, label in enumerate(labels[start:start + 25])]
        view.add_item(ChoiceSelect(game_id, version, page, options))
    return view


def guide_view(kind: str, index: int, count: int, titles: Sequence[str]) -> discord.ui.View:
    """◀ and ▶ to the neighbouring sections of a game's guide, each labelled with its title."""
    view = discord.ui.View(timeout=None)
    if index > 0:
        view.add_item(GuideButton(kind, index - 1, tr("◀ {section}", section=titles[index - 1])))
    if index < count - 1:
        view.add_item(GuideButton(kind, index + 1, tr("{section} ▶", section=titles[index + 1])))
    return view


def log_pages_view(game_id: int, page: int, pages: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if page > 1:
        view.add_item(LogPageButton(game_id, page - 1, tr("◀ Older")))
    if page < pages:
        view.add_item(LogPageButton(game_id, page + 1, tr("Newer ▶")))
    return view


def inbox_pages_view(page: int, pages: int) -> discord.ui.View:
    """◀ and ▶ between the pages of ``/me inbox`` (pages count from 1), and "Next game"."""
    view = discord.ui.View(timeout=None)
    if page > 1:
        view.add_item(InboxPageButton(page - 1, tr("◀ Previous")))
    if page < pages:
        view.add_item(InboxPageButton(page + 1, tr("Next ▶")))
    view.add_item(NextGameButton(0))
    return view


ROWS = 5  # Discord's rows of components in one message


def room_for_a_button(view: discord.ui.View) -> bool:
    """Whether one more button fits: a panel of choices fills at most four rows of buttons
    (:data:`BUTTONS_AT_MOST`), or one row per select menu, up to five; buttons share rows five to a row."""
    buttons = sum(isinstance(getattr(item, "item", item), discord.ui.Button) for item in view.children)
    selects = len(view.children) - buttons
    return -(-(buttons + 1) // 5) + selects <= ROWS


def with_suggest(view: discord.ui.View, game_id: int, version: int, label: str | None = None) -> discord.ui.View:
    """A private panel's view with "Suggest" added (a game with hints; "Show me" in a practice game), when a row
    has room for it."""
    if room_for_a_button(view):
        view.add_item(SuggestButton(game_id, version, label))
    return view


def with_why_not(view: discord.ui.View, game_id: int, version: int) -> discord.ui.View:
    """A practice game's private panel with "Why not…?" added, when a row has room for it."""
    if room_for_a_button(view):
        view.add_item(WhyNotButton(game_id, version))
    return view


def why_not_view(game_id: int, version: int, labels: Sequence[str]) -> discord.ui.View:
    """The menu of "Why not…?": each choice that is not legal now, by its place in the list."""
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=label[:SELECT_LABEL], value=str(index))
               for index, label in enumerate(labels[:25])]
    view.add_item(WhyNotSelect(game_id, version, options))
    return view


def with_next_game(view: discord.ui.View | None, game_id: int) -> discord.ui.View:
    """A private panel's view with "Next game" added, when a row has room for it."""
    view = view or discord.ui.View(timeout=None)
    if room_for_a_button(view):
        view.add_item(NextGameButton(game_id))
    return view
