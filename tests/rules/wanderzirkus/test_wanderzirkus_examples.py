"""The rulebook's worked examples, with the rulebook's numbers."""

from __future__ import annotations

from rules.core.events import Event
from rules.wanderzirkus import scoring
from rules.wanderzirkus.actions import Action, Place, PlayCard, SkipEffect
from rules.wanderzirkus.content import card, load_content
from rules.wanderzirkus.flow import end_game, region_vp
from rules.wanderzirkus.row import STACK, placements
from rules.wanderzirkus.state import Column, WanderzirkusState

from wanderzirkus_helpers import apply, artists, chain, connects, find, new_game, rig, show_game


def play(state: WanderzirkusState, seat: int, card_id: str, target: int | None = None,
         log: list[Event] | None = None) -> WanderzirkusState:
    """Play a card through ``apply``: choose its place if asked, and skip its effect."""
    steps: list[Action] = [PlayCard(card_id)]
    while steps:
        state, events = apply(state, seat, steps.pop())
        if log is not None:
            log.extend(events)
        circus = state.circuses[seat]
        if circus.show_state != "running":
            break
        if circus.step == "place":
            assert target is not None, "the card has several places"
            steps.append(Place(target))
        elif circus.step in ("effect", "peek"):
            steps.append(SkipEffect())
    return state


def columns(*cards: str | tuple[str, ...]) -> list[Column]:
    return [Column([c] if isinstance(c, str) else list(c)) for c in cards]


def max_cards() -> list[str]:
    """Yellow (its right coin connection used), red, blue, two stacked acrobats, two fire dancers."""
    for yellow in artists("yellow"):
        coin = [c.colour for c in yellow.right if c.coin]
        if not coin:
            continue
        reds = [a.id for a in artists("red") if coin[0] in a.left_colours()]
        for red in reds:
            try:
                red_, blue, purple = chain(["red", "blue", "purple"], first=yellow.id)
            except AssertionError:
                continue
            if red_ != red:
                continue
            top = next(a.id for a in artists("purple") if a.id != purple)
            green1, green2 = chain(["green", "green"], first=top)
            return [yellow.id, red, blue, purple, top, green1, green2]
    raise AssertionError("no cards for Max's example")


def test_max_example_scores_20_points_and_2_coins() -> None:
    """5 (announcement) + 1 red + 1 blue + 3 purple + 6 green + 4 city = 20 VP, and 2 coins."""
    cards = max_cards()
    state = show_game(players=1)
    rig(state, 0, hand=cards)
    circus = state.circuses[0]
    circus.announcement = 5
    circus.cities = [next(c.id for c in load_content().cities.values() if c.vp == 4)]
    events: list[Event] = []
    for card_id in cards:
        targets = placements(state.circuses[0].show, card_id)
        state = play(state, 0, card_id, STACK if STACK in targets else max(targets), events)
    assert find(events, "show_ended")[0]["reason"] == "no_cards"  # every card was played
    (scored,) = find(events, "round_scored")
    assert (scored["announcement"], scored["red"], scored["blue"], scored["purple"], scored["green"]) == (5, 1, 1, 3, 6)
    assert [vp for _, vp in scored["cities"]] == [4]
    assert scored["total"] == 20
    assert scored["coins"] == 2
    assert state.circuses[0].coins == 2 and state.circuses[0].round_vp == [20]


def test_blue_example_first_one_second_two_third_nothing() -> None:
    blue = [a.id for a in artists("blue")]
    red = [a.id for a in artists("red")]
    show = columns(blue[0], red[0], red[1], blue[1], red[2], blue[2])
    assert scoring.blue_vp(show) == 1 + 2 + 0


def test_blue_cards_at_the_start_of_the_show_score_and_the_third_brings_seven() -> None:
    blue = [a.id for a in artists("blue")]
    other = [a.id for a in artists("green")]
    show = columns(blue[0], other[0], other[1], blue[1], other[2], other[3], blue[2])
    assert scoring.blue_vp(show) == 1 + 2 + 7
    assert scoring.blue_vp(columns(blue[0], blue[1])) == 1  # the second lies right after a blue card


