"""Journal: the game's readable log, one line per accepted input. A tap on a line shows the table at
that moment with "undo to here"; every undo asks first, naming the steps it takes back, and warns
when die rolls or scanned cards are among them (facts of the table — the real die will not roll
back). "Redo" puts back the last undone input. Everything drawn here is the session's history
(``session.inputs``, ``session.question_at``, ``session.lines_of``; the table at a step is
``session.positions[i]``)."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup
from kivy.uix.recycleview.views import RecycleDataViewBehavior

from companion.core.inputs import Answer, CardScan, DieRoll, RandomDraw
from ui import mapwidget  # noqa: F401  (the map in journal.kv, made known to kv)
from ui.screens.base import GameScreen
from ui.screens.morpoly.common import N_, is_morpoly, option_label, party_name
from ui.stacked_rows import StackedRows  # noqa: F401  (the list's layout in journal.kv, made known to kv)
from ui.widgets import BigButton, open_game, player_markup, player_name

if TYPE_CHECKING:
    from companion.core.inputs import Input
    from companion.core.procedure import Question
    from ui.companion_app import CompanionApp



def thrown(roll: DieRoll) -> str:
    """A roll as a row says it: "8", or a pair's faces "5 + 2" (as the status line says a throw, "5+2"):
    the engine's "5,2" read as five point two at a German, Polish or Italian table."""
    if roll.faces is not None:
        return " + ".join(map(str, roll.faces))
    return str(roll.face)


def describe_input(app: CompanionApp, question: Question | None, inp: Input) -> str:
    """One input as the log shows it (``question``: what it answered); an answer to a private
    question stays secret."""
    if isinstance(inp, DieRoll):
        return f"⚄ {thrown(inp)}"
    if isinstance(inp, RandomDraw):
        return "⚂ " + (app.t("(secret)") if question is not None and question.private else app.translator.option(inp.value))
    if question is not None and question.private:
        return "✉ " + app.t("(secret)")
    session = app.session
    if session is not None and is_morpoly(session):  # Ankh-Morpoly: guilds, verbs on squares, the edition's cards
        value = inp.card if isinstance(inp, CardScan) else inp.value
        # the answer's words only: a button's second line (where a way led, what a sale left) is said
        # by the step's narration below it. The session's game, as everything here: the app's is
        # None until the game is shown (the Journal opened first, as the benchmark opens it)
        label = option_label(app, session.game, value, question).split("\n")[0]
        return ("✉ " if isinstance(inp, CardScan) else "→ ") + label
    if isinstance(inp, CardScan):
        return f"✉ {app.translator.option(inp.card)}"
    assert isinstance(inp, Answer)
    return "→ " + app.translator.option(inp.value)


def row_lines(lines: Sequence[Any]) -> list[Any]:
    """The narration lines a Journal row shows for its step: every public one, in the order said (a
    table reads in the Journal every line a step said). A row showed two: the first ones, a line
    that changed who is at the table (a takeover, a bankruptcy, an ELAM life, the game's end) put
    before them so that a table undoing across a takeover found its step; a throw that walked from
    the pub, met Death, lost an ELAM life and went back to GO at a table of eight, or a subsidence
    that three players paid for, kept the rest of its lines from the table. The row is as tall as
    its lines (:meth:`JournalScreen._give_heights`), so each is said where it happened."""
    return [n for n in lines if not n.key.startswith("private.")]


def joined(lines: list[str]) -> str:
    """A step's narration on its row, the lines joined by "; ": a line that ends a sentence (a
    card's printed text, "Collect $200.") gives up its full stop there, or the row read ".;"."""
    return "; ".join([line[:-1] if line.endswith(".") and not line.endswith("..") else line
                      for line in lines[:-1]] + lines[-1:])


def morpoly_position_text(app: Any, game: Any) -> str:
    """An Ankh-Morpoly position in a few lines: each party's tokens (square and its name, in jail),
    cash and lives, as the board screen draws them: the lives after the cash ("♥52 5.322 €" read as
    one number), and a team's tokens each by its player's name (a German table of eight's team of
    seven was seven squares and two "(im Gefängnis)", whose nobody could tell)."""
    from ui.screens.morpoly.common import game_edition, money, party_marks
    state, ed = game.state, game_edition(game)
    lines = []
    for party in state.parties:
        where = []
        team = len(party.tokens) > 1
        for token in state.tokens:
            if token.party == party.id:
                who = party_name(app, token.id) + ": " if team else ""
                square = f"{who}{token.square} · {ed.squares[token.square].name}"
                where.append(square + (f" ({app.t('in jail')})" if token.in_jail else ""))
        lines.append(f"{player_markup(party.id, party_name(app, party.boss))}  {money(ed, party.cash, app.translator.language)}"
                     f"{party_marks(state, party.id)}\n   [size={int(sp(11))}]{'; '.join(where)}[/size]")
    return "\n".join(lines)


TABLE_QUESTIONS = {"morpoly.deed.auction": N_("Auction of {name}"), "morpoly.trade.proposer": N_("Who proposes a trade"),
                   "morpoly.takeover.auction": N_("Auction of {party}'s guild"),
                   "morpoly.manage.party": N_("Who builds or mortgages"),
                   "morpoly.shortage.kind": N_("Auction of the bank's last buildings"),
                   "morpoly.shortage.winner": N_("Auction of the bank's last buildings")}
