"""Game end: the winner and why, a score table with the breakdown (minions, buildings, money, loans,
demons) and the tie-break, and a chart of each player's points over the game."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from kivy.graphics import Color, Line
from kivy.metrics import dp, sp
from kivy.properties import DictProperty, ListProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.morpork.scoring import final_score
from ui.palette import PLAYER_RGB
from ui.screens.base import GameScreen
from ui.screens.table import FittedGrid, _cell
from ui.widgets import player_name

if TYPE_CHECKING:
    from companion.morpork.game import Game



def points_over_game(games: Iterable[Game]) -> dict[str, list[int]]:
    """Each colour's points (as if the game ended then) after every input (``games`` is read once,
    in order: the session rebuilds its positions as they are asked for)."""
    series: dict[str, list[int]] = {}
    for game in games:
        for color, points in final_score(game.state).points.items():
            series.setdefault(color, []).append(points)
    return series


LINE_WIDTH = 2.0
"""A player's line on the chart: Kivy draws it this far either side of its path (4 px thick, as
measured on a screenshot), so lines spread twice this apart lie side by side, neither covering the
other."""


def spread_ties(series: dict[str, list[int]], step: float) -> dict[str, list[float]]:
    """Each series' offset (in pixels, up or down) at each step, so that players with the same
    points there are drawn side by side instead of one line hiding the others: a group of ``k``
    equal values is spread ``step`` apart around the true value (in the order of ``series``, the
    turn order); a player alone at a value is drawn on it."""
    offsets = {color: [0.0] * len(values) for color, values in series.items()}
    longest = max((len(v) for v in series.values()), default=0)
    for i in range(longest):
        groups: dict[int, list[str]] = {}
        for color, values in series.items():
            if i < len(values):
                groups.setdefault(values[i], []).append(color)
        for colors in groups.values():
            for j, color in enumerate(colors):
                offsets[color][i] = (j - (len(colors) - 1) / 2) * step
    return offsets


def _loans_cell(repaid: int, penalty: int, t: Any) -> str:
    """What the loans cost at the end, only what there is: the money ``repaid`` ("-$12", German
    "-12 $") and the points lost for a loan not repaid (``penalty``, "-15"). It read "-$12 0" for a
    loan repaid, the 0 a penalty of none, and "-$0 -15" for one that could not be."""
    parts = ["-" + t("${amount}").format(amount=repaid)] if repaid else []
    if penalty:
        parts.append(str(penalty))
    return " ".join(parts) or "–"


def _buildings_cell(buildings: int, points: int) -> str:
    """The buildings that score and their points, "2⌂=18" (the column's own sign, as the minions'
    "3×5=15"), or "–" for none: it read "2: 18" and "0: 0", which no player could read as a count
    and the points their costs make (each building its area's cost, twice that in the Polish
    edition: rulebook, "Winning the game")."""
    return f"{buildings}⌂={points}" if buildings else "–"


def _voided_cell(minions: int, buildings: int) -> str:
    """The pieces a demon's area keeps from scoring, only what there is ("-2♟", "-1♟ -1⌂"), or "–"
    for none: it read "-2♟ -0⌂" at an Italian table's end, a count of no buildings (as the loans'
    cell once wrote "-$12 0")."""
    parts = [f"-{minions}♟"] if minions else []
    if buildings:
        parts.append(f"-{buildings}⌂")
    return " ".join(parts) or "–"


class PointsChart(Widget):
    """A line per player; x is the step, y the points. Players level with each other are drawn
    side by side, a line's width apart (see :func:`spread_ties`): found by playing, three players
    who passed every turn drew one blue line and the others seemed missing. The legend above the
    chart names each line with its points."""

    series = DictProperty({})
    colors = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self.redraw, size=self.redraw, series=self.redraw)

    def redraw(self, *_args: Any) -> None:
        self.canvas.clear()
        series = self.series
        if not series:
            return
        longest = max(len(v) for v in series.values())
        top = max(max(v) for v in series.values() if v)
        low = min(0, min(min(v) for v in series.values() if v))
        span = max(1, top - low)
        width = dp(LINE_WIDTH)
        offsets = spread_ties(dict(series), 2 * width)
        margin = width * len(series)  # room for a spread group at the top and the bottom
        height = max(1.0, self.height - 2 * margin)
        with self.canvas:
            Color(0.6, 0.55, 0.5)
            Line(points=[self.x, self.y, self.right, self.y], width=1)
            Line(points=[self.x, self.y, self.x, self.top], width=1)
            for color, values in series.items():
                Color(*PLAYER_RGB[color])
                points: list[float] = []
                for i, v in enumerate(values):
                    x = self.x + (self.width * i / max(1, longest - 1))
                    y = self.y + margin + height * (v - low) / span + offsets[color][i]
                    points += [x, y]
                if len(points) >= 4:
                    Line(points=points, width=width)


class GameEndScreen(GameScreen):
    DROPS_WIDGETS = True

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.drawn: tuple[Any, ...] | None = None
        """The game, language and colour mode the cells on screen were made for."""

    def release(self) -> None:
        """The score table's cells and the chart's lines: :meth:`update` makes them again each
        time the screen is shown (a cell is a Label: some 70 KB with its texture)."""
        super().release()
        self.ids.scores.clear_widgets()
        self.ids.chart.series = {}
        self.ids.legend.text = ""
        self.drawn = None

    def update(self) -> None:
        app = self.app
        game = app.game
        if game is None:
            return
        drawn = (game, app.lang, app.colorblind)
        last = self.drawn
        # each input makes a new Game, so ``is`` tells a new one without comparing whole games
        if self.ids.scores.children and last is not None and last[0] is game and last[1:] == drawn[1:]:
            return  # on screen already: ``app.show`` updates a screen on enter and at the next revision
        self.drawn = drawn
        state = game.state
        over = state.game_over
        t = app.t
        score = final_score(state)
        if over is not None:
            winners = ", ".join(player_name(state, c) for c in over.winners) or t("nobody")
            reason = t("reason:" + over.reason)
            extra = f" ({app.translator.personality(over.personality)})" if over.personality else ""
            self.ids.winner.text = f"★ {winners} — {reason}{extra}"
            self.ids.winner.topic = ["personality", over.personality] if over.personality else ["rule", "points"]
        else:
            self.ids.winner.text = t("If the game ended now:")
            self.ids.winner.topic = ["rule", "points"]
        table: FittedGrid = self.ids.scores  # the kv rule names the class: imported here, registered
        table.clear_widgets()
        for head in (t("Player"), "♟", "⌂", "$", t("Loans"), "☠", t("Total"), t("Tie-break")):
            table.add_widget(_cell(head, bold=True))
        for color in state.colors:
            s = score.breakdown[color]
            table.add_widget(_cell(player_name(state, color), halign="left"))
            table.add_widget(_cell(f"{s.minions}×5={s.minion_points}"))
            table.add_widget(_cell(_buildings_cell(s.buildings, s.building_points)))
            table.add_widget(_cell(str(s.money_points)))
            table.add_widget(_cell(_loans_cell(s.money - s.money_points, s.loan_penalty, t)))  # as scored
            table.add_widget(_cell(_voided_cell(s.voided_minions, s.voided_buildings)))
            table.add_widget(_cell(f"[b]{s.total}[/b]"))
            table.add_widget(_cell(str(s.tie_break_value) if s.tie_break_value else "–"))  # no card: nothing to compare
        table.measure_columns()
        rule = t("tie-break:" + score.tie_break)
        self.ids.tiebreak.text = rule
        if app.session is not None:
            series = points_over_game(app.session.positions)
            self.ids.chart.series = series
            self.ids.legend.text = "   ".join(f"{player_name(state, color)} {values[-1]}"
                                               for color, values in series.items() if values)
        self.score = score
