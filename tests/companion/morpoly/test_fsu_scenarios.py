"""The reference's appendix scenarios at ledger level (1, 2, 3, 4, 5, 10) and the life cycle of §2.3."""
from __future__ import annotations

from companion.morpoly.covers import Cover, Guild
from companion.morpoly.dice import Dice
from companion.morpoly.events import (Direction, JailCause, Jailed, Landed, Mode, MustPay, PaymentKind, PremiumDue,
                                      Stolen)
from companion.morpoly.fsu import (ChangeKind, Fsu, Ledger, Payment, RollRequest, Status, ledger_problems,
                                   resolve_move, transfer_on_takeover, void_party)
from companion.morpoly.movement import teleport, walk
from companion.morpoly.options import defaults
from companion.morpoly.position import TablePosition

OPTIONS = defaults()


def fsu(fsu_id: int, insurer: str, beneficiary: str, square: int, premium: int, covers: set[Cover],
        holder: str | None = None, fools: bool = False) -> Fsu:
    return Fsu(fsu_id, insurer, beneficiary, holder or beneficiary, square, premium, frozenset(covers), fools)


def ledger(*fsus: Fsu) -> Ledger:
    return Ledger(tuple(fsus), max((f.fsu_id for f in fsus), default=0) + 1)


def test_scenario_1_mutual_thieves_and_undead_claims_both_pay() -> None:
    # The Thieves hold an FSU from the Undead (premium 200), the Undead one from the Thieves (150).
    position = TablePosition(squares={"thief": 21, "undead": 3},
                             guilds={"thief": frozenset({Guild.THIEVES}), "undead": frozenset({Guild.UNDEAD})},
                             owners={21: "undead", 3: "thief"})
    start = ledger(fsu(1, "undead", "thief", 39, 200, {Cover.CEMETERY}),
                   fsu(2, "thief", "undead", 11, 150, {Cover.ROBBED}))
    events = [Landed("thief", 21), Stolen("thief", "undead", 21, 20)]
    result = resolve_move(start, events, position, OPTIONS)
    assert set(result.payments) == {
        Payment("undead", "thief", 600, PaymentKind.CLAIM, 1),   # CEMETERY: the Thief landed on a cemetery
        Payment("undead", "thief", 20, PaymentKind.THEFT),        # the theft itself
        Payment("thief", "undead", 450, PaymentKind.CLAIM, 2),    # ROBBED: the Undead were robbed
    }
    assert [f.status for f in result.ledger.fsus] == [Status.REDEEMED, Status.REDEEMED]


def test_scenario_2_team_fsu_insures_the_other_token_and_expires_with_its_buyer() -> None:
    # The Undead took over the Fools; the Fool token buys an FSU from the Watch (square 37, premium 1,100).
    team = frozenset({Guild.UNDEAD, Guild.FOOLS})
    position = TablePosition(squares={"fool": 37, "undead": 28, "watch": 5},
                             parties={"fool": "undead"}, guilds={"undead": team, "watch": frozenset({Guild.WATCH})},
                             owners={37: "watch", 39: "watch"}, houses={37: 3, 39: 3})
    bought = resolve_move(Ledger(), [Landed("fool", 37), PremiumDue("fool", 37, "watch", 1100, 35)], position, OPTIONS)
    assert bought.payments == (Payment("undead", "watch", 1100, PaymentKind.PREMIUM),)
    (contract,) = bought.ledger.fsus
    assert (contract.beneficiary, contract.holder_token, contract.covers) == ("undead", "fool", frozenset({Cover.JAILED}))
    # The Undead token passing 37 does not end it: only the token that bought it does (L154).
    undead_passes = resolve_move(bought.ledger, list(walk("undead", 35, 4)), position, OPTIONS)
    assert undead_passes.ledger.fsus[0].status is Status.ACTIVE
    # The Undead token lands on Go To Jail and is jailed: the Watch pays the team 3 × premium.
    jailed = resolve_move(undead_passes.ledger, [Landed("undead", 30), Jailed("undead", JailCause.GO_TO_JAIL)],
                          position, OPTIONS)
    assert jailed.payments == (Payment("watch", "undead", 3300, PaymentKind.CLAIM, 1),)
    assert jailed.ledger.fsus[0].status is Status.REDEEMED


