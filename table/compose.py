"""What the table says: lobby text, board messages, "who acts" lines, final scores, recaps, log pages and
the fairness lines. Plain text in Discord's markdown, built from the rules' public events and the
spectator view (a seat's private lines only for that seat's own panel); never by re-reading text that
was already posted. No Discord objects: a mention is ``<@id>`` and a time is ``<t:…>`` text.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from db.store import ActionRecord
from rules.core import fairness
from rules.core.events import Event
from rules.core.words import listing
from table.model import Table

MESSAGE_LIMIT = 2000
LOG_PAGE_LINES = 20
RECAP_LINES = 8


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def timestamp(at: datetime, style: str = "f") -> str:
    """A time every reader sees in their own time zone (Discord's timestamp markup)."""
    return f"<t:{int(at.timestamp())}:{style}>"


def option_words(key: str, value: object) -> str:
    """A chosen variant as the lobby shows it: "advanced", or "special side: red"."""
    words = key.replace("_", " ")
    return words if value is True else f"{words}: {str(value).lower() if isinstance(value, bool) else value}"


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


def private_lines(table: Table, seat: int) -> list[str]:
    """What only this seat may see, in words: the lines of the game's text view of the seat that start
    with "Your " (the contract's convention for private lines). Only ever shown to that seat."""
    if table.state is None:
        return []
    text = table.game.render_text(table.game.view(table.state, seat))
    return [line for line in text.splitlines() if line.startswith("Your ")]


PANEL_LINE = 240  # a private line longer than this lists its items by name only


def panel_lines(table: Table, seat: int) -> list[str]:
    """A seat's private lines as its panel of choices shows them: one line per fact (the "Your decision"
    line is left out, since the question below says it), and a long list (a hand of cards with their
    rules) shortened to each item's name; the full texts are on the hand image and in /game hand."""
    lines = []
    for line in private_lines(table, seat):
        if line.startswith("Your decision"):
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
    lines = [f"**{table.title}** — a new game is looking for players ({game.min_players}–{game.max_players}).",
             "Options: " + (", ".join(options) if options else "none (the basic game)") + ".",
             deadline_text(table),
             "Forced moves: a player's only legal choice is played at once." if table.record.forced_moves
             else "Forced moves: off (every decision is asked).",
             f"Away bank: {away_days(table.record.away_bank_minutes)} per player (/me away stops their clock).",
             f"Seats ({len(table.seats)}/{game.max_players}):"]
    lines += [f"{seat.seat + 1}. {mention(seat.user_id)}" for seat in table.seats]
    status = table.record.status
    if status == "lobby":
        lines.append(f"Press **Join** to take a seat; {mention(table.record.creator_id)} starts the game.")
    elif status == "active":
        lines.append("The game has started in its thread." if table.record.thread_id is None
                     else f"The game has started. Play in <#{table.record.thread_id}>.")
    else:
        lines.append("This game was abandoned." if status == "abandoned" else "This game is over.")
    return "\n".join(lines)


def away_days(minutes: int) -> str:
    days = minutes // 1440
    return f"{days} day{'' if days == 1 else 's'}"


def deadline_text(table: Table) -> str:
    minutes = table.record.deadline_minutes
    if minutes is None:
        return "Turn deadline: none."
    if table.state is not None and table.solo:
        return "Turn deadline: none (a solo player keeps nobody waiting)."
    amount = f"{minutes // 60} h" + (f" {minutes % 60} min" if minutes % 60 else "") if minutes >= 60 else \
        f"{minutes} min"
    return (f"Turn deadline: {amount} per turn, counted in each player's active hours; after "
            f"{table.record.autopilot_after} missed in a row the automatic player keeps the seat.")


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
        until = f" (decide by {timestamp(due)})" if due is not None else ""
        parts.append(f"{public_prompt(table, seat)}{until}.")
    return "\n".join(parts)


def public_prompt(table: Table, seat: int) -> str:
    """What an awaited seat is deciding, as everyone may read it (the rules' public prompt, never the
    seat's private one), with its player mentioned in place of the name."""
    assert table.state is not None
    text = table.game.public_prompt(table.state, seat).rstrip(".")
    name = table.names[seat]
    who = mention(table.user_of(seat))
    return who + text[len(name):] if text.startswith(name) else f"{who} — {text}"


def final_text(table: Table) -> str:
    assert table.state is not None
    outcome = table.game.outcome(table.state)
    if outcome is None:
        return ""
    names = table.names
    lines = ["**Final scores**"]
    for place, seats in enumerate(outcome.ranking, start=1):
        for seat in seats:
            lines.append(f"{place}. {names[seat]} ({mention(table.user_of(seat))}): {outcome.scores[seat]}")
    winners = listing([names[s] for s in outcome.winners])
    lines.append(f"🏆 Winner: {winners}!" if not table.solo else f"Result: {outcome.result or ''}")
    return "\n".join(lines)


def public_sentences(table: Table, raw_events: Sequence[dict[str, Any]]) -> list[str]:
    """The public events of one logged action as sentences."""
    return [table.game.describe_event(Event.from_json(raw), table.names) for raw in raw_events
            if raw.get("private_to") is None]


AUTOMATIC_MARKS = {"forced": "🤖 only choice: ", "standing": "🤖 standing answer: "}
"""How a move the table played for a seat is marked wherever it is told: its only legal action, or the
answer its player set in advance."""
AUTOMATIC_WORDS = {"forced": "only choice, played automatically", "standing": "standing answer"}


def automatic_mark(logged: ActionRecord) -> str:
    """The mark of a move played for a seat (see :data:`AUTOMATIC_MARKS`); "" for any other move."""
    return AUTOMATIC_MARKS.get(logged.automatic_reason or "", "")


def logged_sentences(table: Table, logged: ActionRecord) -> list[str]:
    """The public events of one logged action as sentences, each marked when the table played the move
    for its seat (a forced move, a standing answer). A forced move that told nothing (declining to buy,
    say) still gets a line naming it: it was the only choice of an open step, so everyone may know it.
    A standing answer never does: it may answer a secret step, whose choice shows when the step does."""
    mark = automatic_mark(logged)
    lines = public_sentences(table, logged.events)
    if not lines and logged.automatic_reason == "forced" and 0 <= logged.seat < len(table.names):
        lines = [f"{table.names[logged.seat]}: {str(logged.action.get('kind', 'a move')).replace('_', ' ')}."]
    return [mark + line for line in lines]


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
    return [sentence if times == 1 else f"{sentence} ({'twice' if times == 2 else f'{times} times'})"
            for sentence, times in counts.items()]


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
        words = ""
        if automatic[seat]:
            [reason, *others] = sorted(reasons[seat], key=str)
            words = f" ({AUTOMATIC_WORDS[reason]})" if not others and reason is not None else " (automatic player)"
        actors.append(table.names[seat] + words)
    return f"**{table.title}**" + (f" · {listing(actors)}" if actors else "")


def start_text(table: Table) -> str:
    players = ", ".join(mention(seat.user_id) for seat in table.seats)
    return f"**{table.title}** begins! Players: {players}."


def _compose(header: str, sentences: Sequence[str], tail: str) -> str:
    kept = list(sentences)
    while True:
        body = "\n".join(f"• {s}" for s in kept)
        if len(kept) < len(sentences):
            body = f"• … {len(sentences) - len(kept)} earlier (see /game log)\n" + body
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
    head = f"📜 Since {mention(user_id)}'s last move:"
    if earlier:
        head += f"\n• … {earlier} earlier (see /game log)"
    return head + "\n" + "\n".join(f"• {line}" for line in shown)


# ----- fairness --------------------------------------------------------------------------------------
def commitment_line(table: Table) -> str:
    """The fairness commitment shown when a game starts (see ``rules.core.fairness``)."""
    digest = fairness.commitment(table.record.seed, table.record.seed_salt, table.names)
    return (f"🔒 Fair play: every shuffle and roll comes from a secret seed fixed now; the SHA-256 commitment "
            f"`{digest}` covers it and the players' names. The seed is revealed when the game ends, so anyone can "
            "check it.")


def reveal_text(table: Table) -> str:
    digest = fairness.commitment(table.record.seed, table.record.seed_salt, table.names)
    return (f"🔓 **{table.title}**: the secret seed was `{table.record.seed}` with salt "
            f"`{table.record.seed_salt or '(none)'}`; together they hash to the commitment `{digest}` shown at "
            f"the start. The attached record holds the whole log. Anyone can check that it replays to this "
            f"result: `python -m rules verify {record_filename(table)} --commitment {digest}`.")


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
    text = "\n".join(chunk) or "Nothing has happened yet."
    return f"Log page {page} of {pages}:\n{text}"[:MESSAGE_LIMIT], pages
