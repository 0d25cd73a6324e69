"""Setup: 2–4 players with names and colours and the rules edition; then the engine's set-up
questions — the first player by a die roll, each personality scanned or picked secretly behind a
privacy gate that closes again after the answer."""
from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty

from companion.morpork.board import COLORS
from companion.morpork.options import EDITIONS
from ui.screens.base import GameScreen
from ui.screens.morpoly.common import is_morpoly
from ui.screens.table import public_narration


class SetupScreen(GameScreen):
    DROPS_WIDGETS = True
    form = BooleanProperty(True)
    player_count = NumericProperty(3)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.row_colors: list[str] = list(COLORS)
        self.edition = "en"
        self._form_widget: Any = None
        self._name_boxes: list[Any] = []  # the form's four name boxes while the form is dropped

    def _parts(self) -> tuple[Any, Any]:
        from kivy.factory import Factory
        if self._form_widget is None:
            self._form_widget = Factory.SetupForm()
            for i, box in enumerate(self._name_boxes):  # the boxes typed in, in place of the new ones
                row = self._form_widget.ids[f"row{i}"]
                made = row.ids.name.__self__
                index = row.children.index(made)
                row.remove_widget(made)
                row.add_widget(box, index=index)
                row.ids["name"] = box.proxy_ref
            self._name_boxes = []
        if not hasattr(self, "_questions_widget"):
            self._questions_widget = Factory.SetupQuestions()
        return self._form_widget, self._questions_widget

    def release(self) -> None:
        """The new-game form — four rows of colour buttons and name boxes, the counts and the
        editions, some thirty Labels — is made again when the screen is shown (:meth:`_parts`);
        a game running or finished leaves this screen hidden for good. The four name boxes are
        kept, out of the form, and put in the new one: the names typed stay as they were (and
        Kivy's TextInput keeps the last box whose cursor moved, which would keep its whole form).
        The count, colours and edition are kept on the screen anyway."""
        super().release()
        form = self._form_widget
        if form is None:
            return
        self._name_boxes = []
        for i in range(4):
            box = form.ids[f"row{i}"].ids.name.__self__
            box.focus = False  # the on-screen keyboard goes with it
            box.parent.remove_widget(box)
            self._name_boxes.append(box)
        if form.parent is not None:
            form.parent.remove_widget(form)
        self._form_widget = None

    def _show(self, widget: Any) -> None:
        content = self.ids.content
        if widget.parent is not content:
            content.clear_widgets()
            content.add_widget(widget)

    @property
    def form_ids(self) -> Any:
        return self._parts()[0].ids

    @property
    def question_panel(self) -> Any:
        return self._parts()[1].ids.question

    def in_setup(self) -> bool:
        """Whether the open game is a Discworld game still being set up, whose questions this screen
        shows instead of its form. An Ankh-Morpoly game has a set-up of its own, asked on its board:
        this screen took it for its own when "New game" was tapped during it, and stopped the app."""
        game = self.app.game
        return (game is not None and game.pending is not None and game.pending.name == "setup"
                and not is_morpoly(self.app.session))

    def answers_the_game(self) -> bool:
        """The set-up questions of a Discworld game answer it (its first player's roll); the
        new game's form answers nothing."""
        return self.in_setup()

    def on_pre_enter(self, *_args: Any) -> None:
        if not self.in_setup():
            self.form = True
            self.edition = self.app.settings.edition
        super().on_pre_enter()

    def update(self) -> None:
        app = self.app
        game = app.game
        if not self.in_setup() and (self.form or is_morpoly(app.session)):  # never another game's questions
            self._update_form()
        else:
            self.form = False
            form, questions = self._parts()
            self._show(questions)
            panel = questions.ids.question
            panel.game = game
            panel.question = game.question if game is not None else None
            panel.rebuild()
            lines = [app.translator.narration(n) for n in (public_narration(game)[-6:] if game is not None else [])]
            questions.ids.setup_log.text = "\n".join(lines)

    def _update_form(self) -> None:
        form, _questions = self._parts()
        self._show(form)
        ids = form.ids
        for i in range(4):
            row = ids[f"row{i}"]
            row.opacity = 1 if i < self.player_count else 0
            row.disabled = i >= self.player_count
            for color in COLORS:
                row.ids[color].state = "down" if self.row_colors[i] == color else "normal"
        for n in (2, 3, 4):
            ids[f"count{n}"].state = "down" if self.player_count == n else "normal"
        for edition in EDITIONS:
            ids[f"ed_{edition}"].state = "down" if self.edition == edition else "normal"
        ids.start.disabled = len(set(self.row_colors[: self.player_count])) != self.player_count

    def set_count(self, n: int) -> None:
        self.player_count = n
        self.update()

    def pick_color(self, row: int, color: str) -> None:
        """Choosing a colour another row has swaps the two rows' colours, so colours stay distinct."""
        if color in self.row_colors:
            other = self.row_colors.index(color)
            self.row_colors[other] = self.row_colors[row]
        self.row_colors[row] = color
        self.update()

    def set_edition(self, edition: str) -> None:
        self.edition = edition
        self.update()

    def start(self) -> None:
        n = self.player_count
        colors = self.row_colors[:n]
        names = [self.form_ids[f"row{i}"].ids.name.text.strip() or self.app.translator.color(colors[i]) for i in range(n)]
        self.form = False
        self.app.start_game(colors, names, self.edition)
