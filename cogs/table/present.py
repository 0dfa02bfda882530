"""What the table shows: lobby text, update messages, board images, log pages. Public messages are
built from public events and the spectator view only; private ones from the seat's own view."""

from __future__ import annotations

import asyncio
import importlib
import io
import json
from collections.abc import Sequence
from typing import Any

import discord

from cogs.table.service import Table
from rules.core import fairness
from rules.core.events import Event

MESSAGE_LIMIT = 2000
LOG_PAGE_LINES = 20


def title(table: Table) -> str:
    return f"{table.game.name} #{table.id}"


def option_words(key: str, value: object) -> str:
    """A chosen variant as the lobby shows it: "advanced", or "special side: red"."""
    words = key.replace("_", " ")
    return words if value is True else f"{words}: {str(value).lower() if isinstance(value, bool) else value}"


def renderer(kind: str, name: str) -> Any:
    """``render.<kind>.<name>`` if the game has such a drawing, else None."""
    try:
        module = importlib.import_module(f"render.{kind}")
    except ModuleNotFoundError:
        return None
    return getattr(module, name, None)


async def board_file(table: Table) -> discord.File | None:
    """The public board image (spectator view), drawn off the event loop."""
    draw = renderer(table.record.kind, "render_board")
    if draw is None or table.state is None:
        return None
    png = await asyncio.to_thread(draw, table.game.view(table.state, None))
    return discord.File(io.BytesIO(png), filename="board.png")


async def private_file(table: Table, seat: int) -> discord.File | None:
    draw = renderer(table.record.kind, "render_hand")
    if draw is None or table.state is None:
        return None
    png = await asyncio.to_thread(draw, table.game.view(table.state, seat))
    return discord.File(io.BytesIO(png), filename="hand.png")


def private_lines(table: Table, seat: int) -> list[str]:
    """What only this seat may see, in words: the lines of the game's text view of the seat that start
    with "Your " (the contract's convention for private lines). Shown only in ephemeral replies."""
    if table.state is None:
        return []
    text = table.game.render_text(table.game.view(table.state, seat))
    return [line for line in text.splitlines() if line.startswith("Your ")]


def fit_lines(lines: Sequence[str]) -> str:
    """Lines joined into one message; when too long, the earliest lines are shortened first, so the
    last line (the question being asked) is always whole."""
    text = "\n".join(lines)
    if len(text) <= MESSAGE_LIMIT:
        return text
    last = lines[-1][:MESSAGE_LIMIT]
    room = MESSAGE_LIMIT - len(last) - 1
    head = "\n".join(lines[:-1])[:max(0, room - 1)]
    return f"{head}…\n{last}" if head else last


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def lobby_text(table: Table) -> str:
    game = table.game
    options = [option_words(spec.key, table.record.options.get(spec.key)) for spec in game.option_specs
               if table.record.options.get(spec.key, spec.default) != spec.default]
    lines = [f"**{title(table)}** — a new game is looking for players "
             f"({game.min_players}–{game.max_players}).",
             "Options: " + (", ".join(options) if options else "none (the basic game)") + ".",
             deadline_text(table),
             f"Seats ({len(table.seats)}/{game.max_players}):"]
    lines += [f"{seat.seat + 1}. {mention(seat.user_id)}" for seat in table.seats]
    if table.record.status == "lobby":
        lines.append(f"Press **Join** to take a seat; {mention(table.record.creator_id)} starts the game.")
    elif table.record.status == "active":
        lines.append("The game has started in its thread.")
    else:
        lines.append("This game was abandoned." if table.record.status == "abandoned" else "This game is over.")
    return "\n".join(lines)


def deadline_text(table: Table) -> str:
    minutes = table.record.deadline_minutes
    if minutes is None:
        return "Turn deadline: none."
    if table.state is not None and len(table.seats) == 1:
        return "Turn deadline: none (a solo player keeps nobody waiting)."
    amount = f"{minutes // 60} h" + (f" {minutes % 60} min" if minutes % 60 else "") if minutes >= 60 else \
        f"{minutes} min"
    return (f"Turn deadline: {amount} per turn, counted in each player's active hours; after "
            f"{table.record.autopilot_after} missed in a row the automatic player keeps the seat.")


