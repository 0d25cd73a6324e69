"""Ankh-Morpoly: the Monopoly-based guild-war variant — edition data, movement, the FSU ledger, guilds, takeover, Fortuna, ELAM and its mode."""
