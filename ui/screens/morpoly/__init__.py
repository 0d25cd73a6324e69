"""The Ankh-Morpoly screens (issue 13): set-up, the board with the question and the money panel,
and the FSU ledger."""
from ui.screens.morpoly.board import MorpolyBoardScreen
from ui.screens.morpoly.ledger import MorpolyLedgerScreen
from ui.screens.morpoly.setup import MorpolySetupScreen

__all__ = ["MorpolyBoardScreen", "MorpolyLedgerScreen", "MorpolySetupScreen"]
