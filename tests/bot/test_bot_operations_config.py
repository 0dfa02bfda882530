"""The operator's settings (RINGMASTER_HEALTH, RINGMASTER_LOG_FORMAT, RINGMASTER_LOG_FILE and its size and count):
read like the other settings, refused with a sentence that says what to write."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import ConfigError, load_config
from table.config import HealthSettings, LogSettings

BASE = {"RINGMASTER_TOKEN": "t"}


def test_everything_is_off_by_default() -> None:
    config = load_config(BASE, None)
    assert config.health is None
    assert config.logs == LogSettings("text", None, 50 * 1024 * 1024, 5)


def test_health_and_logs_are_read(tmp_path: Path) -> None:
    config = load_config({**BASE, "RINGMASTER_HEALTH": "0.0.0.0:9464", "RINGMASTER_LOG_FORMAT": "JSON",
                          "RINGMASTER_LOG_FILE": str(tmp_path / "bot.log"), "RINGMASTER_LOG_FILE_MB": "10",
                          "RINGMASTER_LOG_FILE_COUNT": "3"}, None)
    assert config.health == HealthSettings("0.0.0.0", 9464)
    assert config.logs == LogSettings("json", tmp_path / "bot.log", 10 * 1024 * 1024, 3)


@pytest.mark.parametrize(("name", "value", "sentence"), [
    ("RINGMASTER_HEALTH", "9464", "RINGMASTER_HEALTH must be HOST:PORT to listen on, such as 127.0.0.1:8080, "
                                  "not '9464'."),
    ("RINGMASTER_HEALTH", "localhost:99999", "RINGMASTER_HEALTH must be HOST:PORT to listen on"),
    ("RINGMASTER_LOG_FORMAT", "yaml", "RINGMASTER_LOG_FORMAT must be text (readable lines) or json (one JSON object "
                                      "a line, for a log shipper), not 'yaml'."),
    ("RINGMASTER_LOG_FILE", "/no/such/folder/bot.log", "RINGMASTER_LOG_FILE must be a file in a folder that exists"),
    ("RINGMASTER_LOG_FILE_MB", "0", "RINGMASTER_LOG_FILE_MB must be the size in megabytes at which the log file is "
                                    "rotated, from 1 to 10000, not '0'."),
    ("RINGMASTER_LOG_FILE_COUNT", "many", "RINGMASTER_LOG_FILE_COUNT must be how many rotated log files are kept, "
                                          "from 1 to 100, not 'many'."),
])
def test_a_bad_setting_is_refused_with_a_sentence(name: str, value: str, sentence: str) -> None:
    with pytest.raises(ConfigError) as refused:
        load_config({**BASE, name: value}, None)
    assert str(refused.value).startswith(sentence)


def test_a_folder_is_no_log_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="RINGMASTER_LOG_FILE must be a file"):
        load_config({**BASE, "RINGMASTER_LOG_FILE": str(tmp_path)}, None)


def test_the_launcher_gives_each_process_its_own_health_port() -> None:
    from launch import environment
    from table.config import Shards

    base = {"RINGMASTER_TOKEN": "t", "RINGMASTER_HEALTH": "127.0.0.1:9464", "RINGMASTER_WEB": "127.0.0.1:9464"}
    first, second = (environment(base, Shards(n, n, 2), n) for n in (0, 1))
    assert (first["RINGMASTER_HEALTH"], second["RINGMASTER_HEALTH"]) == ("127.0.0.1:9464", "127.0.0.1:9465")
    # Sharing the web companion's address stays sharing it, process by process.
    assert [env["RINGMASTER_WEB"] for env in (first, second)] == ["127.0.0.1:9464", "127.0.0.1:9465"]
    assert "RINGMASTER_HEALTH" not in environment({"RINGMASTER_TOKEN": "t"}, Shards(0, 0, 1), 0)
