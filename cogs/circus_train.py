"""Circus Train in Discord: /circus commands for every decision, each with autocomplete drawn from
the legal actions, on top of the shared table (cogs/table). A command builds the action the player
named and lets the rules accept it or explain the refusal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.acting import act_in_game, choose_listed, create_lobby, game_autocomplete, listed_choices, seat_in_context
from lang import LANGUAGES, PSEUDO, speaking
from rules.circus_train import actions as ct
from rules.circus_train import names
from rules.circus_train.content import load_content
from table.model import Table

Choice = app_commands.Choice


def _every_language() -> list[str]:
    """The languages a typed name may be written in: a player may type a name as their own language writes it
    whatever language the game speaks."""
    return [code for code in LANGUAGES if code != PSEUDO]


def _city_id(text: str) -> str:
    """A city id from an autocomplete value or a typed name in any language ("St. Louis" → "st_louis")."""
    content = load_content()
    if text in content.cities:
        return text
    lowered = text.strip().lower()
    for code in _every_language():
        with speaking(code):
            for city in content.cities.values():
                if names.city(city.name).lower() == lowered:
                    return city.id
    return text


def _talent_id(text: str) -> str:
    """A talent or Special Character id from an autocomplete value or a typed name in any language ("Horses",
    "Pferd", "Ho", "Dicke Berta")."""
    content = load_content()
    if text in content.talent or text in content.specials:
        return text
    typed = text.strip().lower()
    lowered = typed.rstrip("s")
    for code in _every_language():
        with speaking(code):
            for talent in content.talent.values():
                one = talent.name[:-1] if talent.name.endswith("s") else talent.name
                if (talent.name.lower().rstrip("s") == lowered or talent.short.lower() == lowered
                        or typed in (names.talent(talent.name).lower(), names.talent_one(one).lower(),
                                     names.talent_short(talent.short).lower())):
                    return talent.id
            for special in content.specials.values():
                if typed in (special.name.lower(), names.special(special.name).lower()):
                    return special.id
    return text


class CircusTrainCog(commands.Cog, name="Circus Train"):
    circus = app_commands.Group(name="circus", description="Play Circus Train", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ----- helpers ------------------------------------------------------------------------------------
    async def _act(self, interaction: discord.Interaction, game: int | None,
                   build: Callable[[Table, int], Any]) -> None:
        await act_in_game(interaction, game, "circus_train", build)

    async def _choices(self, interaction: discord.Interaction, current: str, kinds: tuple[str, ...],
                       value: Callable[[Any], str]) -> list[Choice[str]]:
        """Autocomplete entries: this user's legal actions of the given kinds, labelled as the game says, in the
        user's own Discord language (a private answer)."""
        found = await seat_in_context(interaction, "circus_train")
        if found is None:
            return []
        table, seat = found
        choices: list[Choice[str]] = []
        with speaking(str(interaction.locale)):
            for action in table.game.legal_actions(table.state, seat):
                if action.kind in kinds:
                    label = table.game.describe_action(table.state, seat, action)
                    if current.lower() in label.lower():
                        choices.append(Choice(name=label[:100], value=value(action)))
        return choices[:25]

    # ----- creating ------------------------------------------------------------------------------------
    @circus.command(name="new", description="Open a Circus Train lobby in this channel")
    @app_commands.describe(advanced="Advanced Game: reputation, replays, pocketing, Rest card, parades",
                           special_characters="Optional rule: the six Special Characters",
                           events="Optional rule: Event cards at each month's end",
                           easier="Easier variant: no wages or VP, best single performance wins")
    async def new(self, interaction: discord.Interaction, advanced: bool = False, special_characters: bool = False,
                  events: bool = False, easier: bool = False) -> None:
        await create_lobby(interaction, "circus_train", {
            "advanced": advanced, "special_characters": special_characters, "events": events, "easier": easier})

    # ----- a turn ---------------------------------------------------------------------------------------
    @circus.command(name="play", description="Play an Action card (or replay one from your discards)")
    @app_commands.describe(card="The card to play", game="The game number (defaults to this thread's game)")
    async def play(self, interaction: discord.Interaction, card: str, game: int | None = None) -> None:
        kind, _, name = card.partition(":")
        if not name:
            kind, name = "play", card.strip().lower().replace(" & ", "_").replace(" ", "_")
        builders = {"play": ct.PlayCard, "replay": ct.ReplayCard, "eddie": ct.EddieReplay}
        build = builders.get(kind, ct.PlayCard)
        await self._act(interaction, game, lambda table, seat: build(name))

    @play.autocomplete("card")
    async def _card_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        prefix = {"play_card": "play", "replay_card": "replay", "eddie_replay": "eddie"}
        return await self._choices(interaction, current, tuple(prefix),
                                   lambda a: f"{prefix[a.kind]}:{a.card}")

    @circus.command(name="travel", description="Move your circus train to a city within reach")
    @app_commands.describe(city="Where to go (only reachable cities are offered)", game="The game number")
    async def travel(self, interaction: discord.Interaction, city: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: ct.Travel(_city_id(city)))

    @travel.autocomplete("city")
    async def _city_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("travel",), lambda a: a.city)

    @circus.command(name="stay", description="Use your move card without moving")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def stay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: ct.StayPut())

    @circus.command(name="perform", description="Perform in your city (or complete your two-week show)")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def perform(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: ct.Perform())

    @circus.command(name="hire", description="Roll to hire one Talent counter in your city")
    @app_commands.describe(talent="Which talent (only those here are offered)", smuggle="Use Smuggler Sam instead "
                           "of rolling", game="The game number")
    async def hire(self, interaction: discord.Interaction, talent: str, smuggle: bool = False,
                   game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: ct.TryHire(_talent_id(talent), smuggle))

    @hire.autocomplete("talent")
    async def _hire_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("try_hire",), lambda a: a.talent)

    @circus.command(name="buy", description="Buy a counter from the Talent Bank (Special Hire)")
    @app_commands.describe(talent="Which talent", game="The game number")
    async def buy(self, interaction: discord.Interaction, talent: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: ct.BuyTalent(_talent_id(talent)))

    @buy.autocomplete("talent")
    async def _buy_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("buy_talent",), lambda a: a.talent)

    @circus.command(name="release", description="Release (or, advanced, red-light) a Talent counter at wages time")
    @app_commands.describe(talent="Which talent", game="The game number")
    async def release(self, interaction: discord.Interaction, talent: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: ct.Release(_talent_id(talent)))

    @release.autocomplete("talent")
    async def _release_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("release",), lambda a: a.talent)

    @circus.command(name="pay", description="Pay your wages")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def pay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: ct.PayWages())

    @circus.command(name="pass", description="Decline what is offered now")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def pass_(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: ct.Pass())

    @circus.command(name="choose", description="Make any decision the game is asking you for")
    @app_commands.describe(option="One of your choices right now", game="The game number")
    async def choose(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        await choose_listed(interaction, option, game, "circus_train")

    @choose.autocomplete("option")
    async def _any_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await listed_choices(interaction, current, "circus_train")

    @stay.autocomplete("game")
    @perform.autocomplete("game")
    @pay.autocomplete("game")
    @pass_.autocomplete("game")
    @play.autocomplete("game")
    @travel.autocomplete("game")
    @hire.autocomplete("game")
    @buy.autocomplete("game")
    @release.autocomplete("game")
    @choose.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await game_autocomplete(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CircusTrainCog(bot))
