"""Home's list of finished games says why each ended and the scores in the table's words, for
Ankh-Morpoly too: a finished Ankh-Morpoly game was listed as "★ Żaneta  (reason:one party left)"
with "Żaneta 394" under it — the id of the end's reason, in every language, English included, and
the winner's worth without its money. Found on the Polish and Italian games played to their end
(Home after the last step's takeover, 800×480)."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.morpoly.game_end import ONE_PARTY_LEFT, TIME_LIMIT
from tests.ui.test_ui_morpoly_at_the_table import _conftest, _feed
from ui.i18n import LANGUAGES, Translator


@contextmanager
def _home_after_the_end(request: Any, tmp_path: Path, language: str, names: list[str], options: dict[str, str],
                        seed: int) -> Iterator[Any]:
    """A game of ``names`` played to its end by seeded random inputs (:func:`_feed`), then the app
    started on its data folder in ``language``: the driver, on Home."""
    data = tmp_path / "data"
    _feed(data, names, options, lambda game: game.question is None, seed=seed)
    conftest = _conftest(request)
    app = conftest.start_app(data, language=language)
    d = conftest.Driver(app)
    try:
        d.frames(5)
        assert d.screen.name == "home"
        yield d
    finally:
        conftest.stop_app(app)


ENDS = {"pl": "jedna drużyna rządzi miastem", "it": "una sola squadra controlla la città",
        "de": "eine Partei beherrscht die Stadt", "en": "one party controls the city"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_way_ankh_morpoly_ends_has_words(language: str) -> None:
    tr = Translator(language)
    for reason in (ONE_PARTY_LEFT, TIME_LIMIT):
        said = tr.gettext(f"reason:{reason}")
        assert said and not said.startswith("reason:"), (language, reason, said)


@pytest.mark.parametrize("language", ["pl", "it"])
def test_a_finished_ankh_morpoly_game_is_listed_in_words_and_money(tmp_path: Path, request: Any,
                                                                   language: str) -> None:
    with _home_after_the_end(request, tmp_path, language, ["Żaneta", "Ugo"], {"elam": "on"}, seed=4) as d:
        app = d.app
        game = app.session.game
        assert game is None or game.question is None
        listed = d.texts(d.screen.ids.past)
        assert "reason:" not in listed and f"({ENDS[language]})" in listed, listed
        winner = app.session.history()[-1].result
        assert winner is not None and winner.reason == ONE_PARTY_LEFT
        grouping = {"pl": "\u00a0", "it": "."}[language]  # thousands as the table writes them, not "$2,361"
        for worth in winner.scores.values():
            assert f" ${worth:,}".replace(",", grouping) in listed, listed


def test_a_finished_ankh_morpoly_game_says_which_game_it_was(tmp_path: Path, request: Any) -> None:
    """Home's list held both games' ends alike ("★ Clara (eine Partei beherrscht die Stadt)"), with
    only the money under it to tell an Ankh-Morpoly game; "resume" names it, and so does the list."""
    data = tmp_path / "data"
    _feed(data, ["Żaneta", "Ugo"], {"elam": "on"}, lambda game: game.question is None, seed=4)
    conftest = _conftest(request)
    app = conftest.start_app(data, language="de")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        listed = d.texts(d.screen.ids.past)
        assert "Ankh-Morpoly · ★ " in listed and f"({ENDS['de']})" in listed, listed
        label = next(w for w in d.screen.ids.past.children if "Ankh-Morpoly" in getattr(w, "text", ""))
        label.texture_update()
        assert label.texture_size[1] <= label.height + 1, (label.texture_size, label.height)  # two lines, whole
    finally:
        conftest.stop_app(app)


def _finished_morpork_game(data: Path, names: list[str], seed: int = 3) -> None:
    """A whole Discworld game of the simulator's random legal play, journalled in the data folder."""
    import random
    from companion.cli.simulate import choose_input, deal, follow_narration
    from companion.core.session import Session
    from companion.morpork.board import COLORS
    data.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    colors = list(COLORS[:len(names)])
    table = deal(rng, colors)
    with Session.open(data / "games.sqlite") as session:
        session.new_game(colors, "en", names)
        while session.question is not None:
            before = session.game
            assert before is not None
            step = session.submit(choose_input(before, table, session.question))
            follow_narration(step.game, table, list(step.narration))


def test_each_player_of_a_finished_game_is_marked_with_their_own_shape(tmp_path: Path, request: Any) -> None:
    """Home marked every player of a finished game with a coloured ●, where every other screen gives
    each colour its own shape (● ▲ ■ ◆) so that a player who cannot tell the colours apart still
    tells the players apart (found on German screens)."""
    from companion.morpork.board import COLORS
    from ui.palette import SHAPE
    data = tmp_path / "data"
    names = ["Żaneta", "Ugo", "Ola"]
    _finished_morpork_game(data, names)
    conftest = _conftest(request)
    app = conftest.start_app(data, language="en")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        line = next(w.text for w in d.screen.ids.past.children if "Żaneta" in w.text)
        scores = line.split("\n")[1]
        for color, name in zip(COLORS, names):
            assert f"{SHAPE[color]}[/color] {name}" in scores, scores
        assert len({SHAPE[c] for c in COLORS[:3]}) == 3  # three shapes, not one dot thrice
    finally:
        conftest.stop_app(app)
