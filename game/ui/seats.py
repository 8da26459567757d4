"""Who sits where: you are seat 0 of the engine's game; the computer players
are seats 1 and up ("COMPUTER" alone at a table of two, as in 1991)."""

HUMAN, COMPUTER = 0, 1


def seat_name(seat: int, players: int) -> str:
    """YOU, COMPUTER (two players) or COMPUTER 3."""
    if seat == HUMAN:
        return "YOU"
    return "COMPUTER" if players == 2 else f"COMPUTER {seat}"
