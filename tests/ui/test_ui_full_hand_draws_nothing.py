"""A turn that ends with a full hand says no draw: found playing to the end in all four languages, the
journal's row for a pass read "Bob passes; Bob draws 0 cards" (de "zieht 0 Karten", pl "dobiera 0
kart", it "pesca 0 carte"), once for every pass."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.procedure import Narration
from tests.ui.conftest import Driver, seat_three, start_app, stop_app


@pytest.mark.parametrize("language", ["en", "de", "pl", "it"])
def test_a_full_hand_draws_no_line_in_the_journal(tmp_path: Path, language: str) -> None:
    """Rulebook, "Playing the game": "When you have finished playing cards you then take enough
    cards from the draw pile to bring your hand size back to five cards. [...] you just do not pick
    up any more cards at the end of your turn": a player who played no card (a pass, five cards
    in hand) picks up nothing, and the journal says nothing of it; one who played a card still
    reads that they drew one."""
    app = start_app(tmp_path / "data", language=language, edition=language)
    d = Driver(app)
    try:
        seat_three(app, language)
        first = app.game.question.player
        for value in ("captain-carrot", "dimwell", "skip", "skip", "end-turn"):  # a card played: 4 in hand
            if value in app.game.question.options:
                assert app.answer(value), app.message
        assert app.game.state.active_player != first and app.game.question.key == "turn.play-card"
        passer = app.game.question.player
        assert app.game.state.player(passer).hand == 5
        assert app.answer("pass"), app.message
        while app.game.state.active_player == passer:
            assert app.answer("end-turn"), app.message
        app.show("journal")
        d.frames(4)
        shown = d.texts()
        tr = app.translator

        def drew(color: str, count: int) -> str:
            return tr.narration(Narration("cards.draw", "", None, (("player", color), ("count", str(count)))))

        assert tr.narration(Narration("turn.pass", "", None, (("player", passer),))) in shown, shown
        assert drew(passer, 0) not in shown, shown
        assert drew(first, 1) in shown, shown
    finally:
        stop_app(app)