"""Questions the whole table answers, though the engine asks one player (its ``player`` is whom the
app turns to): plain Monopoly's auction, asked of the decliner, or for a bankrupt's deeds of the
first player left; the party that proposes a trade on another's menu (rules revision 7), and the one
that builds or mortgages on another's menu (revision 12); the auction of the bank's last houses or
hotels in a shortage, asked of the menu's token (revision 13). Their rows
say what was asked instead of that player's name, which read as if they had answered
("Konstantinopel → Bartholomäus" for Bartholomäus's highest bid); so did the auction of a bankrupt's
guild in ELAM, asked of the banker ("457 · Bartholomäus → Bartholomäus" at a German table of eight).
A ``party`` among their words is a seat, said by its player's name."""


ANYONE = "interrupt.anyone"
"""Discworld's one interrupt window for several players: the engine asks no one of them (its
``player`` is None), so a row must say who played, or that no one did."""

FORTUNA_WINDOW = "morpoly.fortuna.window"
"""Ankh-Morpoly's window after a throw while two or more parties hold a Fortuna token, asked of no
one as :data:`ANYONE` is: its row names the spender before the arrow, or says that no one spent one
(``PLAY_ON``)."""


def step_text(app: Any, state: Any, question: Any, inp: Input) -> str:
    """A step's first line after its number: who answered and what. A window for anyone names
    whoever played into it, or says no one did; its rows read "79 ·  → Nic" and "79 ·  → Gaspode",
    no one named and nothing said of what was asked. Ankh-Morpoly's Fortuna window for any holder
    says so too ("862 ·  → Graj dalej" was its row), and names the holder who spent a token before the
    arrow, as the window asked of one holder does ("238 · → Mariangela: usa il segnalino Fortuna" was
    its row)."""
    if question is not None and question.key == ANYONE and isinstance(inp, Answer):
        color, played, _card = inp.value.partition(":")
        if not played:
            card = app.translator.card(dict(question.params)["card"])
            return str(app.t("Nobody plays an interrupt against {card}")).format(card=card)
        return f"{player_name(state, color)} {describe_input(app, question, inp)}"
    if question is not None and question.key == FORTUNA_WINDOW and not question.player and isinstance(inp, Answer):
        # the engine's reading of the answer, imported here: a Discworld table never loads Ankh-Morpoly's
        # engine (test_ui_quick_start)
        from companion.morpoly.fortuna_play import PLAY_ON, spender
        if inp.value == PLAY_ON:
            params = dict(question.params)
            return str(app.t("Nobody spends a Fortuna token on {first} and {second}")).format(
                first=params["first"], second=params["second"])
        party = spender(inp.value)  # named before the arrow, as a holder asked alone is
        if party:
            return f"{player_markup(party, party_name(app, party))} {describe_input(app, question, inp)}"
    who = _who(app, state, question)
    return f"{who} {describe_input(app, question, inp)}" if who else describe_input(app, question, inp)


def _who(app: Any, state: Any, question: Any) -> str:
    """Who answered: the player's coloured name (Ankh-Morpoly's seats are named in the journal), or
    what the table was asked (:data:`TABLE_QUESTIONS`)."""
    player = question.player if question is not None else None
    if not player:
        return ""
    asked = TABLE_QUESTIONS.get(question.key)
    if asked is not None:
        params = dict(question.params)
        if "party" in params:
            params["party"] = player_markup(params["party"], party_name(app, params["party"]))
        return str(app.t(asked)).format(**params)
    if is_morpoly(app.session):
        return player_markup(player, party_name(app, player))
    return player_name(state, player)


CHOSEN = (0.5, 0.45, 0.35, 1)
PLAIN = (1, 1, 1, 1)


ROW_DP = 56
"""A row's least height: two lines, the step (number, player, what they did) and what it narrated;
a row whose text needs more is taller (:class:`RowHeights`)."""


ROW_SP = 14
"""The size of a row's step line (sp): a :class:`~ui.widgets.BigButton`'s."""

SAID_SP = 11
"""The size of a row's narration (sp), under the step's own line."""

SMALLEST_SAID = 8
"""The smallest a row's narration is drawn (sp) to keep it whole in a row that cannot grow: one
taller than the list's view, or one not in the Journal's list."""


SLACK = 1.15
"""How much wider a row's text is taken to be than its characters' average width says: a line wraps
before a word that does not fit, and a row estimated a line short is cut until it is in view."""


