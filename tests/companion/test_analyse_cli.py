"""``ankh-companion analyse`` run as the user runs it, on positions written by hand."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.morpork.board import AREA_IDS
from tests.companion.fixtures.cli_runner import run_cli

REPO = Path(__file__).resolve().parents[2]

# The example position from the issue that defined ankh-morpork-state/1, shared with the
# other state-format tests.
ISSUE_EXAMPLE: dict[str, Any] = json.loads(
    (Path(__file__).parent / "fixtures" / "state-issue-example.json").read_text(encoding="utf-8"))


def run(tmp_path: Path, doc: Any, raw: str | None = None) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "state.json"
    path.write_text(raw if raw is not None else json.dumps(doc), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "ui.cli", "analyse", str(path)], cwd=REPO,
                          capture_output=True, text=True, timeout=60)


def test_issue_example(tmp_path: Path) -> None:
    result = run(tmp_path, ISSUE_EXAMPLE)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = json.loads(result.stdout)
    assert set(out) == {"areas", "players", "trouble_markers", "final_score"}
    assert list(out["areas"]) == list(AREA_IDS)
    # Red: one minion and the building (2 pieces) against blue's two minions: a tie, no controller.
    assert out["areas"]["the-shades"] == {"controller": None}
    assert out["trouble_markers"] == 1
    assert out["players"]["red"] == {"controlled": 0, "infiltrated": 1, "net_worth": 10 + 6 - 12,
                                     "points": 5 + 6 + 10 - 15, "wins_now": False}
    assert out["players"]["blue"] == {"controlled": 0, "infiltrated": 1, "net_worth": 7,
                                      "points": 10 + 7, "wins_now": False}
    assert out["final_score"] == {"points": {"red": 6, "blue": 17}, "winners": ["blue"]}


def test_a_lord_who_wins_now(tmp_path: Path) -> None:
    doc = {
        "players": [{"color": "green", "personality": "rust"}, {"color": "yellow"}, {"color": "red"}],
        "areas": {a: {"minions": {"green": 1}} for a in AREA_IDS[:5]},
    }
    doc["areas"]["nap-hill"] = {"minions": {"yellow": 1, "red": 1}, "demons": 1}
    out = json.loads(run(tmp_path, doc).stdout)
    assert out["players"]["green"]["controlled"] == 5 and out["players"]["green"]["wins_now"] is True
    assert out["players"]["yellow"]["infiltrated"] == 0
    assert out["areas"]["nap-hill"]["controller"] is None
    assert out["final_score"]["winners"] == ["green"]


BAD: list[tuple[str, Any, str]] = [
    ("malformed json", None, "(document)"),
    ("unknown area", {"areas": {"ankh": {}}}, "areas.ankh"),
    ("unknown colour", {"players": [{"color": "red"}, {"color": "mauve"}]}, "players[1].color"),
    ("unknown personality", {"players": [{"color": "red", "personality": "rincewind"}, {"color": "blue"}]},
     "players[0].personality"),
    ("unknown loan card", {"players": [{"color": "red", "loans": ["gaspode"]}, {"color": "blue"}]}, "players[0].loans[0]"),
    ("unknown event", {"event_deck": ["plague"]}, "event_deck[0]"),
    ("negative money", {"players": [{"color": "red", "money": -1}, {"color": "blue"}]}, "players[0].money"),
    ("more money than the bank", {"players": [{"color": "red", "money": 100}, {"color": "blue", "money": 21}]}, "players"),
    ("13 minions", {"areas": {"dimwell": {"minions": {"red": 12}}, "longwall": {"minions": {"red": 1}}}}, "red"),
    ("7 buildings", {"areas": {a: {"building": "blue"} for a in AREA_IDS[:7]}}, "building"),
    ("trouble not a boolean", {"areas": {"dimwell": {"trouble": "yes"}}}, "areas.dimwell.trouble"),
    # positions no table reaches (companion.morpork.soundness): a game's end the rulebook does not make,
    # an empty draw pile in a game going on, a second City Area card set aside
    ("a game over without a winner", {"game_over": {"reason": "riots", "winners": []}}, "game_over.winners: no winner"),
    ("riots with one trouble marker", {"game_over": {"reason": "riots", "winners": ["blue"]}},
     "game_over.reason: 'riots' with 1 trouble marker on the board"),
    ("the winner's card is not theirs", {"game_over": {"reason": "personality", "winners": ["red"], "personality": "rust"}},
     "game_over.personality: 'rust' is not the winner red's Personality card ('vetinari')"),
    ("fewer points winning", {"draw_pile": 0, "game_over": {"reason": "draw-pile", "winners": ["red"]}},
     "game_over.winners: ['red'], but on points ['blue'] win (red 6, blue 17)"),
    ("the draw pile empty, the game going on", {"draw_pile": 0}, "draw_pile: 0 cards left, but the game is not over"),
    ("two City Area cards set aside", {"lost_area_cards": ["dimwell", "longwall"]}, "lost_area_cards[1]"),
    # another format is named as such, not by its first field this one lacks ("rules: unknown field")
    ("another format", {"format": "ankh-morpoly-state/2", "rules": {}},
     "format: unknown format 'ankh-morpoly-state/2'; expected 'ankh-morpork-state/1' or 'ankh-morpoly-state/1'"),
]


@pytest.mark.parametrize("name,change,field", BAD, ids=[b[0] for b in BAD])
def test_bad_input_exits_2_naming_the_field(tmp_path: Path, name: str, change: Any, field: str) -> None:
    doc = dict(ISSUE_EXAMPLE)
    if change is not None:
        doc.update(change)
    result = run(tmp_path, doc, raw="{\"players\": [" if change is None else None)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert field in lines[0]


def test_the_nearest_finished_game_is_analysed(tmp_path: Path) -> None:
    """The issue's example once its last card is drawn: blue, ahead on points, has won."""
    result = run(tmp_path, {**ISSUE_EXAMPLE, "draw_pile": 0, "game_over": {"reason": "draw-pile", "winners": ["blue"]}})
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout)["final_score"]["winners"] == ["blue"]


def test_missing_file_and_bad_arguments(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "ui.cli", "analyse", str(tmp_path / "nope.json")], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == "" and len(result.stderr.splitlines()) == 1
    result = subprocess.run([sys.executable, "-m", "ui.cli", "analyse"], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_bytes(b"\xff\xfe{")
    result = subprocess.run([sys.executable, "-m", "ui.cli", "analyse", str(path)], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == "" and len(result.stderr.splitlines()) == 1


# -- in process, fuzzed: a position damaged anywhere gives status 0 or a clean status 2 ------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 200) | st.text(max_size=8)
    | st.sampled_from(["red", "blue", "green", "dimwell", "vimes", "mr-bent", "fire"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            found += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            found += _paths(v, prefix + (i,))
    return found


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_damaged_positions_never_crash(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    doc = json.loads(json.dumps(ISSUE_EXAMPLE))
    path = data.draw(st.sampled_from(_paths(doc)[1:]), label="path")
    value = data.draw(json_values, label="value")
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    file = tmp_path_factory.mktemp("fuzz") / "state.json"
    file.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = run_cli("analyse", str(file))
    if status == 0:
        assert set(json.loads(out)) == {"areas", "players", "trouble_markers", "final_score"}
    else:
        assert status == 2 and out == ""
        assert len(err.splitlines()) == 1
