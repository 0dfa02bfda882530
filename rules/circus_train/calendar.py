"""The circus season: 27 weeks from April to September, three two-month seasons."""

from __future__ import annotations

from dataclasses import dataclass

MONTHS = ("April", "May", "June", "July", "August", "September")
WEEKS_IN_MONTH = (4, 5, 4, 5, 5, 4)
SEASON_OF_MONTH = ("green", "green", "yellow", "yellow", "red", "red")
CITIES_REQUIRED = {"green": 8, "yellow": 10, "red": 12}
BANK_PRICE = {"green": 5, "yellow": 10, "red": 20}
TOTAL_WEEKS = sum(WEEKS_IN_MONTH)


@dataclass(frozen=True)
class Week:
    index: int  # 0 .. 26
    month: int  # 0 = April .. 5 = September
    week_of_month: int  # 1-based

    @property
    def month_name(self) -> str:
        return MONTHS[self.month]

    @property
    def season(self) -> str:
        return SEASON_OF_MONTH[self.month]

    @property
    def last_of_month(self) -> bool:
        return self.week_of_month == WEEKS_IN_MONTH[self.month]

    @property
    def long_month(self) -> bool:
        return WEEKS_IN_MONTH[self.month] == 5

    @property
    def last_of_season(self) -> bool:
        return self.last_of_month and self.month % 2 == 1

    @property
    def early(self) -> bool:
        """April to July, when the advanced game's costs are paid in Reputation."""
        return self.month < 4

    def label(self) -> str:
        return f"{self.month_name}, week {self.week_of_month}"


def week(index: int) -> Week:
    remaining = index
    for month, length in enumerate(WEEKS_IN_MONTH):
        if remaining < length:
            return Week(index, month, remaining + 1)
        remaining -= length
    raise ValueError(f"week {index} is past September")
