"""Tests of bot.py: configuration from the environment and .env, cog loading, and main()'s exits."""

from __future__ import annotations

import sys
from pathlib import Path

import aiohttp
import discord
import pytest

import bot
from bot import BAD_TOKEN, NO_TOKEN, Config, ConfigError, load_config
from table.config import Shards
from table.renders import default_processes


def write_env(tmp_path: Path, text: str) -> Path:
    path = tmp_path / ".env"
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_when_only_the_token_is_set(tmp_path: Path) -> None:
    config = load_config({"RINGMASTER_TOKEN": "abc"}, tmp_path / "missing.env")
    assert config == Config(token="abc", db_path=Path("ringmaster.sqlite3"), dev_guild=None, log_level="INFO",
                            replay_frames=40, render_processes=default_processes(), think_processes=1)
    assert 1 <= config.render_processes <= 4  # boards are drawn outside the bot's process by default
    assert config.think_processes == 1  # and strong robots think outside it


def test_render_processes_are_read_and_checked(tmp_path: Path) -> None:
    assert load_config({"RINGMASTER_TOKEN": "abc", "RINGMASTER_RENDER_PROCESSES": "0"}, None).render_processes == 0
    assert load_config({"RINGMASTER_TOKEN": "abc", "RINGMASTER_RENDER_PROCESSES": "3"}, None).render_processes == 3
    for bad in ("-1", "many", "17", "٣"):
        with pytest.raises(ConfigError, match="RINGMASTER_RENDER_PROCESSES must be a number"):
            load_config({"RINGMASTER_TOKEN": "abc", "RINGMASTER_RENDER_PROCESSES": bad}, None)


def test_environment_beats_dotenv(tmp_path: Path) -> None:
    dotenv = write_env(
        tmp_path,
        "RINGMASTER_TOKEN=from-file\nRINGMASTER_DB=file.sqlite3\nRINGMASTER_LOG_LEVEL=debug\n",
    )
    config = load_config({"RINGMASTER_TOKEN": "from-env", "RINGMASTER_LOG_LEVEL": ""}, dotenv)
    assert config.token == "from-env"
    assert config.db_path == Path("file.sqlite3")
    assert config.log_level == "DEBUG"  # an empty environment variable does not hide the file's value


def test_dotenv_quotes_comments_and_export(tmp_path: Path) -> None:
    dotenv = write_env(
        tmp_path,
        "# Ringmaster settings\n"
        "\n"
        'RINGMASTER_TOKEN="tok en#1"\n'
        "export RINGMASTER_DB='games/ring master.sqlite3'\n"
        "  RINGMASTER_DEV_GUILD = 123456789012345678   # test server\n"
        "RINGMASTER_LOG_LEVEL=warning\n",
    )
    config = load_config({}, dotenv)
    assert config.token == "tok en#1"
    assert config.db_path == Path("games/ring master.sqlite3")
    assert config.dev_guild == 123456789012345678
    assert config.log_level == "WARNING"


def test_missing_token_is_one_clear_sentence(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config({"RINGMASTER_DB": "x.sqlite3"}, tmp_path / ".env")
    assert str(caught.value) == NO_TOKEN


@pytest.mark.parametrize("guild", ["abc", "12.5", "-4", "0", "１２３"])
def test_bad_dev_guild_is_a_clear_error(tmp_path: Path, guild: str) -> None:
    with pytest.raises(ConfigError, match="RINGMASTER_DEV_GUILD must be a server id"):
        load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_DEV_GUILD": guild}, tmp_path / ".env")


def test_bad_log_level_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="RINGMASTER_LOG_LEVEL must be one of"):
        load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_LOG_LEVEL": "loud"}, tmp_path / ".env")


@pytest.mark.parametrize(("text", "frames"), [("0", 0), ("2", 2), ("120", 120)])
def test_replay_frames(tmp_path: Path, text: str, frames: int) -> None:
    config = load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_REPLAY_FRAMES": text}, tmp_path / ".env")
    assert config.replay_frames == frames


@pytest.mark.parametrize("text", ["1", "201", "-3", "many"])
def test_bad_replay_frames_is_a_clear_error(tmp_path: Path, text: str) -> None:
    with pytest.raises(ConfigError, match="RINGMASTER_REPLAY_FRAMES must be 0"):
        load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_REPLAY_FRAMES": text}, tmp_path / ".env")


