"""``python -m db backup PATH`` / ``restore PATH`` / ``check`` / ``migrate-to postgresql://… [--from PATH]``.

The commands live in :mod:`table.migrate`: checking that games replay (after a move or on its own) needs
their rules, which the store itself never knows; the copying is the store's (:mod:`db.copying`,
:mod:`db.backup`). This entry point is the one place under ``db`` that reaches up to the table."""

import sys

from table.migrate import main

sys.exit(main())
