"""The scenes, one module a screen, run on a stack by ``navigator.py``, each
working with the ``Context`` of ``context.py``: loading, the title menu and
what it opens (how to play, statistics, house rules, people, join, replays
and the replay), the lobby, the table and the in-match menu over it.
"""
