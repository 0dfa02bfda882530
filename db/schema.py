"""The database schema and its forward-only migrations.

``MIGRATIONS[i]`` is the SQL script that takes the database from schema version ``i`` to ``i + 1``;
the version is kept in the file header with ``PRAGMA user_version`` (0 for a new, empty file).
:func:`migrate` applies the missing scripts in order, each in its own ``BEGIN IMMEDIATE``
transaction together with the new ``user_version``, so a migration is applied completely or not at
all, and two processes opening the same file at once never apply one twice.

Rules for adding a migration:

- Append a new script; never edit or reorder a released one (a database that has run it will not
  run it again). There are no down-migrations: restore a backup instead.
- Scripts are split into statements with :func:`sqlite3.complete_statement`, so triggers and
  semicolons inside strings or comments are fine.
- Foreign-key enforcement is off while migrations run (as SQLite's procedure for rebuilding a table
  requires) and ``PRAGMA foreign_key_check`` must come back empty before a migration commits.
- A database whose version is newer than ``len(MIGRATIONS)`` is refused (:class:`SchemaTooNew`):
  old code must not write to a schema it does not know.

Timestamps are ISO-8601 UTC text (``datetime.isoformat()`` of an aware UTC datetime, so they compare
correctly as text); Discord ids (snowflakes) fit SQLite's 64-bit INTEGER; ``options``, ``snapshot``,
``action`` and ``events`` hold JSON text whose meaning belongs to the game's rules; ``outbox.payload``
holds JSON whose meaning belongs to the table.

Versions: 1 games, seats and the action log; 2 the fairness salt; 3 async life (deadlines, autopilot,
members, results, votes, actions taken back); 4 the outbox, ``games.damage`` and ``games.board_since``;
5 ``seats.due_at``, the scheduler's index of seats to look at; 6 moves that need no one
(``games.forced_moves``, ``actions.automatic_reason``, the ``standing`` answers); 7 time away (members'
away stretches, each game's away bank and each seat's use of it);
8 the server's own secrets (the web companion's link key); 9 leases on games' background work; 10 the daily
digest and the nudge (members' digest hour and last digest day, seats left alone and nudged); 11 robot seats
(``seats.robot``), each game's robot secret and its automatic player's level (``games.autopilot_level``);
12 hints (each game's setting, each seat's suggestions asked for); 13 players' ratings (per server,
game and player), which games were rated and why not, and each finished game's review.
"""

from __future__ import annotations

import sqlite3

from db.backend import Connection
from db.errors import MigrationFailed, SchemaTooNew, storage_error

__all__ = ["LATEST_VERSION", "MIGRATIONS", "migrate", "schema_version", "split_statements"]

_V1 = """
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    kind             TEXT    NOT NULL,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER NULL,
    lobby_message_id INTEGER NULL,
    board_message_id INTEGER NULL,
    creator_id       INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    options          TEXT    NOT NULL DEFAULT '{}',   -- JSON object: the variants chosen
    seed             INTEGER NOT NULL,
    snapshot         TEXT    NULL,                    -- JSON: the state after `version`
    version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created_at       TEXT    NOT NULL,                -- ISO-8601 UTC
    updated_at       TEXT    NOT NULL                 -- ISO-8601 UTC, last version change
);

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),  -- 0-based, the rules' seat index
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    joined_at    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

-- Append-only: one row per accepted action, written in the transaction that wrote its snapshot.
CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL CHECK (version > 0),  -- the game version this action produced
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,                      -- JSON object (the game's action_to_json)
    events     TEXT    NOT NULL DEFAULT '[]',         -- JSON list of the game's event JSON
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

-- Deleting a game removes its log (ON DELETE CASCADE); deleting single log rows is refused.
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
WHEN EXISTS (SELECT 1 FROM games WHERE games.id = OLD.game_id)
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

CREATE INDEX games_by_guild_status ON games (guild_id, status);
CREATE INDEX games_by_status ON games (status);
CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);
"""

