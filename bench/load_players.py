"""The load benchmark's simulated players, and what they see of Discord.

``WatchedStandIn`` is the stand-in with one addition: every time it records something (an interaction
sent, a callback accepted or refused, a followup, a message posted or edited) it tells the players at
once, stamped with ``time.monotonic()``, so no figure depends on polling. It also keeps only the size
of each attachment, not its bytes (a run posts hundreds of megabytes of boards).

A ``LiveGame`` is one game as a player sees it: its thread and its newest board message (a message with
the "My hand" button), kept up to date from what the bot posts and edits. An ``Arrival`` is one move:
a member the newest board mentions presses its "Take your turn" button, then picks a random choice in
the private panel (any button, or any option of any menu, with equal chances), and waits until the
panel is answered and the thread shows the board of the next version. Every arrival ends as completed,
failed (with a reason) or unfinished; nothing is dropped.

Robot seats are never mentioned on a board (a robot has no Discord account; its name, "🤖 Robot (strong)",
starts its "who acts" line instead): a game whose newest board mentions no member waits for its robots alone,
and is not offered to an arrival until a board mentions someone again. Every board a game's thread shows is
kept with its moment, version and the robots it names as awaited (``LiveGame.boards``), from which
``robot_turns`` tells, after a run, how long each robot move took to reach the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

from tests.discord_standin import Attachment, Channel, Discord, Interaction, Message, StandIn, User

MENTION = re.compile(r"<@(\d+)>")
TURN = re.compile(r"rm:turn:\d+:(\d+)")
ROBOT_LINE = re.compile(r"^(🤖 Robot(?: \d+)? \([a-z]+\))", re.MULTILINE)  # table/robots.py's robot_name
NUMBERS = re.compile(r"\d+")
STAGE_TIMEOUT = 120.0  # seconds one step of a move may take before it counts as failed
REFUSAL_GRACE = 10.0  # seconds the board is awaited after a choice answered in words (a refusal posts none)
NOT_A_MOVE = ("rm:hint:",)  # "Suggest" (a game with hints) answers privately in words, and the move is still due
UNKNOWN_INTERACTION = 10062  # Discord's code for an answer later than 3 s


def custom_ids(message: Message) -> list[str]:
    return message.custom_ids


def is_board(message: Message) -> bool:
    return not message.ephemeral and any(cid.startswith("rm:hand:") for cid in message.custom_ids)


def board_version(message: Message) -> int | None:
    """The version a board's "Take your turn" button was made for; None on a final board."""
    for cid in message.custom_ids:
        found = TURN.fullmatch(cid)
        if found:
            return int(found[1])
    return None


def awaited_ids(message: Message) -> list[int]:
    """Whom a board waits for: the members mentioned on its closing "who acts" lines."""
    return [int(i) for line in message.content.split("\n") if line.startswith("<@") for i in MENTION.findall(line)]


def awaited_robots(message: Message) -> frozenset[str]:
    """The robots a board waits for: those whose name opens one of its lines (only a "who acts" line does;
    what happened is bulleted, recaps too)."""
    return frozenset(ROBOT_LINE.findall(message.content))


def choices(panel: Message) -> list[tuple[str, str | None]]:
    """Every choice a private panel offers: (button custom_id, None) or (menu custom_id, option value)."""
    found: list[tuple[str, str | None]] = []
    for row in panel.components:
        for component in row.get("components", []):
            if component.get("type") == 2 and "custom_id" in component and not component.get("disabled"):
                if not component["custom_id"].startswith(NOT_A_MOVE):
                    found.append((component["custom_id"], None))
            elif component.get("type") == 3:
                found += [(component["custom_id"], option["value"]) for option in component.get("options", [])]
    return found


def reason(text: str) -> str:
    """A refusal sentence as a kind of error: numbers blanked, cut short, so equal refusals group."""
    return NUMBERS.sub("#", text.strip().split("\n")[0])[:90] or "(empty answer)"