class RowHeights:
    """How tall a row must be for its whole text at its sizes, estimated from its characters (a
    measured text took half a millisecond a row: a second at 2,000 steps, where the Journal opens in
    150 ms); each size's average character width and line height measured once. A row in view is
    measured exactly and grows if the estimate fell short (:meth:`JournalLine._align`)."""

    def __init__(self, font_name: str) -> None:
        self.font_name = font_name
        self._metrics: dict[int, tuple[float, float]] = {}

    def _metric(self, size: int) -> tuple[float, float]:
        """The average character width and the line height at ``size`` px."""
        if size not in self._metrics:
            from kivy.core.text import Label as CoreLabel
            sample = "Bartholomäus zieht 8 Felder bis Schlossallee; Ann pays $200 rent to Bob, 12 · ● Kazimierz"
            width, height = CoreLabel(font_size=size, font_name=self.font_name).get_extents(sample)
            self._metrics[size] = (width / len(sample), float(height))
        return self._metrics[size]

    def lines(self, text: str, size: int, width: float) -> int:
        """How many lines ``text`` (no markup) wraps into at ``size`` px in ``width`` px."""
        char, _line = self._metric(size)
        return max(1, math.ceil(len(text) * char * SLACK / max(1.0, width)))

    def height(self, step: str, said: str, width: float) -> float:
        """The row's height for its step's line at the row's size and its narration at :data:`SAID_SP`
        (both without markup), in ``width`` px of text: at least :data:`ROW_DP`."""
        step_size, said_size = int(sp(ROW_SP)), int(sp(SAID_SP))
        tall = self.lines(step, step_size, width) * self._metric(step_size)[1]
        if said:
            tall += self.lines(said, said_size, width) * self._metric(said_size)[1]
        return max(float(dp(ROW_DP)), float(math.ceil(tall + dp(12))))


def plain(text: str) -> str:
    """``text`` without its markup, as many characters as it takes on the row. Kivy's markup writes a
    bracket the text says as ``&bl;`` / ``&br;``, so every ``[…]`` is a tag, which takes no room."""
    first, *tagged = text.split("[")
    kept = [first] + [part.partition("]")[2] for part in tagged]
    return "".join(kept).replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")


def scroll_to(spans: Sequence[float], index: int, view: float) -> float:
    """The list's ``scroll_y`` that shows row ``index`` in the middle of a ``view`` px tall view,
    the rows' ``spans`` (each row's height and the gap below it) above and below it: rows are as
    tall as their text."""
    total = sum(spans)
    if total <= view or not spans:
        return 1.0
    index = max(0, min(index, len(spans) - 1))
    middle = sum(spans[:index]) + spans[index] / 2
    return max(0.0, min(1.0, 1 - (middle - view / 2) / (total - view)))


AROUND = 30
"""The rows said (their text made in the table's language) as the Journal opens, on either side of the
row it shows: its view holds eight rows at most. The rest are said over the next frames
(:data:`SAID_PER_FRAME`): saying 2,000 steps' narration at once was half of opening a long game's
Journal."""

SAID_PER_FRAME = 250
"""Rows said on each frame after the Journal opened, until every row is (:meth:`JournalScreen._say_more`)."""


class JournalRow(dict[str, Any]):
    """One step's data in the recycled list, its ``text`` made when first read (a row coming into
    view, the frames after the Journal opened, a driver reading the list): the list's layout reads
    only its ``height``, which a row not yet said leaves at :data:`ROW_DP` until it is."""

    __slots__ = ("_say",)

    _say: Callable[[int], str]

    @classmethod
    def steps(cls, say: Callable[[int], str], count: int, selected: int) -> list[JournalRow]:
        """The rows of steps 1 to ``count - 1``, each said by ``say``, ``selected`` in the picked colour:
        made by ``dict``'s own constructor (an ``__init__`` of their own was a Python call for each of
        a long game's 2,000 rows as the Journal opened)."""
        rows = [cls(value=str(index), background_color=PLAIN) for index in range(1, count)]
        for row in rows:
            row._say = say
        if 1 <= selected < count:
            rows[selected - 1]["background_color"] = CHOSEN
        return rows

    def __missing__(self, key: str) -> Any:
        if key != "text":
            raise KeyError(key)
        text = self["text"] = self._say(int(self["value"]))
        return text


class TextProbe:
    """How tall a markup text is drawn at a font size and width: laid out by the Kivy core label a
    ``Label(markup=True)`` draws with, and not drawn. A row measured its text on a Label of its own,
    which rendered it into a texture (and again on the next frame, when its own trigger fired): a
    texture of a row's size kept by each of the list's rows, and a render each time a row was fitted."""

    KEPT = 64
    """How many answers are kept (:meth:`height`): the rows in view, several times over."""

    def __init__(self) -> None:
        self._core: Any = Label(markup=True)._label  # a Label's own core label: its defaults, its font
        self._heights: dict[tuple[str, float, float], float] = {}

    def height(self, text: str, font_size: float, width: float) -> float:
        """The height of the texture a Label would render ``text`` into (1 px for an empty drawing). The
        last :data:`KEPT` answers are kept, by all that they depend on: the Journal measures the rows
        it shows before giving them (:meth:`JournalScreen._fit_in_view`), and each row in view then
        asks again for the same text."""
        if not text:
            return 0.0
        key = (text, float(font_size), float(width))
        known = self._heights.get(key)
        if known is None:
            if len(self._heights) >= self.KEPT:
                self._heights.clear()
            known = self._heights[key] = self._measure(text, font_size, width)
        return known

    def _measure(self, text: str, font_size: float, width: float) -> float:
        core = self._core
        core.options["font_size"] = font_size
        core.usersize = (width, None)
        core.text = text
        core.resolve_font_name()
        drawn_width, drawn_height = core.render()
        return float(drawn_height) if drawn_width > 1 and drawn_height > 1 else 1.0


