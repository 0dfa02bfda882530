"""Dreadful Circus in Discord: /dreadful commands for every decision, each with autocomplete drawn from
the legal actions, on top of the shared table (cogs/table).

Secrets stay in ephemeral replies: a Seller's Offer, a bidder's wagon, and the wagon a Seller is
inspecting. After a bid or an inspection the reply shows the player's own secret lines (their wagon,
or the wagon being inspected) and private image above their next choices; the thread only ever sees
the public events (an Offer revealed, a wagon placed next to an Offer, a bid accepted or declined).
Negotiation is ordinary chat in the game's thread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.acting import (
    act_and_answer,
    choose_listed,
    context_table,
    create_lobby,
    game_autocomplete,
    game_in_context,
    listed_choices,
    seat_in_context,
    show_private,
)
from cogs.parsing import number
from lang import tr
from rules.core.errors import MalformedAction
from rules.dreadful_circus import actions as dc
from rules.dreadful_circus.content import COIN_TYPES, CONTRACT_TYPES, load_content
from rules.dreadful_circus.game import DreadfulCircus
from rules.dreadful_circus.names import coin_names, contract_names, name_of
from rules.dreadful_circus.text import own_lines
from table.model import Table

Choice = app_commands.Choice
KIND = "dreadful_circus"
MESSAGE_LIMIT = 2000

# The lobby's options come from the game's own declaration, so the command and the rules never disagree.
OPTIONS = {spec.key: spec for spec in DreadfulCircus.option_specs}


def _word(text: str) -> str:
    """A typed name made comparable with an action's field ("Gold coin" → "gold")."""
    return text.strip().lower().replace("'", "").replace(" coin", "").replace(" contract", "")


def item_action(text: str, coin: type[Any], contract: type[Any]) -> Any:
    """A coin or Contract action from an autocomplete value ("coin:gold", "contract:paris") or a
    typed name ("Gold", "paris"); anything else is refused with a sentence."""
    kind, _, name = text.partition(":")
    if not name:
        name = _word(kind)
        # A name typed in the reader's language ("Kupfer", "Prag") means the same coin or Contract.
        typed = {_word(shown): key for key, shown in (coin_names() | contract_names()).items()}
        name = typed.get(name, name)
        kind = "coin" if name in COIN_TYPES else "contract" if name in CONTRACT_TYPES else ""
    if kind == "coin" and name:
        return coin(_word(name))
    if kind == "contract" and name:
        return contract(_word(name))
    raise MalformedAction(tr("Name a coin (Copper, Silver, Gold) or a Contract (Paris, Berlin, Vegas, Prague, "
                             "London), or pick one from the list."))


def card_id(text: str, table: Table, seat: int, kinds: Sequence[str]) -> str:
    """A card id from an autocomplete value or a typed card name ("frosty cones"): the first of the
    seat's legal actions of these kinds whose card has that name. An unknown text is passed on, so the
    rules say why it is refused."""
    wanted = text.strip()
    assert table.state is not None
    cards = load_content().cards
    candidates = [action.card for action in table.game.legal_actions(table.state, seat) if action.kind in kinds]
    if wanted in candidates:
        return wanted
    lowered = wanted.lower()
    return next((card for card in candidates
                 if lowered in (cards[card].name.lower(), name_of(cards[card].name).lower())), wanted)


def seat_number(text: str) -> int:
    """A seat from an autocomplete value ("2"); anything else is refused with a sentence."""
    seat = number(text, digits=2)
    if seat is None:
        raise MalformedAction(tr("Pick one of the offered wagons from the list."))
    return seat


def owner_and_card(text: str) -> tuple[int, str]:
    """``"<owner>:<card>"`` from a target autocomplete value."""
    owner, _, card = text.partition(":")
    seat = number(owner, digits=2)
    if seat is None or not card:
        raise MalformedAction(tr("Pick one of the offered cards from the list."))
    return seat, card


