"""Home: new game, resume the unfinished game, the past games with winners and scores, settings."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any, Callable

from kivy.core.text.markup import MarkupLabel
from kivy.metrics import dp, sp
from kivy.uix.label import Label

from ui.widgets import BigButton, player_markup
from ui.screens.base import GameScreen


RESUME_FONT_SP = (15, 14, 13, 12, 11)
"""The resume button's font sizes, largest first: the first whose text fits the room is used."""
RESUME_MIN_DP = 84
"""The resume button's height with a short text (two lines)."""


def text_height(text: str, font_size: float, font_name: str, width: float) -> float:
    """How tall ``text`` (markup) is set at ``font_size`` and wrapped to ``width``, as a Label sets it."""
    label = MarkupLabel(text=text, font_size=font_size, font_name=font_name, halign="center",
                        text_size=(max(1.0, width), None))
    label.refresh()
    return float(label.texture.size[1])


def text_width(text: str, font_size: float, font_name: str) -> float:
    """How wide ``text`` (markup, one line) is set at ``font_size``, as a Label sets it."""
    label = MarkupLabel(text=text, font_size=font_size, font_name=font_name)
    label.refresh()
    return float(label.texture.size[0])


def wrap_markup(text: str, font_size: float, font_name: str, width: float) -> str:
    """``text`` (markup) with its lines broken at spaces so that each fits ``width``: Kivy, left to
    wrap a line itself, also breaks where the markup changes, which split a player's colour mark
    from the name after it ("● Ann, ▲" / "Bob"). A no-break space (U+00A0) keeps its neighbours on
    one line, so a mark and its name stay together; a word wider than ``width`` stands on a line of
    its own. A paragraph that fits whole is measured once, not word by word (a finished table of
    eight's scores, twenty such games: some 500 measures each time Home was built)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if " " not in paragraph or text_width(paragraph, font_size, font_name) <= width:
            lines.append(paragraph)
            continue
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if line and text_width(trial, font_size, font_name) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return "\n".join(lines)


def unbroken(markup: str) -> str:
    """A player's mark and name (markup) as one unit for :func:`wrap_markup`: its spaces no-break."""
    return markup.replace(" ", "\u00a0")


KEEP = "\u2007"
"""Holds a finished game's player (mark, name, score) together for :func:`wrap_markup`, and is a plain
space again once the line is broken (a figure space: a little wider than a space, so a broken line
still fits)."""


def kept(markup: str) -> str:
    """``markup`` as one unit for :func:`wrap_markup`, its spaces :data:`KEEP`."""
    return markup.replace(" ", KEEP)


