"""The pure debouncer: fed per-frame decode results with explicit frame numbers, no clock."""
from __future__ import annotations

import pytest

from hardware.scanners.debounce import FrameDebouncer

BENT = "AM1:C:MR-BENT"
FIRE = "AM1:E:FIRE"


def run(debouncer: FrameDebouncer, frames: list[set[str]], start: int = 1) -> list[tuple[int, str]]:
    counted = []
    for number, texts in enumerate(frames, start):
        counted += [(number, text) for text in debouncer.feed(number, sorted(texts))]
    return counted


def test_card_entering_staying_40_frames_leaving_and_coming_back_counts_twice() -> None:
    frames = [set()] * 3 + [{BENT}] * 40 + [set()] * 10 + [{BENT}] * 40 + [set()] * 10
    assert run(FrameDebouncer(), frames) == [(5, BENT), (55, BENT)]


def test_a_one_frame_flicker_counts_nothing() -> None:
    frames = [set()] * 5 + [{BENT}] + [set()] * 20
    debouncer = FrameDebouncer()
    assert run(debouncer, frames) == []
    assert debouncer.in_view == frozenset()


def test_missed_frames_while_the_card_stays_do_not_count_it_again() -> None:
    # glare or a thumb hides the code for up to gone_frames - 1 frames at a time
    frames = [{BENT}] * 10 + [set()] * 4 + [{BENT}] * 10 + [set()] * 2 + [{BENT}] * 5
    assert run(FrameDebouncer(gone_frames=5), frames) == [(2, BENT)]


def test_it_counts_again_once_gone_for_gone_frames() -> None:
    frames = [{BENT}] * 10 + [set()] * 5 + [{BENT}] * 10
    assert run(FrameDebouncer(gone_frames=5), frames) == [(2, BENT), (17, BENT)]


def test_two_cards_in_view_count_once_each() -> None:
    frames = [{BENT}] + [{BENT, FIRE}] * 20 + [{FIRE}] * 20
    assert run(FrameDebouncer(), frames) == [(2, BENT), (3, FIRE)]


def test_two_sightings_with_a_short_gap_count() -> None:
    frames = [{BENT}, set(), set(), {BENT}]
    assert run(FrameDebouncer(gone_frames=5), frames) == [(4, BENT)]


def test_skipped_frame_numbers_count_as_frames_without_the_code() -> None:
    debouncer = FrameDebouncer(gone_frames=5)
    assert debouncer.feed(1, [BENT]) == []
    assert debouncer.feed(20, [BENT]) == []  # the first sighting is long gone
    assert debouncer.feed(21, [BENT]) == [BENT]


def test_confirm_frames_is_configurable() -> None:
    assert run(FrameDebouncer(confirm_frames=1), [{BENT}]) == [(1, BENT)]
    assert run(FrameDebouncer(confirm_frames=3), [{BENT}] * 2) == []


def test_a_code_decoded_twice_in_one_frame_is_one_sighting() -> None:
    debouncer = FrameDebouncer()
    assert debouncer.feed(1, [BENT, BENT]) == []


def test_frame_numbers_must_increase_and_reset_forgets() -> None:
    debouncer = FrameDebouncer()
    debouncer.feed(3, [BENT])
    with pytest.raises(ValueError, match="frame 3"):
        debouncer.feed(3, [BENT])
    debouncer.reset()
    assert debouncer.feed(1, [BENT]) == []


@pytest.mark.parametrize("kwargs", [{"confirm_frames": 0}, {"gone_frames": 0}])
def test_nonsense_settings_are_refused(kwargs: dict[str, int]) -> None:
    with pytest.raises(ValueError):
        FrameDebouncer(**kwargs)
