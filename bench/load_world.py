"""The load benchmark's world: N live games built through the product's own table core, and the stand-in
Discord (guild, channel, members, threads, each game's current board message) that matches them.

Games are built BEFORE the bot starts, in this process, with the calls the bot makes
(``TableService.create``, ``join``, ``start``, ``act``), so the database holds what the bot would
have written: snapshot, action log, seats, seat clocks, thread ids, board state and outbox. Each game
is played by the automatic players (``rules.cli.pick_seat`` / ``pick_action``, from the game's own
secret seed) to a uniformly random point of its history, never its end. To keep building affordable,
all but the newest ``TAIL`` actions are written with the store's own ``record_action`` (the same log
row, seat clocks and version; the snapshot written is the real one at the last of them) and without
the outbox items the table would have queued for them, which are delivered and pruned below anyway;
the newest ``TAIL`` actions go through ``TableService.act`` itself, so the current board (its text,
``board_since``, mentions) is the table's own. Then everything queued is marked delivered, as a bot
that had posted it would have done, with the game's newest board recorded as its board message, and
delivered items are pruned, as the bot's scheduler does after a day; the file is vacuumed.

Building costs about 0.6 to 1.5 s per game on the 2-core machine (1,000 games: 10 to 25 minutes;
10,000 games: a few hours), once per (games, seed). The board
message itself (its text, buttons and mentions, as composed by the table; no image) is put into the
stand-in's thread at run time, so the first press of a game is a real click on a real board.

Stand-in ids (guild, channel, members, threads, board messages) are snowflakes from a day before the
build, so the world can be rebuilt identically on every run and never collides with ids the stand-in
makes later. Built worlds are cached by (games, seed): ``<cache>/load-<games>-<seed>/`` holds
``ringmaster.sqlite3`` and ``world.json``. A cache older than ``MAX_AGE`` is rebuilt, because the turn
deadlines some games have would otherwise start falling due during a run.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import shutil
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the project and its tests' stand-in

from db.outbox import OutboxRow
from rules.cli import chooser_rng, pick_action, pick_seat
from rules.core.errors import RulesError
from rules.core.options import validate_options
from table.core import TableCore
from table.forced import follow_ups
from table.kits import KITS
from table.model import Table
from tests.discord_standin import Channel, Message, StandIn

KINDS = ("circus_train", "little_circuses", "wanderzirkus", "dreadful_circus")
DB_NAME = "ringmaster.sqlite3"
MANIFEST_NAME = "world.json"
FORMAT = 2  # bumped when what is cached changes
MAX_AGE = timedelta(days=2)
DEADLINE_SHARE = 0.3  # games with a turn deadline (the longest allowed, so none falls due during a run)
DEADLINE_MINUTES = 14 * 24 * 60
OPTION_CHANCE = 0.3  # each variant is switched on with this chance (where the game allows the mix)
TAIL = 20  # the newest actions of each game are played through the table service itself
DISCORD_EPOCH_MS = 1420070400000


@dataclass
class GameEntry:
    """One built game as the stand-in must show it."""

    id: int
    kind: str
    thread_id: int
    title: str
    players: list[int]
    board_message_id: int
    board_text: str
    board_controls: list[list[Any]]
    board_mentions: list[int]


@dataclass
class World:
    """What a run needs to rebuild the stand-in to match the cached database."""

    games: int
    seed: int
    built_at: str
    guild_id: int
    channel_id: int
    users: list[tuple[int, str]]
    entries: list[GameEntry] = field(default_factory=list)
    format: int = FORMAT
    build_seconds: float = 0.0
    actions: int = 0

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(asdict(self)), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> World:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["users"] = [tuple(user) for user in data["users"]]
        data["entries"] = [GameEntry(**entry) for entry in data["entries"]]
        return cls(**data)


def print_now(text: str) -> None:
    print(text, flush=True)


class Snowflakes:
    """Discord-shaped ids from one fixed moment: a counter in the low 22 bits."""

    def __init__(self, moment: datetime) -> None:
        self.base = (int(moment.timestamp() * 1000) - DISCORD_EPOCH_MS) << 22
        self.count = 0

    def __call__(self) -> int:
        self.count += 1
        return self.base + self.count


def cache_folder(cache: Path, games: int, seed: int) -> Path:
    return cache / f"load-{games}-{seed}"


def cached(cache: Path, games: int, seed: int) -> World | None:
    """The cached world for (games, seed), if it is complete, current and young enough."""
    folder = cache_folder(cache, games, seed)
    if not (folder / MANIFEST_NAME).is_file() or not (folder / DB_NAME).is_file():
        return None
    try:
        world = World.load(folder / MANIFEST_NAME)
    except (ValueError, TypeError, KeyError):
        return None
    if world.format != FORMAT or datetime.now(UTC) - datetime.fromisoformat(world.built_at) > MAX_AGE:
        return None
    return world


def pick_options(kind: str, players: int, rng: random.Random) -> dict[str, object]:
    """Random variants the game accepts for this many players (each on with ``OPTION_CHANCE``)."""
    game = KITS[kind].game
    for _ in range(20):
        options: dict[str, object] = {}
        for spec in game.option_specs:
            if rng.random() < OPTION_CHANCE:
                options[spec.key] = (rng.choice([c for c in spec.choices if c != spec.default])
                                     if spec.kind == "choice" else not spec.default)
        try:
            game.check_options(validate_options(game.option_specs, options), players)
        except RulesError:
            continue
        return options
    return {}


@dataclass
class Step:
    seat: int
    action: Any
    events: list[Any]
    state: Any  # after the action
    forced: bool = False  # a forced move the table plays by itself after the step before it


def plan(table: Table) -> list[Step]:
    """The whole game as the automatic players would play it from the game's seed, with the forced moves
    the table plays by itself after each move (``table.forced``), as the table would."""
    game = table.game
    assert table.state is not None
    state, rng, steps = table.state, chooser_rng(table.record.seed), []
    while not game.is_over(state):
        seat = pick_seat(game, state, rng)
        action = pick_action(game, state, seat, game.legal_actions(state, seat), rng, auto=True)
        state, events = game.apply(state, seat, action)
        steps.append(Step(seat, action, events, state))
        for move in follow_ups(game, state, forced_moves=table.record.forced_moves, answers={})[1]:
            state, _ = game.apply(state, move.seat, move.action)
            steps.append(Step(move.seat, move.action, move.events, state, forced=True))
    return steps


async def build(cache: Path, games: int, seed: int, report: Callable[[str], None] = print_now) -> World:
    """Build (or rebuild) the cached world for (games, seed)."""
    folder = cache_folder(cache, games, seed)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    started = time.monotonic()
    rng = random.Random(seed)
    now = datetime.now(UTC)
    ids = Snowflakes(now - timedelta(days=1))
    guild_id, channel_id = ids(), ids()
    population = max(10, games)  # each member sits in a few games, as in a busy server
    users = [(ids(), f"player{number:05d}") for number in range(1, population + 1)]
    names = dict(users)
    world = World(games, seed, now.isoformat(), guild_id, channel_id, users)
    core = await TableCore.open(folder / DB_NAME)
    try:
        for number in range(games):
            entry, made = await build_game(core, world, KINDS[number % len(KINDS)], rng, ids, names)
            world.entries.append(entry)
            world.actions += made
            if (number + 1) % max(1, games // 20) == 0:
                report(f"  built {number + 1}/{games} games ({world.actions} actions, "
                       f"{time.monotonic() - started:.0f} s)")
        # What the bot's scheduler does to delivered items after a day: the log keeps what happened.
        await core.tables.write(core.outbox.prune(core.clock() + timedelta(days=1)))
    finally:
        await core.close()
    with contextlib.closing(sqlite3.connect(folder / DB_NAME)) as conn:
        conn.execute("VACUUM")  # the pruned outbox leaves most of the file empty
    world.build_seconds = time.monotonic() - started
    world.save(folder / MANIFEST_NAME)
    return world


async def build_game(core: TableCore, world: World, kind: str, rng: random.Random, ids: Snowflakes,
                     names: dict[int, str]) -> tuple[GameEntry, int]:
    game = KITS[kind].game
    count = rng.randint(max(2, game.min_players), game.max_players)
    players = [user_id for user_id, _ in rng.sample(world.users, count)]
    options = pick_options(kind, count, rng)
    deadline = DEADLINE_MINUTES if rng.random() < DEADLINE_SHARE else None
    tables = core.tables
    table = await tables.create(kind, world.guild_id, world.channel_id, players[0], names[players[0]], options,
                                deadline_minutes=deadline)
    for user_id in players[1:]:
        await tables.join(table.id, user_id, names[user_id], world.guild_id)
    thread_id = ids()
    table = await tables.start(table.id, players[0], thread_id)
    steps = plan(table)
    made = rng.randrange(len(steps)) if steps else 0
    early = max(0, made - TAIL)
    version = table.record.version
    for number, step in enumerate(steps[:early], start=1):
        # The store's own write of an action (log row, seat clocks, version); the snapshot is the real
        # one at the last of these steps (each write replaces the previous one's).
        snapshot = game.state_to_json(step.state) if number == early else None
        version = await tables.write(core.store.record_action(
            table.id, version, step.seat, game.action_to_json(step.action), [event.to_json() for event in step.events],
            snapshot, awaited=game.to_act(step.state), board_since=version + 1))
    for step in steps[early:made]:
        if not step.forced:  # the table plays those itself, after the step before
            await tables.act(table.id, table.user_of(step.seat), None, always(step.action))
    board_id = ids()
    board = await deliver_setup(core, table.id, board_id)
    payload = board.payload
    entry = GameEntry(table.id, kind, thread_id, table.title, players, board_id, payload["text"],
                      payload["controls"], list(payload["mentions"]))
    return entry, made


def always(action: Any) -> Callable[[Table, int], Any]:
    """A chooser (as ``TableService.act`` takes) that picks ``action``, planned beforehand."""
    return lambda _table, _seat: action


async def deliver_setup(core: TableCore, game_id: int, board_message_id: int) -> OutboxRow:
    """Mark everything the game's set-up queued as delivered, the newest board as its board message
    (as the publisher does once the courier has posted it); returns that board item."""
    pending = await core.outbox.pending(game_id)
    boards = [row for row in pending if row.kind == "board"]
    newest = boards[-1]
    for row in pending:
        await core.outbox.delivered(row.id, board_message_id=board_message_id if row is newest else None)
    return newest


async def prepare(cache: Path, games: int, seed: int, report: Callable[[str], None] = print_now) -> tuple[World, Path]:
    """The world for (games, seed), built if not cached; returns it and its database file."""
    world = cached(cache, games, seed)
    if world is None:
        report(f"building {games} games (seed {seed}) into {cache_folder(cache, games, seed)} …")
        world = await build(cache, games, seed, report)
        report(f"built {games} games, {world.actions} actions, in {world.build_seconds:.0f} s")
    return world, cache_folder(cache, games, seed) / DB_NAME


def populate(server: StandIn, world: World) -> dict[int, Channel]:
    """Make the stand-in match the cached database: the guild, its "games" channel, every member, each
    game's thread and its current board message (text and buttons as the table composed them, without
    the image). Call before the bot connects: it learns all of it from GUILD_CREATE. Returns the threads
    by game id."""
    from cogs.buttons import controls_view  # the bot's own buttons module builds the board's buttons

    for user_id, name in world.users:
        server.add_user(name, user_id=user_id)
    guild = server.add_guild("Big Top", channels=(), members=[name for _, name in world.users], managers=(),
                             guild_id=world.guild_id)
    channel = server.add_channel(guild, "games", channel_id=world.channel_id)
    threads: dict[int, Channel] = {}
    for entry in world.entries:
        thread = server.add_thread(channel, entry.title, thread_id=entry.thread_id)
        view = controls_view(entry.id, entry.board_controls)
        board = Message(entry.board_message_id, thread.id, guild.id, server.bot_user, entry.board_text,
                        components=view.to_components() if view is not None else [],
                        mentions=[server.users[user_id] for user_id in entry.board_mentions])
        server.messages[board.id] = board
        thread.last_message_id = board.id
        thread.message_count = thread.total_message_sent = 1
        threads[entry.id] = thread
    return threads


if __name__ == "__main__":  # build a world on its own: python bench/load_world.py GAMES SEED CACHE
    asyncio.run(prepare(Path(sys.argv[3]), int(sys.argv[1]), int(sys.argv[2])))
