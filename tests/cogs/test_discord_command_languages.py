"""The slash commands in German: every name, description, option and choice of every cog has its German in the
catalogue, in the shape Discord accepts, and the commands the bot syncs carry it (``cogs/translator.py``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from cogs.translator import translated
from lang import speaking
from lang.pseudo import ENGLISH_LEFT
from lang.speech import command as command_text
from lang.speech import read_catalogue

from discord_standin import standin

NAME = re.compile(r"[-_\w]{1,32}")


def tree_strings(tree: app_commands.CommandTree[Any]) -> list[tuple[str, Where]]:
    """Every string of the real command tree Discord shows, with where it stands."""
    found: list[tuple[str, Where]] = []

    def walk(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> None:
        group = isinstance(command, app_commands.Group)
        found.append((command.name, Where.group_name if group else Where.command_name))
        found.append((command.description, Where.group_description if group else Where.command_description))
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                walk(sub)
            return
        for parameter in command.parameters:
            found.append((parameter.name, Where.parameter_name))
            found.append((parameter.description, Where.parameter_description))
            found.extend((choice.name, Where.choice_name) for choice in parameter.choices)

    for command in tree.get_commands():
        assert isinstance(command, app_commands.Command | app_commands.Group)
        walk(command)
    return found


def synced_options(commands: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Every synced command, group and option, nested ones included."""
    found: list[dict[str, Any]] = []

    def walk(entry: dict[str, Any]) -> None:
        found.append(entry)
        for option in entry.get("options") or []:
            walk(option)

    for command in commands.values():
        walk(command)
    return found


async def test_every_command_name_description_option_and_choice_is_in_german(tmp_path: Path) -> None:
    german = read_catalogue("de")
    async with standin(tmp_path) as d:
        assert isinstance(d.bot, commands.Bot)
        tree = d.bot.tree
        strings = tree_strings(tree)
        assert len(strings) > 300  # eight commands, a hundred subcommands, their options
        missing, refused = [], []
        for text, where in strings:
            named = where in (Where.command_name, Where.group_name, Where.parameter_name, Where.choice_name)
            message = german.get(text, context="command" if named else None)
            if message is None or not message.string:
                missing.append((where.name, text))
            elif translated(text, where, "de") is None:
                refused.append((where.name, text, message.string))
        assert not missing, f"no German for {missing}"
        assert not refused, f"German that Discord would refuse: {refused}"

        synced = d.server.commands_for(d.guild)
        entries = synced_options(synced)
        assert len(entries) > 200
        for entry in entries:
            assert "de" in (entry.get("name_localizations") or {}), entry["name"]
            assert "de" in (entry.get("description_localizations") or {}), entry["name"]
            name = entry["name_localizations"]["de"]
            assert NAME.fullmatch(name) and name == name.lower(), name
            assert 1 <= len(entry["description_localizations"]["de"]) <= 100
            for choice in entry.get("choices") or []:
                assert "de" in (choice.get("name_localizations") or {}), choice
        # English speakers see the English: no localization is sent for English locales.
        assert all("en-US" not in (entry.get("name_localizations") or {}) for entry in entries)
        # Samples, as a German member's Discord shows them.
        game = synced["game"]
        assert game["name_localizations"]["de"] == "spiel"
        new = next(option for option in game["options"] if option["name"] == "new")
        assert new["name_localizations"]["de"] == "neu"
        assert new["description_localizations"]["de"] == "Eine Lobby für ein neues Spiel in diesem Kanal eröffnen"
        language = next(option for option in new["options"] if option["name"] == "language")
        assert language["name_localizations"]["de"] == "sprache"
        assert [choice["value"] for choice in language["choices"]] == ["en", "de"]


async def test_german_names_of_siblings_never_clash(tmp_path: Path) -> None:
    """Discord refuses a sync where two options of one command have the same name in a language."""
    async with standin(tmp_path) as d:
        for entry in synced_options(d.server.commands_for(d.guild)):
            options = entry.get("options") or []
            german = [option["name_localizations"]["de"] for option in options]
            assert len(set(german)) == len(german), (entry["name"], german)


