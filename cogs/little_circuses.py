"""Little Circuses in Discord: /littlecircuses commands for every decision, each with autocomplete
drawn from the player's legal actions, on top of the shared table (cogs/table).

Every space is played simultaneously: each awaited player answers with a command (or the "Take your
turn" panel); choices stay private until everyone has chosen, then the space resolves and the thread
shows the new board and who is awaited next. A command turns what the player named (a cell such as
C3, a tile, a bleacher space, a card number) into an action and lets the rules accept it or explain
the refusal; text that names nothing at all is refused here with a sentence saying what to write.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.acting import (
    act_and_answer,
    choose_listed,
    create_lobby,
    game_autocomplete,
    game_in_context,
    listed_choices,
    seat_in_context,
)
from cogs.parsing import number, quoted
from lang import tr
from rules.core.errors import RulesError
from rules.little_circuses import actions as lc
from rules.little_circuses.content import load_content
from rules.little_circuses.game import LittleCircuses
from rules.little_circuses.names import card_name, tile_name
from table.errors import TableError
from table.model import Table

Choice = app_commands.Choice
KIND = "little_circuses"
GAME = LittleCircuses()
COLUMNS = "ABCDEFGHIJ"
CELL = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$", re.ASCII)
BLEACHER = (2, 4, 6, 8)
SIDE_CHOICES = [Choice(name=f"{value} side", value=value)
                for spec in GAME.option_specs if spec.key == "special_side" for value in spec.choices]


# ----- reading what a player typed ------------------------------------------------------------------


def cell_name(cell: int) -> str:
    size = load_content().grid_size
    return f"{COLUMNS[cell % size]}{cell // size + 1}"


def parse_cell(text: str) -> int:
    """A cell from "C3" (column letter, row number); a TableError says how to write one."""
    size = load_content().grid_size
    last = COLUMNS[size - 1]
    match = CELL.match(text)
    if match is None:
        raise TableError(tr("Name a space of your circus by its column and row, such as C3 (columns A–{last}, "
                            "rows 1–{size}); {text} is not one.", last=last, size=size, text=quoted(text, 40)))
    column = COLUMNS.find(match[1].upper())
    row = int(match[2]) - 1
    if not (0 <= column < size and 0 <= row < size):
        named = match[1].upper() + match[2]
        raise TableError(tr("Your circus has columns A–{last} and rows 1–{size}; {cell} is outside it.", last=last,
                            size=size, cell=named))
    return row * size + column


def parse_tile(text: str, candidates: Sequence[dict[str, Any]]) -> str:
    """A tile id from an autocomplete value or a typed name (matched among ``candidates`` first)."""
    wanted = text.strip()
    tiles = load_content().tiles
    if wanted in tiles:
        return wanted
    lowered = wanted.lower()
    # A typed name may be the English one or the one the player reads (its translation).
    for candidate in candidates:
        name = str(candidate.get("name", ""))
        if lowered in (name.lower(), tile_name(name).lower()):
            return str(candidate["id"])
    for known in tiles.values():
        if lowered in (known.name.lower(), tile_name(known.name).lower()):
            return known.id
    raise TableError(tr("There is no attraction called {name}; pick one from the list.", name=quoted(wanted, 60)))


def parse_card(text: str, side: str) -> str:
    wanted = text.strip()
    cards = load_content().cards
    if wanted in cards:
        return wanted
    for card_number, sides in cards.items():
        if wanted.lower() in (sides[side].name.lower(), card_name(sides[side].name).lower()):
            return card_number
    raise TableError(tr("Name a Special Attraction card by its number, 1 to {count} (or its name); {text} is not one.",
                        count=len(cards), text=quoted(wanted, 40)))


def parse_space(text: str) -> int:
    space = number(text, digits=2)
    if space is None or space not in BLEACHER:
        raise TableError(tr("Name a bleacher space: 2, 4, 6 or 8; {text} is not one.", text=quoted(text, 20)))
    return space


def parse_seat(text: str, names: Sequence[str]) -> int:
    wanted = text.strip()
    seat = number(wanted, digits=2)
    if seat is not None and seat < len(names):
        return seat
    for seat, name in enumerate(names):
        if name.lower() == wanted.lower():
            return seat
    raise TableError(tr("There is no player called {name} in this game.", name=quoted(wanted, 40)))


def _seat_view(table: Table, seat: int) -> dict[str, Any]:
    assert table.state is not None
    return table.game.view(table.state, seat)


def _icon_now(table: Table, seat: int) -> str | None:
    you = _seat_view(table, seat).get("you") or {}
    icon = you.get("icon")
    return str(icon) if icon else None


def public_action(table: Table, seat: int, space: int) -> Any:
    """The clown's advance or the elephant's / bills' cash-in for a Public on ``space``."""
    assert table.state is not None
    for action in table.game.legal_actions(table.state, seat):
        if isinstance(action, (lc.AdvancePublic, lc.CashPublic)) and action.space == space:
            return action
    return lc.AdvancePublic(space) if _icon_now(table, seat) == "clown" else lc.CashPublic(space)