# The salt that, with the seed, makes the fairness commitment shown when a game starts (see
# rules/core/fairness.py). Games created before it have an empty salt.
_V2 = """
ALTER TABLE games ADD COLUMN seed_salt TEXT NOT NULL DEFAULT '';
"""

# Async life: turn deadlines and autopilot, members' time zones and notification choices, finished
# games' results for statistics, votes (to abandon, to take an action back), and actions taken back.
_V3 = """
ALTER TABLE games ADD COLUMN deadline_minutes INTEGER NULL
    CHECK (deadline_minutes IS NULL OR deadline_minutes > 0);   -- a seat's time per decision; NULL: none
ALTER TABLE games ADD COLUMN autopilot_after INTEGER NOT NULL DEFAULT 3
    CHECK (autopilot_after > 0);                                  -- missed deadlines in a row before a seat
                                                                  -- stays on autopilot until reclaimed

ALTER TABLE seats ADD COLUMN awaited_since TEXT NULL;             -- when the game began waiting for this seat
ALTER TABLE seats ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0; -- 1: this wait's reminder has been sent
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;   -- deadlines missed in a row
ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0;  -- 1: the automatic player plays this seat

ALTER TABLE actions ADD COLUMN automatic INTEGER NOT NULL DEFAULT 0;  -- 1: played by the automatic player

CREATE TABLE members (
    user_id      INTEGER PRIMARY KEY,
    time_zone    TEXT    NOT NULL DEFAULT 'UTC',    -- an IANA zone name
    active_from  INTEGER NULL CHECK (active_from BETWEEN 0 AND 1439),  -- minutes after local midnight
    active_to    INTEGER NULL CHECK (active_to BETWEEN 0 AND 1439),    -- NULL/NULL: active all day
    notify       TEXT    NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'none')),
    dm_closed    INTEGER NOT NULL DEFAULT 0          -- 1: a direct message failed and they were told once
);

CREATE TABLE results (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    score   INTEGER NOT NULL,
    place   INTEGER NOT NULL CHECK (place >= 1),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_user ON results (user_id);

-- Agreements collected from the seated players: "abandon", or "undo:<version>" for taking back an action.
CREATE TABLE votes (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    topic   TEXT    NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, topic, user_id)
);

-- An action taken back stays in the log (it is append-only) and is listed here; replays skip it.
CREATE TABLE undone (
    game_id INTEGER NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (game_id, version),
    FOREIGN KEY (game_id, version) REFERENCES actions (game_id, version) ON DELETE CASCADE
);
"""

# The outbox: what an action must publish, written in the action's transaction and delivered in order
# by a per-game publisher (see db/outbox.py); a game's damage (why its save cannot be read), and the
# version at which the thread's current board message began.
_V4 = """
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,    -- delivery order within a game; never reused
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind            TEXT    NOT NULL,                     -- what to publish ("board", "note", ...): the table's word
    payload         TEXT    NOT NULL,                     -- JSON object
    created_at      TEXT    NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),  -- failed deliveries so far
    next_attempt_at TEXT    NOT NULL,                     -- ISO UTC; created_at until a delivery fails
    last_error      TEXT    NULL,
    delivered_at    TEXT    NULL                          -- NULL while pending
);
CREATE INDEX outbox_pending_by_game ON outbox (game_id, id) WHERE delivered_at IS NULL;
CREATE INDEX outbox_pending_by_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;
CREATE INDEX outbox_delivered ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;

ALTER TABLE games ADD COLUMN damage TEXT NULL;            -- NULL: healthy; else why its save cannot be read
ALTER TABLE games ADD COLUMN board_since INTEGER NULL;    -- the version at which the current board message began
"""

# When the scheduler must next look at a seat, so a tick reads only the seats due (through an index)
# instead of every seat of every game. A seat gets "now" when it begins to be awaited, and the table
# refines it to the exact reminder or deadline (which depend on the player's active hours); NULL: nothing
# to do. Seats already waiting are looked at on the first tick.
_V5 = """
ALTER TABLE seats ADD COLUMN due_at TEXT NULL;   -- ISO UTC: look at this seat again then; NULL: never
UPDATE seats SET due_at = awaited_since
    WHERE awaited_since IS NOT NULL AND game_id IN (SELECT id FROM games WHERE status = 'active');
CREATE INDEX seats_by_due ON seats (due_at) WHERE due_at IS NOT NULL;
"""

