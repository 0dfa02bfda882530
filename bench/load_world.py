"""The load benchmark's world: N live games built through the product's own table core, and the stand-in
Discord (guild, channel, members, threads, each game's current board message) that matches them.

Games are built BEFORE the bot starts, in this process, with the calls the bot makes
(``TableService.create``, ``join``, ``start``, ``act``), so the database holds what the bot would
have written: snapshot, action log, seats, seat clocks, thread ids, board state and outbox. Each game
is played by the automatic players (``rules.cli.pick_seat`` / ``pick_action``, from the game's own
secret seed) to a uniformly random turn of its history, never its end. A turn is a move a player is
asked for together with the moves the table then plays by itself (forced moves, standing answers:
``table.forced``), all in the same act; the world is cut between turns only, since the table plays
follow-ups right after the move that led to them and never later, so a cut inside a turn would leave
the game waiting for a move nobody is asked for, or replay a player's move the game does not await.
To keep building affordable, all but the newest ``TAIL`` turns are written with the store's own
``record_action``, one write a turn as the table makes it (the same log rows, the follow-ups marked as
played for their seats, seat clocks and version; the snapshot written is the real one at the last of
them) and without the outbox items the table would have queued for them, which are delivered and
pruned below anyway; the newest ``TAIL`` turns go through ``TableService.act`` itself, so the current
board (its text, ``board_since``, mentions) is the table's own. Before each act the seat is checked
against whom the table awaits, after it the table's follow-ups against the plan's, and at the end the
saved state against the planned one: a difference stops the build (``WorldDiverged``). Then everything
queued is marked delivered, as a bot that had posted it would have done, with the game's newest board
recorded as its board message, and delivered items are pruned, as the bot's scheduler does after a
day; the file is vacuumed.

Robot seats (``robots``, a share of all seats, e.g. 0.1): that share of the world's seats are strong robots
(``TableCore.add_robot`` in the lobby, after the members: a robot's seat is its game's last), spread evenly over
the games in the order they are built (each game takes the robots that bring the running count up to the share
of the seats so far), never every seat of a game: a game's creator is always a member. The members drawn are the
same as without robots (the robots take the places of the last ones drawn), so only the seats differ. The
world's history plays the robots' seats like the others (the automatic players, from the game's seed); the
newest turns of a robot go through ``TableService.act`` as the bot's robots move (no member, cause "robot"),
and the older ones are logged as automatic moves. The bot's robots are kept from moving while the world is built
(their moves are the plan's); when the bot starts, each game that waits for a robot has it think and move.
The cache key includes the share: ``load-<games>-<seed>-robots<share>`` (without robots, the name it always had).

The world's ``seed`` fixes each game's kind, players, variants and deadline; the deals, and so the games'
histories and where they stop, differ from one build to the next, because each game's seed is the table's
own secret one (``TableService.create``): a cached world is not rebuilt identically.

Building costs about 0.2 to 0.4 s per game on the shared 2-core machine (100 games: 16 s; 1,000 games,
some 160,000 actions: 7 minutes with other work running), once per (games, seed); most of it is playing
each game to its end to choose the turn to stop at. The board message itself (its text, buttons and
mentions, as composed by the table; no image) is put into the stand-in's thread at run time, so the first
press of a game is a real click on a real board.

Larger worlds are copies. A world of more than ``BASE_GAMES`` (1,000) games is not built game by game
(10,000 games would take hours) but replicated from the base world of the same seed, built first if it
is not cached: the base's database file is copied and each base game is copied, in turn, under a new
game id (the next free ones, so the kinds keep their shares) until there are N games; the last round
of copies may be partial (its members are still a full set). Every row with a ``game_id`` (games,
seats, actions, undone, votes, results, outbox) is copied in one transaction: the action log with one
``INSERT … SELECT`` per round, the other rows with ``executemany``. Each copy gets its own thread,
board message and members: a round of copies has a new member for each base member (a new snowflake
and the next ``playerNNNNN`` name), so every member sits in as many games as its base member does and
per-member queries stay as selective as in the base world. What the copied rows and the stand-in show
is rewritten to match: the snapshot's names, the seats' members and names, the board text's title
(``<kind> #<game id>``), names and ``<@id>`` mentions, the ids and custom ids (``rm:<what>:<game id>…``)
in any outbox item left; the board's buttons are rebuilt from the game id at run time, and their
member arguments (a hand-over's giver and taker) are mapped. Actions and events hold seats, not
members, and are copied as they are. So a copy shares its base game's history (seed, snapshot, log,
timestamps): the work of one move is the same as in the base world, and what grows is the number of
live games, of rows in every table, of threads and of members. Copying 9,000 games (10,000 from
1,000: 1.56 million actions, a 530 MB file) takes under a minute.

Stand-in ids (guild, channel, members, threads, board messages) are snowflakes from a day before the
build, so the world can be rebuilt identically on every run and never collides with ids the stand-in
makes later (a replicated world's new ids continue the base world's). Built worlds are cached by
(games, seed): ``<cache>/load-<games>-<seed>/`` holds ``ringmaster.sqlite3`` and ``world.json``. A cache
older than ``MAX_AGE`` is rebuilt, because the turn deadlines some games have would otherwise start
falling due during a run; a replicated world is as old as its base (its games' times are the base's).

A world is built in one server. A run of several bot processes spreads it over one server per Discord
shard (``spread_guilds``, on the run's copy of the database): the k-th server's id is the first's plus k
milliseconds (Discord routes a server's events by the milliseconds of its id), its "games" channel
likewise, and runs of one game of each kind take the servers in turn; every member is in every server.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import random
import re
import shutil
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the project and its tests' stand-in

from db.outbox import OutboxRow
from db.records import ChainedAction
from rules.cli import chooser_rng, pick_action, pick_seat
from rules.core.errors import RulesError
from rules.core.options import validate_options
from table.core import TableCore
from table.forced import Answers, FollowUp, follow_ups, waited_throughout
from table.kits import KITS
from table.model import Table
from table.publications import controls_from_json
from tests.discord_standin import Channel, Message, StandIn

KINDS = ("circus_train", "little_circuses", "wanderzirkus", "dreadful_circus")
DB_NAME = "ringmaster.sqlite3"
MANIFEST_NAME = "world.json"
FORMAT = 2  # bumped when what is cached changes (2: worlds cut between turns, follow-ups logged as the table's)
MAX_AGE = timedelta(days=2)
DEADLINE_SHARE = 0.3  # games with a turn deadline (the longest allowed, so none falls due during a run)
DEADLINE_MINUTES = 14 * 24 * 60
OPTION_CHANCE = 0.3  # each variant is switched on with this chance (where the game allows the mix)
TAIL = 20  # the newest turns of each game are played through the table service itself
DISCORD_EPOCH_MS = 1420070400000
BASE_GAMES = 1000  # larger worlds are copies of the world of this many games (same seed)
NAME = "player{:05d}"  # the members' names, numbered from 1
NAME_PATTERN = re.compile(r"\bplayer\d{5,}\b")
SNOWFLAKE_PATTERN = re.compile(r"(?<!\d)\d{15,20}(?!\d)")
TITLE_PATTERN = re.compile("(" + "|".join(re.escape(kit.name) for kit in KITS.values()) + r") #(\d+)(?!\d)")
CUSTOM_ID_PATTERN = re.compile(r"\brm:(lobby:[a-z]+|[a-z]+):(\d+)(?!\d)")  # cogs/buttons.py: rm:<what>:<game>…
SHARED_IDS = ("guild_id", "channel_id")  # id columns a copy keeps
SHARD_STEP = 1 << 22  # an id this much larger is a millisecond later: its guild is on the next shard


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
    robots: int = 0  # robot seats (the game's last seats), besides the members in ``players``


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
    base: int = 0  # replicated from the world of this many games (0: built game by game)
    guilds: int = 1  # the servers the games are spread over for a run (see ``spread_guilds``); built with one
    robots: float = 0.0  # the share of all seats that are strong robots

    def guild_ids(self) -> list[int]:
        """The servers' ids: the built one, then one a millisecond later each, so that server k of a
        world spread over n is on shard (first's + k) mod n of n (Discord's ``(guild_id >> 22) % n``)."""
        return [self.guild_id + number * SHARD_STEP for number in range(self.guilds)]

    def place(self, index: int) -> tuple[int, int]:
        """The server and "games" channel of the ``index``-th game: runs of one game of each kind take the
        servers in turn, so every server has the kinds in equal shares."""
        number = (index // len(KINDS)) % self.guilds
        return self.guild_id + number * SHARD_STEP, self.channel_id + number * SHARD_STEP

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

    def __init__(self, moment: datetime | None = None, *, after: int = 0) -> None:
        """Ids from ``moment``, or (without one) the ids that follow ``after``."""
        self.base = (int(moment.timestamp() * 1000) - DISCORD_EPOCH_MS) << 22 if moment is not None else after
        self.count = 0

    def __call__(self) -> int:
        self.count += 1
        return self.base + self.count


def cache_folder(cache: Path, games: int, seed: int, robots: float = 0.0) -> Path:
    return cache / (f"load-{games}-{seed}" + (f"-robots{robots:g}" if robots else ""))


def cached(cache: Path, games: int, seed: int, robots: float = 0.0) -> World | None:
    """The cached world for (games, seed, robots), if it is complete, current and young enough."""
    folder = cache_folder(cache, games, seed, robots)
    if not (folder / MANIFEST_NAME).is_file() or not (folder / DB_NAME).is_file():
        return None
    try:
        world = World.load(folder / MANIFEST_NAME)
    except (ValueError, TypeError, KeyError):
        return None
    if world.format != FORMAT or datetime.now(UTC) - datetime.fromisoformat(world.built_at) > MAX_AGE:
        return None
    if world.robots != robots:
        return None
    return world


def robot_seats(seats: int, placed: tuple[int, int], share: float) -> int:
    """How many of a game's ``seats`` are robots, for ``share`` of all seats spread evenly: ``placed`` is (seats,
    robots) of the games before; the game takes what brings the robots up to the share of the seats so far (the
    rounding carried on to the next games), never every seat."""
    before, robots = placed
    due = int((before + seats) * share + 1e-9) - robots
    return max(0, min(seats - 1, due))


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
class Turn:
    """One move a player is asked for, and the moves the table then plays by itself in the same act (forced
    moves, standing answers: ``table.forced``), as one write of the table logs them."""

    seat: int
    action: Any
    events: list[Any]
    follow: list[FollowUp]  # the table's follow-ups, in the order it plays them
    state: Any  # after the last of them
    awaited_before: frozenset[int]  # the seats awaited before the move
    kept: frozenset[int]  # the seats awaited without a break through the move and its follow-ups

    @property
    def actions(self) -> int:
        return 1 + len(self.follow)


def plan(table: Table, answers: Answers) -> list[Turn]:
    """The whole game as the automatic players would play it from the game's seed, one turn per move a
    player is asked for: the move, then what the table plays by itself after it (``follow_ups`` with the
    table's own setting for forced moves and its seats' standing ``answers``, as ``TableService.act``
    calls it). The game can only stop waiting for someone at the end of a turn, so a world cut between
    turns is one the table itself could be in; a cut inside a turn would leave the table's follow-ups
    unplayed (the table plays them only right after the move that led to them)."""
    game = table.game
    assert table.state is not None
    state, rng, turns = table.state, chooser_rng(table.record.seed), []
    while not game.is_over(state):
        before = frozenset(game.to_act(state))
        seat = pick_seat(game, state, rng)
        action = pick_action(game, state, seat, game.legal_actions(state, seat), rng, auto=True)
        state, events = game.apply(state, seat, action)
        after_own = frozenset(game.to_act(state))
        state, follow = follow_ups(game, state, forced_moves=table.record.forced_moves, answers=answers)
        turns.append(Turn(seat, action, events, follow, state, before, waited_throughout(before, after_own, follow)))
    return turns


class WorldDiverged(RuntimeError):
    """The table did not play a built game as planned: a fault of the builder (or of the rules' purity),
    never something to retry."""


async def build(cache: Path, games: int, seed: int, report: Callable[[str], None] = print_now,
                tail: int = TAIL, robots: float = 0.0) -> World:
    """Build (or rebuild) the cached world for (games, seed, robots); ``tail``: the turns of each game played
    through the table service (see ``TAIL``); ``robots``: the share of seats that are strong robots."""
    folder = cache_folder(cache, games, seed, robots)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    started = time.monotonic()
    rng = random.Random(seed)
    now = datetime.now(UTC)
    ids = Snowflakes(now - timedelta(days=1))
    guild_id, channel_id = ids(), ids()
    population = max(10, games)  # each member sits in a few games, as in a busy server
    users = [(ids(), NAME.format(number)) for number in range(1, population + 1)]
    names = dict(users)
    world = World(games, seed, now.isoformat(), guild_id, channel_id, users, robots=robots)
    core = await TableCore.open(folder / DB_NAME)
    # The plan plays the robots' seats, as it plays the members'; the bot's robots move once it runs.
    core.robots.wake = lambda _game_id: None
    placed = (0, 0)  # seats and robot seats of the games built so far
    try:
        for number in range(games):
            entry, made = await build_game(core, world, KINDS[number % len(KINDS)], rng, ids, names, tail,
                                           placed)
            placed = (placed[0] + len(entry.players) + entry.robots, placed[1] + entry.robots)
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
                     names: dict[int, str], tail: int = TAIL,
                     placed: tuple[int, int] = (0, 0)) -> tuple[GameEntry, int]:
    """One game, played to a random turn of its history; returns it and the actions logged. ``placed``: the
    seats and robot seats of the games built before (see ``robot_seats``)."""
    game = KITS[kind].game
    count = rng.randint(max(2, game.min_players), game.max_players)
    robots = robot_seats(count, placed, world.robots)
    players = [user_id for user_id, _ in rng.sample(world.users, count)][:count - robots]
    options = pick_options(kind, count, rng)
    deadline = DEADLINE_MINUTES if rng.random() < DEADLINE_SHARE else None
    tables = core.tables
    table = await tables.create(kind, world.guild_id, world.channel_id, players[0], names[players[0]], options,
                                deadline_minutes=deadline)
    for user_id in players[1:]:
        await tables.join(table.id, user_id, names[user_id], world.guild_id)
    for _ in range(robots):
        await core.add_robot(table.id, players[0], "strong")
    thread_id = ids()
    table = await tables.start(table.id, players[0], thread_id)
    turns = plan(table, await tables.standing_answers(table))
    # Turns played: never the last, which ends the game. Drawn from a generator of its own, with as many
    # bits of ``rng`` for every game, so that the next games' players and variants do not depend on this
    # game's length (the deal comes from the game's secret seed, different at every build).
    cut = random.Random(rng.getrandbits(64))
    made = cut.randrange(len(turns)) if turns else 0
    early = max(0, made - tail)
    version, since = table.record.version, table.record.board_since
    for number, turn in enumerate(turns[:early], start=1):
        # The store's own write of a turn, as the table's act makes it (log rows, the follow-ups marked as
        # played for their seats, seat clocks, version); the snapshot is the real one at the last of these
        # turns (each write replaces the previous one's).
        if set(game.to_act(turn.state)) - turn.kept:  # someone new awaited: the table posts a new board
            since = version + 1
        snapshot = game.state_to_json(turn.state) if number == early else None
        version = await tables.write(core.store.record_action(
            table.id, version, turn.seat, game.action_to_json(turn.action), [event.to_json() for event in turn.events],
            snapshot, awaited=game.to_act(turn.state), restart=sorted(turn.awaited_before - turn.kept),
            automatic=table.is_robot(turn.seat),
            then=[ChainedAction(move.seat, game.action_to_json(move.action), [event.to_json() for event in move.events],
                                move.reason) for move in turn.follow],
            board_since=since))
    if made > early:
        table = await tables.table(table.id)
    for turn in turns[early:made]:
        # Whom the game awaits is read from the table after each act, never assumed from the plan.
        if turn.seat not in table.awaited():
            raise WorldDiverged(f"{table.title} at version {table.record.version} awaits seats {table.awaited()}, "
                                f"not seat {turn.seat} as planned")
        if table.is_robot(turn.seat):  # as the bot's robots move: no member, the automatic player's log mark
            result = await tables.act(table.id, None, None, always(turn.action), seat=turn.seat, cause="robot")
        else:
            result = await tables.act(table.id, table.user_of(turn.seat), None, always(turn.action))
        table = result.table
        played = [(move.seat, move.action) for move in result.follow_ups]
        if played != [(move.seat, move.action) for move in turn.follow]:
            raise WorldDiverged(f"{table.title}: the table played {len(result.follow_ups)} moves by itself after "
                                f"version {table.record.version - len(result.follow_ups)}, the plan "
                                f"{len(turn.follow)}")
    if made:
        table = await tables.table(table.id)  # the game as the table service has it after the last write
        assert table.state is not None
        if game.state_to_json(table.state) != game.state_to_json(turns[made - 1].state) or not table.awaited():
            raise WorldDiverged(f"{table.title}: the saved game is not the planned one at version "
                                f"{table.record.version}")
    board_id = ids()
    board = await deliver_setup(core, table.id, board_id)
    payload = board.payload
    entry = GameEntry(table.id, kind, thread_id, table.title, players, board_id, payload["text"],
                      payload["controls"], list(payload["mentions"]), robots)
    return entry, sum(turn.actions for turn in turns[:made])


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


class Copy:
    """One copy of a base game: its new game id, and the new ids and names of what it shows (its thread and
    board message, and the members of its round of copies, shared by the round)."""

    def __init__(self, base_id: int, copy_id: int, members: dict[int, int], names: dict[str, str],
                 ids: Snowflakes) -> None:
        self.base_id, self.id = base_id, copy_id
        self.members, self.names, self.new_id = members, names, ids
        self.own: dict[int, int] = {}  # this copy's own ids (thread, messages), made on first sight

    def snowflake(self, value: int) -> int:
        """The copy's id for a base id: a member's copy, or a new id of the copy's own."""
        if value in self.members:
            return self.members[value]
        if value not in self.own:
            self.own[value] = self.new_id()
        return self.own[value]

    def text(self, text: str) -> str:
        """``text`` (a board, a snapshot, a payload's JSON) as the copy shows it: the members' names and the
        ids that are the base's (mentions, the thread and messages), the game's title and custom ids."""
        text = NAME_PATTERN.sub(lambda m: self.names.get(m[0], m[0]), text)
        text = SNOWFLAKE_PATTERN.sub(
            lambda m: str(self.snowflake(int(m[0]))) if int(m[0]) in self.members or int(m[0]) in self.own
            else m[0], text)
        text = TITLE_PATTERN.sub(lambda m: f"{m[1]} #{self.id}" if int(m[2]) == self.base_id else m[0], text)
        return CUSTOM_ID_PATTERN.sub(lambda m: f"rm:{m[1]}:{self.id}" if int(m[2]) == self.base_id else m[0], text)

    def value(self, column: str, value: Any) -> Any:
        """A base row's value in the copy's row: the game id, the members and the ids (columns ``*_id``
        but the guild's and the channel's) mapped, text rewritten."""
        if column in ("game_id", "id"):
            return self.id
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, int) and column.endswith("_id") and column not in SHARED_IDS and value >= 0:
            return self.snowflake(value)  # a robot's (negative) id is its number in its game: kept
        return value

    def json(self, value: Any) -> Any:
        """A world.json value (buttons, mentions) for the copy: the base's ids mapped, text rewritten."""
        if isinstance(value, list):
            return [self.json(item) for item in value]
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, int) and (value in self.members or value in self.own):
            return self.snowflake(value)
        return value


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def replicate(base: World, base_db: Path, cache: Path, games: int, report: Callable[[str], None] = print_now) -> World:
    """The world of ``games`` games made of copies of the (cached) ``base`` world's games, cached by
    (games, base seed, base robots): see the module's docstring."""
    folder = cache_folder(cache, games, base.seed, base.robots)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    started = time.monotonic()
    try:
        shutil.copyfile(base_db, folder / DB_NAME)
        world = World(games, base.seed, base.built_at, base.guild_id, base.channel_id, list(base.users),
                      list(base.entries), actions=base.actions, base=base.games, robots=base.robots)
        with contextlib.closing(sqlite3.connect(folder / DB_NAME, isolation_level=None)) as conn:
            world.actions += copy_games(conn, base, world, games, report)
            conn.execute("PRAGMA journal_mode = WAL")  # as the store keeps it
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    world.build_seconds = time.monotonic() - started
    world.save(folder / MANIFEST_NAME)
    return world


