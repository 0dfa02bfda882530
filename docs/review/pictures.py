"""Makes the pictures of docs/review.md from seeded games, with the product's own code: the score chart as posted,
the thread's messages after a game (the review, the luck, the ratings) drawn as cards, the ratings of a series of
games drawn by the chart renderer, and the head of an export's plain-text log.

Run: .venv/bin/python docs/review/pictures.py   (writes the PNGs beside this file)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from db.ratings import RatingRow
from render import fonts
from render.chart import chart_image, render_chart
from render.common import hex_colour, to_png, wrap_text
from render.fonts import printable
from rules.cli import chooser_rng, pick_action, pick_seat
from rules.registry import GAMES
from rules.review.chart import Series, score_series
from rules.review.luck import luck_lines, measure_luck
from rules.review.record import export_record, plain_text
from rules.review.report import review_game
from table.ratings import rate

HERE = Path(__file__).resolve().parent
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
DISCORD = hex_colour("#313338")
TEXT = hex_colour("#DBDEE1")


def played(kind: str, seed: int) -> list[tuple[int, dict[str, Any]]]:
    game = GAMES[kind]
    state = game.new_game(PLAYERS, {}, seed)
    rng = chooser_rng(seed)
    log = []
    while not game.is_over(state):
        seat = pick_seat(game, state, rng)
        action = pick_action(game, state, seat, game.legal_actions(state, seat), rng, auto=True)
        state, _ = game.apply(state, seat, action)
        log.append((seat, game.action_to_json(action)))
    return log


def card(lines: list[str], title: str, width: int = 800, mono: bool = False) -> bytes:
    """A message as a dark chat client shows it: the bot's name, then the text wrapped to the width."""
    body = fonts.font(17) if not mono else fonts.font(15, condensed=True)
    head = fonts.font(19, bold=True)
    wrapped: list[str] = []
    for line in lines:
        # The bundled fonts have no emoji: the chat client's own pictures are left out.
        wrapped += wrap_text(printable(line.replace("**", "")).strip(), body, width - 48) or [""]
    height = 56 + 24 * len(wrapped) + 20
    image = Image.new("RGB", (width, height), DISCORD)
    draw = ImageDraw.Draw(image)
    draw.text((24, 16), title, font=head, fill=hex_colour("#F2F3F5"))
    for index, line in enumerate(wrapped):
        draw.text((24, 52 + 24 * index), line, font=body, fill=TEXT)
    return to_png(image)


def main() -> None:
    game = GAMES["circus_train"]
    log = played("circus_train", 21)
    series = score_series(game, PLAYERS, {}, 21, log)
    assert series is not None
    (HERE / "chart.png").write_bytes(render_chart(series, "Circus Train #21: the scores"))
    luck = luck_lines(measure_luck(game, PLAYERS, {}, 21, log), PLAYERS)
    (HERE / "luck.png").write_bytes(card(["📈 Circus Train #21: the scores through the game.",
                                          *(f"🎲 {line}" for line in luck)], "Ringmaster"))
    review = review_game(game, PLAYERS, {}, 21, log)
    assert review is not None
    (HERE / "review.png").write_bytes(card(review.short_text("Circus Train #21", game.name).split("\n"),
                                           "Ringmaster"))
    export = export_record(game, "Circus Train #21", PLAYERS, {}, 21, "5f" * 16, log)
    text = plain_text(export).split("\n")
    shown = [*text[:14], "   …", *text[-6:]]
    head = json.dumps({key: export[key] for key in ("format", "game", "title", "players", "seed", "commitment")},
                      ensure_ascii=False)
    (HERE / "record.png").write_bytes(card([head[:300] + " …", "", *shown], "circus_train-21.txt / .json",
                                           mono=True))
    (HERE / "ratings.png").write_bytes(ratings_chart())


def ratings_chart() -> bytes:
    """The ratings of four people and a robot level through twelve games of Wanderzirkus, as the chart draws any
    series (the cautious estimate, mean less three deviations, after each game)."""
    kind = "wanderzirkus"
    names = ["Ann", "Bob", "Cat", "Dan", "robot (strong)"]
    keys = ["user:1", "user:2", "user:3", "user:4", "robot:strong"]
    kept: dict[str, RatingRow] = {}
    points: list[list[int]] = [[0] for _ in keys]
    for number in range(12):
        seats = [keys[(number + offset) % len(keys)] for offset in range(4)]
        log = played_with(kind, number, len(seats))
        game = GAMES[kind]
        state = game.new_game([f"P{n}" for n in range(len(seats))], {}, number)
        for seat, raw in log:
            state, _ = game.apply(state, seat, game.action_from_json(raw))
        outcome = game.outcome(state)
        assert outcome is not None
        place = {seat: rank for rank, group in enumerate(outcome.ranking, start=1) for seat in group}
        placed = [(seats[seat], place[seat]) for seat in range(len(seats))]
        for player, (mu, sigma) in rate(kept, placed).items():
            games = kept[player].games + 1 if player in kept else 1
            kept[player] = RatingRow(player, mu, sigma, games)
        for index, key in enumerate(keys):
            row = kept.get(key)
            points[index].append(round(row.mu - 3 * row.sigma) if row else 0)
    labels = ("start", *(f"game {n + 1}" for n in range(12)))
    final = tuple(points[index][-1] for index in range(len(keys)))
    series = Series(kind, tuple(names), "rating", "game", labels, tuple(tuple(p) for p in points), final)
    return to_png(chart_image(series, "Der Wanderzirkus ratings, game by game"))


def played_with(kind: str, seed: int, count: int) -> list[tuple[int, dict[str, Any]]]:
    game = GAMES[kind]
    state = game.new_game([f"P{n}" for n in range(count)], {}, seed)
    rng = chooser_rng(seed)
    log = []
    while not game.is_over(state):
        seat = pick_seat(game, state, rng)
        action = pick_action(game, state, seat, game.legal_actions(state, seat), rng, auto=True)
        state, _ = game.apply(state, seat, action)
        log.append((seat, game.action_to_json(action)))
    return log


if __name__ == "__main__":
    main()
    print("written:", ", ".join(sorted(path.name for path in HERE.glob("*.png"))))
