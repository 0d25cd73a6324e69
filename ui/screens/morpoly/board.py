"""The Ankh-Morpoly table at 800×480: the 40 squares as a ring (tokens, owners' colours, houses and
hotels, mortgages; a tap shows the deed, its owner and the rent now), the question the engine asks
in the ring's middle (big buttons; a roll of two dice as a face pad, or the simulated pair; a card
from the edition's deck), and beside it the money panel (every party's cash, net worth, the bank) and
the latest narration. It draws the engine's state and questions only."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator

from kivy.clock import Clock
from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.anchorlayout import AnchorLayout
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup
from kivy.uix.scrollview import ScrollView
from kivy.uix.togglebutton import ToggleButton

from companion.core.inputs import Answer, CardScan, DieRoll
from companion.morpoly import ledger_view
from companion.morpoly import money as engine_money
from companion.morpoly.board_view import opposite_pairs
from companion.morpoly.elam import death
from companion.morpoly.game_end import ONE_PARTY_LEFT, TIME_LIMIT, ending
from companion.morpoly.handovers import Handover, handovers, is_checker
from companion.morpoly.layout import opposite
from companion.morpoly.money import BANK
from companion.morpoly.rules import is_variant
from companion.morpoly.state import JAIL_ATTEMPTS
from ui.i18n import sentence
from ui.palette import PLAYER_RGB, SHAPE, hex_color
from ui.screens.base import GameScreen
from ui.screens.morpoly.common import (GROUP_RGB, GUILD_NAMES, HOTEL_MARK, MORTGAGE_MARK,
                                       SQUARE_KIND_MARK, chest_mark, cover_words, game_edition, go_name,
                                       is_morpoly, is_plain, money, N_, option_label, paper, party_marks,
                                       party_name, roll_table, TALL_OPTIONS)
from ui.widgets import BigButton, player_markup

END_REASONS = {
    ONE_PARTY_LEFT: N_("One party is left: it controls all Ankh-Morpork."),
    TIME_LIMIT: N_("The agreed time is up: the richest party wins."),
}
"""Why a game ended (the engine's ``GameOver.reason``, R8), as the game-over screen says it."""

PLAIN_END_REASONS = {
    ONE_PARTY_LEFT: N_("Every other player is bankrupt."),
    TIME_LIMIT: N_("The agreed time is up: the richest player wins."),
}
"""Why a plain-Monopoly game (``base=standard``) ended, where its words differ: no party controls
Ankh-Morpork there, the last player not bankrupt wins (the printed rules); at a time limit the
richest player wins — plain Monopoly has players, not the variant's parties (guilds, teams)."""


def ledger_title(game: Any) -> str:
    """The name of the ledger screen (and the board's button to it), untranslated: the FSU ledger of
    the variant; in plain Monopoly, which has no FSU, only where the next roll may lead is on it,
    and the table would not know what an "FSU" is."""
    return N_("Next roll") if is_plain(game) else N_("FSU ledger")


PINNED = {("morpoly.transfer.lift", "keep"), ("morpoly.trade.offer", "propose")}
"""Answers drawn above a question's list instead of at its end: "keep it mortgaged" after a
bankrupt's mortgaged deeds came to a player (a dozen, each with its "lift" button) stood thirteenth,
below the fold, and a table that kept them all had to know to scroll for it; and a trade's
``propose``, after every square of both sides (rules revision 6)."""

LOG_LINES = 12
"""The most lines of the log the board shows (the newest; fewer when they do not fit whole)."""

RING = 11
"""Squares along one side of the board, corners included."""


def ring_cell(index: int) -> tuple[int, int]:
    """(column, row from the bottom) of square ``index``: GO at the bottom right, play runs clockwise
    along the bottom to Jail, up the left side, along the top and down the right side."""
    side, step = divmod(index, 10)
    if side == 0:
        return 10 - step, 0
    if side == 1:
        return 0, step
    if side == 2:
        return step, 10
    return 10, 10 - step


QUESTION_SHARE = 0.4
"""At most this share of the ring's middle is the question's; the answers keep the rest."""

MONEY_SIZES = (14, 13, 12, 11, 10)
"""The money panel's font sizes (sp), largest first: the first that shows every line (:meth:`MorpolyBoardScreen._fit_money`)."""

ROOMY_PARTIES = 4
"""Up to this many parties the money panel gives each two lines (its guilds and net worth under the
cash) and a jailed token a line of its own; a table of five to eight gets one line each, the jail at
its end, so every party and the bank stay in view."""
MANY_PARTIES_SHARE = 0.6
"""The money panel's share of the side (the log has the rest) at a table of more than
:data:`ROOMY_PARTIES`; half otherwise."""

NPC_MARKS = (("death", "☠"), ("luggage", "▤"), ("dibbler", "¤"))
"""ELAM's non-player characters on the ring: Death, the Luggage (while it stands free), CMOT Dibbler."""


def token_size(marks: int, built: bool = False) -> float:
    """The size of the tokens' dots (and NPCs' marks) on one square: big while two fit a square's
    width and nothing is built there, then smaller, so that four players on GO (every game's start)
    and a token on a square with houses are all drawn, with the square's number, instead of wrapping
    onto lines the square has no room for (Kivy drops a centred text's first line)."""
    if marks <= 2 and not built:
        return float(sp(18))
    return float(sp(12)) if marks <= 4 else float(sp(9))


def npc_marks(state: Any) -> dict[int, str]:
    """The marks of the NPCs standing on each square (ELAM; none outside it)."""
    npcs = getattr(state, "npcs", None)
    marks: dict[int, str] = {}
    if npcs is None:
        return marks
    for name, mark in NPC_MARKS:
        if name == "luggage" and npcs.luggage_with:
            continue
        square = int(getattr(npcs, name))
        marks[square] = marks.get(square, "") + f"[b][color=202020]{mark}[/color][/b]"
    return marks


PARTY_MARKS = (("♥", N_("guild members left")), ("✦", N_("a Fortuna token")))
"""The marks beside a party's cash (:func:`party_marks`) and what they mean, for the legend below."""


def marks_legend(app: Any, state: Any) -> str:
    """The legend of the marks the money panel shows now ("♥ guild members left · ✦ a Fortuna
    token"), only of those shown: a table without ELAM or Fortuna sees none."""
    shown = "".join(party_marks(state, party.id) for party in state.parties)
    return " · ".join(f"{mark} {app.t(words)}" for mark, words in PARTY_MARKS if mark in shown)


def jail_lines(app: Any, state: Any, party: Any) -> list[str]:
    """A line for each of the party's tokens sitting in jail (on square 10 it looks like a visitor):
    the attempt its next roll for doubles is, and when that is the third one in ELAM, that failing
    it kills (starvation, L171) instead of the fine."""
    lines = []
    for token in state.tokens:
        if token.party != party.id or not token.in_jail:
            continue
        text = app.t("in jail, attempt {n} of {of}").format(n=token.jail_attempts + 1, of=JAIL_ATTEMPTS)
        if token.jail_attempts == JAIL_ATTEMPTS - 1 and death.starvation_applies(state, token.id):
            text += " · " + app.t("no doubles: starves")
        who = party_name(app, token.id) + ": " if len(party.tokens) > 1 else ""
        lines.append(f"   [size={int(sp(11))}][color=a01818]▦ {who}{text}[/color][/size]")
    return lines


def pair_lines(app: Any, state: Any, index: int) -> list[str]:
    """What each "⇄n" the ring draws on square ``index`` means (the engine's opposite-square pairs,
    :func:`companion.morpoly.board_view.opposite_pairs`): a token of the Wizards or the Fools stands
    here and may be sent to the opposite square ``n``, or stands opposite on ``n`` and may be sent here."""
    lines = []
    for pair in opposite_pairs(state):
        token = party_name(app, pair.token)
        if pair.square == index:
            lines.append(app.t("⇄{n}: {token} stands here; the Wizards' or the Fools' powers may send it to the "
                               "opposite square, {n}").format(n=pair.opposite, token=token))
        elif pair.opposite == index:
            lines.append(app.t("⇄{n}: {token} stands opposite, on {n}; the Wizards' or the Fools' powers may send "
                               "it here").format(n=pair.square, token=token))
    return lines


def party_shape(party: str) -> str:
    """A seat's own shape (● ▲ ■ ◆), as the journal and every sentence mark it: a player who cannot
    tell the yellow from the green dot on the ring still tells ▲ from ■."""
    return SHAPE.get(party, "●")


def party_rgb(party: str) -> tuple[float, float, float]:
    return PLAYER_RGB.get(party, (0.8, 0.8, 0.8))


SMALLEST_MARKS = 7
"""The smallest the tokens' marks on a square are drawn (sp), to keep every line of a crowded square."""

PAIR_SIZES = (9, 8, 7)
"""The sizes (sp) the Wizards' and the Fools' "⇄n" marks on a square are drawn at, largest first."""

FRAME_ROOM = 5
"""How far (dp) the owner's frame reaches into its square at each side (drawn 2 dp in, 2.2 dp
thick), and a hair beyond: a line of the square's text wider than the rest is drawn over the frame,
where an arrow of the owner's colour cannot be told from it (:meth:`SquareCell.fits`)."""

MARKS_APART = (" ", "")
"""What stands between the last line's pairs or buildings and the tokens' marks after them, tried in
turn: a space as small as the marks, then none (four houses and two tokens' pairs leave no 2 px)."""


def pair_marks(marks: list[tuple[str, int]]) -> str:
    """The Wizards' and the Fools' marks on one square, each ``(colour, n)``: an arrow in each
    token's colour, then the opposite square's number once, in the last one's colour ("⇄⇄19"). Every
    mark on a square names the same square, its opposite; written out for each token ("⇄19⇄19"),
    two were wider than a square with four houses."""
    if not marks:
        return ""
    arrows = "".join(f"[color={rgb}]⇄[/color]" for rgb, _n in marks[:-1])
    rgb, n = marks[-1]
    return f"{arrows}[color={rgb}]⇄{n}[/color]"

MEASURED_KEPT = 512
"""At most this many drawn texts are remembered (:func:`_drawn`): a game's squares and panel lines."""


@lru_cache(maxsize=1)
def _probe() -> Label:
    """The one label :func:`_drawn` lays texts out on (never shown)."""
    return Label(markup=True, halign="center")


@lru_cache(maxsize=MEASURED_KEPT)
def _drawn(text: str, font_size: float, width: float | None = None) -> tuple[float, float, tuple[float, ...]]:
    """How wide and tall ``text`` (markup) is drawn at ``font_size``, wrapped at ``width`` (None: one
    line per line of the text), and how wide each line Kivy drew is: Kivy wraps only between a text's
    pieces (its words and markup), so a piece wider than the room left stays on its line and runs
    over a square's frame. Remembered by text, font size and width: each step draws the ring three
    times (its text, its redraw, the redraw after the layout pass) and the money panel twice, and
    about three of four measures a step made (58 at a table of eight) were of a text measured
    already, a texture rendered each time."""
    probe = _probe()
    probe.font_size, probe.text_size, probe.text = font_size, (width, None), text
    probe.texture_update()
    lines = tuple(float(line.w) for line in probe._label._cached_lines)
    return float(probe.texture_size[0]), float(probe.texture_size[1]), lines


class SquareCell(ButtonBehavior, Label):
    """One square of the ring: its group's strip, the owner's frame, buildings, mortgage, tokens."""

    def __init__(self, index: int, **kwargs: Any) -> None:
        super().__init__(markup=True, halign="center", valign="middle", font_size=sp(10), **kwargs)
        self.index = index
        self.group_rgb: tuple[float, float, float] | None = None
        self.owner_rgb: tuple[float, float, float] | None = None
        self.mortgaged = False
        self.selected = False  # the square tapped, or its opposite, while its deed is shown
        self.lines: tuple[list[str], str, int, str] = ([], "", 0, "")
        self.bind(pos=self.redraw, size=self.redraw)

    def show(self, head: list[str], dots: str, size: int, pairs: str = "") -> None:
        """The square's lines: ``head`` (its number and name, then what is built on it), the Wizards'
        and the Fools' ``pairs`` ("⇄n", :func:`pair_marks`) and the marks of the tokens on it, ``dots``,
        at ``size``; see :meth:`fit`."""
        self.lines = (head, dots, size, pairs)
        self.fit()

    def fit(self) -> None:
        """The square's text, made tighter (:meth:`crowded`) until it fits the square: no taller than
        the square (Kivy drops a centred text's first line, and eight tokens on GO beside the Wizards'
        "⇄20", a table of eight's start, took two lines of marks, so GO lost "0 Los"), and no line of
        what is built and paired wider than the square inside its owner's frame (four houses and two
        tokens' "⇄19⇄19" ran 44 px into a 43 px square, cut at both sides)."""
        candidates = self.crowded(*self.lines)
        text = next(candidates)
        if self.width > 1 and (self.lines[1] or self.lines[3]):
            for text in [text, *candidates]:
                if self.fits(text):
                    break
        self.text = text

    def fits(self, text: str) -> bool:
        """Whether ``text`` wrapped at the square's width is no taller than the square and no line
        of it wider than the room inside the owner's frame (:data:`FRAME_ROOM`; an unowned square's
        border is a hairline)."""
        _width, height, widths = _drawn(text, self.font_size, self.width)
        room = self.width - 2 * dp(FRAME_ROOM) if self.owner_rgb is not None else self.width
        return bool(height <= self.height and max(widths, default=0.0) <= room)

    @staticmethod
    def crowded(head: list[str], dots: str, size: int, pairs: str = "") -> Iterator[str]:
        """A square's text, more and more tightly: the pairs beside what is built, or on a line of
        their own, at :data:`PAIR_SIZES`; under each, the marks at ``size`` and smaller, then (a line
        saved) the marks after the line above them (:data:`MARKS_APART`)."""
        smallest = int(sp(SMALLEST_MARKS))
        for heading in SquareCell.headings(head, pairs):
            if not dots:
                yield "\n".join(heading)
                continue
            for smaller in range(size, smallest - 1, -1):
                yield "\n".join(heading + [f"[size={smaller}]{dots}[/size]"])
            for apart in MARKS_APART if len(heading) > 1 else ():
                for smaller in range(size, smallest - 1, -1):
                    yield "\n".join(heading[:-1] + [f"{heading[-1]}[size={smaller}]{apart}{dots}[/size]"])

    @staticmethod
    def headings(head: list[str], pairs: str) -> Iterator[list[str]]:
        """``head`` with the pairs' marks: after what is built on its line, then on a line of their
        own, each at :data:`PAIR_SIZES` (with nothing built, on their own line only)."""
        if not pairs:
            yield head
            return
        sizes = [int(sp(s)) for s in PAIR_SIZES]
        if len(head) > 1:
            for s in sizes:
                yield head[:-1] + [f"{head[-1]}[size={s}]{pairs}[/size]"]
        for s in sizes:
            yield head + [f"[size={s}]{pairs}[/size]"]

    def redraw(self, *_args: Any) -> None:
        self.text_size = self.size
        if self.lines[1] or self.lines[3]:
            self.fit()  # the square's size is known now (drawn before its layout, it was 100 × 100)
        self.canvas.before.clear()
        with self.canvas.before:
            Color(0.35, 0.35, 0.35, 1) if self.mortgaged else Color(0.93, 0.91, 0.85, 1)
            Rectangle(pos=self.pos, size=self.size)
            if self.group_rgb is not None:
                Color(*self.group_rgb, 1)
                # y + height, not ``top``: called from the pos binding, ``top`` may still be the old one
                # (a strip was drawn four squares lower after a resume, over squares 11 and 12)
                Rectangle(pos=(self.x, self.y + self.height * 0.78), size=(self.width, self.height * 0.22))
            if self.owner_rgb is not None:
                Color(*self.owner_rgb, 1)
                Line(rectangle=(self.x + 2, self.y + 2, self.width - 4, self.height - 4), width=dp(2.2))
            else:
                Color(0.2, 0.2, 0.2, 1)
                Line(rectangle=(self.x, self.y, self.width, self.height), width=1)
            if self.selected:
                Color(0.55, 0.1, 0.75, 1)
                Line(rectangle=(self.x + 1, self.y + 1, self.width - 2, self.height - 2), width=dp(3))


class MorpolyBoardScreen(GameScreen):
    """See the module docstring."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._built = False
        self.faces: list[int | None] = [None, None]
        self.selected: tuple[int, ...] = ()  # the square whose deed is shown, and its opposite
        self._log_lines: list[str] = []  # the log's newest lines, translated (:meth:`_draw_log`)

    # -- building ------------------------------------------------------------------------
    def _build(self) -> None:
        root = BoxLayout()
        paper(root)
        self.ring = FloatLayout(size_hint_x=None)
        root.bind(height=lambda _w, h: setattr(self.ring, "width", h))
        self.cells: list[SquareCell] = []
        for index in range(40):
            col, row = ring_cell(index)
            cell = SquareCell(index, color=(0.05, 0.05, 0.05, 1),
                              size_hint=(1 / RING, 1 / RING), pos_hint={"x": col / RING, "y": row / RING})
            cell.bind(on_release=lambda c: self.show_square(c.index))
            self.cells.append(cell)
            self.ring.add_widget(cell)
        middle = BoxLayout(orientation="vertical", size_hint=(9 / RING, 9 / RING),
                           pos_hint={"x": 1 / RING, "y": 1 / RING}, padding=dp(4), spacing=dp(4))
        paper(middle, (0.86, 0.82, 0.72))
        self.question_label = Label(font_size=sp(16), bold=True, size_hint_y=None, height=dp(56), markup=True,
                                    halign="center", valign="middle")
        self.question_label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                                 texture_size=self._fit_question)
        middle.add_widget(self.question_label)
        self.answer_area = BoxLayout(orientation="vertical", spacing=dp(4))
        middle.add_widget(self.answer_area)
        self.message_label = Label(font_size=sp(12), color=(0.7, 0.1, 0.05, 1), size_hint_y=None, height=dp(30),
                                   markup=True)
        self.message_label.bind(size=lambda w, _v: setattr(w, "text_size", w.size))
        middle.add_widget(self.message_label)
        # The board has no status bar: its message line follows the app's message itself. A refusal
        # that changes nothing else (one d12 thrown for "roll both dice", a throw while a card is
        # asked) bumps no revision, and the line stayed empty — the table never heard why its
        # throw did not count. A method, not a lambda: Kivy keeps it weakly, the app never holds
        # a dropped board.
        self.app.bind(message=self._message_changed)
        self.ring.add_widget(middle)
        root.add_widget(self.ring)
        side = BoxLayout(orientation="vertical", padding=dp(4), spacing=dp(4))
        self.money_lines: tuple[list[str], dict[int, str]] = ([], {})  # drawn by _fit_money at its size
        self.money_label = Label(markup=True, font_size=sp(14), halign="left", valign="top", size_hint_y=0.5)
        self.money_label.bind(size=lambda _w, _v: self._fit_money())
        side.add_widget(self.money_label)
        # The log stands at the bottom of its half and shows whole lines only (:meth:`_fit_log`)
        self.log_box = AnchorLayout(anchor_y="bottom", size_hint_y=0.5)
        self.log_label = Label(markup=True, font_size=sp(12), halign="left", size_hint_y=None)
        # a new width or room fits the log again after the layout that gave it (a width set inside
        # the layout's ``size = w, h`` would see its height set back by that same assignment)
        fit_soon = Clock.create_trigger(lambda _dt: self._fit_log())
        self.log_label.bind(width=lambda _w, _v: fit_soon())
        self.log_box.bind(height=lambda _b, _h: fit_soon())
        self.log_box.add_widget(self.log_label)
        side.add_widget(self.log_box)
        buttons = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(4))
        self.home_button = BigButton(font_size=sp(14))
        self.home_button.bind(on_release=lambda _b: self.app.show("home"))
        self.ledger_button = BigButton(font_size=sp(14))
        self.ledger_button.bind(on_release=lambda _b: self.app.show("morpoly-ledger"))
        self.journal_button = BigButton(font_size=sp(14))
        self.journal_button.bind(on_release=lambda _b: self.app.show("journal"))
        for b in (self.home_button, self.ledger_button, self.journal_button):
            buttons.add_widget(b)
        side.add_widget(buttons)
        root.add_widget(side)
        self.add_widget(root)
        self._built = True

    def _message_changed(self, _app: Any, message: str) -> None:
        self.message_label.text = message

    def _fit_question(self, label: Label, size: list[float]) -> None:
        """The question grows to show every line (a long name and a debt's amounts take three or
        four lines in German; a fixed height dropped the first, the player and the amount), up to
        :data:`QUESTION_SHARE` of the middle, then its font gets smaller instead."""
        most = max(dp(56), self.ring.height * 9 / RING * QUESTION_SHARE)
        if size[1] > most and label.font_size > sp(11):
            label.font_size = max(sp(11), label.font_size - sp(1))  # laid out again: called again
            return
        label.height = min(most, max(dp(56), size[1] + dp(4)))

    # -- drawing -------------------------------------------------------------------------
    def update(self) -> None:
        if not self._built:
            self._build()
        app = self.app
        game = app.game
        self.home_button.text = app.t("Home")
        self.ledger_button.text = app.t(ledger_title(game))
        self.journal_button.text = app.t("Journal")
        self.message_label.text = app.message
        if game is None or not is_morpoly(app.session):
            return
        self._draw_ring(game)
        self._draw_money(game)
        self._draw_log(game)
        self._draw_question(game)

    def _draw_log(self, game: Any) -> None:
        """The last twelve lines of the log, in a plain-Monopoly game in its own words where they
        differ from the variant's (:meth:`ui.i18n.Translator.narration`'s ``base``), as many of
        them as fit whole (:meth:`_fit_log`)."""
        base = "" if is_variant(game.state) else "standard"
        self._log_lines = [self.app.translator.narration(n, base) for n in game.narration[-LOG_LINES:]]
        self._fit_log()

    def _fit_log(self) -> None:
        """As many of the newest lines as fit whole in the log's half of the side, the label as tall
        as they are, at the bottom. Cut by the box instead, the top showed the end of a wrapped line
        without its beginning ("Straße", "(Hicks!)"), or half a line of text. Laid out here and now
        (``texture_update``), not a line per frame, so a screen read after a redraw is whole; when
        the twelve do not fit, the most that do are found by halving (some four layouts, not eleven)."""
        label = self.log_label
        label.text_size = (label.width, None)
        lines = self._log_lines
        room = self.log_box.height

        def fits(shown: int) -> bool:
            label.text = "\n".join(lines[len(lines) - shown:]) if shown else ""
            label.texture_update()
            return bool(label.texture_size[1] <= room)

        if not fits(len(lines)) and len(lines) > 1:
            most, fewest = len(lines) - 1, 1  # the newest line is shown even alone too tall
            while fewest < most:
                middle = (fewest + most + 1) // 2
                if fits(middle):
                    fewest = middle
                else:
                    most = middle - 1
            fits(fewest)
        label.height = label.texture_size[1]

    def _draw_ring(self, game: Any) -> None:
        app, state, ed = self.app, game.state, game_edition(game)
        tokens_on: dict[int, list[str]] = {}
        pending = self.pending(game)
        for token in state.tokens:
            for square in (pending[1] if pending and pending[0] == token.id else (token.square,)):
                tokens_on.setdefault(square, []).append(token.party)
        paired: dict[int, list[tuple[str, int]]] = {}  # the opposite-square pairing, where a guild can use it
        for pair in opposite_pairs(state):
            rgb = hex_color(party_rgb(state.token(pair.token).party))
            paired.setdefault(pair.square, []).append((rgb, pair.opposite))
            paired.setdefault(pair.opposite, []).append((rgb, pair.square))
        for cell in self.cells:
            square = ed.squares[cell.index]
            owned = state.squares.get(cell.index)
            cell.group_rgb = GROUP_RGB.get(square.group or "")
            cell.owner_rgb = party_rgb(owned.owner) if owned is not None and owned.owner else None
            cell.mortgaged = bool(owned is not None and owned.mortgaged)
            mark = SQUARE_KIND_MARK.get(square.kind, "")
            build = ""
            if owned is not None and owned.hotel:
                build = f"[b][color=c02020]{app.t(HOTEL_MARK)}[/color][/b]"
            elif owned is not None and owned.houses:
                build = "[b][color=208020]" + "⌂" * owned.houses + "[/color][/b]"
            if cell.mortgaged:
                build = f"[color=ffffff]{app.t(MORTGAGE_MARK)}[/color]"
            on_square = tokens_on.get(cell.index, [])
            npcs = npc_marks(state).get(cell.index, "")
            size = int(token_size(len(on_square) + npcs.count("[b]"), built=bool(build or paired.get(cell.index))))
            dots = "".join(f"[color={hex_color(party_rgb(p))}]{party_shape(p)}[/color]" for p in on_square) + npcs
            pairs = pair_marks(paired.get(cell.index, []))
            cell.selected = cell.index in self.selected or bool(pending and cell.index in pending[2])
            named = (go_name(ed) if square.kind == "go" else chest_mark(app, ed) if square.kind == "chest"
                     else app.t(mark) if mark else "")
            lines = [f"[size={int(sp(9))}]{cell.index}[/size] {named}"]
            if build:
                lines.append(build)
            cell.show(lines, dots, size, pairs)
            cell.redraw()
        def redraw_all(_dt: float) -> None:
            for c in self.cells:
                c.redraw()

        Clock.schedule_once(redraw_all, 0)  # after the ring's layout pass

    @staticmethod
    def pending(game: Any) -> tuple[str, tuple[int, ...], tuple[int, ...]] | None:
        """A token the table has put down where the engine has not yet: the token, the squares it is
        drawn on and the squares marked. A Fool or Beggar asked whether to stop or step on one square
        (L73, L109) is drawn on the square it walked to, that square and the next marked; the Undead's
        two halves (L83), both resolved, are both drawn and marked until one is kept."""
        question = game.question
        if question is None or question.key not in ("morpoly.move.step", "morpoly.undead.keep"):
            return None
        params = dict(question.params)
        try:
            if question.key == "morpoly.move.step":
                here, there = int(params["square"]), int(params["target"])
                return params["token"], (here,), (here, there)
            halves = (int(params["first_square"]), int(params["second_square"]))
            return params["token"], halves, halves
        except (KeyError, ValueError):
            return None

    def _draw_money(self, game: Any) -> None:
        """As the bank: every party's cash (the app holds it). As a checker: who hands whom which
        amount for the latest step that moved money, then what each should hold."""
        app, state, ed = self.app, game.state, game_edition(game)
        lines: list[str] = []
        tails: dict[int, str] = {}  # a party's guilds and jail after its cash (see _fit_money)
        checker = is_checker(state)
        many = len(state.parties) > ROOMY_PARTIES
        # a table of five to eight: the panel takes more of the side, the log less
        self.money_label.size_hint_y = MANY_PARTIES_SHARE if many else 0.5
        self.log_box.size_hint_y = 1 - self.money_label.size_hint_y
        if checker:
            lines.append(f"[b]{app.t('Hand over')}[/b]")
            lines += [self.handover_text(h, ed) for h in self.last_handovers()] or [app.t("Nothing to hand over.")]
            lines.append(f"[b]{app.t('Each should hold')}[/b]")
        else:
            lines.append(f"[b]{app.t('Money (the app is the bank)')}[/b]")
        for party in state.parties:
            guilds = ", ".join(app.t(GUILD_NAMES.get(g, g)) for g in party.guilds)
            rgb = hex_color(party_rgb(party.id))
            at_turn = state.turn.token if state.game_over is None else None  # a game over is nobody's turn
            turn = " ◀" if at_turn == party.boss else ""
            # a team (a takeover): its other players by name, the one whose turn it is marked, not the boss
            team = [party_name(app, t) + (" ◀" if t == at_turn else "") for t in party.tokens if t != party.boss]
            if team:
                turn += " " + app.t("with {names}").format(names=", ".join(team))
            # the marks after the cash: "♥18 731 €" before it read as 18,731 € (and, wrapped, "♥10" / "424 €")
            cash = money(ed, party.cash, app.translator.language) + party_marks(state, party.id)
            jail = jail_lines(app, state, party)
            # at a table of five to eight, the jail at the end of the party's own line, not under it
            after = "".join(" " + line.strip() for line in jail) if many else ""
            head = f"[color={rgb}]{party_shape(party.id)}[/color]"
            if checker:
                lines.append(f"{head} {party_name(app, party.boss)}{turn}  {cash}{after}")
            elif many:  # one line each: the guilds small, the net worth left out
                tails[len(lines)] = f"[size={int(sp(10))}]{guilds}[/size]{after}"
                lines.append(f"{head} [b]{party_name(app, party.boss)}[/b]{turn}  {cash}")
            else:
                worth = engine_money.net_worth(state, ed, party.id)
                lines.append(f"{head} [b]{party_name(app, party.boss)}[/b]{turn}  "
                             f"{cash}\n   [size={int(sp(11))}]{guilds + ' · ' if guilds else ''}"
                             f"{app.t('net worth')} {money(ed, worth, app.translator.language)}[/size]")
            if not many:
                lines += jail
        bank = money(ed, state.bank.cash, app.translator.language)
        lines.append(f"[b]{app.t('Bank')}[/b] {bank} · ⌂{state.bank.houses} · {app.t(HOTEL_MARK)}{state.bank.hotels}")
        legend = marks_legend(app, state)
        if legend:
            lines.append(f"[size={int(sp(11))}][color=505050]{legend}[/color][/size]")
        self.money_lines = (lines, tails)
        self._fit_money()

    def _fit_money(self) -> None:
        """Every line of the money panel drawn: a table of eight with tokens in jail, or paper money's
        handovers above what each should hold, is more lines than its half of the side holds at 14 sp,
        and Kivy dropped the last parties and the bank. The font gets smaller instead, down to 10 sp."""
        label = self.money_label
        for size in MONEY_SIZES:
            label.font_size = sp(size)
            label.text = self.money_text(sp(size))
            label.text_size = (label.width, None)
            label.texture_update()
            if label.texture_size[1] <= label.height:
                break
        label.text_size = label.size

    def money_text(self, font_size: float) -> str:
        """The money panel's lines at ``font_size``: a party's guilds (and jail) after its cash on its
        line where the whole fits the panel's width, else under it, indented. Wrapped by Kivy, a
        German table of eight's "Assassinengilde" began the next line, above the next party's name,
        and read as that party's guild."""
        lines, tails = self.money_lines
        out = []
        for index, line in enumerate(lines):
            tail = tails.get(index)
            if tail is None:
                out.append(line)
            elif _drawn(f"{line}  {tail}", font_size)[0] <= self.money_label.width:
                out.append(f"{line}  {tail}")
            else:
                out.append(f"{line}\n   {tail.strip()}")
        return "\n".join(out)

    def last_handovers(self, look_back: int = 12) -> tuple[Handover, ...]:
        """The handovers of the latest step (of the last ``look_back``) that moved money."""
        session = self.app.session
        if session is None:
            return ()
        positions: Any = session.positions  # Ankh-Morpoly games on this screen
        count = len(session.inputs)
        for step in range(count, max(0, count - look_back), -1):
            moved = handovers(positions[step - 1].state, positions[step].state)
            if moved:
                return moved
        return ()

    def handover_text(self, handover: Handover, ed: Any) -> str:
        app = self.app

        def who(holder: str) -> str:
            if holder == BANK:
                return str(app.t("the bank"))
            return f"[color={hex_color(party_rgb(holder))}]{party_shape(holder)}[/color] {party_name(app, holder)}"

        # a line of its own, with a capital when the bank hands it over ("The bank hands …", not "the bank")
        return sentence(app.t("{payer} hands {payee} {amount}").format(
            payer=who(handover.payer), payee=who(handover.payee), amount=money(ed, handover.amount, app.translator.language)))

    def _draw_question(self, game: Any) -> None:
        app = self.app
        area = self.answer_area
        area.clear_widgets()
        question = game.question
        self.question_label.font_size = sp(16)  # a long question before may have made it smaller
        if question is None:
            over = game.state.game_over
            winner = getattr(over, "winner", "")
            self.question_label.text = app.t("The game is over: {winner} wins.").format(
                winner=party_name(app, winner) if winner else "")
            self._draw_ending(game)
            return
        params = dict(question.params)
        self.question_label.text = app.translator.board_question(question)
        typed = app.typed_now()  # what the pads held for this question (before a restart, say)
        if question.kind == "roll":
            self.faces = list(typed.faces) if typed is not None else [None, None]
            self._face_pad(game, question)
            return
        deck = params.get("deck")
        scroll = ScrollView(do_scroll_x=False)
        grid = GridLayout(cols=1 if deck else 2, spacing=dp(4), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        unavailable = dict(question.unavailable)
        for value in question.options:
            label = option_label(app, game, value, question)
            # a second line (where a way leads, what a hotel's sale leaves standing) needs its room:
            # at 52 dp a sale's three or four lines lost the first and the end of the last
            height = 64 if deck else 88 if "\n" in label or value.startswith(TALL_OPTIONS) else 52
            button = BigButton(text=label, font_size=sp(12 if deck else 15), size_hint_y=None, height=dp(height),
                               value=value, grows=True)
            if value in unavailable:
                button.disabled = True
            button.bind(on_release=lambda b, deck=deck: self.choose(b.value, deck))
            if (question.key, value) in PINNED:
                area.add_widget(button)  # above the list: never scrolled out of sight
            else:
                grid.add_widget(button)
        if getattr(question, "maximum", 0):  # a sum agreed at the table: any amount, not only these
            self.amount_button = BigButton(text=app.t("Another amount…"), font_size=sp(15), size_hint_y=None,
                                           height=dp(52), background_color=(0.2, 0.4, 0.55, 1))
            self.amount_button.bind(on_release=lambda _b: self.ask_amount())
            area.add_widget(self.amount_button)  # above the suggestions' list: never scrolled away
            popup = getattr(self, "amount_popup", None)
            if typed is not None and typed.amount and (popup is None or popup.parent is None):
                self.ask_amount(typed.amount)  # half typed before a restart: the pad, open, not applied
        for value, reason in question.unavailable:
            if value not in question.options:
                # the label and its reason: two lines at the least, often four (a debt's greyed trade in
                # German names the jailed boss); the button grows to its wrapped lines (``grows``), so it
                # starts as tall as two lines need: at a fixed 88 dp a three-line greyed guild (the
                # Assassins without ELAM) stood below the list's visible end, its last line cut off
                button = BigButton(text=option_label(app, game, value) + "\n" + app.translator.reason(reason),
                                   font_size=sp(12), size_hint_y=None, height=dp(52), disabled=True, grows=True)
                grid.add_widget(button)
        scroll.add_widget(grid)
        area.add_widget(scroll)

    def _draw_ending(self, game: Any) -> None:
        """Why the game ended and the standings (every party left, its team, its net worth, richest
        first), as the engine ranks them (:func:`companion.morpoly.game_end.ending`), and the players
        out of the game before its end (the list named only the parties still in it)."""
        app, ed = self.app, game_edition(game)
        ended = ending(game.state, ed)
        if ended is None:
            return
        plain = {} if is_variant(game.state) else PLAIN_END_REASONS
        reason = plain.get(ended.reason) or END_REASONS.get(ended.reason)
        lines = [app.t(reason) if reason is not None else ended.reason, f"[b]{app.t('Standings by net worth')}[/b]"]
        for rank, standing in enumerate(ended.standings, 1):
            rgb = hex_color(party_rgb(standing.party))
            team = [party_name(app, token) for token in standing.tokens if token != standing.boss]
            with_team = " " + app.t("with {names}").format(names=", ".join(team)) if team else ""
            lines.append(f"{rank}. [color={rgb}]{party_shape(standing.party)}[/color] "
                         f"[b]{party_name(app, standing.boss)}[/b]{with_team}  {money(ed, standing.net_worth, app.translator.language)}")
        if ended.out:  # every player's fate: those who left before the end, under the standings
            lines.append(app.t("Out of the game: {names}").format(names=", ".join(
                player_markup(player, party_name(app, player)) for player in ended.out)))
        self.ending_label = Label(text="\n".join(lines), markup=True, font_size=sp(15), color=(0.1, 0.1, 0.1, 1),
                                  halign="left", valign="top")
        self.ending_label.bind(size=lambda w, _v: setattr(w, "text_size", w.size))
        self.answer_area.add_widget(self.ending_label)

    def _face_pad(self, game: Any, question: Any) -> None:
        """Two rows of six faces (one row per die) and the simulated pair; the throw goes to the
        engine as both faces once each die has one."""
        app = self.app
        for die in range(2):
            row = BoxLayout(spacing=dp(3), size_hint_y=None, height=dp(56))
            row.add_widget(Label(text=str(die + 1), size_hint_x=None, width=dp(18), font_size=sp(15), bold=True))
            for face in range(1, 7):
                b = ToggleButton(text="⚀⚁⚂⚃⚄⚅"[face - 1], font_size=sp(30), group=f"morpoly-die{die}",
                                 font_name="DejaVuSans", state="down" if self.faces[die] == face else "normal")
                b.bind(on_release=lambda _b, die=die, face=face: self.tap_face(die, face))
                row.add_widget(b)
            self.answer_area.add_widget(row)
        # The simulated dice only when the die source is the simulated one, as the first game's die
        # pad: with a serial or GPIO pair on the table the button drew two faces of its own, a
        # fake throw one tap away from the real dice (and taken for the real one by a player
        # looking for where to "roll"). A table without its dice chooses the simulated ones in Settings.
        if app.devices.die_status.simulated and app.devices.die is not None:
            sim = BigButton(text=app.t("Simulated roll"), font_size=sp(15), size_hint_y=None, height=dp(52))
            sim.bind(on_release=lambda _b: self.simulated_roll())
            self.answer_area.add_widget(sim)
        # what the faces will mean, when the roll is on one of the variant's tables (else room)
        self.roll_table_label = Label(text=roll_table(app, game, question), font_size=sp(13), color=(0.1, 0.1, 0.1, 1),
                                      halign="left", valign="top")
        self.roll_table_label.bind(size=lambda w, _v: setattr(w, "text_size", w.size))
        self.answer_area.add_widget(self.roll_table_label)

    def ask_amount(self, digits: str = "") -> None:
        """A digit pad for the sum the table agreed (a trade's price, a bid): the engine takes any
        whole amount in its unit up to the most there is, the buttons offer only about ten (a price of
        150 agreed at the table had no button). OK is offered while the question accepts the amount.
        ``digits``: typed before (a restart); every key is kept for a restart too, nothing applied."""
        app, game = self.app, self.app.game
        if game is None or game.question is None:
            return
        question: Any = game.question  # an AmountQuestion (its unit, maximum and accepts)
        ed, language = game_edition(game), app.translator.language
        shown = Label(font_size=sp(26), bold=True, size_hint_y=None, height=dp(44), color=(1, 1, 1, 1))
        hint = Label(font_size=sp(13), size_hint_y=None, height=dp(22), color=(0.85, 0.85, 0.85, 1),
                     text=app.t("{low} to {high}, in steps of {step}").format(
                         low=money(ed, question.unit, language), high=money(ed, question.maximum, language),
                         step=money(ed, question.unit, language)))
        box = BoxLayout(orientation="vertical", spacing=dp(4), padding=dp(4))
        box.add_widget(shown)
        box.add_widget(hint)
        pad = GridLayout(cols=4, spacing=dp(4))
        ok = BigButton(text=app.t("OK"), background_color=(0.2, 0.5, 0.3, 1), disabled=True)
        typed: list[str] = list(digits.lstrip("0")[:len(str(question.maximum))])
        popup = Popup(title=app.t("The amount agreed"), content=box, size_hint=(0.7, 0.95))
        popup.bind(on_dismiss=lambda _p: app.note_typed(amount=""))

        def redraw() -> None:
            text = "".join(typed)
            shown.text = money(ed, int(text), language) if text else "—"
            ok.disabled = not (text and question.accepts(text))

        def key(k: str) -> None:
            if k == "⌫":
                if typed:
                    typed.pop()
            elif len(typed) < len(str(question.maximum)):
                if not (k == "0" and not typed):
                    typed.append(k)
            app.note_typed(amount="".join(typed))
            redraw()

        self.amount_keys: dict[str, BigButton] = {}
        for k in ("7", "8", "9", "⌫", "4", "5", "6", "0", "1", "2", "3"):
            b = BigButton(text=k, font_size=sp(22), font_name="DejaVuSans")
            b.bind(on_release=lambda _b, k=k: key(k))
            self.amount_keys[k] = b
            pad.add_widget(b)
        pad.add_widget(ok)
        box.add_widget(pad)
        cancel = BigButton(text=app.t("Cancel"))
        cancel.bind(on_release=lambda _b: popup.dismiss())
        box.add_widget(cancel)

        def submit(_b: Any) -> None:
            popup.dismiss()
            self.choose("".join(typed), None)

        ok.bind(on_release=submit)
        self.amount_ok = ok
        self.amount_popup = popup
        redraw()
        popup.open()

    # -- input ---------------------------------------------------------------------------
    def tap_face(self, die: int, face: int) -> None:
        self.faces[die] = face
        first, second = self.faces
        if first is not None and second is not None:
            self.faces = [None, None]
        self.app.note_typed(faces=(self.faces[0], self.faces[1]))  # one face so far: kept for a restart
        if first is not None and second is not None:
            self.roll((first, second), "manual")

    def simulated_roll(self) -> None:
        """The simulated pair of dice (Settings: ``sim://?pair=1``) throws, and its throw arrives
        like a hardware pair's; with any other die source, two faces are drawn here."""
        self.faces = [None, None]
        self.app.note_typed(faces=(None, None))
        die = self.app.devices.die
        if die is not None and getattr(die, "dice_per_throw", 1) == 2 and hasattr(die, "roll"):
            die.roll()
            return
        rng = self.app.rng
        self.roll((rng.randint(1, 6), rng.randint(1, 6)), "sim")

    def roll(self, faces: tuple[int, int], source: str) -> None:
        game = self.app.game
        if game is None:
            return
        self.app.submit(DieRoll(faces=faces, source=source, seq=game.seq))
        self.update()

    def choose(self, value: str, deck: str | None) -> None:
        game = self.app.game
        if game is None:
            return
        if deck:
            self.app.submit(CardScan(deck, value, "manual", seq=game.seq))
        else:
            self.app.submit(Answer(value, seq=game.seq))
        self.update()

    def unselect(self) -> None:
        self.selected = ()
        game = self.app.game
        if game is not None and is_morpoly(self.app.session):
            self._draw_ring(game)

    def show_square(self, index: int) -> None:
        """The deed of a square: its name, price, owner, buildings, mortgage and the rent now."""
        app = self.app
        game: Any = app.game  # an Ankh-Morpoly game on this screen
        if game is None:
            return
        state, ed = game.state, game_edition(game)
        square = ed.squares[index]
        lines = [f"[b]{index} · {square.name}[/b]"]
        owned = state.squares.get(index)
        try:
            deed = ed.deed(index)
        except KeyError:
            deed = None
        if deed is not None:
            price, mortgage = money(ed, deed.price, app.translator.language), money(ed, deed.mortgage, app.translator.language)
            lines.append(f"{app.t('Price')}: {price} · {app.t('Mortgage')}: {mortgage}")
            rents = getattr(deed, "rents", None)
            if rents:
                lines.append(f"{app.t('Rents')}: " + " / ".join(money(ed, r, app.translator.language) for r in rents))
            if deed.house_cost:  # what a table about to build asks first
                lines.append(app.t("Building: {amount} per house").format(amount=money(ed, deed.house_cost, app.translator.language)))
        if owned is not None:  # each mark the ring draws here, with what it means
            owner = party_name(app, owned.owner) if owned.owner else app.t("the bank")
            lines.append(f"{app.t('Owner')}: {owner}")
            if owned.hotel:
                lines.append(f"{app.t(HOTEL_MARK)}: {app.t('A hotel')}")
            elif owned.houses:
                lines.append(f"{'⌂' * owned.houses}: {app.translator.plural('{n} houses', owned.houses)}")
            if owned.mortgaged:
                lines.append(f"{app.t(MORTGAGE_MARK)}: {app.t('Mortgaged')}")
            charge = ledger_view.charge_now(state, ed, index)
            if charge.kind == "premium":
                lines.append(app.t("Premium now: {amount} (buys an FSU)").format(amount=money(ed, charge.amount, app.translator.language)))
            elif charge.kind == "rent":
                lines.append(f"{app.t('Rent now')}: {money(ed, charge.amount, app.translator.language)}")
            elif charge.kind == "per-pip":
                lines.append(app.t("Rent now: {n} × the dice").format(n=charge.amount))
        for fsu in ledger_view.fsus_on(state, index):
            covers = ", ".join(cover_words(app, game, c) for c in fsu.covers)
            lines.append(app.translator.plural(  # numbered as the log numbers it ("FSU 2 … expires")
                "FSU {fsu}: {insurer} insures {beneficiary} ({covers}), {n} squares to go", fsu.squares_ahead,
                fsu=fsu.fsu_id, insurer=party_name(app, fsu.insurer), beneficiary=party_name(app, fsu.beneficiary),
                covers=covers))
        npcs = getattr(state, "npcs", None)
        if npcs is not None:
            marks = dict(NPC_MARKS)
            for name, where, what in (("death", npcs.death, N_("Death stands here.")),
                                      ("dibbler", npcs.dibbler, N_("CMOT Dibbler stands here.")),
                                      ("luggage", None if npcs.luggage_with else npcs.luggage,
                                       N_("The Luggage stands here."))):
                if where == index:
                    lines.append(f"{marks[name]} {app.t(what)}")
        lines += pair_lines(app, state, index)
        across = opposite(index)
        lines.append(app.t("Opposite: {n} · {square}").format(n=across, square=ed.squares[across].name))
        self.selected = (index, across)
        self._draw_ring(game)
        label = Label(text="\n".join(lines), markup=True, font_size=sp(17), halign="left", valign="top",
                      color=(1, 1, 1, 1), size_hint_y=None)
        # the deed scrolls when its lines (the marks explained, the FSUs) are more than the popup holds
        label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                   texture_size=lambda w, size: setattr(w, "height", size[1]))
        self.deed_label = label
        deed = ScrollView(do_scroll_x=False)
        deed.add_widget(label)
        box = BoxLayout(orientation="vertical", padding=dp(8), spacing=dp(8))
        box.add_widget(deed)
        tokens = getattr(game.question, "tokens", ()) if game.question is not None else ()
        # two names a row, a long one whole; four a row at a table of five to eight (a name wraps), so
        # the buttons leave the deed room to be read
        wide = len(tokens) > ROOMY_PARTIES
        # as tall as its buttons, none when there are none (outside the turn's menu): an empty grid
        # kept Kivy's default 100 px, and a deed with an FSU had to be scrolled to show it
        row = GridLayout(cols=4 if wide else 2, size_hint_y=None, spacing=dp(6), height=0)
        row.bind(minimum_height=row.setter("height"))
        ok = BigButton(text=app.t("OK"))
        popup = Popup(title=square.name, content=box, size_hint=(0.8, 0.8))
        self.place_buttons: dict[str, BigButton] = {}
        for token in tokens:  # the table's correction: "red is really here", without passing effects
            if any(t.id == token and t.square == index for t in state.tokens):
                continue
            button = BigButton(text=app.t("{token} is here").format(token=party_name(app, token)), font_size=sp(13),
                               background_color=(*party_rgb(token), 1), grows=wide)
            def place(_b: Any, token: str = token) -> None:
                popup.dismiss()
                self.choose(f"place:{token}:{index}", None)

            button.bind(on_release=place)
            self.place_buttons[token] = button
            row.add_widget(button)
        box.add_widget(row)
        box.add_widget(ok)
        ok.bind(on_release=lambda _b: popup.dismiss())
        popup.bind(on_dismiss=lambda _p: self.unselect())
        self.square_popup = popup
        popup.open()
