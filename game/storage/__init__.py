"""What the game keeps on disk (or in the browser): settings and statistics, the match
being played and the finished ones, replays, and files that are never half-written.
"""
