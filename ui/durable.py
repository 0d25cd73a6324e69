"""Small files the app keeps beside the journal, written so that a pulled plug leaves the old
version or the new one, never half of either.

The journal has SQLite for that; the settings and the navigation record are a few bytes of JSON
each, and get the usual recipe: write a temporary file beside the target, flush it to the disk,
rename it over the target, and flush the rename (the folder) too.
"""
from __future__ import annotations

import os
from pathlib import Path


def write_durably(path: Path, text: str) -> None:
    """``text`` as the whole of ``path`` (UTF-8), on the disk when this returns. Raises ``OSError``
    when it cannot be written; the temporary file is then removed and ``path`` is as it was."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Flush the rename itself to the disk (where the system allows a folder to be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