def secret_lines(table: Table, seat: int) -> list[str]:
    """The seat's own private lines as "My hand" shows them ("Your wagon ...", "Your look into ...",
    "Your screen ..."), without the hand itself: the cards are in the image, and a decision's reply
    stays short."""
    assert table.state is not None
    return own_lines(table.game.view(table.state, seat))


class DreadfulCircusCog(commands.Cog, name="Dreadful Circus"):
    dreadful = app_commands.Group(name="dreadful", description="Play Dreadful Circus", guild_only=True)
    bid = app_commands.Group(name="bid", description="Fill your wagon and place it next to an Offer",
                             parent=dreadful)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ----- helpers ------------------------------------------------------------------------------------
    async def _act(self, interaction: discord.Interaction, game: int | None,
                   build: Callable[[Table, int], Any], *, show_secret: bool = False, image: bool = False) -> None:
        """Apply the action ``build`` names. With ``show_secret`` the private reply starts with the
        player's own secret lines (their wagon, the wagon they inspect, their screen), and with
        ``image`` their private image too."""
        table = await game_in_context(interaction, game, KIND)
        await act_and_answer(interaction, table.id, None, build, secret=secret_lines if show_secret else None,
                             image=image)

    async def _legal(self, interaction: discord.Interaction) -> tuple[Table, int, list[Any]] | None:
        """The asker's table, seat and legal actions, for autocomplete (None when there are none)."""
        found = await seat_in_context(interaction, KIND)
        if found is None:
            return None
        table, seat = found
        return table, seat, table.game.legal_actions(table.state, seat)

    async def _choices(self, interaction: discord.Interaction, current: str, kinds: Sequence[str],
                       value: Callable[[Any], str]) -> list[Choice[str]]:
        """Autocomplete entries: this user's legal actions of the given kinds, labelled as the game says."""
        found = await self._legal(interaction)
        if found is None:
            return []
        table, seat, legal = found
        choices: list[Choice[str]] = []
        for action in legal:
            if action.kind in kinds:
                label = table.game.describe_action(table.state, seat, action)
                if current.lower() in label.lower():
                    choices.append(Choice(name=label[:100], value=value(action)))
        return choices[:25]

    # ----- creating ------------------------------------------------------------------------------------
    @dreadful.command(name="new", description="Open a Dreadful Circus lobby in this channel (4–8 players)")
    @app_commands.describe(draft=OPTIONS["draft"].description[:100])
    async def new(self, interaction: discord.Interaction, draft: bool = bool(OPTIONS["draft"].default)) -> None:
        await create_lobby(interaction, KIND, {"draft": draft})

    # ----- set-up, offers and the end ------------------------------------------------------------------
    @dreadful.command(name="draft", description="Draft variant: keep one card of the cards passed to you")
    @app_commands.describe(card="The card to keep", game="The game number (defaults to this thread's game)")
    async def draft(self, interaction: discord.Interaction, card: str, game: int | None = None) -> None:
        await self._act(interaction, game,
                        lambda table, seat: dc.DraftPick(card_id(card, table, seat, ("draft_pick",))))

    @draft.autocomplete("card")
    async def _draft_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("draft_pick",), lambda a: a.card)

    @dreadful.command(name="attraction", description="Place an Attraction from your hand into your Tableau")
    @app_commands.describe(card="The Attraction (at the end of the game you may place none)", game="The game number")
    async def attraction(self, interaction: discord.Interaction, card: str, game: int | None = None) -> None:
        def build(table: Table, seat: int) -> Any:
            if card.strip().lower() == "none":
                return dc.PlaceNothing()
            return dc.PlaceAttraction(card_id(card, table, seat, ("place_attraction",)))

        await self._act(interaction, game, build)

    @attraction.autocomplete("card")
    async def _attraction_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("place_attraction", "place_nothing"),
                                   lambda a: getattr(a, "card", "none"))

    @dreadful.command(name="offer", description="As a Seller, choose the card you offer (revealed with the others)")
    @app_commands.describe(card="The card from your hand", game="The game number")
    async def offer(self, interaction: discord.Interaction, card: str, game: int | None = None) -> None:
        await self._act(interaction, game,
                        lambda table, seat: dc.MakeOffer(card_id(card, table, seat, ("make_offer",))),
                        show_secret=True, image=True)

    @offer.autocomplete("card")
    async def _offer_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("make_offer",), lambda a: a.card)

    # ----- bidding ---------------------------------------------------------------------------------------
    @bid.command(name="add", description="Put a coin or a Contract from behind your screen into your wagon")
    @app_commands.describe(item="A coin or Contract you have", game="The game number")
    async def bid_add(self, interaction: discord.Interaction, item: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: item_action(item, dc.AddCoin, dc.AddContract),
                        show_secret=True)

    @bid_add.autocomplete("item")
    async def _add_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("add_coin", "add_contract"), _item_value)

    @bid.command(name="remove", description="Take a coin or a Contract back out of your wagon")
    @app_commands.describe(item="A coin or Contract in your wagon", game="The game number")
    async def bid_remove(self, interaction: discord.Interaction, item: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: item_action(item, dc.TakeCoin, dc.TakeContract),
                        show_secret=True)

    @bid_remove.autocomplete("item")
    async def _remove_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("take_coin", "take_contract"), _item_value)

    @bid.command(name="place", description="Cover your wagon and place it next to an Offer: your bid is final")
    @app_commands.describe(offer="Which Offer (left out: the only one you may bid on)", game="The game number")
    async def bid_place(self, interaction: discord.Interaction, offer: str | None = None,
                        game: int | None = None) -> None:
        def build(table: Table, seat: int) -> Any:
            if offer is not None:
                return dc.PlaceWagon(seat_number(offer))
            assert table.state is not None
            places = [a for a in table.game.legal_actions(table.state, seat) if isinstance(a, dc.PlaceWagon)]
            if len(places) != 1:
                raise MalformedAction(tr("Say which Offer your wagon goes to (the offer option).")
                                      if places else tr("Your wagon cannot be placed right now: put at least one "
                                                        "coin or Contract in it first."))
            return places[0]

        await self._act(interaction, game, build, show_secret=True, image=True)

    @bid_place.autocomplete("offer")
    async def _bid_offer_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("place_wagon",), lambda a: str(a.offer))

    # ----- selling ---------------------------------------------------------------------------------------
    @dreadful.command(name="inspect", description="As the Seller, look into one wagon next to your Offer")
    @app_commands.describe(wagon="Whose wagon", game="The game number")
    async def inspect(self, interaction: discord.Interaction, wagon: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: dc.Inspect(seat_number(wagon)), show_secret=True,
                        image=True)

    @inspect.autocomplete("wagon")
    async def _inspect_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("inspect",), lambda a: str(a.owner))

    @dreadful.command(name="accept", description="Accept the bid in the wagon you are inspecting")
    @app_commands.describe(game="The game number")
    async def accept(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: dc.Accept(), show_secret=True)

    @dreadful.command(name="decline", description="Decline the bid in the wagon you are inspecting")
    @app_commands.describe(game="The game number")
    async def decline(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: dc.Decline(), show_secret=True)

    # ----- card effects ------------------------------------------------------------------------------------
    @dreadful.command(name="load", description="Load the Wagon with a coin or Contract for the player resolving a card")
    @app_commands.describe(item="A coin or Contract you have", game="The game number")
    async def load(self, interaction: discord.Interaction, item: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: item_action(item, dc.LoadCoin, dc.LoadContract),
                        show_secret=True)

    @load.autocomplete("item")
    async def _load_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("load_coin", "load_contract"), _item_value)

    @dreadful.command(name="take", description="Take the contents of one Loaded Wagon")
    @app_commands.describe(wagon="Whose wagon", game="The game number")
    async def take(self, interaction: discord.Interaction, wagon: str, game: int | None = None) -> None:
        await self._act(interaction, game, lambda table, seat: dc.TakeLoaded(seat_number(wagon)), show_secret=True)

    @take.autocomplete("wagon")
    async def _take_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("take_loaded",), lambda a: str(a.owner))

    @dreadful.command(name="play", description="Play a card from your hand (a card effect lets you)")
    @app_commands.describe(card="The card", game="The game number")
    async def play(self, interaction: discord.Interaction, card: str, game: int | None = None) -> None:
        await self._act(interaction, game,
                        lambda table, seat: dc.PlayCard(card_id(card, table, seat, ("play_card",))))

    @play.autocomplete("card")
    async def _play_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("play_card",), lambda a: a.card)

    @dreadful.command(name="target", description="Choose the Attraction a card discards, takes or copies")
    @app_commands.describe(card="An Attraction in a Tableau", game="The game number")
    async def target(self, interaction: discord.Interaction, card: str, game: int | None = None) -> None:
        verb, _, rest = card.partition(":")
        builders: dict[str, type[Any]] = {"discard": dc.DiscardAttraction, "take": dc.TakeAttraction,
                                          "copy": dc.CopyCard}

        def build(table: Table, seat: int) -> Any:
            if verb not in builders:
                raise MalformedAction(tr("Pick one of the offered cards from the list."))
            owner, card_id = owner_and_card(rest)
            return builders[verb](owner, card_id)

        await self._act(interaction, game, build)

    @target.autocomplete("card")
    async def _target_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        verbs = {"discard_attraction": "discard", "take_attraction": "take", "copy_card": "copy"}
        return await self._choices(interaction, current, tuple(verbs),
                                   lambda a: f"{verbs[a.kind]}:{a.owner}:{a.card}")

    @dreadful.command(name="return", description="Return a Contract to the bag (or stop returning)")
    @app_commands.describe(contract="A Contract you have, or stop", game="The game number")
    async def return_(self, interaction: discord.Interaction, contract: str, game: int | None = None) -> None:
        chosen = _word(contract)
        await self._act(interaction, game, lambda table, seat: dc.StopReturning() if chosen == "stop"
                        else dc.ReturnContract(chosen), show_secret=True)

    @return_.autocomplete("contract")
    async def _return_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._choices(interaction, current, ("return_contract", "stop_returning"),
                                   lambda a: getattr(a, "contract", "stop"))

    # ----- anything ------------------------------------------------------------------------------------
    @dreadful.command(name="choose", description="Make any decision the game is asking you for")
    @app_commands.describe(option="One of your choices right now", game="The game number")
    async def choose(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        await choose_listed(interaction, option, game, "dreadful_circus")

    @choose.autocomplete("option")
    async def _any_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await listed_choices(interaction, current, "dreadful_circus")

    @dreadful.command(name="screen", description="See what is behind your screen and in your wagon (only you)")
    @app_commands.describe(game="The game number")
    async def screen(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await show_private(interaction, await context_table(interaction, game))

    @draft.autocomplete("game")
    @attraction.autocomplete("game")
    @offer.autocomplete("game")
    @bid_add.autocomplete("game")
    @bid_remove.autocomplete("game")
    @bid_place.autocomplete("game")
    @inspect.autocomplete("game")
    @accept.autocomplete("game")
    @decline.autocomplete("game")
    @load.autocomplete("game")
    @take.autocomplete("game")
    @play.autocomplete("game")
    @target.autocomplete("game")
    @return_.autocomplete("game")
    @choose.autocomplete("game")
    @screen.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await game_autocomplete(interaction, current)


def _item_value(action: Any) -> str:
    coin = getattr(action, "coin", None)
    return f"coin:{coin}" if coin is not None else f"contract:{action.contract}"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DreadfulCircusCog(bot))
