"""Ratings: OpenSkill's Plackett-Luce per server and per game, written with a game's results. A game ended by any
path (a move, a deadline, autopilot, an abandon) is rated or skipped as its kind says, once; solo games and
abandoned ones are not rated; robots are rated by level apart from people; and recomputing every rating from the
noted games gives the very numbers kept."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from openskill.models import PlackettLuce

from db.ratings import RatingStore
from db.store import GameStore
from rules.registry import GAMES
from table.core import TableCore
from table.kits import KITS, GameKit
from table.ratings import player_key, rate, recompute, robot_level, unrated_reason

import sealed_guess
from db_helpers import Clock
from sealed_guess import Pick, SealedGuess

GUILD, OTHER_GUILD, CHANNEL = 10, 11, 20
ANN, BEN, CAL = 101, 102, 103


class SoloGuess(SealedGuess):
    """Sealed Guess that one may play alone."""

    key = "solo_guess"
    min_players = 1


@pytest.fixture(autouse=True)
def games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sealed_guess.register(monkeypatch)
    solo = SoloGuess()
    monkeypatch.setitem(GAMES, solo.key, solo)
    monkeypatch.setitem(KITS, solo.key, GameKit(solo, sealed_guess.draw_text, sealed_guess.draw_text, solo.render_text,
                                                solo.render_text, sealed_guess.picture))
    yield


@pytest.fixture
async def core(database: str, clock: Clock) -> AsyncIterator[TableCore]:
    """On SQLite, then on PostgreSQL: the ratings are written and read back the same on both."""
    store = await GameStore.open(database, clock=clock)
    opened = TableCore(store, clock)
    try:
        yield opened
    finally:
        await opened.close()


async def started(core: TableCore, users: tuple[int, ...] = (ANN, BEN), guild: int = GUILD,
                  deadline: int | None = None) -> int:
    table = await core.create("sealed_guess", guild, CHANNEL, users[0], f"P{users[0]}", {}, deadline_minutes=deadline)
    for user in users[1:]:
        await core.join(table.id, user, f"P{user}")
    await core.start(table.id, users[0], thread_id=99)
    return table.id


def pick(number: int) -> Any:
    return lambda table, seat: Pick(number)


async def play_out(core: TableCore, game: int, picks: dict[int, tuple[int, int]]) -> None:
    """Each user's picks for the two rounds."""
    for round_ in (0, 1):
        for user, numbers in picks.items():
            await core.play(game, user, None, pick(numbers[round_]))


async def noted(core: TableCore) -> list[tuple[int, int, str, str]]:
    return [(game.game_id, int(game.rated), game.reason, json.dumps([list(pair) for pair in game.players]))
            for game in await RatingStore(core.store).rated_games()]


async def kept(core: TableCore) -> dict[tuple[int, str, str], tuple[float, float, int]]:
    ratings = RatingStore(core.store)
    return {(guild, "sealed_guess", row.player): (row.mu, row.sigma, row.games)
            for guild in (GUILD, OTHER_GUILD) for row in await ratings.board(guild, "sealed_guess")}


async def test_a_finished_game_rates_its_players_with_openskill_in_the_transaction_of_its_results(
        core: TableCore) -> None:
    game = await started(core)
    await play_out(core, game, {ANN: (3, 3), BEN: (1, 1)})  # Ann wins both rounds
    [(game_id, rated, reason, players)] = await noted(core)
    assert (game_id, rated, reason) == (game, 1, "") and players == '[["user:101", 1], ["user:102", 2]]'
    model = PlackettLuce()
    [[ann], [ben]] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    ratings = await kept(core)
    assert ratings[(GUILD, "sealed_guess", "user:101")] == pytest.approx((ann.mu, ann.sigma, 1))
    assert ratings[(GUILD, "sealed_guess", "user:102")] == pytest.approx((ben.mu, ben.sigma, 1))
    people, robots = await core.ratings(GUILD, "sealed_guess")
    assert [shown.user for shown in people] == [ANN, BEN] and robots == []
    assert people[0].ordinal == pytest.approx(ann.mu - 3 * ann.sigma)
    assert (await core.rating_of(GUILD, "sealed_guess", BEN)) == people[1]