def _merchant_position() -> TablePosition:
    return TablePosition(squares={"red": 24, "merchant": 5, "q": 12},
                         guilds={"merchant": frozenset({Guild.MERCHANTS}), "q": frozenset({Guild.WATCH}),
                                 "red": frozenset({Guild.BEGGARS})},
                         owners={24: "q", 21: "q", 23: "q"}, houses={24: 2, 21: 2, 23: 2})


def test_scenario_3a_merchants_pay_a_whole_premium_and_take_the_new_fsu_over() -> None:
    start = ledger(fsu(1, "merchant", "red", 9, 100, {Cover.MUST_PAY}))
    result = resolve_move(start, [Landed("red", 24), PremiumDue("red", 24, "q", 250, 20)], _merchant_position(), OPTIONS)
    assert result.payments == (Payment("merchant", "q", 250, PaymentKind.PREMIUM, 1, "red"),)
    old, new = result.ledger.fsus
    assert old.status is Status.REDEEMED
    assert (new.insurer, new.beneficiary, new.holder_token, new.premium) == ("q", "merchant", "red", 250)
    assert ChangeKind.TAKEN_OVER in {change.kind for change in result.changes}
    # It expires by the original token passing Q's square, not the Merchants' token.
    merchant_passes = resolve_move(result.ledger, list(walk("merchant", 22, 4)), _merchant_position(), OPTIONS)
    assert merchant_passes.ledger.get(2).status is Status.ACTIVE
    red_passes = resolve_move(result.ledger, list(walk("red", 22, 4)), _merchant_position(), OPTIONS)
    assert red_passes.ledger.get(2).status is Status.EXPIRED


def test_scenario_3b_merchants_pay_up_to_their_cap_and_the_rest_is_the_beneficiarys() -> None:
    start = ledger(fsu(1, "merchant", "red", 9, 100, {Cover.MUST_PAY}))
    result = resolve_move(start, [Landed("red", 24), PremiumDue("red", 24, "q", 1000, 20)], _merchant_position(), OPTIONS)
    assert result.payments == (Payment("merchant", "q", 300, PaymentKind.PREMIUM, 1, "red"),
                               Payment("red", "q", 700, PaymentKind.PREMIUM))
    new = result.ledger.get(2)
    assert (new.beneficiary, new.premium, new.covers) == ("red", 1000, frozenset({Cover.JAILED}))


def test_scenario_4_double_fee_while_an_fsu_runs_then_a_new_fsu_after_expiry() -> None:
    position = TablePosition(squares={"red": 39, "blue": 0},
                             guilds={"blue": frozenset({Guild.WATCH}), "red": frozenset({Guild.BEGGARS})},
                             owners={37: "blue", 39: "blue"}, houses={37: 3, 39: 1})
    start = ledger(fsu(1, "blue", "red", 37, 1100, {Cover.JAILED}))
    fee = resolve_move(start, [Landed("red", 39), PremiumDue("red", 39, "blue", 200, 50)], position, OPTIONS)
    assert fee.payments == (Payment("red", "blue", 100, PaymentKind.DOUBLE_FEE),)
    assert len(fee.ledger.fsus) == 1
    # The holder walks 35 → 39, passing 37: the FSU expires first, then the landing buys a new one.
    lap = [*walk("red", 35, 4), PremiumDue("red", 39, "blue", 200, 50)]
    renewed = resolve_move(start, lap, position, OPTIONS)
    assert renewed.ledger.get(1).status is Status.EXPIRED
    assert renewed.ledger.get(2).premium == 200 and renewed.ledger.get(2).is_active
    assert renewed.payments == (Payment("red", "blue", 200, PaymentKind.PREMIUM),)


