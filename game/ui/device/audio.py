"""Sound effects and the title music: which sound of ``resources.pyxres`` each moment plays, on
which channel, and the sound switch (``--mute`` and the M key).

Every sound that is heard is also reported to ``notice`` (as "sound pip"),
so a headless run can show and test what a player would have heard.
"""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from game.ui.device import resources as res

SOUNDS = {
    "pip": res.SOUND_PIP,
    "play": res.SOUND_PLAY,
    "draw": res.SOUND_DRAW,
    "penalty": res.SOUND_PENALTY,
    "buzz": res.SOUND_BUZZ,
    "deal": res.SOUND_DEAL,
    "hand won": res.SOUND_HAND_WON,
    "hand lost": res.SOUND_HAND_LOST,
    "match won": res.SOUND_MATCH_WON,
    "match lost": res.SOUND_MATCH_LOST,
    "move": res.SOUND_MENU_MOVE,
    "select": res.SOUND_MENU_SELECT,
    "fanfare": res.SOUND_FANFARE,
    "uno": res.SOUND_UNO,
    "caught": res.SOUND_CAUGHT,
    "chat": res.SOUND_CHAT,
}


class Audio:
    """Plays the named sound effects unless the sound is switched off."""

    def __init__(self, muted: bool, notice: Callable[[str], None], music: bool = True, device: bool = True) -> None:
        """``music`` is False in constrained-memory mode: the title music is
        not loaded there, so it is never played. ``device`` is False in a
        window that found no sound device: nothing is heard, whatever the
        switch says (a headless run plays and reports its sounds as always)."""
        self.muted = muted
        self._notice = notice
        self.music = music
        self.device = device
        self._music_on = False  # the title music should be playing (when sound is on)

    @property
    def word(self) -> str:
        """SOUND's word on the menus: ON, OFF, or NO DEVICE where none was found (the title says so too)."""
        if not self.device:
            return "NO DEVICE"
        return "OFF" if self.muted else "ON"

    def play(self, name: str) -> None:
        if self.muted:
            return
        number = SOUNDS[name]
        pyxel.play(res.SOUND_CHANNEL[number], number)
        self._notice(f"sound {name}")

    def start_music(self) -> None:
        """Loop the title music (on the title screens), unless muted."""
        if self._music_on or not self.music:
            return
        self._music_on = True
        if not self.muted:
            pyxel.playm(res.MUSIC_TITLE, loop=True)
            self._notice("music title")

    def stop_music(self) -> None:
        if self._music_on:
            self._music_on = False
            for channel in res.MUSIC_CHANNELS:
                pyxel.stop(channel)

    def toggle(self) -> None:
        """Switch the sound off or on; switching off silences what is playing."""
        self.muted = not self.muted
        if self.muted:
            pyxel.stop()
        elif self._music_on:
            pyxel.playm(res.MUSIC_TITLE, loop=True)
            self._notice("music title")
