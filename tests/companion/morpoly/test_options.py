"""Every ruling R1–R73 of the reference, and the kit's R74 after them, is named once, as an option or as
fixed, and documented."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import InputError
from companion.morpoly.options import OPTIONS, RULINGS, defaults, option, resolve

DOC = Path(__file__).resolve().parents[3] / "docs" / "morpoly-rulings.md"


def test_every_ruling_is_listed_once_in_order() -> None:
    assert [ruling.number for ruling in RULINGS] == list(range(1, 75))


def test_every_ruling_option_exists_and_every_option_is_a_ruling_or_a_switch() -> None:
    names = {option.name for option in OPTIONS}
    carried = {ruling.option for ruling in RULINGS if ruling.option}
    assert carried <= names
    assert names - carried == {"fortuna", "elam", "backward-go-landing", "npc-move"}


def test_the_document_lists_every_ruling_with_its_option() -> None:
    text = DOC.read_text(encoding="utf-8")
    for ruling in RULINGS:
        row = next((line for line in text.splitlines() if line.startswith(f"| R{ruling.number} |")), None)
        assert row is not None, f"R{ruling.number} missing from {DOC.name}"
        if ruling.option:
            declared = option(ruling.option)
            cells = f"`{declared.name}` | {declared.default} ({' / '.join(declared.choices)})"
        else:
            cells = "fixed | —"
        assert row == f"| R{ruling.number} | {cells} | {ruling.reading} | {ruling.enforced_in} |"


def test_defaults_and_bad_values() -> None:
    assert defaults()["double-fee"] == "twice-base-rent" and defaults()["backward-go-landing"] == "double"
    assert resolve({"pair-unordered": "yes"})["pair-unordered"] == "yes"
    with pytest.raises(InputError, match="pair-unordered"):
        resolve({"pair-unordered": "maybe"})
    with pytest.raises(InputError, match="unknown option"):
        resolve({"no_such_rule": "yes"})
