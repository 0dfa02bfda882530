"""Robot seats through Discord: the real bot (robots thinking in its worker process) against the local stand-in.

A Dreadful Circus game with two people and two strong robots, opened with ``/game new robots:2
robot_level:strong``, is played to its end: the people through their private panels, the robots by
themselves. Every message the bot posted is read: a robot is named, never mentioned. The bot's event loop is
watched from inside it the whole time (this test runs in the bot's process): while robots think, it never
falls behind by 100 ms or more. And the bot is restarted while a robot is thinking: nothing is lost, and the
robot moves after the restart.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from rules.core.players import Level
from rules.core.rng import Rng
from table.thinking import Thought

from discord_standin import Discord, ringmaster_factory, standin
from discord_table import board, button, custom_ids, labels, take_turn

PEOPLE = ("alice", "bob")
WAIT = 20.0  # seconds: boards are drawn on every decision, and the machine is shared
LAG_BOUND = 0.1  # seconds the bot's event loop may fall behind while robots think
PROBE = 0.01  # how often the loop's lag is sampled


class LagProbe:
    """Samples how late the event loop wakes a sleeping task, while any robot of the bot is thinking."""

    def __init__(self, d: Discord) -> None:
        self.d = d
        self.worst = 0.0
        self.samples = 0
        self.paused = False
        """While the bot restarts there is no bot to measure (its old and new selves stop and start)."""
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(PROBE)
            late = loop.time() - before - PROBE
            bot: Any = self.d.bot
            core = getattr(bot, "_core", None) if bot is not None else None
            if core is not None and core.robots.thinking and not self.paused:
                self.samples += 1
                self.worst = max(self.worst, late)

    async def stop(self) -> None:
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)


class Stuck:
    """A thinker that never finishes: the robot is mid-thought when the bot restarts."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()

    async def decide(self, kind: str, state_json: Any, seat: int, level: Level, seed: int,
                     want_estimates: bool = False) -> Thought:
        self.asked.set()
        await asyncio.Event().wait()
        raise AssertionError("never")

    async def close(self) -> None:
        return None


def core_of(d: Discord) -> Any:
    assert d.bot is not None
    return d.bot.core  # type: ignore[attr-defined]


def quick(d: Discord) -> None:
    """Robots post after a short delay here (the product's 3 s would make a whole game slow to test)."""
    core_of(d).robots.delay = 0.05


async def table_of(d: Discord, game_id: int) -> Any:
    return await core_of(d).table(game_id)


async def by_panel(d: Discord, thread: Any, user: str, label: str) -> None:
    """Press Take your turn, then the choice with this label (a button, or an entry of a menu)."""
    panel = await take_turn(d, user, thread)
    message = panel.message
    assert message is not None
    ids, names = custom_ids(message), labels(message)
    if any(cid.startswith("rm:pick:") for cid in ids):
        for row in message.components:
            for component in row.get("components", []):
                for option in component.get("options", []):
                    if option["label"] == label[:100]:
                        await (await d.select(user, message, component["custom_id"], [option["value"]])).answer()
                        return
        raise AssertionError(f"{label!r} is not in the menus of {message.content!r}")
    assert label[:80] in names, f"{label!r} is not among {names}"
    await (await d.click(user, message, ids[names.index(label[:80])])).answer()


