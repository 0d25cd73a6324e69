"""Ankh-Morpoly's rule options: every ruling of reference §7 (R1–R73) that has a real alternative, as a
named :class:`~companion.core.mode.Option`, plus the Fortuna and ELAM switches.

The proposed reading is each option's default, so a game started without options plays the
reference as written. Rulings that are clarifications without an alternative are "fixed": they are
listed in :data:`RULINGS` (and in ``docs/morpoly-rulings.md``) with the module that enforces them (the
kit's own R74, a debt raised by a trade, is one of them), so
the app's rules lookup can show every active ruling and a test can prove none is missing.

One option departs from the reference's default because the German source says otherwise (the
source wins): ``backward-go-landing`` — L15 pays the double salary to whoever lands directly on GO,
and L110 exempts only *crossing* GO against the running direction.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from companion.core.mode import Option, resolve_options

YES_NO: Final = ("no", "yes")


def _flag(name: str, description: str, default: str = "no") -> Option:
    return Option(name, default, YES_NO, description)


OPTIONS: Final[tuple[Option, ...]] = (
    # the switches of §5.2 and §5.3
    Option("fortuna", "off", ("off", "on"), "the optional Fortuna tokens (§5.2, L157): the poorest passing GO gets a re-roll token"),
    Option("elam", "off", ("off", "on"), "ELAM, the expert mode (§5.3, L165): lives, the Assassins, Death, the Luggage and Dibbler"),
    # 7.1 general, movement, board
    _flag("cards-always-clockwise", "R1: 'advance' cards move clockwise even for a token whose running direction is reversed"),
    _flag("advance-to-go-card-pays-double", "R3: an 'Advance to GO' card landing pays the double salary like any forward landing",
          default="yes"),
    Option("backward-go-landing", "double", ("double", "nothing"),
           "L15 over R3: landing exactly on GO walking backward pays the double salary (source) or nothing (reference)"),
    _flag("npcs-occupy-squares", "R4: NPC tokens make a square occupied (Undead split, Wizard teleport, steps)"),
    Option("rounding", "down", ("down", "nearest"), "R6: fractions of money round down (or to the nearest) to the rounding unit"),
    Option("time-limit-minutes", "none", ("none", "60", "90", "120", "180", "240"),
           "R8: with a time limit the richest party wins when it runs out; else the last party standing"),
    # 7.2 changes to standard Monopoly
    _flag("jail-blocks-claims", "R10: FSU claims owed to a jailed beneficiary are not paid (breaks the Watch's cover)"),
    Option("transfer-interest", "by-base", ("by-base", "none", "standard-10pct"),
           "R12: interest due when a mortgaged square changes hands: by the base (standard Monopoly's 10% "
           "in standard Monopoly, none in the variant), none, or standard Monopoly's 10%"),
    _flag("merchant-swap-streets-only", "R13: the Merchants' swap, buy right and the Beggars' step apply to coloured streets only"),
    _flag("insolvent-if-cash-short", "R14: a party is insolvent when its cash alone is short of the debt"),
    # 7.3 the FSU
    _flag("pair-unordered", "R17: one FSU per pair of parties in either direction (A insured by B blocks B insured by A)"),
    Option("double-fee", "twice-base-rent", ("twice-base-rent", "twice-current-rent"),
           "R18: the double fee on a further built street of the same insurer: 2 × rent without buildings, or 2 × current rent"),
    # 7.4 guild powers
    Option("thief-steal", "take-from-owner", ("take-from-owner", "skip-payment"),
           "R24: a Thief's theft takes the fee from the owner, or only skips paying it"),
    _flag("thief-may-pay-instead", "R25: a Thief may pay the fee instead of stealing it"),
    _flag("caught-returns-loot", "R26: a Thief caught stealing gives the loot back"),
    Option("merchant-cover", "single-use", ("single-use", "budget-until-3x"),
           "R32: the Merchants' cover pays the first payment up to 3 × premium, or every payment until 3 × is spent"),
    _flag("merchant-self-payment-excluded", "R33: a payment owed to the Merchants themselves does not trigger their cover"),
    _flag("cemetery-excludes-mortgaged", "R38: mortgaged unbuilt Undead squares are not cemeteries"),
    Option("patrician-buyout", "price-plus-mortgage", ("price-plus-mortgage", "price-only"),
           "R40: the Patrician's buy-out pays the owner the printed price plus the mortgage value, or the price only"),
    _flag("patrician-collects-in-jail", "R41: taxes and interest still go to a jailed Patrician"),
    Option("fool-reverse-movement", "opposite-square", ("opposite-square", "reverse-direction"),
           "R44: a Fool's reversed movement card sends him to the opposite square, or moves him the other way"),
    _flag("fool-modify-only-fool-covers", "R46: the Fools' payout roll applies only to claims on the Fools' own covers"),
    _flag("wizard-control-on-death-return", "R49: a Wizard's teleport control also applies to the return to GO after a death"),
    _flag("wizard-cover-cards-and-lspace-only", "R50: the Wizards' cover counts only L-Space, moving cards and the Luggage's race"),
    # 7.6 takeover
    Option("creditor", "seating-order", ("seating-order", "largest-claim"),
           "R55: with several creditors the first one in seating order not paid in full takes over (or the largest claim)"),
    # 7.8 ELAM
    _flag("watch-immune-to-heart-attack", "R62: the City Watch does not die of a heart attack on a third doubles"),
    Option("npc-start", "l-space", ("l-space", "go"), "R64: where Death, the Luggage and Dibbler start"),
    Option("npc-move", "2d6", ("2d6", "1d6"), "R64: how far the banker moves each NPC after his turn"),
    _flag("dibbler-new-roll", "R69: Dibbler's dropped money is 10 × a new roll instead of the roll that decided it"),
)
"""Every option of the mode, in the order a settings screen lists them."""


def option(name: str) -> Option:
    found = _BY_NAME.get(name)
    if found is None:
        raise KeyError(name)
    return found


_BY_NAME: Final[Mapping[str, Option]] = MappingProxyType({o.name: o for o in reversed(OPTIONS)})
""":data:`OPTIONS` by name (the first of a name, as a walk over them finds it), read only: the rule
modules read an option's default at almost every input (``value``, ``is_on``), and the walk over
some fifty options to find it was a hundredth of a simulated game."""


def defaults() -> dict[str, str]:
    """Every option at its default: the reference's reading (and L15 for ``backward-go-landing``)."""
    return resolve_options(OPTIONS, {})


