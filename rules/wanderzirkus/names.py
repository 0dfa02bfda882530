"""Der Wanderzirkus' content names in the reader's language. The data keeps English names as identifiers
(``data/*.json``, views, logs); every name is translated where it is shown, through the functions here.

The catalogue's extractor only sees literal strings, so ``known_names`` lists every name inside a ``trc`` call
(``tests/rules/wanderzirkus/test_wanderzirkus_languages.py`` checks that it covers the data). The letters
of the card notation (``Juggling [B,P|B,R,Y$]``) stand for the acts' colours and are translated with the
act names: German writes the acts' initials (F Feuertanz, M Magie, C Clowns, A Akrobatik, J Jonglage),
since the German colour words would give green and yellow the same letter. ``$`` and ``4+`` are symbols.
"""

from __future__ import annotations

from collections.abc import Callable

from lang import trc

# The context each kind of name is looked up in.
CITY = "wanderzirkus city"
REGION = "wanderzirkus region"
REGION_SHORT = "wanderzirkus region short"
REGION_LETTER = "wanderzirkus region letter"
REGION_ID = "wanderzirkus region id"
ACT = "wanderzirkus act"
COLOUR_LETTER = "wanderzirkus colour letter"
COLOUR = "wanderzirkus colour"


def known_names() -> list[tuple[str, str, str]]:
    """(context, English, shown) for every content name: the extractor's list, and the test's."""
    return [
        # Acts: the artist colours' names (the German edition's: Feuertanz, Magie, Clowns, Akrobatik, Jonglage).
        (ACT, "Fire Dancing", trc("wanderzirkus act", "Fire Dancing")),
        (ACT, "Magic", trc("wanderzirkus act", "Magic")),
        (ACT, "Clowns", trc("wanderzirkus act", "Clowns")),
        (ACT, "Acrobatics", trc("wanderzirkus act", "Acrobatics")),
        (ACT, "Juggling", trc("wanderzirkus act", "Juggling")),
        (ACT, "Pause", trc("wanderzirkus act", "Pause")),
        (COLOUR, "green", trc("wanderzirkus colour", "green")),
        (COLOUR, "blue", trc("wanderzirkus colour", "blue")),
        (COLOUR, "red", trc("wanderzirkus colour", "red")),
        (COLOUR, "purple", trc("wanderzirkus colour", "purple")),
        (COLOUR, "yellow", trc("wanderzirkus colour", "yellow")),
        (COLOUR_LETTER, "G", trc("wanderzirkus colour letter", "G")),
        (COLOUR_LETTER, "B", trc("wanderzirkus colour letter", "B")),
        (COLOUR_LETTER, "R", trc("wanderzirkus colour letter", "R")),
        (COLOUR_LETTER, "P", trc("wanderzirkus colour letter", "P")),
        (COLOUR_LETTER, "Y", trc("wanderzirkus colour letter", "Y")),
        (REGION, "Northern Europe", trc("wanderzirkus region", "Northern Europe")),
        (REGION, "Eastern Europe", trc("wanderzirkus region", "Eastern Europe")),
        (REGION, "Southern Europe", trc("wanderzirkus region", "Southern Europe")),
        (REGION, "Western Europe", trc("wanderzirkus region", "Western Europe")),
        (REGION, "Central Europe", trc("wanderzirkus region", "Central Europe")),
        (REGION_SHORT, "Northern", trc("wanderzirkus region short", "Northern")),
        (REGION_SHORT, "Eastern", trc("wanderzirkus region short", "Eastern")),
        (REGION_SHORT, "Southern", trc("wanderzirkus region short", "Southern")),
        (REGION_SHORT, "Western", trc("wanderzirkus region short", "Western")),
        (REGION_SHORT, "Central", trc("wanderzirkus region short", "Central")),
        (REGION_ID, "north", trc("wanderzirkus region id", "north")),
        (REGION_ID, "east", trc("wanderzirkus region id", "east")),
        (REGION_ID, "south", trc("wanderzirkus region id", "south")),
        (REGION_ID, "west", trc("wanderzirkus region id", "west")),
        (REGION_ID, "central", trc("wanderzirkus region id", "central")),
        (REGION_LETTER, "N", trc("wanderzirkus region letter", "N")),
        (REGION_LETTER, "E", trc("wanderzirkus region letter", "E")),
        (REGION_LETTER, "S", trc("wanderzirkus region letter", "S")),
        (REGION_LETTER, "W", trc("wanderzirkus region letter", "W")),
        (REGION_LETTER, "C", trc("wanderzirkus region letter", "C")),
        # Cities: German writes the exonyms (Kopenhagen, Göteborg, Warschau, ...).
        (CITY, "Stockholm", trc("wanderzirkus city", "Stockholm")),
        (CITY, "Oslo", trc("wanderzirkus city", "Oslo")),
        (CITY, "Copenhagen", trc("wanderzirkus city", "Copenhagen")),
        (CITY, "Helsinki", trc("wanderzirkus city", "Helsinki")),
        (CITY, "Bergen", trc("wanderzirkus city", "Bergen")),
        (CITY, "Gothenburg", trc("wanderzirkus city", "Gothenburg")),
        (CITY, "Aarhus", trc("wanderzirkus city", "Aarhus")),
        (CITY, "Tallinn", trc("wanderzirkus city", "Tallinn")),
        (CITY, "Warsaw", trc("wanderzirkus city", "Warsaw")),
        (CITY, "Budapest", trc("wanderzirkus city", "Budapest")),
        (CITY, "Bucharest", trc("wanderzirkus city", "Bucharest")),
        (CITY, "Kraków", trc("wanderzirkus city", "Kraków")),
        (CITY, "Sofia", trc("wanderzirkus city", "Sofia")),
        (CITY, "Riga", trc("wanderzirkus city", "Riga")),
        (CITY, "Vilnius", trc("wanderzirkus city", "Vilnius")),
        (CITY, "Brno", trc("wanderzirkus city", "Brno")),
        (CITY, "Rome", trc("wanderzirkus city", "Rome")),
        (CITY, "Madrid", trc("wanderzirkus city", "Madrid")),
        (CITY, "Lisbon", trc("wanderzirkus city", "Lisbon")),
        (CITY, "Athens", trc("wanderzirkus city", "Athens")),
        (CITY, "Barcelona", trc("wanderzirkus city", "Barcelona")),
        (CITY, "Naples", trc("wanderzirkus city", "Naples")),
        (CITY, "Seville", trc("wanderzirkus city", "Seville")),
        (CITY, "Valencia", trc("wanderzirkus city", "Valencia")),
        (CITY, "Paris", trc("wanderzirkus city", "Paris")),
        (CITY, "London", trc("wanderzirkus city", "London")),
        (CITY, "Dublin", trc("wanderzirkus city", "Dublin")),
        (CITY, "Brussels", trc("wanderzirkus city", "Brussels")),
        (CITY, "Amsterdam", trc("wanderzirkus city", "Amsterdam")),
        (CITY, "Lyon", trc("wanderzirkus city", "Lyon")),
        (CITY, "Edinburgh", trc("wanderzirkus city", "Edinburgh")),
        (CITY, "Bordeaux", trc("wanderzirkus city", "Bordeaux")),
        (CITY, "Berlin", trc("wanderzirkus city", "Berlin")),
        (CITY, "Vienna", trc("wanderzirkus city", "Vienna")),
        (CITY, "Munich", trc("wanderzirkus city", "Munich")),
        (CITY, "Zurich", trc("wanderzirkus city", "Zurich")),
        (CITY, "Prague", trc("wanderzirkus city", "Prague")),
        (CITY, "Hamburg", trc("wanderzirkus city", "Hamburg")),
        (CITY, "Salzburg", trc("wanderzirkus city", "Salzburg")),
        (CITY, "Leipzig", trc("wanderzirkus city", "Leipzig")),
    ]