async def moved_on(d: Discord, game_id: int, version: int) -> None:
    """Wait until the game is past ``version`` (a person's move, or a robot's)."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while (await core_of(d).store.get_game(game_id)).version <= version:
        d.raise_errors()
        assert asyncio.get_running_loop().time() < deadline, "the game did not move"
        await asyncio.sleep(0.01)


async def test_two_people_and_two_strong_robots_play_dreadful_circus_to_its_end(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=False, members=PEOPLE) as d:
        await d.start_bot(ringmaster_factory(d, tmp_path / "ringmaster.sqlite3", render_processes=1,
                                             think_processes=1))
        quick(d)
        probe = LagProbe(d)
        created = await d.slash("alice", "games", "game new",
                                {"kind": "dreadful_circus", "robots": 2, "robot_level": "strong"})
        await created.answer()
        lobby = created.message
        assert lobby is not None
        assert "🤖 Robot (strong)" in lobby.content and "🤖 Robot 2 (strong)" in lobby.content
        assert any(cid.startswith("rm:robot:strong:") for cid in custom_ids(lobby))
        await (await d.click("bob", d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:join:"))).answer()
        await (await d.click("alice", d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:start:"))).answer()
        thread = await d.wait_for(lambda: next(iter(d.threads("games")), None), what="the game's thread")
        game_id = int(re.findall(r"#(\d+)", lobby.content)[0])
        restarted = False
        stuck: Stuck | None = None
        for _ in range(800):
            table = await table_of(d, game_id)
            if table.record.status != "active":
                break
            people = [seat for seat in table.awaited() if not table.is_robot(seat)]
            version = table.record.version
            if stuck is None and table.state.round >= 2:
                # From now on the robots' next thought never finishes: the bot will stop while a robot thinks.
                stuck = Stuck()
                core_of(d).robots.thinker = stuck
            if stuck is not None and not restarted and not people:
                await asyncio.wait_for(stuck.asked.wait(), WAIT)
                # A robot thinks (its game's one robot task is stuck in it), and nobody else moves here.
                version = (await table_of(d, game_id)).record.version
                await asyncio.sleep(0.2)
                assert (await table_of(d, game_id)).record.version == version
                probe.paused = True
                await d.restart_bot()
                quick(d)
                probe.paused = False
                restarted = True
                await moved_on(d, game_id, version)  # the robot moves after the restart
                after = await core_of(d).actions(game_id)
                assert any(entry.version == version + 1 and table.is_robot(entry.seat) for entry in after)
                continue
            if not people:
                await moved_on(d, game_id, version)  # the robots move by themselves
                continue
            seat = people[0]
            user = d.user(table.user_of(seat)).name
            legal = table.game.legal_actions(table.state, seat)
            action = table.game.auto_action(table.game.view(table.state, seat), legal, Rng.from_seed(version))
            await by_panel(d, thread, user, table.game.describe_action(table.state, seat, action))
            await moved_on(d, game_id, version)
        await probe.stop()
        table = await table_of(d, game_id)
        assert table.record.status == "finished" and restarted
        await d.wait_for(lambda: "Final scores" in board(d, thread).content or None, timeout=WAIT)
        # Robots moved, and were never pinged: every message names them and mentions people only.
        logged = await core_of(d).actions(game_id)
        assert sum(1 for entry in logged if table.is_robot(entry.seat)) >= 4
        people_ids = {str(d.user(name).id) for name in PEOPLE}
        texts = []
        for where in ("games", thread):
            for message in d.messages_in(where):
                texts += [message.content, *(str(version.get("content", "")) for version in message.versions)]
                assert {str(user.id) for user in message.mentions} <= people_ids
        assert any("🤖 Robot (strong)" in text for text in texts)
        for text in texts:
            assert "<@-" not in text
            assert set(re.findall(r"<@!?(\d+)>", text)) <= people_ids, text
        # The statistics keep the robots apart from the people's standings.
        stats = await (await d.slash("bob", "games", "stats leaderboard", {"kind": "dreadful_circus"})).settled(WAIT)
        ranked = stats.content.split("Robots (not ranked): ")
        assert len(ranked) == 2 and ranked[1].startswith("strong: ") and "<@-" not in stats.content
        assert set(re.findall(r"<@!?(\d+)>", ranked[0])) == people_ids
        # The loop never fell behind while robots thought.
        print(f"robot moves: {sum(1 for entry in logged if table.is_robot(entry.seat))}; the bot's loop lag while "
              f"robots thought: worst {probe.worst * 1000:.1f} ms over {probe.samples} samples")
        assert probe.samples > 0
        assert probe.worst < LAG_BOUND, f"the event loop fell {probe.worst * 1000:.0f} ms behind while robots thought"


async def test_the_lobby_seats_and_removes_robots_by_its_buttons_and_refuses_clearly(tmp_path: Path) -> None:
    async with standin(tmp_path, members=(*PEOPLE, "carol")) as d:
        created = await d.slash("alice", "games", "game new", {"kind": "little_circuses"})
        await created.answer()
        lobby = created.message
        assert lobby is not None
        await (await d.click("alice", d.message(lobby.id), button(d.message(lobby.id), "rm:robot:easy:"))).answer()
        await (await d.click("alice", d.message(lobby.id), button(d.message(lobby.id), "rm:robot:strong:"))).answer()
        content = d.message(lobby.id).content
        assert "2. 🤖 Robot (easy)" in content and "3. 🤖 Robot 2 (strong)" in content and "<@-" not in content
        refused = await d.click("bob", d.message(lobby.id), button(d.message(lobby.id), "rm:robot:normal:"))
        answer = await refused.answer()
        assert answer.ephemeral
        assert answer.content.endswith("Only the game's creator or a server manager can add robots.")
        await (await d.click("alice", d.message(lobby.id), button(d.message(lobby.id), "rm:robot:remove:"))).answer()
        content = d.message(lobby.id).content
        assert "🤖 Robot (easy)" in content and "Robot 2" not in content
        await (await d.click("alice", d.message(lobby.id), button(d.message(lobby.id), "rm:robot:remove:"))).answer()
        empty = await d.click("alice", d.message(lobby.id), button(d.message(lobby.id), "rm:robot:remove:"))
        answer = await empty.answer()
        assert answer.ephemeral and answer.content.endswith("There is no robot in this game to remove.")
        # /game new refuses more robots than the game has seats besides its creator's, before opening a lobby.
        many = await d.slash("carol", "games", "game new", {"kind": "circus_train", "robots": 7})
        answer = await many.answer()
        assert answer.ephemeral and answer.content.endswith(
            "Circus Train takes at most 5 players, so at most 4 robots besides you.")
        assert len(d.messages_in("games")) == 1
