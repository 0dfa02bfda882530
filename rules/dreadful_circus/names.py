"""Every Dreadful Circus content name a player reads, in the current language.

The rules keep content as identifiers and English data (``data/*.json``); words are chosen when they are
shown. The catalogue's extractor finds only literal messages, so each name and card text is listed here once
inside its ``trc`` call; ``tests/rules/dreadful_circus/test_dreadful_circus_languages.py`` checks that every
name in the data has its entry.
"""

from __future__ import annotations

from lang import trc
from rules.dreadful_circus.content import card, load_content

CARD = "dreadful circus card"
CARD_TEXT = "dreadful circus card text"
CONTRACT = "dreadful circus contract"
COIN = "dreadful circus coin"
COLOUR = "dreadful circus colour"
CARD_TYPE = "dreadful circus card type"


def card_names() -> dict[str, str]:
    """Every card's name (English → current language)."""
    return {
        "Poppin' Cobs": trc("dreadful circus card", "Poppin' Cobs"),
        "Sweet Clouds": trc("dreadful circus card", "Sweet Clouds"),
        "Frosty Cones": trc("dreadful circus card", "Frosty Cones"),
        "Caramel Apples": trc("dreadful circus card", "Caramel Apples"),
        "Paris Cabaret": trc("dreadful circus card", "Paris Cabaret"),
        "Berlin Varieté": trc("dreadful circus card", "Berlin Varieté"),
        "Vegas Showroom": trc("dreadful circus card", "Vegas Showroom"),
        "Prague Puppet Theatre": trc("dreadful circus card", "Prague Puppet Theatre"),
        "London Music Hall": trc("dreadful circus card", "London Music Hall"),
        "Paris Grand Tour": trc("dreadful circus card", "Paris Grand Tour"),
        "Berlin Winter Garden": trc("dreadful circus card", "Berlin Winter Garden"),
        "Vegas Residency": trc("dreadful circus card", "Vegas Residency"),
        "Prague Golden Lane": trc("dreadful circus card", "Prague Golden Lane"),
        "London Hippodrome": trc("dreadful circus card", "London Hippodrome"),
        "Themis' Scale": trc("dreadful circus card", "Themis' Scale"),
        "Looped Wagons": trc("dreadful circus card", "Looped Wagons"),
        "Rainbow Bridge": trc("dreadful circus card", "Rainbow Bridge"),
        "Distorted Mirrors": trc("dreadful circus card", "Distorted Mirrors"),
        "Twisted Corridors": trc("dreadful circus card", "Twisted Corridors"),
        "Crystal Balls": trc("dreadful circus card", "Crystal Balls"),
        "Flaming Arrow": trc("dreadful circus card", "Flaming Arrow"),
        "Golden Calliope": trc("dreadful circus card", "Golden Calliope"),
        "Ticket Booth": trc("dreadful circus card", "Ticket Booth"),
        "Silver Swing": trc("dreadful circus card", "Silver Swing"),
        "Copper Kettle": trc("dreadful circus card", "Copper Kettle"),
        "Freak Show": trc("dreadful circus card", "Freak Show"),
        "Bearded Lady": trc("dreadful circus card", "Bearded Lady"),
        "Strongman's Tent": trc("dreadful circus card", "Strongman's Tent"),
        "Hall of Oddities": trc("dreadful circus card", "Hall of Oddities"),
        "Grand Menagerie": trc("dreadful circus card", "Grand Menagerie"),
        "Haunted House": trc("dreadful circus card", "Haunted House"),
        "Lion's Den": trc("dreadful circus card", "Lion's Den"),
        "Shooting Gallery": trc("dreadful circus card", "Shooting Gallery"),
        "Big Top": trc("dreadful circus card", "Big Top"),
        "Acrobats' Trapeze": trc("dreadful circus card", "Acrobats' Trapeze"),
        "Elastic Marcella": trc("dreadful circus card", "Elastic Marcella"),
        "Human Cannonball": trc("dreadful circus card", "Human Cannonball"),
        "Juggling Twins": trc("dreadful circus card", "Juggling Twins"),
        "Tightrope Walker": trc("dreadful circus card", "Tightrope Walker"),
        "Trained Seals": trc("dreadful circus card", "Trained Seals"),
        "Fortune Teller": trc("dreadful circus card", "Fortune Teller"),
        "Flea Circus": trc("dreadful circus card", "Flea Circus"),
        "Fire Breather": trc("dreadful circus card", "Fire Breather"),
        "Pickpocket Clowns": trc("dreadful circus card", "Pickpocket Clowns"),
        "Sword Swallower": trc("dreadful circus card", "Sword Swallower"),
        "Grand Parade": trc("dreadful circus card", "Grand Parade"),
        "Escape Artist": trc("dreadful circus card", "Escape Artist"),
        "Contortionist Duo": trc("dreadful circus card", "Contortionist Duo"),
        "Knife Thrower": trc("dreadful circus card", "Knife Thrower"),
        "Stilt Walkers": trc("dreadful circus card", "Stilt Walkers"),
        "Snake Charmer": trc("dreadful circus card", "Snake Charmer"),
        "Clown Car": trc("dreadful circus card", "Clown Car"),
        "Ringmaster's Speech": trc("dreadful circus card", "Ringmaster's Speech"),
        "Human Pyramid": trc("dreadful circus card", "Human Pyramid"),
        "Magic Lantern": trc("dreadful circus card", "Magic Lantern"),
    }