def copy_games(conn: sqlite3.Connection, base: World, world: World, games: int,
               report: Callable[[str], None]) -> int:
    """Copy ``base``'s games into ``conn`` (a copy of its database) and ``world`` until it has ``games``
    games, in one transaction; returns how many actions were copied."""
    # A new file, thrown away if this fails: no journal is needed, and a large cache speeds the indexes.
    conn.execute("PRAGMA journal_mode = OFF")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA cache_size = -262144")
    conn.execute("PRAGMA temp_store = MEMORY")
    tables = [name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    per_game = [name for name in tables if name not in ("games", "actions") and "game_id" in columns(conn, name)]
    per_member = [name for name in tables if "game_id" not in columns(conn, name) and "user_id" in columns(conn, name)]
    game_columns, action_columns = columns(conn, "games"), columns(conn, "actions")
    base_rows = {row[game_columns.index("id")]: row
                 for row in conn.execute(f"SELECT {', '.join(game_columns)} FROM games")}
    entries = sorted(base.entries, key=lambda entry: entry.id)
    last = max([base.guild_id, base.channel_id, *(user for user, _ in base.users),
                *(entry.thread_id for entry in entries), *(entry.board_message_id for entry in entries),
                *(value or 0 for value in conn.execute("SELECT max(thread_id), max(board_message_id), "
                                                       "max(lobby_message_id), max(creator_id) FROM games").fetchone()),
                conn.execute("SELECT max(user_id) FROM seats").fetchone()[0] or 0])
    ids = Snowflakes(after=last)
    next_game = conn.execute("SELECT max(id) FROM games").fetchone()[0] + 1
    population = len(base.users)
    copied = 0
    conn.execute("BEGIN")
    conn.execute("CREATE TEMP TABLE copies (base INTEGER NOT NULL, copy INTEGER PRIMARY KEY, round INTEGER NOT NULL)")
    rounds = -(-(games - len(entries)) // len(entries))
    for number in range(1, rounds + 1):
        round_entries = entries[:min(len(entries), games - len(world.entries))]
        # The round's members: one new member for each of the base world's.
        new_users = [(ids(), NAME.format(population * number + index)) for index in range(1, population + 1)]
        members = {user: new for (user, _), (new, _) in zip(base.users, new_users, strict=True)}
        names = {name: new for (_, name), (_, new) in zip(base.users, new_users, strict=True)}
        world.users += new_users
        made = [Copy(entry.id, next_game + offset, members, names, ids) for offset, entry in enumerate(round_entries)]
        next_game += len(made)
        for entry, copy in zip(round_entries, made, strict=True):
            thread_id, board_id = copy.snowflake(entry.thread_id), copy.snowflake(entry.board_message_id)
            world.entries.append(GameEntry(
                copy.id, entry.kind, thread_id, copy.text(entry.title), copy.json(entry.players), board_id,
                copy.text(entry.board_text), copy.json(entry.board_controls), copy.json(entry.board_mentions),
                entry.robots))
        conn.executemany(f"INSERT INTO games ({', '.join(game_columns)}) VALUES ({', '.join('?' * len(game_columns))})",
                         [[copy.value(column, value) for column, value in zip(game_columns, base_rows[copy.base_id],
                                                                               strict=True)]
                          for copy in made])
        conn.executemany("INSERT INTO copies (base, copy, round) VALUES (?, ?, ?)",
                         [(copy.base_id, copy.id, number) for copy in made])
        copied += conn.execute(
            f"INSERT INTO actions ({', '.join(action_columns)}) "
            f"SELECT {', '.join('c.copy' if column == 'game_id' else 'a.' + column for column in action_columns)} "
            "FROM copies AS c JOIN actions AS a ON a.game_id = c.base WHERE c.round = ? ORDER BY c.copy, a.version",
            (number,)).rowcount
        for table in per_game:
            copy_rows(conn, table, made)
        for table in per_member:  # members' settings (the build makes none): each new member gets its base's
            copy_member_rows(conn, table, members)
        report(f"  copied {len(world.entries)}/{games} games ({base.actions + copied} actions, "
               f"{len(world.users)} members)")
    conn.execute("DROP TABLE copies")
    conn.execute("COMMIT")
    return copied


def copy_rows(conn: sqlite3.Connection, table: str, made: Sequence[Copy]) -> None:
    """Copy the rows ``table`` has for the base games of ``made``, each under its copy; an ``id`` column
    other than the game's (the outbox's own, in delivery order) is left for SQLite to number."""
    names = [column for column in columns(conn, table) if column != "id"]
    by_game: dict[int, list[tuple[Any, ...]]] = {}
    order = " ORDER BY id" if "id" in columns(conn, table) else ""
    for row in conn.execute(f"SELECT {', '.join(names)} FROM {table} WHERE game_id <= ?{order}",
                            (max(copy.base_id for copy in made),)):
        by_game.setdefault(row[names.index("game_id")], []).append(row)
    rows = [[copy.value(column, value) for column, value in zip(names, row, strict=True)]
            for copy in made for row in by_game.get(copy.base_id, [])]
    if rows:
        conn.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})", rows)


