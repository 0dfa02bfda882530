"""table/lifeline.py: a process that follows another ends as soon as that one is killed, through a pidfd and
through the fallback that polls (where there are no pidfds); one that follows a process already gone ends at
once. Real processes: the followed one is killed with SIGKILL, as an out-of-memory killer would."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from repo_paths import REPO

FOLLOWER = """
import os, sys, time
if sys.argv[2] == "polling":
    del os.pidfd_open  # as on a system without pidfds
from table import lifeline
lifeline.follow(int(sys.argv[1]))
print("following", flush=True)
time.sleep(120)
sys.exit(3)  # never reached while the lifeline works
"""


@pytest.mark.parametrize("way", ["pidfd", "polling"])
def test_a_follower_ends_when_the_process_it_follows_is_killed(way: str) -> None:
    followed = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    follower = subprocess.Popen([sys.executable, "-c", FOLLOWER, str(followed.pid), way], cwd=REPO,
                                stdout=subprocess.PIPE, text=True)
    try:
        assert follower.stdout is not None and follower.stdout.readline().strip() == "following"
        assert follower.poll() is None
        followed.send_signal(signal.SIGKILL)
        followed.wait()  # reaped: gone, as a killed bot is once its supervisor has seen it end
        assert follower.wait(timeout=30) == 0
    finally:
        for process in (followed, follower):
            if process.poll() is None:
                process.kill()
                process.wait()
        if follower.stdout is not None:
            follower.stdout.close()


@pytest.mark.parametrize("way", ["pidfd", "polling"])
def test_a_follower_of_a_process_already_gone_ends_at_once(way: str) -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    follower = subprocess.Popen([sys.executable, "-c", FOLLOWER, str(gone.pid), way], cwd=REPO,
                                stdout=subprocess.DEVNULL)
    try:
        assert follower.wait(timeout=30) == 0
    finally:
        if follower.poll() is None:
            follower.kill()
            follower.wait()
