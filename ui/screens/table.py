"""The table: the schematic map with every piece as counts per colour, the players' money,
buildings, City Area cards, loans and hand sizes, the bank and the draw pile, and a public progress
board of every win condition for every player (only what anyone could count on the board)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

from kivy.metrics import dp, sp
from kivy.properties import ObjectProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.morpork import scoring
from companion.morpork.board import BUILDINGS_PER_PLAYER, MINIONS_PER_PLAYER, TROUBLE_MARKERS
from ui import mapwidget  # noqa: F401  (registers MapWidget for the kv files of the map screens)
from ui.rulebook_view import RulebookLabel
from ui.running import running_app
from ui.screens.base import GameScreen
from ui.widgets import player_name

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from companion.core.procedure import Narration
    from companion.morpork.game import Game
    from companion.morpork.state import State


def _cell(text: str, bold: bool = False, halign: str = "center", size: float = 13, lines: int = 1,
          topic: list[str] | None = None) -> Label:
    kind = RulebookLabel if topic else Label  # a header naming a personality explains it on a long press
    label = kind(text=text, markup=True, bold=bold, font_size=sp(size), size_hint_y=None,
                 height=dp(24) if lines == 1 else dp(34), halign=halign, valign="middle",
                 shorten=lines == 1, max_lines=lines)
    label.bind(size=lambda w, _v: setattr(w, "text_size", (w.width, None)))
    if topic:
        label.topic = topic
    return label


CELL_SLACK_DP = 6
"""Room beside a cell's text, so a column as wide as its widest text never shortens it."""
NAMES_MIN_DP = 60
"""The names column's least width when the figures take nearly all the room (then names shorten)."""


class FittedGrid(GridLayout):
    """A grid whose columns are each at least as wide as their widest text (a header such as
    "Dzielnice" or "Pożyczki", a count such as "12/12", a player's name), so no cell shortens while
    there is room; only when the figures leave too little does the names column (the first) give
    way and its names shorten (found by playing: "Kon...ntinopel" beside empty space, and "1...2"
    for 12 minions, when the columns were sized by their headers alone; the game end's "Poż...zki"
    when its columns were fixed). Call :meth:`measure_columns` after filling it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.natural: list[float] = []
        """Each column's widest text (with :data:`CELL_SLACK_DP`), measured when the cells are made."""
        self.bind(width=lambda *_a: self.fit_columns())

    def measure_columns(self) -> None:
        """Measure each column's widest text (the cells are new: not yet wrapped to a width), then
        :meth:`fit_columns`."""
        natural = [0.0] * self.cols
        for i, cell in enumerate(reversed(self.children)):
            cell.texture_update()
            column = i % self.cols
            natural[column] = max(natural[column], cell.texture_size[0] + dp(CELL_SLACK_DP))
        self.natural = natural
        self.fit_columns()

    def fit_columns(self) -> None:
        """Every column at its widest text; the names column narrower only if the grid is too
        narrow for all (the room left over is shared out by the layout as before)."""
        if not self.natural:
            return
        minimum = dict(enumerate(self.natural))
        room = self.width - self.padding[0] - self.padding[2] - self.spacing[0] * (self.cols - 1)
        figures = sum(self.natural[1:])
        if figures + minimum[0] > room:
            minimum[0] = max(dp(NAMES_MIN_DP), room - figures)
        self.cols_minimum = minimum


class _StateGrid(FittedGrid):
    """A table of cells drawn from the public state: grows to its rows' height and is drawn again
    whenever the state it shows changes; its columns fit their texts (:class:`FittedGrid`)."""

    COLUMNS = 1
    state = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("cols", self.COLUMNS)
        kwargs.setdefault("size_hint_y", None)
        super().__init__(**kwargs)
        self.drawn: tuple[Any, ...] | None = None
        self.bind(minimum_height=self.setter("height"), state=lambda *_a: self.draw())

    def draw(self) -> None:
        """:meth:`refresh`, unless the cells show this table in these words already: a screen is
        updated on enter and again on the app's next ``revision`` (``app.show`` bumps it), and
        each cell is a Label (some 70 KB with its texture) made again."""
        app = running_app()
        drawn = (self.state, app.lang, app.colorblind) if app is not None else None
        if drawn is None or drawn != self.drawn or not self.children:
            self.refresh()
            self.measure_columns()
            self.drawn = drawn

    def release(self) -> None:
        """Drop the cells (:meth:`draw` makes them again)."""
        self.clear_widgets()
        self.drawn = None
        self.natural = []

    def refresh(self) -> None:
        """The cells made again from :attr:`state` in the app's language (none while there is no
        state or no running app); what they say is each table's own (:meth:`add_cells`)."""
        self.clear_widgets()
        state = self.state
        app = running_app()
        if state is None or app is None:
            return
        self.add_cells(state, app.t)

    def add_cells(self, state: State, t: Callable[[str], str]) -> None:
        """Add this table's cells for ``state``, its words translated by ``t``."""
        raise NotImplementedError