def test_malformed_dotenv_line_names_the_line(tmp_path: Path) -> None:
    dotenv = write_env(tmp_path, "RINGMASTER_TOKEN=t\nthis is not a setting\n")
    with pytest.raises(ConfigError, match=r"Line 2 of .* is not of the form KEY=VALUE"):
        load_config({}, dotenv)


@pytest.fixture
def clean_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key in ("RINGMASTER_TOKEN", "RINGMASTER_DB", "RINGMASTER_DEV_GUILD", "RINGMASTER_LOG_LEVEL"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(bot, "setup_logging", lambda *settings: None)
    return tmp_path


def test_main_without_token_exits_2_with_one_sentence(
    clean_cwd: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bot.main() == 2
    captured = capsys.readouterr()
    assert captured.err == NO_TOKEN + "\n"
    assert captured.out == ""


def test_main_with_bad_dev_guild_in_dotenv_exits_2(
    clean_cwd: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_env(clean_cwd, "RINGMASTER_TOKEN=t\nRINGMASTER_DEV_GUILD=my-server\n")
    assert bot.main() == 2
    err = capsys.readouterr().err
    assert err.startswith("RINGMASTER_DEV_GUILD must be a server id") and err.count("\n") == 1


def test_main_with_refused_token_exits_2_with_one_sentence(
    clean_cwd: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def refuse(self: discord.Client, token: str) -> None:
        assert token == "not-a-real-token"
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.Client, "login", refuse)
    monkeypatch.setenv("RINGMASTER_TOKEN", "not-a-real-token")
    assert bot.main() == 2
    assert capsys.readouterr().err == BAD_TOKEN + "\n"


def test_main_without_network_exits_1_with_one_sentence(
    clean_cwd: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def unreachable(self: discord.Client, token: str) -> None:
        raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")

    monkeypatch.setattr(discord.Client, "login", unreachable)
    monkeypatch.setenv("RINGMASTER_TOKEN", "t")
    assert bot.main() == 1
    err = capsys.readouterr().err
    assert err.startswith("Ringmaster could not reach Discord (") and err.count("\n") == 1


def test_build_bot_uses_mentions_and_default_intents(tmp_path: Path) -> None:
    built = bot.build_bot(load_config({"RINGMASTER_TOKEN": "t"}, tmp_path / ".env"))
    assert built.intents == discord.Intents.default()
    assert not built.intents.message_content and not built.intents.members and not built.intents.presences


async def test_load_cogs_loads_modules_with_setup_and_skips_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "fake_cogs"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "lobby.py").write_text(
        "from discord.ext import commands\n\n"
        "class Lobby(commands.Cog):\n    pass\n\n"
        "async def setup(bot):\n    await bot.add_cog(Lobby())\n"
    )
    (package / "helpers.py").write_text("VALUE = 1\n")
    (package / "_private.py").write_text("raise RuntimeError('private modules are not loaded')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        built = bot.build_bot(load_config({"RINGMASTER_TOKEN": "t"}, tmp_path / ".env"))
        assert await bot.load_cogs(built, "fake_cogs") == ["fake_cogs.lobby"]
        assert built.get_cog("Lobby") is not None
        assert list(built.extensions) == ["fake_cogs.lobby"]
    finally:
        for name in [name for name in sys.modules if name.split(".")[0] == "fake_cogs"]:
            del sys.modules[name]


@pytest.mark.parametrize("dev_guild", [None, 123456789012345678])
async def test_setup_hook_loads_cogs_then_syncs_to_the_dev_guild_or_globally(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dev_guild: int | None
) -> None:
    environ = {"RINGMASTER_TOKEN": "t", "RINGMASTER_DB": str(tmp_path / "games.sqlite3")}
    if dev_guild is not None:
        environ["RINGMASTER_DEV_GUILD"] = str(dev_guild)
    built = bot.build_bot(load_config(environ, tmp_path / ".env"))
    calls: list[object] = []

    async def fake_load_cogs(target: object, package: str = "cogs") -> list[str]:
        calls.append(("load_cogs", target is built))
        return []

    async def fake_sync(*, guild: discord.abc.Snowflake | None = None) -> list[object]:
        calls.append(("sync", None if guild is None else guild.id))
        return []

    @built.tree.command(name="ping", description="A global command")
    async def ping(interaction: discord.Interaction) -> None:
        raise AssertionError("not called")

    monkeypatch.setattr(bot, "load_cogs", fake_load_cogs)
    monkeypatch.setattr(built.tree, "sync", fake_sync)
    try:
        await built.setup_hook()  # opens the table core (and its database) first
        assert calls == [("load_cogs", True), ("sync", dev_guild)]
        if dev_guild is not None:
            copied = built.tree.get_commands(guild=discord.Object(id=dev_guild))
            assert [command.name for command in copied] == ["ping"]
    finally:
        await built.core.close()


def test_shards_are_read_and_make_a_sharded_bot(tmp_path: Path) -> None:
    plain = bot.build_bot(load_config({"RINGMASTER_TOKEN": "t"}, None))
    assert load_config({"RINGMASTER_TOKEN": "t"}, None).shards is None
    assert not isinstance(plain, discord.AutoShardedClient) and plain.shard_count is None  # one connection, as ever
    config = load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_SHARDS": " 0-3/8 "}, None)
    assert config.shards == Shards(0, 3, 8) and str(config.shards) == "0-3/8"
    assert load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_SHARDS": "5/8"}, None).shards == Shards(5, 5, 8)
    built = bot.build_bot(config)
    assert isinstance(built, discord.AutoShardedClient) and isinstance(built, bot.Ringmaster)
    assert (built.shard_ids, built.shard_count) == ([0, 1, 2, 3], 8)
    assert built.intents == discord.Intents.default()


@pytest.mark.parametrize("text", ["8", "0-3", "3-1/8", "0-8/8", "2/2", "a-b/c", "0-3/0", "-1/4", "0,1/4", "٠/١"])
def test_malformed_shards_are_one_clear_sentence(text: str) -> None:
    with pytest.raises(ConfigError, match=r"^RINGMASTER_SHARDS must name this process's Discord shards as "
                                          r"first-last/count, such as 0-3/8 .*, not '.*'\.$"):
        load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_SHARDS": text}, None)


def test_the_lease_length_is_read_in_seconds() -> None:
    assert load_config({"RINGMASTER_TOKEN": "t"}, None).lease_seconds == 60.0
    assert load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_LEASE_SECONDS": " 15 "}, None).lease_seconds == 15.0


@pytest.mark.parametrize("text", ["0", "4", "3601", "1.5", "-30", "a minute", "٦٠"])
def test_a_wrong_lease_length_is_one_clear_sentence(text: str) -> None:
    with pytest.raises(ConfigError, match=r"^RINGMASTER_LEASE_SECONDS must be how long a process keeps a game's "
                                          r"background work without renewing it, in seconds from 5 to 3600, "
                                          r"not '.*'\.$"):
        load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_LEASE_SECONDS": text}, None)


def test_a_shard_belongs_to_guilds_by_discords_rule() -> None:
    shards = Shards(2, 3, 4)
    assert [shards.owns(n << 22) for n in range(8)] == [False, False, True, True, False, False, True, True]


@pytest.mark.parametrize("shards, syncs", [("0-1/4", True), ("2-3/4", False)])
async def test_only_the_process_of_shard_zero_syncs_the_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shards: str, syncs: bool
) -> None:
    built = bot.build_bot(load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_DB": str(tmp_path / "games.sqlite3"),
                                       "RINGMASTER_SHARDS": shards}, None))
    synced: list[object] = []

    async def fake_sync(*, guild: discord.abc.Snowflake | None = None) -> list[object]:
        synced.append(guild)
        return []

    async def no_cogs(target: object, package: str = "cogs") -> list[str]:
        return []

    monkeypatch.setattr(bot, "load_cogs", no_cogs)
    monkeypatch.setattr(built.tree, "sync", fake_sync)
    try:
        await built.setup_hook()
        assert synced == ([None] if syncs else [])
    finally:
        await built.core.close()


def test_a_postgresql_url_is_kept_as_written(tmp_path: Path) -> None:
    url = "postgresql://ring:secret@db.example:5432/ringmaster"
    assert load_config({"RINGMASTER_TOKEN": "abc", "RINGMASTER_DB": f" {url} "}, None).db_path == url
    assert load_config({"RINGMASTER_TOKEN": "abc", "RINGMASTER_DB": "games/x.sqlite3"}, None).db_path == \
        Path("games/x.sqlite3")
