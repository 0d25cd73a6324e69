"""Plain Monopoly (Ankh-Morpoly with ``base=standard``) played by touch to its end, in the real app
(800×480), and what a table playing plain Monopoly tripped over on the screenshots:

- the end of the game said the variant's "One party is left: it controls all Ankh-Morpork." (and the
  log "… controls all Ankh-Morpork"), where a plain-Monopoly table's last player wins because every
  other player is bankrupt;
- a bankruptcy's line in the log said "… cannot pay 16.000 DM and is bankrupt" and not to whom: to
  the bank (its deeds then auctioned) or to a player (who takes them, mortgaged ones costing the
  interest), which is what the table needs to know next;
- a German table read "Konstantinopel kauft Chausseestraße nicht; die Bank versteigert es" and
  "Niemand bietet für Chausseestraße; es bleibt bei der Bank": "es" for a Straße (and for an Allee,
  a Bahnhof); the line says "das Feld", as the questions do ("Welches Feld kaufst du …");
- the board's button "FSU ledger" opened a screen that said "No FSU is running." above where the
  next roll may lead: plain Monopoly has no FSU (the variant's insurance), and a table would not know
  the word; there the button and the screen are "Next roll", the chances alone;
- the Journal's row of an auction read "Konstantinopel → ● Bartholomäus": the player the app turned
  to (the decliner, or for a bankrupt's deeds the first player left) as if they had answered; it
  says what the table was asked, "Versteigerung von Chausseestraße → ● Bartholomäus";
- the turn's button to buy a deed from another player said "Compra un contratto da un'altra parte"
  ("from somewhere else") in Italian and "… einer anderen Partei" in German, the variant's party
  (a guild, or a team after a takeover) and its question after it "… da un altro giocatore?"; a
  plain-Monopoly table buys "da un altro giocatore", "von einem Mitspieler";
- a bankrupt's twelve mortgaged deeds came to a player, and the offer to lift them listed a "lift"
  button for each, "keep it mortgaged" thirteenth, below the fold: it stands above the list;
- a table that called "time up" read "the richest party wins" (Polish "drużyna", a team): plain
  Monopoly has players; it reads "the richest player wins".
- a bankruptcy's line did not say what the money was for, where every payment line and the question
  to raise it do (rules revision 7): "Bartholomäus kann 23.000 DM an Wilhelmine-Hildegard nicht
  zahlen und ist bankrott", "Bartłomiej nie może zapłacić $100 do banku i bankrutuje"; it says "(für
  die Miete für Lessingstraße)", "za podatek (Luxury Tax)".
- a German table with a German set read a payment "für eine Karte „Gemeinschaftsfeld“", the
  square's printed name quoted as for a set of another language, under the question "welche
  Gemeinschaftskarte wurde gezogen?"; it reads "für eine Gemeinschaftskarte" (the quoted form stays
  for a set of another language: a Polish table's German set, "za kartę „Ereignisfeld”").
- a Polish table that asked a street for nothing read "dajesz nic", "… oferuje ci nic za Connecticut
  Avenue. Przyjąć?" and "… daje nic": "nic" without the negation Polish needs; the offer, the
  partner's question and the log list each side after a colon ("dajesz: nic; dostajesz: …").
- a German table read a tax paid "an die Bank für Einkommensteuer" (and "beschaffe 2.000 DM für
  Zusatzsteuer", "… ist bankrott (für Zusatzsteuer)"), the tax without its article; it reads "für die
  Einkommensteuer".
- a Polish table's trade named the get-out-of-jail card with a capital in the middle of the sentence:
  "Zażądaj: Karta wyjścia z więzienia (Chance)", "dostajesz: Atlantic Avenue + Karta wyjścia …";
  it is "karta wyjścia z więzienia", as the log's "używa karty wyjścia z więzienia".

A position is reached the way a table's journal would hold it: seeded random legal play fed through
the session (:func:`tests.ui.test_ui_morpoly_at_the_table._feed`), then the app is opened on it,
"resume" tapped, and the last throw tapped on the board's face pad."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.core.inputs import Answer, CardScan, DieRoll, Input
import pytest

from companion.morpoly.random_play import random_input
from tests.ui.test_ui_morpoly_at_the_table import SEATS, _feed, _plain, _resumed
from tests.ui.test_ui_morpoly_findings import _answer

PLAIN = {"base": "standard"}
D_MARK_NAMES = ["Bartholomäus", "Wilhelmine-Hildegard", "Konstantinopel"]
"""The German D-Mark table's long names."""


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


