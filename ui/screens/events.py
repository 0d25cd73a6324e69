"""Events: the event's name, then "roll the die" with the face shown large as it arrives, each step
narrated with the affected area highlighted on the map; choices go to the player who makes them.
The event and its face are what the game's mode publishes (``Progress``): drawn before it is named,
under way, or just over (then the screen waits for "continue")."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.metrics import dp

from companion.morpork.board import AREA_BY_ID

from ui.screens.table import public_narration
from ui.screens.turn import MapQuestionScreen

if TYPE_CHECKING:
    from companion.core.procedure import Question
    from companion.morpork.game import Game


def focus_area(game: Game) -> str:
    """The area the map frames: the one the question on screen names (a flooded area, a murder's,
    the minion an interrupt may save), else the one the latest narration line is about. Framing
    only the log's area put "Small Gods è allagata: dove va il tuo seguace?" under a red The Hippo,
    where a minion from the other flooded area had just fled."""
    question = game.question
    asked = dict(question.params).get("area", "") if question is not None else ""
    if asked in AREA_BY_ID:
        return asked
    for line in reversed(public_narration(game)[-3:]):
        if line.area:
            return str(line.area)
    return ""


class EventsScreen(MapQuestionScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        from kivy.clock import Clock
        self._shown_question: tuple[Game | None, Question | None] = (None, None)
        self._question_trigger = Clock.create_trigger(lambda _dt: self._show_question(), 0)

    def update(self) -> None:
        app = self.app
        game = app.game
        if game is None or app.session is None:
            return
        state = self.show_on_map(game, focus_area(game))
        question = game.question
        from ui.app import progress_of
        progress = progress_of(app.session)
        event = progress.innermost("event")
        self.ids.event_name.text = "⚡ " + (app.translator.event(event.id) if event else app.t("Random event"))
        self.ids.event_name.topic = ["event", event.id] if event is not None else []  # a long press: its rule
        face = event.face if event is not None else None
        self.ids.face.text = str(face) if face is not None else "–"
        self.face_shown = face
        lines = [app.translator.narration(n) for n in public_narration(game)[-4:]]
        self.ids.narration.text = "\n".join("• " + line for line in lines)
        finished = progress.screen != "events"
        self._shown_question = (game, None if finished else question)
        self._question_trigger()
        self.ids.continue_button.opacity = 1 if finished else 0
        self.ids.continue_button.disabled = not finished
        self.ids.continue_button.height = dp(56) if finished else 0
        self.finished = finished

    def _show_question(self) -> None:
        """The question's buttons, built the frame *after* the face: a roll's face is what the
        table waits for, and the next question's buttons (a dozen faces, or cards) take longer
        to build than the face takes to draw."""
        game, question = self._shown_question
        self.ids.question.game = game
        self.ids.question.question = question
        self.ids.question.rebuild()
