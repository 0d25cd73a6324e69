"""The ledger's options, each on both settings where it changes an outcome, and the Merchants'
protection (R34)."""
from __future__ import annotations

import pytest

from companion.morpoly.covers import GUILD_COVERS, Cover, Guild
from companion.morpoly.dice import Dice
from companion.morpoly.events import JailCause, Jailed, Landed, MustPay, PaymentKind, PremiumDue, Stolen
from companion.morpoly.fsu import ChangeKind, Fsu, Ledger, Payment, Status, purchase_blocked, resolve_move
from companion.morpoly.options import defaults
from companion.morpoly.game import Game
from companion.morpoly.position import TablePosition
from companion.morpoly.state import State
from morpoly_table import cash, do, own, start, table

OPTIONS = defaults()


def with_options(given: dict[str, str]) -> dict[str, str]:
    return {**OPTIONS, **given}


def one(*fsus: Fsu) -> Ledger:
    return Ledger(tuple(fsus), len(fsus) + 1)


def test_jail_blocks_claims() -> None:
    position = TablePosition(squares={"red": 30, "w": 0}, guilds={"w": frozenset({Guild.WATCH})})
    start = one(Fsu(1, "w", "red", "red", 37, 100, frozenset({Cover.JAILED}), False))
    events = [Jailed("red", JailCause.GO_TO_JAIL)]
    assert resolve_move(start, events, position, OPTIONS).payments == (Payment("w", "red", 300, PaymentKind.CLAIM, 1),)
    blocked = resolve_move(start, events, position, with_options({"jail-blocks-claims": "yes"}))
    assert blocked.payments == () and blocked.ledger.get(1).is_active


def test_pair_unordered() -> None:
    position = TablePosition(squares={"a": 0, "b": 0}, owners={37: "a"}, houses={37: 1},
                             guilds={"a": frozenset({Guild.WATCH}), "b": frozenset({Guild.BEGGARS})})
    start = one(Fsu(1, "b", "a", "a", 11, 100, frozenset({Cover.BEGGAR_LANDS}), False))
    assert not purchase_blocked(start, position, "b", "a", OPTIONS)
    assert purchase_blocked(start, position, "b", "a", with_options({"pair-unordered": "yes"}))


def test_double_fee_option() -> None:
    position = TablePosition(squares={"red": 39, "blue": 0}, owners={37: "blue", 39: "blue"}, houses={37: 3, 39: 1},
                             guilds={"blue": frozenset({Guild.WATCH})})
    start = one(Fsu(1, "blue", "red", "red", 37, 1100, frozenset({Cover.JAILED}), False))
    events = [PremiumDue("red", 39, "blue", 200, 50)]
    assert resolve_move(start, events, position, OPTIONS).payments[0].amount == 100
    assert resolve_move(start, events, position, with_options({"double-fee": "twice-current-rent"})).payments[0].amount == 400


def test_theft_payment_option() -> None:
    position = TablePosition(squares={"thief": 21, "red": 0}, guilds={"thief": frozenset({Guild.THIEVES})})
    events = [Stolen("thief", "red", 21, 18)]
    assert resolve_move(Ledger(), events, position, OPTIONS).payments == (Payment("red", "thief", 18, PaymentKind.THEFT),)
    assert resolve_move(Ledger(), events, position, with_options({"thief-steal": "skip-payment"})).payments == ()


def _merchant_cover(options: dict[str, str], *payments: int) -> tuple[tuple[Payment, ...], Status]:
    position = TablePosition(squares={"red": 4, "m": 0}, guilds={"m": frozenset({Guild.MERCHANTS})})
    start = one(Fsu(1, "m", "red", "red", 37, 100, frozenset({Cover.MUST_PAY}), False))
    events = [MustPay("red", amount, PaymentKind.TAX) for amount in payments]
    result = resolve_move(start, events, position, options)
    return result.payments, result.ledger.get(1).status


