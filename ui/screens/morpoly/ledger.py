"""The FSU ledger — the variant's public progress board: every running FSU with insurer,
beneficiary, square, premium, what it covers in words, "ends when ⟨token⟩ passes ⟨square⟩ (n squares
ahead)" and the chance that the next roll ends it or makes it pay, as the mode's exposure view
(``exposure`` in its view, :mod:`companion.morpoly.ledger_view`) gives them; below, each token's
chance to land on Chance or Community Chest. It draws; the mode computes. Plain Monopoly
(``base=standard``) has no FSU: there the screen is "Next roll", the chances alone."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.core.mode import get_mode
from ui.palette import hex_color
from ui.screens.base import GameScreen
from ui.screens.morpoly.board import ledger_title, party_rgb, party_shape
from ui.screens.morpoly.common import (MODE_ID, chance_name, chest_name, cover_words, game_edition, is_morpoly, is_plain,
                                       money, paper, party_name)
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
        if game is None or not is_morpoly(app.session):
            self.title_label.text = app.t(ledger_title(None))
            self.body.text = ""
            return
        self.title_label.text = app.t(ledger_title(game))
        view = get_mode(MODE_ID).view(game, None)
        lines = [self.fsu_text(fsu, game) for fsu in view.get("exposure", [])]
        if not lines and is_plain(game):  # plain Monopoly: no FSU to say none of
            lines = [f"[b]{app.t('Where the next roll may lead')}[/b]"]
        else:
            lines = (lines or [app.t("No FSU is running.")]) + ["", f"[b]{app.t('Where the next roll may lead')}[/b]"]
        lines += self.next_roll_lines(game, view)
        self.body.text = "\n".join(lines)

    def fsu_text(self, fsu: dict[str, Any], game: Any) -> str:
        """One running FSU as the mode's exposure view gives it, in words."""
        app, ed = self.app, game_edition(game)
        square = ed.squares[int(fsu["square"])].name
        covers = ", ".join(cover_words(app, game, c) for c in fsu["covers"])
        # numbered as the log numbers it ("FSU 2 from Ann pays Bob $150"), so a line there is found here
        head = app.t("FSU {fsu} · {square}: {insurer} insures {beneficiary} · premium {premium}").format(
            fsu=fsu["fsu"], square=f"[b]{square}[/b]", insurer=self.who(fsu["insurer"]),
            beneficiary=self.who(fsu["beneficiary"]), premium=money(ed, int(fsu["premium"]), app.translator.language))
        ends = app.translator.plural("ends when {token} passes {square} ({n} squares ahead)",
                                     int(fsu["squares_ahead"]), token=self.who(fsu["token"]), square=square)
        ends += " · " + app.t("next roll: {chance}").format(chance=percent(fsu["chance_to_end"], app.t("{n}%")))
        payout = money(ed, int(fsu["payout"]), app.translator.language)
        if list(fsu["covers"]) == ["merchants"]:  # the Merchants pay the payment itself, up to 3 × (L65)
            claim = app.t("a claim pays the payment, up to {amount}").format(amount=payout)
        else:
            claim = app.t("a claim pays {amount} (3 × the premium)").format(amount=payout)
        if fsu["fool_modifiable"]:
            claim += " · " + app.t("the Fools may roll to change it")
        if fsu["chance_of_claim"] is None:  # it hangs on what others do, or on payments: no square to land on
            claim += "\n   " + app.t("on the next roll: cannot be foreseen")
        else:
            claim += "\n   " + app.t("pays out on the next roll: {chance}").format(
                chance=percent(fsu["chance_of_claim"], app.t("{n}%")))
        return f"{head}\n   {app.t('covers: {covers}').format(covers=covers)}\n   {ends}\n   {claim}"

    def who(self, party: str) -> str:
        """A party (or a token: its player) by colour and typed name."""
        return f"[color={hex_color(party_rgb(party))}]{party_shape(party)}[/color] {party_name(self.app, party)}"

    def next_roll_lines(self, game: Any, view: dict[str, Any]) -> list[str]:
        """Each token's chance to land on Chance or Community Chest with its next roll (the mode's),
        the squares named as the set on the table prints them, as the line's own square names are
        and as the covers above it name them for a set of another language (Translator.names_as_printed):
        a German set at an English table read "covers: landing on Ereignisfeld" above "Chance 17%"."""
        ed = game_edition(game)
        chance, chest = chance_name(ed), chest_name(ed)
        lines, form = [], self.app.t("{n}%")
        for roll in view.get("next_rolls", []):
            jail = " ▦" if roll["in_jail"] else ""
            lines.append(f"{self.who(roll['token'])}{jail}: {ed.squares[int(roll['square'])].name} · "
                         f"{chance} {percent(roll['chance'], form)} · {chest} {percent(roll['chest'], form)}")
        return lines


def percent(fraction: str, form: str = "{n}%") -> str:
    """A chance the mode gives as a fraction (``"5/36"``), as a table reads it: "14%", or in the
    table's ``form`` (the catalogue's "{n}%": German writes "14 %", with a space that never breaks)."""
    return form.format(n=f"{float(Fraction(fraction)) * 100:.0f}")  # as the "%" format rounds it