def _before_a_bankruptcy(tmp_path: Path, names: list[str], options: dict[str, str], seed: int,
                         creditor_is_bank: bool) -> tuple[Path, Any]:
    """A plain-Monopoly game one input before the first bankruptcy to the bank (or to a player)
    of a trial game of the same seed; the data folder and the random play's generator."""
    found: list[int] = []

    def bankrupt(game: Any) -> bool:
        lines = [n for n in game.narration if n.key == "morpoly.bankrupt"
                 and (dict(n.params)["creditor"] == "bank") == creditor_is_bank]
        return bool(lines) and not found.append(game.seq)

    _feed(tmp_path / "trial", names, options, bankrupt, seed=seed)
    data = tmp_path / "data"
    rng = _feed(data, names, options, lambda g: g.seq == found[0] - 1, seed=seed)
    return data, rng


def _by_touch(d: Any, given: Input) -> None:
    """One input as the table gives it: a throw on the face pad, an answer or a card on its button."""
    if isinstance(given, DieRoll):
        _throw_by_touch(d, given.faces)
        return
    value = given.card if isinstance(given, CardScan) else given.value if isinstance(given, Answer) else None
    button = next(w for w in d.screen.answer_area.walk() if getattr(w, "value", None) == value)
    d.tap(button)


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
    names = D_MARK_NAMES
    data, rng = _before_the_end(tmp_path, names, {**PLAIN, "edition": "de-dm"}, seed=26)
    with _resumed(request, data, "de") as (app, d):
        _play_the_last_throw(app, d, rng)
        winner = names[SEATS.index(app.game.state.game_over.winner)]
        board = d.screen
        assert "Alle anderen Spieler sind bankrott." in board.ending_label.text, board.ending_label.text
        log = board.log_label.text
        assert log.split("\n")[-1].endswith(f"{winner} gewinnt: alle anderen Spieler sind bankrott"), log
        assert "Ankh-Morpork" not in log + board.ending_label.text


def test_a_bankruptcy_to_the_bank_says_so_in_italian(tmp_path: Path, request: Any) -> None:
    """An Italian table with the US set: a player who cannot pay the bank is bankrupt "alla banca",
    and the table is asked next who bid highest for the first of the deeds the bank took back (seed 4,
    found under rules revision 12: Massimiliano cannot pay the hospital's $100; seed 12 under revision 11)."""
    names = ["Giuseppina", "Massimiliano", "Bartolomeo"]
    data, rng = _before_a_bankruptcy(tmp_path, names, PLAIN, seed=4, creditor_is_bank=True)
    with _resumed(request, data, "it") as (app, d):
        _by_touch(d, random_input(app.game, rng))
        line = next(n for n in app.game.narration if n.key == "morpoly.bankrupt")
        params = dict(line.params)
        debtor = names[SEATS.index(params["party"])]
        log = d.screen.log_label.text
        said = f"{debtor} non può pagare {params['amount'].replace(' ', chr(160))} alla banca ed è in bancarotta"
        assert said in log, log
        assert app.game.question.key == "morpoly.deed.auction"


def test_a_bankruptcy_to_a_player_names_the_creditor_in_german(tmp_path: Path, request: Any) -> None:
    """A German table with the D-Mark set and long names: the bankrupt "kann 16.000 DM an
    Wilhelmine-Hildegard nicht zahlen" — the player who takes the deeds (and is offered to lift the
    mortgaged ones). Seed 386, found under rules revision 12: Konstantinopel cannot pay Wilhelmine-Hildegard
    16.000 DM for Lessingstraße (seed 1 under revision 11)."""
    names = D_MARK_NAMES
    data, rng = _before_a_bankruptcy(tmp_path, names, {**PLAIN, "edition": "de-dm"}, seed=386,
                                     creditor_is_bank=False)
    with _resumed(request, data, "de") as (app, d):
        _by_touch(d, random_input(app.game, rng))
        line = next(n for n in app.game.narration if n.key == "morpoly.bankrupt")
        params = dict(line.params)
        debtor, creditor = (names[SEATS.index(params[k])] for k in ("party", "creditor"))
        amount = params["amount"].replace(" ", "\u00a0")
        assert f"{debtor} kann {amount} an [color=" in d.screen.log_label.text, d.screen.log_label.text
        assert f"] {creditor} nicht zahlen und ist bankrott" in d.screen.log_label.text, d.screen.log_label.text