class JournalLine(RecycleDataViewBehavior, BigButton):
    """One row of the recycled list: a few of these are reused for whichever steps are in view.

    A row is as tall as its whole text (the list's data gives each row its height, and a row in view
    that measures taller grows: :meth:`_grown`). Only a row that cannot grow (taller than the list's
    view, or outside the list) shows its first lines: a step that wraps keeps its number, player and
    answer and leaves out what no longer fits below. Kivy drops a markup text's lines from the top
    when it is centred in a row too low for it (``max_lines`` is not applied to markup), so such a
    row is laid out from its top instead."""

    index = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_lines", 2)
        super().__init__(**kwargs)
        self._probe: TextProbe | None = None  # a row outside a Journal's list measures with its own (_text_probe)
        self._fitting = False  # the text being made smaller by _align, not a new text
        self._placing = False  # given a step by the list, not yet its place and size (refresh_view_layout)
        self._said = ""  # the row's text as given (its narration at SAID_SP), which _align fits anew
        self._list: Any = None  # the recycled list that last gave the row a step
        self._measured: tuple[tuple[str, float, float] | None, float] = (None, 0.0)  # see _height_of
        self.bind(text=self._text_given, size=self._align, font_size=self._align)

    def _text_given(self, *_args: Any) -> None:
        """A new text for the row (not one :meth:`_align` made smaller): kept, then fitted."""
        if not self._fitting:
            self._said = str(getattr(self, "text"))
            self._align()

    def refresh_view_attrs(self, rv: Any, index: int, data: dict[str, Any]) -> None:
        """The row given step ``index``: fitted once the list gives it its place and size, which it
        does next (:meth:`refresh_view_layout`); fitted here, at the size of the step it showed
        before, a row was measured and drawn twice or more, at sizes thrown away."""
        data["text"]  # a row not yet said is said now that it is in view (JournalRow)
        self.index = index
        self._list = rv
        self._placing = True
        try:
            super().refresh_view_attrs(rv, index, data)
        except BaseException:
            self._placing = False
            raise

    def refresh_view_layout(self, rv: Any, index: int, layout: Any, viewport: Any) -> None:
        try:
            super().refresh_view_layout(rv, index, layout, viewport)
        finally:
            placed, self._placing = self._placing, False
        if placed:
            self._align()

    def _align(self, *_args: Any) -> None:
        """Centred while the whole text fits the row, its narration made smaller first (down to
        :data:`SMALLEST_SAID` sp); from the top when it still does not. The step that ends a variant
        game (a takeover, then "● Massimiliano controlla tutta Ankh-Morpork") ran a line past its row
        at tables of five and eight in Italian and German: the row stopped at "e giocano come"."""
        if self._fitting or self._placing or self._unplaced():
            return
        text = self._said or str(getattr(self, "text"))
        if self._grown(text):
            return
        # fitted from the text as given, not from the one fitted at the size before: a row made smaller
        # before its layout (Kivy's first 100 px) kept 8 sp once it had its room, and a restart drew it
        # at 11 sp
        small = f"[size={int(sp(SAID_SP))}]"
        trial = text
        for size in range(SAID_SP, SMALLEST_SAID - 1, -1):
            trial = text.replace(small, f"[size={int(sp(size))}]", 1)
            if self._height_of(trial) <= self.height - dp(4):
                self._show(trial)
                self.valign = "middle"
                return
            if small not in text:
                break
        # still too tall: cut at the smallest size tried, which keeps more of the narration (at 11 sp
        # the row kept a line less of it than at 8)
        self._show(trial)
        self.valign = "top"

    def _unplaced(self) -> bool:
        """Whether the row is in the list but not yet laid out there: Kivy makes a row 100 px wide
        (or none) before the list gives it its width, and a fit at that width was thrown away (a
        third of the rows' measuring when the Journal opened)."""
        return self._list is not None and self.width <= 100

    def _grown(self, text: str) -> bool:
        """Whether the Journal gives the row the room its whole text needs at :data:`SAID_SP` (the
        text is drawn from the top until the row has it, a frame later). The room a row is given is
        estimated from its characters (:class:`RowHeights`); one that fell short grows here, once it
        is in view and measured; one taller than the list's view does not (it is made smaller)."""
        screen = self._journal()
        if screen is None:
            return False
        needed = self._height_of(text) + dp(4)
        if needed <= self.height or not screen.grow(self.index, needed):
            return False
        self._show(text)
        self.valign = "top"
        return True

    def _journal(self) -> JournalScreen | None:
        """The Journal screen whose list shows this row (None for a row outside one): the list gives
        a row its step and lays it out before the row is its child."""
        screen = self.parent or self._list
        while screen is not None and not isinstance(screen, JournalScreen):
            screen = screen.parent
        return screen

    def _show(self, text: str) -> None:
        """``text`` drawn, without :meth:`_align` fitting it again."""
        self._fitting = True
        try:
            self.text = text
        finally:
            self._fitting = False

    def _height_of(self, text: str) -> float:
        """How tall ``text`` is drawn at the row's font size and width; the last answer kept (a row
        asks :meth:`_grown` and then the fitting at :data:`SAID_SP` for the same text)."""
        key = (text, float(self.font_size), float(self.text_size[0]))
        if self._measured[0] != key:
            self._measured = (key, self._text_probe().height(*key))
        return self._measured[1]

    def _text_probe(self) -> TextProbe:
        """The Journal's probe, one for all its rows (a probe of each row's own was a Label made for each
        row widget as the Journal opened); a row outside one makes its own."""
        screen = self._journal()
        if screen is not None:
            return screen.text_probe
        if self._probe is None:
            self._probe = TextProbe()
        return self._probe

    def on_release(self) -> None:
        screen = self._journal()
        if screen is not None:
            screen.select(self.index)


