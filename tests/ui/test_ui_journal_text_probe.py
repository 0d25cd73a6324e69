"""A Journal row measures its text with :class:`ui.screens.journal.TextProbe` (laid out by Kivy's core
label, not drawn): the height is the one a ``Label(markup=True)`` draws the same text at, for a step's
row at each size its narration is fitted at, wrapped or not, in every language's letters."""
from __future__ import annotations

import pytest
from kivy.metrics import sp
from kivy.uix.label import Label

from ui.screens.journal import SAID_SP, SMALLEST_SAID, TextProbe

TEXTS = [
    "1 · Ann → Narrengilde",
    "12 · [color=#b3261e]◆[/color] Bartholomäus ⚄ 5,2\n[size={said}]Bartholomäus wirft 5 und 2; zieht 7 Felder bis "
    "„Schlossallee“; zahlt 2.000 € Miete an Kunigunde[/size]",
    "206 · Przemysław → Pomiń\n[size={said}]Budynek usunięto z dzielnicy „Dolly Sisters“; Małgorzata-Krystyna płaci "
    "$2 za każdy budynek; Zofia płaci $4; Bartłomiej płaci $6 &bl;sic&br;[/size]",
    "x",
]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("width", [60.0, 180.0, 426.0, 900.0])
def test_the_probe_measures_what_a_label_draws(text: str, width: float) -> None:
    probe = TextProbe()
    for size in range(SAID_SP, SMALLEST_SAID - 1, -1):
        markup = text.format(said=int(sp(size)))
        label = Label(markup=True, text=markup, font_size=sp(14), text_size=(width, None))
        label.texture_update()
        assert probe.height(markup, float(sp(14)), width) == float(label.texture_size[1]), (markup, width)


def test_a_kept_height_is_the_one_of_its_own_text_size_and_width() -> None:
    """The probe keeps its last answers (the Journal measures the rows it shows, then each row asks
    again): an answer kept for one text, size or width is never given for another, and one asked again
    after the probe forgot it (more than :data:`TextProbe.KEPT` asked since) is measured anew, equal."""
    probe, fresh = TextProbe(), TextProbe()
    text = TEXTS[1].format(said=int(sp(SAID_SP)))
    size = float(sp(14))
    wide, narrow = probe.height(text, size, 426.0), probe.height(text, size, 180.0)
    assert narrow > wide  # the narrower the more lines: not the wide answer kept
    assert probe.height(text, float(sp(11)), 426.0) < wide  # a smaller size: not the 14 sp answer
    assert probe.height(TEXTS[0], size, 426.0) < wide  # another text: not this one's
    assert (probe.height(text, size, 426.0), probe.height(text, size, 180.0)) == (wide, narrow)
    assert (fresh._measure(text, size, 426.0), fresh._measure(text, size, 180.0)) == (wide, narrow)
    for n in range(TextProbe.KEPT + 1):  # the kept answers forgotten: asked again, measured again
        probe.height(f"{n} · x", size, 426.0)
    assert probe.height(text, size, 180.0) == narrow and len(probe._heights) <= TextProbe.KEPT
