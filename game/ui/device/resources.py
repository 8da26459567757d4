"""Where the art and sound of UNO 1991 live inside ``resources.pyxres``.

Sprites and sounds are data, not code: edit them with
``pyxel edit resources.pyxres``. This module only records the layout.

Image bank 0 (cards, every card is CARD_W x CARD_H = 24 x 32):

    v=0..96   rows R, G, Y, B; column n (u = 24 * n) holds rank n (0..9)
    v=128     u = 0..72 Skip R G Y B, u = 96..168 Reverse R G Y B,
              u = 192 Wild (W), u = 216 Wild Draw Four (W+4)
    v=160     u = 0..72 Draw Two R G Y B, u = 96 card back,
              u = 120 empty-slot outline, u = 144 / 152 selection arrow
    v=192     u = 0..72 King's Choice R G Y B, u = 96..168 Jester R G Y B
              (Royal Revenge: "+1" in two corners, a crown or a jester's hat)
    v=224     the crown, the Jester's hat, a small card back, the direction
              of play (clockwise; flipped for the other way), the scepter
              and the marker of the seat in turn (see the *_RECT below);
              u = 80..128 the quick chat's emotes, 12 x 12 (EMOTE_RECTS);
              u = 144..168 the colour signs, 7 x 7 (SIGN_RECTS): a heart
              for red, a triangle for green, a circle for yellow, a diamond
              for blue, white with a black outline (the COLOUR SIGNS setting)

Every coloured face has its rank large in the middle (on a white oval), the
small rank top-left and bottom-right, and its colour letter (R, G, Y, B) in a
black tag top-right and bottom-left, so colours never rely on hue alone.
Colour TRANSPARENT (14, pink) is never used inside a sprite (cards use black
for outlines): blit with ``colkey=TRANSPARENT``.

Image bank 1 holds only the title art (TITLE_RECT); the game may skip it.
"""

from game.online.chat import EMOTES

CARD_W = 24
CARD_H = 32
TRANSPARENT = 14

SHEET_ROWS = "RGYB"  # the colour of each row of faces in image bank 0, and of the action cards' columns
CARD_COLOURS = {"R": 8, "G": 3, "Y": 10, "B": 5}  # palette index of each card colour
RANKS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "K", "J")
_ACTION_UV = {"S": (0, 128), "R": (96, 128), "+2": (0, 160), "K": (0, 192), "J": (96, 192)}


def _face_uv(colour_index, rank):
    if rank in _ACTION_UV:
        u, v = _ACTION_UV[rank]
        return u + CARD_W * colour_index, v
    return CARD_W * int(rank), CARD_H * colour_index


CARD_UV = {colour + rank: _face_uv(i, rank) for i, colour in enumerate(SHEET_ROWS) for rank in RANKS}
CARD_UV["W"] = (192, 128)
CARD_UV["W+4"] = (216, 128)


def card_uv(code):
    """(u, v) in image bank 0 of a card face, e.g. "R7", "GS", "Y+2", "W+4"."""
    return CARD_UV[code]


CARD_BANK = 0
BACK_UV = (96, 160)
SLOT_UV = (120, 160)  # dashed outline for an empty draw pile

# Small sprites of the table with more players and of Royal Revenge: (u, v, w, h).
CROWN_RECT = (0, 224, 11, 7)
HAT_RECT = (16, 224, 11, 9)
MINI_BACK_RECT = (32, 224, 5, 7)
DIRECTION_RECT = (40, 224, 16, 12)
SCEPTER_RECT = (56, 224, 7, 16)
MARKER_RECT = (64, 224, 7, 5)
# The quick chat's pictures (online tables), by the names the protocol sends (game.online.chat.EMOTES).
EMOTE_RECTS = {name: (80 + 16 * i, 224, 12, 12) for i, name in enumerate(EMOTES)}
# COLOUR SIGNS: a shape for each card colour, on its cards and wherever a colour is named.
SIGN_RECTS = {colour: (144 + 8 * i, 224, 7, 7) for i, colour in enumerate(SHEET_ROWS)}
SIGN_W = 7
# Where a card's sign sits: over its bottom-left colour letter, the colour it stands for, seen in a tight
# hand's strip and hiding no rank (in the middle of the left edge it hid the "+" of a big "+2" and the Skip's ring).
SIGN_ON_CARD = (1, 22)

ARROW_W = 7
ARROW_H = 9
ARROW_FRAMES = ((144, 160), (152, 160))  # frame 1 is 1 px lower (bob)

TITLE_BANK = 1
TITLE_RECT = (0, 0, 224, 144)  # u, v, w, h
TITLE_TRANSPARENT = TRANSPARENT

SOUND_PIP = 0  # your turn
SOUND_PLAY = 1  # card played
SOUND_DRAW = 2  # card picked up
SOUND_PENALTY = 3
SOUND_BUZZ = 4  # illegal card refused
SOUND_DEAL = 5  # one per dealt card
SOUND_HAND_WON = 6
SOUND_HAND_LOST = 7
SOUND_MATCH_WON = 8
SOUND_MATCH_LOST = 9
SOUND_MENU_MOVE = 10
SOUND_MENU_SELECT = 11
TITLE_MUSIC_SOUNDS = (12, 13, 14)  # melody, bass, drums (used by MUSIC_TITLE)
SOUND_FANFARE = 15  # the scepter: the crown passes on
SOUND_UNO = 16  # a player calls UNO
SOUND_CAUGHT = 17  # a player is caught without calling UNO
SOUND_CHAT = 18  # a quick chat's saying shows (soft)

MUSIC_TITLE = 0  # loop with pyxel.playm(MUSIC_TITLE, loop=True)

# Channels: the title music uses 0-2, so menu sounds go on 3.
MUSIC_CHANNELS = (0, 1, 2)
CHANNEL_CARD = 3  # play, draw, deal
CHANNEL_ALERT = 2  # pip, buzz, penalty
CHANNEL_JINGLE = 0  # hand / match won / lost
CHANNEL_MENU = 3

SOUND_CHANNEL = {
    SOUND_PIP: CHANNEL_ALERT,
    SOUND_PLAY: CHANNEL_CARD,
    SOUND_DRAW: CHANNEL_CARD,
    SOUND_PENALTY: CHANNEL_ALERT,
    SOUND_BUZZ: CHANNEL_ALERT,
    SOUND_DEAL: CHANNEL_CARD,
    SOUND_HAND_WON: CHANNEL_JINGLE,
    SOUND_HAND_LOST: CHANNEL_JINGLE,
    SOUND_MATCH_WON: CHANNEL_JINGLE,
    SOUND_MATCH_LOST: CHANNEL_JINGLE,
    SOUND_MENU_MOVE: CHANNEL_MENU,
    SOUND_MENU_SELECT: CHANNEL_MENU,
    SOUND_FANFARE: CHANNEL_JINGLE,
    SOUND_UNO: CHANNEL_ALERT,
    SOUND_CAUGHT: CHANNEL_ALERT,
    SOUND_CHAT: CHANNEL_MENU,
}
