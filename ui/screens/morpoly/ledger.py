"""The FSU ledger — the variant's public progress board: every running FSU with insurer,
beneficiary, square, premium, what it covers, and when it ends, plus the chance that each token's
next roll lands it on a square that matters (the engine's movement tables). It reads the mode's
view (``ankh-morpoly-state/1``); while the state document carries no ``fsus`` the ledger says that
none is running."""
from __future__ import annotations

from typing import Any

from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.core.mode import get_mode
from companion.morpoly.movement import chance_to_land
from ui.palette import hex_color
from ui.screens.base import GameScreen
from ui.screens.morpoly.board import party_rgb
from ui.screens.morpoly.common import paper, MODE_ID, game_edition, money
from ui.widgets import BigButton


class MorpolyLedgerScreen(GameScreen):
    """See the module docstring."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._built = False

    def _build(self) -> None:
        root = BoxLayout(orientation="vertical", padding=dp(6), spacing=dp(4))
        paper(root)
        top = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(6))
        self.back_button = BigButton(size_hint_x=0.3)
        self.back_button.bind(on_release=lambda _b: self.app.show("morpoly-board"))
        self.title_label = Label(bold=True, font_size=sp(20))
        top.add_widget(self.back_button)
        top.add_widget(self.title_label)
        root.add_widget(top)
        scroll = ScrollView(do_scroll_x=False)
        self.body = Label(markup=True, font_size=sp(15), halign="left", valign="top", size_hint_y=None)
        self.body.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, None)),
                       texture_size=lambda w, ts: setattr(w, "height", ts[1]))
        scroll.add_widget(self.body)
        root.add_widget(scroll)
        self.add_widget(root)
        self._built = True

    def update(self) -> None:
        if not self._built:
            self._build()
        app, game = self.app, self.app.game
        self.back_button.text = "◀ " + app.t("Board")
        self.title_label.text = app.t("FSU ledger")
        if game is None or not hasattr(game, "state"):
            self.body.text = ""
            return
        ed = game_edition(game)
        view = get_mode(MODE_ID).view(game, None)
        lines: list[str] = []
        fsus = [f for f in view.get("fsus", []) if f.get("status", "active") == "active"]
        if not fsus:
            lines.append(app.t("No FSU is running."))
        positions = {t["id"]: t["square"] for t in view["tokens"]}
        for fsu in fsus:
            square = int(fsu["square"])
            holder = str(fsu.get("holder_token", fsu.get("beneficiary", "")))
            ahead = (square - positions.get(holder, 0)) % 40
            chance = float(chance_to_land(positions.get(holder, 0), [square]))
            lines.append(
                f"[b]{ed.squares[square].name}[/b] · {app.t('insurer')} {app.translator.color(fsu.get('insurer', ''))}"
                f" → {app.t('beneficiary')} {app.translator.color(fsu.get('beneficiary', ''))} · "
                f"{app.t('premium')} {money(ed, int(fsu.get('premium', 0)))}\n   "
                + app.t("covers: {covers}").format(covers=", ".join(fsu.get("covers", [])))
                + "\n   " + app.t("ends when {token} passes {square} ({n} squares ahead)").format(
                    token=app.translator.color(holder), square=ed.squares[square].name, n=ahead)
                + f" · {chance:.0%}")
        lines.append("")
        lines.append(f"[b]{app.t('Where the next roll may lead')}[/b]")
        special = {"chance": [s.index for s in ed.squares if s.kind == "chance"],
                   "chest": [s.index for s in ed.squares if s.kind == "chest"]}
        for token in view["tokens"]:
            start = int(token["square"])
            rgb = hex_color(party_rgb(token["party"]))
            chance = float(chance_to_land(start, special["chance"]))
            chest = float(chance_to_land(start, special["chest"]))
            jail = " ▦" if token.get("in_jail") else ""
            lines.append(f"[color={rgb}]●[/color] {app.translator.color(token['id'])}{jail}: "
                         f"{ed.squares[start].name} · "
                         + f"{ed.squares[special['chance'][0]].name} {chance:.0%} · "
                         + f"{ed.squares[special['chest'][0]].name} {chest:.0%}")
        self.body.text = "\n".join(lines)
