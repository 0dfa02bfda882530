"""What the table says: lobby text, board messages, "who acts" lines, final scores, recaps, log pages and
the fairness lines. Plain text in Discord's markdown, built from the rules' public events and the
spectator view (a seat's private lines only for that seat's own panel); never by re-reading text that
was already posted. No Discord objects: a mention is ``<@id>`` and a time is ``<t:…>`` text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from db.store import ActionRecord
from lang import N_, command, listing, tr, trc, trn
from rules.core import fairness
from rules.core.errors import RulesError
from rules.core.events import Event
from rules.core.players import level_words
from table import hints
from table.model import Table

MESSAGE_LIMIT = 2000
LOG_PAGE_LINES = 20
RECAP_LINES = 8


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def who(table: Table, seat: int) -> str:
    """A seat's holder as the thread names them: a member's mention, or a robot's name (a robot is never
    mentioned: it has no Discord account, and ``<@…>`` of its id would be nobody)."""
    return table.names[seat] if table.is_robot(seat) else mention(table.user_of(seat))


def timestamp(at: datetime, style: str = "f") -> str:
    """A time every reader sees in their own time zone (Discord's timestamp markup)."""
    return f"<t:{int(at.timestamp())}:{style}>"


def option_name(key: str) -> str:
    """A game option's key as the lobby names it: "special side" (a key not known here is shown as its words)."""
    names = {"advanced": trc("game option", "advanced"), "special_characters": trc("game option", "special characters"),
             "events": trc("game option", "events"), "easier": trc("game option", "easier"),
             "draft": trc("game option", "draft"), "special_side": trc("game option", "special side"),
             "simplified": trc("game option", "simplified"), "pro": trc("game option", "pro")}
    return names.get(key) or key.replace("_", " ")


def option_value(value: str) -> str:
    """A chosen option's value as the lobby names it: "red"."""
    values = {"blue": trc("option value", "blue"), "red": trc("option value", "red"),
              "true": trc("option value", "true"), "false": trc("option value", "false")}
    return values.get(value, value)


def option_words(key: str, value: object) -> str:
    """A chosen variant as the lobby shows it: "advanced", or "special side: red"."""
    if value is True:
        return option_name(key)
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    return tr("{option}: {value}", option=option_name(key), value=option_value(shown))


def fit_lines(lines: Sequence[str]) -> str:
    """Lines joined into one message; when too long, the lines before the last are kept from the top and
    cut where the room runs out (the cut marked "…"), so the last line (the question being asked) is always
    whole."""
    text = "\n".join(lines)
    if len(text) <= MESSAGE_LIMIT:
        return text
    last = lines[-1][:MESSAGE_LIMIT]
    room = MESSAGE_LIMIT - len(last) - 1
    head = "\n".join(lines[:-1])[:max(0, room - 1)]
    return f"{head}…\n{last}" if head else last


PRIVATE_MARK = N_("Your ")
"""How a private line of a game's text view begins (the contract's convention), in English; each language's
catalogue gives the beginning its private lines share ("Dein", which "Deine" begins with too)."""


def is_private_line(line: str) -> bool:
    """Whether a line of a seat's text view is one of its private lines ("Your hand: …")."""
    return line.startswith(PRIVATE_MARK) or line.startswith(tr(PRIVATE_MARK))


def private_lines(table: Table, seat: int) -> list[str]:
    """What only this seat may see, in words: the lines of the game's text view of the seat that start
    with "Your " (the contract's convention for private lines). Only ever shown to that seat."""
    if table.state is None:
        return []
    text = table.game.render_text(table.game.view(table.state, seat))
    return [line for line in text.splitlines() if is_private_line(line)]


PANEL_LINE = 240  # a private line longer than this lists its items by name only


def panel_lines(table: Table, seat: int) -> list[str]:
    """A seat's private lines as its panel of choices shows them: one line per fact (the "Your decision"
    line is left out, since the question below says it), and a long list (a hand of cards with their
    rules) shortened to each item's name; the full texts are on the hand image and in /game hand."""
    lines = []
    for line in private_lines(table, seat):
        if line.startswith(("Your decision", tr("Your decision"))):
            continue
        if len(line) > PANEL_LINE and "; " in line:
            head, _, items = line.partition(": ")
            line = f"{head}: " + "; ".join(item.split(": ", 1)[0] for item in items.split("; "))
        lines.append(line)
    return lines


# ----- the lobby -------------------------------------------------------------------------------------
def lobby_text(table: Table) -> str:
    game = table.game
    options = [option_words(spec.key, table.record.options.get(spec.key)) for spec in game.option_specs
               if table.record.options.get(spec.key, spec.default) != spec.default]
    lines = [tr("**{title}** — a new game is looking for players ({minimum}–{maximum}).", title=table.title,
                minimum=game.min_players, maximum=game.max_players),
             tr("Options: {options}.", options=", ".join(options)) if options
             else tr("Options: none (the basic game)."),
             deadline_text(table),
             tr("Forced moves: a player's only legal choice is played at once.") if table.record.forced_moves
             else tr("Forced moves: off (every decision is asked)."),
             tr("Away bank: {days} per player ({command} stops their clock).",
                days=away_days(table.record.away_bank_minutes), command=command("me away")),
             *([tr("Automatic player (missed deadlines, autopilot): {level}.",
                   level=level_words(table.record.autopilot_level))]
               if table.record.autopilot_level != "normal" else []),
             hints.hints_words(table),
             tr("Seats ({taken}/{maximum}):", taken=len(table.seats), maximum=game.max_players)]
    lines += [f"{seat.seat + 1}. {who(table, seat.seat)}" for seat in table.seats]
    status = table.record.status
    if status == "lobby":
        lines.append(tr("Press **Join** to take a seat; {creator} starts the game.",
                        creator=mention(table.record.creator_id)))
    elif status == "active":
        thread = f"<#{table.record.thread_id}>"
        lines.append(tr("The game has started in its thread.") if table.record.thread_id is None
                     else tr("The game has started. Play in {thread}.", thread=thread))
    else:
        lines.append(tr("This game was abandoned.") if status == "abandoned" else tr("This game is over."))
    return "\n".join(lines)


def away_days(minutes: int) -> str:
    days = minutes // 1440
    return trn("{n} day", "{n} days", days)


def deadline_text(table: Table) -> str:
    minutes = table.record.deadline_minutes
    if minutes is None:
        return tr("Turn deadline: none.")
    if table.state is not None and table.solo:
        return tr("Turn deadline: none (a solo player keeps nobody waiting).")
    if minutes < 60:
        amount = tr("{minutes} min", minutes=minutes)
    elif minutes % 60:
        amount = tr("{hours} h {minutes} min", hours=minutes // 60, minutes=minutes % 60)
    else:
        amount = tr("{hours} h", hours=minutes // 60)
    return tr("Turn deadline: {amount} per turn, counted in each player's active hours; after {missed} missed in a "
              "row the automatic player keeps the seat.", amount=amount, missed=table.record.autopilot_after)


# ----- boards ----------------------------------------------------------------------------------------
def awaited_line(table: Table) -> str:
    """Who acts now (with each deadline), or the final scores once the game is over."""
    if table.state is None:
        return ""
    if table.game.is_over(table.state):
        return final_text(table)
    parts = []
    for seat in table.awaited():
        due = table.deadlines.get(seat)
        parts.append(tr("{prompt} (decide by {time}).", prompt=public_prompt(table, seat), time=timestamp(due))
                     if due is not None else tr("{prompt}.", prompt=public_prompt(table, seat)))
    return "\n".join(parts)


def public_prompt(table: Table, seat: int) -> str:
    """What an awaited seat is deciding, as everyone may read it (the rules' public prompt, never the
    seat's private one), with its player mentioned in place of the name."""
    assert table.state is not None
    text = table.game.public_prompt(table.state, seat).rstrip(".")
    name = table.names[seat]
    holder = who(table, seat)
    return holder + text[len(name):] if text.startswith(name) else f"{holder} — {text}"


def final_text(table: Table) -> str:
    assert table.state is not None
    outcome = table.game.outcome(table.state)
    if outcome is None:
        return ""
    names = table.names
    lines = [tr("**Final scores**")]
    for place, seats in enumerate(outcome.ranking, start=1):
        for seat in seats:
            holder = "" if table.is_robot(seat) else f" ({mention(table.user_of(seat))})"
            lines.append(f"{place}. {names[seat]}{holder}: {outcome.scores[seat]}")
    winners = listing([names[s] for s in outcome.winners])
    lines.append(tr("🏆 Winner: {names}!", names=winners) if not table.solo
                 else tr("Result: {result}", result=outcome.result or ''))
    hinted = hints.hinted_line(table)
    if hinted is not None:
        lines.append(hinted)
    return "\n".join(lines)


def public_sentences(table: Table, raw_events: Sequence[dict[str, Any]]) -> list[str]:
    """The public events of one logged action as sentences."""
    return [table.game.describe_event(Event.from_json(raw), table.names) for raw in raw_events
            if raw.get("private_to") is None]


AUTOMATIC_MARKS = {"forced": N_("🤖 only choice: "), "standing": N_("🤖 standing answer: ")}
"""How a move the table played for a seat is marked wherever it is told: its only legal action, or the
answer its player set in advance."""
AUTOMATIC_WORDS = {"forced": N_("only choice, played automatically"), "standing": N_("standing answer")}
"""Marked for the catalogue: both are shown with ``tr(...)``."""


def automatic_mark(logged: ActionRecord) -> str:
    """The mark of a move played for a seat (see :data:`AUTOMATIC_MARKS`); "" for any other move."""
    mark = AUTOMATIC_MARKS.get(logged.automatic_reason or "", "")
    return tr(mark) if mark else ""


def logged_sentences(table: Table, logged: ActionRecord) -> list[str]:
    """The public events of one logged action as sentences, each marked when the table played the move
    for its seat (a forced move, a standing answer). A forced move that told nothing (declining to buy,
    say) still gets a line naming it: it was the only choice of an open step, so everyone may know it.
    A standing answer never does: it may answer a secret step, whose choice shows when the step does."""
    mark = automatic_mark(logged)
    lines = public_sentences(table, logged.events)
    if not lines and logged.automatic_reason == "forced" and 0 <= logged.seat < len(table.names):
        move = forced_move_words(table, logged)
        lines = [tr("{name}: {move}.", name=table.names[logged.seat], move=move) if move
                 else tr("{name}: a move.", name=table.names[logged.seat])]
    return [mark + line for line in lines]


def forced_move_words(table: Table, logged: ActionRecord) -> str | None:
    """A forced move's own label (the words its choice button had), in the language spoken; None where the game
    cannot word it now. The label is the game's, so it reads in every language; it is read against the game as it
    stands, which names the same cards and players the move did (a forced move changes nothing it names)."""
    if table.state is None:
        return None
    try:
        action = table.game.action_from_json(logged.action)
        return table.game.describe_action(table.state, logged.seat, action)
    except (RulesError, KeyError, IndexError, ValueError, TypeError):
        return None


def board_text(table: Table, header: str, sentences: Sequence[str], recaps: Sequence[str] = ()) -> str:
    """A board message: header, what happened (bulleted, each line once), the players' recaps, then who
    acts — within Discord's 2000 characters (the oldest sentences, then recap lines, give way first)."""
    tail = awaited_line(table)
    return with_recaps(_compose(header, said_once(sentences), tail), recaps, tail)


def said_once(sentences: Sequence[str]) -> list[str]:
    """Each sentence once, where it first comes, with how often it happened: an icon paying $1 three times
    reads "alice gains $1. (3 times)", not three identical lines that look like a fault."""
    counts: dict[str, int] = {}
    for sentence in sentences:
        counts[sentence] = counts.get(sentence, 0) + 1
    return [sentence if times == 1 else tr("{sentence} (twice)", sentence=sentence) if times == 2
            else tr("{sentence} ({n} times)", sentence=sentence, n=times) for sentence, times in counts.items()]


def _repeated() -> re.Pattern[str]:
    # What ``said_once`` adds, in the language spoken now (the sentence comes first in every language's form).
    twice = re.escape(tr("{sentence} (twice)", sentence=""))
    times = r"\d+".join(re.escape(part) for part in tr("{sentence} ({n} times)", sentence="", n="\0").split("\0"))
    return re.compile(f"(?:{twice}|{times})$")


def without_count(line: str) -> str:
    """The sentence of a line ``said_once`` wrote, without how often it happened."""
    return _repeated().sub("", line)


def board_header(table: Table, actions: Sequence[ActionRecord]) -> str:
    """"**Game #n** · who acted" for the actions a board shows: each seat once, in the order it first
    acted, marked as automatic only when all its moves here were automatic — as its only choice or its
    standing answer when all of them were that, else as the automatic player."""
    seats: list[int] = []
    automatic: dict[int, bool] = {}
    reasons: dict[int, set[str | None]] = {}
    for logged in actions:
        if logged.seat not in seats:
            seats.append(logged.seat)
        automatic[logged.seat] = automatic.get(logged.seat, True) and logged.automatic
        reasons.setdefault(logged.seat, set()).add(logged.automatic_reason)
    actors = []
    for seat in seats:
        if automatic[seat] and not table.is_robot(seat):  # a robot's name says it already
            [reason, *others] = sorted(reasons[seat], key=str)
            words = tr(AUTOMATIC_WORDS[reason]) if not others and reason is not None else tr("automatic player")
            actors.append(tr("{name} ({how})", name=table.names[seat], how=words))
        else:
            actors.append(table.names[seat])
    return f"**{table.title}**" + (f" · {listing(actors)}" if actors else "")


def start_text(table: Table) -> str:
    players = ", ".join(who(table, seat.seat) for seat in table.seats)
    return tr("**{title}** begins! Players: {players}.", title=table.title, players=players)


def _compose(header: str, sentences: Sequence[str], tail: str) -> str:
    kept = list(sentences)
    while True:
        body = "\n".join(f"• {s}" for s in kept)
        if len(kept) < len(sentences):
            body = tr("• … {n} earlier (see {command})", n=len(sentences) - len(kept),
                      command=command("game log")) + "\n" + body
        text = "\n".join(part for part in (header, body, tail) if part)
        if len(text) <= MESSAGE_LIMIT or not kept:
            return text[:MESSAGE_LIMIT]
        kept.pop(0)


def with_recaps(text: str, recaps: Sequence[str], tail: str) -> str:
    """A board message with the players' recaps placed before its closing "who acts" lines (``tail``),
    as many as fit in one message (each recap is cut from its oldest lines to fit)."""
    body, tail = (text[:-len(tail)].rstrip("\n"), tail) if tail and text.endswith(tail) else (text, "")
    for recap in recaps:
        if not recap:
            continue
        room = MESSAGE_LIMIT - len(body) - len(tail) - 2
        if room < 80:
            break
        lines = recap.split("\n")
        while len("\n".join(lines)) > room and len(lines) > 2:
            lines.pop(1)
        body = f"{body}\n" + "\n".join(lines)[:room]
    return f"{body}\n{tail}" if tail else body


def recap_text(user_id: int, lines: Sequence[str], earlier: int = 0, limit: int = RECAP_LINES) -> str:
    """A player's recap: the newest ``limit`` of ``lines`` (``earlier`` more came before them)."""
    if not lines:
        return ""
    shown = said_once(lines[-limit:])
    earlier += len(lines) - min(len(lines), limit)
    head = tr("📜 Since {player}'s last move:", player=mention(user_id))
    if earlier:
        head += "\n" + tr("• … {n} earlier (see {command})", n=earlier, command=command("game log"))
    return head + "\n" + "\n".join(f"• {line}" for line in shown)


# ----- fairness --------------------------------------------------------------------------------------
def commitment_line(table: Table) -> str:
    """The fairness commitment shown when a game starts (see ``rules.core.fairness``)."""
    digest = fairness.commitment(table.record.seed, table.record.seed_salt, table.names)
    return tr("🔒 Fair play: every shuffle and roll comes from a secret seed fixed now; the SHA-256 commitment "
              "`{digest}` covers it and the players' names. The seed is revealed when the game ends, so anyone can "
              "check it.", digest=digest)


def reveal_text(table: Table) -> str:
    digest = fairness.commitment(table.record.seed, table.record.seed_salt, table.names)
    return tr("🔓 **{title}**: the secret seed was `{seed}` with salt `{salt}`; together they hash to the commitment "
              "`{digest}` shown at the start. The attached record holds the whole log. Anyone can check that it "
              "replays to this result: `{command}`.", title=table.title, seed=table.record.seed,
              salt=table.record.seed_salt or tr("(none)"), digest=digest,
              command=f"python -m rules verify {record_filename(table)} --commitment {digest}")


def record_filename(table: Table) -> str:
    return f"{table.record.kind}-{table.id}-record.json"


# ----- the log ---------------------------------------------------------------------------------------
def log_page(lines: Sequence[str], page: int) -> tuple[str, int]:
    """One page of the log (1-based, newest page last) and the number of pages. Pages are counted back
    from the newest line, so the newest page is always full and the oldest holds what is left."""
    pages = max(1, -(-len(lines) // LOG_PAGE_LINES))
    page = min(max(1, page), pages)
    end = len(lines) - (pages - page) * LOG_PAGE_LINES
    chunk = lines[max(0, end - LOG_PAGE_LINES):end]
    text = "\n".join(chunk) or tr("Nothing has happened yet.")
    return (tr("Log page {page} of {pages}:", page=page, pages=pages) + f"\n{text}")[:MESSAGE_LIMIT], pages
