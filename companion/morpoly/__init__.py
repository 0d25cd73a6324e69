"""Ankh-Morpoly, the second game: a Monopoly set played as a Discworld guild war.

Standard Monopoly underneath (edition data in ``data/``, loaded by ``editions``; turns, squares,
cards, buildings and debts as procedures), the variant's rule modules (movement, the FSU ledger,
guilds, takeover, Fortuna, ELAM) and the mode object (``mode``) that plugs it into the core.
"""
