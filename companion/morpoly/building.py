"""Houses, hotels and mortgages: what a party may do with its deeds, and doing it.

Standard rules: build only on a colour group you own completely with no square of it mortgaged,
evenly (a street may get its next house only if no street of the group has fewer), from the bank's
limited supply (32 houses, 12 hotels; a hotel needs four houses on the street and gives them back).
Sell evenly, at half the cost (a hotel the bank cannot break into four houses takes its group
down evenly: :func:`levels_after_sale`). Mortgage a square only when its whole group has no
buildings; lift it for the mortgage value plus a tenth. The variant's hotel rule (B4, R11) allows a
hotel only on a street that had four houses when the current turn began
(``State.turn.four_houses_at_start``).

Each ``can_*`` returns ``None`` when the action is legal, else the reason in one line.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from companion.core.procedure import Narrator
from companion.morpoly.editions import Edition, load_edition
from companion.morpoly.guilds import patrician
from companion.morpoly.money import BANK, transfer
from companion.morpoly.revisions import AUDITED, EVEN_HOTEL_SALE
from companion.morpoly.rules import is_variant, tenth_rounding
from companion.morpoly.state import HOTEL, State
from companion.morpoly.table_position import currency_profile, position_of


def lift_cost(edition: Edition, square: int, rounding: str) -> int:
    """The mortgage value plus a tenth of it, rounded to the set's rounding unit: down, or in the
    variant as option ``rounding`` says (R6 names "1/10 of mortgages"; L16 charges the same tenth
    at GO and on lifting, so :func:`patrician.lift_cost` is the one place for both games)."""
    return patrician.lift_cost(edition.deed(square).mortgage, currency_profile(edition), {"rounding": rounding})


def can_build(state: State, edition: Edition, party: str, square: int) -> str | None:
    if edition.squares[square].kind != "street":
        return f"{edition.squares[square].name} is not a street"
    group = edition.group(square)
    sq = state.squares[square]
    if any(state.squares[s].owner != party for s in group):
        return f"{party} does not own the whole {edition.squares[square].group} group"
    if any(state.squares[s].mortgaged for s in group):
        return f"a square of the {edition.squares[square].group} group is mortgaged"
    if sq.houses == HOTEL:
        return f"{edition.squares[square].name} already has a hotel"
    if sq.houses > min(state.squares[s].houses for s in group):
        return "build evenly: another street of the group has fewer houses"
    if sq.houses == 4:
        if state.bank.hotels < 1:
            return "the bank has no hotel left"
        if state.rule("base") == "variant" and square not in state.turn.four_houses_at_start:
            return "a hotel only on a street that had four houses when this turn began (B4)"
    elif state.bank.houses < 1:
        return "the bank has no house left"
    if state.party(party).cash < edition.deed(square).house_cost:
        return f"{party} cannot pay {edition.deed(square).house_cost}"
    return None


def build(state: State, edition: Edition, party: str, square: int, price: int | None = None) -> None:
    """One house (or a hotel on four houses, which go back to the bank) on ``square``, for the printed
    price, or for ``price`` (a housing shortage's auction: :mod:`companion.morpoly.shortage`)."""
    sq = state.squares[square]
    transfer(state, party, BANK, edition.deed(square).house_cost if price is None else price)
    if sq.houses == 4:
        state.bank.hotels -= 1
        state.bank.houses += 4
    else:
        state.bank.houses -= 1
    state.squares[square] = sq.with_houses(sq.houses + 1)


def can_sell(state: State, edition: Edition, party: str, square: int) -> str | None:
    sq = state.squares[square]
    if sq.owner != party or sq.houses == 0:
        return f"{party} has no building on {edition.squares[square].name}"
    if sq.houses < max(state.squares[s].houses for s in edition.group(square)):
        return "sell evenly: another street of the group has more houses"
    return None


def levels_after_sale(state: State, edition: Edition, square: int) -> dict[int, int]:
    """The streets of ``square``'s group that a sale on it lowers, each with its new level (a hotel
    is level 5): one level, as a rule, and a hotel becomes four houses from the bank's supply.

    A hotel the bank cannot break into four houses (fewer than four left) comes down further, and
    the group's other hotels with it: a group stays built evenly in selling as in building (its
    levels never differ by more than one), and every house left standing must come from the supply.
    The group keeps the most levels those allow (the houses it gives back count towards the supply);
    of equal ways, the street sold on keeps the fewest, then the first in board order the most.
    Selling one hotel whole with nothing in its place had left a bare street beside its group's
    hotels; a game recorded under an older rules revision still does so (revision 3,
    ``revisions.EVEN_HOTEL_SALE``)."""
    old = state.squares[square].houses
    if old != HOTEL or state.bank.houses >= 4:
        return {square: old - 1}
    if not takes_group_down(state, square):
        return {square: 0}  # an older revision, as it was played: the hotel back whole, the street bare
    group = edition.group(square)
    before = tuple([state.squares[s].houses for s in group])
    best = _even_levels(before, state.bank.houses + sum(h for h in before if h != HOTEL), group.index(square))
    return {s: h for s, h, was in zip(group, best, before) if h != was}


def takes_group_down(state: State, square: int) -> bool:
    """Whether selling on ``square`` now is a hotel the bank cannot break, which takes its group down
    evenly (:func:`levels_after_sale`; rules revision 3, before it the hotel went back whole)."""
    return (state.squares[square].houses == HOTEL and state.bank.houses < 4
            and state.revision >= EVEN_HOTEL_SALE)


@lru_cache(maxsize=4096)
def _even_levels(before: tuple[int, ...], supply: int, at: int) -> tuple[int, ...]:
    """The group's levels after the hotel at index ``at`` of ``before`` is sold with ``supply``
    houses to stand (see :func:`levels_after_sale`); a search of at most 216 ways, made once per
    case: the menu asks it of every hotel before every roll while the bank is short."""
    ways = [levels for levels in product(*(range(h + 1) for h in before))  # all sold is always one
            if levels[at] != HOTEL and max(levels) - min(levels) <= 1
            and sum(h for h in levels if h != HOTEL) <= supply]
    return max(ways, key=lambda levels: (sum(levels), -levels[at], levels))


def sell(state: State, edition: Edition, party: str, square: int) -> int:
    """Sell on ``square`` at half the cost, as :func:`levels_after_sale` says; the houses and hotels
    go back to the supply. Returns the money the party got."""
    return _lower(state, edition, party, levels_after_sale(state, edition, square))


def _lower(state: State, edition: Edition, party: str, lowered: dict[int, int]) -> int:
    """Bring each street of ``lowered`` down to its level, paying ``party`` half the cost."""
    paid = 0
    for street, level in lowered.items():
        was = state.squares[street].houses
        if was == HOTEL:
            state.bank.hotels += 1
            state.bank.houses -= level
        else:
            state.bank.houses += was - level
        state.squares[street] = state.squares[street].with_houses(level)
        paid += (was - level) * edition.deed(street).house_cost
    paid //= 2
    transfer(state, BANK, party, paid)
    return paid


def deed_params(state: State, edition: Edition, hotel_answers: Sequence[str]) -> dict[str, str]:
    """What the ``build:``/``sell:`` answers of a question do beyond one house, as its params, so a
    button can say so before it is tapped (and the Journal after, without the position of the time):
    ``hotels``, the answers (comma-separated, as :func:`management_options` found them) that build or
    sell a hotel; and ``sale_<square>`` = ``"<street>:<houses after>;…"`` for each ``sell:`` that
    takes its group down (:func:`takes_group_down`), each street it lowers. Empty where no answer
    touches a hotel."""
    if not hotel_answers:
        return {}
    params = {"hotels": ",".join(hotel_answers)}
    for answer in hotel_answers:
        verb, _, square = answer.partition(":")
        if verb == "sell" and takes_group_down(state, int(square)):
            lowered = levels_after_sale(state, edition, int(square))
            params[f"sale_{square}"] = ";".join(f"{street}:{level}" for street, level in lowered.items())
    return params


def sell_and_say(state: State, edition: Edition, narrator: Narrator, party: str, square: int) -> None:
    """:func:`sell`, and the line that says so: a building sold, or, when a hotel the bank could not
    break took its group down (:func:`levels_after_sale`), every street's houses now."""
    name = edition.squares[square].name
    houses = state.bank.houses
    short = takes_group_down(state, square)
    lowered = levels_after_sale(state, edition, square)
    _lower(state, edition, party, lowered)
    if not short:
        narrator.say("morpoly.building.sold", f"{party} sells a building on {name}", party=party, square=square,
                     name=name)
        return
    levels = "; ".join(f"{edition.squares[s].name}: {level}" for s, level in lowered.items())  # "," splits a list
    narrator.say("morpoly.building.sold-short",
                 f"{party} sells the hotel on {name}: the bank has only {houses} houses, so the group comes down "
                 f"evenly (houses now: {levels})",
                 party=party, square=square, name=name, houses=houses, levels=levels)


def can_mortgage(state: State, edition: Edition, party: str, square: int) -> str | None:
    sq = state.squares[square]
    if sq.owner != party or sq.mortgaged:
        return f"{edition.squares[square].name} is not an unmortgaged square of {party}"
    if any(state.squares[s].houses for s in edition.group(square)):
        return "sell the group's buildings first"
    if is_variant(state) and not patrician.may_mortgage(position_of(state, edition), party):
        return "the Patrician can never take a mortgage (L98, R42)"
    return None


def mortgage(state: State, edition: Edition, party: str, square: int) -> None:
    state.squares[square] = state.squares[square].with_mortgaged(True)
    transfer(state, BANK, party, edition.deed(square).mortgage)


def can_lift(state: State, edition: Edition, party: str, square: int) -> str | None:
    sq = state.squares[square]
    if sq.owner != party or not sq.mortgaged:
        return f"{edition.squares[square].name} is not a mortgaged square of {party}"
    if state.party(party).cash < lift_cost(edition, square, tenth_rounding(state)):
        return f"{party} cannot pay {lift_cost(edition, square, tenth_rounding(state))}"
    return None


def lift(state: State, edition: Edition, party: str, square: int) -> None:
    """The mortgage value goes to the bank; in the variant its tenth goes to the Patrician (B8, L97)."""
    value = edition.deed(square).mortgage
    collector = patrician.collector(position_of(state, edition), state.rules,
                                    thieves_collect_in_jail=state.revision >= AUDITED) if is_variant(state) else None
    transfer(state, party, BANK, value)
    transfer(state, party, collector or BANK, lift_cost(edition, square, tenth_rounding(state)) - value)
    state.squares[square] = state.squares[square].with_mortgaged(False)


def management_options(state: State, edition: Edition, party: str,
                       hotel_answers: list[str] | None = None, first_only: bool = False) -> list[str]:
    """Every legal ``build:``, ``sell:``, ``mortgage:`` and ``lift:`` for ``party`` now, by square.
    ``hotel_answers``, when given, gets those of them that build or sell a hotel, found on the way
    (the menu names them: :func:`deed_params`). With ``first_only`` the answers of the first square
    that has any (whether the party may do anything at all: every menu asks it of the other parties,
    rules revision 12's ``others-manage``, and the whole scan for each was a tenth of a game).

    The same answers as asking ``can_build``/``can_sell``/``can_mortgage``/``can_lift`` for every
    square (a test holds them equal), computed once per group: it is asked before every roll, and the
    square-by-square checks were the largest cost of a simulated game."""
    squares = state.squares
    options: list[str] = []
    cash = 0
    variant = False
    bank = state.bank
    mine = False  # whether a square of the party was met yet (its cash and the rules are read then)
    lifts: dict[int, int] | None = None  # the cost of lifting each mortgage, read at the first mortgaged square
    groups: dict[int, tuple[bool, int, int]] = {}  # by the group's first square (an int hashes at once)
    may_mortgage: bool | None = None  # L98, R42: asked of the Patrician only when a square could be mortgaged
    for square, members, house_cost, labels in _square_rows(edition.id):  # by number: the menu's order
        sq = squares[square]
        if sq.owner != party:
            continue
        if not mine:
            mine, cash, variant = True, state.party(party).cash, state.rules.get("base") == "variant"
        houses = sq.houses
        most = 0
        if members:  # a street (a station or a utility carries no building: no group to read)
            first = members[0]
            facts = groups.get(first)
            if facts is None:  # written out: genexprs here were a fifth of a simulated game
                buildable, fewest, most = True, HOTEL, 0
                for member in members:
                    g = squares[member]
                    if g.owner != party or g.mortgaged:
                        buildable = False
                    h = g.houses
                    if h < fewest:
                        fewest = h
                    if h > most:
                        most = h
                groups[first] = (buildable, fewest, most)
            else:
                buildable, fewest, most = facts
            if buildable and houses != HOTEL and houses <= fewest and cash >= house_cost:
                if houses == 4:
                    if bank.hotels >= 1 and (not variant or square in state.turn.four_houses_at_start):
                        options.append(labels[0])
                        if hotel_answers is not None:
                            hotel_answers.append(labels[0])
                elif bank.houses >= 1:
                    options.append(labels[0])
            if houses and houses >= most:
                options.append(labels[1])
                if houses == HOTEL and hotel_answers is not None:
                    hotel_answers.append(labels[1])
        if sq.mortgaged:
            if lifts is None:  # (by the rounding in play: asked of the rules only when a square is mortgaged)
                lifts = _lift_costs(edition.id, tenth_rounding(state))
            if cash >= lifts[square]:
                options.append(labels[3])
        elif not most:
            if may_mortgage is None:
                may_mortgage = not variant or patrician.may_mortgage(position_of(state, edition), party)
            if may_mortgage:
                options.append(labels[2])
        if first_only and options:
            break
    return options


@lru_cache(maxsize=None)
def _square_rows(edition_id: str) -> tuple[tuple[int, tuple[int, ...], int, tuple[str, str, str, str]], ...]:
    """The ownable squares of an edition by number, each with its group when it is a street (else
    empty), the house cost and the four answers naming it (``build:``, ``sell:``, ``mortgage:``,
    ``lift:``): one pass over them in order finds a party's squares without sorting them."""
    edition = load_edition(edition_id)
    return tuple((i, edition.group(i) if edition.squares[i].kind == "street" else (), edition.deed(i).house_cost,
                  (f"build:{i}", f"sell:{i}", f"mortgage:{i}", f"lift:{i}"))
                 for i in edition.ownable())


@lru_cache(maxsize=None)
def _lift_costs(edition_id: str, rounding: str) -> dict[int, int]:
    """Per ownable square of an edition, what lifting its mortgage costs by ``rounding``
    (:func:`lift_cost`), made once: the rounding in play is read from the rules only for a menu
    with a mortgaged square (a quarter of the menus had none, and paid for reading it)."""
    edition = load_edition(edition_id)
    return {i: lift_cost(edition, i, rounding) for i in edition.ownable()}


def management_options_one_by_one(state: State, edition: Edition, party: str) -> list[str]:
    """:func:`management_options` as the rules read, square by square (the reference for its test)."""
    options: list[str] = []
    for square in sorted(state.owned_by(party)):
        for verb, check in (("build", can_build), ("sell", can_sell), ("mortgage", can_mortgage), ("lift", can_lift)):
            if check(state, edition, party, square) is None:
                options.append(f"{verb}:{square}")
    return options


def raising_options(state: State, edition: Edition, party: str,
                    hotel_answers: list[str] | None = None) -> list[str]:
    """What a party short of cash may do to raise it: sell a building or mortgage a square
    (``hotel_answers``: those that sell a hotel, as :func:`management_options` finds them)."""
    found: list[str] = []
    options = [o for o in management_options(state, edition, party, found) if o.startswith(("sell:", "mortgage:"))]
    if hotel_answers is not None:
        hotel_answers.extend(answer for answer in found if answer.startswith("sell:"))
    return options
