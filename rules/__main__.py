"""``python -m rules``: the terminal front end (see rules.cli)."""

from rules.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
