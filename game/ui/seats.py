"""Who sits where: you are seat 0 of the engine's game, the computer seat 1."""

HUMAN, COMPUTER = 0, 1