def _offered_a_strasse(tmp_path: Path) -> Path:
    """A plain-Monopoly game on the D-Mark set, with :data:`D_MARK_NAMES`, at the offer to buy a
    Straße (seeded random play); its data folder."""
    data = tmp_path / "data"
    _feed(data, D_MARK_NAMES, {**PLAIN, "edition": "de-dm"}, lambda g: g.question is not None
          and g.question.key == "morpoly.deed.buy" and "straße" in dict(g.question.params)["name"], seed=26)
    return data


def test_a_german_table_declines_a_deed_and_nobody_bids_for_it(tmp_path: Path, request: Any) -> None:
    """A German table with the D-Mark set: "Ablehnen" on a Straße, then "Niemand bietet" at its
    auction; the log says "die Bank versteigert das Feld" and "das Feld bleibt bei der Bank", and the
    deed stays with the bank."""
    data = _offered_a_strasse(tmp_path)
    with _resumed(request, data, "de") as (app, d):
        name = dict(app.game.question.params)["name"]
        square = int(dict(app.game.question.params)["square"])
        _by_touch(d, Answer("decline"))
        assert app.game.question.key == "morpoly.deed.auction"
        assert d.screen.log_label.text.endswith(f"kauft {name} nicht; die Bank versteigert das Feld"), \
            d.screen.log_label.text
        _by_touch(d, Answer("nobody"))
        assert f"Niemand bietet für {name}; das Feld bleibt bei der Bank" in d.screen.log_label.text
        assert app.game.state.squares[square].owner is None


def test_a_plain_monopoly_table_sees_the_next_roll_not_an_fsu_ledger(tmp_path: Path, request: Any) -> None:
    """An English table with the US set: the board's button is "Next roll"; tapped, its screen is
    titled so and shows where each token's next roll may lead, with no word of FSUs."""
    names = ["Eleanor", "Bartholomew"]
    data = tmp_path / "data"
    _feed(data, names, PLAIN, lambda g: g.seq > 30 and g.question is not None
          and g.question.key == "morpoly.turn.menu", seed=7)
    with _resumed(request, data, "en") as (app, d):
        button = d.screen.ledger_button
        assert button.text == "Next roll", button.text
        d.tap(button)
        screen = d.screen
        assert screen.name == "morpoly-ledger" and screen.title_label.text == "Next roll"
        text = screen.body.text
        assert "FSU" not in text and "Where the next roll may lead" in text, text
        assert all(name in text for name in names), text


def test_the_journal_row_of_an_auction_names_the_deed_and_the_highest_bidder(tmp_path: Path,
                                                                             request: Any) -> None:
    """A German D-Mark table declines a Straße, says who bid highest and the bid by touch, then
    opens the Journal: the auction's row names the deed and the winner, not the decliner."""
    names = D_MARK_NAMES
    data = _offered_a_strasse(tmp_path)
    with _resumed(request, data, "de") as (app, d):
        name = dict(app.game.question.params)["name"]
        decliner = names[SEATS.index(app.game.question.player)]
        _by_touch(d, Answer("decline"))
        question = app.game.question
        assert question.key == "morpoly.deed.auction"
        winner = next(o for o in question.options if o not in ("nobody", question.player))
        _by_touch(d, Answer(winner))
        row = len(app.session.inputs)
        bid = next(v for v in app.game.question.options)
        _by_touch(d, Answer(bid))
        d.tap(d.screen.journal_button)
        assert d.screen.name == "journal"
        text = d.screen.ids.lines.data[row]["text"].split("\n")[0]
        assert text.startswith(f"{row} · Versteigerung von {name} → "), text
        assert text.endswith(f"] {names[SEATS.index(winner)]}") and decliner not in text, text