class WatchedStandIn(StandIn):
    """The stand-in, telling the players about everything it records, the moment it records it."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.arrivals: dict[int, Arrival] = {}  # by interaction id (the press and the choice)
        self.games: dict[int, LiveGame] = {}  # by thread id
        self.attachment_bytes = 0

    def record(self, kind: str, subject: Any, **detail: Any) -> None:
        super().record(kind, subject, **detail)
        now = time.monotonic()
        if isinstance(subject, Interaction):
            arrival = self.arrivals.get(subject.id)
            if arrival is not None:
                if kind == "followup":
                    arrival.followups.append((subject.id, now, detail["message"]))
                arrival.wake.set()
        elif isinstance(subject, Message):
            if subject.ephemeral:
                owner = subject.interaction
                arrival = self.arrivals.get(owner.id) if owner is not None else None
                if arrival is not None and kind == "edit":
                    arrival.panel_edits.append((subject.id, now))
                    arrival.wake.set()
            elif kind in ("message", "edit"):
                game = self.games.get(subject.channel_id)
                if game is not None and is_board(subject):
                    game.seen(subject, now)
                elif game is not None and subject is game.board:  # the board, edited into something else
                    game.over = board_version(subject) is None
                    if game.over:
                        game.boards.append(Shown(now, None, frozenset()))

    def _new_attachment(self, channel_id: int, filename: str, upload: Any, description: str | None) -> Attachment:
        attachment = super()._new_attachment(channel_id, filename, upload, description)
        self.attachment_bytes += len(attachment.data)
        return dataclasses.replace(attachment, data=b"")


@dataclass(frozen=True)
class Shown:
    """A board the thread showed: when (``time.monotonic()``), its version (None: the final board) and the robots
    it names as awaited."""

    at: float
    version: int | None
    robots: frozenset[str]


@dataclass
class LiveGame:
    id: int
    thread: Channel
    board: Message
    busy: Arrival | None = None
    # Whether the newest board is final, worked out when a board is posted or edited rather than at every
    # arrival: each arrival looks for idle games among all of them, and reading every board's buttons
    # again was half of this process's CPU at 1,000 games, taken from the same cores as the bot's.
    over: bool = field(init=False)
    people: bool = field(init=False)
    """Whether the newest board mentions a member as awaited (if not, it waits for robots only)."""
    boards: list[Shown] = field(default_factory=list)
    """Every newest board the thread showed during the run, in order (the first: as the run found it)."""

    def __post_init__(self) -> None:
        self.over = board_version(self.board) is None
        self.people = bool(awaited_ids(self.board))

    def found(self, now: float) -> None:
        """The board the run found in the thread, as shown from ``now`` (the bot ready to move its robots)."""
        self.boards.append(Shown(now, board_version(self.board), awaited_robots(self.board)))

    def seen(self, message: Message, now: float) -> None:
        """A board was posted or edited in the thread: the newest one is the board players read."""
        if message.id >= self.board.id:
            self.board = message
            self.over = board_version(message) is None
            self.people = bool(awaited_ids(message))
            self.boards.append(Shown(now, board_version(message), awaited_robots(message)))
        arrival = self.busy
        if arrival is not None and arrival.board_at is None and arrival.panel_version is not None:
            version = board_version(message)
            if arrival.chosen_at is not None and (version is None or version > arrival.panel_version):
                arrival.board_at = now
                arrival.wake.set()


@dataclass
class Arrival:
    """One move, from the press of "Take your turn" to the board of the next version in the thread."""

    number: int
    due: float  # when the Poisson process scheduled it
    measured: bool  # inside the measuring window (warm-up arrivals are played but not counted)
    game: LiveGame | None = None
    user: User | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    press: Interaction | None = None
    choice: Interaction | None = None
    pressed_at: float | None = None
    panel_at: float | None = None
    panel_version: int | None = None
    chosen_at: float | None = None
    answered_at: float | None = None
    board_at: float | None = None
    outcome: str = "unfinished"
    followups: list[tuple[int, float, Message]] = field(default_factory=list)
    panel_edits: list[tuple[int, float]] = field(default_factory=list)

    def first_response(self, interaction: Interaction | None) -> float | None:
        """When Discord accepted (or refused) the interaction's first answer."""
        return interaction.attempts[0].at if interaction is not None and interaction.attempts else None

    def late(self, interaction: Interaction | None) -> bool:
        return interaction is not None and any(c.code == UNKNOWN_INTERACTION for c in interaction.attempts)

    @property
    def answered_late(self) -> list[str]:
        return [name for name, interaction in (("panel", self.press), ("choice", self.choice))
                if self.late(interaction)]