def test_scenario_5_expiry_by_path() -> None:
    position = TablePosition(squares={"holder": 35})
    start = ledger(fsu(1, "blue", "holder", 37, 100, {Cover.JAILED}))
    walked = resolve_move(start, list(walk("holder", 35, 4)), position, OPTIONS)
    assert walked.ledger.get(1).status is Status.EXPIRED
    # A Wizard holder rolls 1 + 6 and teleports 33 → 39: squares jumped over are not passed.
    jumped = resolve_move(start, list(teleport("holder", 39)), position, OPTIONS)
    assert jumped.ledger.get(1).status is Status.ACTIVE
    # A Fool holder rolls a 7 and walks backward 39 → 32: backward walks end nothing.
    backward = resolve_move(start, list(walk("holder", 39, 7, Direction.BACKWARD)), position, OPTIONS)
    assert backward.ledger.get(1).status is Status.ACTIVE
    # Landing on S ends it however the token arrives (teleport or placement).
    landed = resolve_move(start, [Landed("holder", 37, Mode.PLACEMENT)], position, OPTIONS)
    assert landed.ledger.get(1).status is Status.EXPIRED


def _fool_claim(dice: Dice | None) -> tuple[int, Status]:
    position = TablePosition(squares={"red": 0, "fool": 10}, guilds={"fool": frozenset({Guild.FOOLS})})
    start = ledger(fsu(1, "fool", "red", 37, 100, {Cover.CHANCE}, fools=True))
    asked: list[RollRequest] = []

    def answer(request: RollRequest) -> Dice | None:
        asked.append(request)
        return dice

    result = resolve_move(start, [Landed("red", 7)], position, OPTIONS, answer)
    assert asked == [RollRequest("fool-payout", "fool", "red", 37, 1, 300)]
    return sum(p.amount for p in result.payments), result.ledger.get(1).status


def test_scenario_10_fool_payout_modification() -> None:
    assert _fool_claim(Dice(2, 2)) == (0, Status.ACTIVE)
    assert _fool_claim(Dice(3, 4)) == (300, Status.ACTIVE)
    assert _fool_claim(Dice(3, 5)) == (100, Status.REDEEMED)
    assert _fool_claim(Dice(4, 5)) == (300, Status.REDEEMED)
    assert _fool_claim(None) == (300, Status.REDEEMED)


def test_a_fools_insurer_rolls_the_kind_of_cover_when_the_fsu_is_bought() -> None:
    position = TablePosition(squares={"red": 24, "fool": 0}, guilds={"fool": frozenset({Guild.FOOLS})},
                             owners={24: "fool"}, houses={24: 1})
    kinds = {}
    for dice, cover in ((Dice(1, 1), Cover.TRIPLE_DOUBLES), (Dice(3, 4), Cover.CHANCE_OR_CHEST),
                        (Dice(1, 3), Cover.COMMUNITY_CHEST), (Dice(1, 2), Cover.CHANCE)):
        result = resolve_move(Ledger(), [PremiumDue("red", 24, "fool", 90, 20)], position, OPTIONS,
                              lambda request, d=dice: d)
        kinds[dice] = result.ledger.get(1).covers
        assert kinds[dice] == frozenset({cover}) and result.ledger.get(1).fool_modifiable


def test_claims_are_paid_to_a_jailed_beneficiary_and_an_fsu_pays_once_per_event() -> None:
    # A team FSU with two covers met by one event pays once (R20).
    position = TablePosition(squares={"red": 2, "team": 0}, guilds={"team": frozenset({Guild.WATCH, Guild.FOOLS})})
    start = ledger(fsu(1, "team", "red", 37, 100, {Cover.CHANCE_OR_CHEST, Cover.COMMUNITY_CHEST}, fools=True))
    result = resolve_move(start, [Landed("red", 2)], position, OPTIONS)
    assert result.payments == (Payment("team", "red", 300, PaymentKind.CLAIM, 1),)


def test_a_premium_is_itself_a_payment_the_merchants_cover_but_never_their_own_claims() -> None:
    # Red holds a Merchants' FSU and a Watch FSU; the Watch's claim paid to red is not a payment red makes.
    position = TablePosition(squares={"red": 30, "m": 0, "w": 1},
                             guilds={"m": frozenset({Guild.MERCHANTS}), "w": frozenset({Guild.WATCH})})
    start = ledger(fsu(1, "m", "red", 9, 100, {Cover.MUST_PAY}), fsu(2, "w", "red", 11, 50, {Cover.JAILED}))
    result = resolve_move(start, [Jailed("red", JailCause.GO_TO_JAIL)], position, OPTIONS)
    assert result.payments == (Payment("w", "red", 150, PaymentKind.CLAIM, 2),)
    assert result.ledger.get(1).is_active