def test_an_italian_plain_monopoly_table_buys_a_deed_from_another_player(tmp_path: Path, request: Any) -> None:
    """An Italian table with the US set: the turn's button says "con un altro giocatore" (rules
    revision 6: a trade both ways; before it "Compra un contratto da un altro giocatore", as the
    question it led to said); tapped, the trade's first question is asked in Italian."""
    names = ["Giuseppina", "Massimiliano", "Bartolomeo"]
    data = tmp_path / "data"
    _feed(data, names, PLAIN, lambda g: g.question is not None and g.question.key == "morpoly.turn.menu"
          and "trade" in g.question.options, seed=1)
    with _resumed(request, data, "it") as (app, d):
        button = next(w for w in d.screen.answer_area.walk() if getattr(w, "value", None) == "trade")
        assert button.text == "Scambia con un altro giocatore", button.text
        d.tap(button)
        assert app.game.question.key in ("morpoly.trade.partner", "morpoly.trade.offer")
        said = d.screen.question_label.text
        assert "con chi scambi?" in said or "offerta a" in said, said


def test_keep_them_mortgaged_is_in_sight_after_a_dozen_lift_buttons(tmp_path: Path, request: Any) -> None:
    """An Italian table with the US set: a player bankrupt to Giuseppina leaves her twelve mortgaged
    deeds; the offer lists a "lift" button for each she can pay, and "Mantieni l'ipoteca" is on screen
    without scrolling; tapped, every deed stays mortgaged and the game goes on (seed 113, found under
    rules revision 12; seed 1 under revision 11)."""
    names = ["Giuseppina", "Massimiliano", "Bartolomeo"]
    data = tmp_path / "data"
    _feed(data, names, PLAIN, lambda g: g.question is not None and g.question.key == "morpoly.transfer.lift"
          and len(g.question.options) > 8, seed=113)
    with _resumed(request, data, "it") as (app, d):
        question = app.game.question
        received = [int(o[len("lift:"):]) for o in question.options if o.startswith("lift:")]
        buttons = {w.value: w for w in d.screen.answer_area.walk() if getattr(w, "value", "")}
        keep = buttons["keep"]
        assert keep.text == "Mantieni l'ipoteca"
        x, y = keep.to_window(*keep.pos)
        area = d.screen.answer_area
        ax, ay = area.to_window(*area.pos)
        assert ay <= y and y + keep.height <= ay + area.height + 1, (y, keep.height, ay, area.height)
        d.tap(keep)
        assert app.game.question.key != "morpoly.transfer.lift"
        assert all(app.game.state.squares[s].mortgaged for s in received)


@pytest.mark.parametrize(("language", "why", "variant_word"), [
    ("en", "The agreed time is up: the richest player wins.", "party"),
    ("pl", "Umówiony czas minął: wygrywa najbogatszy gracz.", "drużyna"),
])
def test_a_plain_monopoly_table_out_of_time_reads_that_the_richest_player_wins(
        tmp_path: Path, request: Any, language: str, why: str, variant_word: str) -> None:
    """R8's time limit in plain Monopoly: the table taps "time up" at a turn's menu; the reason under
    the winner names the richest *player*, not the variant's party (a guild, a team)."""
    names = ["Eleanor", "Bartholomew", "Christopher"]
    data = tmp_path / "data"
    _feed(data, names, {**PLAIN, "time-limit-minutes": "90"},
          lambda g: g.question.key == "morpoly.turn.menu" and "time-up" in g.question.options
          and g.state.turn.number >= 12, seed=4)
    with _resumed(request, data, language) as (app, d):
        _answer(d, "time-up")
        d.frames(2)
        over = app.game.state.game_over
        assert app.game.question is None and over is not None and over.reason == "time limit"
        ending = d.screen.ending_label.text
        assert ending.split("\n")[0] == why, ending
        assert variant_word not in ending, ending


POLISH_NAMES = ["Przemysław", "Małgorzata-Krystyna", "Bartłomiej", "Wiesława"]
"""The Polish table's long names."""