# Moves that need no one: whether a game plays a seat's only legal action for it, why an automatic action
# was played ("forced": the only legal action; "standing": an answer set in advance; NULL: the automatic
# player), and the answers players set in advance for decisions outside their own turn.
_V6 = """
ALTER TABLE games ADD COLUMN forced_moves INTEGER NOT NULL DEFAULT 1
    CHECK (forced_moves IN (0, 1));                               -- 1: a seat's only legal action plays itself

ALTER TABLE actions ADD COLUMN automatic_reason TEXT NULL
    CHECK (automatic_reason IS NULL OR automatic_reason IN ('forced', 'standing'));

CREATE TABLE standing (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    decision TEXT    NOT NULL,                  -- a key of the game's declared standing decisions
    answer   TEXT    NOT NULL,                  -- a key of that decision's answers
    PRIMARY KEY (game_id, seat, decision)
);
"""

# Time away: a member's away stretch (``/me away``), each game's away bank (how long a player away stops
# their clock in it), and per seat the stretch it is in until that is settled, the bank it used in earlier
# stretches and whether its player was told the bank ran out.
_V7 = """
ALTER TABLE members ADD COLUMN away_since TEXT NULL;            -- ISO UTC: the current or last away began
ALTER TABLE members ADD COLUMN away_until TEXT NULL;            -- ISO UTC: it ends (or ended, on /me back)
ALTER TABLE members ADD COLUMN away_note TEXT NULL;

ALTER TABLE games ADD COLUMN away_bank_minutes INTEGER NOT NULL DEFAULT 10080
    CHECK (away_bank_minutes >= 0);                             -- per seat; 7 days unless the creator chose

ALTER TABLE seats ADD COLUMN away_since TEXT NULL;              -- the member's away stretch, until settled
ALTER TABLE seats ADD COLUMN away_used_minutes INTEGER NOT NULL DEFAULT 0
    CHECK (away_used_minutes >= 0);                             -- bank used by settled stretches
ALTER TABLE seats ADD COLUMN away_told INTEGER NOT NULL DEFAULT 0;  -- 1: told the bank ran out, this stretch
"""

# The server's own secrets, kept so that what they sign outlives a restart: the key of the web companion's
# signed links (see web/links.py), made once when no key is configured. Never shown to anyone.
_V8 = """
CREATE TABLE secrets (
    name       TEXT PRIMARY KEY,     -- what the secret is for, e.g. "web-links"
    value      TEXT NOT NULL,        -- the secret itself (hex)
    created_at TEXT NOT NULL
) WITHOUT ROWID;
"""

# Leases on each game's background work: its deadlines, reminders and automatic moves (the keeper's job),
# and the delivery of what its outbox holds, so its replay (the outbox's job). The one process holding a
# game's lease on a job does that work until ``expires_at``; an expired lease is anyone's to take (see
# db/leases.py). A lease given back is deleted, so the table holds only the games being worked on. No
# foreign key: a claim must never fail because its game was deleted meanwhile, and the row of a deleted
# game is never read again.
_V9 = """
CREATE TABLE leases (
    game_id    INTEGER NOT NULL,
    job        TEXT    NOT NULL,   -- which of the game's background work: 'keeper' or 'outbox'
    holder     TEXT    NOT NULL,   -- the holding process's name ('' for a row made free)
    expires_at TEXT    NOT NULL,   -- ISO UTC; '' sorts before every instant, so such a row is free
    PRIMARY KEY (game_id, job)
) WITHOUT ROWID;
"""

