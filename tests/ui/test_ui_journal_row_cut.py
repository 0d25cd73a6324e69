"""A Journal row whose narration does not fit even at its smallest size (:data:`ui.screens.journal.SMALLEST_SAID`)
is cut at that size, laid out from its top: it was cut at 11 sp, a line of narration less than 8 sp
keeps, though the row had been found too tall at every size down to 8. A row grows to its text
(``test_ui_journal_tall_rows.py``) up to the list's view: only a narration taller than the view at
8 sp is cut (no step says so much; the test writes one)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.metrics import sp

from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed, _shown_lines
from ui.screens.journal import SAID_SP, SMALLEST_SAID

NAMES = ["Ann", "Bob", "Cy"]


def test_a_narration_too_long_for_its_row_is_cut_at_the_smallest_size(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, NAMES, {}, lambda game: game.seq >= 6, seed=3)
    with _resumed(request, data, "de") as (app, d):
        d.tap(d.screen.journal_button)
        journal = d.screen
        rv = journal.ids.lines
        last = journal.line_count - 1
        step = str(rv.data[last]["text"]).split("\n")[0]
        said = " ".join(f"Zeile {n} einer sehr langen Erzählung dieses Schritts." for n in range(120))
        rv.data[last]["text"] = f"{step}\n[size={int(sp(SAID_SP))}]{said}[/size]"  # as update() writes a row
        rv.refresh_from_data()
        row = journal.line_button(last)
        d.frames(3)
        assert f"[size={int(sp(SMALLEST_SAID))}]" in row.text, row.text  # not left at 11 sp
        assert row.valign == "top"
        shown = _shown_lines(row)
        assert shown[0].startswith(f"{last} · ") and "Zeile 0" in " ".join(shown), shown  # the step, then its words


def test_a_row_made_smaller_before_it_had_its_room_is_fitted_again_from_its_own_text(
        tmp_path: Path, request: Any) -> None:
    """A row is fitted when its text is given and again when its size changes. Fitted first at a size
    too small (Kivy lays a new row out at 100 px before the list gives it its width), its narration
    went down to 8 sp, and the next fit started from that 8 sp text: a short "Ann wählt Narrengilde"
    stayed at 8 sp in a wide row, and the same row after a restart was drawn at 11 sp (a pulled-plug
    test saw the Journal's texts differ). Each fit starts from the text as given."""
    from ui.screens.journal import JournalLine
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data", language="de")
    try:
        said = f"[size={int(sp(SAID_SP))}]Ann wählt Narrengilde und Bob wählt Stadtwache[/size]"
        row = JournalLine(size_hint=(None, None), size=(60, 56))
        row.text = f"1 · Ann → Narrengilde\n{said}"  # as the recycled list gives a row its step
        assert f"[size={int(sp(SAID_SP))}]" not in row.text, row.text  # too narrow: made smaller
        row.width = 500  # the list gives the row its room
        assert row.text == f"1 · Ann → Narrengilde\n{said}", row.text  # back at 11 sp, whole
        assert row.valign == "middle"
    finally:
        conftest.stop_app(app)
