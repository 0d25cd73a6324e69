"""Ankh-Morpoly tables of five to eight played by touch at 800×480, and what such a table tripped on:
squares crowded with five to eight tokens, and the other screens a long game of many parties fills."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.ui.test_ui_morpoly_at_the_table import _answer_buttons, _conftest, _fits, _setup_screen, _shown_lines
from tests.ui.test_ui_home_past_games import _home_after_the_end
from tests.ui.test_ui_morpoly_eight_players import GUILDS
from ui.screens.morpoly.common import PLAYER_IDS

LONG_EIGHT = ["Bartholomäus", "Wilhelmine-Hildegard", "Friedrich-Wilhelm", "Anneliese", "Maximiliane", "Kunigunde",
              "Hans-Joachim", "Gretchen"]


def _square_whole(cell: Any) -> list[str]:
    """The lines a square of the ring drew, all of them inside it: Kivy drops a centred text's first
    line (the square's number and name) when the text is taller than the square."""
    lines = _shown_lines(cell)
    assert _fits(cell, cell.height), (cell.index, cell.text, lines)
    return lines


@contextmanager
def _eight_at_go(request: Any, tmp_path: Path, switches: tuple[str, ...]) -> Iterator[tuple[Any, Any]]:
    """A German table of eight long names set up by touch with the German euro set and ``switches``
    on, each player's guild tapped (:data:`GUILDS`): the app and its driver, every token on GO."""
    with _setup_screen(request, tmp_path, "de", LONG_EIGHT) as (app, d, setup):
        d.tap(setup.edition_buttons["de"])
        for switch in switches:
            d.tap(setup.switch_buttons[switch])
        d.tap(setup.start_button)
        for guild in GUILDS:
            d.tap(_answer_buttons(d)[guild])
        d.frames(5)
        yield app, d


def test_eight_tokens_on_go_with_a_wizard_keep_go_s_number_and_name(tmp_path: Path, request: Any) -> None:
    """A German ELAM table of eight at its start: every token on GO, and the Wizards' "⇄20" (GO's
    opposite square) beside them. Eight shapes at 9 sp take two lines, which with the number's line
    and the pair's made four in a square of three: "0 Los" was not drawn."""
    with _eight_at_go(request, tmp_path, ("fortuna", "elam")) as (_app, d):
        go = d.screen.cells[0]
        assert "⇄20" in go.text and go.text.count("[color=") >= 8, go.text  # the crowd the test is about
        lines = _square_whole(go)
        assert lines[0].startswith("0") and "Los" in lines[0], lines
        assert sum(len(line) for line in lines[1:]) >= len("⇄20") + 8, lines  # the pair and all eight shapes
        d.screenshot(Path("/tmp/eight-shots/go-of-eight-de.png"))


def test_home_says_why_a_plain_monopoly_table_of_six_ended_in_its_own_words(tmp_path: Path, request: Any) -> None:
    """A Polish table of six played plain Monopoly (``base=standard``) to its end: Home's list of
    finished games said why as the variant says it, "jedna drużyna rządzi miastem" (one party rules
    the city), where the board's game-over said "Wszyscy pozostali gracze zbankrutowali" (every other
    player is bankrupt); plain Monopoly has no parties and no city to rule."""
    names = ["Przemysław", "Małgorzata", "Grzegorz", "Wiesława", "Zbigniew", "Jadwiga"]
    with _home_after_the_end(request, tmp_path, "pl", names, {"base": "standard"}, seed=22) as d:
        shown = d.texts(d.screen.ids.past)
        assert "Ankh-Morpoly" in shown and "★" in shown, shown  # the finished game is listed
        assert "wszyscy pozostali gracze zbankrutowali" in shown, shown
        assert "rządzi miastem" not in shown, shown
        d.screenshot(Path("/tmp/eight-shots/home-plain-pl.png"))


def test_a_long_named_party_s_guild_stays_under_its_own_line_in_the_money_panel(tmp_path: Path, request: Any) -> None:
    """A German ELAM table of eight with long names: "Wilhelmine-Hildegard 1.500 € ♥10" and her guild
    are wider than the money panel; Kivy wrapped "Patrizier-Clan" to the start of the next line, just
    above "■ Friedrich-Wilhelm", where it read as his guild. A guild that does not fit its party's
    line goes under it, indented."""
    from ui.screens.morpoly.common import GUILD_NAMES
    with _eight_at_go(request, tmp_path, ("elam",)) as (app, d):
        label = d.screen.money_label
        lines = _shown_lines(label)
        assert _fits(label, label.height), lines
        guild_words = {app.t(GUILD_NAMES[g]) for g in GUILDS}
        for line in lines:
            assert not any(line.startswith(words) for words in guild_words), lines  # a guild heads no line
        for name, guild in zip(LONG_EIGHT, GUILDS):  # each guild on its party's line or the one under it
            at = next(i for i, line in enumerate(lines) if name in line)
            assert app.t(GUILD_NAMES[guild]) in " ".join(lines[at:at + 2]), (name, guild, lines)
        d.screenshot(Path("/tmp/eight-shots/money-guilds-de.png"))


def test_the_journal_s_table_after_a_step_names_a_team_s_tokens_and_says_the_lives_after_the_cash(
        tmp_path: Path, request: Any) -> None:
    """A German ELAM table of eight after a takeover, the Journal's "table after step N" panel: a team's
    tokens were only squares ("28 · Wasserwerk; 2 · Gemeinschaftsfeld; … (im Gefängnis)"), none
    said whose, and the lives stood before the cash ("Bartholomäus ♥52 5.322 €", read as one number;
    the money panel had been mended so). Each team token by its player's name, the lives after the cash."""
    from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed
    data = tmp_path / "data"

    def a_team(game: Any) -> bool:
        return any(len(party.tokens) > 1 for party in game.state.parties) and game.question.kind == "roll"

    _feed(data, LONG_EIGHT, {"elam": "on", "edition": "de"}, a_team, seed=7)
    with _resumed(request, data, "de") as (app, d):
        d.tap(d.screen.journal_button)
        journal = d.screen
        assert journal.name == "journal"
        last = journal.line_count - 1
        d.tap(journal.line_button(last))
        d.frames(3)
        shown = journal.ids.position.text
        team = next(party for party in app.game.state.parties if len(party.tokens) > 1)
        names = dict(zip(PLAYER_IDS, LONG_EIGHT))
        for token in team.tokens:
            assert f"{names[token]}: " in shown, (names[token], shown)  # each of the team's tokens by name
        boss_line = next(line for line in shown.split("\n") if names[team.boss] in line and "♥" in line)
        assert boss_line.index("€") < boss_line.index("♥"), boss_line  # the lives after the cash
        d.screenshot(Path("/tmp/eight-shots/journal-team-de.png"))


def test_the_journal_says_the_auction_of_a_bankrupt_s_guild_not_the_banker_answering_himself(
        tmp_path: Path, request: Any) -> None:
    """ELAM's auction of a bankrupt party's guild (L153) is asked of the banker; its Journal row read
    "457 · ● Bartholomäus → ● Bartholomäus" at a German table of eight, as if he had answered
    himself. The row says what the table was asked, the debtor by name, as a Monopoly auction's row does."""
    from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed
    data = tmp_path / "data"
    names = dict(zip(PLAYER_IDS, LONG_EIGHT))

    def guild_auctioned(game: Any) -> bool:
        question = game.question
        return question.key == "morpoly.takeover.auction" and any(
            option == question.player for option in question.options)

    _feed(data, LONG_EIGHT, {"elam": "on", "edition": "de"}, guild_auctioned, seed=7)
    with _resumed(request, data, "de") as (app, d):
        question = app.game.question
        debtor, banker = dict(question.params)["party"], question.player
        d.tap(_answer_buttons(d)[banker])  # the banker bid highest himself
        assert app.game.question.key == "morpoly.takeover.bid"
        d.tap(d.screen.journal_button)
        journal = d.screen
        row = journal.line_button(journal.line_count - 1)  # the auction's step, the last
        title = row.text.split("\n")[0]
        assert "Versteigerung der Gilde von" in title and names[debtor] in title, title
        assert title.count(names[banker]) == 1, title  # the banker named once: as the answer
        d.screenshot(Path("/tmp/eight-shots/journal-guild-auction-de.png"))


def test_a_deed_tapped_while_the_dice_are_asked_shows_its_fsu_without_scrolling(tmp_path: Path, request: Any) -> None:
    """A German ELAM table of eight, the dice asked, a tap on Schlossallee (four houses, an FSU on
    it): the deed showed seven lines and an empty band, its FSU and opposite square only by
    scrolling. The row of "… is here" buttons, empty outside the turn's menu, kept a grid's 100 px.
    (Seed 1, found under rules revision 12; seed 3 under revision 11.)"""
    from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed
    from companion.morpoly import ledger_view
    data = tmp_path / "data"

    def insured_and_rolling(game: Any) -> bool:
        return game.question.kind == "roll" and len(game.state.ledger.active()) >= 4 and any(
            ledger_view.fsus_on(game.state, fsu.square) and (game.state.squares[fsu.square].houses or 0) >= 1
            for fsu in game.state.ledger.active())

    _feed(data, LONG_EIGHT, {"elam": "on", "fortuna": "on", "edition": "de"}, insured_and_rolling, seed=1)
    with _resumed(request, data, "de") as (app, d):
        state = app.game.state
        square = next(fsu.square for fsu in state.ledger.active() if (state.squares[fsu.square].houses or 0) >= 1)
        d.tap(d.screen.cells[square])
        d.frames(30)
        deed = d.screen.deed_label
        assert not d.screen.place_buttons  # no correction offered while the dice are asked
        assert "FSU" in deed.text and "Gegenüber" in deed.text, deed.text
        assert deed.parent.height >= deed.height, (deed.parent.height, deed.height)  # nothing to scroll to
        d.screenshot(Path("/tmp/eight-shots/deed-while-rolling-de.png"))
        d.screen.square_popup.dismiss()
        d.frames(5)


def test_home_lists_a_finished_table_of_eight_whole_each_mark_beside_its_name(tmp_path: Path, request: Any) -> None:
    """A German ELAM table of eight ended by its time limit, all eight parties standing: Home's line for
    it, two lines high, held three (its scores wrap), and centred it spilled over the heading above
    ("Frühere Spiele" drawn over the date and the winner), and "♣" stood at a line's end, "Gretchen
    1.458 €" at the next one's start."""
    from ui.palette import SHAPE
    options = {"elam": "on", "edition": "de", "time-limit-minutes": "60"}
    with _home_after_the_end(request, tmp_path, "de", LONG_EIGHT, options, seed=12) as d:
        entry = next(w for w in d.screen.ids.past.children if "Ankh-Morpoly" in getattr(w, "text", ""))
        assert "die vereinbarte Zeit ist um" in entry.text, entry.text
        assert _fits(entry, entry.height), (entry.height, _shown_lines(entry))  # every line inside its own room
        lines = _shown_lines(entry)
        assert "★" in lines[0] and "Ankh-Morpoly" in lines[0], lines
        for line in lines:
            assert not line.rstrip().endswith(tuple(SHAPE.values())), lines  # no mark apart from its name
        d.screenshot(Path("/tmp/eight-shots/home-eight-de.png"))


ITALIAN_FIVE = ["Massimiliano", "Giuseppina", "Bartolomeo", "Annunziata", "Pierluigi"]
ENDING_SEED = 2
"""A seed whose random Italian game of five ends on a throw by a takeover (three lines of narration at 11 sp)."""


def test_the_journal_row_that_ends_a_game_shows_its_whole_narration(tmp_path: Path, request: Any) -> None:
    """An Italian table of five with paper money and the D-Mark set played to its end, the last throw
    tapped on the face pad: the Journal's row of that step (a debt, the takeover it makes, "●
    Massimiliano controlla tutta Ankh-Morpork") ran a line past its row, which stopped at "e giocano
    come". Its narration is drawn smaller until the whole row fits."""
    from companion.core.inputs import DieRoll
    from companion.core.session import Session
    from companion.morpoly.random_play import random_input
    from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed
    from kivy.uix.togglebutton import ToggleButton
    options = {"bank": "checker", "edition": "de-dm"}
    ended: list[int] = []  # how many inputs the seed's game takes to its end

    def over(game: Any) -> bool:
        ended.append(game.seq)
        return game.question is None

    _feed(tmp_path / "played", ITALIAN_FIVE, options, over, seed=ENDING_SEED)
    data = tmp_path / "data"
    rng = _feed(data, ITALIAN_FIVE, options, lambda game: game.seq == ended[-1] - 1, seed=ENDING_SEED)
    with Session.open(data / "games.sqlite") as session:
        last = random_input(session.game, rng)  # the same game's last input
    assert isinstance(last, DieRoll), last  # the game ends on a throw
    with _resumed(request, data, "it") as (app, d):
        pads = [w for w in d.screen.answer_area.walk() if isinstance(w, ToggleButton)]
        d.tap(pads[last.faces[0] - 1])
        d.tap(pads[6 + last.faces[1] - 1])
        assert app.game.question is None  # the game is over
        d.tap(d.screen.journal_button)
        journal = d.screen
        row = journal.line_button(journal.line_count - 1)
        d.frames(3)
        lines = _shown_lines(row)
        assert _fits(row, row.height - 4), (row.height, row.text, lines)
        assert "Ankh-Morpork" in lines[-1], lines  # the end of the step's words, drawn
        d.screenshot(Path("/tmp/eight-shots/journal-last-row-it.png"))

