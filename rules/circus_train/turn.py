"""Carrying out a legal decision: cards, movement, performing, hiring, stealing, wages."""

from __future__ import annotations

from rules.circus_train import board, flow, modifiers, scoring, wages
from rules.circus_train.actions import (
    Action,
    BuyFailed,
    BuyTalent,
    ChooseStart,
    CircusParade,
    DeclineBuy,
    EddieReplay,
    LongMonthSteal,
    Pass,
    PayWages,
    Perform,
    PickTalent,
    PlaceReleased,
    PlayCard,
    PocketWages,
    Recruit,
    Release,
    ReplayCard,
    RestBonus,
    SamReputation,
    StayPut,
    Steal,
    StopHiring,
    Travel,
    TryHire,
)
from rules.circus_train.calendar import week
from rules.circus_train.content import distance_map, load_content
from rules.circus_train.legal import (
    BUY_AFTER_FAILURE,
    CARD_MOVES,
    CARD_THEN,
    PARADE_COST,
    bank_price,
    hire_options,
    legal_actions,
    movement_allowance,
)
from rules.circus_train.state import CANADA, REPUTATION_TRACK, Circus, CircusTrainState, Pending
from rules.core.events import Event
from rules.core.rng import Rng


class Turn:
    """Resolves one legal action on a state in place, appending to ``log``."""

    def __init__(self, state: CircusTrainState, seat: int, log: list[Event]) -> None:
        assert state.pending is not None
        self.state = state
        self.seat = seat
        self.pending: Pending = state.pending
        self.circus: Circus = state.circuses[seat]
        self.log = log
        self.rng = Rng(state.rng)

    def run(self, action: Action) -> None:
        handler = getattr(self, f"do_{action.kind}")
        handler(action)
        self.state.rng = self.rng.state

    def emit(self, kind: str, **data: object) -> None:
        self.log.append(Event(kind, {"seat": self.seat, **data}))

    def roll(self) -> int:
        return self.rng.die()

    # ----- set-up -----------------------------------------------------------------------------------
    def do_pick_talent(self, action: PickTalent) -> None:
        self.state.talent_bank[action.talent] -= 1
        self.circus.talent[action.talent] = self.circus.talent.get(action.talent, 0) + 1
        self.pending.picks -= 1
        self.emit("talent_picked", talent=action.talent)
        flow.after_pick(self.state, self.rng, self.log)

    def do_choose_start(self, action: ChooseStart) -> None:
        self.circus.position = action.city
        self.emit("start_city", city=action.city)
        flow.after_start(self.state, self.rng, self.log)

    # ----- choosing the turn's action ------------------------------------------------------------------
    def do_play_card(self, action: PlayCard) -> None:
        self.circus.hand.remove(action.card)
        self.circus.discards.append(action.card)
        self.emit("card_played", card=action.card)
        if not self.circus.hand:
            refill(self.state, self.seat, self.log)
        self.begin_card(action.card)

    def do_replay_card(self, action: ReplayCard) -> None:
        if week(self.state.week).early or modifiers.solitaire(self.state):
            self.circus.reputation += 2
            self.emit("card_replayed", card=action.card, reputation=self.circus.reputation)
        else:
            scoring.gain_vp(self.state, self.seat, -4)
            self.emit("card_replayed", card=action.card, vp=4)
        self.begin_card(action.card)

    def do_eddie_replay(self, action: EddieReplay) -> None:
        self.send_to_special_bank("engineer_eddie")
        self.emit("eddie_replay", card=action.card)
        self.begin_card(action.card)

    def do_pocket_wages(self, action: PocketWages) -> None:
        self.circus.money += action.amount
        self.circus.reputation += action.amount // 5
        self.emit("pocketed", amount=action.amount, level=self.circus.reputation)
        self.end_turn()

    def do_sam_reputation(self, action: SamReputation) -> None:
        self.send_to_special_bank("smuggler_sam")
        self.circus.reputation -= 1
        self.emit("sam_reputation", level=self.circus.reputation)

    def begin_card(self, card: str) -> None:
        seat = self.seat
        if card in CARD_MOVES:
            self.state.pending = Pending("move", seat, card=card, moves=movement_allowance(self.state, seat, card),
                                         then=CARD_THEN[card])
        elif card == "basic_transit":
            self.state.pending = Pending("basic", seat, card=card, moves=movement_allowance(self.state, seat, card))
        elif card == "hold":
            self.state.pending = Pending("act", seat, card=card)
            self.skip_if_nothing_to_do()
        else:  # rest
            if self.circus.position in CANADA and self.state.week > 0:
                self.state.pending = Pending("rest_bonus", seat, card=card)
            else:
                self.end_turn()

    # ----- movement --------------------------------------------------------------------------------------
    def do_travel(self, action: Travel) -> None:
        origin = self.circus.position
        assert origin is not None
        distance = distance_map(load_content(), origin)[action.city] or 2  # 0 means out and back
        self.circus.position = action.city
        self.emit("moved", origin=origin, city=action.city, connections=distance)
        self.arrive()

    def do_stay_put(self, action: StayPut) -> None:
        self.emit("stayed", city=self.circus.position)
        self.proceed(self.pending.then)

    def arrive(self) -> None:
        city = self.circus.position
        assert city is not None
        news = board.city(self.state, city)
        if news.counter is not None:
            counter = load_content().counters[news.counter]
            if counter.kind == "points":
                scoring.gain_vp(self.state, self.seat, counter.points)
                self.state.board[city].counter = None
                board.tidy(self.state, city)
                self.emit("points_scored", city=city, vp=counter.points)
        then = "" if self.pending.kind == "basic" else self.pending.then
        if news.specials:
            self.state.pending = Pending("recruit", self.seat, card=self.pending.card, then=then)
            return
        self.proceed(then)

    def proceed(self, then: str) -> None:
        """After the (optional) move: the card's second half, if any."""
        seat, card = self.seat, self.pending.card
        if then == "act":
            self.state.pending = Pending("act", seat, card=card)
            self.skip_if_nothing_to_do()
        elif then == "special_hire":
            self.state.pending = Pending("special_hire", seat, card=card)
            self.skip_if_nothing_to_do()
        elif then == "wages":
            self.start_wages()
        else:
            self.end_turn()

    def skip_if_nothing_to_do(self) -> None:
        if legal_actions(self.state, self.seat) == [Pass()]:
            self.emit("nothing_to_do", card=self.pending.card)
            self.end_turn()

    def do_recruit(self, action: Recruit) -> None:
        city = self.circus.position
        assert city is not None
        news = self.state.board[city]
        special = news.specials[0]
        roll = self.roll()
        success = roll <= modifiers.recruit_range(self.state, self.circus)
        self.emit("recruit_roll", special=special, roll=roll, success=success)
        if success:
            news.specials.remove(special)
            board.tidy(self.state, city)
            self.circus.specials.append(special)
        self.proceed(self.pending.then)

    # ----- performing ---------------------------------------------------------------------------------
    def do_perform(self, action: Perform) -> None:
        state, circus = self.state, self.circus
        city = circus.position
        assert city is not None
        counter_id = state.board[city].counter
        assert counter_id is not None
        counter = load_content().counters[counter_id]
        if counter.two_week and not (circus.two_week_city == city and circus.two_week_ready):
            if circus.two_week_city is not None:
                self.emit("two_week_abandoned", city=circus.two_week_city)
            circus.two_week_city, circus.two_week_ready = city, False
            self.emit("two_week_started", city=city, counter=counter_id)
            self.end_turn()
            return
        if circus.two_week_city not in (None, city):
            self.emit("two_week_abandoned", city=circus.two_week_city)
        circus.two_week_city, circus.two_week_ready = None, False
        rating = scoring.rating(state, circus, counter_id)
        total = rating.total
        state.board[city].counter = None
        board.tidy(state, city)
        circus.performances.append(counter_id)
        if week(state.week).month == 0:
            circus.performed_in_april = True
        new_best = False
        if modifiers.solitaire(state):
            money = total
        else:
            money = max(0, load_content().seasons[counter.season].money
                        + modifiers.delta(state, "performance_money_delta"))
            if total > circus.best:
                new_best = True
                circus.best = total
                money += 10
        circus.money += money
        self.emit("performed", city=city, counter=counter_id, rating=total, base=rating.base,
                  talent=rating.talent, famous=list(rating.famous), past=rating.past, bonus=rating.bonus,
                  ronald=rating.ronald, money=money, new_best=new_best)
        self.end_turn()

    # ----- hiring ----------------------------------------------------------------------------------------
    def do_try_hire(self, action: TryHire) -> None:
        city = self.circus.position
        assert city is not None
        failed = dict(self.pending.failed)
        self.state.pending = Pending("hire", self.seat, card=self.pending.card, failed=failed)
        if action.smuggle:
            self.send_to_special_bank("smuggler_sam")
            self.take_from_city(city, action.talent)
            self.emit("smuggled", talent=action.talent, city=city)
            self.next_hire_step()
            return
        roll = self.roll()
        success = roll <= modifiers.hire_range(self.state, self.circus)
        self.emit("hire_roll", talent=action.talent, city=city, roll=roll, success=success)
        if success:
            self.take_from_city(city, action.talent)
            self.next_hire_step()
        else:
            self.state.pending = Pending("hire_failed", self.seat, card=self.pending.card, failed=failed,
                                         failed_talent=action.talent)

    def do_buy_failed(self, action: BuyFailed) -> None:
        talent = self.pending.failed_talent
        city = self.circus.position
        assert talent is not None and city is not None
        self.circus.money -= BUY_AFTER_FAILURE
        self.take_from_city(city, talent)
        self.emit("bought_failed", talent=talent, price=BUY_AFTER_FAILURE)
        self.state.pending = Pending("hire", self.seat, card=self.pending.card, failed=dict(self.pending.failed))
        self.next_hire_step()

    def do_decline_buy(self, action: DeclineBuy) -> None:
        talent = self.pending.failed_talent
        assert talent is not None
        failed = dict(self.pending.failed)
        failed[talent] = failed.get(talent, 0) + 1
        self.state.pending = Pending("hire", self.seat, card=self.pending.card, failed=failed)
        self.next_hire_step()

    def do_stop_hiring(self, action: StopHiring) -> None:
        self.end_turn()

    def next_hire_step(self) -> None:
        """Go on rolling for the counters still untried in the city, or end the turn."""
        self.pending = self.state.pending or self.pending
        if not hire_options(self.state, self.seat, self.pending.failed):
            self.end_turn()

    def take_from_city(self, city: str, talent: str) -> None:
        news = self.state.board[city]
        news.talent[talent] -= 1
        board.tidy(self.state, city)
        self.circus.talent[talent] = self.circus.talent.get(talent, 0) + 1

    # ----- Special Hire ---------------------------------------------------------------------------------
    def do_steal(self, action: Steal) -> None:
        victim = self.state.circuses[action.target]
        penalty = 1 if modifiers.advanced(self.state) and (
            REPUTATION_TRACK[victim.reputation] > REPUTATION_TRACK[self.circus.reputation]) else 0
        stolen = 0
        for name in action.talents:
            roll = self.roll()
            success = roll + penalty <= modifiers.steal_range(self.state, self.circus)
            self.emit("steal_roll", target=action.target, talent=name, roll=roll, modifier=penalty,
                      success=success)
            if success:
                move_counter(victim, self.circus, name)
                stolen += 1
        if stolen and "overnight_hire" in victim.hand:
            victim.hand.remove("overnight_hire")
            victim.discards.append("overnight_hire")
            self.log.append(Event("overnight_hire_discarded", {"seat": action.target}))
            if not victim.hand:
                refill(self.state, action.target, self.log)
        self.end_turn()

    def do_buy_talent(self, action: BuyTalent) -> None:
        price = bank_price(self.state)
        self.circus.money -= price
        if action.talent in self.state.talent_bank:
            self.state.talent_bank[action.talent] -= 1
            self.circus.talent[action.talent] = self.circus.talent.get(action.talent, 0) + 1
        else:
            self.state.special_bank.remove(action.talent)
            self.circus.specials.append(action.talent)
        self.emit("bought_from_bank", talent=action.talent, price=price)
        self.end_turn()

    # ----- advanced-game extras -------------------------------------------------------------------------
    def do_circus_parade(self, action: CircusParade) -> None:
        self.circus.money -= PARADE_COST
        if action.reward == "reputation":
            self.circus.reputation -= 1
        else:
            scoring.gain_vp(self.state, self.seat, 2)
        self.emit("parade", reward=action.reward, level=self.circus.reputation)
        self.end_turn()

    def do_rest_bonus(self, action: RestBonus) -> None:
        if action.choice == "reputation":
            self.circus.reputation -= 1
        else:
            self.state.talent_bank[action.choice] -= 1
            self.circus.talent[action.choice] = self.circus.talent.get(action.choice, 0) + 1
        self.emit("rest_bonus", choice=action.choice, level=self.circus.reputation)
        self.end_turn()

    # ----- wages ----------------------------------------------------------------------------------------
    def start_wages(self) -> None:
        self.state.pending = Pending("wages", self.seat, card=self.pending.card)
        self.pending = self.state.pending
        if wages.needs_no_choice(self.state):
            wages.pay(self.state, self.log)
            self.finish_wages()

    def do_release(self, action: Release) -> None:
        wages.release(self.state, action.talent, self.log)
        if wages.needs_no_choice(self.state):
            wages.pay(self.state, self.log)
            self.finish_wages()

    def do_pay_wages(self, action: PayWages) -> None:
        wages.pay(self.state, self.log)
        self.finish_wages()

    def finish_wages(self) -> None:
        pending = self.pending
        released = pending.released
        if pending.final or modifiers.advanced(self.state) or not released:
            for talent, count in released.items():
                self.state.talent_bank[talent] += count
            if released:
                self.emit("released_to_bank", talent=dict(released))
            if pending.final:
                flow.end_game(self.state, self.log)
            else:
                self.end_turn()
            return
        cities = board.talent_cities(self.state)
        if len(cities) > 1:
            chooser = (self.seat - 1) % len(self.state.players)  # the player to the right
            self.state.pending = Pending("place_released", chooser, released=dict(released), releaser=self.seat)
            return
        if cities:
            self.place_released(cities[0], released, self.seat)
        else:
            for talent, count in released.items():
                self.state.talent_bank[talent] += count
            self.emit("released_to_bank", talent=dict(released))
        self.end_turn()

    def do_place_released(self, action: PlaceReleased) -> None:
        self.place_released(action.city, self.pending.released, self.pending.releaser)
        self.end_turn()

    def place_released(self, city: str, released: dict[str, int], releaser: int) -> None:
        news = self.state.board[city]
        for talent, count in released.items():
            news.talent[talent] = news.talent.get(talent, 0) + count
        self.log.append(Event("released_placed", {"seat": releaser, "city": city, "talent": dict(released),
                                                  "chooser": self.seat}))

    # ----- month end --------------------------------------------------------------------------------------
    def do_long_month_steal(self, action: LongMonthSteal) -> None:
        move_counter(self.state.circuses[action.target], self.circus, action.talent)
        self.emit("long_month_steal", target=action.target, talent=action.talent)
        flow.finish_month(self.state, self.rng, self.log)

    def do_pass(self, action: Pass) -> None:
        kind = self.pending.kind
        self.emit("passed", step=kind)
        if kind == "recruit":
            self.proceed(self.pending.then)
        elif kind == "long_month_steal":
            flow.finish_month(self.state, self.rng, self.log)
        else:
            self.end_turn()

    # ----- shared -------------------------------------------------------------------------------------------
    def send_to_special_bank(self, special: str) -> None:
        self.circus.specials.remove(special)
        self.state.special_bank.append(special)

    def end_turn(self) -> None:
        flow.end_turn(self.state, self.rng, self.log)


def refill(state: CircusTrainState, seat: int, log: list[Event]) -> None:
    """After the last card of a hand is played, the discards become the new hand."""
    circus = state.circuses[seat]
    circus.hand, circus.discards = circus.discards, []
    circus.refilled_week = state.week
    log.append(Event("hand_refilled", {"seat": seat, "cards": len(circus.hand)}))


def move_counter(source: Circus, dest: Circus, name: str) -> None:
    """Move one talent counter (by type) or a Special Character between circuses."""
    if name in source.specials:
        source.specials.remove(name)
        dest.specials.append(name)
        return
    source.talent[name] -= 1
    if source.talent[name] == 0:
        del source.talent[name]
    dest.talent[name] = dest.talent.get(name, 0) + 1


def resolve(state: CircusTrainState, seat: int, action: Action) -> list[Event]:
    log: list[Event] = []
    Turn(state, seat, log).run(action)
    return log

