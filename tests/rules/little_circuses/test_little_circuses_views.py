"""The view contract the renderer draws from, the text board, prompts and labels."""

from __future__ import annotations

from rules.little_circuses.actions import ChooseTile, OpenAt, RaiseFunds

from little_circuses_helpers import (
    COTTON_CANDY,
    GAME,
    TICKET_BOOTH,
    apply,
    cell,
    goto,
    new_game,
    opened,
    set_circus,
    space_index,
)

TOP_KEYS = {"game", "seat", "options", "grid_size", "track", "space", "space_index", "stage", "order", "awaiting",
            "players", "piles", "market", "arrived", "showcase", "specials", "you", "over", "winners", "result"}
PLAYER_KEYS = {"seat", "name", "order_position", "fame", "money", "bleacher", "publics", "circus", "highlight",
               "used", "hand", "secret_count", "hand_count", "card", "awaited", "ready", "icons_left", "source",
               "colours", "variety_sets", "final"}
TILE_KEYS = {"id", "name", "colour", "kind", "cost", "icons"}


def test_the_view_has_every_documented_key() -> None:
    state = opened(3)
    view = GAME.view(state, 1)
    assert set(view) == TOP_KEYS
    assert view["game"] == "little_circuses" and view["seat"] == 1 and view["options"] == {"special_side": "blue"}
    assert view["space"] == view["track"][view["space_index"]] and view["space"]["kind"] == "full_day"
    for player in view["players"]:
        assert set(player) == PLAYER_KEYS
        assert player["publics"] == [2]
        assert all(set(t) == TILE_KEYS for t in player["hand"])
        for placed in player["circus"]:
            assert set(placed) == {"cell", "x", "y", "tile", "depth", "covered", "used", "highlight"}
            assert placed["cell"] == placed["y"] * view["grid_size"] + placed["x"]
    assert {c["number"] for c in view["specials"]} == set(range(1, 8))
    assert set(view["you"]) == {"secret", "step", "plan", "plan_tile", "plan_cell", "icon"}
    assert view["you"]["step"] == "build"
    assert GAME.view(state, None)["you"] is None


def test_a_circus_shows_its_stacks_use_markers_and_highlight() -> None:
    state = opened(1)
    set_circus(state, 0, tiles={COTTON_CANDY: ["sr01"], cell(4, 2): ["sy01"]}, highlight=COTTON_CANDY,
               used=[TICKET_BOOTH])
    circus = {c["cell"]: c for c in GAME.view(state, None)["players"][0]["circus"]}
    assert circus[COTTON_CANDY]["depth"] == 2 and circus[COTTON_CANDY]["covered"] == ["cotton_candy"]
    assert circus[COTTON_CANDY]["tile"]["id"] == "sr01" and circus[COTTON_CANDY]["highlight"] is True
    assert circus[TICKET_BOOTH]["used"] is True and circus[TICKET_BOOTH]["tile"]["colour"] is None
    assert circus[cell(4, 2)]["tile"]["colour"] == "yellow"


def test_render_text_private_lines_start_with_your() -> None:
    state = opened(2)
    goto(state, space_index("arrival"))
    mine = GAME.render_text(GAME.view(state, 0)).splitlines()
    public = GAME.render_text(GAME.view(state, None)).splitlines()
    private = [line for line in mine if line not in public]
    assert private and all(line.startswith("Your ") for line in private)
    assert any(line.startswith("Your face-down tiles: ") for line in private)


def test_prompts_say_what_is_being_decided_and_who_is_awaited() -> None:
    state = new_game(2)
    assert GAME.prompt(state, 0) == "Ann, you are choosing where the Highlight opens."
    state, _ = apply(state, 0, OpenAt(COTTON_CANDY))
    assert GAME.prompt(state, 0) == "Waiting for Bob."


def test_action_labels_read_well() -> None:
    state = opened(1)
    labels = [GAME.describe_action(state, 0, action) for action in GAME.legal_actions(state, 0)]
    assert labels[0] == "Raise funds: +$2" and labels[1] == "Hire help: take a tile from the market"
    assert all(label.startswith("Build ") for label in labels[2:])
    set_circus(state, 0, money=20)
    state, _ = apply(state, 0, ChooseTile(state.circuses[0].hand[0]))
    assert GAME.describe_action(state, 0, GAME.legal_actions(state, 0)[0]).startswith("Place it at ")
    assert GAME.describe_action(new_game(1), 0, OpenAt(COTTON_CANDY)) == "Opening night on the Cotton Candy Vendor"


def test_events_read_as_sentences() -> None:
    state = opened(2)
    state, events = apply(state, 0, RaiseFunds())
    assert [GAME.describe_event(e, state.players) for e in events] == ["Ann has chosen."]
    state, events = apply(state, 1, RaiseFunds())
    lines = [GAME.describe_event(e, state.players) for e in events]
    assert "Ann raises funds: +$2." in lines and "Bob raises funds: +$2." in lines
