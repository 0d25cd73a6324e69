"""What a table reads about a payment (issue 12, found playing Fortuna and ELAM by touch in Polish and
Italian): a funeral read as a plain payment to the bank; the question to sell or mortgage did not say
what the money was for; an FSU claim read as paid twice ("… pays …" and then "FSU … pays … and stays
valid"); and a claim its insurer could not pay was said after the game-over line, as paid.

Each payment and each question to raise money now carries what it is for
(:mod:`companion.morpoly.purposes`, params ``for`` and ``for_…``), which every catalogue says; a claim's
FSU line says what becomes of the FSU, right after the payment line, and nothing when the claim was not
paid. The lines are read here as the English and the Polish screens say them."""
from __future__ import annotations

import random
from typing import Any

import pytest

from companion.core.procedure import Narration
from companion.morpoly import purposes
from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.game import Game, apply
from companion.morpoly.mode import MODE
from companion.morpoly.random_play import PLAYERS, random_input
from companion.morpoly.revisions import LATEST, TRADES_AT_ANY_MENU
from companion.morpoly.setup import new_state
from companion.morpoly.state import Npcs, SquareState, State
from morpoly_table import cash, do, own, start, table
from ui.i18n import PLACE_CHANCE, PLACE_CHEST, PLACE_GO, Translator

NAMES = {"red": "Ann", "blue": "Bob", "green": "Ceci"}
US_PLACES = {PLACE_GO: "GO", PLACE_CHANCE: "Chance", PLACE_CHEST: "Community Chest"}
LANGUAGES = ("en", "de", "pl", "it")


def _translator(language: str) -> Translator:
    """A screen's translator at a table with the US set and the players' names typed at set-up."""
    translator = Translator(language)
    translator.use_players(NAMES)
    translator.use_places(US_PLACES, set_speaks="en")
    return translator


def _said(game: Game, language: str, *keys: str) -> list[str]:
    translator = _translator(language)
    return [translator.narration(line) for line in game.narration if line.key in keys]


def _elam(players: tuple[str, ...] = ("red", "blue", "green")) -> State:
    """A variant table with ELAM: Death waits on States Avenue, where blue's throw of 1 and 2 takes it."""
    state = new_state(list(players), {"edition": "us", "base": "variant", "elam": "on"})
    state.npcs = Npcs(13, 20, 20, None)
    state.token("blue").square = 10
    for token, square in zip(players[::2], (25, 35)):
        state.token(token).square = square
    return state


def _set_cash(state: State, party: str, amount: int) -> None:
    state.bank.cash += state.party(party).cash - amount
    state.party(party).cash = amount


def _death_cover(state: State) -> None:
    """Red insures blue against death: FSU 1, premium 100, a claim of 300 (3 × the premium)."""
    state.ledger = Ledger((Fsu(1, "red", "blue", "blue", 1, 100, frozenset({Cover.DEATH}), False),), 2)


def _funeral_to_raise(revision: int = LATEST) -> Game:
    """Blue, with $50 and Boardwalk to mortgage (or, from rules revision 8, to trade), dies on States
    Avenue: the funeral, $200, to raise."""
    state = _elam()
    state.revision = revision
    _set_cash(state, "blue", 50)
    state.squares[39] = SquareState("blue", 0, False)  # Boardwalk, to mortgage for it
    game = do(start(state, "blue"), "roll", (1, 2))  # blue dies on States Avenue: the funeral, $200
    if game.question is not None and game.question.key == "morpoly.deed.buy":  # rules revision 11: it could
        game = do(game, "decline")  # raise States Avenue's $140 (Boardwalk mortgaged), and does not
    return game


