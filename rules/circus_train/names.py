"""Circus Train's content in the reader's language: every name the game shows (cities, talent, Special
Characters, Event cards, Action cards, months, seasons), written out here inside ``trc`` calls so that the
catalogue's extractor finds each one.

The data files (rules/circus_train/data/) keep the English names: they are the identifiers' labels and the
catalogue's source text, so a name is translated where it is shown, ``trc("city", city.name)``. The test
tests/rules/circus_train/test_circus_train_languages.py checks that every name in the data is listed here.
"""

from __future__ import annotations

from lang import trc


def every_name() -> list[str]:
    """Every content name, in the language spoken now (for the catalogue and its tests)."""
    return [
        trc("city", "Winnipeg"),
        trc("city", "Duluth"),
        trc("city", "St. Paul"),
        trc("city", "Madison"),
        trc("city", "Milwaukee"),
        trc("city", "Chicago"),
        trc("city", "Des Moines"),
        trc("city", "Omaha"),
        trc("city", "Peoria"),
        trc("city", "St. Louis"),
        trc("city", "Indianapolis"),
        trc("city", "Louisville"),
        trc("city", "Detroit"),
        trc("city", "Cleveland"),
        trc("city", "Toronto"),
        trc("city", "Buffalo"),
        trc("city", "Rochester"),
        trc("city", "Montreal"),
        trc("city", "Albany"),
        trc("city", "Boston"),
        trc("city", "New Haven"),
        trc("city", "New York"),
        trc("city", "Philadelphia"),
        trc("city", "Pittsburgh"),
        trc("city", "Columbus"),
        trc("city", "Cincinnati"),
        trc("city", "Richmond"),
        trc("talent", "Acrobats"),
        trc("talent", "Human Cannonballs"),
        trc("talent", "Big Cats"),
        trc("talent", "Clowns"),
        trc("talent", "Freaks"),
        trc("talent", "Horses"),
        trc("talent", "Elephants"),
        trc("talent, one", "Acrobat"),
        trc("talent, one", "Human Cannonball"),
        trc("talent, one", "Big Cat"),
        trc("talent, one", "Clown"),
        trc("talent, one", "Freak"),
        trc("talent, one", "Horse"),
        trc("talent, one", "Elephant"),
        trc("talent, a", "an Acrobat"),
        trc("talent, a", "a Human Cannonball"),
        trc("talent, a", "a Big Cat"),
        trc("talent, a", "a Clown"),
        trc("talent, a", "a Freak"),
        trc("talent, a", "a Horse"),
        trc("talent, a", "an Elephant"),
        trc("talent, short", "Ac"),
        trc("talent, short", "HC"),
        trc("talent, short", "BC"),
        trc("talent, short", "Cl"),
        trc("talent, short", "FS"),
        trc("talent, short", "Ho"),
        trc("talent, short", "El"),
        trc("special character", "Brakeman Bill"),
        trc("special character", "Ringmaster Ronald"),
        trc("special character", "Smuggler Sam"),
        trc("special character", "Engineer Eddie"),
        trc("special character", "Big Bertha"),
        trc("special character", "Trainer Ted"),
        trc("event card", "Hay Shortage"),
        trc("event card", "Butchers' Strike"),
        trc("event card", "Bumper Harvest"),
        trc("event card", "Glowing Notices"),
        trc("event card", "Rival Recruiters"),
        trc("event card", "Lax Night Watch"),
        trc("event card", "Railway Detectives"),
        trc("event card", "Washed-Out Trestles"),
        trc("event card", "Express Clearance"),
        trc("event card", "Pachyderm Craze"),
        trc("event card", "Clown Alley Revival"),
        trc("event card", "Sideshow Sensation"),
        trc("event card", "Roaring Box Office"),
        trc("event card", "Tight Money"),
        trc("event card", "Scarlet Fever Quarantine"),
        trc("event card", "Ohio River Flood"),
        trc("event card", "Agency Clearance Sale"),
        trc("event card", "Agents' Commissions"),
        trc("event card", "Railroad Rebate"),
        trc("event card", "Revenue Agents"),
        trc("event card", "Newsreel Cameras"),
        trc("event card", "Menagerie Medal"),
        trc("event card", "Plucky Little Show"),
        trc("event card", "Hollywood Calls"),
        trc("event card", "Contract Disputes"),
        trc("event card", "Critics' Tally"),
        trc("action card", "Fast Transit"),
        trc("action card", "Rapid Transit"),
        trc("action card", "Overnight Transit"),
        trc("action card", "Basic Transit"),
        trc("action card", "Hold"),
        trc("action card", "Overnight Hire"),
        trc("action card", "Wages & Transit"),
        trc("action card", "Rest"),
        trc("action card, short", "Fast"),
        trc("action card, short", "Rapid"),
        trc("action card, short", "Overnight"),
        trc("action card, short", "Basic"),
        trc("action card, short", "Hold"),
        trc("action card, short", "Overnight Hire"),
        trc("action card, short", "Wages"),
        trc("action card, short", "Rest"),
        trc("month", "April"),
        trc("month", "May"),
        trc("month", "June"),
        trc("month", "July"),
        trc("month", "August"),
        trc("month", "September"),
        trc("month, short", "Apr"),
        trc("month, short", "May"),
        trc("month, short", "Jun"),
        trc("month, short", "Jul"),
        trc("month, short", "Aug"),
        trc("month, short", "Sep"),
        trc("season", "green"),
        trc("season", "yellow"),
        trc("season", "red"),
        trc("season, letter", "G"),
        trc("season, letter", "Y"),
        trc("season, letter", "R"),
        trc("season, months", "April/May"),
        trc("season, months", "June/July"),
        trc("season, months", "August/September"),
    ]


