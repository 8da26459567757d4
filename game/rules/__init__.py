"""The rules of UNO as a small library: cards, a game driven by text actions,
what each seat may see, and records that replay exactly.

No graphics, sound or I/O here, and the same seed always plays the same way.
Each rule set is a ``RuleSet`` class (``rulesets.py``, ``royal.py``), each
house rule a ``HouseRule`` (``house.py``); ``get_ruleset`` finds a rule set by name.
"""

from .cards import COLOURS, Card
from .events import Event
from .game import Game, IllegalAction, View
from .rulesets import RULESETS, RuleSet, get_ruleset
from .views import WATCHER

__all__ = [
    "COLOURS",
    "RULESETS",
    "WATCHER",
    "Card",
    "Event",
    "Game",
    "IllegalAction",
    "RuleSet",
    "View",
    "get_ruleset",
]