def copy_member_rows(conn: sqlite3.Connection, table: str, members: dict[int, int]) -> None:
    """Copy the rows ``table`` has for the base members, each under its new member of the round."""
    names = columns(conn, table)
    at = names.index("user_id")
    rows = [[members[value] if index == at else value for index, value in enumerate(row)]
            for row in conn.execute(f"SELECT {', '.join(names)} FROM {table}") if row[at] in members]
    if rows:
        conn.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})", rows)


async def prepare(cache: Path, games: int, seed: int, report: Callable[[str], None] = print_now,
                  base: int = BASE_GAMES, robots: float = 0.0) -> tuple[World, Path]:
    """The world for (games, seed, robots), built (or, above ``base`` games, replicated from the world of
    ``base`` games, itself built first if need be) if not cached; returns it and its database file."""
    world = cached(cache, games, seed, robots)
    if world is None and games > base:
        base_world, base_db = await prepare(cache, base, seed, report, base, robots)
        report(f"copying the {base} games of {base_db.parent} into {games} games in "
               f"{cache_folder(cache, games, seed, robots)} …")
        world = replicate(base_world, base_db, cache, games, report)
        report(f"copied {games - base} games, {world.actions} actions in all, in {world.build_seconds:.0f} s")
    elif world is None:
        share = f", {robots:.0%} of the seats strong robots" if robots else ""
        report(f"building {games} games (seed {seed}{share}) into {cache_folder(cache, games, seed, robots)} …")
        world = await build(cache, games, seed, report, robots=robots)
        report(f"built {games} games, {world.actions} actions, in {world.build_seconds:.0f} s")
    return world, cache_folder(cache, games, seed, robots) / DB_NAME