def test_a_german_bankruptcy_to_a_player_says_what_the_money_was_for(tmp_path: Path, request: Any) -> None:
    """A German table with the D-Mark set and long names: the bankrupt's line says what the debt
    was for, as every payment line and the question to raise the money do (rules revision 7), after
    the words a table reads first — it read "… kann 16.000 DM an Wilhelmine-Hildegard nicht zahlen und ist bankrott", the rent (or
    the card, the tax) it could not pay nowhere in the log. Seed 386, found under rules revision 12, as
    for the line above (seed 1 under revision 11)."""
    names = D_MARK_NAMES
    data, rng = _before_a_bankruptcy(tmp_path, names, {**PLAIN, "edition": "de-dm"}, seed=386,
                                     creditor_is_bank=False)
    with _resumed(request, data, "de") as (app, d):
        _by_touch(d, random_input(app.game, rng))
        params = dict(next(n for n in app.game.narration if n.key == "morpoly.bankrupt").params)
        assert params["for"] == "rent", params
        log = _plain(d.screen.log_label.text)
        debtor, creditor = (names[SEATS.index(params[k])] for k in ("party", "creditor"))
        amount = params["amount"].replace(" ", "\u00a0")
        said = f"{debtor} kann {amount} an {creditor} nicht zahlen und ist bankrott (für die Miete für {params['for_name']})"
        assert said in log, log


def test_a_polish_bankruptcy_to_the_bank_says_what_the_money_was_for(tmp_path: Path, request: Any) -> None:
    """A Polish table with the US set and long names: a player who cannot pay the bank is bankrupt
    "do banku za …", the tax or the card it could not pay said as the payment lines say it."""
    names = POLISH_NAMES
    data, rng = _before_a_bankruptcy(tmp_path, names, PLAIN, seed=7, creditor_is_bank=True)
    with _resumed(request, data, "pl") as (app, d):
        _by_touch(d, random_input(app.game, rng))
        params = next(p for p in (dict(n.params) for n in app.game.narration if n.key == "morpoly.bankrupt")
                      if p["creditor"] == "bank")
        debtor = names[SEATS.index(params["party"])]
        amount = params["amount"].replace(" ", "\u00a0")
        purpose = app.translator.purpose(params)
        assert purpose != params["why"], purpose  # said in Polish, not the engine's English
        said = f"{debtor} nie może zapłacić {amount} do banku za {purpose} i bankrutuje"
        assert said in _plain(d.screen.log_label.text), d.screen.log_label.text
        assert app.game.question.key == "morpoly.deed.auction"


def _paid_for(purpose: str) -> Any:
    """Whether the latest input paid for ``purpose`` (a ``for`` key: ``chest-card``, ``tax``)."""
    return lambda game: any(n.key == "morpoly.money.paid" and dict(n.params).get("for") == purpose
                            for n in game.narration[-3:])


def _before_a_d_mark_payment(tmp_path: Path, purpose: str) -> tuple[Path, Any]:
    """A plain-Monopoly game on the D-Mark set with :data:`D_MARK_NAMES`, one input before its first
    payment for ``purpose`` (found by a trial game of the same seed); the data folder and the random
    play's generator."""
    names, options = D_MARK_NAMES, {**PLAIN, "edition": "de-dm"}
    found: list[int] = []
    paid = _paid_for(purpose)
    _feed(tmp_path / "trial", names, options, lambda g: paid(g) and not found.append(g.seq), seed=13)
    data = tmp_path / "data"
    return data, _feed(data, names, options, lambda g: g.seq == found[0] - 1, seed=13)


def test_a_german_table_with_a_german_set_pays_for_a_gemeinschaftskarte(tmp_path: Path, request: Any) -> None:
    """A German table with the D-Mark set (a set that speaks the table's language): a payment for a
    card drawn says "für eine Gemeinschaftskarte", the word the question to name the card uses
    ("welche Gemeinschaftskarte wurde gezogen?"); it read "für eine Karte „Gemeinschaftsfeld“",
    the square's printed name quoted as for a set of another language."""
    data, rng = _before_a_d_mark_payment(tmp_path, "chest-card")
    with _resumed(request, data, "de") as (app, d):
        assert app.game.question.key == "morpoly.card.chest"
        assert "welche Gemeinschaftskarte wurde gezogen?" in _plain(d.screen.question_label.text)
        _by_touch(d, random_input(app.game, rng))
        log = _plain(d.screen.log_label.text)
        assert "für eine Gemeinschaftskarte" in log.split("\n")[-2] and "„Gemeinschaftsfeld“" not in log, log


def _asks_for_a_street(game: Any) -> bool:
    """A menu with ``trade`` whose player's partner holds a street that may change hands."""
    from companion.morpoly.editions import load_edition
    from companion.morpoly.trade import partners, squares_of
    question = game.question
    if question is None or question.key != "morpoly.turn.menu" or "trade" not in question.options:
        return False
    edition = load_edition(game.state.edition)
    party = game.state.token(question.player).party
    return any(edition.squares[s].kind == "street" for p in partners(game.state, edition, party)
               for s in squares_of(game.state, edition, p)[0])


