"""What every scene works with, passed to each explicitly: the run
(``game/ui/run.py``: the store, the settings and statistics, the sound, the
resources' loader, the title menu, the next match's table, the notices),
with the match bookkeeping (``keeping.py``) and the online link
(``online_play.py``). Those two work with the run, not with this context:
neither imports this module back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.ui.run import Run

if TYPE_CHECKING:
    from game.ui.keeping import Keeping
    from game.ui.online_play import OnlinePlay


@dataclass
class Context(Run):
    """The run, and its bookkeeping and online link, set once the run
    exists (``app.py``), as they work with it."""

    keeping: Keeping = field(init=False)
    online: OnlinePlay = field(init=False)