def test_a_translation_discord_would_refuse_falls_back_to_the_english() -> None:
    # No German for these: the English comes back from the catalogue, and a name with capitals and spaces, or a
    # description longer than 100 characters, would be refused, so nothing is sent.
    assert translated("Not A Valid Name", Where.command_name, "de") is None
    assert translated("x" * 101, Where.command_description, "de") is None
    assert translated("new", Where.command_name, "en") is None
    assert translated("new", Where.command_name, "de") == "neu"
    assert translated("Which game", Where.parameter_description, "de") == "Welches Spiel"
    assert translated("strong", Where.choice_name, "de") == "stark"


async def test_every_command_string_reads_in_the_pseudo_language(tmp_path: Path) -> None:
    # The pseudo-language's sweep of the commands: every name, description, option and choice goes through the
    # catalogue (no English left) and, a third longer, still fits what Discord accepts (a description cut at a word).
    async with standin(tmp_path) as d:
        assert isinstance(d.bot, commands.Bot)
        strings = tree_strings(d.bot.tree)
    left, refused = [], []
    for text, where in strings:
        said = translated(text, where, "qps")
        if said is None:
            refused.append((where.name, text))
        elif ENGLISH_LEFT.search(said):
            left.append((where.name, said))
    assert not left, left
    assert not refused, f"too long or not a name once lengthened: {refused}"


def english_and_german_names(commands: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Every synced command, group and option by its English path ("game abandon game:"), with the German path a
    German member's Discord shows for it ("spiel aufgeben spiel:")."""
    found: dict[str, str] = {}

    def walk(entry: dict[str, Any], english: str, german: str) -> None:
        name, localized = entry["name"], (entry.get("name_localizations") or {}).get("de", entry["name"])
        if entry.get("type", 1) in (1, 2):  # a command, a subcommand or a group of them
            english, german = f"{english} {name}".strip(), f"{german} {localized}".strip()
            found[english] = german
            for option in entry.get("options") or []:
                walk(option, english, german)
        else:
            found[f"{english} {name}:"] = f"{german} {localized}:"

    for entry in commands.values():
        walk(entry, "", "")
    return found


# The commands the code names in sentences: ``command("game log")``, ``command(f"game abandon game:{game_id}")``.
NAMED = re.compile(r"""\bcommand\(f?"([a-z_]+(?: [a-z_]+)*:?)""")


async def test_a_sentence_names_a_command_as_the_german_client_shows_it(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        names = english_and_german_names(d.server.commands_for(d.guild))
    assert names["game log"] == "spiel protokoll"
    with speaking("de"):
        for english, german in names.items():
            value = "12" if english.endswith(":") else ""
            assert command_text(english + value) == f"/{german}{value}", english
    root = Path(__file__).resolve().parents[2]
    named = {found.strip() for folder in ("cogs", "table", "web", "rules", "render")
             for path in (root / folder).rglob("*.py") for found in NAMED.findall(path.read_text(encoding="utf-8"))}
    assert {"game log", "me inbox", "game abandon game:"} <= named
    assert not named - set(names), f"sentences name commands that do not exist: {sorted(named - set(names))}"


async def test_the_german_guides_name_commands_as_the_german_client_shows_them(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        german_paths = set(english_and_german_names(d.server.commands_for(d.guild)).values())
    guides = sorted((Path(__file__).resolve().parents[2] / "docs" / "guides" / "de").glob("*.md"))
    assert len(guides) == 4
    named = 0
    for guide in guides:
        for found in re.findall(r"`/([^`…]+?)(?: …)?`", guide.read_text(encoding="utf-8")):
            # "spiel neu spielart:Circus Train": the command's words, then an option's German name if one is given.
            words = found.split(":", 1)[0].split(" ")
            path = " ".join(words[:-1]) + f" {words[-1]}:" if ":" in found else " ".join(words)
            assert path.strip() in german_paths, (guide.name, found)
            named += 1
    assert named >= 12
