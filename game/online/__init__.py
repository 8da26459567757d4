"""Online play: the table server, its protocol and the clients' side of it.

Pure Python, no pyxel. ``protocol`` has the messages and ``Session``, the
client's state; ``room`` one room's logic (the engine runs only there), ``room_file``
reading a room file back into one, checked; ``chat`` the quick chat's sayings;
``server`` the asyncio WebSocket server (``python -m game.server``);
``client`` a non-blocking client for a game loop (a background thread on the
desktop, the page's WebSocket in the browser); ``verify`` the shuffle's
commitment and its check (``python -m game.online.verify``). See
``docs/online.md``.
"""
