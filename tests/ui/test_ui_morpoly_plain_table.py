"""Plain Monopoly (Ankh-Morpoly with ``base=standard``) played by touch to its end, in the real app
(800×480), and what a table playing plain Monopoly tripped over on the screenshots:

- the end of the game said the variant's "One party is left: it controls all Ankh-Morpork." (and the
  log "… controls all Ankh-Morpork"), where a plain-Monopoly table's last player wins because every
  other player is bankrupt.

A position is reached the way a table's journal would hold it: seeded random legal play fed through
the session (:func:`tests.ui.test_ui_morpoly_at_the_table._feed`), then the app is opened on it,
"resume" tapped, and the last throw tapped on the board's face pad."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.core.inputs import DieRoll
from companion.morpoly.random_play import random_input
from tests.ui.test_ui_morpoly_at_the_table import SEATS, _feed, _resumed

PLAIN = {"base": "standard"}


def _before_the_end(tmp_path: Path, names: list[str], options: dict[str, str], seed: int) -> tuple[Path, Any]:
    """A plain-Monopoly game one input before its end (found by a trial game of the same seed) in
    a data folder; the data folder and the random play's generator, to play the last input."""
    ended: list[int] = []
    _feed(tmp_path / "trial", names, options, lambda g: g.question is None and not ended.append(g.seq),
          seed=seed, limit=20000)
    data = tmp_path / "data"
    rng = _feed(data, names, options, lambda g: g.seq == ended[0] - 1, seed=seed, limit=20000)
    return data, rng


def _throw_by_touch(d: Any, faces: tuple[int, int]) -> None:
    """Both dice's faces tapped on the board's face pad (a row of six faces per die)."""
    rows = [row for row in d.screen.answer_area.children[::-1] if row.__class__.__name__ == "BoxLayout"]
    for die, face in enumerate(faces):
        pad = [w for w in rows[die].children[::-1] if w.__class__.__name__ == "ToggleButton"]
        d.tap(pad[face - 1])


def _play_the_last_throw(app: Any, d: Any, rng: Any) -> None:
    last = random_input(app.game, rng)
    assert isinstance(last, DieRoll) and d.screen.name == "morpoly-board", last
    _throw_by_touch(d, last.faces)
    d.frames(3)
    assert app.game.question is None and app.game.state.game_over is not None, app.message


def test_the_end_of_a_plain_monopoly_game_says_the_others_are_bankrupt(tmp_path: Path, request: Any) -> None:
    """An English table with the US set: the last throw bankrupts the last other player; the board
    says who wins and that every other player is bankrupt — in the reason under the winner and in
    the log — not the variant's "controls all Ankh-Morpork"."""
    names = ["Eleanor", "Bartholomew", "Christopher"]
    data, rng = _before_the_end(tmp_path, names, PLAIN, seed=1)
    with _resumed(request, data, "en") as (app, d):
        _play_the_last_throw(app, d, rng)
        winner = names[SEATS.index(app.game.state.game_over.winner)]
        board = d.screen
        assert board.question_label.text == f"The game is over: {winner} wins."
        ending = board.ending_label.text
        assert "Every other player is bankrupt." in ending and "Ankh-Morpork" not in ending, ending
        log = board.log_label.text
        assert log.split("\n")[-1].endswith(f"{winner} wins: every other player is bankrupt"), log
        assert "Ankh-Morpork" not in log, log


def test_a_german_plain_monopoly_table_ends_in_its_own_words(tmp_path: Path, request: Any) -> None:
    """The same end at a German table with the D-Mark set: "Alle anderen Spieler sind bankrott"."""
    names = ["Bartholomäus", "Wilhelmine-Hildegard", "Konstantinopel"]
    data, rng = _before_the_end(tmp_path, names, {**PLAIN, "edition": "de-dm"}, seed=26)
    with _resumed(request, data, "de") as (app, d):
        _play_the_last_throw(app, d, rng)
        winner = names[SEATS.index(app.game.state.game_over.winner)]
        board = d.screen
        assert "Alle anderen Spieler sind bankrott." in board.ending_label.text, board.ending_label.text
        log = board.log_label.text
        assert log.split("\n")[-1].endswith(f"{winner} gewinnt: alle anderen Spieler sind bankrott"), log
        assert "Ankh-Morpork" not in log + board.ending_label.text
