"""Der Wanderzirkus in Discord: /wanderzirkus commands for every decision, each with autocomplete drawn
from the player's legal actions, on top of the shared table (cogs/acting.py).

An autocomplete entry's value names the action as ``kind:argument`` (``play_card:green_07``,
``take_pair:2``); a command turns it into the action and lets the rules accept it or explain the
refusal. Text typed by hand instead of picked from the list is matched against the labels of the
legal choices, so "/wanderzirkus buy" or "/wanderzirkus play" also work for someone who types.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.acting import act_in_game, choose_listed, create_lobby, game_autocomplete, listed_choices, seat_in_context
from cogs.parsing import number, quoted
from lang import tr
from rules.core.errors import MalformedAction
from rules.registry import get_game
from rules.wanderzirkus import actions as wz
from table.errors import TableError
from table.model import Table

Choice = app_commands.Choice
KEY = "wanderzirkus"

# The kinds each command accepts.
KEEP = ("choose_artist", "choose_city")
PAIR = ("take_pair",)
PLAY = ("play_card",)
PLACE = ("place",)
EFFECT = ("use_effect", "skip_effect", "copy_effect", "tuck_card", "recycle_card", "move_peeked")
RETURN = ("return_card",)
BUY = {"artist": wz.BuyArtist, "city": wz.BuyCity, "swap_token": wz.BuySwapToken, "nothing": wz.EndSpending}
ACTION_CLASSES = {cls.kind: cls for cls in wz.ACTION_TYPES}


def action_value(action: Any) -> str:
    """An action as an autocomplete value: its kind, then its one argument if it has one."""
    values = [getattr(action, f.name) for f in fields(action)]
    return f"{action.kind}:{values[0]}" if values else str(action.kind)


def parse_value(text: str, kinds: tuple[str, ...]) -> Any | None:
    """The action an autocomplete value names, or None if ``text`` is not such a value. A value of a
    kind this command does not take, or with an argument of the wrong type, is refused."""
    kind, _, argument = text.strip().partition(":")
    cls = ACTION_CLASSES.get(kind)
    if cls is None:
        return None
    if kind not in kinds:
        raise TableError(tr("That is not a choice for this command; pick one from its list."))
    params = list(fields(cls))
    raw: dict[str, object] = {"kind": kind}
    if params:
        field = params[0]
        if not argument:
            raise MalformedAction(tr("That choice is missing what it is about; pick one from the list."))
        if field.type in ("int", int):
            value = number(argument, signed=True)
            if value is None:
                raise MalformedAction(tr("That is not a number ({text}); pick one of the offered choices.",
                                         text=quoted(argument, 20)))
            raw[field.name] = value
        else:
            raw[field.name] = argument
    return get_game(KEY).action_from_json(raw)


def chosen_action(table: Table, seat: int, text: str, kinds: tuple[str, ...]) -> Any:
    """The action a command names: an autocomplete value, else the legal choice whose label the text
    matches (exactly, else as the start of one label only)."""
    parsed = parse_value(text, kinds)
    if parsed is not None:
        return parsed
    assert table.state is not None
    wanted = " ".join(text.lower().split())
    offered = [(table.game.describe_action(table.state, seat, a).lower(), a)
               for a in table.game.legal_actions(table.state, seat) if a.kind in kinds]
    exact = [a for label, a in offered if label == wanted]
    if exact:
        return exact[0]
    starts = [a for label, a in offered if wanted and label.startswith(wanted)]
    if len(starts) == 1:
        return starts[0]
    if not offered:
        raise TableError(tr("That is not a choice you have right now; {prompt}",
                            prompt=table.game.prompt(table.state, seat)))
    raise TableError(tr("You have no choice called {text} right now; pick one from the list.", text=quoted(text)))


class WanderzirkusCog(commands.Cog, name="Der Wanderzirkus"):
    group = app_commands.Group(name="wanderzirkus", description="Play Der Wanderzirkus", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ----- helpers ------------------------------------------------------------------------------------
    async def _act(self, interaction: discord.Interaction, game: int | None,
                   build: Callable[[Table, int], Any]) -> None:
        await act_in_game(interaction, game, KEY, build)

    async def _named(self, interaction: discord.Interaction, game: int | None, text: str,
                     kinds: tuple[str, ...]) -> None:
        await self._act(interaction, game, lambda table, seat: chosen_action(table, seat, text, kinds))

    async def _table_of(self, interaction: discord.Interaction) -> tuple[Table, int] | None:
        """The asker's game and seat for autocomplete (None when there is nothing to offer)."""
        return await seat_in_context(interaction, KEY)

    async def _choices(self, interaction: discord.Interaction, current: str,
                       kinds: tuple[str, ...]) -> list[Choice[str]]:
        """This user's legal actions of the given kinds, labelled as the game says."""
        found = await self._table_of(interaction)
        if found is None:
            return []
        table, seat = found
        assert table.state is not None
        choices: list[Choice[str]] = []
        for action in table.game.legal_actions(table.state, seat):
            if action.kind in kinds:
                label = table.game.describe_action(table.state, seat, action)
                if current.lower() in label.lower():
                    choices.append(Choice(name=label[:100], value=action_value(action)))
        return choices[:25]

    # ----- creating ------------------------------------------------------------------------------------
    @group.command(name="new", description="Open a Der Wanderzirkus lobby in this channel (1-6 players)")
    @app_commands.describe(simplified="Simplified game: no stop signs, no announcement, swap token back free",
                           pro="Pro mode: keep fulfilled cities; 2 VP per different region at the end")
    async def new(self, interaction: discord.Interaction, simplified: bool = False, pro: bool = False) -> None:
        await create_lobby(interaction, KEY, {"simplified": simplified, "pro": pro})

    # ----- set-up, travel, announcement ------------------------------------------------------------------
    @group.command(name="keep", description="Keep an artist or a city you were offered (set-up or a purchase)")
    @app_commands.describe(choice="The artist or city to keep", game="The game number (defaults to this thread's)")
    async def keep(self, interaction: discord.Interaction, choice: str, game: int | None = None) -> None:
        await self._named(interaction, game, choice, KEEP)

    @keep.autocomplete("choice")
    async def _keep_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, KEEP)

    @group.command(name="pair", description="Travel: take a pair of one artist and one city")
    @app_commands.describe(pair="The pair to take", game="The game number")
    async def pair(self, interaction: discord.Interaction, pair: str, game: int | None = None) -> None:
        await self._named(interaction, game, pair, PAIR)

    @pair.autocomplete("pair")
    async def _pair_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, PAIR)

    @group.command(name="announce", description="Announce how many artists your show will have at least")
    @app_commands.describe(count="The number of artists", game="The game number")
    async def announce(self, interaction: discord.Interaction, count: app_commands.Range[int, 0, 99],
                       game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: wz.Announce(count))

    @announce.autocomplete("count")
    async def _count_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        found = await self._table_of(interaction)
        if found is None:
            return []
        table, seat = found
        assert table.state is not None
        return [Choice(name=table.game.describe_action(table.state, seat, a), value=a.count)
                for a in table.game.legal_actions(table.state, seat)
                if isinstance(a, wz.Announce) and str(a.count).startswith(current.strip())][:25]

    # ----- the show --------------------------------------------------------------------------------------
    @group.command(name="play", description="Play a hand card to the right of your show")
    @app_commands.describe(card="The card to play (only cards that connect are offered)", game="The game number")
    async def play(self, interaction: discord.Interaction, card: str, game: int | None = None) -> None:
        await self._named(interaction, game, card, PLAY)

    @play.autocomplete("card")
    async def _play_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, PLAY)

    @group.command(name="place", description="After acrobats: stack the card on them, or say where the show goes on")
    @app_commands.describe(position="Where the card goes", game="The game number")
    async def place(self, interaction: discord.Interaction, position: str, game: int | None = None) -> None:
        await self._named(interaction, game, position, PLACE)

    @place.autocomplete("position")
    async def _place_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, PLACE)

    @group.command(name="effect", description="Decide the effect of the card you just played")
    @app_commands.describe(choice="Use it, skip it, or the card or effect it is about", game="The game number")
    async def effect(self, interaction: discord.Interaction, choice: str, game: int | None = None) -> None:
        await self._named(interaction, game, choice, EFFECT)

    @effect.autocomplete("choice")
    async def _effect_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, EFFECT)

    @group.command(name="swap", description="Return your swap token: draw 2 cards, then put 2 back on your deck")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def swap(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: wz.UseSwap())

    @group.command(name="return", description="Swap token: put a hand card back on your deck")
    @app_commands.describe(card="The card to put back", game="The game number")
    async def return_card(self, interaction: discord.Interaction, card: str, game: int | None = None) -> None:
        await self._named(interaction, game, card, RETURN)

    @return_card.autocomplete("card")
    async def _return_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, RETURN)

    @group.command(name="pause", description="Lay the Pause card right of your last card (once a round, -4 VP)")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def pause(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: wz.PlacePause())

    @group.command(name="stop", description="End your show now")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def stop(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: wz.StopShow())

    # ----- spending ----------------------------------------------------------------------------------------
    @group.command(name="buy", description="Spend coins: an artist (5), a city (3), a swap token (3), or nothing")
    @app_commands.describe(item="What to buy; 'nothing' keeps the rest of your coins", game="The game number")
    @app_commands.choices(item=[Choice(name="An artist (5 coins)", value="artist"),
                                Choice(name="A city (3 coins)", value="city"),
                                Choice(name="A swap token (3 coins)", value="swap_token"),
                                Choice(name="Nothing more: keep the rest of my coins", value="nothing")])
    async def buy(self, interaction: discord.Interaction, item: str, game: int | None = None) -> None:
        build = BUY.get(item)
        if build is None:
            raise TableError(tr("Buy an artist, a city, a swap token, or nothing."))
        await self._act(interaction, game, lambda table, seat: build())

    # ----- anything ----------------------------------------------------------------------------------------
    @group.command(name="choose", description="Make any decision the game is asking you for")
    @app_commands.describe(option="One of your choices right now", game="The game number")
    async def choose(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        await choose_listed(interaction, option, game, "wanderzirkus")

    @choose.autocomplete("option")
    async def _any_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await listed_choices(interaction, current, "wanderzirkus")

    @keep.autocomplete("game")
    @pair.autocomplete("game")
    @announce.autocomplete("game")
    @play.autocomplete("game")
    @place.autocomplete("game")
    @effect.autocomplete("game")
    @swap.autocomplete("game")
    @return_card.autocomplete("game")
    @pause.autocomplete("game")
    @stop.autocomplete("game")
    @buy.autocomplete("game")
    @choose.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await game_autocomplete(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(WanderzirkusCog(bot))