def card_texts() -> dict[str, str]:
    """Every card's effect text (English → current language)."""
    return {
        "Collection. At the end of the game, sets of up to 3 different Collection cards score 2, 5 or 9 Victory Points.":  # noqa: E501
            trc("dreadful circus card text", "Collection. At the end of the game, sets of up to 3 different Collection cards score 2, 5 or 9 Victory Points."),  # noqa: E501
        "Provides 1 Paris Contract for majorities and sets. 1 Victory Point.":
            trc("dreadful circus card text", "Provides 1 Paris Contract for majorities and sets. 1 Victory Point."),
        "Provides 1 Berlin Contract for majorities and sets. 1 Victory Point.":
            trc("dreadful circus card text", "Provides 1 Berlin Contract for majorities and sets. 1 Victory Point."),
        "Provides 1 Vegas Contract for majorities and sets. 1 Victory Point.":
            trc("dreadful circus card text", "Provides 1 Vegas Contract for majorities and sets. 1 Victory Point."),
        "Provides 1 Prague Contract for majorities and sets. 1 Victory Point.":
            trc("dreadful circus card text", "Provides 1 Prague Contract for majorities and sets. 1 Victory Point."),
        "Provides 1 London Contract for majorities and sets. 1 Victory Point.":
            trc("dreadful circus card text", "Provides 1 London Contract for majorities and sets. 1 Victory Point."),
        "Provides 2 Paris Contracts for majorities and sets.":
            trc("dreadful circus card text", "Provides 2 Paris Contracts for majorities and sets."),
        "Provides 2 Berlin Contracts for majorities and sets.":
            trc("dreadful circus card text", "Provides 2 Berlin Contracts for majorities and sets."),
        "Provides 2 Vegas Contracts for majorities and sets.":
            trc("dreadful circus card text", "Provides 2 Vegas Contracts for majorities and sets."),
        "Provides 2 Prague Contracts for majorities and sets.":
            trc("dreadful circus card text", "Provides 2 Prague Contracts for majorities and sets."),
        "Provides 2 London Contracts for majorities and sets.":
            trc("dreadful circus card text", "Provides 2 London Contracts for majorities and sets."),
        "2 Victory Points. Wins ties: the first tie-breaker.":
            trc("dreadful circus card text", "2 Victory Points. Wins ties: the first tie-breaker."),
        "Each set of 5 different Contracts scores 3 Victory Points on top of the 8 for a set of 4 (11 in all).":
            trc("dreadful circus card text", "Each set of 5 different Contracts scores 3 Victory Points on top of the 8 for a set of 4 (11 in all)."),  # noqa: E501
        "When you count sets of different Contracts, this card is 1 Contract of the type that suits you best (not for majorities).":  # noqa: E501
            trc("dreadful circus card text", "When you count sets of different Contracts, this card is 1 Contract of the type that suits you best (not for majorities)."),  # noqa: E501
        "At the end of the game, copy the effect of another Attraction in your Tableau (not Crystal Balls, Twisted Corridors or Distorted Mirrors).":  # noqa: E501
            trc("dreadful circus card text", "At the end of the game, copy the effect of another Attraction in your Tableau (not Crystal Balls, Twisted Corridors or Distorted Mirrors)."),  # noqa: E501
        "At the end of the game, copy the effect of an Attraction in another player's Tableau (not Crystal Balls, Twisted Corridors or Distorted Mirrors).":  # noqa: E501
            trc("dreadful circus card text", "At the end of the game, copy the effect of an Attraction in another player's Tableau (not Crystal Balls, Twisted Corridors or Distorted Mirrors)."),  # noqa: E501
        "At the end of the game, before scoring, discard 1 Attraction from another player's Tableau.":
            trc("dreadful circus card text", "At the end of the game, before scoring, discard 1 Attraction from another player's Tableau."),  # noqa: E501
        "3 Victory Points for each set of 1 Copper, 1 Silver and 1 Gold you hold (the coins also score as usual).":
            trc("dreadful circus card text", "3 Victory Points for each set of 1 Copper, 1 Silver and 1 Gold you hold (the coins also score as usual)."),  # noqa: E501
        "1 Victory Point for each Gold you hold at the end of the game.":
            trc("dreadful circus card text", "1 Victory Point for each Gold you hold at the end of the game."),
        "Whenever you accept a bid as a Seller, take 1 Copper from the supply.":
            trc("dreadful circus card text", "Whenever you accept a bid as a Seller, take 1 Copper from the supply."),
        "1 Victory Point for each Silver you hold at the end of the game.":
            trc("dreadful circus card text", "1 Victory Point for each Silver you hold at the end of the game."),
        "1 Victory Point for each Copper you hold at the end of the game.":
            trc("dreadful circus card text", "1 Victory Point for each Copper you hold at the end of the game."),
        "3 Victory Points.":
            trc("dreadful circus card text", "3 Victory Points."),
        "2 Victory Points.":
            trc("dreadful circus card text", "2 Victory Points."),
        "1 Victory Point for each Contract type you have at least 1 of.":
            trc("dreadful circus card text", "1 Victory Point for each Contract type you have at least 1 of."),
        "1 Victory Point for each other player with fewer cards in their Tableau than you.":
            trc("dreadful circus card text", "1 Victory Point for each other player with fewer cards in their Tableau than you."),  # noqa: E501
        "4 Victory Points.":
            trc("dreadful circus card text", "4 Victory Points."),
        "2 Victory Points for each Contract type in which you have the most (ties included).":
            trc("dreadful circus card text", "2 Victory Points for each Contract type in which you have the most (ties included)."),  # noqa: E501
        "5 Victory Points.":
            trc("dreadful circus card text", "5 Victory Points."),
        "Every other player Loads the Wagon with 1 Contract. Take the Contract from one Wagon of your choice; the others go back.":  # noqa: E501
            trc("dreadful circus card text", "Every other player Loads the Wagon with 1 Contract. Take the Contract from one Wagon of your choice; the others go back."),  # noqa: E501
        "Take 1 Gold from the supply.":
            trc("dreadful circus card text", "Take 1 Gold from the supply."),
        "Take 2 Silver from the supply.":
            trc("dreadful circus card text", "Take 2 Silver from the supply."),
        "Take 3 Copper from the supply.":
            trc("dreadful circus card text", "Take 3 Copper from the supply."),
        "Take 1 Copper and 1 Silver from the supply.":
            trc("dreadful circus card text", "Take 1 Copper and 1 Silver from the supply."),
        "Draw 2 Contracts from the bag.":
            trc("dreadful circus card text", "Draw 2 Contracts from the bag."),
        "Draw 1 Contract from the bag.":
            trc("dreadful circus card text", "Draw 1 Contract from the bag."),
        "Discard 1 Attraction from another player's Tableau.":
            trc("dreadful circus card text", "Discard 1 Attraction from another player's Tableau."),
        "Every other player who has a Coin Loads the Wagon with 1 Coin of their choice. Keep them all.":
            trc("dreadful circus card text", "Every other player who has a Coin Loads the Wagon with 1 Coin of their choice. Keep them all."),  # noqa: E501
        "Move 1 Collection card from another player's Tableau into yours.":
            trc("dreadful circus card text", "Move 1 Collection card from another player's Tableau into yours."),
        "If you have more than 3 cards in your hand, play 1 of them.":
            trc("dreadful circus card text", "If you have more than 3 cards in your hand, play 1 of them."),
        "Return up to 2 Contracts to the bag, then draw as many.":
            trc("dreadful circus card text", "Return up to 2 Contracts to the bag, then draw as many."),
        "Every other player Loads the Wagon with 1 Coin. Take the Coin from one Wagon of your choice; the others go back.":  # noqa: E501
            trc("dreadful circus card text", "Every other player Loads the Wagon with 1 Coin. Take the Coin from one Wagon of your choice; the others go back."),  # noqa: E501
    }


