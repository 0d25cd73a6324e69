"""The small files beside the journal (settings, the navigation record) are written whole or not
at all: a failed write leaves the old file as it was and no temporary file behind."""
from __future__ import annotations

from pathlib import Path

import pytest

from ui.durable import write_durably
from ui.settings import AppSettings


def test_a_write_replaces_the_whole_file_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "record.json"
    write_durably(path, "a much longer first version\n")
    write_durably(path, "short\n")
    assert path.read_text(encoding="utf-8") == "short\n"
    assert sorted(p.name for p in path.parent.iterdir()) == ["record.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    write_durably(path, "old\n")
    (tmp_path / "record.json.tmp").mkdir()  # the temporary file cannot be opened for writing
    with pytest.raises(OSError):
        write_durably(path, "new\n")
    assert path.read_text(encoding="utf-8") == "old\n"


def test_settings_are_saved_through_it_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    AppSettings(language="pl", colorblind=True).save(path)
    assert AppSettings.load(path) == AppSettings(language="pl", colorblind=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]