async def test_recomputing_every_rating_from_a_series_of_results_gives_the_same_numbers(core: TableCore) -> None:
    series = [((ANN, BEN), GUILD, {ANN: (3, 3), BEN: (1, 1)}),
              ((BEN, CAL), GUILD, {BEN: (2, 3), CAL: (3, 1)}),
              ((ANN, BEN, CAL), GUILD, {ANN: (1, 1), BEN: (2, 2), CAL: (3, 3)}),
              ((ANN, CAL), OTHER_GUILD, {ANN: (2, 2), CAL: (1, 1)}),
              ((CAL, ANN), GUILD, {CAL: (2, 2), ANN: (2, 2)}),  # no distinct pick: a tie for first
              ((ANN, BEN, CAL), GUILD, {ANN: (3, 1), BEN: (3, 2), CAL: (1, 3)})]
    for users, guild, picks in series:
        await play_out(core, await started(core, users, guild), picks)
    games = await RatingStore(core.store).rated_games()
    assert len(games) == len(series) and all(game.rated for game in games)
    again = recompute(games)
    assert again.keys() == (await kept(core)).keys()
    for key, (mu, sigma, count) in (await kept(core)).items():
        assert again[key] == (mu, sigma, count)  # the very same floats, not merely close ones
    assert (await kept(core))[(GUILD, "sealed_guess", "user:103")][2] == 4
    assert (await kept(core))[(OTHER_GUILD, "sealed_guess", "user:103")][2] == 1  # each server keeps its own


async def test_every_path_that_ends_a_game_rates_it_or_skips_it_as_its_kind_says_once(
        core: TableCore, clock: Clock) -> None:
    by_moves = await started(core)
    await play_out(core, by_moves, {ANN: (3, 3), BEN: (1, 1)})
    by_deadline = await started(core, deadline=60)
    for _ in range(6):
        clock.now += timedelta(hours=2)
        await core.tick()
    by_autopilot = await started(core)
    await core.set_autopilot(by_autopilot, ANN, None, False)
    await core.set_autopilot(by_autopilot, BEN, None, False)
    abandoned = await started(core)
    await core.play(abandoned, ANN, None, pick(3))
    await core.abandon(abandoned, ANN, False)
    solo = await core.create("solo_guess", GUILD, CHANNEL, CAL, "Cal", {})
    await core.start(solo.id, CAL, thread_id=98)
    for _ in (1, 2):
        await core.play(solo.id, CAL, None, pick(2))
    for game in (by_moves, by_deadline, by_autopilot, solo.id):
        assert (await core.table(game)).record.status == "finished"
    verdicts = {game_id: (rated, reason) for game_id, rated, reason, _ in await noted(core)}
    assert verdicts == {by_moves: (1, ""), by_deadline: (1, ""), by_autopilot: (1, ""), abandoned: (0, "abandoned"),
                        solo.id: (0, "solo")}
    assert (await kept(core))[(GUILD, "sealed_guess", "user:101")][2] == 3  # the three rated games, each once
    assert not any(player == "user:103" for _, _, player in await kept(core))  # the solo game rated nobody
    await core.tick()  # nothing later rates a game again
    assert len(await noted(core)) == 5


async def test_robots_are_rated_by_level_and_kept_apart_and_hinted_or_robot_only_games_are_not_rated(
        core: TableCore) -> None:
    game = await started(core)
    await play_out(core, game, {ANN: (3, 3), BEN: (1, 1)})
    table = await core.table(game)
    robot = replace(table, seats=[table.seats[0], _with_level(table.seats[1], "strong")])
    assert robot_level(robot, 1) == "strong" and robot_level(robot, 0) is None
    assert [player_key(robot, seat) for seat in (0, 1)] == ["user:101", "robot:strong"]
    assert unrated_reason(robot) == ""
    both = replace(robot, seats=[_with_level(table.seats[0], "easy"), robot.seats[1]])
    assert unrated_reason(both) == "robots only"
    hinted = replace(table, seats=[table.seats[0], replace(table.seats[1], hints=2)])
    assert unrated_reason(hinted) == "hints"
    offered = replace(table, record=replace(table.record, hints=True))  # offered but never asked for
    assert unrated_reason(offered) == ""
    # Two robots of one level in a game are rated as two seats and their new ratings averaged into the level's.
    new = rate({}, [("robot:normal", 1), ("user:1", 2), ("robot:normal", 3)])
    model = PlackettLuce()
    [[first], [second], [third]] = model.rate([[model.rating()] for _ in range(3)], ranks=[1.0, 2.0, 3.0])
    assert new == {"robot:normal": pytest.approx(((first.mu + third.mu) / 2, (first.sigma + third.sigma) / 2)),
                   "user:1": pytest.approx((second.mu, second.sigma))}
    people, _ = await core.ratings(GUILD, "sealed_guess")
    assert [shown.player for shown in people] == ["user:101", "user:102"]


def _with_level(seat: Any, level: str) -> Any:
    """A seat record with a robot's level, as robot seats keep it."""
    return replace(seat, robot=level)