def test_merchant_cover_single_use_or_budget() -> None:
    paid, status = _merchant_cover(OPTIONS, 200, 200)
    assert paid == (Payment("m", None, 200, PaymentKind.TAX, 1, "red"), Payment("red", None, 200, PaymentKind.TAX))
    assert status is Status.REDEEMED
    paid, status = _merchant_cover(with_options({"merchant-cover": "budget-until-3x"}), 200, 200)
    assert paid == (Payment("m", None, 200, PaymentKind.TAX, 1, "red"), Payment("m", None, 100, PaymentKind.TAX, 1, "red"),
                    Payment("red", None, 100, PaymentKind.TAX))
    assert status is Status.REDEEMED
    paid, status = _merchant_cover(with_options({"merchant-cover": "budget-until-3x"}), 200)
    assert status is Status.ACTIVE


def test_a_payment_owed_to_the_merchants_is_waived_unless_excluded() -> None:
    position = TablePosition(squares={"red": 4, "m": 0}, guilds={"m": frozenset({Guild.MERCHANTS})})
    start = one(Fsu(1, "m", "red", "red", 37, 100, frozenset({Cover.MUST_PAY}), False))
    events = [MustPay("red", 120, PaymentKind.RENT, "m")]
    waived = resolve_move(start, events, position, OPTIONS)
    assert waived.payments == () and waived.ledger.get(1).status is Status.REDEEMED
    assert waived.changes[0].kind is ChangeKind.REDEEMED and waived.changes[0].amount == 120
    paid = resolve_move(start, events, position, with_options({"merchant-self-payment-excluded": "yes"}))
    assert paid.payments == (Payment("red", "m", 120, PaymentKind.RENT),) and paid.ledger.get(1).is_active


def test_fool_modification_on_a_team_claim_and_its_option() -> None:
    # A Watch-and-Fools team insures red; red is jailed (a Watch cover, not a Fools' one).
    position = TablePosition(squares={"red": 30, "team": 0}, guilds={"team": frozenset({Guild.WATCH, Guild.FOOLS})})
    start = one(Fsu(1, "team", "red", "red", 37, 100, frozenset({Cover.JAILED, Cover.CHANCE}), True))
    events = [Jailed("red", JailCause.GO_TO_JAIL)]
    rolled = resolve_move(start, events, position, OPTIONS, lambda request: Dice(2, 2))
    assert rolled.payments == () and rolled.ledger.get(1).is_active
    plain = resolve_move(start, events, position, with_options({"fool-modify-only-fool-covers": "yes"}),
                         lambda request: Dice(2, 2))
    assert plain.payments == (Payment("team", "red", 300, PaymentKind.CLAIM, 1),)


def test_fool_modification_scales_a_merchants_cap() -> None:
    position = TablePosition(squares={"red": 4, "m": 0}, guilds={"m": frozenset({Guild.MERCHANTS, Guild.FOOLS})})
    start = one(Fsu(1, "m", "red", "red", 37, 100, frozenset({Cover.MUST_PAY, Cover.CHANCE}), True))
    result = resolve_move(start, [MustPay("red", 250, PaymentKind.TAX)], position, OPTIONS, lambda request: Dice(1, 3))
    assert result.payments == (Payment("m", None, 100, PaymentKind.TAX, 1, "red"), Payment("red", None, 150, PaymentKind.TAX))
    assert result.ledger.get(1).status is Status.REDEEMED


def test_merchants_protection_blocks_new_fsus_from_an_insurer_they_hold_one_from() -> None:
    # The Merchants took over an FSU from Q; red, insured by the Merchants, lands on Q's built street.
    position = TablePosition(squares={"red": 24, "m": 0, "q": 1}, guilds={"m": frozenset({Guild.MERCHANTS}),
                                                                         "q": frozenset({Guild.WATCH})},
                             owners={24: "q"}, houses={24: 1})
    start = one(Fsu(1, "q", "m", "blue", 21, 90, frozenset({Cover.JAILED}), False),
                Fsu(2, "m", "red", "red", 3, 100, frozenset({Cover.MUST_PAY}), False))
    assert purchase_blocked(start, position, "red", "q", OPTIONS)
    assert purchase_blocked(start, position, "m", "q", OPTIONS)
    result = resolve_move(start, [Landed("red", 24), PremiumDue("red", 24, "q", 90, 20)], position, OPTIONS)
    # The double fee (40) is itself a payment the Merchants' cover pays.
    assert result.payments == (Payment("m", "q", 40, PaymentKind.DOUBLE_FEE, 2, "red"),)
    assert len(result.ledger.fsus) == 2