# The daily digest and the nudge (table/digest.py, table/nudge.py). A member's digest: the local time of day
# it comes (``digest_at``, minutes after local midnight; NULL: no digest) and the local day whose digest was
# claimed (written in the same transaction as the digest's direct message, so it goes out once whatever the
# restarts or the processes). Per seat: when it was left alone holding up a step every other seat had
# answered (``alone_since``; NULL once dealt with), and the wait whose nudge went out (``nudged_wait``: that
# wait's ``awaited_since``), so a wait gets one nudge.
_V10 = """
ALTER TABLE members ADD COLUMN digest_at INTEGER NULL;   -- minutes after local midnight; NULL: no digest
ALTER TABLE members ADD COLUMN digest_day TEXT NULL;     -- the local day (YYYY-MM-DD) whose digest was claimed

ALTER TABLE seats ADD COLUMN alone_since TEXT NULL;      -- ISO UTC: left alone in a step the others answered
ALTER TABLE seats ADD COLUMN nudged_wait TEXT NULL;      -- the awaited_since of the wait that was nudged

CREATE INDEX seats_left_alone ON seats (game_id) WHERE alone_since IS NOT NULL;
CREATE INDEX members_with_digest ON members (user_id) WHERE digest_at IS NOT NULL;
"""

# Robot seats: a seat played by the automatic player at a level, with no Discord member (its user_id is
# negative, which no Discord id is); each game's robot secret, the root of its robots' random streams (apart
# from the committed seed, never shown: '' until a robot is first seated); and the level the automatic player
# plays at for deadlines and autopilot.
_V11 = """
ALTER TABLE seats ADD COLUMN robot TEXT NULL
    CHECK (robot IS NULL OR robot IN ('easy', 'normal', 'strong'));  -- NULL: a person's seat

CREATE INDEX seats_of_robots ON seats (game_id) WHERE robot IS NOT NULL;  -- games robots may be awaited in

ALTER TABLE games ADD COLUMN robot_secret TEXT NOT NULL DEFAULT '';

ALTER TABLE games ADD COLUMN autopilot_level TEXT NOT NULL DEFAULT 'normal'
    CHECK (autopilot_level IN ('easy', 'normal', 'strong'));
"""

# Hints (table/hints.py): whether a game offers "Suggest" on its players' private panels (NULL until it starts:
# then decided from its seating unless its creator chose), and how many suggestions each seat asked for. A game
# where any seat asked is kept out of the standings (db/life.py).
_V12 = """
ALTER TABLE games ADD COLUMN hints INTEGER NULL CHECK (hints IS NULL OR hints IN (0, 1));
ALTER TABLE seats ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0);
"""


# Players' skill ratings (table/ratings.py): per server, per game and per player ("user:<id>", or
# "robot:<level>" for the computer's seats, rated by level apart from people), OpenSkill's Plackett-Luce mean
# and deviation after the games rated so far. ``rated_games`` says of each ended game whether it was rated
# (and why not), in the order they were rated (``position``), so the ratings can be recomputed from the
# results alone and come out the same. Both are written in the transaction that writes a game's results. And each
# finished game's review, once computed after the game.
_RATINGS = """
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    player   TEXT    NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, kind, player)
);

CREATE TABLE rated_games (
    game_id  INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    rated    INTEGER NOT NULL,                 -- 1: the game changed its players' ratings
    reason   TEXT    NOT NULL,                 -- why it was not rated ("solo", "hints"...); '' when it was
    players  TEXT    NOT NULL                  -- JSON: [[player, place], ...] as rated, in seat order
);
CREATE INDEX ratings_by_board ON ratings (guild_id, kind, mu);

-- A finished game's review once computed (table/reviews.py): kept for the web replay, which shows it step by step.
CREATE TABLE reviews (
    game_id INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    review  TEXT    NOT NULL                  -- JSON: {"short": text, "steps": {action number: [lines]}}
);
"""

# The practice table (table/practice.py): a game one person plays against robots to learn it is marked, which keeps
# it out of the standings and the ratings; and each practising seat's lessons already shown (one row per decision
# kind explained), so each is explained once in a game.
_PRACTICE = """
ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0 CHECK (practice IN (0, 1));

CREATE TABLE lessons (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    lesson  TEXT    NOT NULL,                  -- the decision kind explained (rules.core.lessons)
    PRIMARY KEY (game_id, seat, lesson)
);
"""