def test_three_adjacent_red_cards_bring_7() -> None:
    red = [a.id for a in artists("red")]
    assert scoring.red_vp(columns(red[0], red[1], red[2])) == 7
    assert scoring.red_vp(columns(red[0], red[1])) == 4
    green = artists("green")[0].id
    assert scoring.red_vp(columns(red[0], green, red[1])) == 2


def test_purple_continuation_example() -> None:
    """Tina continues at the middle of three stacked acrobats with a red card; a later acrobat must go
    to the right of the card laid last, not on the old stack."""
    purples = [a.id for a in artists("purple")]
    for middle in purples:
        reds = [a.id for a in artists("red") if connects(middle, a.id)]
        others = [p for p in purples if p != middle]
        for red in reds:
            later = [p for p in others[2:] if connects(red, p)]
            if later:
                stack = (others[0], middle, others[1])
                break
        else:
            continue
        break
    state = show_game(players=1)
    rig(state, 0, hand=[red, later[0]], show=[stack])
    targets = placements(state.circuses[0].show, red)
    state = play(state, 0, red, 1) if len(targets) > 1 else play(state, 0, red)
    show = state.circuses[0].show
    assert show[0].exit == 1 and show[1].cards == [red]
    assert STACK not in placements(show, later[0])
    events: list[Event] = []
    state = play(state, 0, later[0], log=events)
    (ended,) = find(events, "show_ended")
    assert ended["row"] == [list(stack), [red], [later[0]]]
    assert find(events, "round_scored")[0]["purple"] == 6


def test_yellow_coin_example_four_coins() -> None:
    """The starting juggler's coin connection, a juggler with both coin connections used, and its bottom coin."""
    start = "start_yellow_1"
    start_right = card(start).right_colours()
    for yellow in artists("yellow"):
        left = [c.colour for c in yellow.left if c.coin]
        right = [c.colour for c in yellow.right if c.coin]
        if left and right and left[0] in start_right and "purple" in yellow.left_colours():
            break
    after = next(a.id for a in artists("red") if right[0] in a.left_colours())
    show = columns(start, yellow.id, after)
    assert scoring.coins(show) == 4


def test_both_cities_demanding_green_are_fulfilled_by_one_green_artist() -> None:
    by_green = [c for c in load_content().cities.values() if "green" in c.colours]
    first, second = by_green[0], next(c for c in by_green[1:] if c.id != by_green[0].id)
    wanted = sorted(set(first.colours) | set(second.colours))
    show = columns(*(artists(colour)[0].id for colour in wanted))
    assert sum(1 for cards in show if card(cards.cards[0]).colour == "green") == 1
    result = scoring.score_show(0, show, None, [first.id, second.id])
    assert [vp for _, vp in result.cities] == [first.vp, second.vp]


def test_region_scoring_three_regions_give_6_vp() -> None:
    """Max travelled to Eastern, Central and Southern Europe: 6 VP."""
    state = new_game(players=2, pro=True)
    cities = load_content().cities.values()
    state.circuses[0].kept_cities = [next(c.id for c in cities if c.region == region)
                                     for region in ("east", "central", "south")]
    assert region_vp(state, 0) == 6
    assert region_vp(state, 1) == 0
    for circus in state.circuses:
        circus.round_vp = [10] * 5
    log: list[Event] = []
    end_game(state, log)
    assert [e["region_vp"] for e in find(log, "final_score")] == [6, 0]
    assert state.final_vp == [56, 50]


def test_green_places_do_not_add_up_except_last_and_third_to_last() -> None:
    g1, g2, g3 = (a.id for a in artists("green")[:3])
    red, blue = artists("red")[0].id, artists("blue")[0].id
    assert scoring.green_vp(columns(red, g1, g2)) == 2 * 3  # last and second-to-last: the best place, 3 each
    assert scoring.green_vp(columns(g1, g2, red)) == 2 * 2  # second- and third-to-last: 2 each
    assert scoring.green_vp(columns(g1, blue, g2)) == 2 * 4  # the rulebook's special case
    assert scoring.green_vp(columns(g1, g2, g3)) == 3 * 4  # all three: last and third-to-last are green