def test_no_premium_from_a_jailed_owner_but_the_thieves_collect_from_jail() -> None:
    from companion.morpoly.fsu import premium_due
    position = TablePosition(squares={"red": 24, "q": 10, "t": 10}, owners={24: "q", 26: "t"}, houses={24: 1, 26: 1},
                             jailed=frozenset({"q", "t"}), guilds={"t": frozenset({Guild.THIEVES})})
    assert not premium_due(position, "red", 24)
    assert premium_due(position, "red", 26)
    assert not premium_due(position, "q", 24)


# --- the same options played through the engine: red holds an FSU (premium 100, on Pacific Avenue,
# 31, behind every move below) from blue's guild; both settings of each option on one position ----

def insured_by(guilds: list[str], red: str, option: str, setting: str, covers: frozenset[Cover] | None = None) -> State:
    state = table(("red", "blue"), base="variant")
    state.parties[0].guilds, state.parties[1].guilds = [red], guilds
    covers = covers or frozenset().union(*(GUILD_COVERS[Guild(guild)] for guild in guilds))
    state.ledger = Ledger((Fsu(1, "blue", "red", "red", 31, 100, covers, "fools" in guilds),), 2)
    state.rules[option] = setting
    return state


def active(game: Game) -> list[tuple[str, str, int]]:
    return [(fsu.beneficiary, fsu.insurer, fsu.square) for fsu in game.state.ledger.active()]


@pytest.mark.parametrize("setting, paid", [("no", 300), ("yes", 0)])
def test_played_jail_blocks_claims(setting: str, paid: int) -> None:
    """L50 (the Watch's cover: "FSU-Nehmer muss ins Gefängnis"), B1/R10: red goes to jail from Go To
    Jail; the claim is paid (3 × 100), or under ``jail-blocks-claims`` not, and the FSU runs on."""
    state = insured_by(["watch"], "beggars", "jail-blocks-claims", setting)
    state.token("red").square = 26
    game = do(start(state, "red"), "roll", (1, 3))
    assert game.state.token("red").in_jail
    assert cash(game, "red") == 1500 + paid and cash(game, "blue") == 1500 - paid
    assert active(game) == ([] if paid else [("red", "blue", 31)])


@pytest.mark.parametrize("setting, blue_pays, fsus", [
    ("no", 30, [("red", "blue", 31), ("blue", "red", 6)]),  # the premium: 1 house on Oriental; a new FSU
    ("yes", 12, [("red", "blue", 31)]),                     # the double fee: 2 × the base rent 6
])
def test_played_pair_unordered(setting: str, blue_pays: int, fsus: list[tuple[str, str, int]]) -> None:
    """L27 ("nur eine FSU gleichzeitig mit jedem anderen Spieler"), R17: red, insured by blue, owns the
    built light blues; blue lands on Oriental Avenue (6) and buys an FSU from red — or, with the pair
    unordered, may not and pays the double fee (L27 "nur die doppelte Straßenbenutzungsgebühr")."""
    state = insured_by(["watch"], "wizards", "pair-unordered", setting)
    own(state, "red", 6, 8, 9, houses=1)
    game = do(start(state, "blue"), "roll", (2, 4))
    assert cash(game, "blue") == 1500 - blue_pays and cash(game, "red") == 1500 + blue_pays
    assert active(game) == fsus


