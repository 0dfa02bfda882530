"""The terminal front end for every game: random or automatic playouts, and hot-seat play.

``python -m rules simulate GAME`` plays many seeded games and reports any that break;
``python -m rules play GAME`` lets people take turns at one terminal;
``python -m rules verify RECORD`` checks a finished game's record against its fairness commitment.
They drive the games through the shared contract (``rules.core.game.Game``) alone, so nothing here
knows any one game.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TextIO

from rules.core import arena, fairness
from rules.core.errors import RulesError
from rules.core.events import Event
from rules.core.game import Game, Outcome
from rules.core.options import OptionValue, validate_options
from rules.core.players import Level, parse_level
from rules.core.rng import Rng
from rules.registry import GAMES, get_game

AnyGame = Game[Any, Any]

# Mixed into the game's seed so the choices made for the players never mirror the game's own draws.
_CHOOSER_SALT = 0x5EED_C0FF_EE15_600D
DEFAULT_MAX_STEPS = 20000


class UsageError(Exception):
    """A command line the tool cannot run; ``str(error)`` is one sentence for stderr."""


class PlayoutError(Exception):
    """A game that broke the contract while being played out."""


class NoLegalActions(PlayoutError):
    """An awaited seat has nothing it may do."""


class StepLimitExceeded(PlayoutError):
    """The game did not end within the allowed number of steps."""


class NoOutcome(PlayoutError):
    """The game is over but has no outcome."""


# ----- shared stepping ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One decision taken: the new state, the action and what happened."""

    state: Any
    action: Any
    events: list[Event]


def chooser_rng(seed: int) -> Rng:
    """The generator that picks seats and actions for a game played from ``seed``."""
    return Rng.from_seed(seed ^ _CHOOSER_SALT)


def pick_seat(game: AnyGame, state: Any, rng: Rng) -> int:
    """A random seat among those the game awaits."""
    return rng.pick(sorted(game.to_act(state)))


def pick_action(game: AnyGame, state: Any, seat: int, legal: list[Any], rng: Rng, *, auto: bool) -> Any:
    """The automatic player's choice (from the seat's view only) or a uniformly random one."""
    if auto:
        return game.auto_action(game.view(state, seat), legal, rng)
    return rng.pick(legal)


def step(game: AnyGame, state: Any, seat: int, rng: Rng, *, auto: bool = True, action: Any = None) -> Step:
    """Apply ``action`` for ``seat``, or one chosen for it when ``action`` is None.

    Raises NoLegalActions when the seat is awaited but may do nothing, and the game's RulesError
    when the action is refused.
    """
    if action is None:
        legal = game.legal_actions(state, seat)
        if not legal:
            name = _seat_name(state, seat)
            raise NoLegalActions(f"{name} (seat {seat + 1}) is awaited but has no legal action.")
        action = pick_action(game, state, seat, legal, rng, auto=auto)
    new_state, events = game.apply(state, seat, action)
    return Step(new_state, action, events)


def _seat_name(state: Any, seat: int) -> str:
    players: list[str] = state.players
    return players[seat] if 0 <= seat < len(players) else f"seat {seat + 1}"


def _players(count: int) -> str:
    return f"{count} player" if count == 1 else f"{count} players"


def default_names(count: int) -> list[str]:
    return [f"Player {number}" for number in range(1, count + 1)]


