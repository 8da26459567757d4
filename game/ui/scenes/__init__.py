"""The screens around the table, one module a screen: the title menu and what it opens, the
people, join, lobby, handover, loading and replay screens.
"""