@pytest.mark.parametrize("setting, fee", [("twice-base-rent", 2 * 50), ("twice-current-rent", 2 * 200)])
def test_played_double_fee_appendix_4(setting: str, fee: int) -> None:
    """Appendix 4, L27, R18: with an FSU from blue running, landing on blue's Boardwalk (one house:
    rent 200, base rent 50) costs 2 × 50 and buys nothing; by option 2 × the current rent."""
    state = insured_by(["watch"], "beggars", "double-fee", setting)
    own(state, "blue", 37, 39, houses=1)
    state.token("red").square = 34
    game = do(start(state, "red"), "roll", (2, 3))
    assert game.state.token("red").square == 39
    assert cash(game, "red") == 1500 - fee and cash(game, "blue") == 1500 + fee
    assert active(game) == [("red", "blue", 31)]


@pytest.mark.parametrize("setting, runs_on", [("single-use", False), ("budget-until-3x", True)])
def test_played_merchant_cover(setting: str, runs_on: bool) -> None:
    """L64–65 ("übernimmt die Kosten bis maximal das 3fache"), R32: red lands on Income Tax (200);
    the Merchants pay it and the FSU is redeemed — or, as a budget, 100 of 300 is left and it runs on."""
    state = insured_by(["merchants"], "beggars", "merchant-cover", setting)
    game = do(start(state, "red"), "roll", (1, 3))
    assert cash(game, "red") == 1500 and cash(game, "blue") == 1500 - 200
    assert active(game) == ([("red", "blue", 31)] if runs_on else [])


@pytest.mark.parametrize("setting, red_pays, runs_on", [("no", 0, False), ("yes", 6, True)])
def test_played_merchant_self_payment_excluded(setting: str, red_pays: int, runs_on: bool) -> None:
    """L64 ("FSU-Nehmer muss Geld zahlen"), R33: red lands on the Merchants' own Oriental Avenue (rent
    6): the payment triggers the cover and is waived — or, excluded by option, red pays the rent."""
    state = insured_by(["merchants"], "watch", "merchant-self-payment-excluded", setting)
    own(state, "blue", 6)
    game = do(start(state, "red"), "roll", (2, 4))
    assert cash(game, "red") == 1500 - red_pays and cash(game, "blue") == 1500 + red_pays
    assert active(game) == ([("red", "blue", 31)] if runs_on else [])


@pytest.mark.parametrize("setting, paid", [("no", 300), ("yes", 0)])
def test_played_cemetery_excludes_mortgaged(setting: str, paid: int) -> None:
    """L88 ("betritt ein unbebautes Feld der Untoten"), R38: red lands on the Undead's mortgaged,
    unbuilt Atlantic Avenue (26): a cemetery, 3 × 100 — not under the option."""
    state = insured_by(["undead"], "watch", "cemetery-excludes-mortgaged", setting)
    own(state, "blue", 26, mortgaged=True)
    state.token("red").square = 20
    game = do(start(state, "red"), "roll", (2, 4))
    assert cash(game, "red") == 1500 + paid and cash(game, "blue") == 1500 - paid


@pytest.mark.parametrize("setting, asked", [("no", True), ("yes", False)])
def test_played_fool_modify_only_fool_covers(setting: str, asked: bool) -> None:
    """L125 ("Die Narren können aber versuchen, die FSU zu modifizieren"), L154, R46: a Watch-and-Fools
    team insured red, who goes to jail (the Watch's cover): the team is asked whether to roll — or,
    under the option, the Fools' roll is for their own covers only and 3 × 100 is paid at once."""
    state = insured_by(["watch", "fools"], "beggars", "fool-modify-only-fool-covers", setting,
                       frozenset({Cover.JAILED, Cover.CHANCE}))
    state.token("red").square = 26
    game = do(start(state, "red"), "roll", (1, 3))
    assert game.question is not None
    assert (game.question.key == "morpoly.fsu.fool-payout") is asked
    if asked:
        assert game.question.player == "blue" and game.question.options == ("roll", "pay")
        game = do(game, "pay")
    assert cash(game, "red") == 1500 + 300 and active(game) == []
