"""The app's screens, one module each, imported when the screen is first built
(``ui.companion_app.SCREENS``): importing them all (and Ankh-Morpoly's engine with the Journal
screen) was most of the app's imports before the first frame. Importing this package registers the
shared widgets the kv files use (``BigButton``, ``QuestionPanel`` …); each screen module registers its
own classes with the kv factory when imported."""
from ui import widgets  # noqa: F401  (registers BigButton, QuestionPanel, RulebookLabel …)
from ui import bars  # noqa: F401,E402  (registers TopBar and StatusBar, the bars' places)
