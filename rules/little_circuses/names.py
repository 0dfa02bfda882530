"""Every name of Little Circuses content as players read it. The data (``data/*.json``) keeps English names
as identifiers; a name is translated only when it is shown, through the functions here. ``listed`` names each one
inside a ``trc`` call so the catalogue extractor sees every name (a test checks that every name in the data is
listed here). The contexts of words other games use too (icons, colours) name the game, so that each game's
words keep their own translations."""

from __future__ import annotations

from lang import trc


def tile_name(name: str) -> str:
    """An attraction (a tile or a printed attraction)."""
    return trc("tile", name)


def town_name(name: str) -> str:
    return trc("town", name)


def space_label(label: str) -> str:
    """A space of the Master of Ceremonies board (its label)."""
    return trc("space", label)


def card_name(name: str) -> str:
    """A Special Attraction card's name (either side)."""
    return trc("special", name)


def icon_name(icon: str) -> str:
    """An icon (or a card effect) by its identifier: "tent", "gift_money"."""
    return trc("lc icon", icon)


def colour_name(colour: str) -> str:
    return trc("lc colour", colour)


def listed() -> dict[str, tuple[str, ...]]:
    """Every content name by context, in the language spoken (English: the data's own names)."""
    return {
        "tile": (
            trc("tile", "Little Pony Ring"), trc("tile", "Midnight Elephant Walk"),
            trc("tile", "Grand Monkey Swing"), trc("tile", "Painted Seal Pool"), trc("tile", "Little Seal Pool"),
            trc("tile", "Grand Pony Ring"), trc("tile", "Royal Elephant Walk"), trc("tile", "Grand Bear Waltz"),
            trc("tile", "Little Bear Waltz"), trc("tile", "Grand Seal Pool"), trc("tile", "Painted Bear Waltz"),
            trc("tile", "Royal Pony Ring"), trc("tile", "Little Lion Den"), trc("tile", "Painted Pony Ring"),
            trc("tile", "Painted Monkey Swing"), trc("tile", "Midnight Pony Ring"),
            trc("tile", "Little Monkey Swing"), trc("tile", "Midnight Seal Pool"),
            trc("tile", "Midnight Monkey Swing"), trc("tile", "Royal Lion Den"), trc("tile", "Midnight Bear Waltz"),
            trc("tile", "Painted Lion Den"), trc("tile", "Grand Elephant Walk"), trc("tile", "Little Elephant Walk"),
            trc("tile", "Grand Lion Den"), trc("tile", "Painted Elephant Walk"), trc("tile", "Royal Seal Pool"),
            trc("tile", "Royal Bear Waltz"), trc("tile", "Royal Monkey Swing"), trc("tile", "Midnight Lion Den"),
            trc("tile", "Painted Popcorn Cart"), trc("tile", "Painted Lemonade Stall"),
            trc("tile", "Midnight Peanut Stand"), trc("tile", "Little Popcorn Cart"),
            trc("tile", "Royal Lemonade Stall"), trc("tile", "Painted Pretzel Wagon"),
            trc("tile", "Royal Pretzel Wagon"), trc("tile", "Grand Popcorn Cart"),
            trc("tile", "Grand Lemonade Stall"), trc("tile", "Midnight Toffee Tent"),
            trc("tile", "Royal Candy Apples"), trc("tile", "Midnight Popcorn Cart"),
            trc("tile", "Midnight Candy Apples"), trc("tile", "Painted Peanut Stand"),
            trc("tile", "Grand Candy Apples"), trc("tile", "Royal Toffee Tent"),
            trc("tile", "Midnight Lemonade Stall"), trc("tile", "Grand Toffee Tent"),
            trc("tile", "Midnight Pretzel Wagon"), trc("tile", "Little Peanut Stand"),
            trc("tile", "Little Pretzel Wagon"), trc("tile", "Royal Popcorn Cart"),
            trc("tile", "Grand Pretzel Wagon"), trc("tile", "Royal Peanut Stand"),
            trc("tile", "Painted Toffee Tent"), trc("tile", "Painted Candy Apples"),
            trc("tile", "Grand Peanut Stand"), trc("tile", "Little Candy Apples"), trc("tile", "Little Toffee Tent"),
            trc("tile", "Little Lemonade Stall"), trc("tile", "Midnight Flying Trapeze"),
            trc("tile", "Midnight Human Cannon"), trc("tile", "Little Knife Wheel"),
            trc("tile", "Painted Wall of Death"), trc("tile", "Painted Fire Hoop"), trc("tile", "Grand High Wire"),
            trc("tile", "Little Wall of Death"), trc("tile", "Little Human Cannon"),
            trc("tile", "Grand Knife Wheel"), trc("tile", "Painted High Wire"), trc("tile", "Painted Human Cannon"),
            trc("tile", "Grand Wall of Death"), trc("tile", "Little Fire Hoop"), trc("tile", "Midnight Fire Hoop"),
            trc("tile", "Little Flying Trapeze"), trc("tile", "Midnight Knife Wheel"),
            trc("tile", "Royal Knife Wheel"), trc("tile", "Royal High Wire"), trc("tile", "Grand Human Cannon"),
            trc("tile", "Royal Human Cannon"), trc("tile", "Midnight High Wire"),
            trc("tile", "Midnight Wall of Death"), trc("tile", "Royal Fire Hoop"),
            trc("tile", "Royal Wall of Death"), trc("tile", "Grand Flying Trapeze"), trc("tile", "Little High Wire"),
            trc("tile", "Painted Flying Trapeze"), trc("tile", "Painted Knife Wheel"),
            trc("tile", "Grand Fire Hoop"), trc("tile", "Royal Flying Trapeze"), trc("tile", "Grand Juggling Act"),
            trc("tile", "Little Unicycle Race"), trc("tile", "Midnight Clown Car"),
            trc("tile", "Midnight Juggling Act"), trc("tile", "Painted Pie Fight"),
            trc("tile", "Midnight Stilt Walkers"), trc("tile", "Grand Clown Car"),
            trc("tile", "Painted Unicycle Race"), trc("tile", "Little Clown Car"),
            trc("tile", "Painted Funny Mirrors"), trc("tile", "Royal Unicycle Race"), trc("tile", "Royal Clown Car"),
            trc("tile", "Royal Juggling Act"), trc("tile", "Midnight Pie Fight"),
            trc("tile", "Midnight Unicycle Race"), trc("tile", "Painted Juggling Act"),
            trc("tile", "Midnight Funny Mirrors"), trc("tile", "Painted Clown Car"),
            trc("tile", "Grand Unicycle Race"), trc("tile", "Royal Pie Fight"), trc("tile", "Little Pie Fight"),
            trc("tile", "Little Juggling Act"), trc("tile", "Grand Funny Mirrors"),
            trc("tile", "Grand Stilt Walkers"), trc("tile", "Little Stilt Walkers"), trc("tile", "Grand Pie Fight"),
            trc("tile", "Painted Stilt Walkers"), trc("tile", "Little Funny Mirrors"),
            trc("tile", "Royal Stilt Walkers"), trc("tile", "Royal Funny Mirrors"),
            trc("tile", "Painted Mind Reader"), trc("tile", "Little Vanishing Lady"),
            trc("tile", "Royal Mind Reader"), trc("tile", "Midnight Crystal Ball"),
            trc("tile", "Royal Vanishing Lady"), trc("tile", "Royal Magic Box"), trc("tile", "Grand Mind Reader"),
            trc("tile", "Royal Crystal Ball"), trc("tile", "Painted Magic Box"),
            trc("tile", "Midnight Fortune Teller"), trc("tile", "Grand Crystal Ball"),
            trc("tile", "Little Fortune Teller"), trc("tile", "Royal Fortune Teller"),
            trc("tile", "Midnight Vanishing Lady"), trc("tile", "Little Crystal Ball"),
            trc("tile", "Royal Sword Swallower"), trc("tile", "Painted Vanishing Lady"),
            trc("tile", "Grand Vanishing Lady"), trc("tile", "Midnight Sword Swallower"),
            trc("tile", "Painted Sword Swallower Stage"), trc("tile", "Little Magic Box"),
            trc("tile", "Grand Fortune Teller"), trc("tile", "Painted Crystal Ball"),
            trc("tile", "Little Mind Reader"), trc("tile", "Midnight Mind Reader"),
            trc("tile", "Grand Sword Swallower"), trc("tile", "Painted Sword Swallower"),
            trc("tile", "Painted Fortune Teller"), trc("tile", "Midnight Magic Box"), trc("tile", "Grand Magic Box"),
            trc("tile", "Cotton Candy Vendor"), trc("tile", "Ticket Booth"), trc("tile", "Photo Stand"),
            trc("tile", "Clown Alley"),
        ),
        "town": (
            trc("town", "Starterton"), trc("town", "Smallburg"), trc("town", "Middleton"), trc("town", "Bigtown"),
            trc("town", "Endsville"),
        ),
        "space": (
            trc("space", "Welcome to Starterton"), trc("space", "Full Day"), trc("space", "Midday"),
            trc("space", "Special Attractions"), trc("space", "Smallburg"), trc("space", "Arrival of New Acts"),
            trc("space", "Middleton"), trc("space", "Bigtown"), trc("space", "Endsville"),
            trc("space", "Grand Finale"),
        ),
        "special": (
            trc("special", "The Tiny Tumblers"), trc("special", "Pickpocket Pete"), trc("special", "The Strongman"),
            trc("special", "The Heckler"), trc("special", "The Juggling Twins"), trc("special", "The Pied Piper"),
            trc("special", "The Fire Eater"), trc("special", "The Barker"), trc("special", "The Lion Tamer"),
            trc("special", "The Headliner"), trc("special", "Madame Adam"), trc("special", "Handy Mandy"),
            trc("special", "The Grand Parade"), trc("special", "The Ringleader"),
        ),
        "lc icon": (
            trc("lc icon", "tent"), trc("lc icon", "elephant"), trc("lc icon", "clown"), trc("lc icon", "coin"),
            trc("lc icon", "admit"), trc("lc icon", "bills"), trc("lc icon", "star"), trc("lc icon", "showcase"),
            trc("lc icon", "rob"), trc("lc icon", "snub"), trc("lc icon", "lure"), trc("lc icon", "poach"),
            trc("lc icon", "gift_money"), trc("lc icon", "gift_fame"),
        ),
        "lc colour": (
            trc("lc colour", "green"), trc("lc colour", "yellow"), trc("lc colour", "red"), trc("lc colour", "blue"),
            trc("lc colour", "purple"),
        ),
    }
