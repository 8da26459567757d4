"""UNO 1991: a Pyxel remake of the 1991 HeadFirst PD card game."""
