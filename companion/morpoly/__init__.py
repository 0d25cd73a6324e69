"""Ankh-Morpoly, the second game: a Monopoly set played as a Discworld guild war.

Standard Monopoly underneath (edition data in ``data/``, loaded by ``editions``), the variant's
changes on top, and the mode object (``mode``) that plugs it into the game-neutral core.
"""