def test_a_funeral_says_it_is_the_funeral_and_whose_and_so_does_the_question_to_raise_it() -> None:
    game = _funeral_to_raise(TRADES_AT_ANY_MENU)  # no trade offered: the question as revision 7 words it
    question = game.question
    assert question is not None and question.key == "morpoly.debt.raise"
    assert dict(question.params)["for"] == "funeral" and dict(question.params)["for_token"] == "blue"
    asked = {language: _translator(language).question(question) for language in LANGUAGES}
    assert asked["en"] == "Bob: raise $200 for the funeral of Bob (cash $50): sell a house or mortgage a deed"
    assert asked["pl"] == "Bob: zbierz $200 na pogrzeb gracza Bob (gotówka $50): sprzedaj dom lub zastaw nieruchomość"
    assert "für die Beerdigung von Bob" in asked["de"] and "per il funerale di Bob" in asked["it"]
    latest = _funeral_to_raise().question  # rules revision 8 (R74): the trade is offered, and said
    assert latest is not None and "trade" in latest.options
    said = {language: _translator(language).question(latest) for language in LANGUAGES}
    assert said["en"] == "Bob: raise $200 for the funeral of Bob (cash $50): sell a house, mortgage a deed or trade"
    assert said["pl"] == "Bob: zbierz $200 na pogrzeb gracza Bob (gotówka $50): sprzedaj dom, zastaw nieruchomość " \
        "lub handluj"
    assert said["de"].endswith("für die Beerdigung von Bob (Bargeld $50): Haus verkaufen, Hypothek aufnehmen oder handeln")
    assert said["it"].endswith("per il funerale di Bob (contanti $50): vendi una casa, ipoteca una proprietà o "
                               "scambia")  # what to mortgage said, as the plain form says it (76292e9)
    game = do(game, "mortgage:39")
    assert cash(game, "blue") == 50 + 200 - 200
    assert _said(game, "en", "morpoly.money.paid") == ["Bob pays $200 to the bank for the funeral of Bob"]
    assert _said(game, "pl", "morpoly.money.paid") == ["Bob płaci $200 do banku za pogrzeb gracza Bob"]
    assert _said(game, "it", "morpoly.money.paid") == ["Bob paga $200 alla banca per il funerale di Bob"]


def test_a_funeral_that_cannot_be_paid_says_so_in_the_takeover_line() -> None:
    state = _elam()
    _set_cash(state, "blue", 50)  # nothing to sell or mortgage: insolvent at the funeral
    game = do(start(state, "blue"), "roll", (1, 2))
    assert _said(game, "en", "morpoly.takeover.bank", "morpoly.takeover.merged")[0].startswith(
        "Bob cannot pay $200 to the bank for the funeral of Bob: ")
    assert _said(game, "pl", "morpoly.takeover.bank", "morpoly.takeover.merged")[0].startswith(
        "Bob nie może zapłacić bankowi $200 za pogrzeb gracza Bob: ")


def test_a_claim_is_one_payment_and_then_what_becomes_of_the_fsu() -> None:
    state = _elam()
    _death_cover(state)
    game = do(start(state, "blue"), "roll", (1, 2), "decline")  # blue dies: red pays the claim, then the funeral
    keys = [line.key for line in game.narration]
    claim = keys.index("morpoly.money.paid")
    assert keys[claim + 1] == "morpoly.fsu.redeemed"
    assert _said(game, "en", "morpoly.money.paid", "morpoly.fsu.redeemed")[:2] == [
        "Ann pays $300 to Bob for the claim on FSU 1", "FSU 1 from Ann to Bob is redeemed by the claim"]
    assert _said(game, "pl", "morpoly.money.paid", "morpoly.fsu.redeemed")[:2] == [
        "Ann płaci graczowi Bob $300 za odszkodowanie z FSU 1",
        "FSU 1 od gracza Ann dla gracza Bob zostaje zrealizowana tym odszkodowaniem"]
    for language in LANGUAGES:  # one line says the money; the FSU's line names no amount
        assert "$300" not in _said(game, language, "morpoly.fsu.redeemed")[0]


def test_a_claim_the_insurer_cannot_pay_is_not_said_after_the_game_is_over() -> None:
    """Two parties: the insurer cannot pay the claim, the beneficiary takes it over and the game is
    over. No money moved for the claim, and no line said after the game-over line says it did
    (before: "FSU 1 from red pays blue $300 and is redeemed", the log's last line)."""
    state = _elam(("red", "blue"))
    _death_cover(state)
    _set_cash(state, "red", 0)
    blue_before = cash(start(state, "blue"), "blue")
    game = do(start(state, "blue"), "roll", (1, 2), "decline")
    assert game.state.game_over is not None and game.question is None
    keys = [line.key for line in game.narration]
    assert keys[-1] == "morpoly.game.over" and keys[-2] == "morpoly.takeover.merged"
    assert "morpoly.fsu.redeemed" not in keys and "morpoly.fsu.claimed" not in keys
    assert cash(game, "blue") == blue_before  # red brought nothing; the claim was never paid
    assert _said(game, "en", "morpoly.takeover.merged") == [
        "Ann cannot pay $300 to Bob for the claim on FSU 1: Bob takes Ann over and they play on as one team"]


