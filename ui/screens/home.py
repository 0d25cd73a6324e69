"""Home: new game, resume the unfinished game, the past games with winners and scores, settings."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Callable

from kivy.metrics import dp, sp
from kivy.uix.label import Label

from ui.palette import PLAYER_RGB, hex_color
from ui.screens.base import GameScreen


class HomeScreen(GameScreen):
    def update(self) -> None:
        app = self.app
        past = self.ids.past
        if app.resuming:  # the first frame, before the journal is open (CompanionApp.open_journal)
            self.ids.resume.disabled = True
            self.ids.resume.text = "▶ " + app.t("Resuming…")
            past.clear_widgets()
            return
        self.ids.resume.disabled = not app.can_resume()
        self.ids.resume.text = "▶ " + self.resume_text()
        past.clear_widgets()
        games = list(reversed(app.past_games()))[:20]
        if not games:
            past.add_widget(Label(text=app.t("No finished games yet."), size_hint_y=None, height=dp(32)))
        for entry in games:
            names = {p["color"]: (p.get("name") or app.translator.color(p["color"])) for p in entry["players"]}
            scores = "  ".join(
                f"[color={hex_color(PLAYER_RGB[c])}]●[/color] {names.get(c, c)} {pts}"
                for c, pts in entry.get("points", {}).items())
            winners = ", ".join(names.get(c, c) for c in entry.get("winners", []))
            line = f"{entry.get('finished', '')[:10]}  ★ {winners}  ({app.t('reason:' + str(entry.get('reason')))})\n{scores}"
            label = Label(text=line, markup=True, size_hint_y=None, height=dp(44), font_size=sp(13),
                          halign="left", valign="middle")
            label.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, None)))
            past.add_widget(label)

    def resume_text(self) -> str:
        """What "resume" resumes: the players by name, the turn, and when it was last played."""
        app = self.app
        if not app.can_resume():
            return app.t("Resume the unfinished game")
        from ui.gamehost import last_played
        from ui.screens.morpoly.common import player_labels_of
        assert app.session is not None and app.session.game is not None  # can_resume() said so
        game = app.session.game
        names = ", ".join(player_labels_of(app, game).values())
        when = when_text(last_played(app.session), app.t)
        return app.t("Resume: {players}").format(players=names) + "\n" + \
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
