"""The title menu (scene ``title``): CONTINUE, PLAY, RULES, OPPONENTS,
SCORING, PARTNERS, HOUSE RULES, LEVEL, SOUND, HOW TO PLAY, STATISTICS, PEOPLE, JOIN,
HOST (the table server in the game: ``game.online.hosting``), REPLAYS and
QUIT. The menu itself (``title_menu.TitleMenu``) answers the frame's keys with
a word; here the word becomes a change of settings, or the scene it opens:
a match (``play.py``), or a screen pushed over the title (``howto.py``,
``stats.py``, ``house.py``, ``people.py``, ``keys.py``, ``join.py``, ``replay.py``) that
pops back to it, or the lobby (``lobby.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.rulesets import RULESETS
from game.storage.settings import DIFFICULTIES, table_key
from game.ui.scenes.house import HouseScene
from game.ui.scenes.howto import HowToScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.navigator import Keys, Push, Scene, Step
from game.ui.scenes.play import PlayScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.title_menu import TABLE_ITEMS
from game.ui.table import narration

if TYPE_CHECKING:
    from game.ui.scenes.context import Context


class TitleScene(Scene):
    """``news``: said under the menu as the title comes back (why it did)."""

    def __init__(self, ctx: Context, news: str = "") -> None:
        self.ctx = ctx
        self.news = news

    def enter(self) -> None:
        self.ctx.show("title")
        self.ctx.audio.start_music()
        if self.news:
            self.ctx.title.message = self.news
            self.ctx.notice(self.news)
            self.news = ""

    def update(self, frame: Keys) -> Step:
        ctx = self.ctx
        title = ctx.title
        title.partners = RULESETS[ctx.next_match.rules_and_players()[0]].partners
        choice = ctx.choose(title, frame)
        if choice is None:
            return self
        what = choice.what
        if title.message == narration.HOUSE_RULES_STANDARD_ONLY and what != "house":
            title.message = ""  # it was about that choice only: the menu has moved on
        if what == "continue":
            match = ctx.keeping.take_up()
            return TitleScene(ctx) if match is None else PlayScene(ctx, match)
        if what == "play":
            return PlayScene(ctx, ctx.keeping.start())
        if what in TABLE_ITEMS:
            self._change_table(what, choice.step)
        elif what == "people" and choice.sideways:
            ctx.next_match.change_people(choice.step)
            ctx.notice(ctx.next_match.people_notice())
            ctx.save()
        elif what == "people":
            from game.ui.scenes.people import PeopleScene

            return Push(PeopleScene(ctx))
        elif what == "house":
            return self._house_rules()
        elif what == "join":
            from game.ui.scenes.join import JoinScene

            return Push(JoinScene(ctx))
        elif what == "host":
            return self._host()
        elif what == "level":
            index = DIFFICULTIES.index(ctx.next_match.level)
            ctx.next_match.level = ctx.settings.difficulty = DIFFICULTIES[(index + choice.step) % len(DIFFICULTIES)]
            ctx.notice(f"setting level {ctx.next_match.level}")
            ctx.save()
        elif what == "sound":
            ctx.toggle_sound()
        elif what == "keys":
            from game.ui.scenes.keys import KeysScene

            return Push(KeysScene(ctx))
        elif what == "howto":
            return Push(HowToScene(ctx))
        elif what == "replays":
            from game.ui.scenes.replay import ReplaysScene

            return Push(ReplaysScene(ctx))
        elif what == "stats":
            rules, players = ctx.next_match.rules_and_players()
            people = len(ctx.next_match.people_names(players)) > 1
            return Push(StatsScene(ctx, table_key(rules, players, ctx.next_match.teams), people))
        elif what == "quit":
            ctx.quit_requested = True
            ctx.notice("quit")
        return self

    def _change_table(self, what: str, step: int) -> None:
        """RULES, OPPONENTS, SCORING or PARTNERS moved on (saved with the settings)."""
        ctx = self.ctx
        ctx.next_match.change_table(what, step)
        rules, players = ctx.next_match.rules_and_players()
        partners = " partners" if ctx.next_match.teams else ""
        ctx.notice(f"setting rules {rules} players {players} scoring {ctx.settings.scoring}{partners}")
        ctx.save()

    def _house_rules(self) -> Step:
        """The house rules' switches (standard UNO only)."""
        ctx = self.ctx
        if not RULESETS[ctx.next_match.rules_and_players()[0]].house_rules:
            ctx.title.message = narration.HOUSE_RULES_STANDARD_ONLY
            ctx.notice(narration.HOUSE_RULES_STANDARD_ONLY)
            return self
        return Push(HouseScene(ctx))

    def _host(self) -> Step:
        """HOST: the table server (``OnlinePlay.launch``) and this machine's
        own seat at it: back at the room a crash left, else at a new room of
        the menu's table. A server that cannot start says why under the
        menu; nothing else changes."""
        from game.online.hosting import HostingError

        ctx = self.ctx
        try:
            server = ctx.online.launch()
        except HostingError as error:
            ctx.title.message = str(error)
            ctx.notice(str(error))
            return self
        ctx.title.message = ""
        return Push(LobbyScene(ctx, "", ctx.next_match.host_name(), ctx.next_match.hosted_table(), server))

    def draw(self) -> None:
        ctx = self.ctx
        rules, players = ctx.next_match.rules_and_players()
        scoring = ctx.settings.scoring
        house = len(ctx.next_match.house_in_play(rules))
        people = len(ctx.next_match.people_names(players))
        level = ctx.next_match.level
        ctx.title.partners = RULESETS[rules].partners
        teams = ctx.next_match.teams
        ctx.title.draw(level, ctx.audio.word, ctx.frame, rules, players - 1, scoring, house, people, teams)