def _partner_with_a_street(game: Any) -> str:
    """The first partner of the player on the menu who holds a street that may change hands."""
    from companion.morpoly.editions import load_edition
    from companion.morpoly.trade import partners, squares_of
    edition = load_edition(game.state.edition)
    party = game.state.token(game.question.player).party
    return next(p for p in partners(game.state, edition, party)
                if any(edition.squares[s].kind == "street" for s in squares_of(game.state, edition, p)[0]))


def test_a_polish_table_asks_a_street_for_nothing_in_good_polish(tmp_path: Path, request: Any) -> None:
    """A Polish table with the US set and long names: a player asks another for a street and gives
    nothing. The offer, the partner's question and the log read "dajesz: nic", "dajesz: …;
    dostajesz: nic" and "daje: nic" — they read "dajesz nic", "oferuje ci nic za …" and "daje nic",
    "nic" without the negation Polish needs ("nic nie dajesz"); as a list after a colon it needs none."""
    from tests.ui.test_ui_morpoly_at_the_table import _answer_buttons
    names = POLISH_NAMES
    data = tmp_path / "data"
    _feed(data, names, PLAIN, _asks_for_a_street, seed=5)
    with _resumed(request, data, "pl") as (app, d):
        d.tap(_answer_buttons(d)["trade"])
        if app.game.question.key == "morpoly.trade.partner":
            d.tap(_answer_buttons(d)[_partner_with_a_street(app.game)])
        street = next(v for v in _answer_buttons(d, "get:"))
        d.tap(_answer_buttons(d)[street])
        offer = _plain(d.screen.question_label.text)
        assert "– dajesz: nic; dostajesz: " in offer and "dajesz nic" not in offer, offer
        d.tap(_answer_buttons(d)["propose"])
        asked = _plain(d.screen.question_label.text)
        assert app.game.question.key == "morpoly.trade.answer"
        assert "dostajesz: nic; dajesz: " in asked and "oferuje ci nic" not in asked, asked
        d.tap(_answer_buttons(d)["accept"])
        line = _plain(d.screen.log_label.text).split("\n")[-1]
        assert "wymieniają się – " in line and " daje: nic; " in line and "daje nic" not in line, line


def _a_partner_holds_a_jail_card(game: Any) -> bool:
    """A menu with ``trade`` whose player's partner holds a get-out-of-jail card."""
    from companion.morpoly.editions import load_edition
    from companion.morpoly.trade import partners
    question = game.question
    if question is None or question.key != "morpoly.turn.menu" or "trade" not in question.options:
        return False
    party = game.state.token(question.player).party
    return any(game.state.party(p).jail_cards for p in partners(game.state, load_edition(game.state.edition), party))


def test_a_polish_table_asks_for_a_jail_card_in_lower_case(tmp_path: Path, request: Any) -> None:
    """A Polish table with the US set: the get-out-of-jail card in a trade is a common noun after a
    colon or a plus, "Zażądaj: karta wyjścia z więzienia (Chance)", "dostajesz: karta …"; it read
    "Zażądaj: Karta wyjścia …" and "dostajesz: Atlantic Avenue + Karta wyjścia …", a capital in the
    middle of the sentence (the log's "używa karty wyjścia z więzienia" writes it in lower case)."""
    from companion.morpoly.editions import load_edition
    from companion.morpoly.trade import partners
    from tests.ui.test_ui_morpoly_at_the_table import _answer_buttons
    data = tmp_path / "data"
    _feed(data, POLISH_NAMES, PLAIN, _a_partner_holds_a_jail_card, seed=4)
    with _resumed(request, data, "pl") as (app, d):
        game = app.game
        party = game.state.token(game.question.player).party
        holder = next(p for p in partners(game.state, load_edition(game.state.edition), party)
                      if game.state.party(p).jail_cards)
        d.tap(_answer_buttons(d)["trade"])
        if app.game.question.key == "morpoly.trade.partner":
            d.tap(_answer_buttons(d)[holder])
        card = next(b for v, b in _answer_buttons(d, "get-card:").items())
        assert card.text.startswith("Zażądaj: karta wyjścia z więzienia ("), card.text
        d.tap(card)
        offer = _plain(d.screen.question_label.text)
        assert "dostajesz: karta wyjścia z więzienia (" in offer and "Karta" not in offer, offer