def contract_names() -> dict[str, str]:
    """Contract types by id, in the current language."""
    return {"paris": trc("dreadful circus contract", "Paris"), "berlin": trc("dreadful circus contract", "Berlin"),
            "vegas": trc("dreadful circus contract", "Vegas"), "prague": trc("dreadful circus contract", "Prague"),
            "london": trc("dreadful circus contract", "London")}


def coin_names() -> dict[str, str]:
    """Coins by id, in the current language."""
    return {"copper": trc("dreadful circus coin", "Copper"), "silver": trc("dreadful circus coin", "Silver"),
            "gold": trc("dreadful circus coin", "Gold")}


def coin_words() -> dict[str, str]:
    """Coins by id as a sentence names them in lower case ("3 copper, 2 silver"), in the current language."""
    return {"copper": trc("dreadful circus coin", "copper"), "silver": trc("dreadful circus coin", "silver"),
            "gold": trc("dreadful circus coin", "gold")}


def colour_names() -> dict[str, str]:
    """Card colours by id, in the current language (the text board's lower-case words)."""
    return {"orange": trc("dreadful circus colour", "orange"), "red": trc("dreadful circus colour", "red"),
            "yellow": trc("dreadful circus colour", "yellow"), "blue": trc("dreadful circus colour", "blue"),
            "grey": trc("dreadful circus colour", "grey"), "purple": trc("dreadful circus colour", "purple"),
            "green": trc("dreadful circus colour", "green"), "teal": trc("dreadful circus colour", "teal"),
            "pink": trc("dreadful circus colour", "pink")}


def type_names() -> dict[str, str]:
    """Card types by id, in the current language (the text board's lower-case words)."""
    return {"attraction": trc("dreadful circus card type", "attraction"),
            "performance": trc("dreadful circus card type", "performance")}


def name_of(english: str) -> str:
    """A card's name (as the data and views carry it, in English) in the current language."""
    return trc(CARD, english)


def text_of(english: str) -> str:
    """A card's effect text in the current language."""
    return trc(CARD_TEXT, english)


def card_name(card_id: str) -> str:
    return trc(CARD, card(card_id).name)


def contract_name(kind: str) -> str:
    return trc(CONTRACT, load_content().contract_names[kind])


def coin_name(coin: str) -> str:
    """"Copper", "Silver", "Gold" in the current language (unknown ids capitalised, as before)."""
    return trc(COIN, coin.capitalize())


def colour_name(colour: str) -> str:
    return trc(COLOUR, colour)


def type_name(kind: str) -> str:
    return trc(CARD_TYPE, kind)
