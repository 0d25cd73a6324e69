"""``ankh-morpoly-state/1`` is read field by field by type (``companion.morpoly.state_format``):
the reader once cast whatever it found — ``int(5.7)`` kept 5, ``int("1500")`` and ``int(true)`` read
as numbers, ``bool("false")`` put a token in jail and a hotel on a street, ``str(["red"])`` named a
party, a square listed twice silently replaced the first, a party, token or seat listed twice was
kept twice, an unknown guild or rule option was carried along — and a wrong shape was refused as a
Python exception's repr (``TypeError("'int' object is not subscriptable")``) naming no field.
Found by feeding ``ankh-companion analyse`` positions with one field changed."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import pytest

from companion.core.errors import InputError
from companion.morpoly.state_format import state_from_json, state_to_json
from morpoly_table import own, table
from tests.companion.fixtures.cli_runner import run_cli


def position() -> dict[str, Any]:
    state = table(("red", "blue"), base="variant")
    state.parties[0].guilds, state.parties[1].guilds = ["thieves"], ["watch"]
    own(state, "blue", 37, 39, houses=2)
    return state_to_json(state)


def squares(doc: dict[str, Any], index: int) -> dict[str, Any]:
    return next(sq for sq in doc["squares"] if sq["square"] == index)


Change = Callable[[dict[str, Any]], object]
CASES: list[tuple[str, Change, str]] = [
    ("cash-float", lambda d: d["parties"][0].update(cash=1499.9), "parties[0].cash: expected a whole number"),
    ("cash-text", lambda d: d["parties"][0].update(cash="1500"), "parties[0].cash: expected a whole number"),
    ("cash-true", lambda d: d["parties"][0].update(cash=True), "parties[0].cash: expected a whole number"),
    ("cash-missing", lambda d: d["parties"][0].pop("cash"), "parties[0].cash: missing"),
    ("in-jail-text", lambda d: d["tokens"][0].update(in_jail="false"), "tokens[0].in_jail: expected true or false"),
    ("hotel-text", lambda d: squares(d, 37).update(hotel="false"), ".hotel: expected true or false"),
    ("mortgaged-number", lambda d: squares(d, 39).update(mortgaged=0), ".mortgaged: expected true or false"),
    ("owner-list", lambda d: squares(d, 37).update(owner=["blue"]), ".owner: expected a text or null"),
    ("square-twice", lambda d: d["squares"].append({**squares(d, 37), "owner": "red"}), "square 37 is listed twice"),
    ("party-twice", lambda d: d["parties"].append(copy.deepcopy(d["parties"][1])), "party 'blue' is listed twice"),
    ("token-twice", lambda d: d["tokens"].append(copy.deepcopy(d["tokens"][1])), "token 'blue' is listed twice"),
    ("seat-twice", lambda d: d["seating"].append("red"), "seating: player 'red' is listed twice"),
    ("bank-number", lambda d: d.update(bank=-1), "bank: expected an object, got -1"),
    ("turn-doubles-float", lambda d: d["turn"].update(doubles=0.0), "turn.doubles: expected a whole number"),
    ("rule-value", lambda d: d["rules"].update(elam="maybe"), "rules.elam: 'maybe' is not one of off, on"),
    ("rule-unknown", lambda d: d["rules"].update(houses="many"), "rules.houses: unknown option"),
    ("rule-list", lambda d: d["rules"].update(elam=["on"]), "rules.elam: ['on'] is not one of off, on"),
    ("rule-object", lambda d: d["rules"].update(elam={}), "rules.elam: {} is not one of off, on"),
    ("guild-unknown", lambda d: d["parties"][0]["guilds"].append("bakers"), "guilds ['thieves', 'bakers'] must be"),
    ("fsu-premium-text", lambda d: d.update(fsus=[{"id": 1, "insurer": "blue", "beneficiary": "red",
                                                    "holder_token": "red", "square": 37, "premium": "100",
                                                    "covers": ["watch"], "fool_modifiable": False, "bought_at": 0,
                                                    "status": "active", "paid": 0}]),
     "fsus[0].premium: expected a whole number"),
    ("lives-float", lambda d: d.update(lives={"red": 9.5, "blue": 10}), "lives.red: expected a whole number"),
]


def test_the_position_itself_reads_back() -> None:
    doc = position()
    assert state_to_json(state_from_json(copy.deepcopy(doc))) == doc


@pytest.mark.parametrize(("change", "says"), [(c, s) for _, c, s in CASES], ids=[n for n, _, _ in CASES])
def test_a_field_of_the_wrong_type_or_listed_twice_is_refused_naming_it(change: Change, says: str) -> None:
    doc = position()
    change(doc)
    with pytest.raises(InputError) as refused:
        state_from_json(doc)
    assert says in str(refused.value) and "\n" not in str(refused.value), str(refused.value)
    assert "Error(" not in str(refused.value)  # a field named, not a Python exception's repr


def _refused_by_analyse(change: Change, says: str, tmp_path: Path) -> None:
    """``analyse`` of the position with ``change`` made: exit 2, nothing on stdout, one line saying ``says``."""
    doc = position()
    change(doc)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = run_cli("analyse", str(path))
    assert (status, out) == (2, "") and err.count("\n") == 1 and says in err


@pytest.mark.parametrize(("change", "says"), [(c, s) for _, c, s in CASES[:6]], ids=[n for n, _, _ in CASES[:6]])
def test_analyse_refuses_it_in_one_line(change: Change, says: str, tmp_path: Path) -> None:
    _refused_by_analyse(change, says, tmp_path)


IMPOSSIBLE: list[tuple[str, Change, str]] = [
    ("cash-below-zero", lambda d: d["parties"][1].update(cash=-50), "parties[1].cash: -50 is below zero"),
    ("guild-headed-twice", lambda d: d["parties"][1]["guilds"].append("thieves"),
     "parties[1].guilds: 'thieves' is headed by party 'red' too"),
]
"""Values of the right type that no table reaches, which a position was read with: a party's cash
below zero (a payment the cash does not cover waits for ``debt.raise`` or ends in a takeover, R14,
§5.1) and one guild headed by two parties (R7; a takeover merges the parties). Found by feeding
``analyse`` positions with one value changed."""


FSU: dict[str, Any] = {"id": 1, "insurer": "blue", "beneficiary": "red", "holder_token": "red", "square": 37,
                       "premium": 100, "covers": ["watch"], "fool_modifiable": False, "bought_at": 0,
                       "status": "active", "paid": 0}


def with_fsu(doc: dict[str, Any], **fields: Any) -> None:
    doc["fsus"] = [{**FSU, **fields}]
    doc["fsu_next_id"] = 2


def square_field(index: int, **fields: Any) -> Change:
    return lambda d: squares(d, index).update(**fields)


IMPOSSIBLE += [
    ("bank-houses-below-zero", lambda d: d["bank"].update(houses=-1), "bank.houses: -1 is below zero"),
    ("bank-hotels-below-zero", lambda d: d["bank"].update(hotels=-1), "bank.hotels: -1 is below zero"),
    ("bank-houses-over-the-supply", lambda d: d["bank"].update(houses=29),
     "bank.houses: 29 in the bank and 4 on the board make 33, but the edition has 32"),
    ("bank-hotels-over-the-supply", lambda d: d["bank"].update(hotels=13),
     "bank.hotels: 13 in the bank and 0 on the board make 13, but the edition has 12"),
    ("money-not-the-editions", lambda d: d["bank"].update(cash=d["bank"]["cash"] + 1),
     "bank.cash: 17581 in the bank and 3000 with the parties make 20581, but the edition's money is 20580"),
    ("turn-number-below-zero", lambda d: d["turn"].update(number=-1), "turn.number: -1 is below zero"),
    ("turn-doubles-below-zero", lambda d: d["turn"].update(doubles=-1), "turn.doubles: -1 doubles in a row"),
    ("turn-doubles-four", lambda d: d["turn"].update(doubles=4), "turn.doubles: 4 doubles in a row"),
    ("four-houses-not-a-street", lambda d: d["turn"].update(four_houses_at_start=[5]),
     "turn.four_houses_at_start[0]: 5 is not a street"),
    ("fsu-id-below-one", lambda d: with_fsu(d, id=-1), "fsus[0].id: -1 is below 1"),
    ("fsu-bought-before-the-game", lambda d: with_fsu(d, bought_at=-1),
     "fsus[0].bought_at: turn -1, not a turn so far"),
    ("fsu-bought-in-a-later-turn", lambda d: with_fsu(d, bought_at=3), "fsus[0].bought_at: turn 3, not a turn so far"),
    ("fsu-next-id-below-one", lambda d: d.update(fsu_next_id=0), "fsu_next_id: 0 is below 1"),
    ("buildings-on-a-mortgaged-square", square_field(37, mortgaged=True),
     "square 37 is mortgaged and carries buildings"),
    ("buildings-without-the-group", square_field(39, owner="red"),
     "square 37 carries buildings, but 'blue' does not own its whole group [37, 39]"),
    ("token-in-two-parties", lambda d: d["parties"][1]["tokens"].append("red"),
     "parties[1].tokens: token 'red' is in party 'red' too"),
    ("token-party-disagrees", lambda d: d["tokens"][0].update(party="blue"),
     "tokens[0].party: 'blue', but party 'blue' does not list token 'red'"),
    ("jailed-off-the-jail", lambda d: d["tokens"][0].update(in_jail=True, square=5),
     "tokens[0].square: 5, but a token in jail stands on square 10"),
    ("jail-card-held-twice", lambda d: [p.update(jail_cards=["chance-jail"]) for p in d["parties"]],
     "parties[1].jail_cards: 'chance-jail' is held by party 'red' too"),
]
"""More values of the right type no table reaches, each an invariant of
:mod:`companion.morpoly.invariants` that reading did not hold: the bank's houses or hotels below zero
or not making the edition's 32/12 with those on the board, the money not the edition's, a negative
turn number or doubles count (or a fourth doubles: the third ends the turn), a four-house street that
is no street, an FSU numbered below 1 or bought in a turn not yet played, buildings on a mortgaged
square or without the whole group, a token in two parties, jailed off the jail, one jail card held
twice. Found by feeding ``analyse`` positions with one number changed."""


@pytest.mark.parametrize(("change", "says"), [(c, s) for _, c, s in IMPOSSIBLE], ids=[n for n, _, _ in IMPOSSIBLE])
def test_a_position_no_table_reaches_is_refused_by_analyse_naming_the_field(change: Change, says: str,
                                                                             tmp_path: Path) -> None:
    _refused_by_analyse(change, says, tmp_path)


def test_a_merged_team_heads_several_guilds_and_may_hold_no_cash() -> None:
    """What the refusals above must leave alone: after a takeover one party heads the guilds of both
    (§5.1), and a party may be down to no cash at all."""
    doc = position()
    doc["parties"][0]["guilds"].append("fools")
    doc["bank"]["cash"] += doc["parties"][1]["cash"]
    doc["parties"][1]["cash"] = 0
    assert state_to_json(state_from_json(copy.deepcopy(doc))) == doc


def test_what_a_table_does_reach_still_reads() -> None:
    """What the refusals above must leave alone: the bank's own cash below zero (the bank never goes
    broke; the money still adds up), the third doubles (its questions come before the jail), an FSU
    bought in the turn under way, a bank out of houses with all 32 on the board's count."""
    doc = position()
    doc["parties"][0]["cash"] += doc["bank"]["cash"] + 100
    doc["bank"]["cash"] = -100
    doc["turn"].update(number=7, doubles=3, token="red")
    with_fsu(doc, bought_at=7)
    assert state_to_json(state_from_json(copy.deepcopy(doc))) == doc
    doc = position()
    levels = {1: 4, 3: 4, 6: 4, 8: 4, 9: 4, 11: 2, 13: 1, 14: 1, 37: 4, 39: 4}
    for sq in doc["squares"]:
        if sq["square"] in levels:
            sq.update(owner=sq["owner"] or "red", houses=levels[sq["square"]])
    doc["bank"]["houses"] = 0
    assert state_to_json(state_from_json(copy.deepcopy(doc))) == doc
