"""``python -m db migrate-to postgresql://… [--from PATH]``: move a SQLite game database to PostgreSQL.

The command lives in :mod:`table.migrate`: verifying the copy replays every game with its rules, which the
store itself never knows. This entry point is the one place under ``db`` that reaches up to the table."""

import sys

from table.migrate import main

sys.exit(main())