def test_takeover_transfers_fsus_and_voids_those_between_the_merging_parties() -> None:
    start = ledger(fsu(1, "a", "b", 37, 100, {Cover.JAILED}), fsu(2, "c", "b", 39, 50, {Cover.TAX}),
                   fsu(3, "b", "c", 1, 10, {Cover.ROBBED}))
    merged, changes = transfer_on_takeover(start, absorbed="b", acquirer="a")
    assert merged.get(1).status is Status.VOID
    assert (merged.get(2).insurer, merged.get(2).beneficiary, merged.get(2).holder_token) == ("c", "a", "b")
    assert (merged.get(3).insurer, merged.get(3).beneficiary) == ("a", "c")
    assert {c.kind for c in changes} == {ChangeKind.VOID, ChangeKind.TRANSFERRED}
    out, _ = void_party(merged, "c")
    assert all(f.status is Status.VOID for f in out.fsus)
    assert ledger_problems(out) == []


def test_squares_to_expiry() -> None:
    from companion.morpoly.fsu import squares_to_expiry
    contract = fsu(1, "blue", "red", 37, 100, {Cover.JAILED})
    assert squares_to_expiry(contract, 37) == 40
    assert squares_to_expiry(contract, 35) == 2
    assert squares_to_expiry(contract, 39) == 38
    assert squares_to_expiry(contract, 39, running_clockwise=False) == 2


def test_the_worked_example_of_section_2_6() -> None:
    # Red (Beggars) lands on Blue's Park Place with three houses ($1,100); Blue is the City Watch.
    position = TablePosition(squares={"red": 31, "blue": 0},
                             guilds={"red": frozenset({Guild.BEGGARS}), "blue": frozenset({Guild.WATCH})},
                             owners={37: "blue", 39: "blue"}, houses={37: 3, 39: 1})
    landing = [*walk("red", 31, 6), PremiumDue("red", 37, "blue", 1100, 35)]
    bought = resolve_move(Ledger(), landing, position, OPTIONS)
    assert bought.payments == (Payment("red", "blue", 1100, PaymentKind.PREMIUM),)
    contract = bought.ledger.get(1)
    assert (contract.insurer, contract.covers, contract.square, contract.premium) == ("blue", frozenset({Cover.JAILED}), 37, 1100)
    # Later Red walks on from 37 to Boardwalk, also Blue's and built (not past 37 again): the double fee of 2 × $50.
    boardwalk = resolve_move(bought.ledger, [*walk("red", 37, 2), PremiumDue("red", 39, "blue", 200, 50)], position, OPTIONS)
    assert boardwalk.payments == (Payment("red", "blue", 100, PaymentKind.DOUBLE_FEE),)
    # Next, Red lands on Go To Jail: the Watch pays 3 × 1,100 and the FSU is redeemed.
    jailed = resolve_move(bought.ledger, [*walk("red", 25, 5), Jailed("red", JailCause.GO_TO_JAIL)], position, OPTIONS)
    assert jailed.payments == (Payment("blue", "red", 3300, PaymentKind.CLAIM, 1),)
    assert jailed.ledger.get(1).status is Status.REDEEMED
    # Had Red walked past square 37 on his next lap instead, it would have expired with nothing paid.
    lapped = resolve_move(bought.ledger, list(walk("red", 35, 8)), position, OPTIONS)
    assert lapped.payments == () and lapped.ledger.get(1).status is Status.EXPIRED


def test_scenario_13_a_patrician_takeover_lifts_mortgages() -> None:
    from companion.morpoly.guilds.patrician import takeover_lifts_mortgages
    position = TablePosition(squares={"p": 0, "red": 5}, guilds={"p": frozenset({Guild.PATRICIAN})})
    assert takeover_lifts_mortgages(position, "p") and not takeover_lifts_mortgages(position, "red")
