"""A pulled plug (the app process killed with SIGKILL) while the table looks at the end of a game —
the winner, the scores, the chart — comes back to that end, and its Journal can still undo the step
that ended the game, across more restarts, and redo it.

Found playing to the end by touch and pulling the plug there: started again, the app came back to
Home with "resume" greyed and the game only a line under "Past games". The table had lost the screen
it was reading and, with it, the Journal's undo of the last step (a mis-tapped "end the turn" that
let a personality win could no longer be taken back): the journal resumes only an unfinished game.
Now where the table stands at a game's end is kept beside the journal (``ended`` in
``ui.navigation``), and a tap on Home forgets it, as before.

A whole two-player game of the simulator's random legal play is journalled up to its last input;
the app (``drive_app.py``, a real Kivy window driven by touch events in a subprocess) taps that last
answer, and is killed and started again at each step below."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.core.inputs import Answer
from tests.ui.test_ui_pulled_plug import pull_the_plug, run_until_ready

SEED = 7
"""The simulator's game for this seed ends when yellow ends a turn (Lord Rust's areas are counted
at the start of the next turn): 147 inputs, the last a tap on "end the turn"."""

SAME = ("game", "seq", "inputs", "undone", "question", "view", "screen", "message")


def shown(ready: dict[str, Any]) -> str:
    """Every text on the window but the status bar's last line: there a tap's own notice ("Undone to
    step 146.") gives way to the devices' state after a restart, as after any other tap."""
    return str(ready["texts"]).rsplit("\n", 1)[0]


def journal_one_step_short(data: Path, seed: int = SEED, edition: str = "en",
                           names: tuple[str, ...] = ("Ann", "Bob")) -> tuple[int, str]:
    """The simulator's game (``seed``, one player per name, the cards of ``edition``) journalled
    but for its last input; the number of inputs before it and the answer the table taps last."""
    from companion.cli.simulate import choose_input, deal, follow_narration
    from companion.core.session import Session
    from companion.morpork.board import COLORS

    def play(session: Any, stop: int | None) -> list[Any]:
        rng = random.Random(seed)
        colors = list(COLORS[:len(names)])
        table = deal(rng, colors)
        session.new_game(colors, edition, list(names))
        while session.question is not None and len(session.inputs) != stop:
            step = session.submit(choose_input(session.game, table, session.question))
            follow_narration(step.game, table, list(step.narration))
        return list(session.inputs)

    with Session.open(data.parent / "whole.sqlite") as whole:
        inputs = play(whole, None)
        assert whole.game is not None and whole.game.is_over
    last = inputs[-1]
    assert isinstance(last, Answer), last
    data.mkdir(parents=True)
    with Session.open(data / "games.sqlite") as session:
        play(session, len(inputs) - 1)
        assert session.game is not None and not session.game.is_over
    return len(inputs) - 1, last.value


def restarted(data: Path, log: Path, before: dict[str, Any]) -> dict[str, Any]:
    """Start the app again, tap "resume" on Home: the same screen as ``before``."""
    proc, resumed = run_until_ready(data, ["resume"], log)
    pull_the_plug(proc)
    for what in SAME:
        assert resumed[what] == before[what], what
    assert shown(resumed) == shown(before)
    return resumed


def test_a_pulled_plug_at_the_game_s_end_comes_back_to_it_and_its_last_step_can_be_undone(tmp_path: Path) -> None:
    data, log = tmp_path / "data", tmp_path / "app.log"
    short, last = journal_one_step_short(data)

    proc, end = run_until_ready(data, ["resume", f"pick:{last}"], log)
    pull_the_plug(proc)
    assert end["screen"] == "gameend" and end["question"] is None and end["seq"] == short + 1
    assert "won by their personality" in end["texts"] and "Points over the game" in end["texts"]
    restarted(data, log, end)  # the end again, not Home with nothing to resume

    proc, undone = run_until_ready(data, ["resume", "journal", f"line:{short}", "undo"], log)
    pull_the_plug(proc)
    assert undone["screen"] == "journal" and undone["undone"] == 1 and undone["seq"] == short
    assert undone["question"] is not None and last in undone["question"]["options"]  # asked again
    restarted(data, log, undone)

    proc, redone = run_until_ready(data, ["resume", "redo"], log)
    pull_the_plug(proc)
    assert redone["screen"] == "gameend" and redone["undone"] == 0 and redone["view"] == end["view"]
    restarted(data, log, redone)

    proc, home = run_until_ready(data, ["resume", "home"], log)  # the table leaves the end for Home
    pull_the_plug(proc)
    assert home["screen"] == "home"
    proc, again = run_until_ready(data, [], log)
    pull_the_plug(proc)
    assert again["screen"] == "home" and "game" not in again, "a game the table left is only listed"


MORPOLY_SEED = 4
"""Seeded random legal play of a two-party Ankh-Morpoly game with ELAM (as the past-games test plays
it): 213 inputs, the last a bid of 10 in the takeover that leaves one party in the city."""


def test_a_pulled_plug_at_an_ankh_morpoly_game_s_end_comes_back_to_it(tmp_path: Path) -> None:
    """The same in Ankh-Morpoly, whose end is drawn on the board (no screen of its own): the last
    bid tapped on the board, the plug pulled, the end again after a restart; the bid undone in the
    Journal, redone, and each time the same board after a restart. ``drive_morpoly.py`` plays by
    touch (its die emulator's pair is plugged, though no roll is asked here)."""
    import pytest
    pytest.importorskip("firmware_bridge.emulator")
    from companion.core.session import Session
    from companion.morpoly.random_play import random_input
    from tests.ui.test_ui_morpoly_pulled_plug import run
    from tests.ui.test_ui_morpoly_restarts import SAME as MORPOLY_SAME

    def feed(data: Path, stop: int | None) -> list[Any]:
        data.mkdir(parents=True)
        rng = random.Random(MORPOLY_SEED)
        with Session.open(data / "games.sqlite") as session:
            session.new_game(["red", "yellow"], None, ["Zan", "Ugo"], mode="ankh-morpoly", options={"elam": "on"})
            while session.question is not None and len(session.inputs) != stop:
                session.submit(random_input(session.game, rng))
            return list(session.inputs)

    inputs = feed(tmp_path / "whole", None)
    last = inputs[-1]
    assert isinstance(last, Answer), last
    data, log = tmp_path / "data", tmp_path / "app.log"
    feed(data, len(inputs) - 1)
    same = tuple(what for what in MORPOLY_SAME if what != "texts")

    def restarted(before: dict[str, Any]) -> None:
        proc, resumed, _ready = run(data, "resume", log, 0)
        pull_the_plug(proc)
        for what in same:
            assert resumed[what] == before[what], what
        assert shown(resumed) == shown(before)

    proc, _resumed, end = run(data, "resume", log, 0, after=(f"answer:{last.value}",))
    pull_the_plug(proc)
    assert end["question"] is None and end["seq"] == len(inputs) and end["screen"] == "morpoly-board"
    assert "The game is over" in end["texts"]
    restarted(end)

    proc, _resumed, undone = run(data, "resume", log, 0, after=("undo:1",))
    pull_the_plug(proc)
    assert undone["question"] is not None and undone["undone"] == 1 and undone["seq"] == len(inputs) - 1
    restarted(undone)

    proc, _resumed, redone = run(data, "resume", log, 0, after=("redo",))
    pull_the_plug(proc)
    assert redone["question"] is None and redone["undone"] == 0 and redone["view"] == end["view"]
    restarted(redone)


def test_the_record_of_an_ended_game_round_trips_and_a_damaged_one_costs_only_itself(tmp_path: Path) -> None:
    """``ended`` is read back as written; a damaged ``ended`` is left out, the rest of the record kept."""
    import json

    from ui import navigation
    from ui.navigation import JournalPosition, Navigation

    path = tmp_path / navigation.FILE_NAME
    at = JournalPosition(2, "2026-11-24T20:01:13.402Z", 377)
    record = Navigation(continued=JournalPosition(1, "2026-11-23T19:00:00.000Z", 40), ended=at)
    assert navigation.save(path, record) and navigation.load(path) == record
    assert record.ended_game(JournalPosition(2, "2026-11-24T20:01:13.402Z", 380))  # an undo and redo there
    assert not record.ended_game(JournalPosition(2, "2026-11-25T08:00:00.000Z", 377))  # another file's game 2
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["ended"]["row"] = "377"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert navigation.load(path) == Navigation(continued=record.continued)
