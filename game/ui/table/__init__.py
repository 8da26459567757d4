"""The table: what it shows (``board``), how the engine's events become animation
(``choreography``, ``animation``, ``narration``), where everything goes and how it is
drawn, and a match played on it, offline (``match``) or online (``online_match``).
"""