def test_a_german_table_pays_die_einkommensteuer(tmp_path: Path, request: Any) -> None:
    """A German table with the D-Mark set: a throw onto a tax square pays "an die Bank für die
    Einkommensteuer" (or "die Zusatzsteuer"), the tax with its article; it read "für
    Einkommensteuer", as a label, not a sentence (likewise in the question to raise the money)."""
    data, rng = _before_a_d_mark_payment(tmp_path, "tax")
    with _resumed(request, data, "de") as (app, d):
        _by_touch(d, random_input(app.game, rng))
        paid = next(line for line in _plain(d.screen.log_label.text).split("\n")[::-1] if " zahlt " in line)
        assert paid.endswith(("an die Bank für die Einkommensteuer", "an die Bank für die Zusatzsteuer")), paid


def _inputs_to_the_end(options: dict[str, str], players: int, seed: int) -> int:
    """How many inputs :func:`_feed`'s seeded random play of ``seed`` takes to end the game."""
    import random

    from companion.morpoly.game import apply
    from companion.morpoly.mode import MODE
    rng = random.Random(seed)
    game = MODE.new_game(SEATS[:players], options, None)
    count = 0
    while game.question is not None:
        game = apply(game, random_input(game, rng))
        count += 1
    return count


@pytest.mark.parametrize(("language", "out_words"), [("pl", "Poza grą:"), ("de", "Ausgeschieden:")])
def test_the_end_of_a_plain_game_names_the_players_who_went_bankrupt(
        tmp_path: Path, request: Any, language: str, out_words: str) -> None:
    """Plain Monopoly played to its end (one player left): the standings listed only the winner, and
    the three bankrupt players were nowhere on the game-over screen. They are named under it, in
    seating order, as ``analyse`` gives them (``out``)."""
    from companion.morpoly.analysis import analyse_position
    data = tmp_path / "data"
    last = _inputs_to_the_end(PLAIN, len(POLISH_NAMES), seed=2) - 1
    rng = _feed(data, POLISH_NAMES, PLAIN, lambda g: g.seq == last, seed=2, limit=20000)
    with _resumed(request, data, language) as (app, d):
        app.submit(random_input(app.game, rng))  # the input that ends it, as the table gives it
        d.frames(3)
        state = app.game.state
        assert state.game_over is not None and len(state.parties) == 1
        doc = analyse_position(state)
        out = [POLISH_NAMES[SEATS.index(player)] for player in doc["out"]]
        assert len(out) == 3 and state.game_over.winner not in doc["out"]
        lines = _plain(d.screen.ending_label.text).split("\n")
        last = lines[-1]
        assert last.startswith(out_words), lines
        assert [name for name in POLISH_NAMES if name in last] == out, (last, out)
        d.screenshot(Path("/tmp/eight-shots") / f"plain-end-{language}.png")


def test_home_offers_a_finished_game_s_end_not_to_play_on(tmp_path: Path, request: Any) -> None:
    """The app closed while the table read the end of a game: started again, Home's button back to it
    said "Weiterspielen: …" (play on) of a game that is over. It says "Zurück zum Spielende: …", and
    a tap on it shows that end."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    last = _inputs_to_the_end(PLAIN, len(POLISH_NAMES), seed=2) - 1
    rng = _feed(data, POLISH_NAMES, PLAIN, lambda g: g.seq == last, seed=2, limit=20000)
    with _resumed(request, data, "de") as (app, d):
        app.submit(random_input(app.game, rng))
        d.frames(3)
        assert app.game.is_over and d.screen.name == "morpoly-board"
    app = conftest.start_app(data, language="de")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        resume = d.screen.ids.resume
        assert not resume.disabled
        assert resume.text.startswith("▶ Zurück zum Spielende:"), resume.text
        assert "Weiterspielen" not in resume.text
        d.tap(resume)
        d.frames(3)
        assert d.screen.name == "morpoly-board" and app.game.is_over
        assert d.screen.ending_label.text.startswith("Alle anderen"), d.screen.ending_label.text
    finally:
        conftest.stop_app(app)