def test_a_waived_claim_says_the_waiver_instead_of_a_payment() -> None:
    """The Merchants insure blue against payments (R32) and are owed the rent themselves: they waive
    it (R33), no money moves, and the log says so once."""
    state = new_state(["red", "blue", "green"], {"edition": "us", "base": "variant"})
    state.party("red").guilds = ["merchants"]
    state.token("blue").square = 10
    state.squares[13] = SquareState("red", 0, False)
    state.ledger = Ledger((Fsu(1, "red", "blue", "blue", 1, 100, frozenset({Cover.MUST_PAY}), False),), 2)
    blue_before = state.party("blue").cash
    game = do(start(state, "blue"), "roll", (1, 2))  # States Avenue, red's: rent $10, waived
    assert cash(game, "blue") == blue_before
    keys = [line.key for line in game.narration]
    assert "morpoly.money.paid" not in keys
    waived = keys.index("morpoly.fsu.waived")
    assert keys[waived + 1] in ("morpoly.fsu.redeemed", "morpoly.fsu.claimed")
    assert _said(game, "en", "morpoly.fsu.waived") == ["Ann waives the $10 that Bob owes it (FSU 1)"]
    assert _said(game, "pl", "morpoly.fsu.waived") == ["Ann rezygnuje z należności $10 od gracza Bob (FSU 1)"]


def _seeded_games(seeds: range, players: int) -> list[tuple[Game, list[Any]]]:
    """Games of seeded random play with Fortuna and ELAM, as the simulator plays them, with every
    question asked."""
    games = []
    for seed in seeds:
        rng = random.Random(seed)
        game: Game = MODE.new_game(list(PLAYERS[:players]), {"fortuna": "on", "elam": "on"}, None)
        asked = []
        while game.question is not None and game.state.turn.number <= 2000:
            asked.append(game.question)
            game = apply(game, random_input(game, rng), snapshot=False, replayable=False)
        games.append((game, asked))
    return games


@pytest.fixture(scope="module")
def seeded() -> list[tuple[Game, list[Any]]]:
    return _seeded_games(range(1, 9), 2) + _seeded_games(range(1, 9), 3)


def test_every_question_to_raise_money_says_what_for(seeded: list[tuple[Game, list[Any]]]) -> None:
    """Every debt the random games ask a party to raise (rent, taxes, cards, fines, premiums, claims,
    funerals, …) is named in the question, in English and in Polish, by the payment's purpose."""
    kinds: set[str] = set()
    translators = {language: _translator(language) for language in ("en", "pl")}
    for _game, asked in seeded:
        for question in asked:
            if question.key != "morpoly.debt.raise":
                continue
            params = dict(question.params)
            kinds.add(params["for"])
            for language, translator in translators.items():
                purpose = translator.purpose(params)
                assert translator.gettext(f"for:{params['for']}") != f"for:{params['for']}", params
                assert "{" not in purpose and "chance." not in purpose and "chest." not in purpose, (language, params)
                assert f" {'for' if language == 'en' else 'na'} {purpose} (" in translator.question(question)
    assert {"rent", "funeral", "claim", "premium", "tax"} <= kinds, kinds


def test_no_line_of_a_claim_follows_the_end_of_the_game(seeded: list[tuple[Game, list[Any]]]) -> None:
    """The order of the log: each claim's FSU line right after its payment; nothing about a claim
    after the game-over line (found at 2 players, seed 1: "FSU 1 from blue pays red $1,350 and is
    redeemed" after "red controls all Ankh-Morpork", for a claim blue could not pay)."""
    claims_ended = 0
    for game, _asked in seeded:
        keys = [line.key for line in game.narration]
        for at, key in enumerate(keys):
            if key in ("morpoly.fsu.claimed", "morpoly.fsu.redeemed"):
                before, line = dict(game.narration[at - 1].params), dict(game.narration[at].params)
                paid = before.get("for") == "claim" or "for_behalf" in before
                assert game.narration[at - 1].key == "morpoly.fsu.waived" or line["amount"] == "$0" or (
                    game.narration[at - 1].key == "morpoly.money.paid" and paid and before["for_fsu"] == line["fsu"])
        if "morpoly.game.over" in keys:
            after = keys[keys.index("morpoly.game.over") + 1:]
            assert not {"morpoly.fsu.claimed", "morpoly.fsu.redeemed", "morpoly.money.paid"} & set(after), after
            ended = game.narration[keys.index("morpoly.game.over") - 1]
            claims_ended += ended.key == "morpoly.takeover.merged" and dict(ended.params)["for"] == "claim"
    assert claims_ended >= 1  # the situation of the finding is among these games