def every_event_text() -> list[str]:
    """Every Event card's text, in the language spoken now."""
    return [
        trc("event card text", "Dry weather has driven up the price of hay: Wages for every Horses and Elephants "
                               "counter cost $2 more until the next month's Event card replaces this one."),
        trc("event card text", "Meat for the menagerie is scarce: Wages for every Big Cats counter cost $3 more until"
                               " the next month's Event card replaces this one."),
        trc("event card text", "Feed is cheap and plentiful: Wages for every Horses, Big Cats and Elephants counter "
                               "cost $2 less (never below $0) until the next month's Event card replaces this one."),
        trc("event card text", "Good reviews make performers eager to sign: every Hire roll succeeds on one more die "
                               "face than usual (1-5 instead of 1-4 in the Basic Game) until the next month's Event "
                               "card replaces this one."),
        trc("event card text", "Agents from a big-top show are outbidding everyone: every Hire roll succeeds on one "
                               "fewer die face than usual (1-3 instead of 1-4 in the Basic Game) until the next "
                               "month's Event card replaces this one."),
        trc("event card text", "Tired watchmen doze in the rail yards: every roll to Steal Talent succeeds on one "
                               "more die face than usual until the next month's Event card replaces this one."),
        trc("event card text", "The railroads post detectives at every siding: every roll to Steal Talent succeeds on"
                               " one fewer die face than usual until the next month's Event card replaces this one."),
        trc("event card text", "Storms have damaged the lines. Until the next month's Event card replaces this one, "
                               "every Action card that moves up to a number of connections allows one fewer (never "
                               "fewer than 1); Basic Transit's single move is unchanged."),
        trc("event card text", "The railroads give circus specials right of way. Until the next month's Event card "
                               "replaces this one, every Action card that moves up to a number of connections allows "
                               "one more; Basic Transit's single move is unchanged."),
        trc("event card text", "Everyone wants to see an elephant: a performance by a circus with at least one "
                               "Elephants counter gets +8 to its Performance Rating until the next month's Event card"
                               " replaces this one."),
        trc("event card text", "Slapstick is the rage in the picture houses: a performance by a circus with at least "
                               "one Clowns counter gets +5 to its Performance Rating until the next month's Event "
                               "card replaces this one."),
        trc("event card text", "The papers are full of the sideshow's wonders: a performance by a circus with at "
                               "least one Freaks counter gets +5 to its Performance Rating until the next month's "
                               "Event card replaces this one."),
        trc("event card text", "Times are good and crowds spend freely: each performance earns $5 more until the next"
                               " month's Event card replaces this one."),
        trc("event card text", "Mill closures leave towns short of cash: each performance earns $5 less (never below "
                               "$0) until the next month's Event card replaces this one."),
        trc("event card text", "Health boards ban public gatherings: no one may Perform or Hire in Boston, New Haven "
                               "or Albany until the next month's Event card replaces this one; trains may still pass "
                               "through."),
        trc("event card text", "The river has burst its banks: no one may Perform or Hire in Pittsburgh, Cincinnati "
                               "or Louisville until the next month's Event card replaces this one; trains may still "
                               "pass through."),
        trc("event card text", "A booking agency sells off its contracts: buying a counter from the Talent Bank with "
                               "a Special Hire costs $5 less (never below $0) until the next month's Event card "
                               "replaces this one."),
        trc("event card text", "Booking agents raise their fees: buying a counter from the Talent Bank with a Special"
                               " Hire costs $5 more until the next month's Event card replaces this one."),
        trc("event card text", "The railroads refund part of the season's freight charges: every player immediately "
                               "gains $10."),
        trc("event card text", "Prohibition agents search every train for Canadian liquor: every player immediately "
                               "pays a $10 fine (never going below $0)."),
        trc("event card text", "A newsreel company films the best tumblers in the country: every player tied for the "
                               "most Acrobats counters (at least one) immediately gains $10."),
        trc("event card text", "A zoological society honours the finest cat act: if a single player has the most Big "
                               "Cats counters (at least one), that player immediately gains 3 VP; on a tie nobody "
                               "gains."),
        trc("event card text", "The papers cheer on the underdog: every player tied for the fewest VP immediately "
                               "gains 3 VP."),
        trc("event card text", "The picture studios want stunt men: every player tied for the most Human Cannonballs "
                               "counters (at least one) immediately returns one Human Cannonballs counter to the "
                               "Talent Bank."),
        trc("event card text", "The stars walk out over their contracts: every Special Character in a circus "
                               "immediately returns to the Special Character Bank. Without the Special Characters "
                               "optional rule this card has no effect."),
        trc("event card text", "The trade papers count up the season's shows: every player immediately gains 1 VP for"
                               " every 3 Performance Demand counters they hold (rounded down)."),
    ]


