"""What an action must publish, as typed values, and their outbox form: written to the database in the
same transaction as the action (see ``db/outbox.py``) and delivered in order by :mod:`table.publisher`.

Each publication is complete in itself: the text is composed when the action is saved (from the action log
and the views), and a board carries the spectator view its image is drawn from, so a board delivered late
(after a retry or a restart) still shows the game as it was at its version.

The publications (frozen dataclasses; the outbox ``kind`` in brackets):

- :class:`Board` (``board``): ``mode`` ("new": a new board message; "edit": the thread's current board
  message, or a new one if it is gone), ``version``, ``text``, ``mentions`` (user ids it may ping),
  ``view`` (the spectator view to draw), ``controls``, ``same_picture`` (an edit that leaves the public
  view, so the image, as it was: only the text changes).
- :class:`Note` (``note``): ``text``, ``mentions``, ``controls`` — an announcement in the game's thread.
- :class:`Direct` (``direct``): ``user``, ``text``, ``fallback`` — a direct message; if it cannot be
  delivered the ``fallback`` (which mentions the user) is posted in the thread instead.
- :class:`Reveal` (``reveal``): ``text``, ``filename``, ``record`` — the seed reveal with the game record.
- :class:`Replay` (``replay``): nothing — the animated replay, drawn when delivered.
- :class:`Chart` (``chart``): nothing — the score chart and the luck of a finished game, drawn when delivered.
- :class:`Review` (``review``): nothing — the short review of a finished game (its turning points), computed
  when delivered (in a worker, after the game: it may take a minute).
- :class:`Lobby` (``lobby``): ``text``, ``open`` — the lobby message in the channel, brought up to date.

Controls are the persistent buttons a board or a note carries (the buttons module builds them, adding the
game id): :class:`Turn` (version), :class:`Hand`, :class:`Recap`, :class:`Reclaim` (seat), :class:`Undo`
(version), :class:`Handover` (seat, giver, taker). In the outbox's JSON each is ``[name, *arguments]``
(``["turn", 12]``, ``["hand"]``, ...), the form saved since the outbox began, so rows saved by earlier
versions still read.

:func:`encode` makes the outbox item of a publication; :func:`decode` reads one back and refuses, with
:class:`Unreadable` and a sentence for the log, an unknown kind, an unknown control or a payload of the
wrong shape: such an item can never be delivered, and the publisher sets it aside. The factories
(:func:`board`, :func:`note`, ...) build a publication and encode it in one step, for the table's writers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from db.outbox import OutboxItem, OutboxRow
from rules.core.game import View

__all__ = [
    "Board", "Chart", "Control", "Direct", "Hand", "Handover", "Lobby", "Note", "Parcel", "Publication", "Recap",
    "Reclaim", "Replay", "Reveal", "Review", "Turn", "Undo", "Unreadable", "board", "chart", "controls_from_json",
    "controls_to_json", "decode", "direct", "encode", "lobby", "note", "replay", "reveal", "review",
]


class Unreadable(ValueError):
    """An outbox item that is not a publication this version knows: ``reason`` says why, for the log."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ----- controls --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Turn:
    """"Take your turn", for the board of ``version``."""

    version: int
    name: ClassVar[str] = "turn"


@dataclass(frozen=True, slots=True)
class Hand:
    """"My hand": the asker's private view."""

    name: ClassVar[str] = "hand"


@dataclass(frozen=True, slots=True)
class Recap:
    """"What changed for me"."""

    name: ClassVar[str] = "recap"


@dataclass(frozen=True, slots=True)
class Reclaim:
    """Take ``seat`` back from the automatic player."""

    seat: int
    name: ClassVar[str] = "reclaim"


@dataclass(frozen=True, slots=True)
class Undo:
    """Agree to take back the action logged at ``version``."""

    version: int
    name: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True)
class Handover:
    """``taker`` accepts ``seat``, offered by ``giver``."""

    seat: int
    giver: int
    taker: int
    name: ClassVar[str] = "handover"


Control = Turn | Hand | Recap | Reclaim | Undo | Handover

_CONTROLS: dict[str, type[Control]] = {kind.name: kind for kind in (Turn, Hand, Recap, Reclaim, Undo, Handover)}
_CONTROL_FIELDS: dict[str, tuple[str, ...]] = {"turn": ("version",), "hand": (), "recap": (), "reclaim": ("seat",),
                                               "undo": ("version",), "handover": ("seat", "giver", "taker")}


