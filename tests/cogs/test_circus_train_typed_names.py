"""Names a Circus Train player types into a slash command, in English or in German, find the city or talent."""

from __future__ import annotations

from cogs.circus_train import _city_id, _talent_id
from lang import speaking


def test_typed_names_in_either_language_find_their_ids() -> None:
    assert _city_id("St. Louis") == "st_louis" and _city_id("st_louis") == "st_louis"
    assert _talent_id("Horses") == "horses" and _talent_id("Horse") == "horses" and _talent_id("Ho") == "horses"
    assert _talent_id("Pferd") == "horses" and _talent_id("pferde") == "horses" and _talent_id("RK") == "big_cats"
    assert _talent_id("Dicke Berta") == "big_bertha" and _talent_id("Big Bertha") == "big_bertha"
    with speaking("de"):
        assert _talent_id("Elefanten") == "elephants" and _talent_id("Human Cannonball") == "cannonballs"
    assert _talent_id("unicorns") == "unicorns"
