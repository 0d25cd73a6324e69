"""A tap on the map becomes one of the question's own options, or nothing (issue 14): the engine
lists what is legal; the matching here only finds which listed option the tap names."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ui.maplayout import load_layout, place_block, point_in_polygon
from ui.maptaps import TapResult, answer_for_tap, map_options


@dataclass
class Q:
    options: tuple[str, ...]
    unavailable: tuple[tuple[str, Any], ...] = ()
    kind: str = "choice"
    private: bool = False
    key: str = "symbol.assassinate"
    extra: dict[str, Any] = field(default_factory=dict)


ASSASSINATE = Q(("the-shades/yellow", "the-shades/green", "dimwell/troll", "skip", "power:the-shades"),
                unavailable=(("the-hippo/blue", "shielded"),))


def test_a_chip_that_is_an_option_answers_it() -> None:
    assert answer_for_tap(ASSASSINATE, "the-shades", "green") == TapResult(answer="the-shades/green")


def test_an_area_with_one_legal_piece_answers_it_and_with_several_asks_for_the_chip() -> None:
    assert answer_for_tap(ASSASSINATE, "dimwell") == TapResult(answer="dimwell/troll")
    assert answer_for_tap(ASSASSINATE, "the-shades") == TapResult(choices=("the-shades/yellow", "the-shades/green"))
    # one's own minion there is not an option: the tap still only offers the listed pieces
    assert answer_for_tap(ASSASSINATE, "the-shades", "red").answer is None


def test_a_refused_piece_gives_the_engine_reason_and_elsewhere_nothing() -> None:
    assert answer_for_tap(ASSASSINATE, "the-hippo", "blue") == TapResult(reason="shielded")
    assert answer_for_tap(ASSASSINATE, "the-hippo") == TapResult(reason="shielded")
    assert answer_for_tap(ASSASSINATE, "nap-hill") == TapResult()


def test_areas_answer_area_questions_and_private_questions_show_nothing() -> None:
    place = Q(("dimwell", "the-shades", "skip"), unavailable=(("longwall", "no minion"),), key="symbol.minion")
    assert answer_for_tap(place, "dimwell", "trouble") == TapResult(answer="dimwell")
    assert answer_for_tap(place, "longwall") == TapResult(reason="no minion")
    assert map_options(Q(("dimwell",), private=True)) == ([], {})
    assert map_options(ASSASSINATE)[0] == ["the-shades/yellow", "the-shades/green", "dimwell/troll"]


def test_chips_are_placed_inside_their_area_when_there_is_room() -> None:
    fitted = load_layout().fit(0, 0, 354, 398)
    polygon = fitted.polygon_px("dimwell")
    centre = fitted.to_px(fitted.layout.centres["dimwell"])
    label, chips, spill = place_block(polygon, [], centre, (60, 14), [(30, 33)] * 3)
    assert spill == 0
    for x, y, w, h in [label, *chips]:
        assert all(point_in_polygon(p, polygon) for p in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)))
    boxes = [label, *chips]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3])
