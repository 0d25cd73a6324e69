"""The app's screens, one module each; importing this package registers them for the kv files."""
from ui import mapwidget, widgets  # noqa: F401  (register MapWidget, QuestionPanel, BigButton)
from ui.screens.base import GameScreen
from ui.screens.events import EventsScreen
from ui.screens.gameend import GameEndScreen, PointsChart
from ui.screens.home import HomeScreen
from ui.screens.journal import JournalScreen
from ui.screens.settings_screen import SettingsScreen
from ui.screens.setup import SetupScreen
from ui.screens.table import ProgressBoard, TablePanel, TableScreen
from ui.screens.turn import TurnScreen

__all__ = ["GameScreen", "EventsScreen", "GameEndScreen", "PointsChart", "HomeScreen", "JournalScreen",
           "SettingsScreen", "SetupScreen", "ProgressBoard", "TablePanel", "TableScreen", "TurnScreen"]