def controls_to_json(controls: Sequence[Control]) -> list[list[Any]]:
    return [[control.name, *(getattr(control, name) for name in _CONTROL_FIELDS[control.name])]
            for control in controls]


def controls_from_json(value: Any) -> tuple[Control, ...]:
    """Controls from their saved form; :class:`Unreadable` for an unknown name or a wrong shape."""
    if not isinstance(value, list):
        raise Unreadable(f"its controls are not a list but {_shape(value)}")
    controls: list[Control] = []
    for entry in value:
        if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
            raise Unreadable(f"a control is not [name, *arguments] but {_shape(entry)}")
        name, *args = entry
        kind = _CONTROLS.get(name)
        if kind is None:
            raise Unreadable(f"it names the unknown control {name[:40]!r}")
        fields = _CONTROL_FIELDS[name]
        if len(args) != len(fields) or not all(_is_int(arg) for arg in args):
            raise Unreadable(f"the control {name!r} takes {len(fields)} whole number(s) ({', '.join(fields) or 'none'})"
                             f", not {args!r:.80}")
        controls.append(kind(*args))
    return tuple(controls)


# ----- publications --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Board:
    mode: Literal["new", "edit"]
    version: int
    text: str
    view: View = field(repr=False)
    mentions: tuple[int, ...] = ()
    controls: tuple[Control, ...] = ()
    same_picture: bool = False
    kind: ClassVar[str] = "board"


@dataclass(frozen=True)
class Note:
    text: str
    mentions: tuple[int, ...] = ()
    controls: tuple[Control, ...] = ()
    kind: ClassVar[str] = "note"


@dataclass(frozen=True)
class Direct:
    user: int
    text: str
    fallback: str
    kind: ClassVar[str] = "direct"


@dataclass(frozen=True)
class Reveal:
    text: str
    filename: str
    record: dict[str, Any] = field(repr=False)
    kind: ClassVar[str] = "reveal"


@dataclass(frozen=True)
class Replay:
    kind: ClassVar[str] = "replay"


@dataclass(frozen=True)
class Chart:
    kind: ClassVar[str] = "chart"


@dataclass(frozen=True)
class Review:
    kind: ClassVar[str] = "review"


@dataclass(frozen=True)
class Lobby:
    text: str
    open: bool
    kind: ClassVar[str] = "lobby"


Publication = Board | Note | Direct | Reveal | Replay | Chart | Review | Lobby

BACKGROUND_KINDS = frozenset({Reveal.kind, Replay.kind, Chart.kind, Review.kind})
"""Kinds a move's answer does not wait for (the replay alone takes a second to draw): see ``Publisher.settle``."""


@dataclass(frozen=True)
class Parcel:
    """A publication read back from the outbox, to deliver: ``id`` is the item's (its nonce on Discord)."""

    id: int
    game_id: int
    publication: Publication
    attempts: int = 0

    @property
    def kind(self) -> str:
        return self.publication.kind

    @classmethod
    def of(cls, row: OutboxRow) -> Parcel:
        """The row's publication; :class:`Unreadable` if it is none this version knows."""
        return cls(row.id, row.game_id, decode(row.kind, row.payload), row.attempts)


def encode(publication: Publication) -> OutboxItem:
    """The outbox item saving ``publication`` (its payload as documented above)."""
    payload: dict[str, Any]
    match publication:
        case Board():
            payload = {"mode": publication.mode, "version": publication.version, "text": publication.text,
                       "mentions": list(publication.mentions), "view": publication.view,
                       "controls": controls_to_json(publication.controls), "same_picture": publication.same_picture}
        case Note():
            payload = {"text": publication.text, "mentions": list(publication.mentions),
                       "controls": controls_to_json(publication.controls)}
        case Direct():
            payload = {"user": publication.user, "text": publication.text, "fallback": publication.fallback}
        case Reveal():
            payload = {"text": publication.text, "filename": publication.filename, "record": publication.record}
        case Replay() | Chart() | Review():
            payload = {}
        case Lobby():
            payload = {"text": publication.text, "open": publication.open}
    return OutboxItem(publication.kind, payload)


