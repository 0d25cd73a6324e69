"""Events: the event's name, then "roll the die" with the face shown large as it arrives, each step
narrated with the affected area highlighted on the map; choices go to the player who makes them.
The event and its face are what the game's mode publishes (``Progress``): drawn before it is named,
under way, or just over (then the screen waits for "continue")."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.metrics import dp, sp
from kivy.properties import NumericProperty

from companion.core.procedure import Narration
from companion.morpork.board import AREA_BY_ID
from companion.morpork.events import DRAWN

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


RECENT = 4
"""Lines shown when no event is under way (the table draws one next): the latest few of the log."""


def event_lines(lines: list[Narration], event_id: str | None) -> list[Narration]:
    """What the screen says of the event ``event_id``: every line from its draw on, so the table can
    mirror each step of it on the board. Only the last four were shown: a Flood's moves or four
    Demons (eight lines) lost their first steps, the ones the players had still to make with the
    pieces. With no event (or its draw not in the log) the last :data:`RECENT` lines."""
    if event_id is not None:
        for start in range(len(lines) - 1, -1, -1):
            line = lines[start]
            if line.key == DRAWN and dict(line.params).get("event") == event_id:
                return lines[start:]
    return lines[-RECENT:]


class EventsScreen(MapQuestionScreen):
    narration_room = NumericProperty(sp(62))
    """The most height the event's lines take (they scroll within it, the latest shown): four lines
    while a question needs the room below them (as many as were ever shown: more pushed a die pad's
    title over them); once the event is over and only "continue" is below, ``dp(260)``, what the
    column has free on the 800×480 screen below the event's name and above "continue"."""

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
        lines = [app.translator.narration(n) for n in event_lines(public_narration(game), event.id if event else None)]
        self.ids.narration.text = "\n".join("• " + line for line in lines)
        self.ids.narration_scroll.scroll_y = 0  # the latest line in sight; the first ones a swipe up
        finished = progress.screen != "events"
        self.narration_room = dp(260) if finished else sp(62)
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
