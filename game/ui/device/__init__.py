"""The machine the game runs on: the window and screen, the desktop or the browser, keys,
sound, the resources file and its loading, memory, and scripted headless runs.
"""
