"""Games played by the simulator (``companion.cli.simulate``: real shuffled cards, random legal
play, the engine's invariants checked after every input) through the journal: the export replays to
exactly the live position, in memory and through ``ankh-companion replay``."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.morpork.board import COLORS
from companion.cli.simulate import check_invariants, choose_input, deal, follow_narration
from companion.morpork.game import Game
from companion.morpork.revisions import LATEST
from companion.core.session import GameRules, Session, replay_export
from companion.morpork.state_format import state_to_json

ROOT = Path(__file__).resolve().parents[2]


def play_simulated(session: Session[Game], seed: int, players: int) -> None:
    rng = random.Random(seed)
    colors = list(COLORS[:players])
    table = deal(rng, colors)
    session.new_game(colors)
    while session.question is not None:
        before = session.game
        assert before is not None
        step = session.submit(choose_input(before, table, session.question))
        follow_narration(step.game, table, step.game.narration[len(before.narration):])
        check_invariants(step.game, table)


@pytest.mark.parametrize("players, seed", [(2, 21), (3, 22), (4, 23)])
def test_a_simulated_game_replays_from_its_export_to_the_live_position(tmp_path: Path, players: int,
                                                                        seed: int) -> None:
    session: Session[Game] = Session.open(tmp_path / "sim.sqlite", GameRules())
    play_simulated(session, seed, players)
    live = session.game
    assert live is not None and live.state.game_over is not None
    lines = list(session.export_lines())
    replayed = replay_export(lines, GameRules())
    assert state_to_json(replayed.state) == state_to_json(live.state)
    assert [n.text for n in replayed.narration] == [n.text for n in live.narration]
    assert replayed.seq == live.seq == len(lines) - 1
    session.close()
    resumed: Session[Game] = Session.open(tmp_path / "sim.sqlite", GameRules(), resume=False)
    assert resumed.resume(1) is not None and state_to_json(resumed.game.state) == state_to_json(live.state)  # type: ignore[union-attr]
    if players == 4:
        path = tmp_path / "sim.jsonl"
        path.write_text("\n".join(lines) + "\n")
        done = subprocess.run([sys.executable, "-m", "ui.cli", "replay", str(path)], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        printed = json.loads(done.stdout)
        # the position, then which game it is (mode, every option resolved, rules revision)
        assert {k: printed.pop(k) for k in ("mode", "revision")} == {"mode": "ankh-morpork", "revision": LATEST}
        assert printed.pop("options") == {"edition": "en", "bank": "120", "building-points": "cost",
                                          "tie-break": "card", "first-player": "die"}
        assert printed == state_to_json(live.state)