class Players:
    """Plays arrivals against the stand-in: picks an idle game, presses, chooses, waits, records."""

    def __init__(self, server: WatchedStandIn, discord: Discord, games: list[LiveGame], seed: int) -> None:
        self.server = server
        self.discord = discord
        self.games = games
        self.rng = random.Random(seed)
        self.done: list[Arrival] = []
        self.no_idle_game = 0
        self.measured_no_idle_game = 0
        self.stuck: set[int] = set()  # games whose board mentions nobody (nobody can press)
        for game in games:
            server.games[game.thread.id] = game

    def idle(self) -> list[LiveGame]:
        """Games a member may move in now: none in progress, not over, a member awaited (not robots only)."""
        return [g for g in self.games if g.busy is None and not g.over and g.people and g.id not in self.stuck]

    async def arrive(self, arrival: Arrival) -> None:
        idle = self.idle()
        if not idle:
            self.no_idle_game += 1
            self.measured_no_idle_game += arrival.measured
            arrival.outcome = "no idle game"
            self.done.append(arrival)
            return
        game = self.rng.choice(idle)
        game.busy, arrival.game = arrival, game
        try:
            arrival.outcome = await self.move(arrival, game)
        except TimeoutError as error:
            arrival.outcome = f"timed out waiting for {error}"
        except asyncio.CancelledError:
            arrival.outcome = "unfinished"
            raise
        except Exception as error:  # the driver's own trouble is reported, never hidden
            arrival.outcome = f"driver error: {type(error).__name__}: {reason(str(error))}"
        finally:
            game.busy = None
            self.done.append(arrival)

    async def until(self, arrival: Arrival, what: str, ready: Any, patience: float = STAGE_TIMEOUT) -> Any:
        """Wait (woken by the stand-in) until ``ready()`` gives something; TimeoutError(what) after ``patience``."""
        deadline = time.monotonic() + patience
        while True:
            arrival.wake.clear()
            result = ready()
            if result:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(what)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(arrival.wake.wait(), remaining)

    async def move(self, arrival: Arrival, game: LiveGame) -> str:
        board = game.board
        awaited = [user_id for user_id in awaited_ids(board) if user_id in self.server.users]
        if not awaited:
            self.stuck.add(game.id)
            return "no awaited player on the board"
        user = self.server.users[self.rng.choice(awaited)]
        arrival.user = user
        turn = next(cid for cid in board.custom_ids if cid.startswith("rm:turn:"))
        arrival.pressed_at = time.monotonic()
        press = await self.discord.click(user, board, turn)
        arrival.press = press.record
        self.server.arrivals[press.id] = arrival
        # The panel: an answer with its message, or after a "thinking" answer the message it fills.
        await self.until(arrival, "the panel", lambda: press.record.attempts)
        if not press.record.response:
            return "panel answered after Discord's 3 s" if arrival.late(press.record) else "panel refused"
        panel_id = press.record.response_message_id
        panel = await self.until(arrival, "the panel's content", lambda: self._settled(arrival, press.record))
        if arrival.panel_at is None:
            arrival.panel_at = press.record.response.at if not panel.loading else time.monotonic()
        offered = choices(panel)
        if not offered:
            return f"panel without choices: {reason(panel.content)}"
        versions = {int(cid.split(":")[3]) for cid, _ in offered if cid.startswith(("rm:do:", "rm:pick:"))}
        arrival.panel_version = min(versions) if versions else board_version(board)
        custom_id, value = self.rng.choice(offered)
        edits_before = len(arrival.panel_edits)
        arrival.chosen_at = time.monotonic()
        if value is None:
            chosen = await self.discord.click(user, panel, custom_id)
        else:
            chosen = await self.discord.select(user, panel, custom_id, [value])
        arrival.choice = chosen.record
        self.server.arrivals[chosen.id] = arrival
        assert panel_id is not None

        def answered() -> str | None:
            """How the choice was answered: "panel" (the panel updated), "said: <text>" (a message, which
            may be a refusal), or "callback refused" (late, or otherwise refused); None while unanswered."""
            record = chosen.record
            if record.attempts and not record.response:
                return "callback refused"
            for interaction_id, at, message in arrival.followups:
                if interaction_id == record.id:
                    arrival.answered_at = at
                    return f"said: {message.content}"
            edited = [at for message_id, at in arrival.panel_edits[edits_before:] if message_id == panel_id]
            if edited:
                arrival.answered_at = edited[0]
                return "panel"
            callback = record.response
            if callback is not None and callback.type in (4, 7):  # answered in the callback itself
                arrival.answered_at = callback.at
                return "panel" if callback.type == 7 else f"said: {callback.data.get('content', '')}"
            return None

        answer = await self.until(arrival, "the choice's answer", answered)
        # A move always ends with the next board in the thread; an answer in words may be a refusal, after
        # which nothing is posted, so that board is then awaited only briefly.
        patience = REFUSAL_GRACE if answer.startswith("said: ") else STAGE_TIMEOUT
        try:
            await self.until(arrival, "the board of the next version", lambda: arrival.board_at, patience)
        except TimeoutError:
            if answer.startswith("said: "):
                return f"choice refused: {reason(answer.removeprefix('said: '))}"
            raise
        return "completed"

    def _settled(self, arrival: Arrival, press: Interaction) -> Message | None:
        message = self.server.messages.get(press.response_message_id or 0)
        if message is None or message.loading:
            return None
        if arrival.panel_at is None and arrival.panel_edits:
            arrival.panel_at = arrival.panel_edits[0][1]
        return message


