"""Discworld: Ankh-Morpork — board, state, pieces, actions, cards, events, scoring and its game mode."""