def decode(kind: str, payload: Mapping[str, Any]) -> Publication:
    """The publication an outbox item saved; :class:`Unreadable` (with the reason) for an unknown kind or a
    payload of the wrong shape. Fields later versions added are optional, so older rows still read."""
    if "damaged" in payload:
        raise Unreadable(f"its payload is damaged ({payload['damaged']})")
    read = _Reader(kind, payload)
    if kind == "board":
        mode = read.text("mode")
        if mode not in ("new", "edit"):
            raise Unreadable(f"a board's mode is 'new' or 'edit', not {mode[:20]!r}")
        view = payload.get("view")
        if not isinstance(view, dict):
            raise Unreadable(f"a board's view is not a JSON object but {_shape(view)}")
        return Board("new" if mode == "new" else "edit", read.number("version"), read.text("text"), view,
                     read.users("mentions"), controls_from_json(payload.get("controls", [])),
                     read.flag("same_picture", False))
    if kind == "note":
        return Note(read.text("text"), read.users("mentions"), controls_from_json(payload.get("controls", [])))
    if kind == "direct":
        return Direct(read.number("user"), read.text("text"), read.text("fallback"))
    if kind == "reveal":
        record = payload.get("record")
        if not isinstance(record, dict):
            raise Unreadable(f"a reveal's record is not a JSON object but {_shape(record)}")
        return Reveal(read.text("text"), read.text("filename"), record)
    if kind == "replay":
        return Replay()
    if kind == "chart":
        return Chart()
    if kind == "review":
        return Review()
    if kind == "lobby":
        return Lobby(read.text("text"), read.flag("open"))
    raise Unreadable(f"its kind {kind[:40]!r} is none this version knows")


class _Reader:
    """A payload's fields, each of its expected type or :class:`Unreadable` naming the field."""

    def __init__(self, kind: str, payload: Mapping[str, Any]) -> None:
        self.kind, self.payload = kind, payload

    def _get(self, name: str, default: Any) -> Any:
        if name in self.payload:
            return self.payload[name]
        if default is _REQUIRED:
            raise Unreadable(f"a {self.kind} needs {name!r}, which its payload lacks")
        return default

    def text(self, name: str) -> str:
        value = self._get(name, _REQUIRED)
        if not isinstance(value, str):
            raise Unreadable(f"a {self.kind}'s {name!r} is not text but {_shape(value)}")
        return value

    def number(self, name: str) -> int:
        value = self._get(name, _REQUIRED)
        if not _is_int(value):
            raise Unreadable(f"a {self.kind}'s {name!r} is not a whole number but {_shape(value)}")
        return int(value)

    def flag(self, name: str, default: Any = None) -> bool:
        value = self._get(name, _REQUIRED if default is None else default)
        if not isinstance(value, bool):
            raise Unreadable(f"a {self.kind}'s {name!r} is not true or false but {_shape(value)}")
        return value

    def users(self, name: str) -> tuple[int, ...]:
        value = self._get(name, [])
        if not isinstance(value, list) or not all(_is_int(user) for user in value):
            raise Unreadable(f"a {self.kind}'s {name!r} is not a list of user ids but {_shape(value)}")
        return tuple(int(user) for user in value)


_REQUIRED: Any = object()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shape(value: Any) -> str:
    return f"{type(value).__name__} {value!r:.60}"


# ----- factories, for the table's writers ----------------------------------------------------------------
def board(mode: Literal["new", "edit"], version: int, text: str, view: View, *, mentions: Sequence[int] = (),
          over: bool = False, same_picture: bool = False) -> OutboxItem:
    """``same_picture``: an edit whose public view is unchanged keeps the image already posted."""
    controls: tuple[Control, ...] = (Hand(),) if over else (Turn(version), Hand(), Recap())
    return encode(Board(mode, version, text, view, tuple(mentions), controls, same_picture))


def note(text: str, *, mentions: Sequence[int] = (), controls: Sequence[Control] = ()) -> OutboxItem:
    return encode(Note(text, tuple(mentions), tuple(controls)))


def direct(user: int, text: str, fallback: str) -> OutboxItem:
    return encode(Direct(user, text, fallback))


def reveal(text: str, filename: str, record: dict[str, Any]) -> OutboxItem:
    return encode(Reveal(text, filename, record))


def replay() -> OutboxItem:
    return encode(Replay())


def chart() -> OutboxItem:
    return encode(Chart())


def review() -> OutboxItem:
    return encode(Review())


def lobby(text: str, open_: bool) -> OutboxItem:
    return encode(Lobby(text, open_))
