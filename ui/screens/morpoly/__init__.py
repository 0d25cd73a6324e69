"""The Ankh-Morpoly screens (issue 13): set-up (``setup``), the board with the question and the
money panel (``board``), and the FSU ledger (``ledger``), each imported when first shown
(``ui.companion_app.SCREENS``); ``common`` holds what they share.

The package imports none of them: Home, the Journal and the app read ``common`` in a game of either
kind, and importing the package for it used to import the three screens and, through them, the whole
Ankh-Morpoly engine at every start of the app, a Discworld table's too."""