class TablePanel(_StateGrid):
    """The players' belongings: one row each, the active player starred."""

    COLUMNS = 7

    def add_cells(self, state: State, t: Callable[[str], str]) -> None:
        for head in (t("Player"), "$", "⌂", "♟", t("Cards"), t("Areas"), t("Loans")):
            self.add_widget(_cell(head, bold=True, size=11))  # "Dzielnice", "Pożyczki" whole: measure_columns
        for p in state.players:
            star = "▶ " if p.color == state.active_player and state.game_over is None else ""
            self.add_widget(_cell(star + player_name(state, p.color), halign="left"))
            self.add_widget(_cell(str(p.money)))
            self.add_widget(_cell(f"{state.buildings_on_board(p.color)}/{BUILDINGS_PER_PLAYER}"))
            self.add_widget(_cell(f"{state.minions_on_board(p.color)}/{MINIONS_PER_PLAYER}"))
            self.add_widget(_cell(str(p.hand)))
            self.add_widget(_cell(str(len(state.area_cards_held(p.color)))))
            self.add_widget(_cell(str(len(p.loans))))


class ProgressBoard(_StateGrid):
    """Every win condition for every player, from the public table: what a player would need *if*
    they held that personality. Nobody's secret is used (the public view has none)."""

    COLUMNS = 4

    def add_cells(self, state: State, t: Callable[[str], str]) -> None:
        n = len(state.players)
        self.add_widget(_cell(t("Player"), bold=True, lines=2))
        for head, personality in ((t("Vetinari:\nareas"), "vetinari"), (t("Lords:\ncontrolled"), "selachii"),
                                  (t("Chrysoprase:\nnet worth"), "chrysoprase")):
            self.add_widget(_cell(head, bold=True, size=11, lines=2, topic=["personality", personality]))
        for p in state.players:
            self.add_widget(_cell(player_name(state, p.color), halign="left"))
            self.add_widget(_cell(f"{len(scoring.infiltrated(state, p.color))}/{scoring.VETINARI_AREAS[n]}"))
            self.add_widget(_cell(f"{len(scoring.controlled_areas(state, p.color))}/{scoring.LORD_AREAS[n]}"))
            self.add_widget(_cell(f"{scoring.net_worth(state, p.color)}/{scoring.CHRYSOPRASE_TARGET}"))


def public_state(game: Game, logged: set[str] | None = None) -> State:
    """The table as everyone may see it: the engine's public view, read back into a State.

    A view the format refuses as a position no table reaches (an end the rules do not make, say:
    an engine slip, as a City Area power that ended the game mid-question once was) is still drawn,
    with one line in the log: the table screen, the turn screen and the Journal's map draw every
    position through here, so refusing it stopped the app at each start on that game. ``logged``
    (the app's :attr:`~ui.companion_app.CompanionApp.slips_logged`) holds the lines said already:
    each is said once, not at every draw. A view whose structure is broken still raises."""
    from companion.morpork.state_format import state_from_json, unreachable_problem
    from companion.morpork import game as engine
    state = state_from_json(engine.view(game, None), check_reachable=False)
    problem = unreachable_problem(state)
    if problem is not None:
        line = f"the engine's position at step {game.seq} is one no table reaches ({problem}); it is drawn as it is"
        if logged is None or line not in logged:
            log.warning("%s", line)
            if logged is not None:
                logged.add(line)
    return state


def public_narration(game: Game) -> list[Narration]:
    """The log as the whole table may read it (no ``private.*`` lines: those are one player's)."""
    from companion.morpork import game as engine
    return list(engine.narration_for(game, None))


class TableScreen(GameScreen):
    MAPS = ("map",)
    DROPS_WIDGETS = True

    def release(self) -> None:
        """The grids' cells too: :meth:`update` makes them again each time the screen is shown."""
        super().release()
        self.ids.players.release()
        self.ids.progress.release()

    def update(self) -> None:
        app = self.app
        game = app.game
        if game is None:
            return
        state = public_state(game, app.slips_logged)
        self.ids.map.state = state
        for grid in (self.ids.players, self.ids.progress):
            grid.state = state  # a new table: the grid draws it (its ``state`` binding)
            grid.draw()  # an equal one is not set: drawn here if it is not on screen already
        t = app.t
        # each item held together by no-break spaces: a Polish or German line wrapped "Tura" from its "16"
        self.ids.pools.text = "   ".join(item.replace(" ", "\u00a0") for item in [
            f"{t('Bank')} " + t("${amount}").format(amount=state.bank),  # "$79", German "79 $" as the rulebook
            f"{t('Draw pile')} {state.draw_pile}",
            f"⚠ {state.trouble_on_board()}/{TROUBLE_MARKERS} ({t('Dragon King')} {scoring.DRAGON_KING_TROUBLE})",
            f"{t('Turn')} {state.turn.number}",
        ])