# ----- each kind of name, translated where it is shown ----------------------------------------------------
def city(name: str) -> str:
    """A city's name (the data's English name) as the reader's language writes it."""
    return trc("city", name)


def talent(name: str) -> str:
    """A talent type's name, as the data has it: plural ("Acrobats")."""
    return trc("talent", name)


def talent_one(name: str) -> str:
    """One counter of a talent type ("Acrobat"), from its singular English name."""
    return trc("talent, one", name)


def talent_a(phrase: str) -> str:
    """One counter of a talent type with its article ("an Acrobat"): in German the accusative, as every
    sentence that uses it takes, buys, hires, steals, loses or releases the counter ("einen Akrobaten")."""
    return trc("talent, a", phrase)


def talent_short(short: str) -> str:
    """A talent type's code on counters and chips ("Ac")."""
    return trc("talent, short", short)


def special(name: str) -> str:
    return trc("special character", name)


def card(name: str) -> str:
    """An Action card's name (``CARD_NAMES``' English)."""
    return trc("action card", name)


def card_short(name: str) -> str:
    return trc("action card, short", name)


def month(name: str) -> str:
    return trc("month", name)


def month_short(name: str) -> str:
    """A month's name as the calendar strip abbreviates it, from its English abbreviation ("Apr")."""
    return trc("month, short", name)


def season(name: str) -> str:
    """A season's colour: "green", "yellow" or "red"."""
    return trc("season", name)


def event_title(title: str) -> str:
    return trc("event card", title)


def event_text(text: str) -> str:
    return trc("event card text", text)
