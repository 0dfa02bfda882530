"""``python -m lang extract | update CODE | check CODE``: the catalogue's upkeep (lang/catalogue.py)."""

from __future__ import annotations

import sys

from lang.catalogue import extract, merge, problems, update, write
from lang.speech import CATALOGUES


def main(argv: list[str]) -> int:
    if argv[:1] == ["extract"]:
        catalog = extract()
        write(catalog, CATALOGUES / "messages.pot")
        print(f"{len(catalog)} messages written to {CATALOGUES / 'messages.pot'}")
        return 0
    if len(argv) == 2 and argv[0] == "update":
        left = update(argv[1])
        print(f"{argv[1]}: {left} messages to translate")
        return 0
    if len(argv) == 2 and argv[0] == "merge":
        print(f"{argv[1]}: merged into {merge(argv[1])}")
        return 0
    if len(argv) == 2 and argv[0] == "check":
        found = problems(argv[1])
        for problem in found:
            print(problem)
        print(f"{argv[1]}: {len(found)} problems")
        return 1 if found else 0
    print("usage: python -m lang extract | update CODE | merge CODE | check CODE", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
