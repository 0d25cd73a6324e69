"""``companion`` stays a pure, standard-library engine, fully typed.

The app, the hardware adapters and the CLI build on it; a stray ``import kivy`` or ``import serial``
here would drag a GUI or a device into every rule test and into the Pi's headless tools.
"""
from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
COMPANION = REPO / "companion"
FORBIDDEN: tuple[str, ...] = ("kivy", "serial", "gpiozero", "zxingcpp", "cv2", "qrcode", "PIL", "numpy",
                              "hardware", "ui", "firmware_bridge")
SQLITE_ALLOWED = {COMPANION / "core" / "journal.py"}


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Top-level module names a file imports (``import a.b`` and ``from a.b import c`` give ``a``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) in (
                "import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            found.append((node.lineno, node.args[0].value.split(".")[0]))
    return found


def modules() -> list[Path]:
    return sorted(COMPANION.rglob("*.py"))


def test_the_walk_sees_the_engine() -> None:
    names = {p.relative_to(COMPANION).as_posix() for p in modules()}
    assert {"morpork/actions.py", "morpork/scoring.py", "morpork/state.py", "core/session.py", "cli/analyse.py"} <= names


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.relative_to(REPO).as_posix())
def test_no_forbidden_imports(path: Path) -> None:
    bad = [(line, name) for line, name in imported_modules(path) if name in FORBIDDEN]
    assert not bad, f"{path.relative_to(REPO)} imports {bad!r}; companion is standard library only"
    if path not in SQLITE_ALLOWED:
        sqlite = [(line, name) for line, name in imported_modules(path) if name == "sqlite3"]
        assert not sqlite, f"{path.relative_to(REPO)} imports sqlite3 at {sqlite!r}; only companion/core/journal.py may"


def test_the_walk_catches_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom kivy.app import App\nimport importlib\nimportlib.import_module('cv2')\n")
    assert [name for _, name in imported_modules(sample)] == ["os", "kivy", "importlib", "cv2"]


def test_mypy_strict() -> None:
    """``mypy --strict`` over what pyproject.toml names: companion, firmware_bridge (not the
    MicroPython firmware) and hardware. mypy is a test dependency, so its absence is a failure."""
    assert importlib.util.find_spec("mypy") is not None, "mypy is not installed: pip install -e '.[test]'"
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict"], cwd=REPO,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
