"""Who decides for each seat at the table: the kinds of seat, a person's keys becoming
actions, and the computer players.
"""
