"""``ankh-companion event`` run as a caller runs it: step by step through the exit status 3
protocol, then the errors of the contract (exit 2, one line on stderr, nothing on stdout)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.morpork.state_format import state_from_json

REPO = Path(__file__).resolve().parents[2]

FLOOD_POSITION: dict[str, Any] = {
    "format": "ankh-morpork-state/1",
    "players": [{"color": "red"}, {"color": "blue"}],
    "areas": {
        "the-shades": {"minions": {"red": 1, "blue": 1}, "trouble": True},
        "dimwell": {"minions": {"blue": 1}},
        "nap-hill": {"building": "red"},
    },
    "active_player": "red",
    "draw_pile": 30,
}


def event(tmp_path: Path, *args: str, doc: Any = FLOOD_POSITION, raw: str | None = None) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "state.json"
    path.write_text(raw if raw is not None else json.dumps(doc), encoding="utf-8")
    argv = [a.replace("STATE", str(path)) for a in args]
    return subprocess.run([sys.executable, "-m", "ui.cli", "event", *argv], cwd=REPO,
                          capture_output=True, text=True, timeout=60)


def test_flood_resolved_step_by_step(tmp_path: Path) -> None:
    rolls: list[str] = []
    answers: list[str] = []
    steps = []
    for _ in range(20):
        result = event(tmp_path, "flood", "STATE", "--rolls", ",".join(rolls), "--answers", ",".join(answers))
        if result.returncode == 0:
            break
        assert result.returncode == 3, result.stderr
        assert result.stderr == ""
        needs = json.loads(result.stdout)["needs"]
        steps.append(needs)
        if needs["kind"] == "roll":
            assert needs == {"kind": "roll"}
            rolls.append(["7", "8"][len(rolls)])
        else:
            assert set(needs) == {"kind", "player", "question", "options"}
            answers.append(needs["options"][-1])
    else:
        pytest.fail("the flood never ended")
    assert steps[0] == {"kind": "roll"} and steps[1] == {"kind": "roll"}
    # Red moves first (the active player), out of The Shades but not into flooded Dimwell.
    assert steps[2]["kind"] == "choice" and steps[2]["player"] == "red"
    assert steps[2]["options"] == ["the-scours", "the-hippo"]
    assert [s["player"] for s in steps[2:]] == ["red", "blue", "blue"]
    assert steps[4]["options"] == ["the-scours", "longwall"]
    out = json.loads(result.stdout)
    assert set(out) == {"state", "log", "game_over", "rolls_used"}
    assert out["game_over"] is False and out["rolls_used"] == 2
    assert all(isinstance(line, str) for line in out["log"]) and out["log"]
    state = state_from_json(out["state"])  # the output is a valid position in the state format
    assert state.areas["the-hippo"].minions == {"red": 1, "blue": 1}
    assert state.areas["the-hippo"].trouble
    assert state.areas["longwall"].minions == {"blue": 1}
    assert "flood" not in state.event_deck


def test_fire_in_one_go_with_leftover_rolls(tmp_path: Path) -> None:
    result = event(tmp_path, "fire", "STATE", "--rolls", "12,5,1,1,1")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["rolls_used"] == 2
    assert out["state"]["areas"].get("nap-hill") is None  # the building burned, the area is now empty
    assert out["log"][0] == "random event: Fire"


def test_riots_needs_nothing_and_ends_the_game(tmp_path: Path) -> None:
    doc = {"players": [{"color": "red"}, {"color": "blue"}],
           "areas": {a: {"trouble": True, "minions": {"red": 1}} for a in
                     ("dolly-sisters", "unreal-estate", "dragons-landing", "small-gods", "the-scours",
                      "the-hippo", "the-shades", "dimwell")}}
    result = event(tmp_path, "riots", "STATE", doc=doc)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["game_over"] is True and out["rolls_used"] == 0
    assert out["state"]["game_over"] == {"reason": "riots", "winners": ["red"], "personality": None}


def test_fog_asks_for_each_card_it_discards_and_takes_card_ids_as_answers(tmp_path: Path) -> None:
    doc = {"players": [{"color": "red"}, {"color": "blue", "personality": "vimes"}], "areas": {},
           "active_player": "red", "draw_pile": 3, "discard_pile": ["susan"]}
    asked = event(tmp_path, "fog", "STATE", "--answers", "groat", doc=doc)
    assert asked.returncode == 3 and asked.stderr == ""
    needs = json.loads(asked.stdout)["needs"]
    assert set(needs) == {"kind", "player", "question", "options"}
    assert needs["kind"] == "choice" and needs["player"] == "red"
    assert "modo" in needs["options"] and "groat" not in needs["options"] and "susan" not in needs["options"]
    # the draw pile runs out after three cards: a fourth answer is never used, and is refused
    extra = event(tmp_path, "fog", "STATE", "--answers", "groat,modo,ruby,the-dysk", doc=doc)
    assert extra.returncode == 2 and extra.stdout == "" and "1 answer(s) unused: the-dysk" in extra.stderr
    done = event(tmp_path, "fog", "STATE", "--answers", "groat,modo,ruby", doc=doc)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["game_over"] is True and out["rolls_used"] == 0
    assert out["state"]["discard_pile"] == ["susan", "groat", "modo", "ruby"]
    assert out["state"]["game_over"]["winners"] == ["blue"]  # Vimes: the draw pile ran out
    assert "fog discards Groat" in out["log"]
    refused = event(tmp_path, "fog", "STATE", "--answers", "susan", doc=doc)  # already on the discard pile
    assert refused.returncode == 2 and refused.stdout == ""
    assert len(refused.stderr.splitlines()) == 1 and "'susan'" in refused.stderr


def test_interrupt_window_only_when_asked(tmp_path: Path) -> None:
    doc = {"players": [{"color": "red"}, {"color": "blue"}], "areas": {"the-hippo": {"minions": {"blue": 1}}}}
    skipped = event(tmp_path, "the-dragon", "STATE", "--rolls", "6", doc=doc)
    assert skipped.returncode == 0, skipped.stderr
    asked = event(tmp_path, "the-dragon", "STATE", "--rolls", "6", "--ask-interrupts", doc=doc)
    assert asked.returncode == 3
    needs = json.loads(asked.stdout)["needs"]
    assert needs["player"] == "blue" and needs["options"] == ["none", "susan", "igor", "fresh-start-club"]
    played = event(tmp_path, "the-dragon", "STATE", "--rolls", "6", "--answers", "susan", "--ask-interrupts", doc=doc)
    assert played.returncode == 0, played.stderr
    out = json.loads(played.stdout)
    assert out["state"]["areas"]["the-hippo"]["minions"] == {"blue": 1}
    assert out["state"]["discard_pile"] == ["susan"] and out["state"]["players"][1]["hand"] == 4


def test_small_gods_answers(tmp_path: Path) -> None:
    doc = {"players": [{"color": "red"}, {"color": "blue"}],
           "areas": {"small-gods": {"building": "red"}, "the-hippo": {"building": "red"}}}
    asked = event(tmp_path, "explosion", "STATE", "--rolls", "6", doc=doc)
    assert asked.returncode == 3
    assert json.loads(asked.stdout)["needs"]["options"] == ["pay", "decline"]
    paid = event(tmp_path, "explosion", "STATE", "--rolls", "6", "--answers", "pay", doc=doc)
    assert paid.returncode == 0
    assert json.loads(paid.stdout)["state"]["players"][0]["money"] == 7


@pytest.mark.parametrize("args, mentions", [
    (["flood", "STATE", "--rolls", "7,8", "--answers", "dimwell"], "'dimwell'"),  # flooded: not an option
    (["fire", "STATE", "--rolls", "0"], "'0'"),
    (["fire", "STATE", "--rolls", "13"], "'13'"),
    (["fire", "STATE", "--rolls", "three"], "'three'"),
    (["fire", "STATE", "--rolls", "\u00b2"], "'\u00b2'"),  # a superscript two: str.isdigit() says yes, int() says no
    (["fire", "STATE", "--rolls", "\u0663"], "'\u0663'"),  # an Arabic-Indic three is not a face on the die
    (["fire", "STATE", "--rolls", "\uff11\uff12"], "'\uff11\uff12'"),  # nor are full-width digits
    (["meteor", "STATE"], "'meteor'"),
    (["fire"], "STATE.json"),
    (["fire", "STATE", "--bogus"], "'--bogus'"),
])
def test_bad_input_exits_2_with_one_line(tmp_path: Path, args: list[str], mentions: str) -> None:
    result = event(tmp_path, *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and mentions in result.stderr


@pytest.mark.parametrize("raw, mentions", [
    ("{not json", "(document)"),
    (json.dumps({"players": [{"color": "purple"}, {"color": "red"}]}), "players[0].color"),
    (json.dumps({**FLOOD_POSITION, "event_deck": ["fire"]}), "'flood'"),  # flood was already drawn
])
def test_bad_position_exits_2(tmp_path: Path, raw: str, mentions: str) -> None:
    result = event(tmp_path, "flood", "STATE", raw=raw)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and mentions in result.stderr


def test_missing_file_exits_2(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "ui.cli", "event", "fire", str(tmp_path / "nope.json")],
                            cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == "" and result.stderr.count("\n") == 1


def test_help(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "ui.cli", "event", "--help"], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "--ask-interrupts" in result.stdout


def test_output_does_not_depend_on_the_terminal_encoding(tmp_path: Path) -> None:
    # A player named "Łukasz" on a stdout that only takes ASCII (a service with a bare locale): the
    # JSON escapes it instead of crashing with a UnicodeEncodeError.
    doc = {"players": [{"color": "red", "name": "Łukasz"}, {"color": "blue"}], "areas": {}}
    path = tmp_path / "state.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "ui.cli", "event", "fog", str(path),
                             "--answers", "groat,modo,ruby,the-dysk,leonard-of-quirm"], cwd=REPO,
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["state"]["players"][0]["name"] == "Łukasz"
