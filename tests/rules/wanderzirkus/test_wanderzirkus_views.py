"""The view contract the renderer draws from, the sentences, and the text board."""

from __future__ import annotations

import dataclasses

from rules.cli import chooser_rng, pick_action, pick_seat
from rules.core.clone import clone
from rules.wanderzirkus.actions import PlayCard, StopShow
from rules.wanderzirkus.state import WanderzirkusState

from wanderzirkus_helpers import GAME, apply, new_game, rig, show_game

PLAYER_KEYS = {"seat", "name", "vp", "round_vp", "coins", "swap_token", "deck_size", "cities", "next_cities",
               "kept_cities", "regions", "announcement", "show_state", "show", "show_length", "end_reason",
               "pause_used", "setup_done"}
OWN_KEYS = {"hand", "draw_pile", "artists", "step", "placing", "effect", "peeked", "peek_side", "swap_left",
            "offer", "city_offer", "max_announcement", "stop_signs"}
TOP_KEYS = {"game", "seat", "options", "round", "rounds", "phase", "awaiting", "order", "current", "spend_step",
            "pairs", "artist_stack", "city_stack", "players", "scoring", "final", "over", "own"}
CARD_KEYS = {"id", "colour", "starting", "stop", "four_plus", "effect", "bottom_coin", "left", "right"}


def test_view_keys_match_the_documented_shape() -> None:
    state = show_game(players=3)
    public = GAME.view(state, None)
    assert set(public) == TOP_KEYS and public["own"] is None
    assert all(set(player) == PLAYER_KEYS for player in public["players"])
    own = GAME.view(state, 1)["own"]
    assert set(own) == OWN_KEYS
    assert all(set(c) == CARD_KEYS for c in own["hand"])
    assert set(own["hand"][0]["left"][0]) == {"colour", "coin"}
    assert set(public["players"][0]["cities"][0]) == {"id", "name", "region", "region_name", "colours", "vp"}


def test_a_finished_show_is_public_with_full_card_data() -> None:
    state = show_game(players=2)
    rig(state, 0, hand=["yellow_01", "green_01"], pile=["green_02"])
    state, _ = apply(state, 0, PlayCard("yellow_01"))
    state, _ = apply(state, 0, StopShow())
    shown = GAME.view(state, None)["players"][0]
    assert shown["show_state"] == "ended" and shown["show_length"] == 1
    assert [c["id"] for c in shown["show"][0]["cards"]] == ["yellow_01"]
    assert set(shown["show"][0]) == {"cards", "exit", "pause"}


def test_state_copy_is_deep_for_every_list() -> None:
    state = show_game(players=2)
    twin = clone(state)
    assert twin == state
    for name, value in vars(state).items():
        if isinstance(value, list):
            assert getattr(twin, name) is not value, name
    for circus, other in zip(state.circuses, twin.circuses, strict=True):
        for f in dataclasses.fields(circus):
            value = getattr(circus, f.name)
            if isinstance(value, list):
                assert getattr(other, f.name) is not value, f.name


def test_every_event_and_action_reads_as_a_sentence_and_private_lines_start_with_your() -> None:
    state: WanderzirkusState = new_game(players=3, seed=4)
    rng = chooser_rng(4)
    seen: set[str] = set()
    while not GAME.is_over(state):
        seat = pick_seat(GAME, state, rng)
        legal = GAME.legal_actions(state, seat)
        assert GAME.prompt(state, seat)
        action = pick_action(GAME, state, seat, legal, rng, auto=True)
        state, events = GAME.apply(state, seat, action)
        for event in events:
            seen.add(event.kind)
            sentence = GAME.describe_event(event, state.players)
            assert sentence.endswith((".", "!")) and "{" not in sentence
    assert {"round_scored", "show_ended", "pair_taken", "announced", "final_score", "card_played"} <= seen
    final = GAME.view(state, None)
    assert final["over"] and all(p["show"] for p in final["players"])  # the last shows stay on the table
    outcome = GAME.outcome(state)
    assert outcome is not None and [f["total"] for f in final["final"]] == list(outcome.scores)
    text = GAME.render_text(GAME.view(state, 0))
    public = GAME.render_text(GAME.view(state, None))
    private = [line for line in text.splitlines() if line not in public.splitlines()]
    assert private and all(line.startswith("Your ") for line in private)


def test_prompt_names_whom_the_game_waits_for() -> None:
    state = new_game(players=2)
    assert "choose 2 more artists" in GAME.prompt(state, 0)
    state = show_game(players=2, count=3)
    assert "announced 3" in GAME.prompt(state, 0)
