"""The product's own ``python bot.py`` — ``bot.main()``: the configuration from the environment, the database
check, the signal handling of a clean stop — in a process of its own, pointed at the stand-in Discord on
127.0.0.1:PORT (discord.py's REST base URL and gateway URL; nothing else of the library is touched). For the
tests that signal or kill a real bot process; ``READY`` is printed on stdout once the bot is ready.

    python tests/bot_main.py PORT [--cheap-renders]

``--cheap-renders``: every board is the tests' tiny picture (drawn in the bot's threads with
``RINGMASTER_RENDER_PROCESSES=0``, or in the workers otherwise, which import the same kits).
"""

from __future__ import annotations

import operator
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import discord.gateway  # noqa: E402
import discord.http  # noqa: E402
import yarl  # noqa: E402

import bot as ringmaster  # noqa: E402


def main() -> int:
    port = int(sys.argv[1])
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
    if "--cheap-renders" in sys.argv[2:]:
        from discord_table import cheap_renders

        class SetItem:  # the one thing cheap_renders asks of pytest's monkeypatch
            setitem = staticmethod(operator.setitem)
        cheap_renders(SetItem())
    announced = ringmaster.Ringmaster.on_ready

    async def on_ready(self: ringmaster.Ringmaster) -> None:
        await announced(self)
        print("READY", flush=True)
    ringmaster.Ringmaster.on_ready = on_ready  # type: ignore[method-assign]
    return ringmaster.main()


if __name__ == "__main__":
    raise SystemExit(main())
