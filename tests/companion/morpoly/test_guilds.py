"""Each guild's FSU condition with an event where it fires and one where it must not, and the
guilds' powers (decision logic and amounts), with the options they read on both settings."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from companion.morpoly.covers import Cover, Guild, conditions
from companion.morpoly.currency import D_MARK, US_DOLLAR
from companion.morpoly.dice import AssassinOutcome, CardModification, Dice
from companion.morpoly.events import (DeathCause, Died, Direction, Event, JailCause, Jailed, Landed, MustPay,
                                      PaymentKind, RelocationCause, Relocated, Rolled, Stolen)
from companion.morpoly.fsu import COVER_PREDICATES
from companion.morpoly.guilds import (assassins, beggars, check_guild_choice, fools, merchants, patrician, thieves,
                                      undead, watch, wizards)
from companion.morpoly.options import defaults
from companion.morpoly.position import TablePosition

OPTIONS = defaults()
BENEFICIARY = "red"
INSURER = "guild"


def fires(cover: Cover, event: Event, position: TablePosition, options: Mapping[str, str] = OPTIONS) -> bool:
    return COVER_PREDICATES[cover](event, BENEFICIARY, INSURER, position, options)


def table(guild: Guild, **extra: object) -> TablePosition:
    base: dict[str, object] = {"squares": {"red": 0, "blue": 5, "g": 1},
                               "parties": {"g": INSURER},
                               "guilds": {INSURER: frozenset({guild})}}
    base.update(extra)
    return TablePosition(**base)  # type: ignore[arg-type]


# --- conditions: one firing event and one that must not fire -------------------------------------

def test_thieves_condition() -> None:
    position = table(Guild.THIEVES)
    assert fires(Cover.ROBBED, Stolen("g", "red", 21, 20), position)
    assert not fires(Cover.ROBBED, Stolen("g", "blue", 21, 20), position)


def test_watch_condition() -> None:
    position = table(Guild.WATCH)
    assert fires(Cover.JAILED, Jailed("red", JailCause.ARREST), position)
    assert not fires(Cover.JAILED, Jailed("blue", JailCause.ARREST), position)


def test_merchants_condition_and_its_payment_kinds() -> None:
    position = table(Guild.MERCHANTS)
    assert fires(Cover.MUST_PAY, MustPay("red", 50, PaymentKind.FUNERAL), position)
    assert not fires(Cover.MUST_PAY, MustPay("red", 50, PaymentKind.HOUSES), position)     # voluntary
    assert not fires(Cover.MUST_PAY, MustPay("red", 50, PaymentKind.THEFT), position)
    owed_to_them = MustPay("red", 50, PaymentKind.RENT, INSURER)
    assert fires(Cover.MUST_PAY, owed_to_them, position)                                    # R33
    assert not fires(Cover.MUST_PAY, owed_to_them, position, {"merchant-self-payment-excluded": "yes"})


def test_beggars_condition() -> None:
    position = table(Guild.BEGGARS, squares={"red": 0, "g": 24}, owners={24: "red", 26: "red"},
                     mortgaged=frozenset({26}))
    assert fires(Cover.BEGGAR_LANDS, Landed("g", 24), position)
    assert not fires(Cover.BEGGAR_LANDS, Landed("g", 26), position)       # mortgaged
    assert not fires(Cover.BEGGAR_LANDS, Landed("red", 24), position)     # not a Beggar landing


def test_undead_condition_and_cemeteries() -> None:
    position = table(Guild.UNDEAD, owners={21: INSURER, 23: INSURER, 5: INSURER, 15: INSURER, 25: INSURER, 35: INSURER,
                                           12: INSURER, 31: INSURER},
                     houses={31: 1}, mortgaged=frozenset({23}))
    assert fires(Cover.CEMETERY, Landed("red", 21), position)
    assert fires(Cover.CEMETERY, Landed("red", 12), position)             # a site without its pair
    assert not fires(Cover.CEMETERY, Landed("red", 5), position)          # all four pubs: count as built
    assert not fires(Cover.CEMETERY, Landed("red", 31), position)         # built
    assert not fires(Cover.CEMETERY, Landed("blue", 21), position)
    assert fires(Cover.CEMETERY, Landed("red", 23), position)             # mortgaged (R38)
    assert not fires(Cover.CEMETERY, Landed("red", 23), position, {"cemetery-excludes-mortgaged": "yes"})


def test_patrician_condition() -> None:
    position = table(Guild.PATRICIAN)
    assert fires(Cover.TAX, MustPay("red", 200, PaymentKind.TAX, INSURER), position)
    assert not fires(Cover.TAX, MustPay("red", 50, PaymentKind.FINE), position)


def test_fools_three_kinds() -> None:
    position = table(Guild.FOOLS)
    assert fires(Cover.TRIPLE_DOUBLES, Rolled("red", Dice(4, 4), doubles_in_row=3), position)
    assert not fires(Cover.TRIPLE_DOUBLES, Rolled("red", Dice(4, 4), doubles_in_row=2), position)
    assert fires(Cover.CHANCE_OR_CHEST, Landed("red", 33), position)
    assert fires(Cover.CHANCE_OR_CHEST, Landed("red", 36), position)
    assert not fires(Cover.CHANCE_OR_CHEST, Landed("red", 34), position)
    assert fires(Cover.COMMUNITY_CHEST, Landed("red", 17), position)
    assert not fires(Cover.COMMUNITY_CHEST, Landed("red", 22), position)
    assert fires(Cover.CHANCE, Landed("red", 22), position)
    assert not fires(Cover.CHANCE, Landed("red", 2), position)


def test_wizards_condition_and_its_scope_option() -> None:
    position = table(Guild.WIZARDS)
    assert fires(Cover.TELEPORT, Relocated("red", RelocationCause.L_SPACE, 20, 0), position)
    assert not fires(Cover.TELEPORT, Relocated("red", RelocationCause.GO_TO_JAIL, 30, 10), position)
    contract = Relocated("red", RelocationCause.CONTRACT_JUMP, 3, 9)
    assert fires(Cover.TELEPORT, contract, position)
    assert not fires(Cover.TELEPORT, contract, position, {"wizard-cover-cards-and-lspace-only": "yes"})


def test_assassins_condition() -> None:
    position = table(Guild.ASSASSINS)
    assert fires(Cover.DEATH, Died("red", DeathCause.HEART_ATTACK), position)
    assert not fires(Cover.DEATH, Died("blue", DeathCause.HEART_ATTACK), position)


def test_team_covers_are_the_union_and_need_the_fool_roll() -> None:
    assert conditions(frozenset({Guild.UNDEAD, Guild.FOOLS}), Cover.CHANCE) == {Cover.CEMETERY, Cover.CHANCE}
    with pytest.raises(ValueError, match="table B"):
        conditions(frozenset({Guild.FOOLS}))


def test_guild_choice() -> None:
    check_guild_choice([Guild.THIEVES, Guild.WATCH], elam=False)
    with pytest.raises(ValueError, match="twice"):
        check_guild_choice([Guild.THIEVES, Guild.THIEVES], elam=False)
    with pytest.raises(ValueError, match="ELAM"):
        check_guild_choice([Guild.THIEVES, Guild.ASSASSINS], elam=False)
    with pytest.raises(ValueError, match="2 to 8"):
        check_guild_choice([Guild.THIEVES], elam=False)


# --- powers -----------------------------------------------------------------------------------

def test_thieves_steal_except_on_complete_groups_and_mortgages() -> None:
    position = TablePosition(squares={"thief": 21, "red": 0}, guilds={"thief": frozenset({Guild.THIEVES})},
                             owners={21: "red", 5: "red", 15: "red", 25: "red", 35: "red", 39: "red"},
                             mortgaged=frozenset({39}))
    steal = thieves.theft(position, "thief", 21, 18, OPTIONS)
    assert steal is not None and (steal.victim, steal.taken, steal.may_pay_instead) == ("red", 18, False)
    skip = thieves.theft(position, "thief", 21, 18, {"thief-steal": "skip-payment", "thief-may-pay-instead": "yes"})
    assert skip is not None and (skip.taken, skip.may_pay_instead) == (0, True)
    assert thieves.theft(position, "thief", 5, 200, OPTIONS) is None      # all four pubs: golems
    assert thieves.theft(position, "thief", 39, 50, OPTIONS) is None      # mortgaged


def test_thief_caught_and_loot() -> None:
    alone = TablePosition(squares={"thief": 21, "red": 0})
    assert not thieves.is_caught(alone, "thief")
    assert thieves.is_caught(TablePosition(squares={"thief": 21, "red": 21}), "thief")
    assert thieves.keeps_loot(OPTIONS) and not thieves.keeps_loot({"caught-returns-loot": "yes"})


def test_watch_never_jailed_arrests_and_collects_fines() -> None:
    position = TablePosition(squares={"watch": 14, "thief": 14, "red": 14, "free": 3},
                             guilds={"watch": frozenset({Guild.WATCH}), "thief": frozenset({Guild.THIEVES})})
    assert watch.arrest_choices(position, "thief", "watch") == ("arrest",)
    assert watch.arrest_choices(position, "watch", "red") == ("arrest", "let-go")
    assert watch.arrest_choices(position, "red", "thief") == ()
    assert watch.instead_of_jail(position, "watch", JailCause.GO_TO_JAIL, False, OPTIONS) is watch.InsteadOfJail.STAYS
    assert watch.instead_of_jail(position, "watch", JailCause.CARD, False, OPTIONS) is watch.InsteadOfJail.IGNORED
    assert watch.instead_of_jail(position, "watch", JailCause.THIRD_DOUBLES, True, OPTIONS) is watch.InsteadOfJail.DIES
    immune = {"watch-immune-to-heart-attack": "yes"}
    assert watch.instead_of_jail(position, "watch", JailCause.THIRD_DOUBLES, True, immune) is watch.InsteadOfJail.MOVES
    assert watch.instead_of_jail(position, "red", JailCause.GO_TO_JAIL, False, OPTIONS) is None
    assert watch.fine_payee(position, "red") == "watch" and watch.fine_payee(position, "watch") is None
    jailed = TablePosition(squares={"watch": 10, "red": 3}, guilds={"watch": frozenset({Guild.WATCH})},
                           jailed=frozenset({"watch"}))
    assert watch.fine_payee(jailed, "red") is None


def test_merchants_swap_and_buy_right() -> None:
    position = TablePosition(squares={"m": 21, "x": 12, "y": 0},
                             guilds={"m": frozenset({Guild.MERCHANTS})}, owners={21: "x", 12: "m", 28: "y"})
    assert merchants.swap_available(position, "m", "x", OPTIONS)
    assert not merchants.swap_available(position, "m", "x", {"merchant-swap-streets-only": "yes"})  # 12 is a site
    assert not merchants.swap_available(position, "m", "y", OPTIONS)
    assert merchants.swap_difference(price_given=150, price_received=220) == 70
    assert merchants.may_buy_declined(position, "m", 5, OPTIONS)
    assert not merchants.may_buy_declined(position, "m", 5, {"merchant-swap-streets-only": "yes"})
    in_jail = TablePosition(squares={"m": 10}, guilds={"m": frozenset({Guild.MERCHANTS})}, jailed=frozenset({"m"}))
    assert not merchants.may_buy_declined(in_jail, "m", 1, OPTIONS)


def test_merchants_complete_group_blocks_the_swap() -> None:
    position = TablePosition(squares={"m": 37, "x": 12}, guilds={"m": frozenset({Guild.MERCHANTS})},
                             owners={37: "x", 39: "x", 12: "m"})
    assert not merchants.swap_available(position, "m", "x", OPTIONS)


def test_beggars_tithe_and_step() -> None:
    position = TablePosition(squares={"b": 14, "red": 14, "p": 10}, guilds={"b": frozenset({Guild.BEGGARS})},
                             money={"red": 1234, "p": 500}, jailed=frozenset({"p"}), owners={14: "red", 16: "red"})
    assert beggars.tithe(position, "red", "b", US_DOLLAR, OPTIONS) == 123
    assert beggars.tithe(position, "b", "red", US_DOLLAR, {"rounding": "nearest"}) == 123
    assert beggars.tithe(position, "b", "p", US_DOLLAR, OPTIONS) == 0          # a prisoner
    assert beggars.tithe(position, "b", "red", D_MARK, OPTIONS) == 120
    assert beggars.step_target(position, "b", 13) is None                      # 13 is nobody's
    step = TablePosition(squares={"b": 11, "red": 0}, guilds={"b": frozenset({Guild.BEGGARS})},
                         owners={11: "red", 12: "b", 13: "red"})
    assert beggars.step_target(step, "b", 11) == 12
    assert beggars.step_target(step, "b", 13) == 14                            # 14 unowned
    assert beggars.step_target(step, "b", 11, options={"merchant-swap-streets-only": "yes"}) == 12
    crowded = TablePosition(squares={"b": 11, "red": 12}, guilds={"b": frozenset({Guild.BEGGARS})},
                            owners={11: "red"})
    assert beggars.step_target(crowded, "b", 11) is None


def test_undead_powers() -> None:
    position = TablePosition(squares={"u": 3}, guilds={"u": frozenset({Guild.UNDEAD})})
    assert not undead.rolls_again_on_doubles(position, "u")
    assert undead.immune_to(position, "u", DeathCause.DEATH)
    assert undead.immune_to(position, "u", DeathCause.STARVATION)
    assert not undead.immune_to(position, "u", DeathCause.ASSASSIN)
    assert undead.half_to_keep(True, False) == "first" and undead.half_to_keep(False, False) is None


def test_patrician_powers_and_scenarios_11_and_12() -> None:
    assert patrician.buyout_price(400, 200, OPTIONS) == 600                                # appendix 11
    assert patrician.buyout_price(400, 200, {"patrician-buyout": "price-only"}) == 400
    assert patrician.go_interest([175, 100], US_DOLLAR, OPTIONS) == 27                     # appendix 12
    assert patrician.go_interest([175, 100], US_DOLLAR, {"rounding": "nearest"}) == 28
    assert patrician.lift_cost(175, US_DOLLAR, OPTIONS) == 192
    position = TablePosition(squares={"p": 10, "red": 3}, guilds={"p": frozenset({Guild.PATRICIAN})},
                             jailed=frozenset({"p"}), owners={39: "red"}, mortgaged=frozenset({39}))
    assert patrician.collector(position, OPTIONS) is None
    assert patrician.collector(position, {"patrician-collects-in-jail": "yes"}) == "p"
    assert not patrician.pays_tax(position, "p") and patrician.pays_tax(position, "red")
    assert not patrician.may_mortgage(position, "p")
    free = TablePosition(squares={"p": 39}, guilds={"p": frozenset({Guild.PATRICIAN})}, owners={39: "red"},
                         mortgaged=frozenset({39}))
    assert patrician.may_buy_out(free, "p", 39, jailed_owner_sells=False)
    assert not patrician.may_buy_out(free, "p", 37, jailed_owner_sells=False)


def test_fools_powers() -> None:
    position = TablePosition(squares={"f": 1, "red": 36}, guilds={"f": frozenset({Guild.FOOLS})})
    assert fools.step_target(position, "f", 1) == 2
    assert fools.step_target(position, "f", 35) is None         # red stands on Chance 36
    assert fools.step_target(position, "f", 3) is None
    assert fools.directions(position, "f", Dice(3, 4)) == (Direction.BACKWARD,)
    assert fools.directions(position, "red", Dice(3, 4)) == (Direction.FORWARD,)
    assert fools.modified_amount(-50, CardModification.DOUBLED) == -100
    assert fools.modified_amount(150, CardModification.REVERSED) == -150
    # "Go back three squares" from Chance 10 → 7: the opposite square, or three squares forward.
    assert fools.reversed_card_destination(10, 7, Direction.BACKWARD, OPTIONS) == 27
    assert fools.reversed_card_destination(10, 7, Direction.BACKWARD, {"fool-reverse-movement": "reverse-direction"}) == 13


def test_wizards_control() -> None:
    position = TablePosition(squares={"w": 3}, guilds={"w": frozenset({Guild.WIZARDS})})
    assert wizards.control_choices(position, "w", RelocationCause.CARD, 24, OPTIONS) == (24, 4)
    assert wizards.control_choices(position, "w", RelocationCause.GO_TO_JAIL, 10, OPTIONS) == (10,)
    assert wizards.control_choices(position, "w", RelocationCause.DEATH_RETURN, 0, OPTIONS) == (0,)
    assert wizards.control_choices(position, "w", RelocationCause.DEATH_RETURN, 0,
                                   {"wizard-control-on-death-return": "yes"}) == (0, 20)
    assert wizards.nearest_of((5, 15, 25, 35), 7) == 15 and wizards.previous_of((5, 15, 25, 35), 7) == 5
    assert wizards.previous_of((12, 28), 7) == 28
    assert not wizards.rolls_again_after(teleported=True, doubles=True)


def test_assassins_attack_share_and_contract() -> None:
    position = TablePosition(squares={"a": 14, "red": 14, "blue": 30, "team": 16},
                             parties={"team": "a"}, guilds={"a": frozenset({Guild.ASSASSINS})})
    assert assassins.attack_targets(position, "a") == ("red",)
    assert assassins.attack(Dice(2, 2)) is AssassinOutcome.ASSASSIN_DIES
    assert assassins.share(900, 3, US_DOLLAR, OPTIONS) == 225                        # appendix 15
    assert assassins.contract_fee(1234, US_DOLLAR, OPTIONS) == 123
    assert assassins.contract_target(position, "a") == "blue"                        # teammate on 16 skipped
    assert assassins.funeral(200, DeathCause.LUGGAGE) == 0 and assassins.funeral(200, DeathCause.DEATH) == 200


def test_wizard_chooses_the_l_space_direction() -> None:
    position = TablePosition(squares={"w": 20, "red": 20}, guilds={"w": frozenset({Guild.WIZARDS})})
    assert wizards.lspace_directions(position, "w", Direction.BACKWARD) == (Direction.BACKWARD, Direction.FORWARD)
    assert wizards.lspace_directions(position, "red", Direction.BACKWARD) == (Direction.BACKWARD,)


def test_nothing_to_steal_from_a_jailed_owner() -> None:
    position = TablePosition(squares={"thief": 21, "red": 10}, guilds={"thief": frozenset({Guild.THIEVES})},
                             owners={21: "red"}, jailed=frozenset({"red"}))
    assert thieves.theft(position, "thief", 21, 18, OPTIONS) is None