def test_a_double_fee_is_said_before_its_payment(seeded: list[tuple[Game, list[Any]]]) -> None:
    """"… already holds an FSU from …: the double fee of …" explains the payment after it (said after
    it, a double fee its payer could not pay was the line after the game-over line)."""
    fees = 0
    for game, _asked in seeded:
        lines = game.narration
        for at, line in enumerate(lines):
            if line.key != "morpoly.fsu.double-fee":
                continue
            fees += 1
            paid = next(later for later in lines[at + 1:] if later.key.startswith(("morpoly.money.paid",
                                                                                   "morpoly.takeover.",
                                                                                   "morpoly.fsu.waived")))
            if paid.key == "morpoly.fsu.waived":  # owed to the Merchants who insure the payer: waived (R33)
                continue
            assert dict(paid.params)["for"] == "double-fee", (line.text, paid.text)
    assert fees >= 5


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_purpose_has_words_in_every_language(language: str) -> None:
    """Each purpose the engine names (:mod:`companion.morpoly.purposes`) is said by the catalogue, not
    by the engine's English: with its params, in this language."""
    whys = [purposes.JAIL_FINE, purposes.GO_INTEREST, purposes.TITHE, purposes.LOOT, purposes.SWAP,
            purposes.DIBBLER_CARD, purposes.THEFT, purposes.rent("Park Place"), purposes.tax("Income Tax"),
            purposes.card("chance.general-repairs"), purposes.card("chest.doctor"), purposes.funeral("red"),
            purposes.premium("Park Place"), purposes.double_fee("Park Place"), purposes.claim(3),
            purposes.received_interest("Park Place, Boardwalk", "red"), purposes.purchase("Park Place"),
            purposes.rent("Park Place").on_behalf_of("blue", 2)]
    translator = _translator(language)
    for why in whys:
        params = {"why": why.text, **why.said()}
        assert translator.gettext(f"for:{why.key}") != f"for:{why.key}", why.key
        said = translator.purpose(params)
        assert "{" not in said and "red" not in said and "chance." not in said, (why.key, said)
        line = Narration("morpoly.money.paid", "", None, (("payer", "red"), ("payee", "bank"), ("amount", "$5"),
                                                             *params.items()))
        assert said in translator.narration(line), (why.key, translator.narration(line))



def _bankrupt_on_its_first_throw(first: int, second: int) -> Game:
    """Plain Monopoly, three players: red owns Mediterranean and Baltic Avenue (1, 3), blue has $3 and
    nothing to sell or mortgage, and throws from GO."""
    state = table(("red", "blue", "green"))
    own(state, "red", 1, 3)
    _set_cash(state, "blue", 3)
    return do(start(state, "blue"), "roll", (first, second))


def test_a_plain_monopoly_bankruptcy_says_what_the_debt_was_for() -> None:
    """Standard Monopoly's bankruptcy line carries ``for`` as the variant's takeover lines do, but no
    catalogue said it: "Bob cannot pay $8 to Ann and is bankrupt" left out that it was the rent on
    Baltic Avenue, "Bob kann $200 an die Bank nicht zahlen und ist bankrott" that it was Income Tax."""
    game = _bankrupt_on_its_first_throw(1, 2)  # Baltic Avenue: $4, doubled for red's whole group
    to_red = {language: _said(game, language, "morpoly.bankrupt") for language in LANGUAGES}
    assert to_red["en"] == ["Bob cannot pay $8 to Ann for the rent on Baltic Avenue and is bankrupt"]
    assert to_red["pl"] == ["Bob nie może zapłacić graczowi Ann $8 za czynsz na polu Baltic Avenue i bankrutuje"]
    assert to_red["de"] == ["Bob kann $8 an Ann nicht zahlen und ist bankrott (für die Miete für Baltic Avenue)"]
    assert to_red["it"] == ["Per l'affitto di Baltic Avenue, Bob non può pagare $8 ad Ann ed è in bancarotta"]
    game = _bankrupt_on_its_first_throw(1, 3)  # Income Tax
    to_bank = {language: _said(game, language, "morpoly.bankrupt") for language in LANGUAGES}
    assert to_bank["en"] == ["Bob cannot pay $200 to the bank for Income Tax and is bankrupt"]
    assert to_bank["pl"] == ["Bob nie może zapłacić $200 do banku za podatek (Income Tax) i bankrutuje"]
    assert to_bank["de"] == ["Bob kann $200 an die Bank nicht zahlen und ist bankrott (für die Income Tax)"]
    assert to_bank["it"] == ["Per la tassa Income Tax, Bob non può pagare $200 alla banca ed è in bancarotta"]