@dataclass(frozen=True)
class RobotMove:
    """One robot decision of the run, as its game's thread showed it."""

    game: int
    version: int  # the version its move made (the log's)
    name: str  # the robot seat's name, as boards show it
    began: float | None
    """When the thread first showed its turn: the first of the unbroken run of boards naming it as awaited, since
    its own previous move, up to its move; None if no board named it before its move was shown."""
    reached: float | None
    """When the thread first showed a board with its move in it (of that version or later, or the final board);
    None if none did during the run."""
    from_start: bool
    """Its turn was on the board the run found: it waited since the bot started, not since a move of the run."""

    @property
    def took(self) -> float | None:
        return None if self.began is None or self.reached is None else self.reached - self.began


def robot_turns(game_id: int, boards: list[Shown], moves: list[tuple[int, int, str]]) -> list[RobotMove]:
    """Each robot decision ``moves`` lists (the version its move made, its seat, its name; oldest first, those the
    game's log has after the board the run found) with when the thread showed its turn and its move (``boards``:
    ``LiveGame.boards``)."""
    found: list[RobotMove] = []
    first = boards[0].version if boards else None
    own: dict[int, int] = {}  # each robot seat's previous move (the boards before it showed an earlier turn)
    for version, seat, name in moves:
        since = own.get(seat, first if first is not None else 0)
        own[seat] = version
        reached = next((shown for shown in boards if shown.version is None or shown.version >= version), None)
        before = [shown for shown in boards if shown.version is not None and since <= shown.version < version
                  and (reached is None or shown.at <= reached.at)]
        began: Shown | None = None
        for shown in reversed(before):  # back from the last board before the move, while each names the robot
            if name not in shown.robots:
                break
            began = shown
        found.append(RobotMove(game_id, version, name, None if began is None else began.at,
                               None if reached is None else reached.at, began is not None and began is boards[0]))
    return found
