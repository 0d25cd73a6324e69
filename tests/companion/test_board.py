"""The board data: the 12 areas and the 23 borders of shared/reference/board.md, and the drawn map."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.morpork.board import ADJACENT, AREA_BY_ID, AREA_BY_NUMBER, AREA_IDS, AREAS, EDGES, area_for_roll, is_adjacent

REPO = Path(__file__).resolve().parents[2]
MAP_CANDIDATES = (REPO / "ui" / "data" / "map-layout.json", REPO.parent / "shared" / "reference" / "map-layout.json")


def test_twelve_areas_numbered_one_to_twelve() -> None:
    assert len(AREAS) == 12
    assert sorted(a.number for a in AREAS) == list(range(1, 13))
    assert len(set(AREA_IDS)) == 12


def test_costs_and_river_as_printed() -> None:
    costs = {a.id: a.cost for a in AREAS}
    assert costs["dolly-sisters"] == costs["the-scours"] == costs["the-shades"] == costs["dimwell"] == 6
    assert costs["unreal-estate"] == costs["small-gods"] == costs["seven-sleepers"] == 18
    assert sum(costs.values()) == 6 * 4 + 12 * 5 + 18 * 3
    assert [a.id for a in AREAS if not a.river] == ["dragons-landing", "the-hippo"]


def test_adjacency_is_symmetric_with_23_edges() -> None:
    assert len(EDGES) == 23
    assert len({frozenset(e) for e in EDGES}) == 23
    for a in AREA_IDS:
        assert a not in ADJACENT[a]
        for b in ADJACENT[a]:
            assert a in ADJACENT[b]
    assert sum(len(n) for n in ADJACENT.values()) == 2 * 23


def test_adjacency_rows_from_the_reference_table() -> None:
    table = {1: {2, 3, 12}, 2: {1, 3, 4, 10, 11, 12}, 3: {1, 2, 4}, 4: {2, 3, 5, 6, 10}, 5: {4, 6, 7, 8, 10},
             6: {4, 5, 7}, 7: {5, 6, 8}, 8: {5, 7, 9}, 9: {8, 10, 11}, 10: {2, 4, 5, 9, 11},
             11: {2, 9, 10, 12}, 12: {1, 2, 11}}
    for number, neighbours in table.items():
        area = AREA_BY_NUMBER[number].id
        assert {AREA_BY_ID[b].number for b in ADJACENT[area]} == neighbours


def test_bridges_make_areas_adjacent() -> None:
    # Rulebook example: Dolly Sisters borders Nap Hill across a bridge.
    assert is_adjacent("dolly-sisters", "nap-hill")
    assert not is_adjacent("dolly-sisters", "small-gods")


def test_area_for_roll() -> None:
    assert area_for_roll(7) == "the-shades"
    for bad in (0, 13, -1):
        with pytest.raises(ValueError):
            area_for_roll(bad)


def test_names_in_every_language() -> None:
    assert AREA_BY_ID["the-scours"].name("de") == "Rennerei"
    assert AREA_BY_ID["nap-hill"].name("pl") == "Nastroszone Wzgórze"
    assert AREA_BY_ID["nap-hill"].name("it") == "Nap Hill"
    assert all(set(a.names) == {"en", "de", "pl", "it"} for a in AREAS)


def test_drawn_map_agrees_with_adjacency() -> None:
    """Two polygons of map-layout.json share an edge exactly when their areas are adjacent."""
    path = next((p for p in MAP_CANDIDATES if p.exists()), None)
    if path is None:
        pytest.skip("map-layout.json is not in this checkout")
    layout = json.loads(path.read_text(encoding="utf-8"))
    owners: dict[frozenset[str], set[int]] = {}
    for number, polygon in layout["polygons"].items():
        for i, vertex in enumerate(polygon):
            owners.setdefault(frozenset((vertex, polygon[(i + 1) % len(polygon)])), set()).add(int(number))
    assert all(len(o) <= 2 for o in owners.values()), "an edge belongs to at most two areas"
    drawn = {frozenset(o) for o in owners.values() if len(o) == 2}
    expected = {frozenset((AREA_BY_ID[a].number, AREA_BY_ID[b].number)) for a, b in EDGES}
    assert drawn == expected
    bridges = {frozenset(int(n) for n in key.split("-")) for key in layout["bridges"]}
    assert bridges <= expected
