"""Every player in their own language, through Discord: the real bot against the stand-in, with members whose
Discord clients speak different languages.

A mixed table (a German game, one member's Discord in German, the other's in English) shows that each private
answer — an answer, a refusal, a panel, the error route's — is in its reader's language while the posts in the
game's channel and thread are in the game's. A whole game played in the pseudo-language (``qps``: the members'
Discord and the server both speak it) is then read in full: every message, button, menu, embed and picture
description the stand-in holds, public or private, must have no plain English left once player names, mentions,
timestamps and links are taken out. What leaks is collected and shown grouped by message, so one run names every
sentence that escaped the catalogue.
"""

from __future__ import annotations

import asyncio
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lang.pseudo import ENGLISH_LEFT

from discord_standin import Discord, standin
from discord_table import board, button, cheap_renders, core_of, custom_ids, labels

GERMANS = ("alice",)
ENGLISH = ("bob",)
PSEUDO_PLAYERS = ("Ålîçé", "Ƀöƀ")
FINISH = 300.0  # seconds to wait for a whole game the automatic player finishes, with its chart and review
# What a pseudo-language text may keep in plain ASCII: Discord's tokens (mentions, channels, timestamps, custom
# emoji), links, file names the member downloads, hexadecimal digests (the fairness commitment's), and the member's
# own settings (their time zone's name).
TOKENS = re.compile(r"<[@#][!&]?\d+>|<t:\d+(:[a-zA-Z])?>|<a?:\w+:\d+>|https?://\S+|\b[\w-]+\.(png|json|txt|webp)\b"
                    r"|\b[0-9a-f]{16,}\b|\bUTC\b"
                    # The shell command that checks a finished game's record is a command, the same in every language.
                    r"|`python -m rules verify [^`]*`")


async def open_lobby(d: Discord, creator: str, options: dict[str, Any]) -> Any:
    created = await d.slash(creator, "games", "game new", options)
    await created.answer()
    assert created.message is not None
    return created.message


