"""The app's settings: a small JSON file in the app's data folder.

Kept separate from the game journal: settings belong to the machine (which die, which camera), the
journal to the game. A malformed file is reported and replaced by defaults rather than stopping the
app at the table.
"""
from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from companion.core.jsontext import parse_json
from ui.durable import write_durably
from companion.morpork.options import EDITIONS as EDITIONS  # defined once, with the rule options
from ui.i18n import LANGUAGES

log = logging.getLogger(__name__)


@dataclass
class AppSettings:
    """What the Settings screen edits. URLs follow the hardware package: ``sim://``,
    ``serial:///dev/ttyACM0``, ``gpio://…``, ``camera://0``, ``hid://…``."""

    die_url: str = "sim://"
    scanner_url: str = "sim://"
    language: str = "en"
    edition: str = "en"
    colorblind: bool = False
    sound: bool = True

    @classmethod
    def load(cls, path: Path) -> AppSettings:
        """The settings in ``path``: the defaults when it is missing or cannot be read (:meth:`read`)."""
        return cls.read(path)[0]

    @classmethod
    def read(cls, path: Path) -> tuple[AppSettings, str | None]:
        """The settings in ``path`` and, when the file is there but cannot be read, why (the defaults
        are then in use). The app says it on screen: a file it drops silently would turn the real
        die into the simulated one, and the table's language into English, with nothing to tell why
        (a key given twice is such a file: which of the two was meant is not known)."""
        if not path.exists():
            return cls(), None
        try:
            doc = parse_json(path.read_bytes(), "the settings file")
            if not isinstance(doc, dict):
                raise ValueError(f"the settings file holds {type(doc).__name__}, not an object")
            known = {f.name for f in fields(cls)}
            settings = cls(**{k: v for k, v in doc.items() if k in known})
            settings.validate()
            return settings, None
        except (ValueError, TypeError, OSError) as exc:
            log.error("settings file %r unreadable (%s); using defaults", str(path), exc)
            return cls(), f"{path}: {' '.join(str(exc).split())}"

    def validate(self) -> None:
        if self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r}")
        if self.edition not in EDITIONS:
            raise ValueError(f"unknown edition {self.edition!r}")
        for name in ("die_url", "scanner_url"):
            value = getattr(self, name)
            if not isinstance(value, str) or "://" not in value:
                raise ValueError(f"{name} must be a URL like 'sim://', not {value!r}")

    def save(self, path: Path) -> None:
        """Written whole or not at all (a plug pulled just after a change keeps the old settings or
        the new ones); ``OSError`` when it cannot be written."""
        write_durably(path, json.dumps(asdict(self), indent=2))
