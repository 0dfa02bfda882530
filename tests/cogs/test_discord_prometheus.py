"""A real Prometheus server (Debian's) scrapes the real bot every second while games are played through the
stand-in with the real discord.py client; what it stored is read back through its HTTP API: the moves, the
interactions and the drawings were counted, and the outbox's backlog came back to zero."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from discord_standin import standin
from discord_table import MESSAGES, cheap_renders, open_game, play_one
from ops_helpers import Prometheus, health_factory, until
from repo_paths import REPO

PLAYERS = ("alice", "bob")
MOVES = 4


async def test_prometheus_scrapes_moves_interactions_renders_and_an_empty_outbox(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, bot=False, channels=("games", "lounge")) as d, aiohttp.ClientSession() as http:
        bot: Any = await d.start_bot(health_factory(d, tmp_path / "ringmaster.sqlite3"))
        prometheus = Prometheus([f"127.0.0.1:{bot.operations.server.port}"])
        try:
            prometheus.start()
            await until(lambda: prometheus.ready(http), "Prometheus to start", timeout=60)

            async def query(promql: str) -> float | None:
                return await prometheus.query(http, promql)

            async def up() -> bool:
                return await query('up{job="ringmaster"}') == 1.0

            await until(up, "Prometheus' first scrape of the bot", timeout=30)
            threads = [await open_game(d, PLAYERS, {"kind": "circus_train"}, command="game new"),
                       await open_game(d, PLAYERS, {"kind": "circus_train"}, channel="lounge", command="game new")]
            for _ in range(MOVES):
                for thread in threads:
                    await play_one(d, thread, PLAYERS)
            await bot.core.posting_idle()

            async def counted(promql: str, at_least: float) -> float | None:
                value = await query(promql)
                return value if value is not None and value >= at_least else None

            moves = await until(lambda: counted('sum(ringmaster_moves_total{cause="player"})', 2 * MOVES),
                                "the players' moves in Prometheus")
            assert moves == 2 * MOVES  # each move once: no move of these games plays itself
            # Two games made (command), each joined and started (2 clicks), and each move a panel opened and a
            # choice made (2 clicks): every one answered in time.
            assert await until(lambda: counted('sum(ringmaster_interactions_total{kind="component",'
                                               'outcome="answered"})', 2 * 2 + 2 * 2 * MOVES),
                               "the interactions in Prometheus") == 2 * 2 + 2 * 2 * MOVES
            assert await query('sum(ringmaster_interactions_total{outcome=~"late|incident|failed"})') is None
            assert await until(lambda: counted('sum(ringmaster_render_seconds_count{what="board"})', 2),
                               "the boards drawn in Prometheus")
            assert await query("ringmaster_live_games") == 2
            assert await query('sum(ringmaster_discord_requests_total{status=~"2.."})') >= 4 * MOVES  # type: ignore[operator]

            # Discord holds the next board for a few seconds: Prometheus sees the backlog, then sees it drain.
            d.hang("*", MESSAGES, seconds=3)
            await play_one(d, threads[0], PLAYERS)
            assert await until(lambda: counted("ringmaster_outbox_pending_items", 1), "a backlog in Prometheus")

            async def backlog_gone() -> bool:
                return await query("ringmaster_outbox_pending_items") == 0

            await until(backlog_gone, "the outbox's backlog back to zero in Prometheus")
            assert await query('sum(ringmaster_discord_requests_total{status="503"})') == 1
            assert await query("ringmaster_outbox_oldest_pending_seconds") == 0
            assert await query('ringmaster_gateway_connected{shard="0"}') == 1

            # Every query of the Grafana dashboard is one Prometheus accepts, and finds a series of the bot.
            dashboard = json.loads((REPO / "docs" / "operations" / "grafana-dashboard.json").read_text())
            for panel in dashboard["panels"]:
                for target in panel["targets"]:
                    expr = target["expr"].replace("$instance", ".*")
                    async with http.get(f"{prometheus.url}/api/v1/query", params={"query": expr}) as response:
                        answer = await response.json()
                    assert answer["status"] == "success", (panel["title"], expr, answer)
        finally:
            prometheus.stop()


def test_the_alert_examples_are_rules_promtool_accepts(tmp_path: Path) -> None:
    text = (REPO / "docs" / "operations.md").read_text(encoding="utf-8")
    section = text[text.index("### Alerts"):text.index("### Grafana")]
    [rules] = re.findall(r"```yaml\n(.*?)```", section, flags=re.DOTALL)
    (tmp_path / "rules.yml").write_text(rules, encoding="utf-8")
    checked = subprocess.run(["/usr/bin/promtool", "check", "rules", str(tmp_path / "rules.yml")],
                             capture_output=True, text=True, timeout=60, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "SUCCESS: 10 rules found" in checked.stdout
