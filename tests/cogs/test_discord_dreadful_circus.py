"""Dreadful Circus through Discord: the real bot and cogs against the local stand-in, driven as members
would drive them (slash commands with autocomplete, the private panel's buttons and menus).

The test reads the game's state from the table only to decide what each member does next, the way a
person looks at the board; every decision itself goes through Discord.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cogs.dreadful_circus import item_action, owner_and_card
from render.dreadful_circus import render_board
from rules.core.errors import MalformedAction
from rules.core.events import Event
from rules.dreadful_circus.actions import Accept, AddCoin, AddContract, Decline, Inspect, PlaceWagon
from table import compose

from discord_standin import Discord, standin
from discord_table import board, button, custom_ids, labels, open_game, take_turn

PLAYERS = ("alice", "bob", "carol", "dave")
WAIT = 10.0  # seconds: boards are drawn on every decision, and CI machines are shared
SECRET_WORDS = ("Your ", "wagon holds", "You chose", "You draw", "You receive", "You take")


async def new_game(d: Discord, options: dict[str, Any] | None = None) -> Any:
    return await open_game(d, PLAYERS, options, command="dreadful new")


async def table_of(d: Discord, thread: Any) -> Any:
    assert d.bot is not None
    cog: Any = d.bot.core  # type: ignore[union-attr,attr-defined,unused-ignore]
    return await cog.tables.table_in_context(d.guild.id, thread.id, d.user(PLAYERS[0]).id, None)


def member(d: Discord, table: Any, seat: int) -> str:
    return d.user(table.user_of(seat)).name


async def moved_on(d: Discord, table: Any, version: int) -> None:
    """Wait until the game has taken the action (its stored version grows) and the thread shows it, as a
    player reads the board before the next decision."""
    assert d.bot is not None
    core = d.bot.core  # type: ignore[attr-defined]
    deadline = asyncio.get_running_loop().time() + WAIT
    while (await core.store.get_game(table.id)).version <= version:
        d.raise_errors()
        assert asyncio.get_running_loop().time() < deadline, "the action was not applied"
        await asyncio.sleep(0.005)
    await asyncio.wait_for(core.publisher.idle(), WAIT)


def pick(table: Any, seat: int, declined: list[int]) -> Any:
    """What the test's member does: bid 1 Copper (else the first coin or Contract) and place it; a
    Seller declines the first wagon they inspect in the first round they sell with two wagons or more,
    and accepts otherwise; any other decision takes the first choice."""
    legal = table.game.legal_actions(table.state, seat)
    state = table.state
    if state.phase == "bid":
        wagon = state.seats[seat].wagon
        if wagon.empty():
            adds = [a for a in legal if isinstance(a, AddCoin | AddContract)]
            if adds:
                return next((a for a in adds if a == AddCoin("copper")), adds[0])
        return next((a for a in legal if isinstance(a, PlaceWagon)), legal[0])
    if state.phase == "sell":
        offer = state.offers[state.selling]
        if offer.inspecting is None:
            return next(a for a in legal if isinstance(a, Inspect))
        wagons = [s for s, other in enumerate(state.seats) if other.wagon is not None and other.wagon.placed
                  and other.wagon.offer == state.selling and s not in offer.declined]
        if not declined and len(wagons) > 1:
            declined.append(offer.inspecting)
            return Decline()
        return Accept()
    return legal[0]


async def by_panel(d: Discord, thread: Any, user: str, label: str) -> None:
    """Press Take your turn, then the choice with this label (a button, or an entry of a menu)."""
    panel = await take_turn(d, user, thread)
    message = panel.message
    assert message is not None
    ids, names = custom_ids(message), labels(message)
    if any(cid.startswith("rm:pick:") for cid in ids):
        for row in message.components:
            for component in row.get("components", []):
                for option in component.get("options", []):
                    if option["label"] == label[:100]:
                        await (await d.select(user, message, component["custom_id"], [option["value"]])).answer()
                        return
        raise AssertionError(f"{label!r} is not in the menus of {message.content!r}")
    assert label[:80] in names, f"{label!r} is not among {names}"
    await (await d.click(user, message, ids[names.index(label[:80])])).answer()


async def by_command(d: Discord, thread: Any, user: str, action: Any) -> Any:
    """The typed alternative: the /dreadful command for this decision, its option taken from autocomplete."""
    kind = action.kind
    if kind in ("add_coin", "add_contract"):
        choices = await d.autocomplete(user, thread, "dreadful bid add", {}, focused="item")
        value = f"coin:{action.coin}" if kind == "add_coin" else f"contract:{action.contract}"
        assert value in [c["value"] for c in choices]
        return await d.slash(user, thread, "dreadful bid add", {"item": value})
    if kind == "place_wagon":
        choices = await d.autocomplete(user, thread, "dreadful bid place", {}, focused="offer")
        assert str(action.offer) in [c["value"] for c in choices]
        return await d.slash(user, thread, "dreadful bid place", {"offer": str(action.offer)})
    if kind == "inspect":
        choices = await d.autocomplete(user, thread, "dreadful inspect", {}, focused="wagon")
        assert str(action.owner) in [c["value"] for c in choices]
        return await d.slash(user, thread, "dreadful inspect", {"wagon": str(action.owner)})
    return await d.slash(user, thread, f"dreadful {kind}", {})


def thread_texts(d: Discord, thread: Any) -> list[str]:
    """Every text the thread ever showed, edits included."""
    texts = []
    for message in d.messages_in(thread):
        texts.append(message.content)
        texts += [str(version.get("content", "")) for version in message.versions]
    return texts


def unmarked(line: str) -> str:
    """A board line without the mark of a move the table played for a seat ("🤖 only choice: ") or the count
    of an event said once for several ("(twice)")."""
    line = compose.without_count(line)
    for mark in compose.AUTOMATIC_MARKS.values():
        if line.startswith(mark):
            return line[len(mark):]
    return line


async def test_a_four_player_game_is_played_to_its_end_with_a_declined_bid(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        thread = await new_game(d)
        declined: list[int] = []
        secrets_seen: list[str] = []
        restarted = False
        for _ in range(600):
            table = await table_of(d, thread)
            if table.game.is_over(table.state):
                break
            seat = min(table.game.to_act(table.state))
            user = member(d, table, seat)
            action = pick(table, seat, declined)
            label = table.game.describe_action(table.state, seat, action)
            version = table.record.version
            typed = ("add_coin", "add_contract", "place_wagon", "inspect", "accept", "decline")
            if action.kind in typed and table.state.round <= 2:  # the first rounds by commands, then the panel
                handle = await by_command(d, thread, user, action)
                reply = await handle.settled(WAIT)
                assert reply.ephemeral
                secrets_seen.append(reply.content)
            else:
                await by_panel(d, thread, user, label)
            await moved_on(d, table, version)
            if table.state.round == 3 and not restarted:
                await d.restart_bot()  # mid-game: the next decisions go on through the new bot
                restarted = True
        table = await table_of(d, thread)
        assert table.game.is_over(table.state) and restarted and declined
        await d.wait_for(lambda: "Final scores" in board(d, thread).content or None, timeout=WAIT)
        final = board(d, thread)
        assert "Winner" in final.content and not any(c.startswith("rm:turn:") for c in custom_ids(final))
        [png] = d.png_attachments(final)
        assert png.data == render_board(table.game.view(table.state, None))  # the spectator's picture
        texts = "\n".join(thread_texts(d, thread))
        assert " offers " in texts and "places a wagon next to Offer 1" in texts
        assert "declines" in texts and "accepts" in texts
        # The bidders and the Seller saw the secrets privately …
        assert any("Your wagon (" in text and "Copper" in text for text in secrets_seen)
        assert any("Your look into" in text for text in secrets_seen)
        # … and the thread never did: no wagon content, hand, screen or private event.
        for word in SECRET_WORDS:
            assert word not in texts, word
        cog: Any = d.bot.core  # type: ignore[union-attr,attr-defined,unused-ignore]
        public: set[str] = set()
        private: set[str] = set()
        for logged in await cog.tables.store.actions(table.id):
            for raw in logged.events:
                event = Event.from_json(raw)
                (public if event.private_to is None else private).add(table.game.describe_event(event, table.names))
        for sentence in private - public:
            assert sentence not in texts, sentence
        # Every line the thread told as news is a public event's sentence (marked when the table played the
        # move for its seat: a forced move): nothing else is ever reported.
        told = {unmarked(line[2:]) for text in thread_texts(d, thread) for line in text.split("\n")
                if line.startswith("• ") and not line.startswith("• …")}  # "…": older news cut for length
        assert told <= public, told - public


async def test_lobby_takes_the_draft_option_and_the_first_decisions_are_private(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        thread = await new_game(d, {"draft": True})
        lobby = d.messages_in("games")[0]
        assert "Options: draft." in lobby.content
        first = board(d, thread)
        assert d.png_attachments(first) and "drafting a card" in first.content
        table = await table_of(d, thread)
        cards = await d.autocomplete("alice", thread, "dreadful draft", {}, focused="card")
        packet = {card for card in table.state.seats[0].packet}
        assert cards and {c["value"] for c in cards} <= packet
        picked = await d.slash("alice", thread, "dreadful draft", {"card": cards[0]["value"]})
        answer = await picked.settled(WAIT)
        assert answer.ephemeral
        mine = await d.click("bob", board(d, thread), button(board(d, thread), "rm:hand:"))
        private = await mine.settled(WAIT)
        assert private.ephemeral and "Your draft packet:" in private.content and d.png_attachments(private)
        screen = await (await d.slash("carol", thread, "dreadful screen", {})).settled(WAIT)
        assert screen.ephemeral and "Your screen: " in screen.content and d.png_attachments(screen)
        kept = cards[0]["name"].removeprefix("Keep ")
        await d.wait_for(lambda: any("alice has made a secret choice" in t for t in thread_texts(d, thread)) or None,
                         timeout=WAIT)
        for text in thread_texts(d, thread):
            assert kept not in text and "Your " not in text


async def _to_selling(d: Discord, thread: Any) -> Any:
    """Play set-up, the Offer and every bid (1 coin each) through commands; returns the table."""
    declined: list[int] = [0]  # the Seller accepts: this helper stops before selling anyway
    for _ in range(60):
        table = await table_of(d, thread)
        if table.state.phase == "sell":
            return table
        seat = min(table.game.to_act(table.state))
        action = pick(table, seat, declined)
        version = table.record.version
        if action.kind in ("add_coin", "add_contract", "place_wagon"):
            await (await by_command(d, thread, member(d, table, seat), action)).settled(WAIT)
        elif action.kind == "place_attraction":  # typed by name, as a member might
            name = table.game.describe_action(table.state, seat, action).removeprefix("Place ").split(" in your")[0]
            typed = await d.slash(member(d, table, seat), thread, "dreadful attraction", {"card": name.lower()})
            await typed.settled(WAIT)
        else:
            await by_panel(d, thread, member(d, table, seat), table.game.describe_action(table.state, seat, action))
        await moved_on(d, table, version)
    raise AssertionError("the first round never reached its selling")


async def test_refusals_are_private_sentences_and_change_nothing(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        thread = await new_game(d)
        table = await table_of(d, thread)
        mover = member(d, table, min(table.game.to_act(table.state)))
        # Not seated, malformed, and an Attraction that is not in one's hand.
        stranger = await (await d.slash("mia", thread, "dreadful offer", {"card": "c01"})).settled(WAIT)
        assert stranger.ephemeral and stranger.content == "You are not seated in this game."
        odd = await (await d.slash(mover, thread, "dreadful inspect", {"wagon": "the red one"})).settled(WAIT)
        assert odd.ephemeral and "Pick one of the offered wagons" in odd.content
        junk = await (await d.slash(mover, thread, "dreadful bid add", {"item": "banana"})).settled(WAIT)
        assert junk.ephemeral and "Name a coin" in junk.content
        choice = await (await d.slash(mover, thread, "dreadful choose", {"option": "soon"})).answer()
        assert choice.ephemeral and "Pick one of the offered choices" in choice.content
        await d.post("bob", thread, "Whoever sells to me will not regret it: my wagon is heavy tonight.")
        table = await _to_selling(d, thread)
        seller = member(d, table, table.state.offers[0].seller)
        bidder = next(p for p in PLAYERS if p != seller)
        version = table.record.version
        wrong = await (await d.slash(bidder, thread, "dreadful accept", {})).settled(WAIT)
        assert wrong.ephemeral and wrong.content.startswith("It is not your turn")
        early = await (await d.slash(seller, thread, "dreadful accept", {})).settled(WAIT)
        assert early.ephemeral and early.content == "Choose a wagon to look into first."
        assert (await table_of(d, thread)).record.version == version
        # The Seller opens the panel, then inspects by command: the panel's old choice is out of date.
        panel = await take_turn(d, seller, thread)
        owners = await d.autocomplete(seller, thread, "dreadful inspect", {}, focused="wagon")
        assert len(owners) == 3 and all(c["name"].startswith("Look into") for c in owners)
        look = await (await d.slash(seller, thread, "dreadful inspect", {"wagon": owners[0]["value"]})).settled(WAIT)
        assert look.ephemeral and "Your look into" in look.content and d.png_attachments(look)
        assert "Accept this bid" in labels(look) and "Decline this bid" in labels(look)
        assert panel.message is not None
        stale = await d.click(seller, panel.message, custom_ids(panel.message)[0])
        await stale.answer()
        await d.wait_for(lambda: stale.followups or None, timeout=WAIT)
        assert "out of date" in stale.followups[-1].content
        again = await (await d.slash(seller, thread, "dreadful inspect", {"wagon": owners[1]["value"]})).settled(WAIT)
        assert again.ephemeral and "Accept or decline the wagon you are looking into first." in again.content
        # Declining by the private panel's button: the thread says so, never what was inside.
        assert not any("declines" in t for t in thread_texts(d, thread))
        decline = next(cid for cid, label in zip(custom_ids(look), labels(look), strict=True)
                       if label == "Decline this bid")
        await (await d.click(seller, look, decline)).answer()
        await d.wait_for(lambda: any("declines" in t for t in thread_texts(d, thread)) or None, timeout=WAIT)
        for text in thread_texts(d, thread):
            for word in SECRET_WORDS:
                assert word not in text


def test_typed_coins_and_contracts_are_understood_and_nonsense_is_refused() -> None:
    assert item_action("coin:gold", AddCoin, AddContract) == AddCoin("gold")
    assert item_action("Gold coin", AddCoin, AddContract) == AddCoin("gold")
    assert item_action("contract:paris", AddCoin, AddContract) == AddContract("paris")
    assert item_action(" London ", AddCoin, AddContract) == AddContract("london")
    with pytest.raises(MalformedAction, match="Name a coin"):
        item_action("a pony", AddCoin, AddContract)
    assert owner_and_card("2:c05") == (2, "c05")
    with pytest.raises(MalformedAction, match="Pick one of the offered cards"):
        owner_and_card("Bo's Frosty Cones")