def test_an_fsu_that_pays_twice_in_one_event_says_each_claim_once_after_its_payment() -> None:
    """A team's FSU (the Merchants' cover and the Patrician's) with the Merchants' budget (R32
    ``budget-until-3x``): on Income Tax, paid to the bank, it pays the tax on blue's behalf (and stays
    active: budget left), then the Patrician's claim (and is redeemed). Each FSU line was said after
    every payment of its FSU: twice, and "is redeemed" before the claim was paid."""
    state = new_state(["red", "blue", "green"], {"edition": "us", "base": "variant", "merchant-cover": "budget-until-3x"})
    state.ledger = Ledger((Fsu(1, "red", "blue", "blue", 39, 100, frozenset({Cover.MUST_PAY, Cover.TAX}), False),), 2)
    game = do(start(state, "blue"), "roll", (1, 3))  # Income Tax, $200
    keys = [line.key for line in game.narration]
    moved = keys.index("morpoly.token.moved")
    assert keys[moved + 1:moved + 5] == ["morpoly.money.paid", "morpoly.fsu.claimed", "morpoly.money.paid",
                                         "morpoly.fsu.redeemed"]
    assert keys.count("morpoly.fsu.claimed") == keys.count("morpoly.fsu.redeemed") == 1
    assert _said(game, "en", "morpoly.money.paid") == [
        "Ann pays $200 to the bank for Income Tax, on behalf of Bob (FSU 1)", "Ann pays $300 to Bob for the claim on FSU 1"]


def test_a_claim_s_fsu_line_says_what_was_paid_out() -> None:
    """The engine says what a claim paid out on its FSU's line (param ``payout``): a claim paid, and
    one the Merchants waived whole (R33); the screens read it there, not from the amount's digits."""
    state = _elam()
    _death_cover(state)
    paid = do(start(state, "blue"), "roll", (1, 2), "decline")
    assert [dict(line.params)["payout"] for line in paid.narration if line.key == "morpoly.fsu.redeemed"] == ["paid"]
    state = new_state(["red", "blue", "green"], {"edition": "us", "base": "variant"})
    state.party("red").guilds = ["merchants"]
    state.token("blue").square = 10
    state.squares[13] = SquareState("red", 0, False)
    state.ledger = Ledger((Fsu(1, "red", "blue", "blue", 1, 100, frozenset({Cover.MUST_PAY}), False),), 2)
    waived = do(start(state, "blue"), "roll", (1, 2))  # States Avenue, red's: rent $10, waived whole
    assert [dict(line.params)["payout"] for line in waived.narration
            if line.key in ("morpoly.fsu.redeemed", "morpoly.fsu.claimed")] == ["waived"]


@pytest.mark.parametrize(("payout", "said"), [
    ("nothing", "FSU 1 from Ann to Bob stays active, nothing paid out"),
    ("waived", "FSU 1 from Ann to Bob stays active after the waiver"),
    ("paid", "FSU 1 from Ann to Bob stays active after the claim"),
    (None, "FSU 1 from Ann to Bob stays active after the claim"),  # a journal's line before ``payout``
])
def test_the_fsu_line_after_a_claim_is_worded_by_what_the_engine_says_was_paid(payout: str | None, said: str) -> None:
    """The screens word the FSU's line by the engine's ``payout``, whatever the amounts' digits say
    (here $300 and no waiver, which read as paid); a line without it is read from the digits, as before."""
    params = (("fsu", "1"), ("insurer", "red"), ("beneficiary", "blue"), ("token", "blue"), ("square", "13"),
              ("name", "States Avenue"), ("amount", "$300"), ("waived", "$0"))
    line = Narration("morpoly.fsu.claimed", "", None, params + ((("payout", payout),) if payout else ()))
    assert _translator("en").narration(line) == said