def resolve(given: Mapping[str, str]) -> dict[str, str]:
    """The options of a game: ``given`` checked against :data:`OPTIONS`, the rest at their defaults."""
    return resolve_options(OPTIONS, given)


def is_on(options: Mapping[str, str], name: str) -> bool:
    """A yes/no option read by a rule module; an option missing from ``options`` is at its default."""
    return options.get(name, option(name).default) == "yes"


def value(options: Mapping[str, str], name: str) -> str:
    return options.get(name, option(name).default)


@dataclass(frozen=True)
class Ruling:
    """One row of reference §7: its number, the option that carries it (``None``: fixed), the
    reading in force by default, and where the rule is enforced."""

    number: int
    option: str | None
    reading: str
    enforced_in: str


RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(1, "cards-always-clockwise", "forward/next are relative to the token's running direction", "movement.py (walk, next_square), engine (cards)"),
    Ruling(2, None, "walks pass squares; the Wizard teleport and the Luggage carry jump; jail, return to GO and the contract jump are placements", "movement.py (walk, teleport, placement)"),
    Ruling(3, "advance-to-go-card-pays-double", "every forward landing on GO pays double; placements nothing", "movement.py (go_salaries)"),
    Ruling(4, "npcs-occupy-squares", "occupied = another player's token, teammates included; prisoners and NPCs never", "movement.py (is_occupied)"),
    Ruling(5, None, "meetings fire on either token's arrival, after the square is resolved, never at setup", "engine (turn order); guilds/* decide the powers"),
    Ruling(6, "rounding", "round down to the rounding unit; the remainder stays with the payer (from rules revision 4 also for the tenth of a lifted mortgage, R12's transfer interest and the Luggage's shares)", "currency.py (fraction_of), rules.py (tenth_rounding)"),
    Ruling(7, None, "each guild at most once; 2–8 players; the Assassins only in ELAM", "guilds/__init__.py (check_guild_choice)"),
    Ruling(8, "time-limit-minutes", "the last party standing wins; with a time limit the richest", "game_end.py (one_party_left, time_up), turn.py (menu: time-up)"),
    Ruling(9, None, "'Ereigniskarten' means both decks", "engine (card catalogue tags)"),
    Ruling(10, "jail-blocks-claims", "no rent/premium/income in jail (nor the Patrician's buy-out, a deal that pays the owner, L9), but FSU claims are still paid", "fsu.py (resolution, premium_due), guilds/__init__.py (receives_income), guilds/patrician.py (may_buy_out)"),
    Ruling(11, None, "four houses at the start of the turn in progress (snapshot per turn)", "engine (building)"),
    Ruling(12, "transfer-interest", "interest on every GO event that pays a salary, once; 1/10 of the summed mortgage values", "guilds/patrician.py (go_interest), movement.py (go_salaries), mortgaged_transfer.py (charges_interest, interest_due)"),
    Ruling(13, "merchant-swap-streets-only", "'streets' read as any ownable square for swap, buy right and step", "guilds/merchants.py, guilds/beggars.py"),
    Ruling(14, "insolvent-if-cash-short", "insolvent = cash + half the building cost + unmortgaged mortgage values < debt", "debts.py (is_insolvent)"),
    Ruling(15, None, "one lap: the expires_on predicate of §2.3", "fsu.py (expires_on)"),
    Ruling(16, None, "path expiries first; landing on S ends the old FSU, then may sell a new one", "fsu.py (resolve_move)"),
    Ruling(17, "pair-unordered", "one FSU per ordered pair (beneficiary, insurer)", "fsu.py (purchase_blocked)"),
    Ruling(18, "double-fee", "2 × the printed rent without buildings; no FSU", "fsu.py (double_fee)"),
    Ruling(19, None, "premium = the street's current rent, only when a payment is due (owner not jailed, not teammates)", "fsu.py (premium_due)"),
    Ruling(20, None, "claims are automatic; each FSU pays at most once per event", "fsu.py (resolve_move)"),
    Ruling(21, None, "FSUs continue with the acquirer; between merging parties void; an eliminated party's void", "fsu.py (transfer_on_takeover, void_party)"),
    Ruling(22, None, "the Wizards' payout is 3 × premium", "fsu.py (claim payout)"),
    Ruling(23, None, "covers fixed at purchase: the insurer party's guild union + the Fool roll", "covers.py (conditions), fsu.py (purchase)"),
    Ruling(24, "thief-steal", "the owner pays the Thief the fee", "guilds/thieves.py (theft)"),
    Ruling(25, "thief-may-pay-instead", "stealing is compulsory", "guilds/thieves.py (theft)"),
    Ruling(26, "caught-returns-loot", "a caught Thief keeps the loot; danger lasts while he stays", "guilds/thieves.py (caught)"),
    Ruling(27, None, "the Watch stays on 30, ignores jail cards, moves a third doubles normally", "guilds/watch.py (jail_outcome)"),
    Ruling(28, None, "arrest once per meeting, optional except for Thieves; not teammates, not prisoners", "guilds/watch.py (arrest)"),
    Ruling(29, None, "fines and taxes come from the card catalogue's tags; the jail payment is a fine", "engine (cards); guilds/watch.py, guilds/patrician.py route them"),
    Ruling(30, None, "swap at printed prices, mortgages move, group test before, until either token moves", "guilds/merchants.py (swap)"),
    Ruling(31, None, "buy a declined square at once at the printed price, not from jail (but with the Thieves in the team, L36, L154; rules revision 9)", "guilds/merchants.py (may_buy_declined)"),
    Ruling(32, "merchant-cover", "single use: the first covered payment up to 3 × premium", "fsu.py (resolve_move, COVERED_PAYMENTS)"),
    Ruling(33, "merchant-self-payment-excluded", "a payment owed to the Merchants triggers and is waived", "fsu.py (resolve_move)"),
    Ruling(34, None, "no new FSU from Q for the Merchants or their insured while the Merchants hold one with Q", "fsu.py (purchase_blocked)"),
    Ruling(35, None, "tithe once per meeting, optional, rounded down, never from a prisoner", "guilds/beggars.py (tithe)"),
    Ruling(36, None, "the Beggars' and Fools' step: one square forward, either/or, a walk; unownable squares belong to nobody", "guilds/beggars.py, guilds/fools.py, movement.py"),
    Ruling(37, None, "both Undead halves from the start; either half ends or triggers FSUs", "movement.py (undead_split), fsu.py (same token id)"),
    Ruling(38, "cemetery-excludes-mortgaged", "mortgaged unbuilt squares are cemeteries; complete pubs/sites are not", "guilds/undead.py (is_cemetery)"),
    Ruling(39, None, "Undead roll for the Luggage and Dibbler but death results skip them; starvation: pay and leave", "guilds/undead.py (immune_to)"),
    Ruling(40, "patrician-buyout", "the owner gets price + mortgage value; nothing to the bank", "guilds/patrician.py (buyout_price)"),
    Ruling(41, "patrician-collects-in-jail", "taxes and interest go to the bank while the Patrician is jailed (not with the Thieves in the team, L36, L154; rules revision 9)", "guilds/patrician.py (tax_payee)"),
    Ruling(42, None, "the Patrician's restrictions apply team-wide", "guilds/patrician.py (pays_tax, may_mortgage)"),
    Ruling(43, None, "the Fools' direction is relative to the running direction", "movement.py (fool_directions)"),
    Ruling(44, "fool-reverse-movement", "card modification optional after reading; doubles double all; 7 on a move goes opposite", "fool_cards.py, guilds/fools.py (reversed_card_destination)"),
    Ruling(45, None, "the third doubles in one turn of a beneficiary token, whatever follows", "fsu.py (Cover.TRIPLE_DOUBLES predicate)"),
    Ruling(46, "fool-modify-only-fool-covers", "the payout roll is optional, one roll, on any claim of a Fools team; scales a MUST_PAY cap", "fsu.py (resolve_move)"),
    Ruling(47, None, "the Fools' kind is stored with each FSU", "fsu.py (Fsu.covers)"),
    Ruling(48, None, "another player's token on the start or target blocks the teleport; not NPCs or prisoners; no extra roll", "movement.py (wizard_teleport)"),
    Ruling(49, "wizard-control-on-death-return", "teleport control: the opposite square, reached the same way; not jail, not the return to GO", "guilds/wizards.py (control_choices), card_moves.py, elam/death.py (place_on_go)"),
    Ruling(50, "wizard-cover-cards-and-lspace-only", "teleports: L-Space, moving cards, the Luggage race, a teammate Wizard's teleport, the contract jump", "fsu.py (TELEPORT predicate), events.py (RelocationCause)"),
    Ruling(51, None, "X = lives left to the party that lost one; share first; one target; contract: nearest token clockwise", "guilds/assassins.py"),
    Ruling(52, None, "pub walk: low die first, each part resolved, a first part that ends the move cancels the second", "movement.py (pub_parts), engine"),
    Ruling(53, None, "L-Space at once on landing, mandatory; even product forward (a walk), odd backward", "movement.py (lspace_move)"),
    Ruling(54, None, "in a takeover the debtor's cash and proceeds end with the creditor", "takeover.py (merge)"),
    Ruling(55, "creditor", "several creditors: seating order from the debtor", "debts.py (pay_each)"),
    Ruling(56, None, "bank insolvency: the bank keeps the bid; no bidder, the party is out", "takeover.py (auction, leave), fsu.py (void_party)"),
    Ruling(57, None, "each token's player decides for it; the boss builds, mortgages, trades, spends Fortuna; nothing between teammates", "engine; guilds/* skip teammates"),
    Ruling(58, None, "debts to the Patrician or the Watch are debts to a player", "engine (takeover)"),
    Ruling(59, None, "Fortuna: ties count as least, cash before the salary, forward passes only, granted after the turn", "fortuna.py (at_go)"),
    Ruling(60, None, "Fortuna on any roll until acted on; the voided roll does not count for doubles", "fortuna_play.py (roll: the window after every roll)"),
    Ruling(61, None, "death: share → DEATH claims → funeral → placed on GO", "elam/death.py (die)"),
    Ruling(62, "watch-immune-to-heart-attack", "a third doubles kills everyone who can roll it, the Watch included; not moved", "elam/death.py (heart_attack_applies)"),
    Ruling(63, None, "starvation replaces the fine; the token goes to GO", "elam/death.py (starvation_applies), turn.py"),
    Ruling(64, "npc-start", "the banker rolls 2d6 per NPC after his turn; NPCs start on L-Space, ignore squares", "elam/npcs.py (after_bankers_turn), elam/lives.py (start)"),
    Ruling(65, None, "NPC encounters on either arrival (the Luggage's too when it comes with its companion; rules revision 9), never for prisoners or the Luggage's companion", "elam/npcs.py (meet_arrival, after_bankers_turn), elam/meetings.py"),
    Ruling(66, None, "the Luggage follows its companion except into jail or back to GO", "elam/npcs.py (follow, token_placed), elam/death.py (place_on_go)"),
    Ruling(67, None, "the Luggage's race is a carry: nothing passed, an exact GO landing pays double; a teleport", "movement.py (teleport), events.py (RelocationCause.LUGGAGE_RACE)"),
    Ruling(68, None, "the bank pays 20 × sum × scale, shared equally, rounded down (to the nearest under rounding=nearest, R6, from rules revision 4)", "currency.py (luggage_money, shares)"),
    Ruling(69, "dibbler-new-roll", "Dibbler's money uses the same roll's sum", "currency.py (dibbler_money)"),
    Ruling(70, None, "Dibbler's card: 1/10 of cash to the bank, a payment for the Merchants' cover", "fsu.py (PaymentKind.DIBBLER_CARD)"),
    Ruling(71, None, "a reversed direction lasts until the next Dibbler 7; GO and FSUs follow the running direction", "movement.py (Direction relative)"),
    Ruling(72, None, "elimination: squares unowned and unmortgaged, houses to the supply, cash to the bank, FSUs void", "elam/lives.py (eliminate); fsu.py (void_party)"),
    Ruling(73, None, "the D-Mark set is scale 20; derive the scale from the edition's GO salary", "currency.py (scale_for_go_salary)"),
    Ruling(74, None, "a party raising a debt may trade with any other party (B1 holds); R14 again after the trade (rules revision 8)", "debts.py (raise_cash, raise_by_trade); trade.py (debt_trade)"),
)
"""All 73 rulings of reference §7, in order, then the kit's own: R74 (docs/morpoly-rulings.md says why)."""
