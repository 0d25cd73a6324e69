"""Secrets (issue 15, item 5): no message the engine, the session or the ``game`` command produces
in a simulated game names another player's personality — rejections included.

At every set-up question each personality is tried (as a tap and as every kind of scan), so a
rejection such as "personality 'vimes' is already dealt to another player" would be caught; along
the game every few questions the same tries are made, undo is attempted across each barrier
without confirmation (the CLI's message names the step, not the secret), and every public log
line, every ``needs`` and every ``game do`` document is checked. Logging is captured too."""
from __future__ import annotations

import importlib.util
import json
import logging
import random
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from companion.cli import game as game_cli
from companion.core.errors import CompanionError
from companion.core.inputs import SCAN_KINDS, Answer, CardScan, Input
from companion.core.journal import BarrierError
from companion.core.session import Session
from companion.morpork.catalog import PERSONALITY_IDS


from tests.companion.fixtures.cli_runner import run_cli
from tests.companion.fixtures.loading import load as _load  # noqa: E402


player = _load("journal_player")


class Leaks:
    def __init__(self) -> None:
        self.checked = 0
        self.found: list[str] = []

    def check(self, message: str, session: Session[object], viewer: str | None, where: str) -> None:
        """``message`` is read by ``viewer`` (None: the whole table) and must not hold the
        personality dealt to anyone else."""
        self.checked += 1
        state = session.current.state  # type: ignore[attr-defined]
        for p in state.players:
            if p.personality is None or p.color == viewer:
                continue
            if re.search(rf"(?<![\w-]){re.escape(p.personality)}(?![\w-])", message):
                self.found.append(f"{where}: {p.color}'s {p.personality!r} in {message!r}")


def _tries(question_player: str | None) -> list[Input]:
    tries: list[Input] = []
    for personality in PERSONALITY_IDS:
        tries.append(Answer(personality, player=question_player))
        tries.extend(CardScan(kind, personality, "camera") for kind in SCAN_KINDS)
    return tries


def _try_everything(session: Session[object], leaks: Leaks, where: str) -> None:
    question = session.question
    assert question is not None
    before = session.journal.last_n(session.game_id or 0)
    for inp in _tries(question.player):
        try:  # the engine refuses a wrong kind (WaitingForOther), a wrong card, a rule
            session.rules.apply(session.current, inp)
        except CompanionError as exc:
            leaks.check(str(exc), session, None, f"{where} rejection")  # shown on the shared status bar
    assert session.journal.last_n(session.game_id or 0) == before


def _try_undo(session: Session[object], leaks: Leaks, where: str) -> None:
    for steps in range(1, min(4, len(session.timeline.applied)) + 1):
        if not session.barriers_to_undo(steps):
            continue
        with pytest.raises(BarrierError) as caught:
            session.undo(steps)
        leaks.check(str(caught.value), session, None, f"{where} undo")
        status, _, err = run_cli("game", "undo", "--db", session.journal.path, "--steps", str(steps))
        assert status == 2
        leaks.check(err, session, None, f"{where} CLI undo")


@pytest.mark.parametrize("seed,colors", [(1, ["red", "blue"]), (2, ["red", "blue", "green"]),
                                         (3, ["red", "blue", "green", "yellow"])])
def test_no_message_names_another_players_personality(seed: int, colors: list[str], tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    rng = random.Random(seed)
    leaks = Leaks()
    path = tmp_path / "games.sqlite"
    with Session.open(path, resume=False) as session:
        session.new_game(colors)
        moves = 0
        while session.question is not None and moves < 250:
            question = session.question
            setting_up = question.key.startswith("setup.")
            if setting_up or moves % 7 == 0:
                _try_everything(session, leaks, f"move {moves} ({question.key})")
            if moves % 5 == 0:
                _try_undo(session, leaks, f"move {moves}")
            # the options are every personality in the game, dealt or not: they tell nothing; what
            # else the question says (its text, greyed options and their reasons) must not tell
            needs = json.dumps({k: v for k, v in (game_cli.needs_json(question) or {}).items() if k != "options"})
            leaks.check(needs, session, question.player if question.private else None, f"move {moves} needs")
            before = session.journal.last_n(session.game_id or 0)
            player.step(session, rng)
            moves += 1
            if session.journal.last_n(session.game_id or 0) == before or session.current.state.game_over:
                continue
            # the public log lines of the step, as ``game do`` prints them
            shown = game_cli._public(session.rules.narration(session.current)[-8:])
            for line in shown:
                leaks.check(line, session, None, f"move {moves} log")
    for record in caplog.records:
        leaks.check(record.getMessage(), session, None, "logging")
    print(f"secret messages (seed {seed}, {len(colors)} players): {leaks.checked} checked, "
          f"{len(leaks.found)} leaks")
    assert leaks.checked > 500
    assert leaks.found == [], "\n".join(sorted(set(leaks.found))[:20])