COLOUR_ACTS = {"green": "Fire Dancing", "blue": "Magic", "red": "Clowns", "purple": "Acrobatics",
               "yellow": "Juggling", "pause": "Pause"}
COLOUR_LETTERS = {"green": "G", "blue": "B", "red": "R", "purple": "P", "yellow": "Y"}
REGION_NAMES = {"north": "Northern Europe", "east": "Eastern Europe", "south": "Southern Europe",
                "west": "Western Europe", "central": "Central Europe"}
REGION_SHORTS = {"north": "Northern", "east": "Eastern", "south": "Southern", "west": "Western",
                 "central": "Central"}
REGION_LETTERS = {"north": "N", "east": "E", "south": "S", "west": "W", "central": "C"}


def _lookup(context: str, table: dict[str, str]) -> Callable[[str], str]:
    def shown(key: str) -> str:
        english = table.get(key)
        return trc(context, english) if english is not None else key
    return shown


def city_name(english: str) -> str:
    """A city's name as the reader writes it (``"Copenhagen"`` → ``"Kopenhagen"``)."""
    return trc(CITY, english)


act = _lookup(ACT, COLOUR_ACTS)
"""An artist colour's act name: ``act("green")`` → "Fire Dancing" / "Feuertanz"."""
colour_letter = _lookup(COLOUR_LETTER, COLOUR_LETTERS)
"""An artist colour's letter in the card notation: ``colour_letter("green")`` → "G" / "F"."""
region_name = _lookup(REGION, REGION_NAMES)
"""A region's name: ``region_name("central")`` → "Central Europe" / "Mitteleuropa"."""
region_short = _lookup(REGION_SHORT, REGION_SHORTS)
"""A region's short name for a city's label: ``region_short("central")`` → "Central" / "Mitte"."""
region_letter = _lookup(REGION_LETTER, REGION_LETTERS)
"""A region's letter on a city card's compass: ``region_letter("east")`` → "E" / "O"."""


def colour_word(colour: str) -> str:
    """An artist colour as a word: ``colour_word("green")`` → "green" / "grün"."""
    return trc(COLOUR, colour)


def region_id_word(region: str) -> str:
    """A region where the English text board has always written its id ("central"); German names it."""
    return trc(REGION_ID, region)