def take_action(table: Table, seat: int, text: str) -> Any:
    """"showcase:<tile>" or "hand:<owner>:<tile>" from autocomplete, or a typed tile name."""
    where, _, rest = text.partition(":")
    if text.strip() == lc.DrawFaceDown.kind:
        return lc.DrawFaceDown()
    if where == "showcase" and rest and table.state is not None \
            and lc.HireFaceUp(rest) in table.game.legal_actions(table.state, seat):
        return lc.HireFaceUp(rest)  # card 6's holder hiring help from the face-up tiles
    if where == "hand":
        owner, _, tile = rest.partition(":")
        holder = number(owner, digits=2)
        if holder is not None:
            return lc.TakeFromHand(holder, tile)
    if where == "showcase" and rest:
        return lc.TakeShowcase(rest)
    view = _seat_view(table, seat)
    showcase = list(view.get("showcase") or [])
    tile = parse_tile(text, showcase + [t for p in view.get("players") or [] for t in p.get("hand") or []])
    if any(t.get("id") == tile for t in showcase):
        return lc.TakeShowcase(tile)
    for player in view.get("players") or []:
        if player.get("seat") != seat and any(t.get("id") == tile for t in player.get("hand") or []):
            return lc.TakeFromHand(int(player["seat"]), tile)
    return lc.TakeShowcase(tile)


def action_value(action: Any) -> str:
    """The autocomplete value that names ``action`` (what the command's parser reads back)."""
    if isinstance(action, (lc.OpenAt, lc.PlaceTile, lc.MoveHighlight)):
        return cell_name(action.cell)
    if isinstance(action, lc.ChooseTile):
        return action.tile
    if isinstance(action, (lc.AdvancePublic, lc.CashPublic)):
        return str(action.space)
    if isinstance(action, lc.ChooseSpecial):
        return action.card
    if isinstance(action, (lc.TakeShowcase, lc.HireFaceUp)):
        return f"showcase:{action.tile}"
    if isinstance(action, lc.TakeFromHand):
        return f"hand:{action.owner}:{action.tile}"
    if isinstance(action, lc.ChooseRival):
        return str(action.seat)
    return str(action.kind)


