"""Settings: the die and the scanner picked from what is detected on this machine (``ui.detect``),
each with its live connected / disconnected status, their raw URLs under "advanced" (applied at
once and reported in the status bar), language (switches every screen at once), rules edition for
new games, a search of the rulebook, colour-blind mode, sound.

A URL being typed is never thrown away: tapping a language or colour-blind button (or a die roll
arriving) redraws the screen without touching an edited field, and Enter, Apply or leaving the screen
applies it (a malformed URL is refused with a message in the status bar)."""
from __future__ import annotations

from typing import Any

from kivy.metrics import sp
from kivy.properties import BooleanProperty

from ui.screens.base import GameScreen


class SettingsScreen(GameScreen):
    devices_connected = BooleanProperty(True)
    """False while the die or the scanner is disconnected: then "use the simulated ones" is offered
    (the simulated device never replaces a real one without the table's say-so)."""
    _shown: tuple[str, str] = ("", "")  # the URLs last written into the fields

    def answers_the_game(self) -> bool:
        """Settings is opened over a screen: a roll or a card arriving here answers the game only when
        that screen does (not over Home or a new game's form: the roll went into the game left open
        behind them, and Settings, which the app does not leave after an input, said nothing)."""
        before = self.app.screen_before
        return before == self.name or bool(self.app.manager.get_screen(before).answers_the_game())

    def _typed(self) -> tuple[str, str]:
        return self.ids.die_url.text, self.ids.scanner_url.text

    def edited(self) -> bool:
        """True when the player has typed into a URL field since it was last filled."""
        return self._typed() != self._shown

    def on_pre_enter(self, *args: Any) -> None:
        self._shown = self._typed()  # entering shows the saved URLs afresh
        super().on_pre_enter(*args)

    def on_pre_leave(self, *_args: Any) -> None:
        if self.edited():
            self.apply_devices()

    def show_advanced(self, shown: bool) -> None:
        """The raw URL fields, folded away until asked for."""
        box = self._advanced_box if hasattr(self, "_advanced_box") else self.ids.advanced_box
        holder = self.ids.advanced.parent.parent
        if shown and box.parent is None:
            holder.add_widget(box, index=holder.children.index(self.ids.advanced.parent))
        elif not shown and box.parent is not None:
            box.parent.remove_widget(box)

    def on_kv_post(self, base_widget: Any) -> None:
        super().on_kv_post(base_widget)
        self._advanced_box = self.ids.advanced_box.__self__  # ids are weak: folded away, it must live on
        self.show_advanced(False)

    def _device_rows(self) -> None:
        """One toggle per detected die and scanner (the one in use pressed) and the live status."""
        from ui.detect import detected_dice, detected_scanners
        from ui.widgets import BigButton
        app = self.app
        t = app.t
        self.choice_buttons: dict[str, Any] = {}
        for kind, choices, status in (
                ("die", detected_dice(current=app.settings.die_url), app.devices.die_status),
                ("scanner", detected_scanners(current=app.settings.scanner_url), app.devices.scanner_status)):
            row = self.ids[f"{kind}_choices"]
            row.clear_widgets()
            current = app.settings.die_url if kind == "die" else app.settings.scanner_url
            for choice in choices[:4]:
                label = t(choice.label) + (f"\n[size={int(sp(11))}]{choice.detail}[/size]" if choice.detail else "")
                button = BigButton(text=label, value=choice.url, font_size="13sp",
                                   background_color=(0.2, 0.5, 0.3, 1) if choice.url == current else (0.45, 0.4, 0.34, 1))
                button.bind(on_release=lambda b, k=kind: self.pick_device(k, b.value))
                row.add_widget(button)
                self.choice_buttons[f"{kind}:{choice.url}"] = button
            connected = status.connected and status.url == current
            self.ids[f"{kind}_state"].text = (
                "[color=2e8b45]●[/color] " + t("connected") if connected else "[color=b3261e]○[/color] " + t("disconnected"))

    def pick_device(self, kind: str, url: str) -> None:
        """Use a detected device: saved and opened at once, like an applied URL."""
        app = self.app
        if kind == "die":
            app.settings.die_url = url
        else:
            app.settings.scanner_url = url
        app.save_settings()
        app.open_devices()
        self._shown = ("", "")  # the URL fields show the new choice
        self.ids.die_url.text, self.ids.scanner_url.text = app.settings.die_url, app.settings.scanner_url
        self._shown = self._typed()
        self.update()

    def update(self) -> None:
        app = self.app
        s = app.settings
        self._device_rows()
        if not self.edited():
            self.ids.die_url.text = s.die_url
            self.ids.scanner_url.text = s.scanner_url
            self._shown = self._typed()
        for language in ("en", "de", "pl", "it"):
            self.ids[f"lang_{language}"].state = "down" if s.language == language else "normal"
            self.ids[f"edition_{language}"].state = "down" if s.edition == language else "normal"
        self.ids.colorblind.state = "down" if s.colorblind else "normal"
        self.ids.sound.state = "down" if s.sound else "normal"
        self.ids.status.text = app.status_text
        self.devices_connected = app.devices.die_status.connected and app.devices.scanner_status.connected

    def use_simulated(self) -> None:
        self.app.use_simulated_devices()
        self.update()

    def apply_devices(self) -> None:
        app = self.app
        die, scanner = self.ids.die_url.text.strip(), self.ids.scanner_url.text.strip()
        for value in (die, scanner):
            if "://" not in value:
                app.message = app.t("A source is a URL such as sim:// or serial:///dev/ttyACM0, not {value!r}").format(value=value)
                return
        app.settings.die_url, app.settings.scanner_url = die, scanner
        app.save_settings()
        app.open_devices()
        app.message = ""
        self._shown = self._typed()  # applied: the fields show the saved URLs again
        self.update()

    def set_language(self, language: str) -> None:
        self.app.set_language(language)
        self.update()

    def set_edition(self, edition: str) -> None:
        self.app.settings.edition = edition
        self.app.save_settings()
        self.update()

    def set_colorblind(self, value: bool) -> None:
        self.app.set_colorblind(value)
        self.update()

    def set_sound(self, value: bool) -> None:
        self.app.settings.sound = bool(value)
        self.app.save_settings()
        self.update()

    def search_rulebook(self) -> None:
        """The rulebook of the table's language, searched with the on-screen keyboard."""
        from ui.rulebook_view import open_search
        open_search()

    def back(self, *_args: Any) -> None:
        """Back to Home or the new game's form Settings was opened from (the form as it was: the
        names typed, the edition just chosen here), else to the open game. It always went to the
        open game: a table filling in a new Discworld game's form, in Settings for the rules edition,
        found the Ankh-Morpoly board on "Back"."""
        app = self.app
        if app.screen_before in ("home", "setup", "morpoly-setup"):
            app.show(app.screen_before)
        else:
            app.back_to_game()
