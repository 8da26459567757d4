"""The game on screen: the only code that imports pyxel.

``app`` runs the window and its scenes; ``scenes`` holds one module a screen, ``table`` the
table and a match played on it, ``seats`` who decides for each seat, and ``device`` the
machine (window, keys, sound, resources). See docs/architecture.md.
"""
