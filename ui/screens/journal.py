"""Journal: the game's readable log, one line per accepted input. A tap on a line shows the table at
that moment with "undo to here"; undoing past die rolls or scanned cards asks for confirmation first
(those are facts of the table — the real die will not roll back). "Redo" puts back the last undone
input. Everything drawn here is the session's history (``session.positions``, ``session.inputs``)."""
from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup

from companion.core.inputs import Answer, CardScan, DieRoll, RandomDraw, roll_text
from ui.screens.base import GameScreen
from ui.screens.morpoly.common import is_morpoly, option_label
from ui.screens.table import public_state
from ui.widgets import BigButton, player_name


def describe_input(app: Any, before: Any, inp: Any) -> str:
    """One input as the log shows it; an answer to a private question stays secret."""
    question = before.question
    if isinstance(inp, DieRoll):
        return f"⚄ {roll_text(inp)}"
    if isinstance(inp, RandomDraw):
        return "⚂ " + (app.t("(secret)") if question is not None and question.private else app.translator.option(inp.value))
    if question is not None and question.private:
        return "✉ " + app.t("(secret)")
    if is_morpoly(before):  # Ankh-Morpoly: guilds, verbs on squares, the edition's cards
        value = inp.card if isinstance(inp, CardScan) else inp.value
        return ("✉ " if isinstance(inp, CardScan) else "→ ") + option_label(app, before, value)
    if isinstance(inp, CardScan):
        return f"✉ {app.translator.option(inp.card)}"
    assert isinstance(inp, Answer)
    return "→ " + app.translator.option(inp.value)


class JournalScreen(GameScreen):
    selected = NumericProperty(-1)

    def update(self) -> None:
        app = self.app
        session = app.session
        lines = self.ids.lines
        lines.clear_widgets()
        self.line_buttons: dict[int, BigButton] = {}
        if session is None or session.game is None:
            return
        games, inputs = session.positions, session.inputs
        start = BigButton(text="0 · " + app.t("Set-up table"), value="0", halign="left")
        start.bind(on_release=lambda b: self.select(0))
        lines.add_widget(start)
        self.line_buttons[0] = start
        for index, inp in enumerate(inputs, start=1):
            before, after = games[index - 1], games[index]
            player = before.question.player if before.question else None
            who = "" if not player else app.translator.color(player) if is_morpoly(after) else player_name(after.state, player)
            said = [app.translator.narration(n)
                    for n in after.narration[len(before.narration):][:2]
                    if not n.key.startswith("private.")]
            text = f"{index} · {who} {describe_input(app, before, inp)}"
            if said:
                text += f"\n[size={int(sp(11))}]{'; '.join(said)}[/size]"
            button = BigButton(text=text, value=str(index), halign="left", height=dp(52),
                               background_color=(0.5, 0.45, 0.35, 1) if index == self.selected else (1, 1, 1, 1))
            button.bind(on_release=lambda b: self.select(int(b.value)))
            lines.add_widget(button)
            self.line_buttons[index] = button
        self._show_selected()
        shown = self.line_buttons.get(self.selected) or self.line_buttons.get(len(inputs))
        if shown is not None:  # the latest step (or the chosen one) in view
            Clock.schedule_once(lambda _dt: self.ids.scroll.scroll_to(shown, padding=dp(8), animate=False), 0)

    def select(self, index: int) -> None:
        previous = self.line_buttons.get(self.selected)
        if previous is not None:
            previous.background_color = (1, 1, 1, 1)
        self.selected = index
        chosen = self.line_buttons.get(index)
        if chosen is not None:
            chosen.background_color = (0.5, 0.45, 0.35, 1)
            Clock.schedule_once(lambda _dt: self.ids.scroll.scroll_to(chosen, padding=dp(8), animate=False), 0)
        self._show_selected()

    def _show_selected(self) -> None:
        app = self.app
        session = app.session
        if session is None or session.game is None:
            return
        games = session.positions
        index = self.selected if 0 <= self.selected < len(games) else len(games) - 1
        if not is_morpoly(games[index]):  # the first game's map; Ankh-Morpoly's board is its own screen
            self.ids.map.state = public_state(games[index])
        self.ids.at.text = app.t("The table after step {n}").format(n=index)
        self.ids.undo.disabled = index >= len(games) - 1
        self.ids.redo.disabled = not session.timeline.undone
        self.ids.undo.text = "↶ " + app.t("Undo to here") + f" ({index})"

    def undo_here(self) -> None:
        app = self.app
        session = app.session
        if session is None or session.game is None:
            return
        index = self.selected if self.selected >= 0 else len(session.inputs)
        steps = len(session.inputs) - index
        barriers = session.barriers_to_undo(steps) if steps > 0 else []
        if barriers:
            self.confirm(index, len(barriers))
        else:
            self.do_undo(index)

    def confirm(self, index: int, count: int) -> None:
        app = self.app
        box = BoxLayout(orientation="vertical", spacing=dp(8), padding=dp(8))
        box.add_widget(Label(text=app.t("This takes back {n} die roll(s) or scanned card(s). The real die and cards will not change back. Undo anyway?").format(n=count),
                             text_size=(dp(420), None), color=(1, 1, 1, 1)))
        row = BoxLayout(spacing=dp(8), size_hint_y=None, height=dp(52))
        yes = BigButton(text=app.t("Undo anyway"), background_color=(0.7, 0.2, 0.2, 1))
        no = BigButton(text=app.t("Keep"))
        row.add_widget(no)
        row.add_widget(yes)
        box.add_widget(row)
        popup = Popup(title=app.t("Undo past a die roll?"), content=box, size_hint=(None, None),
                      size=(dp(460), dp(250)), auto_dismiss=False)
        no.bind(on_release=lambda _b: popup.dismiss())
        yes.bind(on_release=lambda _b: (popup.dismiss(), self.do_undo(index)))
        self.popup = popup
        popup.open()

    def do_undo(self, index: int) -> None:
        self.selected = -1
        self.app.undo_to(index)
        self.update()

    def redo(self) -> None:
        self.selected = -1
        self.app.redo()
        self.update()
