"""What a Dreadful Circus player types in their own language: a coin or Contract named in German means the
same thing as in English, and the refusal for anything else comes in the reader's language."""

from __future__ import annotations

import pytest

from cogs.dreadful_circus import item_action, seat_number
from lang import speaking
from lang.pseudo import ENGLISH_LEFT
from rules.core.errors import MalformedAction
from rules.dreadful_circus import actions as dc


def test_german_names_of_coins_and_contracts_are_understood() -> None:
    with speaking("de"):
        assert item_action("Kupfer", dc.AddCoin, dc.AddContract) == dc.AddCoin("copper")
        assert item_action("prag", dc.AddCoin, dc.AddContract) == dc.AddContract("prague")
        assert item_action("Gold", dc.LoadCoin, dc.LoadContract) == dc.LoadCoin("gold")
    # English names keep working, whatever the reader's language.
    assert item_action("Prague", dc.AddCoin, dc.AddContract) == dc.AddContract("prague")
    with speaking("de"):
        assert item_action("Silver coin", dc.TakeCoin, dc.TakeContract) == dc.TakeCoin("silver")


def test_refusals_of_typed_words_come_in_the_readers_language() -> None:
    with speaking("de"), pytest.raises(MalformedAction) as refused:
        item_action("Zinn", dc.AddCoin, dc.AddContract)
    assert str(refused.value).startswith("Nenne eine Münze (Kupfer, Silber, Gold)")
    with speaking("qps"), pytest.raises(MalformedAction) as refused:
        seat_number("zwei")
    assert not ENGLISH_LEFT.search(str(refused.value))
