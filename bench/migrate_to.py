"""How long ``python -m db migrate-to`` takes to move N live games from SQLite to PostgreSQL.

Run (from the repository root):
    .venv/bin/python bench/migrate_to.py [--games 1000] [--seed 1] [--cache /tmp/ringmaster-load]

The SQLite database is the load benchmark's world (``bench/load_world.py``: games of the four kinds, each
played to a random point of its history; built and cached on the first run). A copy of it is moved into an
empty database of a PostgreSQL server started for the run (``tests/postgres_server.py``: ``initdb`` in a
temporary folder, the tests' settings), by the command's own code (``table/migrate.py``), timed in two parts:
the copy (every table, in one transaction) and the verification (every row compared, every game replayed).
Wall time and this process's CPU time (``time.process_time``; the server's own CPU is not in it).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from load_world import prepare  # noqa: E402
from postgres_server import running_server  # noqa: E402

from db.copying import copy_database  # noqa: E402
from table.migrate import verify  # noqa: E402


async def measure(source: Path, url: str) -> None:
    wall, cpu = time.monotonic(), time.process_time()
    copied = await copy_database(str(source), url)
    copy_wall, copy_cpu = time.monotonic() - wall, time.process_time() - cpu
    wall, cpu = time.monotonic(), time.process_time()
    problems: list[str] = []
    result = await verify(str(source), url, problems.append)
    verify_wall, verify_cpu = time.monotonic() - wall, time.process_time() - cpu
    size = source.stat().st_size / 1e6
    print(f"source: {size:.1f} MB, rows: " + ", ".join(f"{name} {rows:,}" for name, rows in copied.items()))
    print(f"copy:   {copy_wall:6.2f} s wall, {copy_cpu:6.2f} s CPU")
    print(f"verify: {verify_wall:6.2f} s wall, {verify_cpu:6.2f} s CPU "
          f"({1000 * verify_wall / max(1, result.copied):.1f} ms a game)")
    print(result.summary())
    for problem in problems:
        print("  " + problem)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", default="/tmp/ringmaster-load")
    args = parser.parse_args()
    _, db = await prepare(Path(args.cache), args.games, args.seed)
    with tempfile.TemporaryDirectory(prefix="ringmaster-migrate-") as folder, running_server() as server:
        source = Path(folder) / "ringmaster.sqlite3"
        shutil.copy(db, source)
        await measure(source, await server.empty_database())


if __name__ == "__main__":
    asyncio.run(main())