class LittleCircusesCog(commands.Cog, name="Little Circuses"):
    group = app_commands.Group(name="littlecircuses", description="Play Little Circuses", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ----- helpers ------------------------------------------------------------------------------------
    async def _table(self, interaction: discord.Interaction, game: int | None) -> Table | None:
        return await game_in_context(interaction, game, KIND)

    async def _act(self, interaction: discord.Interaction, game: int | None,
                   build: Callable[[Table, int], Any]) -> None:
        table = await self._table(interaction, game)
        if table is not None:
            await act_and_answer(interaction, table.id, None, build)

    async def _context(self, interaction: discord.Interaction) -> tuple[Table, int] | None:
        """The game and seat an autocomplete is typed for, or None."""
        return await seat_in_context(interaction, KIND)

    @staticmethod
    def _entries(table: Table, seat: int, state: Any, kinds: tuple[str, ...], current: str) -> list[Choice[str]]:
        choices: list[Choice[str]] = []
        for action in table.game.legal_actions(state, seat):
            if action.kind in kinds:
                label = table.game.describe_action(state, seat, action)
                if current.lower() in label.lower():
                    choices.append(Choice(name=label[:100], value=action_value(action)[:100]))
        return choices[:25]

    async def _choices(self, interaction: discord.Interaction, current: str,
                       kinds: tuple[str, ...]) -> list[Choice[str]]:
        """Autocomplete entries: this user's legal actions of the given kinds, labelled as the game says."""
        context = await self._context(interaction)
        if context is None:
            return []
        table, seat = context
        return self._entries(table, seat, table.state, kinds, current)

    # ----- creating ------------------------------------------------------------------------------------
    @group.command(name="new", description="Open a Little Circuses lobby in this channel (1–7 players)")
    @app_commands.describe(special_side="Special Attraction cards: blue side (no interaction, recommended first; "
                                        "the only side solo) or red side (with interaction)")
    @app_commands.choices(special_side=SIDE_CHOICES)
    async def new(self, interaction: discord.Interaction, special_side: str = "blue") -> None:
        await create_lobby(interaction, KIND, {"special_side": special_side})

    # ----- opening night and building -----------------------------------------------------------------
    @group.command(name="open", description="Opening night: put your Highlight on a printed attraction")
    @app_commands.describe(where="The attraction's space, e.g. C3", game="The game number (defaults to this "
                           "thread's game)")
    async def open_(self, interaction: discord.Interaction, where: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: lc.OpenAt(parse_cell(where)))

    @open_.autocomplete("where")
    async def _open_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("open_at",))

    @group.command(name="funds", description="Build option: raise funds (+$2) or hire help (take a tile)")
    @app_commands.describe(option="Raise funds or hire help", game="The game number")
    @app_commands.choices(option=[Choice(name="Raise funds: +$2", value="raise"),
                                  Choice(name="Hire help: take a tile from the market", value="hire")])
    async def funds(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        await self._act(interaction, game,
                        lambda table, seat: lc.HireHelp() if option == "hire" else lc.RaiseFunds())

    @group.command(name="build", description="Build one of your unbuilt tiles (and say where, or place it next)")
    @app_commands.describe(tile="The tile to build (only those you can pay for are offered)",
                           where="Where it goes, e.g. C3: next to or on top of an attraction", game="The game number")
    async def build(self, interaction: discord.Interaction, tile: str, where: str | None = None,
                    game: int | None = None) -> None:
        table = await self._table(interaction, game)
        if table is None:
            return
        seat = table.seat_of(interaction.user.id)
        candidates: list[dict[str, Any]] = []
        if seat is not None and table.state is not None:
            view = _seat_view(table, seat)
            candidates = list(view["players"][seat].get("hand") or []) + list((view.get("you") or {})
                                                                               .get("secret") or [])
        chosen = lc.ChooseTile(parse_tile(tile, candidates))
        cell = parse_cell(where) if where else None
        if cell is not None and seat is not None and table.state is not None:
            # Both steps are checked before either is taken, so a refused place leaves the tile unchosen.
            try:
                after, _ = table.game.apply(table.state, seat, chosen)
                table.game.apply(after, seat, lc.PlaceTile(cell))
            except RulesError as error:
                raise TableError(str(error)) from error
        await act_and_answer(interaction, table.id, None, lambda t, s: chosen)
        if cell is not None:
            await act_and_answer(interaction, table.id, None, lambda t, s: lc.PlaceTile(cell))

    @build.autocomplete("tile")
    async def _build_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("choose_tile",))

    @build.autocomplete("where")
    async def _build_where_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        context = await self._context(interaction)
        if context is None:
            return []
        table, seat = context
        tile = str(getattr(interaction.namespace, "tile", "") or "")
        state = table.state
        if tile and any(a == lc.ChooseTile(tile) for a in table.game.legal_actions(state, seat)):
            state, _ = table.game.apply(state, seat, lc.ChooseTile(tile))
        return self._entries(table, seat, state, ("place_tile",), current)

    @group.command(name="place", description="Place the tile you chose to build")
    @app_commands.describe(where="Where it goes, e.g. C3", game="The game number")
    async def place(self, interaction: discord.Interaction, where: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: lc.PlaceTile(parse_cell(where)))

    @place.autocomplete("where")
    async def _place_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("place_tile",))

    @group.command(name="back", description="Put the chosen tile back and choose your build again")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def back(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: lc.Back())

    # ----- executing -----------------------------------------------------------------------------------
    @group.command(name="highlight", description="Execute: move your Highlight to an adjacent attraction")
    @app_commands.describe(to="The attraction's space, e.g. D3", game="The game number")
    async def highlight(self, interaction: discord.Interaction, to: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: lc.MoveHighlight(parse_cell(to)))

    @highlight.autocomplete("to")
    async def _highlight_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("move_highlight",))

    @group.command(name="public", description="Choose which Public an icon moves (clown) or cashes in "
                                              "(elephant, money bills)")
    @app_commands.describe(space="The bleacher space of that Public: 2, 4, 6 or 8", game="The game number")
    async def public(self, interaction: discord.Interaction, space: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: public_action(table, seat, parse_space(space)))

    @public.autocomplete("space")
    async def _public_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("advance_public", "cash_public"))

    @group.command(name="pass", description="Keep an optional icon or effect unused")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def pass_(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: lc.Pass())

    # ----- Special Attractions --------------------------------------------------------------------------
    @group.command(name="special", description="Choose a Special Attraction card (in player order)")
    @app_commands.describe(card="The card (its number is its initiative)", game="The game number")
    async def special(self, interaction: discord.Interaction, card: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: lc.ChooseSpecial(
            parse_card(card, str(table.record.options.get("special_side", "blue")))))

    @special.autocomplete("card")
    async def _special_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("choose_special",))

    @group.command(name="take", description="Card 6: take or hire a face-up tile (or a rival's), or draw face down")
    @app_commands.describe(tile="The tile to take", game="The game number")
    async def take(self, interaction: discord.Interaction, tile: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: take_action(table, seat, tile))

    @take.autocomplete("tile")
    async def _take_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("take_showcase", "take_from_hand", "hire_face_up",
                                                          "draw_face_down"))

    @group.command(name="rival", description="Choose the rival a red card's action targets")
    @app_commands.describe(player="The rival", game="The game number")
    async def rival(self, interaction: discord.Interaction, player: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: lc.ChooseRival(parse_seat(player, table.names)))

    @rival.autocomplete("player")
    async def _rival_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("choose_rival",))

    # ----- anything --------------------------------------------------------------------------------------
    @group.command(name="choose", description="Make any decision the game is asking you for")
    @app_commands.describe(option="One of your choices right now", game="The game number")
    async def choose(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        await choose_listed(interaction, option, game, "little_circuses")

    @choose.autocomplete("option")
    async def _any_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await listed_choices(interaction, current, "little_circuses")

    @open_.autocomplete("game")
    @funds.autocomplete("game")
    @build.autocomplete("game")
    @place.autocomplete("game")
    @back.autocomplete("game")
    @highlight.autocomplete("game")
    @public.autocomplete("game")
    @pass_.autocomplete("game")
    @special.autocomplete("game")
    @take.autocomplete("game")
    @rival.autocomplete("game")
    @choose.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await game_autocomplete(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LittleCircusesCog(bot))
