"""``python -m game.server``: UNO 1991's table server (see ``game.online``).

python -m game.server [--host 127.0.0.1] [--port 8765] [--data-dir DIR]
"""

from __future__ import annotations

import sys

from game.online.server import main

if __name__ == "__main__":
    sys.exit(main())
