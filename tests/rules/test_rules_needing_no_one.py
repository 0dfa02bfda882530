"""Moves that need no one, at the rules level (no Discord, no database): for each game a position where a
seat has exactly one legal action in an open step, which is played for it at once, and one in a secret or
simultaneous step, which waits; each declared standing answer, played when its decision comes and chosen
from its owner's view alone; and chains of such moves that always end."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import pytest

from rules.circus_train.actions import LongMonthSteal, Pass, PlaceReleased, PlayCard
from rules.circus_train.content import distance_map
from rules.circus_train.content import load_content as circus_content
from rules.circus_train.state import CityNews, Pending
from rules.core.events import Event
from rules.core.game import Game, Outcome
from rules.core.options import OptionValue
from rules.core.rng import Rng
from rules.core.standing import StandingDecision
from rules.dreadful_circus.actions import (
    Accept,
    AddCoin,
    Decline,
    Inspect,
    LoadCoin,
    LoadContract,
    MakeOffer,
    PlaceWagon,
)
from rules.dreadful_circus.state import Task
from rules.little_circuses.actions import ChooseSpecial, HireHelp, RaiseFunds
from rules.registry import GAMES
from rules.wanderzirkus.actions import BuyArtist, BuySwapToken, ChooseArtist, EndSpending
from table.forced import MAX_FOLLOW_UPS, FollowUp, follow_ups

import circus_train_helpers as ct
import dreadful_circus_helpers as dc
import little_circuses_helpers as lc

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")


def playout_until(key: str, players: int, seed: int, reached: Callable[[Any], bool], options: Mapping[str, object]
                  | None = None, limit: int = 5000) -> Any:
    """A game played by the automatic player (every move asked, none played for anyone) until ``reached``."""
    game = GAMES[key]
    state = game.new_game(list(NAMES[:players]), dict(options or {}), seed)
    rng = Rng.from_seed(seed)
    for _ in range(limit):
        if reached(state):
            return state
        assert not game.is_over(state), "the position never came"
        seat = min(game.to_act(state))
        action = game.auto_action(game.view(state, seat), game.legal_actions(state, seat), rng)
        state, _ = game.apply(state, seat, action)
    raise AssertionError("the position never came")


def play_through(game: Game[Any, Any], state: Any, answers: Mapping[int, Mapping[str, str]] | None = None,
                 forced_moves: bool = True) -> tuple[Any, list[FollowUp]]:
    return follow_ups(game, state, forced_moves=forced_moves, answers=answers or {})


# ----- forced moves -------------------------------------------------------------------------------------
def test_circus_train_plays_the_last_card_of_a_hand_for_its_player() -> None:
    game = ct.GAME
    state = ct.setup_game(2)
    seat = state.pending.seat if state.pending else 0
    ct.reset_circus(state, seat, hand=["hold"], discards=[c for c in state.circuses[seat].hand if c != "hold"])
    assert game.legal_actions(state, seat) == [PlayCard("hold")]
    assert not game.secret_step(state, seat)  # everyone can count one card in a hand
    _, played = play_through(game, state)
    assert [(move.seat, move.action, move.reason) for move in played][:1] == [(seat, PlayCard("hold"), "forced")]
    assert any(event.kind == "card_played" for event in played[0].events)
    # The per-game option turns it off: the player is asked.
    assert play_through(game, state, forced_moves=False) == (state, [])


def test_circus_train_two_cards_of_a_kind_are_a_secret_choice() -> None:
    game = ct.GAME
    state = ct.setup_game(2)
    seat = state.pending.seat if state.pending else 0
    ct.reset_circus(state, seat, hand=["basic_transit", "basic_transit"])
    assert game.legal_actions(state, seat) == [PlayCard("basic_transit")]
    assert game.secret_step(state, seat)  # playing it at once would show what the hidden hand holds
    assert play_through(game, state) == (state, [])


def dreadful_selling(bids: Sequence[dict[str, int]]) -> tuple[Any, int, list[int]]:
    """A 4-player Dreadful Circus round whose bidders (in seat order) put ``bids`` (coins by type) in their
    wagons: the Seller is about to look into them. Returns the state, the Seller and the bidders."""
    game = dc.GAME
    state = dc.started(4)
    seller = state.first_seller
    state, _ = game.apply(state, seller, next(a for a in game.legal_actions(state, seller) if isinstance(a, MakeOffer)))
    bidders = sorted(game.to_act(state))
    assert seller not in bidders and len(bidders) == len(bids) == 3
    for bidder, bid in zip(bidders, bids, strict=True):
        for coin, count in bid.items():
            for _ in range(count):
                state, _ = game.apply(state, bidder, AddCoin(coin))
        state, _ = game.apply(state, bidder, PlaceWagon(0))
    assert state.phase == "sell" and game.to_act(state) == {seller}
    return state, seller, bidders


def test_dreadful_circus_a_seller_with_one_wagon_left_looks_into_it_at_once() -> None:
    game = dc.GAME
    state, seller, bidders = dreadful_selling([{"copper": 1}] * 3)
    for bidder in bidders[:2]:
        state, _ = game.apply(state, seller, Inspect(bidder))
        state, _ = game.apply(state, seller, Decline())
    assert game.legal_actions(state, seller) == [Inspect(bidders[2])]
    assert not game.secret_step(state, seller)  # the wagons beside an Offer, and the declined ones, are public
    after, played = play_through(game, state)
    assert [(move.seat, move.action, move.reason) for move in played] == [(seller, Inspect(bidders[2]), "forced")]
    assert game.legal_actions(after, seller) == [Accept(), Decline()]  # a real choice: asked


def test_dreadful_circus_an_empty_screen_bids_in_secret() -> None:
    game = dc.GAME
    state = dc.started(4)
    seller = state.first_seller
    state, _ = game.apply(state, seller, next(a for a in game.legal_actions(state, seller) if isinstance(a, MakeOffer)))
    broke = min(game.to_act(state))
    state.seats[broke].coins = dc.coins()
    state.seats[broke].contracts = dc.contracts()
    assert game.legal_actions(state, broke) == [PlaceWagon(0)]
    assert game.secret_step(state, broke)  # a bid is simultaneous and hidden: an instant answer would tell
    assert play_through(game, state) == (state, [])


def test_wanderzirkus_keeps_the_one_artist_left_in_the_stack_at_once() -> None:
    game = GAMES["wanderzirkus"]
    state = playout_until("wanderzirkus", 3, 2, lambda s: s.phase == "spend" and s.spend_step == "menu"
                          and BuyArtist() in game.legal_actions(s, s.current))
    seat = state.current
    state.artist_stack = state.artist_stack[:1]  # the last artist of the stack
    last = state.artist_stack[0]
    state, _ = game.apply(state, seat, BuyArtist())
    assert state.spend_step == "pick_artist" and game.legal_actions(state, seat) == [ChooseArtist(last)]
    assert not game.secret_step(state, seat)  # one card drawn from a stack of one: everyone can count it
    after, played = play_through(game, state)
    assert (played[0].seat, played[0].action, played[0].reason) == (seat, ChooseArtist(last), "forced")
    assert last in after.circuses[seat].artists


def test_wanderzirkus_shows_are_secret() -> None:
    game = GAMES["wanderzirkus"]
    state = playout_until("wanderzirkus", 3, 1, lambda s: s.phase == "show")
    assert all(game.secret_step(state, seat) for seat in game.to_act(state))
    assert play_through(game, state) == (state, [])


def test_little_circuses_the_last_special_attraction_goes_to_the_last_chooser_at_once() -> None:
    game = GAMES["little_circuses"]
    state = playout_until("little_circuses", 7, 1, lambda s: s.stage == "special" and s.chooser == 6
                          and s.circuses[s.order[6]].step == "special")
    seat = state.order[6]
    [only] = game.legal_actions(state, seat)
    assert isinstance(only, ChooseSpecial) and only.card not in state.taken
    assert not game.secret_step(state, seat)  # the cards left lie face up
    after, played = play_through(game, state)
    assert (played[0].seat, played[0].action, played[0].reason) == (seat, only, "forced")
    assert after.taken[only.card] == seat


def test_little_circuses_plans_are_secret() -> None:
    game = GAMES["little_circuses"]
    state = lc.opened(3)
    assert all(game.secret_step(state, seat) for seat in game.to_act(state))
    assert play_through(game, state) == (state, [])


def test_every_forced_move_of_a_whole_game_was_the_only_choice_of_an_open_step() -> None:
    for key, players in (("circus_train", 3), ("dreadful_circus", 5), ("wanderzirkus", 4), ("little_circuses", 7)):
        game = GAMES[key]
        state = game.new_game(list(NAMES[:players]), {}, 3)
        rng = Rng.from_seed(3)
        forced = 0
        while not game.is_over(state):
            before = state
            state, played = play_through(game, state)
            for move in played:
                assert move.reason == "forced" and move.seat in game.to_act(before)
                assert game.legal_actions(before, move.seat) == [move.action]
                assert not game.secret_step(before, move.seat)
                before, _ = game.apply(before, move.seat, move.action)
            forced += len(played)
            if game.is_over(state):
                break
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, game.auto_action(game.view(state, seat),
                                                                game.legal_actions(state, seat), rng))
        # Der Wanderzirkus skips a spender with nothing to buy and draws enough pairs for everyone: whole
        # games rarely force a move there (its position is built above).
        assert forced > 0 or key == "wanderzirkus", f"{key}: no forced move in a whole game"


# ----- chains end ---------------------------------------------------------------------------------------
@dataclasses.dataclass
class CountState:
    players: list[str]
    options: dict[str, OptionValue]
    left: int = 500


@dataclasses.dataclass(frozen=True)
class Step:
    kind: ClassVar[str] = "step"


class OneWay(Game[CountState, Step]):
    """A solo game in which every move is forced: the table must still hand control back."""

    key, name, min_players, max_players = "one_way", "One Way", 1, 1
    option_specs = ()
    state_type, action_types = CountState, (Step,)

    def setup(self, players: list[str], options: dict[str, OptionValue], rng: Rng) -> CountState:
        return CountState(players, options)

    def to_act(self, state: CountState) -> frozenset[int]:
        return frozenset({0}) if state.left else frozenset()

    def legal_actions(self, state: CountState, seat: int) -> list[Step]:
        return [Step()] if state.left and seat == 0 else []

    def resolve(self, state: CountState, seat: int, action: Step) -> list[Event]:
        state.left -= 1
        return [Event("stepped", {"left": state.left})]

    def secret_step(self, state: CountState, seat: int) -> bool:
        return False

    def explain_illegal(self, state: CountState, seat: int, action: Step) -> str:
        return "Step."

    def view(self, state: CountState, seat: int | None) -> dict[str, Any]:
        return {"left": state.left}

    def outcome(self, state: CountState) -> Outcome | None:
        return None if state.left else Outcome((0,), ((0,),))

    def describe_event(self, event: Event, players: Sequence[str]) -> str:
        return "A step."

    def describe_action(self, state: CountState, seat: int, action: Step) -> str:
        return "Step"

    def render_text(self, view: dict[str, Any]) -> str:
        return str(view)

    def prompt(self, state: CountState, seat: int) -> str:
        return "Step."

    def auto_action(self, view: dict[str, Any], legal: Sequence[Step], rng: Rng) -> Step:
        return legal[0]


def test_a_chain_of_forced_moves_is_bounded() -> None:
    game = OneWay()
    state = game.new_game(["Ann"], {}, 1)
    state, played = play_through(game, state)
    assert len(played) == MAX_FOLLOW_UPS and state.left == 500 - MAX_FOLLOW_UPS
    assert Game.secret_step(game, state, 0)  # the contract's default, for a game that does not refine it


# ----- standing answers ---------------------------------------------------------------------------------
def decision(key: str, name: str) -> StandingDecision:
    return next(d for d in GAMES[key].standing_decisions if d.key == name)


def test_every_game_declares_standing_answers_with_distinct_keys() -> None:
    for game in GAMES.values():
        assert game.standing_decisions, f"{game.name} declares no standing answers"
        keys = [d.key for d in game.standing_decisions]
        assert len(keys) == len(set(keys))
        for declared in game.standing_decisions:
            assert declared.label and declared.when.endswith(".") and declared.answers
            assert len({a.key for a in declared.answers}) == len(declared.answers)
            assert "ask" not in {a.key for a in declared.answers}  # the table's word for "ask me"


def released_talent() -> tuple[Any, Any, int, str, str]:
    """Circus Train: Cat (seat 2) releases a Clown she cannot pay; Bob (seat 1, to her right) places it."""
    game = ct.GAME
    state = ct.setup_game(3)
    near, far = "buffalo", "boston"  # one connection from Toronto, and five
    ct.clear_board(state, {near: CityNews(talent={"horses": 1}), far: CityNews(talent={"acrobats": 1}),
                           "chicago": CityNews(talent={"freaks": 1})})
    ct.reset_circus(state, 1, position="toronto")
    state.pending = Pending("place_released", 1, released={"clowns": 1}, releaser=2)
    return game, state, 1, near, far


@pytest.mark.parametrize("answer", ["near_me", "far_from_me"])
def test_circus_train_places_released_talent_as_answered(answer: str) -> None:
    game, state, chooser, near, far = released_talent()
    view = game.view(state, chooser)
    assert game.standing_decision(view) == "place_released"
    assert game.standing_decision(game.view(state, 0)) is None  # only the chooser faces it
    distances = distance_map(circus_content(), "toronto")
    expected = near if answer == "near_me" else far
    assert distances[near] == 1 and distances[far] == max(distances[c] for c in (near, far, "chicago"))
    after, played = play_through(game, state, {chooser: {"place_released": answer}})
    assert (played[0].seat, played[0].action, played[0].reason, played[0].decision) == (
        chooser, PlaceReleased(expected), "standing", "place_released")
    assert after.board[expected].talent.get("clowns") == 1
    # Without an answer (or for another seat's answer) the chooser is asked.
    assert play_through(game, state, {0: {"place_released": answer}}) == (state, [])


@pytest.mark.parametrize("answer", ["pass", "best"])
def test_circus_train_long_month_steal_as_answered(answer: str) -> None:
    game = ct.GAME
    state = ct.setup_game(3)
    ct.reset_circus(state, 1, talent={"clowns": 2, "elephants": 1}, vp=3)
    ct.reset_circus(state, 2, talent={"big_cats": 1, "acrobats": 2}, vp=9)
    state.pending = Pending("long_month_steal", 0)
    assert game.standing_decision(game.view(state, 0)) == "long_month_steal"
    legal = game.legal_actions(state, 0)
    chosen = game.standing_choice(game.view(state, 0), legal, "long_month_steal", answer)
    wage = {t.id: t.wage for t in circus_content().talent.values()}
    assert wage["elephants"] == wage["big_cats"] == max(wage.values())
    # The highest wage, from the player with the most Victory Points.
    assert chosen == (Pass() if answer == "pass" else LongMonthSteal(2, "big_cats"))
    _, played = play_through(game, state, {0: {"long_month_steal": answer}})
    assert played[0].action == chosen and played[0].reason == "standing"


@pytest.mark.parametrize(("answer", "accepted"), [("accept_first", 0), ("accept_good", 1)])
def test_dreadful_circus_seller_answers_bids_as_answered(answer: str, accepted: int) -> None:
    game = dc.GAME
    state, seller, bidders = dreadful_selling([{"copper": 1}, {"silver": 1, "gold": 1}, {"copper": 2}])
    assert game.standing_decision(game.view(state, seller)) == "sell"
    _, played = play_through(game, state, {seller: {"sell": answer}})
    expected = [Inspect(bidders[0]), Accept()] if accepted == 0 else \
        [Inspect(bidders[0]), Decline(), Inspect(bidders[1]), Accept()]
    assert [move.action for move in played[:len(expected)]] == expected
    assert all(move.reason == "standing" and move.seat == seller for move in played[:len(expected)])
    [accepted_bid] = [event.data for event in played[len(expected) - 1].events if event.kind == "bid_accepted"]
    assert accepted_bid["owner"] == bidders[accepted]


def test_dreadful_circus_seller_answer_uses_only_the_wagon_looked_into() -> None:
    """The answer never sees a wagon its Seller has not looked into: changing their hidden contents changes
    nothing until the Seller looks."""
    game = dc.GAME
    state, seller, bidders = dreadful_selling([{"copper": 1}, {"copper": 1}, {"copper": 1}])
    state, _ = game.apply(state, seller, Inspect(bidders[0]))
    richer = dc.GAME.state_from_json(game.state_to_json(state))
    for bidder in bidders[1:]:
        wagon = richer.seats[bidder].wagon
        assert wagon is not None
        wagon.coins = dc.coins(gold=3)
    assert game.view(state, seller) == game.view(richer, seller)
    for answer in ("accept_first", "accept_good"):
        legal = game.legal_actions(state, seller)
        assert game.standing_choice(game.view(state, seller), legal, "sell", answer) == \
            game.standing_choice(game.view(richer, seller), legal, "sell", answer)


@pytest.mark.parametrize(("card", "screen", "expected"), [
    ("Pickpocket Clowns", {"coins": dc.coins(silver=2, gold=1)}, LoadCoin("silver")),
    ("Pickpocket Clowns", {"coins": dc.coins(copper=1, gold=1)}, LoadCoin("copper")),
    ("Elastic Marcella", {"contracts": dc.contracts(paris=1, berlin=3)}, LoadContract("berlin")),
])
def test_dreadful_circus_loads_the_least_as_answered(card: str, screen: dict[str, Any], expected: Any) -> None:
    game = dc.GAME
    state = dc.started(4)
    loader = 1
    for field, value in screen.items():
        setattr(state.seats[loader], field, value)
    state.phase = "effect"
    state.tasks = [Task("load_keep" if card == "Pickpocket Clowns" else "load_take", seat=0, card=dc.cid(card),
                        loaders=[loader], started=True)]
    assert game.to_act(state) == {loader} and game.secret_step(state, loader)
    assert game.standing_decision(game.view(state, loader)) == "load_wagon"
    assert game.standing_decision(game.view(state, 0)) is None
    _, played = play_through(game, state, {loader: {"load_wagon": "least"}})
    assert (played[0].seat, played[0].action, played[0].reason) == (loader, expected, "standing")


@pytest.mark.parametrize("answer", ["keep", "swap_token"])
def test_wanderzirkus_spends_as_answered(answer: str) -> None:
    game = GAMES["wanderzirkus"]
    state = playout_until("wanderzirkus", 3, 2, lambda s: s.phase == "spend" and s.spend_step == "menu"
                          and s.circuses[s.current].coins >= 3 and not s.circuses[s.current].swap_token)
    seat = state.current
    assert game.standing_decision(game.view(state, seat)) == "spend"
    coins = state.circuses[seat].coins
    after, played = play_through(game, state, {seat: {"spend": answer}})
    mine = [move.action for move in played if move.seat == seat]
    # After the token, the turn passes at once, or (with coins left for more) the answer passes it.
    assert mine in ([[EndSpending()]] if answer == "keep" else [[BuySwapToken()], [BuySwapToken(), EndSpending()]])
    assert after.circuses[seat].swap_token == (answer == "swap_token")
    assert after.circuses[seat].coins == coins - (3 if answer == "swap_token" else 0)


def test_little_circuses_raises_funds_when_no_help_is_left_as_answered() -> None:
    game = GAMES["little_circuses"]
    state = lc.opened(4, seed=5)
    state.starting_pile = state.starting_pile[:2]
    order = list(state.order)
    for seat in range(4):
        lc.set_circus(state, seat, money=10)
    for seat in order[:3]:
        state, _ = game.apply(state, seat, HireHelp())
    last = order[3]
    view_before = game.view(state, last)
    assert game.standing_decision(view_before) is None  # a build choice, not yet the fallback
    state, _ = game.apply(state, last, HireHelp())
    stranded = [seat for seat in range(4) if state.circuses[seat].step == "fallback"]
    assert stranded and all(game.standing_decision(game.view(state, seat)) == "fallback" for seat in stranded)
    money = {seat: state.circuses[seat].money for seat in stranded}
    after, played = play_through(game, state, {seat: {"fallback": "funds"} for seat in stranded})
    assert [(move.seat, move.action, move.reason) for move in played[:len(stranded)]] == [
        (seat, RaiseFunds(), "standing") for seat in sorted(stranded)]
    assert all(after.circuses[seat].money == money[seat] + 2 for seat in stranded)


@pytest.mark.parametrize(("key", "players", "seed", "answers"), [
    ("circus_train", 3, 1, {"place_released": "near_me", "long_month_steal": "best"}),
    ("circus_train", 2, 3, {"place_released": "far_from_me", "long_month_steal": "pass"}),
    ("dreadful_circus", 4, 1, {"sell": "accept_first", "load_wagon": "least"}),
    ("dreadful_circus", 5, 2, {"sell": "accept_good", "load_wagon": "least"}),
    ("wanderzirkus", 3, 2, {"spend": "swap_token"}),
    ("wanderzirkus", 2, 1, {"spend": "keep"}),
])
def test_every_standing_answer_is_played_whenever_its_decision_comes(key: str, players: int, seed: int,
                                                                    answers: dict[str, str]) -> None:
    """A whole game in which every seat set these answers: each decision they answer is played for them the
    moment it comes (never asked), with the action the answer gives from the seat's own view."""
    game = GAMES[key]
    state = game.new_game(list(NAMES[:players]), {}, seed)
    everyone = {seat: answers for seat in range(players)}
    rng = Rng.from_seed(seed)
    answered: dict[str, int] = {}
    while not game.is_over(state):
        before = state
        state, played = play_through(game, state, everyone)
        for move in played:
            if move.reason == "standing":
                assert move.decision is not None
                view = game.view(before, move.seat)
                assert move.decision == game.standing_decision(view)
                assert move.action == game.standing_choice(view, game.legal_actions(before, move.seat),
                                                           move.decision, answers[move.decision])
                answered[move.decision] = answered.get(move.decision, 0) + 1
            before, _ = game.apply(before, move.seat, move.action)
        if game.is_over(state):
            break
        for seat in game.to_act(state):
            facing = game.standing_decision(game.view(state, seat))
            assert facing is None or game.standing_choice(game.view(state, seat), game.legal_actions(state, seat),
                                                          facing, answers[facing]) is None, (facing, seat)
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, game.auto_action(game.view(state, seat),
                                                            game.legal_actions(state, seat), rng))
    assert set(answered) == set(answers), answered
