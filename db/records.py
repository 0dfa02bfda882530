"""The values the store hands out (games, seats, logged actions, outbox items) and how a database row
becomes one, including the one JSON encoding every stored JSON text is written with.

Reading a game never raises because of what its row holds: a snapshot or options that cannot be
parsed (not JSON, not valid UTF-8, options that are not an object) come back as ``snapshot=None`` /
``options={}`` with :attr:`GameRecord.damage` saying why, so one damaged game cannot break a listing of
the whole server. :data:`HEALTHY_SQL` is the same test written in SQL, for queries that must leave
damaged games out without loading their state.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final, Literal, get_args

from db.backend import Row

__all__ = [
    "ALL_STATUSES",
    "HEALTHY_SQL",
    "OPEN_STATUSES",
    "ActionRecord",
    "ChainedAction",
    "GameHistory",
    "GameRecord",
    "GameStatus",
    "GameVersion",
    "OutboxItem",
    "SeatRecord",
    "Snapshots",
]

GameStatus = Literal["lobby", "active", "finished", "abandoned"]
ALL_STATUSES: Final[tuple[GameStatus, ...]] = get_args(GameStatus)
OPEN_STATUSES: Final[tuple[GameStatus, ...]] = ("lobby", "active")
"""Games still going on: the default filter of the listing queries."""

GAME_COLUMNS: Final = ("id, kind, guild_id, channel_id, thread_id, lobby_message_id, board_message_id, creator_id, "
                       "status, options, seed, seed_salt, snapshot, version, deadline_minutes, autopilot_after, "
                       "created_at, updated_at, board_since, damage, forced_moves, away_bank_minutes, autopilot_level, "
                       "hints, practice, language")

HEALTHY_SQL: Final = ("(g.damage IS NULL AND (CASE WHEN json_valid(g.options) THEN json_type(g.options) = 'object' "
                      "ELSE FALSE END) AND (g.snapshot IS NULL OR json_valid(g.snapshot)))")
"""True for a game (aliased ``g``) whose save can be read: no damage noted, options a JSON object, the
snapshot JSON (SQLite's ``json_valid``; a snapshot with invalid UTF-8 only shows in :func:`game`)."""

UNREADABLE_SNAPSHOT: Final = "its saved state is not valid JSON"
UNREADABLE_OPTIONS: Final = "its options are not a valid JSON object"

_SQLITE_MAX_INT: Final = 2**63 - 1


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    kind: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    board_message_id: int | None
    creator_id: int
    status: GameStatus
    options: dict[str, Any]
    seed: int
    seed_salt: str
    """With the seed, the preimage of the fairness commitment published when the game starts."""
    snapshot: Any | None
    """The rules' ``state_to_json`` after ``version``; None until the game starts (or when damaged)."""
    version: int
    deadline_minutes: int | None
    """How long (counted in each seat's active hours) a seat has for a decision; None: no deadline."""
    autopilot_after: int
    """Missed deadlines in a row after which a seat stays on autopilot until reclaimed."""
    created_at: datetime
    updated_at: datetime
    board_since: int | None = None
    """The game version at which the thread's current board message began (None: no board yet)."""
    damage: str | None = None
    """None for a healthy game; else a short reason why its save cannot be read ("its saved state is not
    valid JSON"). A damaged game has ``snapshot`` None (``options`` ``{}`` if those are unreadable), gets
    no seat deadlines and records no action until :meth:`~db.store.GameStore.repair`."""
    forced_moves: bool = True
    """Whether a seat's only legal action (in an open step) is played for it at once."""
    away_bank_minutes: int = 7 * 24 * 60
    """How long, per seat, a player away (``/me away``) stops their clock in this game."""
    autopilot_level: str = "normal"
    """The level the automatic player plays at for this game's missed deadlines and seats on autopilot."""
    hints: bool | None = None
    """Whether the players' private panels offer "Suggest" (the strong player's choice); None until the game
    starts, unless its creator chose: it is then decided from the seating (see table/hints.py)."""
    language: str = "en"
    """The language of the game's public posts and board images (a code of ``lang.LANGUAGES``)."""
    practice: bool = False
    """A practice game (``/game practice``, the sandbox's Learn): one person against robots, with lessons; never
    rated nor in the standings."""


@dataclass(frozen=True, slots=True)
class GameVersion:
    """Where a game is played and how far it has got, read without its JSON columns: what a page polling for a
    new version needs (see ``GameStore.game_version``)."""

    id: int
    guild_id: int
    channel_id: int
    status: GameStatus
    version: int
    seat_user: int | None = None
    """The member holding the seat asked about (None: no seat asked, or no such seat)."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    game_id: int
    seat: int
    user_id: int
    display_name: str
    joined_at: datetime
    robot: str | None = None
    """A robot seat's level (no member holds it; its ``user_id`` is negative); None for a person's seat."""
    hints: int = 0
    """How many suggestions ("Suggest" on the private panel) this seat asked for."""


@dataclass(frozen=True, slots=True)
class ActionRecord:
    game_id: int
    version: int
    """The game version this action produced (the start is version ``n``, its first action ``n + 1``)."""
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: datetime
    automatic: bool = False
    """Played for the seat, not by its player: the automatic player (a missed deadline, a seat on
    autopilot), a forced move or a standing answer."""
    automatic_reason: str | None = None
    """Why an automatic action needed no one: "forced" (the seat's only legal action, in an open step),
    "standing" (the answer its player set in advance); None for the automatic player or a player's move."""


@dataclass(frozen=True, slots=True)
class ChainedAction:
    """An action to log in the same write as another (see ``GameStore.record_action``'s ``then``)."""

    seat: int
    action: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]]
    reason: str | None = None
    """"forced" or "standing" for a move the table played for the seat; None for a seat's own move."""
    automatic: bool = True


