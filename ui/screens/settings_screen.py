"""Settings: die source and scanner source (URLs, applied at once and reported in the status bar),
language (switches every screen at once), rules edition for new games, colour-blind mode, sound."""
from __future__ import annotations

from typing import Any

from ui.screens.base import GameScreen


class SettingsScreen(GameScreen):
    def update(self) -> None:
        app = self.app
        s = app.settings
        self.ids.die_url.text = s.die_url
        self.ids.scanner_url.text = s.scanner_url
        for language in ("en", "de", "pl", "it"):
            self.ids[f"lang_{language}"].state = "down" if s.language == language else "normal"
            self.ids[f"edition_{language}"].state = "down" if s.edition == language else "normal"
        self.ids.colorblind.state = "down" if s.colorblind else "normal"
        self.ids.sound.state = "down" if s.sound else "normal"
        self.ids.status.text = app.status_text

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

    def back(self, *_args: Any) -> None:
        self.app.back_to_game()
