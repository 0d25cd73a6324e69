"""Every question Ankh-Morpoly's engine asks is named in ``docs/morpoly-state-format.md``'s table of
questions (who is asked, the answers): a program driving the journal reads its vocabulary there.

The keys are read from ``ui/messages.txt`` (``q:morpoly.*``), which
``tests/ui/test_ui_translations_complete.py`` ties to every key the engine's source asks with."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_every_question_key_is_in_the_state_format_document() -> None:
    messages = (ROOT / "ui" / "messages.txt").read_text(encoding="utf-8")
    keys = sorted(set(re.findall(r"^q:(morpoly\.[a-z0-9.-]+)$", messages, re.MULTILINE)))
    assert len(keys) > 40, keys
    document = (ROOT / "docs" / "morpoly-state-format.md").read_text(encoding="utf-8")
    assert [key for key in keys if f"`{key}`" not in document] == []


def test_every_rules_revision_has_its_row_in_the_state_format_document() -> None:
    """The table of rules revisions says what each one changed, for a program reading an older
    journal (revision 9 was once left out of it)."""
    from companion.morpoly.revisions import LATEST

    document = (ROOT / "docs" / "morpoly-state-format.md").read_text(encoding="utf-8")
    rows = {int(n) for n in re.findall(r"^\| (\d+) \| ", document.split("### Rules revisions")[1], re.MULTILINE)}
    assert set(range(1, LATEST + 1)) <= rows, sorted(set(range(1, LATEST + 1)) - rows)