async def start(d: Discord, creator: str, lobby: Any) -> Any:
    """The creator presses Start; returns the game's thread once its first board is posted."""
    await (await d.click(creator, d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:start:"))).answer()
    return await d.wait_for(lambda: next((t for t in d.threads("games") if has_board(d, t)), None),
                            what="the game's thread and its first board", timeout=20)


async def choose_first(d: Discord, user: str, latest: Any) -> Any:
    """``user`` opens their panel from the board ``latest`` and takes its first choice; returns the panel as the
    answer to the choice left it."""
    panel = await d.click(user, latest, button(latest, "rm:turn:"))
    await panel.answer()
    message = panel.message
    assert message is not None
    choice = next(cid for cid in custom_ids(message) if cid.startswith(("rm:do:", "rm:pick:")))
    edits = len(d.message(message.id).versions)
    if choice.startswith("rm:pick:"):
        handle = await d.select(user, message, choice, ["0"])
    else:
        handle = await d.click(user, message, choice)
    await d.wait_for(lambda: len(d.message(message.id).versions) > edits or handle.followups or None,
                     what="the panel to answer the choice")
    return d.message(message.id)


def has_board(d: Discord, thread: Any) -> bool:
    return any(cid.startswith("rm:hand:") for m in d.messages_in(thread) for cid in custom_ids(m))


async def private(d: Discord, user: str, where: Any, command: str, options: dict[str, Any] | None = None, *,
                  unchecked: bool = False) -> str:
    handle = await d.slash(user, where, command, options or {}, unchecked=unchecked)
    answer = await handle.answer()
    assert answer.ephemeral, (command, answer.content)
    return str(answer.content)


async def test_a_mixed_table_answers_each_reader_in_their_language_and_posts_in_the_game_s(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, members=("alice", "bob", "carol")) as d:
        d.user("alice").locale = "de"
        d.user("bob").locale = "en-US"
        core = core_of(d)

        # The game's language is chosen at /game new; the lobby (public) speaks it, whoever reads it.
        lobby = await open_lobby(d, "alice", {"kind": "little_circuses", "language": "de"})
        assert {"Beitreten", "Verlassen", "Starten", "Roboter dazu (leicht)", "Roboter entfernen"} <= set(labels(lobby))
        record = (await core.games_here(d.guild.id))[0]
        assert record.language == "de"

        # Private answers: in each reader's own language.
        joined = await private(d, "bob", "games", "game join", {"game": record.id})
        assert joined == "You have a seat in Little Circuses #1."
        assert await private(d, "bob", "games", "game hand", {"game": record.id}) == "This game has not started yet."
        assert await private(d, "alice", "games", "game hand", {"game": record.id}) == (
            "Dieses Spiel hat noch nicht begonnen.")
        # Bob joining refreshed the lobby: still in the game's language, though an English reader caused it.
        assert "Beitreten" in labels(d.message(lobby.id))
        assert await private(d, "alice", "games", "me settings") == (
            "Zeitzone UTC, aktiv den ganzen Tag, Benachrichtigungen: Erwähnung, keine tägliche Zusammenfassung, "
            "nicht abwesend.")
        assert await private(d, "bob", "games", "me settings") == (
            "Time zone UTC, active all day, notifications: mention, no daily digest, not away.")
        # A refusal of the command layer, before any game code runs.
        assert await private(d, "alice", "games", "game log", {"game": record.id, "page": 0}, unchecked=True) == (
            "Eine Protokollseite muss zwischen 1 und 10000 liegen.")
        assert await private(d, "bob", "games", "game log", {"game": record.id, "page": 0}, unchecked=True) == (
            "A log page must be between 1 and 10000.")

        # Both are told by direct message when the game waits for them: each message in its reader's language.
        for user in ("alice", "bob"):
            await private(d, user, "games", "me notify", {"mode": "dm"})

        thread = await start(d, "alice", lobby)
        first = board(d, thread)
        german_dm = await d.wait_for(lambda: d.direct_messages("alice"), what="alice's direct message")
        english_dm = await d.wait_for(lambda: d.direct_messages("bob"), what="bob's direct message")
        assert german_dm[0].startswith("🎪 **Little Circuses #1** wartet auf dich: ")
        assert english_dm[0].startswith("🎪 **Little Circuses #1** is waiting for you: ")
        # The board's buttons are public: the game's language.
        assert {"Du bist dran", "Meine Hand", "Was ist neu für mich"} <= set(labels(first))
        assert "Starten" not in labels(d.message(lobby.id))  # the lobby closed, in German too

        # Opening night: both decide at once. What follows each choice on a panel is its reader's.
        german = await choose_first(d, "alice", first)
        assert german.content.startswith("Erledigt. Das Spiel wartet jetzt auf bob.")
        assert "Nächstes Spiel" in labels(german)
        english = await choose_first(d, "bob", first)
        assert "Next game" in labels(english) and "Nächstes Spiel" not in labels(english)

        # The error route (a button no longer made) answers each in their language.
        for user, sentence in (("alice", "Dieser Knopf ist veraltet"), ("bob", "This button is out of date")):
            forged = await d.forge_click(user, first, "rm:turn:x")
            assert (await forged.answer()).content.startswith(sentence)

        # Each member's language is kept for their direct messages.
        assert (await core.member(d.user("alice").id)).language == "de"
        assert (await core.member(d.user("bob").id)).language == "en"

        # Without the option, a game speaks the server's language when the bot speaks it, else English.
        d.guild.locale = "de"
        await open_lobby(d, "carol", {"kind": "circus_train"})
        d.guild.locale = "fr"
        await open_lobby(d, "carol", {"kind": "wanderzirkus"})
        languages = {r.kind: r.language for r in await core.games_here(d.guild.id)}
        assert languages["circus_train"] == "de" and languages["wanderzirkus"] == "en"


async def everything_posted(d: Discord, game_id: int) -> None:
    """Wait until the game is over and everything it had to post is posted (its chart and review included)."""
    core = core_of(d)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + FINISH
    while not ((await core.table(game_id)).over and not await core.publisher.outbox.pending(game_id)):
        d.raise_errors()
        assert loop.time() < deadline, "the game was not finished and posted in time"
        await asyncio.sleep(0.2)


def shown(message: Any) -> Iterator[str]:
    """Every text of a message a member reads, in each of its versions: its words, embeds, buttons and menus, and
    its pictures' descriptions."""
    for version in [*message.versions, None]:
        content = message.content if version is None else version.get("content") or ""
        embeds = message.embeds if version is None else version.get("embeds") or []
        components = message.components if version is None else version.get("components") or []
        attachments = ([a.description for a in message.attachments] if version is None
                       else [a.get("description") for a in version.get("attachments") or []])
        yield content
        for embed in embeds:
            yield from (str(embed.get(key) or "") for key in ("title", "description"))
            yield str((embed.get("footer") or {}).get("text") or "")
            yield str((embed.get("author") or {}).get("name") or "")
            for embed_field in embed.get("fields") or []:
                yield from (str(embed_field.get("name") or ""), str(embed_field.get("value") or ""))
        for row in components:
            for component in row.get("components", []):
                yield from (str(component.get(key) or "") for key in ("label", "placeholder"))
                for option in component.get("options", []):
                    yield from (str(option.get("label") or ""), str(option.get("description") or ""))
        yield from (text or "" for text in attachments)


def english_left(text: str, names: list[str]) -> list[str]:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return ENGLISH_LEFT.findall(TOKENS.sub(" ", text))


def leaks(d: Discord, names: list[str]) -> dict[str, list[str]]:
    """Each text the bot showed with English left in it (its first 160 characters), with the words found."""
    found: dict[str, list[str]] = defaultdict(list)
    texts = [t.name for t in d.threads()]
    bot = d.server.bot_user.id
    texts += [text for m in d.server.messages.values() if m.author.id == bot for text in shown(m)]
    for text in texts:
        for line in text.split("\n"):
            words = english_left(line, names)
            if words:
                found[line[:160]] = sorted(set(words))
    return found


# Each kind with two people and the robots its smallest table needs.
ROBOTS = {"circus_train": 1, "little_circuses": 1, "wanderzirkus": 1, "dreadful_circus": 2}


@pytest.mark.parametrize("kind", sorted(ROBOTS))
async def test_a_whole_game_in_the_pseudo_language_leaves_no_english(kind: str, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    alice, bob = PSEUDO_PLAYERS
    async with standin(tmp_path, members=PSEUDO_PLAYERS) as d:
        d.guild.locale = "qps"
        for name in PSEUDO_PLAYERS:
            d.user(name).locale = "qps"
        core = core_of(d)
        core.robots.delay = 0.01  # a robot's pause before each move, for people reading along: none needed here
        lobby = await open_lobby(d, alice, {"kind": kind, "robots": ROBOTS[kind], "robot_level": "easy",
                                         "autopilot_level": "easy"})
        await (await d.click(bob, d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:join:"))).answer()
        thread = await start(d, alice, lobby)
        record = await core.game_in_thread(thread.id)
        assert record is not None and record.language == "qps"
        for command, options in (("me settings", {}), ("game hand", {}), ("game status", {}), ("game mine", {}),
                                 ("game list", {}), ("seat recap", {}), ("me inbox", {}),
                                 ("game rules", {"kind": kind}), ("game web", {})):
            await (await d.slash(alice, thread, command, options)).answer()
        # A few decisions through the private panels (their buttons, menus, answers and "Next game")...
        for _ in range(12):
            await core.publisher.idle()
            table = await core.table(record.id)
            people = [name for name in PSEUDO_PLAYERS if d.user(name).id in table.awaited_users()]
            if not people:
                await asyncio.sleep(0.05)  # the robot is thinking
                continue
            await choose_first(d, people[0], board(d, thread))
        # ...then the automatic player plays both seats to the end: its moves, the final board, the reveal, the
        # replay, the chart and the review are posted in the game's language too.
        seated = await core.table(record.id)
        await core.automate(record.id, [seat for seat in range(len(seated.seats)) if not seated.is_robot(seat)])
        await everything_posted(d, record.id)
        await (await d.slash(alice, thread, "game log", {})).answer()
        await (await d.slash(alice, "games", "stats leaderboard", {"kind": kind})).answer()

        table = await core.table(record.id)
        found = leaks(d, [*table.names, *PSEUDO_PLAYERS])
        report = "\n".join(f"{words}: {line!r}" for line, words in sorted(found.items()))
        assert not found, f"{len(found)} texts with English left:\n{report}"