class HomeScreen(GameScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._fitting = False
        self.resume_markup = ""
        """The resume button's text before it is broken into lines (see :meth:`fit_resume`)."""
        self._played: dict[tuple[int, int], str | None] = {}
        """When each unfinished game not open was last played, by game and last journal row: read
        from all its entries, which a long game has thousands of, so not at every redraw of Home."""

    def answers_the_game(self) -> bool:
        """Home shows no game's question: a roll or a card arriving here answers nothing."""
        return False

    def on_kv_post(self, base_widget: Any) -> None:
        resume = self.ids.resume
        resume.bind(width=self.fit_resume, text=self._resume_text_set)
        resume.parent.bind(height=self.fit_resume)

    def _resume_text_set(self, _button: Any, text: str) -> None:
        """A new text (the kv rule's, in a new language, or :meth:`update`'s): set in lines anew."""
        if not self._fitting:
            self.resume_markup = text
            self.fit_resume()

    def fit_resume(self, *_args: Any) -> None:
        """The resume button grows with its text up to the room its column has, then its font
        shrinks: four long names, the turn and the time take six lines in German and were cut at
        both ends in a button of fixed height (found by playing; test_ui_long_names)."""
        if self._fitting:
            return
        button = self.ids.resume.__self__  # the widget, not the ids' weak proxy: compared with ``is``
        column = button.parent
        fixed = [w for w in column.children if w is not button and w.size_hint_y is None]
        others = sum(w.height for w in fixed)
        room = column.height - column.padding[1] - column.padding[3] - others \
            - column.spacing * (len(column.children) - 1)
        room = max(dp(RESUME_MIN_DP), room)
        slack = dp(12)  # the button's own padding (text_size is 4 dp less) and a little air
        raw = self.resume_markup or button.text
        for size in RESUME_FONT_SP:
            # our own lines (a mark stays with its name), a pixel inside Kivy's wrapping width
            text = wrap_markup(raw, sp(size), button.font_name, button.width - dp(8) - 1)
            need = text_height(text, sp(size), button.font_name, button.width - dp(8)) + slack
            if need <= room:
                break
        self._fitting = True
        try:
            button.text = text
            button.font_size = sp(size)
            button.height = min(room, max(dp(RESUME_MIN_DP), need))
        finally:
            self._fitting = False

    def update(self) -> None:
        app = self.app
        past = self.ids.past
        if app.resuming:  # the first frame, before the journal is open (CompanionApp.open_journal)
            self.ids.resume.disabled = True
            self.resume_markup = "▶ " + app.t("Resuming…")
            self.ids.resume.text = self.resume_markup
            past.clear_widgets()
            return
        self.ids.resume.disabled = not app.can_resume()
        self.resume_markup = "▶ " + self.resume_text()
        self.ids.resume.text = self.resume_markup
        self.fit_resume()
        past.clear_widgets()
        if self.list_unfinished(past):  # the finished games under their own heading, not under these
            past.add_widget(Label(text=app.t("Finished games"), bold=True, size_hint_y=None, height=dp(28),
                                  font_size=sp(14)))
        games = list(reversed(app.past_games()))[:20]
        if not games:
            past.add_widget(Label(text=app.t("No finished games yet."), size_hint_y=None, height=dp(32)))
        for entry in games:
            names = {p["color"]: (p.get("name") or app.translator.color(p["color"])) for p in entry["players"]}
            # each colour's own shape, kept with its name and score (wrap_markup below): a table of eight's
            # scores wrap, and "♣" stood at a line's end, "Gretchen 1.458 €" at the next one's start
            scores = "  ".join(
                kept(f"{player_markup(c, names.get(c, c))} {self.score_text(entry, pts, app.translator.language)}")
                for c, pts in entry.get("points", {}).items())
            winners = ", ".join(names.get(c, c) for c in entry.get("winners", []))
            which = self.game_title(entry)
            line = (f"{entry.get('finished', '')[:10]}  {which}★ {winners}  "
                    f"({app.t(self.reason_key(entry))})\n{scores}")
            label = Label(text=line, markup=True, size_hint_y=None, height=dp(44), font_size=sp(13),
                          halign="left", valign="middle")
            label.bind(width=lambda w, _v, raw=line: self.wrap_past(w, raw))
            # as tall as its lines (two, or three when the scores wrap): centred in two lines' room,
            # a table of eight's entry spilled over the heading above it
            label.bind(texture_size=lambda w, size: setattr(w, "height", max(dp(44), size[1] + dp(4))))
            past.add_widget(label)

    @staticmethod
    def wrap_past(label: Any, raw: str) -> None:
        """A finished game's line at its label's width, broken by :func:`wrap_markup` (a player's mark
        stays with the name after it)."""
        label.text_size = (label.width, None)
        label.text = wrap_markup(raw, label.font_size, label.font_name, label.width - 1).replace(KEEP, " ")

    def list_unfinished(self, past: Any) -> bool:
        """The unfinished games other than the open one, each a button that goes back to it: a table
        that left a game for a new one (a Discworld game for an Ankh-Morpoly one, say) had no way
        back to it, though the journal keeps it unfinished. Whether any was listed."""
        from companion.core.errors import CompanionError
        from ui.gamehost import last_played_in
        app = self.app
        others = app.other_unfinished()
        if not others:
            return False
        past.add_widget(Label(text=app.t("Unfinished games"), bold=True, size_hint_y=None, height=dp(28),
                              font_size=sp(14)))
        assert app.session is not None  # other_unfinished() found some
        for record in others:
            names = record.names or (None,) * len(record.players)
            players = ", ".join(unbroken(player_markup(c, n or app.translator.color(c)))
                                for c, n in zip(record.players, names))
            try:
                last = app.session.journal.last_n(record.id)
                if (record.id, last) not in self._played:  # a game not open does not change: read once
                    self._played[record.id, last] = last_played_in(app.session, record.id)
                when = when_text(self._played[record.id, last], app.t)
            except CompanionError:  # its rows unreadable: the button without its time
                when = ""
            which = self.game_title({"mode": record.mode})
            text = "▶ " + app.t("Resume: {players}").format(players=players) + "\n" + which.removesuffix(" · ") \
                + (" · " if which and when else "") + when
            button = BigButton(text=text, height=dp(56), font_size=sp(13))
            button.bind(on_release=lambda _b, game=record.id: app.resume_other(game))
            past.add_widget(button)
        return True

    @staticmethod
    def game_title(entry: dict[str, Any]) -> str:
        """Which of the two games a finished game was, as "resume" says it ("Ankh-Morpoly · "; the
        first game, the app's own, unnamed): a list of both read alike but for the money."""
        from companion.core.mode import get_mode
        from ui.screens.morpoly.common import MODE_ID
        return f"{get_mode(MODE_ID).title} · " if entry.get("mode") == MODE_ID else ""

    @staticmethod
    def reason_key(entry: dict[str, Any]) -> str:
        """The message key of why a finished game ended. Plain Monopoly (``base=standard``) ended by one
        player left is "every other player is bankrupt", as its game-over says: the variant's "one
        party controls the city" (a Polish table of six read it) has no city and no parties there."""
        reason = str(entry.get("reason"))
        if entry.get("base") == "standard":  # only plain Monopoly's games: a Discworld Home imports no engine rule
            from companion.morpoly.game_end import ONE_PARTY_LEFT
            if reason == ONE_PARTY_LEFT:
                return "reason:one player left"
        return "reason:" + reason

    @staticmethod
    def score_text(entry: dict[str, Any], score: int, language: str) -> str:
        """A finished game's score as its table counted it: points in the first game, a party's
        worth in Ankh-Morpoly's money, its symbol as the set prints it, grouped as ``language``
        writes thousands ("$2,012", "4.127\u00a0€", "$2\u00a0012" in Polish)."""
        from ui.screens.morpoly.common import MODE_ID, edition, money
        if entry.get("mode") != MODE_ID:
            return str(score)
        try:
            return money(edition(str(entry.get("edition") or "us")), int(score), language)
        except ValueError:  # a set this version does not know: the bare number
            return str(score)

    def resume_text(self) -> str:
        """What "resume" resumes: the players by name, the turn, and when it was last played."""
        app = self.app
        if not app.can_resume():
            return app.t("Resume the unfinished game")
        from ui.gamehost import last_played
        from ui.screens.morpoly.common import player_labels_of
        assert app.session is not None and app.session.game is not None  # can_resume() said so
        game = app.session.game
        from companion.core.mode import get_mode
        from ui.screens.morpoly.common import MODE_ID, is_morpoly
        names = ", ".join(unbroken(label) for label in player_labels_of(app, game).values())
        when = when_text(last_played(app.session), app.t)
        which = get_mode(MODE_ID).title + " · " if is_morpoly(app.session) else ""  # which of the two games
        # a finished game whose end the table was reading (can_resume): back to its end, not "resume"
        # ("Weiterspielen", "play on", of a game that is over)
        lead = "Back to the end of the game: {players}" if game.is_over else "Resume: {players}"
        return app.t(lead).format(players=names) + "\n" + which + \
            app.t("turn {n}").format(n=game.state.turn.number) + (f" · {when}" if when else "")

    def resume(self) -> None:
        app = self.app
        if app.game is not None and not app.game.is_over:
            app.back_to_game()
        elif app.can_resume():
            app.resume_game()


def when_text(stamp: str | None, t: Callable[[str], str], now: datetime | None = None) -> str:
    """A journal time stamp as a table says it: "today 14:02", "yesterday 21:40" or "3 Nov 2026"
    (local time)."""
    if not stamp:
        return ""
    try:
        at = datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return ""
    today = (now or datetime.now(timezone.utc)).astimezone().date()
    if at.date() == today:
        return t("today {time}").format(time=at.strftime("%H:%M"))
    if at.date() == today - timedelta(days=1):
        return t("yesterday {time}").format(time=at.strftime("%H:%M"))
    return at.strftime("%Y-%m-%d")
