"""Home: new game, resume the unfinished game, the past games with winners and scores, settings."""
from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.uix.label import Label

from ui.palette import PLAYER_RGB, hex_color
from ui.screens.base import GameScreen


class HomeScreen(GameScreen):
    def update(self) -> None:
        app = self.app
        self.ids.resume.disabled = not app.can_resume()
        past = self.ids.past
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

    def resume(self) -> None:
        app = self.app
        if app.game is not None and not app.game.is_over:
            app.back_to_game()
        elif app.can_resume():
            app.resume_game()
