"""What a whole game posts in its thread: messages per action and image bytes per game.

Plays one seeded game of each kind through the Discord stand-in with the real bot and real board
images: every awaited player presses "Take your turn" on the newest board and picks a choice from
their private panel (a seeded random one), until the game ends or ACTIONS choices were made. Then it
reads the thread as a player scrolls it and prints, per game: actions, new thread messages, messages
per action, board edits, boards that pinged nobody, and the bytes and largest size of the public
images. It drives the bot only through Discord, so the same script measures any release of the table.

Run: .venv/bin/python bench/table_messages.py [--actions 150] [--seed 7]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from PIL import Image

# The project and its tests' helpers (the stand-in). The project's root must be on the path too: tests/ holds
# folders named like the packages (tests/table/, ...), and only a real package on the path wins over them.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from discord_standin import standin
from discord_table import board, button, custom_ids, open_game

GAMES = {"circus_train": ("circus new", ("alice", "bob", "carol")),
         "wanderzirkus": ("wanderzirkus new", ("alice", "bob", "carol")),
         "little_circuses": ("littlecircuses new", ("alice", "bob", "carol")),
         "dreadful_circus": ("dreadful new", ("alice", "bob", "carol", "dave"))}
MENTION = re.compile(r"<@(\d+)>")


def awaited_now(d: Any, message: Any, players: tuple[str, ...]) -> list[str]:
    """Players a board's closing lines mention (who it waits for), in either release's wording."""
    ids = {int(i) for line in message.content.split("\n") if line.startswith("<@") for i in MENTION.findall(line)}
    return [name for name in players if d.user(name).id in ids]


async def choose(d: Any, user: str, panel: Any, choice: str) -> None:
    """Click (or select) one choice of a private panel and wait for its answer."""
    edits = len(d.message(panel.id).versions)
    if choice.startswith("rm:pick:"):
        handle = await d.select(user, panel, choice, ["0"])
    else:
        handle = await d.click(user, panel, choice)
    await d.wait_for(lambda: len(d.message(panel.id).versions) > edits or handle.followups or None, timeout=30)


async def play(kind: str, actions: int, seed: int) -> dict[str, Any]:
    command, players = GAMES[kind]
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        async with standin(Path(folder), members=(*players, "erin")) as d:
            thread = await open_game(d, players, command=command)
            made = 0
            for _ in range(actions * 3):
                if made >= actions:
                    break
                latest = board(d, thread)
                waiting = awaited_now(d, latest, players)
                if not waiting or not any(c.startswith("rm:turn:") for c in custom_ids(latest)):
                    break
                user = rng.choice(waiting)
                panel = await d.click(user, latest, button(latest, "rm:turn:"))
                answer = await panel.response()
                ids = custom_ids(panel.message) if answer.components else []
                if not ids:
                    continue
                await choose(d, user, panel.message, rng.choice(ids))
                made += 1
            await asyncio.sleep(1.5)  # whatever is still being posted
            messages = [m for m in d.messages_in(thread) if m.author.id == d.bot.user.id]  # type: ignore[union-attr]
            boards = [m for m in messages if any(c.startswith("rm:hand:") for c in custom_ids(m))]
            images = [a for m in messages for a in m.attachments if a.filename.endswith(".png")]
            heights = [Image.open(io.BytesIO(a.data)).size for a in images]
            silent = [b for b in boards[:-1] if not (b.versions[0]["mentions"] if b.versions else b.mentions)]
            return {"actions": made, "messages": len(messages), "boards": len(boards),
                    "edits": sum(len(m.versions) for m in boards), "silent": len(silent),
                    "bytes": sum(len(a.data) for a in images),
                    "largest": max(heights, key=lambda size: size[1]) if heights else (0, 0)}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"{'game':17s} {'actions':>7s} {'messages':>8s} {'per action':>10s} {'boards':>6s} {'edits':>5s} "
          f"{'silent':>6s} {'image MB':>8s} {'largest image':>13s}")
    for kind in GAMES:
        r = await play(kind, args.actions, args.seed)
        per = r["messages"] / r["actions"] if r["actions"] else 0
        print(f"{kind:17s} {r['actions']:7d} {r['messages']:8d} {per:10.2f} {r['boards']:6d} {r['edits']:5d} "
              f"{r['silent']:6d} {r['bytes'] / 1e6:8.2f} {r['largest'][0]:>6d}×{r['largest'][1]:<6d}")


if __name__ == "__main__":
    asyncio.run(main())