def spread_guilds(world: World, db: Path, guilds: int) -> World:
    """The world with its games spread over ``guilds`` servers (``World.place``), for a run of several
    shards: the games' server and channel rewritten in ``db``, a copy of the world's database made for
    the run. The cached world keeps its one server."""
    if guilds == world.guilds:
        return world
    moved = dataclasses.replace(world, guilds=guilds)
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.executemany("UPDATE games SET guild_id = ?, channel_id = ? WHERE id = ?",
                         [(*moved.place(index), entry.id) for index, entry in enumerate(world.entries)])
    return moved


def populate(server: StandIn, world: World) -> dict[int, Channel]:
    """Make the stand-in match the cached database: the servers (one, or those the world was spread
    over), each with its "games" channel and every member, each game's thread and its current board
    message (text and buttons as the table composed them, without the image). Call before the bot
    connects: it learns all of it from GUILD_CREATE. Returns the threads by game id."""
    from cogs.views import controls_view  # the bot's own views module builds the board's buttons

    for user_id, name in world.users:
        server.add_user(name, user_id=user_id)
    channels: dict[int, Channel] = {}
    for number, guild_id in enumerate(world.guild_ids()):
        guild = server.add_guild("Big Top" if number == 0 else f"Big Top {number + 1}", channels=(),
                                 members=[name for _, name in world.users], managers=(), guild_id=guild_id)
        channel_id = world.channel_id + number * SHARD_STEP
        channels[channel_id] = server.add_channel(guild, "games", channel_id=channel_id)
    threads: dict[int, Channel] = {}
    for index, entry in enumerate(world.entries):
        guild_id, channel_id = world.place(index)
        thread = server.add_thread(channels[channel_id], entry.title, thread_id=entry.thread_id)
        view = controls_view(entry.id, controls_from_json(entry.board_controls))
        board = Message(entry.board_message_id, thread.id, guild_id, server.bot_user, entry.board_text,
                        components=view.to_components() if view is not None else [],
                        mentions=[server.users[user_id] for user_id in entry.board_mentions])
        server.messages[board.id] = board
        thread.last_message_id = board.id
        thread.message_count = thread.total_message_sent = 1
        threads[entry.id] = thread
    return threads


if __name__ == "__main__":  # build a world on its own: python bench/load_world.py GAMES SEED CACHE [BASE [ROBOTS]]
    asyncio.run(prepare(Path(sys.argv[3]), int(sys.argv[1]), int(sys.argv[2]),
                        base=int(sys.argv[4]) if len(sys.argv) > 4 else BASE_GAMES,
                        robots=float(sys.argv[5]) if len(sys.argv) > 5 else 0.0))