@dataclass(frozen=True, slots=True)
class GameHistory:
    """Everything needed to replay a game, read at one instant: ``new_game(player_names,
    game.options, game.seed)``, then each action in order, reproduces ``game.snapshot``."""

    game: GameRecord
    seats: list[SeatRecord]
    actions: list[ActionRecord]

    @property
    def player_names(self) -> list[str]:
        return [seat.display_name for seat in self.seats]


@dataclass(frozen=True, slots=True)
class OutboxItem:
    """Something a change must publish (a board, a note, a direct message, …), saved in the change's
    transaction and delivered later, in order, by the table's publisher. ``kind`` and ``payload`` are
    the table's words; ``payload`` must be a JSON object (checked when the item is made)."""

    kind: str
    payload: Mapping[str, Any]
    # The payload's JSON, made when the item is (which also checks it): a board's payload holds a whole
    # view, and encoding it once rather than twice matters on every move.
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or not self.kind:
            raise ValueError(f"an outbox item needs a kind, not {self.kind!r}")
        if not isinstance(self.payload, Mapping):
            raise TypeError(f"an outbox item's payload must be a mapping, not {type(self.payload).__name__}")
        object.__setattr__(self, "_text", dump(dict(self.payload)))

    def encoded(self) -> tuple[str, str]:
        """``(kind, payload JSON)`` as stored (the payload as it was when the item was made)."""
        return self.kind, self._text


def encode_items(items: Iterable[OutboxItem]) -> list[tuple[str, str]]:
    """The stored form of :class:`OutboxItem` s (checked before any transaction begins)."""
    if isinstance(items, OutboxItem):
        raise TypeError("outbox must be a sequence of OutboxItem, not one item")
    encoded: list[tuple[str, str]] = []
    for item in items:
        if not isinstance(item, OutboxItem):
            raise TypeError(f"outbox items must be OutboxItem, not {type(item).__name__}")
        encoded.append(item.encoded())
    return encoded


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """An aware datetime as stored: ISO-8601 in UTC."""
    if not isinstance(moment, datetime) or moment.tzinfo is None:
        raise ValueError(f"times must be timezone-aware datetimes, not {moment!r}")
    return moment.astimezone(UTC).isoformat()


def dump(value: object) -> str:
    """The one JSON encoding of every stored JSON text (raises for NaN and what JSON cannot hold)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


class GarbledText(str):
    """A TEXT value that was not valid UTF-8, decoded with replacement characters (see :func:`decode_text`)."""

    __slots__ = ()


def decode_text(data: bytes) -> str:
    """The connection's ``text_factory``: invalid UTF-8 (a damaged page, a hand-edited file) reads as
    :class:`GarbledText` instead of failing the whole query."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return GarbledText(data.decode("utf-8", "replace"))


