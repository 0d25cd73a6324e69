"""Events: the event's name, then "roll the die" with the face shown large as it arrives, each step
narrated with the affected area highlighted on the map; choices go to the player who makes them."""
from __future__ import annotations

from typing import Any

from kivy.metrics import dp

from companion.morpork.catalog import EVENT_BY_ID
from ui.screens.table import public_narration
from ui.screens.turn import MapQuestionScreen


def current_event(game: Any) -> str | None:
    """The event being resolved: named by the question's params, else the latest narrated one."""
    question = game.question
    if question is not None:
        event = dict(question.params).get("event")
        if event in EVENT_BY_ID:
            return event
    for line in reversed(public_narration(game)):
        event = dict(line.params).get("event")
        if event in EVENT_BY_ID:
            return event
    return None


def focus_area(game: Any) -> str:
    """The area the latest narration line is about (what the map highlights)."""
    for line in reversed(public_narration(game)[-3:]):
        if line.area:
            return str(line.area)
    return ""


FACE_BOUNDARIES = frozenset({"event.drawn", "card.played", "turn.start"})


def last_face(game: Any) -> int | None:
    """The most recent die face the narration reports (params ``face`` or ``roll``) for the event
    under way: nothing before its ``event.drawn`` line counts, so drawing an event does not show the
    set-up roll or the previous event's last face as if just rolled (nor does the card that calls
    the event, or the start of the turn)."""
    for line in reversed(public_narration(game)):
        if line.key in FACE_BOUNDARIES:
            return None
        params = dict(line.params)
        for key in ("face", "roll"):
            if key in params and str(params[key]).isdigit():
                return int(params[key])
    return None


class EventsScreen(MapQuestionScreen):
    def update(self) -> None:
        app = self.app
        game = app.game
        if game is None:
            return
        state = self.show_on_map(game, focus_area(game))
        question = game.question
        event = current_event(game)
        self.ids.event_name.text = "⚡ " + (app.translator.event(event) if event else app.t("Random event"))
        face = last_face(game)
        self.ids.face.text = str(face) if face is not None else "–"
        self.face_shown = face
        lines = [app.translator.narration(n) for n in public_narration(game)[-4:]]
        self.ids.narration.text = "\n".join("• " + line for line in lines)
        from ui.app import screen_for
        finished = screen_for(game) != "events"
        self.ids.question.game = game
        self.ids.question.question = None if finished else question
        self.ids.question.rebuild()
        self.ids.continue_button.opacity = 1 if finished else 0
        self.ids.continue_button.disabled = not finished
        self.ids.continue_button.height = dp(56) if finished else 0
        self.finished = finished

