"""The slash commands in the member's language: a :class:`discord.app_commands.Translator` that gives Discord
each command's, group's, option's and choice's name and description in every language Ringmaster speaks, from
the message catalogue, when the commands are synced (``bot.py`` sets it on the command tree).

The convention: a **name** (of a command, a group or an option) is looked up as ``trc("command", name)``, and so
is a **choice's name** (a short label in a menu, where the same English word may be translated differently
elsewhere); a **description** is looked up as ``tr(description)``, a sentence like any other. Discord's rules are
kept: a name must be lowercase, at most 32 letters, digits, ``-`` or ``_``; a description or a choice's name at most
100 characters. A translation that breaks them is never sent: Discord would refuse the whole sync, so that
language simply shows the English (``None``).

The names and descriptions live in the decorators, as discord.py wants them, where the catalogue's extractor cannot
see them (and a command's or an option's name is often implicit: the function's or the parameter's). So every one
of them is listed again in :data:`VOCABULARY` below, marked for the catalogue; nothing else reads that list. A
test walks the real command tree and fails when a name, description or choice has no German, so a new command
cannot be forgotten here (tests/cogs/test_discord_command_languages.py).
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from lang import DEFAULT, N_, NC_, speaking, supported, tr, trc

NAME_LIMIT = 32
TEXT_LIMIT = 100
_NAME = re.compile(rf"[-_\w]{{1,{NAME_LIMIT}}}")
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})


def translated(text: str, location: Where, language: str) -> str | None:
    """``text`` (a command's English name, description or choice) in ``language``, or None where Discord should
    show the English: English itself, or a translation Discord would refuse."""
    if language == DEFAULT:
        return None
    with speaking(language):
        if location in NAMES:
            name = trc("command", text)
            return name if _NAME.fullmatch(name) and name == name.lower() else None
        said = trc("command", text) if location is Where.choice_name else tr(text)
    if len(said) > TEXT_LIMIT:
        # A translation a little too long for Discord is cut at a word, marked: a hint in the reader's language
        # reads better than the English. (English itself that long is the catalogue having no translation.)
        return None if said == text else said[:TEXT_LIMIT - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return said or None


class CommandTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        # Only Discord's locales that read a language of the catalogue get one (supported() gives English for
        # the others); and only what the commands show (never anything else a Translator could be asked).
        language = supported(locale)
        if language == DEFAULT or context.location is Where.other:
            return None
        return translated(string.message, context.location, language)


# Every name, description and choice of the slash commands, for the catalogue (see the module's docstring).
VOCABULARY: tuple[str, ...] = (
    NC_("command", "circus"), NC_("command", "new"), NC_("command", "advanced"), NC_("command", "special_characters"),
    NC_("command", "events"), NC_("command", "easier"), NC_("command", "play"), NC_("command", "card"),
    NC_("command", "game"), NC_("command", "travel"), NC_("command", "city"), NC_("command", "stay"),
    NC_("command", "perform"), NC_("command", "hire"), NC_("command", "talent"), NC_("command", "smuggle"),
    NC_("command", "buy"), NC_("command", "release"), NC_("command", "pay"), NC_("command", "pass"),
    NC_("command", "choose"), NC_("command", "option"), NC_("command", "dreadful"), NC_("command", "bid"),
    NC_("command", "add"), NC_("command", "item"), NC_("command", "remove"), NC_("command", "place"),
    NC_("command", "offer"), NC_("command", "draft"), NC_("command", "attraction"), NC_("command", "inspect"),
    NC_("command", "wagon"), NC_("command", "accept"), NC_("command", "decline"), NC_("command", "load"),
    NC_("command", "take"), NC_("command", "target"), NC_("command", "return"), NC_("command", "contract"),
    NC_("command", "screen"), NC_("command", "seat"), NC_("command", "reclaim"), NC_("command", "autopilot"),
    NC_("command", "player"), NC_("command", "handover"), NC_("command", "member"), NC_("command", "undo"),
    NC_("command", "standing"), NC_("command", "decision"), NC_("command", "answer"), NC_("command", "recap"),
    NC_("command", "littlecircuses"), NC_("command", "special_side"), NC_("command", "open"), NC_("command", "where"),
    NC_("command", "funds"), NC_("command", "build"), NC_("command", "tile"), NC_("command", "back"),
    NC_("command", "highlight"), NC_("command", "to"), NC_("command", "public"), NC_("command", "space"),
    NC_("command", "special"), NC_("command", "rival"), NC_("command", "kind"), NC_("command", "options"),
    NC_("command", "deadline_hours"), NC_("command", "autopilot_after"), NC_("command", "forced_moves"),
    NC_("command", "away_bank_days"), NC_("command", "robots"), NC_("command", "robot_level"),
    NC_("command", "autopilot_level"), NC_("command", "hints"), NC_("command", "join"), NC_("command", "leave"),
    NC_("command", "start"), NC_("command", "practice"), NC_("command", "level"), NC_("command", "deadline"),
    NC_("command", "hours"), NC_("command", "on"), NC_("command", "list"), NC_("command", "mine"),
    NC_("command", "status"), NC_("command", "log"), NC_("command", "page"), NC_("command", "hand"),
    NC_("command", "abandon"), NC_("command", "repair"), NC_("command", "stats"), NC_("command", "export"),
    NC_("command", "rules"), NC_("command", "section"), NC_("command", "web"), NC_("command", "me"),
    NC_("command", "time_zone"), NC_("command", "end"), NC_("command", "notify"), NC_("command", "mode"),
    NC_("command", "digest"), NC_("command", "away"), NC_("command", "until"), NC_("command", "note"),
    NC_("command", "settings"), NC_("command", "inbox"), NC_("command", "next"), NC_("command", "leaderboard"),
    NC_("command", "ratings"), NC_("command", "record"), NC_("command", "wanderzirkus"), NC_("command", "simplified"),
    NC_("command", "pro"), NC_("command", "keep"), NC_("command", "choice"), NC_("command", "pair"),
    NC_("command", "announce"), NC_("command", "count"), NC_("command", "position"), NC_("command", "effect"),
    NC_("command", "swap"), NC_("command", "pause"), NC_("command", "stop"), NC_("command", "language"),
    NC_("command", "blue side"), NC_("command", "red side"), NC_("command", "Raise funds: +$2"),
    NC_("command", "Hire help: take a tile from the market"), NC_("command", "Circus Train"),
    NC_("command", "Little Circuses"), NC_("command", "Der Wanderzirkus"), NC_("command", "Dreadful Circus"),
    NC_("command", "easy"), NC_("command", "normal"), NC_("command", "strong"), NC_("command", "mention"),
    NC_("command", "dm"), NC_("command", "none"), NC_("command", "An artist (5 coins)"),
    NC_("command", "A city (3 coins)"), NC_("command", "A swap token (3 coins)"),
    NC_("command", "Nothing more: keep the rest of my coins"), NC_("command", "English"), NC_("command", "Deutsch"),
    N_("Play Circus Train"), N_("Open a Circus Train lobby in this channel"),
    N_("Advanced Game: reputation, replays, pocketing, Rest card, parades"),
    N_("Optional rule: the six Special Characters"), N_("Optional rule: Event cards at each month's end"),
    N_("Easier variant: no wages or VP, best single performance wins"),
    N_("Play an Action card (or replay one from your discards)"), N_("The card to play"),
    N_("The game number (defaults to this thread's game)"), N_("Move your circus train to a city within reach"),
    N_("Where to go (only reachable cities are offered)"), N_("The game number"),
    N_("Use your move card without moving"), N_("Perform in your city (or complete your two-week show)"),
    N_("Roll to hire one Talent counter in your city"), N_("Which talent (only those here are offered)"),
    N_("Use Smuggler Sam instead of rolling"), N_("Buy a counter from the Talent Bank (Special Hire)"),
    N_("Which talent"), N_("Release (or, advanced, red-light) a Talent counter at wages time"), N_("Pay your wages"),
    N_("Decline what is offered now"), N_("Make any decision the game is asking you for"),
    N_("One of your choices right now"), N_("Play Dreadful Circus"),
    N_("Fill your wagon and place it next to an Offer"),
    N_("Put a coin or a Contract from behind your screen into your wagon"), N_("A coin or Contract you have"),
    N_("Take a coin or a Contract back out of your wagon"), N_("A coin or Contract in your wagon"),
    N_("Cover your wagon and place it next to an Offer: your bid is final"),
    N_("Which Offer (left out: the only one you may bid on)"),
    N_("Open a Dreadful Circus lobby in this channel (4–8 players)"),
    N_("Draft variant: pick the starting hand one card at a time, passing the rest to the left."),
    N_("Draft variant: keep one card of the cards passed to you"), N_("The card to keep"),
    N_("Place an Attraction from your hand into your Tableau"),
    N_("The Attraction (at the end of the game you may place none)"),
    N_("As a Seller, choose the card you offer (revealed with the others)"), N_("The card from your hand"),
    N_("As the Seller, look into one wagon next to your Offer"), N_("Whose wagon"),
    N_("Accept the bid in the wagon you are inspecting"), N_("Decline the bid in the wagon you are inspecting"),
    N_("Load the Wagon with a coin or Contract for the player resolving a card"),
    N_("Take the contents of one Loaded Wagon"), N_("Play a card from your hand (a card effect lets you)"),
    N_("The card"), N_("Choose the Attraction a card discards, takes or copies"), N_("An Attraction in a Tableau"),
    N_("Return a Contract to the bag (or stop returning)"), N_("A Contract you have, or stop"),
    N_("See what is behind your screen and in your wagon (only you)"), N_("Your seat in a game"),
    N_("Take your seat back from the automatic player"),
    N_("Let the automatic player play a seat (yours, or a vanished player's)"),
    N_("Whose seat (creator or server manager only; default: yours)"),
    N_("Offer your seat to another member of this server"), N_("Who should take your seat"),
    N_("Take back your last move"), N_("Answer in advance the decisions that come outside your turn"),
    N_("Which decision (leave out to list them)"),
    N_("Your answer, played at once when the decision comes ('ask' to be asked again)"),
    N_("What happened since your last move, including what only you saw"), N_("Play Little Circuses"),
    N_("Open a Little Circuses lobby in this channel (1–7 players)"),
    N_("Special Attraction cards: blue side (no interaction, recommended first; the only side solo) or red…"),
    N_("Opening night: put your Highlight on a printed attraction"), N_("The attraction's space, e.g. C3"),
    N_("Build option: raise funds (+$2) or hire help (take a tile)"), N_("Raise funds or hire help"),
    N_("Build one of your unbuilt tiles (and say where, or place it next)"),
    N_("The tile to build (only those you can pay for are offered)"),
    N_("Where it goes, e.g. C3: next to or on top of an attraction"), N_("Place the tile you chose to build"),
    N_("Where it goes, e.g. C3"), N_("Put the chosen tile back and choose your build again"),
    N_("Execute: move your Highlight to an adjacent attraction"), N_("The attraction's space, e.g. D3"),
    N_("Choose which Public an icon moves (clown) or cashes in (elephant, money bills)"),
    N_("The bleacher space of that Public: 2, 4, 6 or 8"), N_("Keep an optional icon or effect unused"),
    N_("Choose a Special Attraction card (in player order)"), N_("The card (its number is its initiative)"),
    N_("Card 6: take or hire a face-up tile (or a rival's), or draw face down"), N_("The tile to take"),
    N_("Choose the rival a red card's action targets"), N_("The rival"), N_("Ringmaster games in this server"),
    N_("Open a lobby for a new game in this channel"), N_("Which game"),
    N_("Variants as key=value pairs, e.g. advanced=true events=true"),
    N_("Hours each player has per turn (counted in their active hours); none if left out"),
    N_("Missed deadlines in a row before the automatic player keeps a seat (default 3)"),
    N_("Play a move at once when it is a player's only legal choice (default on)"),
    N_("Days per player that being away (/me away) stops their clock (default 7)"),
    N_("Robot seats to add at once (they count toward the game's players)"),
    N_("How well those robots play (default normal)"),
    N_("How well the automatic player plays for missed deadlines and seats on autopilot (default normal)"),
    N_("Offer Suggest on players' private panels (default: on for one person, off for more)"),
    N_("Take a seat in a game that has not started"), N_("Give up your seat in a game that has not started"),
    N_("Start a game you created"),
    N_("Learn a game: play it alone against robots in a private thread, with lessons and hints"),
    N_("How well the robots play (default easy)"),
    N_("How many robots (default: the game's smallest table, e.g. 2, or 3 for Dreadful Circus)"),
    N_("Set the turn deadline of a game you created, before it starts"),
    N_("Hours each player has per turn, counted in their active hours (0 for no deadline)"),
    N_("Missed deadlines in a row before the automatic player keeps a seat"),
    N_("Turn Suggest on or off in a game you created (or manage), before it starts"),
    N_("Offer Suggest on players' private panels"), N_("Games in this server that are open or in progress"),
    N_("Your games in this server"), N_("Show a game's board and who is awaited"),
    N_("Read a game's log, page by page"), N_("Page number (1 is oldest; the newest page if left out)"),
    N_("See your own hand and private information (only you see it)"),
    N_("Abandon a game (creator or manager), or vote to abandon it"),
    N_("Rebuild a game whose save is damaged from its action log"),
    N_("A game's skill ratings and leaderboard in this server"),
    N_("The record of an ended game to keep: JSON and a plain-text log"),
    N_("How a game is played here: goal, a turn, scoring, variants"),
    N_("Which part of the guide (the first if left out)"),
    N_("Links to follow a game on the web, and your seat's private page"), N_("Your own Ringmaster settings"),
    N_("Your time zone and active hours (deadlines only run inside them)"), N_("An IANA time zone, e.g. Europe/Berlin"),
    N_("When your day starts, e.g. 08:00"), N_("When it ends, e.g. 23:00 (leave both out for all day)"),
    N_("How I tell you it is your turn, and your daily digest"),
    N_("mention in the game's thread, a direct message, or nothing"),
    N_("A daily direct message at this hour of yours listing the games waiting for you (e.g. 8 or 07:30),…"),
    N_("Going away? Stop your turn clocks and hold your pings in all your games"),
    N_("How long (3d, 36h, 1w) or until when (friday, 2026-12-04 18:00), in your time zone"),
    N_("A word for the other players (shown in each game's thread)"),
    N_("Back early from being away: your games carry on with you"),
    N_("Show your time zone, active hours, notifications and time away"),
    N_("All your games on every server: the ones waiting for you first"),
    N_("Open your turn in the next game waiting for you, on any server"), N_("Statistics of this server's games"),
    N_("The best players of a game in this server"),
    N_("A game's skill ratings in this server (OpenSkill), robots apart"),
    N_("A player's record in this server (default: yours)"), N_("Whose record"), N_("Play Der Wanderzirkus"),
    N_("Open a Der Wanderzirkus lobby in this channel (1-6 players)"),
    N_("Simplified game: no stop signs, no announcement, swap token back free"),
    N_("Pro mode: keep fulfilled cities; 2 VP per different region at the end"),
    N_("Keep an artist or a city you were offered (set-up or a purchase)"), N_("The artist or city to keep"),
    N_("The game number (defaults to this thread's)"), N_("Travel: take a pair of one artist and one city"),
    N_("The pair to take"), N_("Announce how many artists your show will have at least"), N_("The number of artists"),
    N_("Play a hand card to the right of your show"), N_("The card to play (only cards that connect are offered)"),
    N_("After acrobats: stack the card on them, or say where the show goes on"), N_("Where the card goes"),
    N_("Decide the effect of the card you just played"), N_("Use it, skip it, or the card or effect it is about"),
    N_("Return your swap token: draw 2 cards, then put 2 back on your deck"),
    N_("Swap token: put a hand card back on your deck"), N_("The card to put back"),
    N_("Lay the Pause card right of your last card (once a round, -4 VP)"), N_("End your show now"),
    N_("Spend coins: an artist (5), a city (3), a swap token (3), or nothing"),
    N_("What to buy; 'nothing' keeps the rest of your coins"),
    N_("The language of the game's posts and boards (default: this server's language)"),
)
