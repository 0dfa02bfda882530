"""How a stand-in test fails: what a member cannot do, and what the bot logged as an ERROR.

``UsageError`` (and ``CommandUnavailable``) mean the test asked for something a Discord user cannot
do; ``BotError`` that the bot logged an ERROR, which ``ErrorCollector`` gathers from discord.py's and
Ringmaster's loggers (from any thread) so that the driver can raise it at the next wait.
"""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable


class UsageError(AssertionError):
    """The test asked for something a Discord user could not do (unknown option, missing button, ...)."""


class CommandUnavailable(UsageError):
    """Discord would not show this command to that member (``default_member_permissions``)."""


class BotError(AssertionError):
    """The bot logged an ERROR (an exception in a command, view or task) or its gateway task died."""


def format_record(record: logging.LogRecord) -> str:
    text = f"{record.levelname} {record.name}: {record.getMessage()}"
    if record.exc_info and record.exc_info[1] is not None:
        text += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip()
    return text


class ErrorCollector(logging.Handler):
    """Collects ERROR records from any thread (discord.py's heartbeat runs in one) and wakes the test."""

    def __init__(self, wake: Callable[[], None]) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self._wake = wake
        self._records_lock = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        with self._records_lock:
            self.records.append(record)
        self._wake()

    def take(self) -> list[logging.LogRecord]:
        with self._records_lock:
            records, self.records = self.records, []
        return records

    def remove(self, record: logging.LogRecord) -> None:
        with self._records_lock:
            self.records.remove(record)

    def snapshot(self) -> list[logging.LogRecord]:
        with self._records_lock:
            return list(self.records)
