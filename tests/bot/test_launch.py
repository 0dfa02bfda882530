"""The launcher (launch.py): shares the shards among the processes, starts each with its own
RINGMASTER_SHARDS (and web port), starts again a process that died, gives up when a process refuses its
configuration, and stops them all on SIGTERM. Real processes: a small stand-in for bot.py that notes
what it was started with."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from launch import LaunchError, environment, share
from table.config import Shards

from repo_paths import REPO

ROOT = REPO
T = TypeVar("T")

CHILD = '''
import os, signal, sys, time
notes = sys.argv[1]
shards = os.environ["RINGMASTER_SHARDS"]
def note(line):
    with open(notes, "a") as out:
        out.write(line + "\\n")
asked = []
def stopped(number, frame):
    asked.append(number)
    if os.environ.get("SLOW_STOP") and len(asked) == 1:  # as a bot finishing its moves: the next signal ends it
        note(f"stopping {os.getpid()}")
        return
    note(f"stopped {os.getpid()}")
    sys.exit(0)
signal.signal(signal.SIGTERM, stopped)
if shards in os.environ.get("REFUSE_SHARDS", "").split():
    sys.exit(2)
note(f"started {os.getpid()} {shards} {os.environ.get('RINGMASTER_WEB', '-')}")
while True:
    time.sleep(0.05)
'''


def test_the_shards_are_shared_in_runs_of_consecutive_shards() -> None:
    assert [str(s) for s in share(2, 8)] == ["0-3/8", "4-7/8"]
    assert [str(s) for s in share(3, 8)] == ["0-2/8", "3-5/8", "6-7/8"]
    assert [str(s) for s in share(1, 1)] == ["0-0/1"]
    with pytest.raises(LaunchError, match="cannot share 2 shards"):
        share(3, 2)
    with pytest.raises(LaunchError, match="at least one process"):
        share(0, 4)


def test_each_process_gets_its_shards_and_its_own_web_port() -> None:
    base = {"RINGMASTER_TOKEN": "t", "RINGMASTER_WEB": "0.0.0.0:8080"}
    env = environment(base, Shards(4, 7, 8), 1)
    assert (env["RINGMASTER_SHARDS"], env["RINGMASTER_WEB"], env["RINGMASTER_TOKEN"]) == ("4-7/8", "0.0.0.0:8081", "t")
    assert "RINGMASTER_WEB" not in environment({"RINGMASTER_TOKEN": "t"}, Shards(0, 3, 8), 0)
    assert base["RINGMASTER_WEB"] == "0.0.0.0:8080"  # the launcher's own environment is left alone


def wait_for(what: str, found: Callable[[], T | None], seconds: float = 20.0) -> T:
    """Poll until ``found`` gives something (the processes are real: they take their time)."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        result = found()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen")


def launch(tmp_path: Path, *args: str, **env: str) -> tuple[subprocess.Popen[bytes], Path]:
    child, notes = tmp_path / "child.py", tmp_path / "notes.txt"
    child.write_text(CHILD, encoding="utf-8")
    notes.touch()
    command = [sys.executable, "-m", "launch", *args, "--", sys.executable, str(child), str(notes)]
    with (tmp_path / "launch.log").open("wb") as log:  # the launcher's own log lines
        process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, "RINGMASTER_WEB": "127.0.0.1:9000", **env},
                                   stderr=log)
    return process, notes


def lines(notes: Path, word: str) -> list[list[str]]:
    return [line.split()[1:] for line in notes.read_text(encoding="utf-8").splitlines() if line.startswith(word)]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_dead_process_is_started_again_and_sigterm_stops_them_all(tmp_path: Path) -> None:
    launcher, notes = launch(tmp_path, "--processes", "2", "--shards", "4")
    try:
        started = wait_for("both processes", lambda: lines(notes, "started") if len(lines(notes, "started")) == 2
                           else None)
        assert sorted((shards, web) for _, shards, web in started) == [("0-1/4", "127.0.0.1:9000"),
                                                                        ("2-3/4", "127.0.0.1:9001")]
        [victim] = [int(pid) for pid, shards, _ in started if shards == "2-3/4"]
        os.kill(victim, signal.SIGKILL)  # the process dies without a word
        again = wait_for("the dead process's replacement", lambda: [
            line for line in lines(notes, "started")[2:] if line[1] == "2-3/4"])
        assert int(again[0][0]) != victim
        live = {int(pid) for pid, _, _ in started if int(pid) != victim} | {int(again[0][0])}
        launcher.send_signal(signal.SIGTERM)
        assert launcher.wait(timeout=30) == 0
        assert {int(pid) for [pid] in lines(notes, "stopped")} == live  # each was asked to stop, and did
        assert not any(alive(pid) for pid in live)
        assert len(lines(notes, "started")) == 3  # nothing was started again while stopping
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()


def test_a_second_sigterm_is_passed_on_to_the_processes_still_stopping(tmp_path: Path) -> None:
    launcher, notes = launch(tmp_path, "--processes", "2", "--shards", "2", SLOW_STOP="1")
    try:
        started = wait_for("both processes", lambda: lines(notes, "started") if len(lines(notes, "started")) == 2
                           else None)
        live = {int(pid) for pid, _, _ in started}
        launcher.send_signal(signal.SIGTERM)
        wait_for("both to begin stopping", lambda: len(lines(notes, "stopping")) == 2 or None)
        assert lines(notes, "stopped") == [] and launcher.poll() is None  # they take their time
        launcher.send_signal(signal.SIGTERM)
        assert launcher.wait(timeout=20) == 0
        assert {int(pid) for [pid] in lines(notes, "stopped")} == live
        assert not any(alive(pid) for pid in live)
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()


def test_a_refused_configuration_stops_them_all(tmp_path: Path) -> None:
    launcher, notes = launch(tmp_path, "--processes", "2", "--shards", "2", REFUSE_SHARDS="1-1/2")
    try:
        assert launcher.wait(timeout=30) == 2
        assert "refused its configuration" in (tmp_path / "launch.log").read_text(encoding="utf-8")
        started = lines(notes, "started")
        assert [shards for _, shards, _ in started] in ([], ["0-0/2"])
        assert [int(pid) for pid, _, _ in started] == [int(pid) for [pid] in lines(notes, "stopped")]
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()


def test_more_processes_than_shards_is_one_sentence() -> None:
    run = subprocess.run([sys.executable, "-m", "launch", "--processes", "3", "--shards", "2"], cwd=ROOT,
                         capture_output=True, text=True, timeout=30)
    assert run.returncode == 2
    assert run.stderr == ("3 processes cannot share 2 shards: each process needs a shard of its own, so ask for at "
                          "least as many shards as processes.\n")