class JournalScreen(GameScreen):
    """The list is a Kivy ``RecycleView``: its data is one small dict per step, made from what the
    session keeps per step (the question asked, the narration lines added) without replaying the
    game, and only the rows in view are widgets. Building a button per step took 6.4 s and 800 MB
    at 2,000 steps on every visit. A row's words are said when first read (:class:`JournalRow`):
    the rows around the one shown as the Journal opens, the rest over the frames after it."""

    MAPS = ("map",)
    selected = NumericProperty(-1)
    row_dp = NumericProperty(ROW_DP)
    """:data:`ROW_DP` for ``journal.kv``: an ``#:import`` of it there imported this module, and with it
    both games' screens and the map, with the kv files before the first frame (issue 16, item 5)."""

    picked_in: tuple[int, str] | None = None
    """The game (its id and creation stamp) whose step :attr:`selected` is: a step is picked in one
    game. Kept on the screen across games, the step picked in a Discworld game's Journal came back
    picked in the Ankh-Morpoly game started after it ("Undo to here (2)" offered for a step the
    table never picked there), and a restart kept it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._row_heights = RowHeights(str(Label.font_name.defaultvalue))
        self.text_probe = TextProbe()
        """How tall its rows' texts are drawn (:meth:`JournalLine._height_of`)."""
        self._words: list[tuple[str, str] | None] = []
        """Each row's step and narration without markup, which its height is estimated from (None for a
        row not yet said: :class:`JournalRow`)."""
        self._told: tuple[Any, int | None, Any, Sequence[Input]] | None = None
        """The session, its game, its state (the players' names) and its inputs that the rows are said
        from (:meth:`_told_now`)."""
        self._saying: Any = None
        """The next frame's saying of the rows not yet said (:meth:`_say_more`), while there are any."""
        self._heights_at = 0.0
        """The text width the rows' heights were estimated at."""
        self._due: list[dict[str, Any]] | None = None
        """Rows made for a list not yet laid out (the screen built for this frame), given to it once it
        has its width (:meth:`_give_due`)."""
        self._kept_in_view: int | None = None
        """The row the list was last scrolled to (the latest step, or the picked one) until the table
        moves the list: a row grown to its text moves the rows below it, and the latest row, grown as
        the Journal opened, ran below the view's edge (:meth:`grow`)."""

    def on_kv_post(self, base_widget: Any) -> None:
        super().on_kv_post(base_widget)
        self.ids.lines.bind(width=self._width_changed, on_scroll_start=self._scrolled_by_hand)
        self._scroll_again = Clock.create_trigger(self._keep_in_view)
        # the list's height changes after a row grew (laid out later in the frame), and the ScrollView
        # then keeps the view's distance from the top: the row scrolled to is scrolled to again
        self.ids.lines.layout_manager.bind(height=self._scroll_again, width=self._laid_out)

    def _scrolled_by_hand(self, *_args: Any) -> None:
        """The table moves the list: a row growing after this does not pull the list back."""
        self._kept_in_view = None

    def _keep_in_view(self, *_args: Any) -> None:
        if self._kept_in_view is not None:
            self._scroll_now(self._kept_in_view)

    def on_selected(self, _screen: Any, step: int) -> None:
        """The picked step is part of where the table is: a restart brings it back (ui.navigation)."""
        self.picked_in = open_game(self.app)
        self.app.journal_step_picked(int(step))

    def restore(self, step: int) -> None:
        """Pick ``step`` of the open game again (a restart bringing the Journal back)."""
        self.selected = step
        self.picked_in = open_game(self.app)

    def on_pre_enter(self, *args: Any) -> None:
        """A step picked in another game is not picked in this one: the latest step is shown."""
        if self.selected != -1 and self.picked_in != open_game(self.app):
            self.selected = -1
        super().on_pre_enter(*args)

    def update(self) -> None:
        app = self.app
        session = app.session
        rv = self.ids.lines
        self._due = None
        if session is None or session.game is None:
            rv.data = []
            return
        if self._saying is not None:
            self._saying.cancel()
        self._told = (session, session.game_id, session.game.state, session.inputs)
        first = "0 · " + app.t("Set-up table")
        count = len(session.inputs) + 1
        rows: list[dict[str, Any]] = [{"text": first, "value": "0",
                                       "background_color": CHOSEN if self.selected == 0 else PLAIN}]
        rows += JournalRow.steps(self._said, count, self.selected)
        self._words = [(first, "")] + [None] * (count - 1)
        shown = self.selected if 0 <= self.selected < count else count - 1
        for row in rows[max(0, shown - AROUND):shown + AROUND + 1]:
            row["text"]  # the rows in view said now, the rest over the next frames
        self._give_heights(rows)
        if rv.layout_manager.width > 100:
            self._fit_in_view(rows, shown)
            rv.data = rows
        else:  # the screen built for this frame: its list is laid out at its width, then given the rows
            self._due = rows  # (a list never that wide is given them on the frame after: an event made then)
            Clock.schedule_once(lambda _dt: Clock.schedule_once(lambda _dt: self._give_due(), 0), 0)
        self._show_selected()
        self.scroll_to_line(shown)
        # from the frame after the first (an event for the next frame, made on the next frame): the rows
        # in view are drawn first
        self._saying = Clock.schedule_once(lambda _dt: self._say_next(0), 0)

    def _say_next(self, start: int) -> None:
        """The rows from ``start`` said on the next frame (:meth:`_say_more`)."""
        self._saying = Clock.schedule_once(lambda _dt: self._say_more(start), 0)

    def _said(self, index: int) -> str:
        """Row ``index``'s text: the step (number, who, what), and below it at :data:`SAID_SP` what
        it narrated; its words kept for its height."""
        assert self._told is not None  # rows are made by update(), which says from what
        if not self._told_now():
            return str(index)  # a list of a game since left: never shown (update() lists anew)
        app = self.app
        session, _game, state, inputs = self._told
        question = session.question_at(index - 1)
        said = joined([app.translator.narration(n) for n in row_lines(session.lines_of(index))])
        step = f"{index} · {step_text(app, state, question, inputs[index - 1])}"
        if index < len(self._words):  # (a row of a list since made anew is said, not measured)
            self._words[index] = (plain(step), plain(said))
        return f"{step}\n[size={int(sp(SAID_SP))}]{said}[/size]" if said else step

    def _told_now(self) -> bool:
        """Whether the game the rows are said from is still the app's open game. The rows of a long
        game are said over several frames, and the table may leave for the other game meanwhile (the
        session then reads that game's steps: a row asked the first game's step 1,500 of a game at its
        set-up) or the app stop (its session gone): rows said then were wrong, or raised out of the
        event loop."""
        told = self._told
        session = self.app.session
        return told is not None and session is told[0] and session.game_id == told[1]

    def _say_more(self, start: int, count: int = SAID_PER_FRAME) -> None:
        """The next ``count`` rows from ``start`` said; once every row is, each row gets the height
        estimated for its text (a row grown to its text in view keeps its height), in one layout of
        the list."""
        rows = self.ids.lines.data
        if not self._told_now():  # the table left for another game, or the app stopped: nothing to say
            self._saying = None
            return
        stop = min(len(rows), start + count)
        for row in rows[start:stop]:
            row["text"]
        if stop < len(rows):
            self._say_next(stop)
            return
        self._saying = None
        if self._give_heights(rows, keep_grown=True):
            self.ids.lines.refresh_from_data()

    def _give_heights(self, rows: Sequence[dict[str, Any]], keep_grown: bool = False) -> bool:
        """Each said row's height, estimated for its whole text at the list's width (:class:`RowHeights`);
        ``keep_grown``: a row already taller keeps its height. Whether any height changed."""
        width = self._text_width()
        self._heights_at = width
        heights = self._row_heights
        changed = False
        for row, words in zip(rows, self._words):
            if words is None:
                continue
            height = heights.height(*words, width)
            if keep_grown:
                height = max(height, row.get("height", 0.0))
            if row.get("height") != height:
                row["height"] = height
                changed = True
        return changed

    def _text_width(self) -> float:
        """The width a row's text wraps at: the list's, less the row's margin; before the list has
        its layout (the screen not yet shown), the one the screen's layout (journal.kv) gives it in
        the window."""
        rv = self.ids.lines
        if rv.width > 100:
            return float(rv.width - dp(8))
        from kivy.core.window import Window
        page = self.width if self.width > 100 else Window.width
        return float(page - min(page * 0.45, dp(360)) - dp(4) * 2 - dp(6) - dp(8))

    def _fit_in_view(self, rows: Sequence[dict[str, Any]], shown: int) -> None:
        """The rows the list will show around row ``shown`` (in the middle of its view, or the view held
        at an end of the list) given the height each grows to once drawn (:meth:`grow`, with the
        row's own measure: :meth:`JournalLine._grown`), before the list lays them out: a row estimated
        short grew in the first frame, and the list laid every row out again and drew every row in
        view anew (Kivy gives the rows in view to other steps at each layout)."""
        view = float(self.ids.lines.height)
        if view <= 100 or not rows:
            return
        width, size, gap, least = self._text_width(), float(sp(ROW_SP)), float(dp(2)), float(dp(ROW_DP))

        def span(index: int) -> float:
            row = rows[index]
            needed = self.text_probe.height(row["text"], size, width) + dp(4)
            height = min(math.ceil(needed), view)
            if height > row.get("height", least) + 1:
                row["height"] = height
            return float(row.get("height", least)) + gap

        shown = max(0, min(shown, len(rows) - 1))
        above = below = span(shown) / 2
        up, down = shown - 1, shown + 1
        while above < view / 2 and up >= 0:
            above, up = above + span(up), up - 1
        while below < view / 2 and down < len(rows):
            below, down = below + span(down), down + 1
        while above + below < view and up >= 0:  # the list's end in view: more rows above
            above, up = above + span(up), up - 1
        while above + below < view and down < len(rows):  # its start: more below
            below, down = below + span(down), down + 1

    def _give_due(self) -> None:
        """The rows made while the list had no layout given to it now (see :attr:`_due`). Kivy lays a
        new screen out over the passes of its frame, each box once its parent has its size: a list
        given its rows at once laid out every row of a 2,000-step game at the widths 100, 41, 0 and
        then its own, and drew its rows in view at each (a sixth of opening the Journal)."""
        rows, self._due = self._due, None
        if rows is None:
            return
        if abs(self._text_width() - self._heights_at) > 1:
            self._give_heights(rows)
        if self._kept_in_view is not None:
            self._fit_in_view(rows, self._kept_in_view)
        self.ids.lines.data = rows
        if self._kept_in_view is not None:
            self._scroll_now(self._kept_in_view)

    def _laid_out(self, layout: Any, width: float) -> None:
        """The list's rows laid out at ``width`` (the list's own, after its box's): rows waiting for it
        are given now (:meth:`_give_due`)."""
        if width > 100 and self._due is not None:
            self._give_due()

    def _width_changed(self, *_args: Any) -> None:
        """The list laid out at another width than its rows were estimated at: estimated again."""
        rv = self.ids.lines
        if rv.width > 100 and rv.data and abs(self._text_width() - self._heights_at) > 1:
            self._give_heights(rv.data)
            rv.refresh_from_data()

    def grow(self, index: int, needed: float) -> bool:
        """Row ``index`` made ``needed`` px tall, no taller than the list's view (a row taller than
        the view could not be read at once); whether it grew."""
        rv = self.ids.lines
        if not 0 <= index < len(rv.data) or rv.height <= 100:
            return False
        height = min(math.ceil(needed), rv.height)
        if height <= rv.data[index].get("height", dp(ROW_DP)) + 1:
            return False
        rv.data[index]["height"] = height
        rv.refresh_from_data(modified=slice(index, index + 1))
        return True

    @property
    def line_count(self) -> int:
        self._give_due()
        return len(self.ids.lines.data)

    def scroll_to_line(self, index: int) -> None:
        """Bring row ``index`` into view (the latest step, or the chosen one); again on the next
        frame, once the list has laid out its new rows (before that, Kivy's scroll bounds are the
        old list's and pull the list back to its top)."""
        self._kept_in_view = index
        self._scroll_now(index)
        Clock.schedule_once(lambda _dt: self._scroll_now(index), 0)

    def _scroll_now(self, index: int) -> None:
        """The list scrolled to row ``index`` by the rows' heights in its data (its layout is made
        from them). No refresh of its data: that gave each row in view to another widget (a row
        tapped just after it was scrolled to picked the step two rows above), and laid out all
        2,000 rows again each time."""
        rv = self.ids.lines
        count = len(rv.data)
        if count == 0:
            return
        rv.scroll_y = scroll_to(self._row_spans(), index, rv.height)

    def _row_spans(self) -> list[float]:
        """Each row's height and the spacing below it, as the list lays them out."""
        gap, least = float(dp(2)), float(dp(ROW_DP))
        return [float(row.get("height", least)) + gap for row in self.ids.lines.data]

    def line_button(self, index: int) -> Any:
        """The row widget of step ``index``, scrolled into view (for drivers and tests), every row said
        first: a table scrolls to a row after the few frames that say them (:meth:`_say_more`), and a
        driver tapping at once tapped the row that the rows said above it had pushed there."""
        self._give_due()
        rv = self.ids.lines
        if self._saying is not None:
            self._saying.cancel()
            self._say_more(0, len(rv.data))
        self._kept_in_view = index  # as scroll_to_line: the list, grown by the rows said, comes back to it
        for _settle in range(3):  # again while a row in view grew to its text: the rows below moved
            heights = [row.get("height") for row in rv.data]
            self._scroll_now(index)
            rv.refresh_from_viewport()
            rv.refresh_views()
            if heights == [row.get("height") for row in rv.data]:
                break
        for view in rv.layout_manager.children:
            if getattr(view, "index", None) == index:
                return view
        raise LookupError(f"journal line {index} is not in view")

    def select(self, index: int) -> None:
        """Step ``index`` picked: its row and the one picked before take their colours, and the table
        after that step is shown."""
        self._give_due()
        rv = self.ids.lines
        for i in (self.selected, index):
            if 0 <= i < len(rv.data):
                self._colour_row(i, CHOSEN if i == index else PLAIN)
        self.selected = index
        self._show_selected()

    def _colour_row(self, index: int, colour: tuple[float, ...]) -> None:
        """Row ``index`` in ``colour``: in the list's data, and on the row widget that shows it, in view
        or kept by the list for it (a row scrolled out of view comes back without being given its
        step again). Not by a refresh of the list's data: that laid out all 2,000 rows again and gave
        every row in view its step anew, each measured and drawn again, for two colours."""
        rv = self.ids.lines
        rv.data[index]["background_color"] = colour
        adapter = rv.view_adapter
        kept = [adapter.get_visible_view(index)] + [views.get(index) for views in adapter.dirty_views.values()]
        for view in kept:
            if view is not None:
                view.background_color = colour

    def _show_selected(self) -> None:
        app = self.app
        session = app.session
        if session is None or session.game is None:
            return
        count = session.seq + 1
        index = self.selected if 0 <= self.selected < count else count - 1
        morpoly = is_morpoly(session)
        self._show_map(not morpoly)
        if morpoly:  # Ankh-Morpoly has no city map: where each party stood, and its cash
            self.ids.position.text = morpoly_position_text(app, session.positions[index])
        else:
            # imported here: the first game's table screen and scoring, which an Ankh-Morpoly game's Journal
            # does not need, were 7 ms of opening it
            from ui.screens.table import public_state
            self.ids.map.state = public_state(session.positions[index], app.slips_logged)
        self.ids.at.text = app.t("The table after step {n}").format(n=index)
        self.ids.undo.disabled = index >= count - 1
        self.ids.redo.disabled = not session.timeline.undone
        self.ids.undo.text = "↶ " + app.t("Undo to here") + f" ({index})"

    def _show_map(self, shown: bool) -> None:
        """The first game's city map, or in its place the Ankh-Morpoly position's words (the city
        map of the other game beside a Monopoly board's journal told the table nothing)."""
        the_map, words = self.ids.map, self.ids.position
        the_map.opacity, the_map.disabled, the_map.size_hint_y = (1, False, 1) if shown else (0, True, None)
        if not shown:
            the_map.height = 0
        words.opacity, words.size_hint_y = (0, None) if shown else (1, 1)
        if shown:
            words.height = 0

    def undo_here(self) -> None:
        """Ask before undoing, naming the steps that will be taken back (and warning when a die
        roll or a revealed card is among them: the real die and cards do not change back)."""
        app = self.app
        session = app.session
        if session is None or session.game is None:
            return
        index = self.selected if self.selected >= 0 else len(session.inputs)
        steps = len(session.inputs) - index
        if steps <= 0:
            return
        barriers = session.barriers_to_undo(steps)
        self.confirm(index, len(barriers))

    def undone_lines(self, index: int) -> list[str]:
        """The steps after ``index``, newest first, as the journal lists them."""
        app = self.app
        session = app.session
        assert session is not None and session.game is not None  # the journal lists the open session's steps
        state, inputs = session.game.state, session.inputs  # names do not change: no replay needed
        out = []
        for n in range(len(inputs), index, -1):
            question = session.question_at(n - 1)
            out.append(f"{n} · {step_text(app, state, question, inputs[n - 1])}")
        return out

    def confirm(self, index: int, count: int) -> None:
        app = self.app
        lines = self.undone_lines(index)
        # in its plural form: Italian "… e altri 2" but "… e un altro", never "… e altri 1"
        shown = lines[:3] + ([app.translator.plural("… and {n} more", len(lines) - 3)] if len(lines) > 3 else [])
        text = app.translator.plural("Take back {n} step(s):", len(lines)) + "\n" + "\n".join(shown)
        if count:
            text += "\n\n" + app.translator.plural(
                "This takes back {n} die roll(s) or scanned card(s). The real die and cards will not change back. Undo anyway?",
                count)
        box = BoxLayout(orientation="vertical", spacing=dp(8), padding=dp(8))
        label = Label(text=text, markup=True, color=(1, 1, 1, 1), halign="left", valign="top", font_size=sp(14))
        label.bind(size=lambda w, _v: setattr(w, "text_size", (w.width, None)))
        box.add_widget(label)
        row = BoxLayout(spacing=dp(8), size_hint_y=None, height=dp(52))
        yes = BigButton(text=app.t("Undo anyway") if count else app.t("Undo"),
                        background_color=(0.7, 0.2, 0.2, 1) if count else (0.35, 0.28, 0.2, 1))
        no = BigButton(text=app.t("Keep"))
        row.add_widget(no)
        row.add_widget(yes)
        box.add_widget(row)
        title = app.t("Undo past a die roll?") if count else app.t("Undo to step {n}?").format(n=index)
        popup = Popup(title=title, content=box, size_hint=(None, None),
                      size=(dp(520), dp(300)), auto_dismiss=False)
        no.bind(on_release=lambda _b: popup.dismiss(animation=False))

        def undo_anyway(_button: Any) -> None:
            popup.dismiss(animation=False)
            self.do_undo(index)
        yes.bind(on_release=undo_anyway)
        self.popup = popup
        self.confirm_button = yes
        popup.open()

    def do_undo(self, index: int) -> None:
        """Undo to ``index``; the latest step is shown after it. A refused undo (a full or read-only
        card) changes nothing, the step picked included: the table frees space and taps again."""
        if self.app.undo_to(index):
            self.selected = -1
        self.update()

    def redo(self) -> None:
        if self.app.redo():
            self.selected = -1
        self.update()
