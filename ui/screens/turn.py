"""A turn: the card's symbols as a checklist (done, now, to come, skipped) and the face rolled for its
text, as the game's mode publishes them; the current question's options as big buttons and as taps
on the map (legal areas outlined, illegal ones dimmed; a tap on an illegal area shows the reason, a
tap elsewhere does nothing). A card's own roll (Here'n'Now, CMOT Dibbler, Carcer…) is asked here."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.procedure import Reason
from companion.morpork.board import AREA_BY_ID
from ui.checklist import checklist_marks, played_card, skipped_reasons
from ui.maptaps import answer_for_tap, map_options
from ui.screens.base import GameScreen
from ui.screens.table import public_state
from ui.widgets import player_name

if TYPE_CHECKING:
    from companion.core.procedure import Question
    from companion.morpork.game import Game
    from companion.morpork.state import State



def named(state: State, why: Reason) -> Reason:
    """``why`` with its ``player`` shown by name and colour dot, as the rest of the screen names them."""
    return Reason(why.key, why.text, tuple((k, player_name(state, v) if k == "player" else v) for k, v in why.params))


def map_choices(question: Question | None) -> tuple[list[str], dict[str, Reason]]:
    """The areas and pieces among a question's options (legal) and its unavailable ones (with reasons)."""
    return map_options(question)


class MapQuestionScreen(GameScreen):
    """A screen whose map offers the current question's areas: legal ones answer on a tap, illegal
    ones say why (the engine's reason, translated); a tap anywhere else does nothing."""

    MAPS = ("map",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ids.map.bind(on_area_tap=self.area_tapped, on_piece_tap=self.piece_tapped)

    def show_on_map(self, game: Game, focus: str = "") -> State:
        """Draw the public table and the question's areas; returns the public state."""
        state = public_state(game, self.app.slips_logged)
        legal, illegal = map_choices(game.question)
        self.ids.map.state = state
        self.ids.map.options = legal
        self.ids.map.unavailable = {o: r for o, r in illegal.items() if o in AREA_BY_ID}
        self.ids.map.focus = focus
        return state

    def area_tapped(self, _map: Any, area_id: str) -> None:
        self.map_tapped(area_id, None)

    def piece_tapped(self, _map: Any, area_id: str, piece: str) -> bool:
        self.map_tapped(area_id, piece)
        return True  # handled: not a second tap on the area

    def map_tapped(self, area_id: str, piece: str | None) -> None:
        """Answer with the option the tap names (the engine's own list decides what is legal)."""
        app = self.app
        question = app.game.question if app.game is not None else None
        tap = answer_for_tap(question, area_id, piece)
        if tap.answer is not None:
            app.answer(tap.answer)
        elif tap.choices:  # several pieces there are legal: the ringed chips say which
            app.message = " / ".join(app.translator.option(o) for o in tap.choices)
        elif tap.reason is not None:
            app.message = f"{app.translator.area(area_id)}: {app.translator.reason(tap.reason)}"


class TurnScreen(MapQuestionScreen):
    def update(self) -> None:
        app = self.app
        game = app.game
        if game is None or app.session is None:
            return
        state = self.show_on_map(game)
        question = game.question
        self.ids.question.game = game
        self.ids.question.question = question
        self.ids.question.rebuild()
        from ui.app import progress_of
        card = played_card(progress_of(app.session))
        active = player_name(state, state.active_player)

        def amount(n: int) -> str:
            return str(app.t("${amount}").format(amount=n))

        self.ids.skipped.text = "" if card is None else skipped_reasons(
            card, lambda why: app.translator.reason(named(state, why)), amount)
        if card is None:
            self.ids.card.text = f"{app.t('Turn')} {state.turn.number} · {active}"
        else:
            rolled = f"   ⚄ {card.face}" if card.face is not None else ""
            self.ids.card.text = f"{active}: [b]{app.translator.card(card.id)}[/b]   {checklist_marks(card, amount)}{rolled}"
        self.card_steps = card.steps if card is not None else ()
        self.ids.card.topic = ["card", card.id] if card is not None else []  # a long press: its rules