def awaited_line(table: Table) -> str:
    if table.state is None:
        return ""
    if table.game.is_over(table.state):
        return final_text(table)
    parts = []
    for seat in sorted(table.game.to_act(table.state)):
        prompt = table.game.prompt(table.state, seat)
        due = table.deadlines.get(seat)
        until = f" (decide by {discord.utils.format_dt(due, 'f')})" if due is not None else ""
        parts.append(f"{mention(table.user_of(seat))} — {prompt}{until}")
    return "\n".join(parts)


def final_text(table: Table) -> str:
    outcome = table.game.outcome(table.state)
    if outcome is None:
        return ""
    names = table.names
    lines = ["**Final scores**"]
    for place, seats in enumerate(outcome.ranking, start=1):
        for seat in seats:
            lines.append(f"{place}. {names[seat]} ({mention(table.user_of(seat))}): {outcome.scores[seat]}")
    winners = " and ".join(names[s] for s in outcome.winners)
    lines.append(f"🏆 Winner: {winners}!" if len(table.seats) > 1 else f"Result: {outcome.result or ''}")
    return "\n".join(lines)


def commitment_line(table: Table) -> str:
    """The fairness commitment shown when a game starts (see ``rules.core.fairness``)."""
    digest = fairness.commitment(table.record.seed, table.record.seed_salt)
    return (f"🔒 Fair play: every shuffle and roll comes from a secret seed fixed now, with SHA-256 commitment "
            f"`{digest}`. The seed is revealed when the game ends, so anyone can check it.")


def reveal_text(table: Table) -> str:
    """The message that reveals the seed once the game has ended, with how to check it."""
    digest = fairness.commitment(table.record.seed, table.record.seed_salt)
    return (f"🔓 **{title(table)}**: the secret seed was `{table.record.seed}` with salt "
            f"`{table.record.seed_salt or '(none)'}`; together they hash to the commitment `{digest}` shown at "
            f"the start. The attached record holds the whole log. Anyone can check that it replays to this "
            f"result: `python -m rules verify {record_filename(table)} --commitment {digest}`.")


def record_filename(table: Table) -> str:
    return f"{table.record.kind}-{table.id}-record.json"


def record_file(table: Table, record: dict[str, Any]) -> discord.File:
    data = json.dumps(record, ensure_ascii=False, indent=1).encode()
    return discord.File(io.BytesIO(data), filename=record_filename(table))


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


def update_text(table: Table, events: Sequence[Event], header: str) -> str:
    """The thread message after an action: what happened (public events only) and who acts next."""
    sentences = [table.game.describe_event(e, table.names) for e in events if e.private_to is None]
    return _compose(header, sentences, awaited_line(table))


def _compose(header: str, sentences: Sequence[str], tail: str) -> str:
    """Header, bulleted sentences and the tail, within Discord's 2000 characters: the oldest
    sentences give way first."""
    kept = list(sentences)
    while True:
        body = "\n".join(f"• {s}" for s in kept)
        if len(kept) < len(sentences):
            body = "• …\n" + body
        text = f"{header}\n{body}\n{tail}".strip()
        if len(text) <= MESSAGE_LIMIT or not kept:
            return text[:MESSAGE_LIMIT]
        kept.pop(0)


def extend_update(previous: str, table: Table, events: Sequence[Event], actor: str) -> str:
    """A board message's text with more events of the same turn or simultaneous step: its header
    (which gains the actor's name if another player acted first) and earlier events are kept, the new
    events appended, and the "who acts" lines replaced by the current ones."""
    lines = previous.split("\n")
    header = lines[0]
    if " · " in header and actor not in header.partition(" · ")[2].split(", "):
        header = f"{header}, {actor}"
    earlier = [line[2:] for line in lines[1:] if line.startswith("• ") and line != "• …"]
    sentences = earlier + [table.game.describe_event(e, table.names) for e in events if e.private_to is None]
    return _compose(header, sentences, awaited_line(table))


def log_page(lines: Sequence[str], page: int) -> tuple[str, int]:
    """One page of the log (1-based, newest page last) and the number of pages."""
    pages = max(1, -(-len(lines) // LOG_PAGE_LINES))
    page = min(max(1, page), pages)
    chunk = lines[(page - 1) * LOG_PAGE_LINES: page * LOG_PAGE_LINES]
    text = "\n".join(chunk) or "Nothing has happened yet."
    return f"Log page {page} of {pages}:\n{text}"[:MESSAGE_LIMIT], pages