# Languages (lang/): a game's language, chosen at its creation, in which its public posts and board images are
# written ('en' for every game made before); and the language a member's Discord last showed, in which their
# direct messages are written (NULL: not seen yet, the game's language then).
_LANGUAGES = """
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE members ADD COLUMN language TEXT NULL;
"""

MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3, _V4, _V5, _V6, _V7, _V8, _V9, _V10, _V11, _V12, _RATINGS, _PRACTICE,
                               _LANGUAGES)
"""``MIGRATIONS[i]`` upgrades schema version ``i`` to ``i + 1``. Append only."""

LATEST_VERSION = len(MIGRATIONS)


def split_statements(script: str) -> list[str]:
    """The statements of ``script``, each ending at a ``;`` that SQLite itself sees as the end of
    a complete statement (not one inside a string, a comment or a trigger body)."""
    statements: list[str] = []
    buffer = ""
    for piece in script.split(";"):
        buffer += piece
        if sqlite3.complete_statement(buffer + ";"):
            statement = buffer.strip()
            if _has_code(statement):
                statements.append(statement + ";")
            buffer = ""
        else:
            buffer += ";"
    if _has_code(buffer):
        raise ValueError(f"the migration script ends with an unterminated statement: {buffer.strip()[:80]!r}")
    return statements


def _has_code(text: str) -> bool:
    """Whether ``text`` holds anything but whitespace and comments (only leading comments are
    stripped, so nothing inside a string literal is ever mistaken for one)."""
    rest = text.lstrip()
    while rest.startswith(("--", "/*")):
        if rest.startswith("--"):
            end = rest.find("\n")
            rest = "" if end < 0 else rest[end + 1:]
        else:
            end = rest.find("*/")
            rest = "" if end < 0 else rest[end + 2:]
        rest = rest.lstrip()
    return bool(rest)


async def schema_version(conn: Connection) -> int:
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def migrate(conn: Connection, migrations: tuple[str, ...] = MIGRATIONS) -> int:
    """Bring the database up to ``len(migrations)``; returns the schema version reached.

    ``conn`` must be in autocommit mode (``isolation_level=None``) and outside any transaction.
    Raises :class:`SchemaTooNew` for a database from a newer release and :class:`MigrationFailed`
    (after rolling that migration back) when a script fails; an error of the file itself (full,
    read-only, busy, damaged: see :func:`~db.errors.storage_error`) is re-raised as it came, after the
    rollback, for the caller to report.
    """
    latest = len(migrations)
    current = await schema_version(conn)
    if current > latest:
        raise SchemaTooNew(current, latest)
    if current == latest:
        return current
    fk_rows = list(await conn.execute_fetchall("PRAGMA foreign_keys"))
    foreign_keys_were_on = bool(fk_rows[0][0])
    await conn.execute("PRAGMA foreign_keys = OFF")
    try:
        while True:
            await conn.execute("BEGIN IMMEDIATE")
            try:
                # Re-read inside the write lock: another process may have migrated meanwhile.
                current = await schema_version(conn)
                if current > latest:
                    raise SchemaTooNew(current, latest)
                if current == latest:
                    await conn.execute("COMMIT")
                    return current
                target = current + 1
                try:
                    for statement in split_statements(migrations[current]):
                        await conn.execute(statement)
                    problems = list(await conn.execute_fetchall("PRAGMA foreign_key_check"))
                except (sqlite3.Error, ValueError) as error:
                    if storage_error(error) is not None:
                        raise  # the file, not the script, is at fault: the caller reports it as such
                    raise MigrationFailed(target, str(error)) from error
                if problems:
                    raise MigrationFailed(target, f"{len(problems)} rows break a foreign key")
                await conn.execute(f"PRAGMA user_version = {int(target)}")
                await conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    await conn.execute("ROLLBACK")
                raise
    finally:
        if foreign_keys_were_on:
            await conn.execute("PRAGMA foreign_keys = ON")
