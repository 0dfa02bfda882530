"""Start-up refuses a database file it cannot use with one sentence and exit code 2, before it tries to
reach Discord: ``bot.py`` run as a real process against real files, as an operator would start it.

Tests and CI run as root, and root ignores file permission bits. To make "unwritable" real, the bot is
then started as root *without* the capabilities that override them (CAP_DAC_OVERRIDE,
CAP_DAC_READ_SEARCH, CAP_FOWNER are dropped from its bounding set before it starts), so the kernel
applies the file's mode bits to it like to anyone else; where dropping them is not allowed, it is
started as the unprivileged user 65534 instead. Each such test first checks, with the same privileges,
that the file really is unwritable.
"""

from __future__ import annotations

import ctypes
import os
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import bot
from db import GameStore

from repo_paths import REPO

REPO = REPO
BOT = REPO / "bot.py"
READ_ONLY_SENTENCE = ("Ringmaster cannot use the game database {path}: the file or its folder is read-only for the "
                      "user running the bot; give that user write access to both and start the bot again.")

_PR_CAPBSET_DROP = 24
_CAP_DAC_OVERRIDE, _CAP_DAC_READ_SEARCH, _CAP_FOWNER, _CAP_SETPCAP = 1, 2, 3, 8
_NOBODY = 65534


def _effective_capabilities() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("CapEff:"):
            return int(line.split()[1], 16)
    return 0


def _drop_permission_overrides() -> None:
    """Runs in the child before it starts the bot: root keeps its uid but obeys file mode bits."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (_CAP_DAC_OVERRIDE, _CAP_DAC_READ_SEARCH, _CAP_FOWNER):
        if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def _as_an_ordinary_user(folder: Path) -> dict[str, Any]:
    """``subprocess.run`` arguments under which file permission bits apply to the bot."""
    if os.getuid() != 0:
        return {}
    if _effective_capabilities() >> _CAP_SETPCAP & 1:
        return {"preexec_fn": _drop_permission_overrides}
    # No right to drop capabilities: be user 65534, who must be able to reach the folder.
    for parent in (folder, *folder.parents):
        parent.chmod(parent.stat().st_mode | stat.S_IXOTH | stat.S_IROTH)
    return {"user": _NOBODY, "group": _NOBODY, "extra_groups": []}


def _run(command: list[str], cwd: Path, db: Path, **privileges: Any) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cwd), "LANG": "C.UTF-8",
           "PYTHONDONTWRITEBYTECODE": "1", "RINGMASTER_TOKEN": "not-a-real-token", "RINGMASTER_DB": str(db)}
    # The timeout only stops a run that went on to reach Discord; nothing is measured.
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False,
                          **privileges)


def _run_bot(cwd: Path, db: Path, **privileges: Any) -> subprocess.CompletedProcess[str]:
    return _run([sys.executable, str(BOT)], cwd, db, **privileges)


def _one_sentence(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr and "sqlite3." not in result.stderr
    assert result.stderr.endswith("\n") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr.rstrip("\n")


async def _a_real_database(path: Path) -> None:
    async with await GameStore.open(path) as store:
        game = await store.create_game("circus_train", 1, 2, 3, {}, seed=4)
        await store.add_seat(game.id, 3, "Ann")


@contextmanager
def _locked(file: Path, *, folder_too: bool) -> Iterator[None]:
    """chmod 0o444 on the file (and 0o555 on its folder), restored afterwards."""
    folder = file.parent
    file_mode, folder_mode = file.stat().st_mode, folder.stat().st_mode
    file.chmod(0o444)
    if folder_too:
        folder.chmod(0o555)
    try:
        yield
    finally:
        folder.chmod(folder_mode)
        file.chmod(file_mode)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """The bot's working folder (no .env in it), beside the data folder."""
    path = tmp_path / "cwd"
    path.mkdir()
    return path


