"""Little Circuses through Discord: the real bot and cogs against the local stand-in, driven as members
would drive them (slash commands with autocomplete, the "Take your turn" panel, "My hand").

Every space is simultaneous: each board names everyone the game waits for, each of them answers, and
the space resolves once all have. The whole-game test plays three members to the final scores through
their panels, choosing deterministically; the others exercise each command and each refusal."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from cogs import little_circuses as cog
from rules.cli import chooser_rng, pick_action, pick_seat
from rules.little_circuses import actions as lc
from rules.little_circuses.content import load_content
from rules.little_circuses.game import LittleCircuses
from table.errors import TableError
from table.kits import KITS
from table.model import Table

from discord_standin import Discord, standin
from discord_table import board, board_changed, button, core_of, custom_ids, labels, mark

PLAYERS = ("alice", "bob", "carol")
MENTION = re.compile(r"<@(\d+)>")


async def open_little_circuses(d: Discord, players: tuple[str, ...] = PLAYERS,
                               options: dict[str, Any] | None = None) -> Any:
    """The first player opens a Little Circuses lobby, the others join, the creator starts; returns the
    game's thread once its first board is posted."""
    created = await d.slash(players[0], "games", "littlecircuses new", options or {})
    await created.answer()
    lobby = created.message
    assert lobby is not None
    for player in players[1:]:
        await (await d.click(player, d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:join:"))).answer()
    await (await d.click(players[0], d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:start:"))).answer()
    thread = await d.wait_for(lambda: next((t for t in d.threads() if has_board(d, t)), None),
                              what="the first board", timeout=10)
    await d.wait_for(lambda: "Play in" in d.message(lobby.id).content or None, what="the lobby to show the thread")
    return thread


def has_board(d: Discord, thread: Any) -> bool:
    return any(cid.startswith("rm:hand:") for m in d.messages_in(thread) for cid in custom_ids(m))


def awaited_members(d: Discord, message: Any, names: tuple[str, ...] = PLAYERS) -> list[str]:
    """Everyone a board says the game waits for: its lines that start with a mention."""
    ids = [MENTION.match(line) for line in message.content.split("\n")]
    wanted = {int(m[1]) for m in ids if m is not None}
    return [name for name in names if d.user(name).id in wanted]


async def table_of(d: Discord, thread: Any) -> Any:
    """The game as the bot has stored it (to check what the thread must never show)."""
    assert d.bot is not None
    cog: Any = d.bot.core  # type: ignore[union-attr,attr-defined,unused-ignore]
    return await cog.tables.table_in_context(d.guild.id, thread.id, d.user("alice").id, None)


def secret_names(table: Any) -> set[str]:
    """Names of face-down tiles that no public tile shares (so seeing one in the thread is a leak)."""
    tiles = load_content().tiles
    view = table.game.view(table.state, None)
    public = {t["name"] for p in view["players"] for t in p["hand"]}
    public |= {c["tile"]["name"] for p in view["players"] for c in p["circus"]}
    public |= {tiles[t].name for p in view["players"] for c in p["circus"] for t in c["covered"]}
    public |= {t["name"] for t in view["showcase"]}
    hidden = {tiles[t].name for circus in table.state.circuses for t in circus.secret}
    return hidden - public


def mentions(text: str, name: str) -> bool:
    """``name`` appears in ``text`` as a whole name (not as the start of a longer one, as "Painted Sword
    Swallower" is of "Painted Sword Swallower Stage")."""
    return re.search(re.escape(name) + r"(?! [A-Z])", text) is not None


def pick(choices: list[str], rng: random.Random) -> int:
    """A deterministic, sensible choice: build when possible, never "Back", else any."""
    builds = [i for i, label in enumerate(choices) if label.startswith("Build ")]
    others = [i for i, label in enumerate(choices) if not label.startswith("Back")]
    if builds and rng.random() < 0.7:
        return rng.choice(builds)
    return rng.choice(others or list(range(len(choices))))


async def panel_changed(d: Discord, panel_id: int, versions: int) -> Any:
    """The private panel once the bot has replaced its choices."""
    await d.wait_for(lambda: len(d.message(panel_id).versions) > versions or None, what="the panel to change",
                     timeout=10)
    return d.message(panel_id)


async def answer_panel(d: Discord, member: str, thread: Any, rng: random.Random) -> int:
    """``member`` opens their panel and answers until the game no longer waits for them; returns the
    number of decisions made."""
    latest = board(d, thread)
    handle = await d.click(member, latest, button(latest, "rm:turn:"))
    panel = (await handle.answer()).message
    assert panel is not None and panel.ephemeral
    made = 0
    while True:
        ids = [cid for cid in custom_ids(panel) if cid.startswith(("rm:do:", "rm:pick:"))]
        if not ids:
            return made
        names = [name for name in labels(panel) if name != "Next game"]  # the choices only
        index = pick(names, rng)
        edits = len(panel.versions)
        if ids[0].startswith("rm:pick:"):
            click = await d.select(member, panel, ids[index // 25], [str(index)])
        else:
            click = await d.click(member, panel, ids[index])
        await click.answer()
        panel = await panel_changed(d, panel.id, edits)
        made += 1
        assert "out of date" not in panel.content, panel.content


async def test_a_three_player_game_is_played_to_its_final_scores(tmp_path: Path) -> None:
    rng = random.Random(5)
    async with standin(tmp_path) as d:
        thread = await open_little_circuses(d)
        first = board(d, thread)
        assert "begins" in first.content and d.png_attachments(first)
        assert awaited_members(d, first) == list(PLAYERS)  # opening night: everyone decides at once
        decisions = 0
        for _ in range(400):
            # The answer may come before the board is posted (it waits for it only so long): read the board
            # once everything saved is delivered, so it shows the state the table is read at.
            await core_of(d).publisher.idle()
            latest = board(d, thread)
            if "Final scores" in latest.content:
                break
            table = await table_of(d, thread)
            hidden = secret_names(table)
            for message in d.messages_in(thread):
                # Every version of every message: a board edited in place showed each of them once.
                for text in [message.content, *(str(v.get("content", "")) for v in message.versions)]:
                    assert "Your " not in text
                    assert not [name for name in hidden if mentions(text, name)], text
            waiting = awaited_members(d, latest)
            assert waiting, latest.content
            assert {table.names.index(n) for n in waiting} == set(table.game.to_act(table.state))
            decisions += await answer_panel(d, waiting[0], thread, rng)
        final = board(d, thread)
        assert "Final scores" in final.content and "Winner" in final.content
        assert not any(cid.startswith("rm:turn:") for cid in custom_ids(final))
        assert d.png_attachments(final)
        assert decisions > 100


async def prompt_of(d: Discord, message: Any, member: str) -> str:
    """What ``member`` is being asked, as their private panel says it ("Take your turn" on the board):
    the board itself only says publicly what they are deciding."""
    panel = await d.click(member, message, button(message, "rm:turn:"))
    return str((await panel.answer()).content.split("\n")[-1])


async def command(d: Discord, member: str, thread: Any, name: str, focused: str | None = None,
                  options: dict[str, Any] | None = None, prefer: str = "") -> Any:
    """``member`` runs ``/littlecircuses name``; with ``focused``, the option is filled from its
    autocomplete (the entry containing ``prefer`` if any, else the first). Returns the settled answer."""
    values = dict(options or {})
    if focused is not None:
        choices = await d.autocomplete(member, thread, f"littlecircuses {name}", values, focused=focused)
        assert choices, f"/{name} offered nothing to {member}"
        chosen = next((c for c in choices if prefer and prefer in c["name"]), choices[0])
        values[focused] = chosen["value"]
    return await (await d.slash(member, thread, f"littlecircuses {name}", values)).settled(timeout=10)


async def decide_by_command(d: Discord, member: str, thread: Any, prompt: str, turn: int) -> None:
    """One decision through the game's own commands, chosen from what the board asks."""
    if "where the Highlight opens" in prompt:
        await command(d, member, thread, "open", "where", prefer="Cotton Candy")
    elif "how to build" in prompt or "build or to execute" in prompt:
        builds = await d.autocomplete(member, thread, "littlecircuses build", {}, focused="tile")
        if builds and turn % 3 != 2:
            tile = builds[0]["value"]
            places = await d.autocomplete(member, thread, "littlecircuses build", {"tile": tile}, focused="where")
            assert places and all(c["name"].startswith("Place it at ") for c in places)
            handle = await d.slash(member, thread, "littlecircuses build", {"tile": tile, "where": places[0]["value"]})
            # Two decisions in one command: the tile, then its place; each is answered privately.
            await d.wait_for(lambda: len(handle.followups) >= 2 or None, what="both steps of the build", timeout=10)
        else:
            await command(d, member, thread, "funds", options={"option": "hire" if turn % 2 else "raise"})
    elif "raise funds or build" in prompt:
        await command(d, member, thread, "funds", options={"option": "raise"})
    elif "where to build" in prompt:
        await command(d, member, thread, "place", "where")
    elif "moving the Highlight" in prompt:
        await command(d, member, thread, "highlight", "to")
    elif "Special Attraction" in prompt:
        await command(d, member, thread, "special", "card")
    else:
        publics = await d.autocomplete(member, thread, "littlecircuses public", {}, focused="space")
        if publics:
            await command(d, member, thread, "public", "space")
        else:
            await command(d, member, thread, "choose", "option")


async def test_every_decision_has_its_own_command_until_the_first_special_attractions(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_little_circuses(d, options={"special_side": "red"})
        opening = await d.autocomplete("alice", thread, "littlecircuses open", {}, focused="where")
        assert len(opening) == 4 and all(c["name"].startswith("Opening night on the ") for c in opening)
        assert any(c["name"] == "Opening night on the Cotton Candy Vendor" for c in opening)
        for turn in range(200):
            latest = board(d, thread)
            table = await table_of(d, thread)
            if all(circus.card is not None for circus in table.state.circuses):
                break  # the first Special Attractions (day 7) are chosen
            waiting = awaited_members(d, latest)
            assert waiting
            member = waiting[turn % len(waiting)]
            await decide_by_command(d, member, thread, await prompt_of(d, latest, member), turn)
        table = await table_of(d, thread)
        assert table.state.space >= 7 and all(circus.card is not None for circus in table.state.circuses)
        assert table.record.options["special_side"] == "red"
        built = sum(len(circus.stacks) for circus in table.state.circuses)
        assert built > 12  # tiles were built through /littlecircuses build … where


async def test_refusals_are_private_sentences_that_change_nothing(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_little_circuses(d)
        before = mark(d, thread)
        stranger = await command(d, "mia", thread, "open", options={"where": "C3"})
        assert stranger.ephemeral and "not seated" in stranger.content
        malformed = await command(d, "alice", thread, "open", options={"where": "zz"})
        assert malformed.ephemeral and "such as C3" in malformed.content
        outside = await command(d, "alice", thread, "open", options={"where": "Z9"})
        assert outside.ephemeral and "outside it" in outside.content
        illegal = await command(d, "alice", thread, "open", options={"where": "A1"})
        assert illegal.ephemeral and "one of the four printed attractions" in illegal.content
        wrong_step = await command(d, "alice", thread, "highlight", options={"to": "C3"})
        assert wrong_step.ephemeral and "not a choice right now" in wrong_step.content
        garbage = await command(d, "alice", thread, "choose", options={"option": "banana"})
        assert garbage.ephemeral and "Pick one of the offered choices" in garbage.content
        card = await command(d, "alice", thread, "special", options={"card": "9"})
        assert card.ephemeral and "1 to 7" in card.content
        assert mark(d, thread) == before  # nothing changed on the board
        table = await table_of(d, thread)
        assert all(circus.highlight is None for circus in table.state.circuses)
        # A decision taken; a second one is refused while the others are awaited.
        await command(d, "alice", thread, "open", "where")
        await board_changed(d, thread, before)
        again = await command(d, "alice", thread, "open", options={"where": "C3"})
        assert again.ephemeral and "waiting for bob and carol" in again.content
        stale = await command(d, "bob", thread, "choose", options={"option": "0:99"})
        assert stale.ephemeral and "out of date" in stale.content


async def test_hand_and_pending_choice_are_shown_only_to_their_owner(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_little_circuses(d)
        latest = board(d, thread)
        mine = await d.click("alice", latest, button(latest, "rm:hand:"))
        answer = await mine.settled(timeout=10)
        assert answer.ephemeral and d.png_attachments(answer)
        assert "Your decision" in answer.content
        stranger = await d.click("mia", latest, button(latest, "rm:hand:"))
        assert "not seated" in (await stranger.answer()).content
        for message in d.messages_in(thread):
            assert "Your " not in message.content
        # A private choice: the thread learns only that alice has chosen, not what.
        before = mark(d, thread)
        await command(d, "alice", thread, "open", "where", prefer="Photo Stand")
        updated = await board_changed(d, thread, before)
        assert "Photo Stand" not in updated.content
        assert awaited_members(d, updated) == ["bob", "carol"]
        by_command = await (await d.slash("alice", thread, "game hand", {})).settled(timeout=10)
        assert by_command.ephemeral and d.png_attachments(by_command)


async def test_a_restart_mid_game_keeps_the_panel_and_commands_working(tmp_path: Path) -> None:
    rng = random.Random(11)
    async with standin(tmp_path) as d:
        thread = await open_little_circuses(d)
        for member in PLAYERS:
            await answer_panel(d, member, thread, rng)
        table = await table_of(d, thread)
        assert table.state.space >= 1  # opening night is over and John has moved on
        version = table.record.version
        await d.restart_bot()
        waiting = awaited_members(d, board(d, thread))
        assert waiting
        first, *others = waiting
        answer = await command(d, first, thread, "choose", "option")  # a command after the restart …
        assert answer.ephemeral and "out of date" not in answer.content and "not seated" not in answer.content
        for member in others:
            await answer_panel(d, member, thread, rng)  # … and the board's buttons
        table = await table_of(d, thread)
        assert table.record.version >= version + len(waiting)  # every answer was recorded


# ----- what the commands read back ----------------------------------------------------------------------


def test_the_new_command_offers_exactly_the_game_options() -> None:
    game = LittleCircuses()
    command = cog.LittleCircusesCog.new
    assert [p.name for p in command.parameters] == [spec.key for spec in game.option_specs]
    side = next(spec for spec in game.option_specs if spec.key == "special_side")
    assert [c.value for c in cog.SIDE_CHOICES] == list(side.choices)


def test_every_autocomplete_value_reads_back_as_the_same_action() -> None:
    """For every decision of seeded red-side games, the value a command's autocomplete offers is parsed
    back by that command into exactly the legal action it was made from."""
    game = LittleCircuses()
    seen: set[str] = set()
    for seed in (1, 2):
        state = game.new_game(["Ada", "Bo", "Cy", "Di"], {"special_side": "red"}, seed)
        rng = chooser_rng(seed)
        while not game.is_over(state):
            seat = pick_seat(game, state, rng)
            legal = game.legal_actions(state, seat)
            table: Any = Table(record=None, seats=[], kit=KITS["little_circuses"], state=state)  # type: ignore[arg-type]
            names = list(state.players)
            for action in legal:
                value = cog.action_value(action)
                assert len(value) <= 100
                seen.add(action.kind)
                read: Any
                if isinstance(action, lc.OpenAt):
                    read = lc.OpenAt(cog.parse_cell(value))
                elif isinstance(action, lc.PlaceTile):
                    read = lc.PlaceTile(cog.parse_cell(value))
                elif isinstance(action, lc.MoveHighlight):
                    read = lc.MoveHighlight(cog.parse_cell(value))
                elif isinstance(action, lc.ChooseTile):
                    read = lc.ChooseTile(cog.parse_tile(value, []))
                elif isinstance(action, (lc.AdvancePublic, lc.CashPublic)):
                    read = cog.public_action(table, seat, cog.parse_space(value))
                elif isinstance(action, lc.ChooseSpecial):
                    read = lc.ChooseSpecial(cog.parse_card(value, "red"))
                elif isinstance(action, (lc.TakeShowcase, lc.TakeFromHand)):
                    read = cog.take_action(table, seat, value)
                elif isinstance(action, lc.ChooseRival):
                    read = lc.ChooseRival(cog.parse_seat(value, names))
                else:
                    continue
                assert read == action, (action, value)
            state, _ = game.apply(state, seat, pick_action(game, state, seat, legal, rng, auto=False))
    assert {"open_at", "place_tile", "move_highlight", "choose_tile", "advance_public", "cash_public",
            "choose_special", "choose_rival"} <= seen


def test_typed_names_are_read_and_nonsense_is_refused_with_a_sentence() -> None:
    tiles = load_content().tiles
    some = next(t for t in tiles.values() if t.kind == "starting")
    assert cog.parse_tile(some.name.upper(), []) == some.id
    assert cog.parse_card("The Lion Tamer", "blue") == "5"
    assert cog.parse_seat("bo", ["Ada", "Bo"]) == 1
    assert cog.parse_cell(" c3 ") == 14
    # The leak check of the whole-game test tells a name from a longer name that starts with it.
    assert not mentions("carol builds Painted Sword Swallower Stage.", "Painted Sword Swallower")
    assert mentions("carol builds Painted Sword Swallower.", "Painted Sword Swallower")
    for call, words in ((lambda: cog.parse_tile("Flying Teapot", []), "no attraction called"),
                        (lambda: cog.parse_card("0", "blue"), "1 to 7"),
                        (lambda: cog.parse_space("5"), "2, 4, 6 or 8"),
                        (lambda: cog.parse_seat("Zed", ["Ada"]), "no player called"),
                        (lambda: cog.parse_cell("G1"), "outside it"),
                        (lambda: cog.parse_cell("3C"), "such as C3")):
        try:
            call()
        except TableError as error:
            assert words in str(error)
        else:
            raise AssertionError(f"{words!r} was not refused")
