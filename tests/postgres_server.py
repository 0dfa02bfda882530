"""A real PostgreSQL server for the tests: a cluster made with ``initdb`` in a temporary folder, started with
``pg_ctl``, listening only on a unix socket in that folder, torn down at the end of the test session.

PostgreSQL refuses to run as root; when the tests run as root (CI does) the server runs as the
unprivileged ``nobody``, and the folder is handed to it. Each test gets a database of its own, copied from a
template that already holds the latest schema (``CREATE DATABASE … TEMPLATE``), so a test starts from
nothing in a few milliseconds instead of migrating.

Without PostgreSQL's programs the tests that need it fail with a sentence saying what to install.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from itertools import count
from pathlib import Path

import asyncpg

from db import GameStore

MISSING = ("PostgreSQL's server programs (initdb, pg_ctl) were not found on PATH nor in /usr/lib/postgresql/*/bin: "
           "the PostgreSQL tests need them. Install them with 'apt-get install postgresql' (Debian's package; "
           "scripts/test installs it when run as root) and run the tests again.")
SUPERUSER = "ringmaster"
TEMPLATE = "ringmaster_template"
# Tests need no durability: no fsync (a benchmark that measures the server passes its own settings).
TEST_SETTINGS = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}


def server_programs() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl``; raises RuntimeError with :data:`MISSING` if none."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    raise RuntimeError(MISSING)


class PostgresServer:
    """One running cluster (see the module's docstring)."""

    def __init__(self, settings: Mapping[str, str] = TEST_SETTINGS) -> None:
        self.settings = dict(settings)
        self.programs = server_programs()
        self.folder = Path(tempfile.mkdtemp(prefix="ringmaster-pg-"))
        self.data = self.folder / "data"
        self._user = "nobody" if os.geteuid() == 0 else None
        self._numbers = count(1)
        self._started = False

    def _run(self, *command: str) -> None:
        # The server's programs run as the unprivileged user (PostgreSQL refuses root).
        result = subprocess.run(command, user=self._user, capture_output=True, text=True, timeout=120,
                                cwd=self.folder, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"{Path(command[0]).name} failed ({result.returncode}): {result.stderr.strip()}")

    def start(self) -> None:
        if self._user is not None:
            entry = pwd.getpwnam(self._user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self._run(str(self.programs / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        # The socket in our own folder (no port to collide on).
        options = (f"-c listen_addresses='' -c unix_socket_directories='{self.folder}' -c max_connections=200 "
                   + " ".join(f"-c {name}={value}" for name, value in self.settings.items()))
        self._run(str(self.programs / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "server.log"),
                  "-o", options, "-w", "-t", "60", "start")
        self._started = True
        # Started from inside a test's event loop (a fixture asks for it): the template is made on a thread
        # with a loop of its own.
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, self._make_template()).result()

    @property
    def postmaster_pid(self) -> int:
        """The server's main process (every backend is its child)."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.folder}"

    async def _admin(self) -> asyncpg.Connection:
        return await asyncpg.connect(self.url("postgres"))

    async def _make_template(self) -> None:
        admin = await self._admin()
        try:
            await admin.execute(f"CREATE DATABASE {TEMPLATE}")
        finally:
            await admin.close()
        store = await GameStore.open(self.url(TEMPLATE))
        await store.close()

    async def new_database(self) -> str:
        """A fresh database at the latest schema; returns its URL."""
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        admin = await self._admin()
        try:
            await admin.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
        finally:
            await admin.close()
        return self.url(name)

    async def empty_database(self) -> str:
        """A fresh database with nothing in it (for the schema's tests)."""
        name = f"empty_{os.getpid()}_{next(self._numbers)}"
        admin = await self._admin()
        try:
            await admin.execute(f"CREATE DATABASE {name}")
        finally:
            await admin.close()
        return self.url(name)

    def stop(self) -> None:
        if self._started:
            with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
                self._run(str(self.programs / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def running_server() -> Iterator[PostgresServer]:
    server = PostgresServer()
    try:
        server.start()
        yield server
    finally:
        server.stop()