def test_a_database_from_a_newer_release_is_refused(tmp_path: Path, workdir: Path) -> None:
    db = tmp_path / "data" / "ringmaster.sqlite3"
    db.parent.mkdir()
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = db.read_bytes()
    sentence = _one_sentence(_run_bot(workdir, db))
    assert sentence.startswith(f"The database {db} is at schema version 99, but this version of Ringmaster")
    assert "newer release" in sentence
    assert db.read_bytes() == before


@pytest.mark.parametrize("layout", ["file and folder read-only", "file read-only", "read-only, not yet in WAL mode"])
async def test_an_unwritable_database_is_refused(tmp_path: Path, workdir: Path, layout: str) -> None:
    db = tmp_path / "data" / "ringmaster.sqlite3"
    await _a_real_database(db)
    if layout == "read-only, not yet in WAL mode":
        conn = sqlite3.connect(db)
        assert conn.execute("PRAGMA journal_mode = DELETE").fetchone() == ("delete",)
        conn.close()
    before = db.read_bytes()
    with _locked(db, folder_too=layout == "file and folder read-only"):
        privileges = _as_an_ordinary_user(db.parent)
        probe = _run([sys.executable, "-c", "import os, sys; print(os.access(sys.argv[1], os.W_OK), os.getuid())",
                      str(db)], workdir, db, **privileges)
        assert probe.returncode == 0 and probe.stdout.split()[0] == "False", probe  # really unwritable
        result = _run_bot(workdir, db, **privileges)
    assert _one_sentence(result) == READ_ONLY_SENTENCE.format(path=db)
    assert db.read_bytes() == before
    if layout == "file and folder read-only":
        assert sorted(path.name for path in db.parent.iterdir()) == [db.name]


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path, workdir: Path) -> None:
    db = tmp_path / "ringmaster.sqlite3"
    junk = bytes((n * 37 + 11) % 256 for n in range(16384))
    db.write_bytes(junk)
    sentence = _one_sentence(_run_bot(workdir, db))
    assert sentence == (f"Ringmaster cannot use the game database {db}: the file is not a SQLite database or is "
                        "damaged; restore a backup or point the bot at another file.")
    assert db.read_bytes() == junk


def test_a_database_path_that_is_a_folder_is_refused(tmp_path: Path, workdir: Path) -> None:
    sentence = _one_sentence(_run_bot(workdir, tmp_path))
    assert sentence.startswith(f"Ringmaster cannot use the game database {tmp_path}: the file cannot be opened")


# ----- main() in this process: the check comes before the bot is built ------------------------------


@pytest.fixture
def no_bot(monkeypatch: pytest.MonkeyPatch, workdir: Path) -> list[str]:
    built: list[str] = []

    def build(config: bot.Config) -> Any:
        built.append(str(config.db_path))
        raise AssertionError("the bot must not be built")

    monkeypatch.chdir(workdir)
    monkeypatch.setattr(bot, "build_bot", build)
    monkeypatch.setattr(bot, "setup_logging", lambda *settings: None)
    monkeypatch.setenv("RINGMASTER_TOKEN", "t")
    return built


def test_main_checks_the_database_before_building_the_bot(tmp_path: Path, no_bot: list[str],
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "junk.sqlite3"
    db.write_bytes(b"not a database" * 1000)
    monkeypatch.setenv("RINGMASTER_DB", str(db))
    assert bot.main() == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"Ringmaster cannot use the game database {db}: ") and captured.err.count("\n") == 1
    assert no_bot == []


def test_main_goes_on_to_build_the_bot_with_a_usable_database(tmp_path: Path, no_bot: list[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "fresh" / "ringmaster.sqlite3"
    monkeypatch.setenv("RINGMASTER_DB", str(db))
    with pytest.raises(AssertionError, match="must not be built"):
        bot.main()
    assert no_bot == [str(db)]
    conn = sqlite3.connect(db)  # created and migrated by the check
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] >= 4
    finally:
        conn.close()