# ----- command line -------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules", description="Play Ringmaster's games in a terminal.",
        epilog=_games_help(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_simulate_parser(commands.add_parser("simulate", help="play many seeded games and report failures"))
    _add_play_parser(commands.add_parser("play", help="hot-seat play in this terminal"))
    verify = commands.add_parser("verify", help="check a finished game's record against its fairness commitment")
    verify.add_argument("record", metavar="RECORD", help="the game record JSON file the bot posted at the end")
    verify.add_argument("--commitment", help="the commitment the game's thread showed at the start")
    return parser


def _games_help() -> str:
    lines = ["games and their options (--option KEY=VALUE):"]
    for key, game in GAMES.items():
        lines.append(f"  {key}: {game.name}, {game.min_players} to {game.max_players} players")
        lines.extend(f"    {spec.key} ({spec.kind}, default {_option_text(spec.default)}): {spec.description}"
                     for spec in game.option_specs)
    return "\n".join(lines)


def _add_simulate_parser(simulate: argparse.ArgumentParser) -> None:
    simulate.add_argument("game", metavar="GAME", help="the game's key, e.g. circus_train")
    simulate.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    simulate.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    simulate.add_argument("--players", type=int, help="player count (default: cycle through all)")
    _add_option_argument(simulate)
    simulate.add_argument("--max-steps", type=int, default=DEFAULT_MAX_STEPS,
                          help=f"a game taking more steps fails (default {DEFAULT_MAX_STEPS})")
    simulate.add_argument("--auto", action="store_true", help="moves by the automatic player, not at random")
    simulate.add_argument("--levels", metavar="LEVELS",
                          help="seat the automatic player at these levels, one per seat, e.g. strong,normal,normal "
                               "(easy, normal or strong; sets the player count; the first seat moves round the "
                               "table from game to game)")
    simulate.add_argument("--summary", action="store_true", help="one line of scores per game")


def _add_play_parser(play: argparse.ArgumentParser) -> None:
    play.add_argument("game", metavar="GAME", help="the game's key, e.g. circus_train")
    play.add_argument("--players", type=int, help="player count (default: from --names, else 2 if allowed)")
    play.add_argument("--names", help="comma-separated player names, e.g. Ann,Bob")
    play.add_argument("--seed", type=int, help="the game's seed (default: a random one, printed)")
    _add_option_argument(play)
    play.add_argument("--auto-seats", default="", metavar="SEATS",
                      help="comma-separated seat numbers (from 1) played automatically")
    play.add_argument("--max-steps", type=int, default=DEFAULT_MAX_STEPS,
                      help=f"stop a game taking more steps (default {DEFAULT_MAX_STEPS})")


def _add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a variant option (repeatable)")


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``KEY=VALUE`` strings as a mapping; the game parses and validates the values."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"Options are written KEY=VALUE, not {pair!r}.")
        options[key.strip()] = value.strip()
    return options


def format_options(options: Mapping[str, OptionValue]) -> str:
    return ",".join(f"{key}={_option_text(value)}" for key, value in options.items()) or "none"


def _option_text(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command line; returns the exit code (2 for a command that cannot run)."""
    inp, out, err = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    args = _parse_args(argv, out, err)
    if isinstance(args, int):
        return args
    try:
        run = _prepare(args, inp, out)
    except (UsageError, RulesError) as error:
        err.write(f"{error}\n")
        return 2
    return run()


def _prepare(args: argparse.Namespace, inp: TextIO, out: TextIO) -> Callable[[], int]:
    """Check the command line and set the game up; what is left to run. Refusals raise."""
    if args.command == "verify":
        return lambda: verify_file(args.record, args.commitment, out)
    game = get_game(args.game)
    options = parse_options(args.option)
    if args.command == "simulate":
        plan = plan_simulation(game, args, options, out)
        return lambda: simulate(game, plan, out)
    table = set_table(game, args, options, inp, out)
    return lambda: play(table, args.max_steps)


def _parse_args(argv: Sequence[str] | None, out: TextIO, err: TextIO) -> argparse.Namespace | int:
    """Parsed arguments, or the exit code when argparse has already answered (help, usage error)."""
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return build_parser().parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2


# ----- verify -------------------------------------------------------------------------------------


def verify_file(path: str, published: str | None, out: TextIO) -> int:
    """``python -m rules verify``: 0 when the record checks out, 1 when it does not or cannot be read.
    Ends ``VERIFIED`` (with a caveat for a format-1 record) or ``NOT VERIFIED: <reason>``; never a traceback."""
    try:
        with open(path, encoding="utf-8") as file:
            record = json.load(file)
    except (OSError, ValueError, RecursionError, MemoryError) as error:
        reason = "it is nested too deeply" if isinstance(error, RecursionError) else str(error)[:200]
        _say(out, f"NOT VERIFIED: could not read {path}: {reason or type(error).__name__}")
        return 1
    verdict = fairness.verify_record(record, GAMES, published)
    lines = list(verdict.lines if verdict.ok else verdict.lines[:-1])
    lines.append(("VERIFIED" + (f" ({verdict.caveat})" if verdict.caveat else "")) if verdict.ok else
                 f"NOT VERIFIED: {verdict.reason}")
    for line in lines:
        _say(out, line)
    return 0 if verdict.ok else 1


def _say(out: TextIO, line: str) -> None:
    """Write a line that may hold text from the file, which no terminal can print (lone surrogates)."""
    out.write(line.encode("utf-8", "replace").decode("utf-8") + "\n")


# ----- simulate -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SimulationPlan:
    games: int
    seed: int
    counts: list[int]
    options: dict[str, str]
    shown_options: str
    max_steps: int
    auto: bool
    summary: bool
    levels: tuple[Level, ...] = ()


def plan_simulation(game: AnyGame, args: argparse.Namespace, options: dict[str, str],
                    out: TextIO) -> SimulationPlan:
    if args.games < 0:
        raise UsageError(f"--games must be zero or more, not {args.games}.")
    if args.max_steps < 1:
        raise UsageError(f"--max-steps must be at least 1, not {args.max_steps}.")
    levels = parse_levels(args.levels) if args.levels else ()
    if levels and args.players is not None and args.players != len(levels):
        raise UsageError(f"--levels names {len(levels)} seats but --players says {args.players}.")
    every_count = list(range(game.min_players, game.max_players + 1))
    wanted = [len(levels)] if levels else [args.players] if args.players is not None else every_count
    counts = _playable_counts(game, wanted, options, args.seed, out)
    shown = format_options(validate_options(game.option_specs, options))
    return SimulationPlan(games=args.games, seed=args.seed, counts=counts, options=options,
                          shown_options=shown, max_steps=args.max_steps, auto=args.auto, summary=args.summary,
                          levels=levels)


def parse_levels(text: str) -> tuple[Level, ...]:
    """``strong,normal,normal`` as levels, one per seat."""
    try:
        return tuple(parse_level(part) for part in text.split(","))
    except ValueError as error:
        raise UsageError(str(error)) from None


def rotated(levels: Sequence[Level], index: int) -> tuple[Level, ...]:
    """The levels of game ``index``: the table turned by one seat per game, so every level sits in every
    seat equally often."""
    shift = index % len(levels)
    return tuple(levels[-shift:]) + tuple(levels[:-shift]) if shift else tuple(levels)


def _playable_counts(game: AnyGame, wanted: list[int], options: dict[str, str], seed: int,
                     out: TextIO) -> list[int]:
    """The player counts these options allow; the first refusal if none do."""
    playable: list[int] = []
    refusals: list[tuple[int, RulesError]] = []
    for count in wanted:
        try:
            game.new_game(default_names(count), options, seed)
        except RulesError as error:
            refusals.append((count, error))
            continue
        except Exception:  # a broken setup is reported game by game, not refused up front
            pass
        playable.append(count)
    if not playable:
        raise UsageError(str(refusals[0][1]))
    for count, refusal in refusals:
        out.write(f"note: {_players(count)} skipped: {refusal}\n")
    return playable


def simulate(game: AnyGame, plan: SimulationPlan, out: TextIO) -> int:
    if plan.levels:
        return simulate_levels(game, plan, out)
    finished = errors = 0
    for index in range(plan.games):
        count = plan.counts[index % len(plan.counts)]
        seed = plan.seed + index
        label = f"game {index} (seed {seed}, {count} players, options {plan.shown_options})"
        try:
            state, steps = play_out(game, default_names(count), plan.options, seed,
                                    auto=plan.auto, max_steps=plan.max_steps)
        except Exception as error:  # any failure of the game is reported, then the next game runs
            errors += 1
            out.write(f"{label}: {type(error).__name__}: {error}\n")
            continue
        finished += 1
        if plan.summary:
            out.write(f"game {index} (seed {seed}, {count} players): {summarise(game, state, steps)}\n")
    out.write(f"{finished} games finished, {errors} errors\n")
    return 0 if errors == 0 else 1


def simulate_levels(game: AnyGame, plan: SimulationPlan, out: TextIO) -> int:
    """Seated games between levels; with --summary a line per game, and each level's share of the wins
    against its fair share at the end."""
    finished = errors = 0
    shares: dict[Level, list[float]] = {}
    for index in range(plan.games):
        seed = plan.seed + index
        levels = rotated(plan.levels, index)
        try:
            played = arena.play(game, levels, seed, plan.options, max_steps=plan.max_steps)
        except Exception as error:  # any failure of the game is reported, then the next game runs
            errors += 1
            out.write(f"game {index} (seed {seed}): {type(error).__name__}: {error}\n")
            continue
        finished += 1
        for seat, level in enumerate(levels):
            shares.setdefault(level, []).append(played.win_share(seat))
        if plan.summary:
            scores = ", ".join(f"{level} {score}" for level, score in zip(levels, played.outcome.scores, strict=True))
            winners = ", ".join(f"seat {seat + 1} ({levels[seat]})" for seat in played.outcome.winners)
            out.write(f"game {index} (seed {seed}): scores {scores}; won by {winners or 'nobody'}\n")
    out.write(f"{finished} games finished, {errors} errors\n")
    for level, values in shares.items():
        seats = plan.levels.count(level)
        won = sum(values) / max(finished, 1)
        fair = seats / len(plan.levels)
        out.write(f"{level}: {seats} seat{'s' if seats > 1 else ''}, won {won:.1%} of the games "
                  f"(fair share {fair:.1%}, {won / fair:.2f}x)\n")
    return 0 if errors == 0 else 1


def play_out(game: AnyGame, players: Sequence[str], options: Mapping[str, object], seed: int,
             *, auto: bool = False, max_steps: int = DEFAULT_MAX_STEPS) -> tuple[Any, int]:
    """Play one game to its end with seeded choices; returns the final state and the step count."""
    state = game.new_game(players, options, seed)
    rng = chooser_rng(seed)
    steps = 0
    while not game.is_over(state):
        if steps >= max_steps:
            raise StepLimitExceeded(f"the game did not end within {max_steps} steps.")
        state = step(game, state, pick_seat(game, state, rng), rng, auto=auto).state
        steps += 1
    if game.outcome(state) is None:
        raise NoOutcome("the game is over but outcome() gave None.")
    return state, steps


def summarise(game: AnyGame, state: Any, steps: int) -> str:
    outcome = game.outcome(state)
    if outcome is None:
        return f"no outcome after {steps} steps"
    scores = ", ".join(str(score) for score in outcome.scores)
    winners = ", ".join(_seat_name(state, seat) for seat in outcome.winners)
    result = f"; {outcome.result}" if outcome.result else ""
    return f"scores {scores}; won by {winners or 'nobody'}{result}; {steps} steps"


# ----- play ---------------------------------------------------------------------------------------

Verdict = Literal["again", "done", "quit"]
_HELP = "Type an action number, a for the automatic player, log, json, or q to quit."


@dataclass
class Table:
    """One hot-seat game at the terminal."""

    game: AnyGame
    state: Any
    auto_seats: frozenset[int]
    rng: Rng
    inp: TextIO
    out: TextIO
    log: list[Event] = field(default_factory=list)
    steps: int = 0

    def say(self, text: str = "") -> None:
        self.out.write(f"{text}\n")

    def name(self, seat: int) -> str:
        return _seat_name(self.state, seat)


def set_table(game: AnyGame, args: argparse.Namespace, options: dict[str, str],
              inp: TextIO, out: TextIO) -> Table:
    names = _player_names(game, args.names, args.players)
    auto_seats = _seat_numbers(args.auto_seats, len(names))
    seed: int = args.seed if args.seed is not None else secrets.randbelow(1 << 32)
    state = game.new_game(names, options, seed)
    out.write(f"{game.name}: {', '.join(names)}; seed {seed}; options {format_options(state.options)}.\n")
    return Table(game, state, auto_seats, chooser_rng(seed), inp, out)


def _player_names(game: AnyGame, names: str | None, players: int | None) -> list[str]:
    if names is None:
        hot_seat = min(max(2, game.min_players), game.max_players)
        return default_names(players if players is not None else hot_seat)
    listed = [name.strip() for name in names.split(",")]
    if not all(listed):
        raise UsageError("Every player needs a name: --names takes names separated by commas.")
    if players is not None and players != len(listed):
        raise UsageError(f"--players says {players} but --names lists {len(listed)} players.")
    return listed


def _seat_numbers(text: str, count: int) -> frozenset[int]:
    """Seat numbers from 1, as zero-based seats."""
    seats: set[int] = set()
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        if not part.isdecimal() or not 1 <= int(part) <= count:
            raise UsageError(f"--auto-seats takes seat numbers from 1 to {count}, not {part!r}.")
        seats.add(int(part) - 1)
    return frozenset(seats)


def play(table: Table, max_steps: int = DEFAULT_MAX_STEPS) -> int:
    """Take turns until the game ends (0), someone quits (0) or the game breaks (1)."""
    game = table.game
    while not game.is_over(table.state):
        if table.steps >= max_steps:
            table.say(f"The game did not end within {max_steps} steps; stopping.")
            return 1
        seat = min(game.to_act(table.state))
        code = _auto_turn(table, seat) if seat in table.auto_seats else _human_turn(table, seat)
        if code is not None:
            return code
    show_outcome(table)
    return 0


def _auto_turn(table: Table, seat: int) -> int | None:
    try:
        taken = step(table.game, table.state, seat, table.rng, auto=True)
    except Exception as error:  # the automatic player must never break a game; stop and say why
        table.say(f"The automatic player for {table.name(seat)} failed: {type(error).__name__}: {error}")
        return 1
    _record(table, seat, taken, private=False, header=f"{table.name(seat)} (automatic) has acted.")
    return None


def _human_turn(table: Table, seat: int) -> int | None:
    legal = table.game.legal_actions(table.state, seat)
    if not legal:
        table.say(f"{table.name(seat)} is awaited but has no legal action; the game cannot go on.")
        return 1
    _show_turn(table, seat, legal)
    while True:
        table.out.write("> ")
        table.out.flush()
        line = table.inp.readline()
        if not line:
            table.say("\nInput ended; leaving the game.")
            return 0
        verdict = _command(table, seat, legal, line.strip())
        if verdict == "quit":
            table.say("Leaving the game.")
            return 0
        if verdict == "done":
            return None


def _show_turn(table: Table, seat: int, legal: list[Any]) -> None:
    game = table.game
    table.say()
    table.say(f"==================== {table.name(seat)} (seat {seat + 1}) ====================")
    table.say(game.render_text(game.view(table.state, seat)))
    table.say(game.prompt(table.state, seat))
    for number, action in enumerate(legal, start=1):
        table.say(f"  {number:>3}. {game.describe_action(table.state, seat, action)}")


def _command(table: Table, seat: int, legal: list[Any], line: str) -> Verdict:
    word = line.lower()
    if word in ("q", "quit", "exit"):
        return "quit"
    if word == "log":
        _show_log(table, seat)
    elif word == "json":
        table.say(json.dumps(table.game.view(table.state, seat), indent=2))
    elif word == "a":
        return _take(table, seat, None)
    elif word.isdecimal() and 1 <= int(word) <= len(legal):
        return _take(table, seat, legal[int(word) - 1])
    elif word.isdecimal():
        table.say(f"There is no action number {word}; choose from 1 to {len(legal)}.")
    else:
        table.say(_HELP)
    return "again"


def _take(table: Table, seat: int, action: Any) -> Verdict:
    """Apply the chosen action (None: the automatic player's choice); a refusal asks again."""
    try:
        taken = step(table.game, table.state, seat, table.rng, auto=True, action=action)
    except RulesError as error:
        table.say(str(error))
        return "again"
    _record(table, seat, taken, private=True, header="")
    return "done"


def _record(table: Table, seat: int, taken: Step, *, private: bool, header: str) -> None:
    """Keep the new state and events; print what the people at the screen may see: the public
    events, and the seat's private ones only when that seat's player is the one at the screen."""
    table.state = taken.state
    table.log.extend(taken.events)
    table.steps += 1
    if header:
        table.say(header)
    for event in taken.events:
        if event.visible_to(seat if private else None):
            table.say(f"  {table.game.describe_event(event, table.state.players)}")


def _show_log(table: Table, seat: int) -> None:
    players = table.state.players
    lines = [table.game.describe_event(event, players) for event in table.log if event.visible_to(seat)]
    table.say("\n".join(lines) if lines else "Nothing has happened yet.")


def show_outcome(table: Table) -> None:
    game, state = table.game, table.state
    table.say()
    table.say("==================== Game over ====================")
    table.say(game.render_text(game.view(state, None)))
    outcome = game.outcome(state)
    if outcome is None:
        table.say("The game is over but has no result.")
        return
    for line in placings(outcome, state.players):
        table.say(line)
    for line in outcome.lines:
        table.say(line)
    if outcome.result:
        table.say(outcome.result)


def placings(outcome: Outcome, players: Sequence[str]) -> list[str]:
    """"1st: Dana (34)" lines; tied seats share a place and the next place is skipped."""
    lines: list[str] = []
    place = 1
    for seats in outcome.ranking:
        who = ", ".join(f"{players[seat]} ({outcome.scores[seat]})" for seat in seats)
        lines.append(f"{_ordinal(place)}: {who}")
        place += len(seats)
    return lines


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
