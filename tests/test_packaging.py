"""Every data file the packages read must ship in a (non-editable) install, e.g. on the Pi."""
from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "firmware_bridge", "hardware", "ui")


def _package_of(path: Path) -> tuple[str, Path]:
    """The deepest Python package holding ``path`` and the path relative to it."""
    folder = path.parent
    while not (folder / "__init__.py").exists():
        folder = folder.parent
    return ".".join(folder.relative_to(ROOT).parts), path.relative_to(folder)


def test_package_data_covers_every_data_file() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    missing = []
    for top in PACKAGES:
        for path in (ROOT / top).rglob("*"):
            if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
                continue
            package, relative = _package_of(path)
            if not any(fnmatch.fnmatch(relative.as_posix(), p) for p in patterns.get(package, [])):
                missing.append(f"{package}: {relative.as_posix()}")
    assert missing == [], f"not in [tool.setuptools.package-data]: {missing}"