def check_id(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not -_SQLITE_MAX_INT - 1 <= value <= _SQLITE_MAX_INT:
        raise ValueError(f"{name} must be an integer that fits in 64 bits, not {value!r}")
    return value


def check_board_since(version: int | None) -> int | None:
    if version is not None and (isinstance(version, bool) or not isinstance(version, int) or version < 0):
        raise ValueError(f"board_since must be a game version, not {version!r}")
    return version


def check_status(status: str) -> GameStatus:
    for known in ALL_STATUSES:
        if status == known:
            return known
    raise ValueError(f"unknown game status {status!r}; expected one of {', '.join(ALL_STATUSES)}")


def _json_or_damage(text: object, reason: str, reasons: list[str],
                    decode: Callable[[str], Any] = json.loads) -> Any:
    if isinstance(text, GarbledText):
        reasons.append(reason)
        return None
    if text is None:
        return None
    try:
        return decode(text)  # type: ignore[arg-type]
    except (ValueError, TypeError, RecursionError):
        reasons.append(reason)
        return None


class Snapshots:
    """The snapshots decoded last, by game: a move reads its game several times (the panel, the move, the
    next panel) and a snapshot, the largest JSON text the store holds, only changes when its game does.
    A row whose snapshot text is the one decoded last gets that decoding back: comparing two texts costs
    a small part of parsing one. The decoded values are shared by the records read, so nothing may
    change them in place (a state is built from them and they are compared, nothing more)."""

    def __init__(self, size: int = 128) -> None:
        self.size = size
        self._decoded: OrderedDict[int, tuple[str, Any]] = OrderedDict()

    def load(self, game_id: int, text: str) -> Any:
        kept = self._decoded.get(game_id)
        if kept is not None and kept[0] == text:
            self._decoded.move_to_end(game_id)
            return kept[1]
        value = json.loads(text)
        self._decoded[game_id] = (text, value)
        self._decoded.move_to_end(game_id)
        while len(self._decoded) > self.size:
            self._decoded.popitem(last=False)
        return value


def game(row: Row, snapshots: Snapshots | None = None) -> GameRecord:
    """A game row as a record; never raises for what its JSON columns hold (see the module's docstring).
    With ``snapshots``, a snapshot decoded before is not decoded again."""
    reasons: list[str] = [row["damage"]] if row["damage"] else []
    options = _json_or_damage(row["options"], UNREADABLE_OPTIONS, reasons)
    if not isinstance(options, dict):
        reasons.append(UNREADABLE_OPTIONS)
        options = {}
    text = row["snapshot"]
    if snapshots is not None and isinstance(text, str) and not isinstance(text, GarbledText):
        snapshot = _json_or_damage(text, UNREADABLE_SNAPSHOT, reasons, lambda raw: snapshots.load(row["id"], raw))
    else:
        snapshot = _json_or_damage(text, UNREADABLE_SNAPSHOT, reasons)
    return GameRecord(
        id=row["id"], kind=row["kind"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"],
        board_message_id=row["board_message_id"], creator_id=row["creator_id"],
        status=check_status(row["status"]), options=options, seed=row["seed"],
        seed_salt=row["seed_salt"], snapshot=snapshot, version=row["version"],
        deadline_minutes=row["deadline_minutes"], autopilot_after=row["autopilot_after"],
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
        board_since=row["board_since"], damage="; ".join(dict.fromkeys(reasons)) or None,
        forced_moves=bool(row["forced_moves"]), away_bank_minutes=row["away_bank_minutes"],
        autopilot_level=row["autopilot_level"],
        hints=None if row["hints"] is None else bool(row["hints"]), practice=bool(row["practice"]),
        language=row["language"],
    )


def seat(row: Row) -> SeatRecord:
    return SeatRecord(game_id=row["game_id"], seat=row["seat"], user_id=row["user_id"],
                      display_name=row["display_name"], joined_at=datetime.fromisoformat(row["joined_at"]),
                      robot=row["robot"], hints=row["hints"])


def action(row: Row) -> ActionRecord:
    return ActionRecord(game_id=row["game_id"], version=row["version"], seat=row["seat"],
                        action=load(row["action"]), events=load(row["events"]),
                        created_at=datetime.fromisoformat(row["created_at"]), automatic=bool(row["automatic"]),
                        automatic_reason=row["automatic_reason"])
