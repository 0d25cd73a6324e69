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


@pytest.mark.parametrize(("change", "says"), [(c, s) for _, c, s in CASES[:6]], ids=[n for n, _, _ in CASES[:6]])
def test_analyse_refuses_it_in_one_line(change: Change, says: str, tmp_path: Path) -> None:
    doc = position()
    change(doc)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = run_cli("analyse", str(path))
    assert (status, out) == (2, "") and err.count("\n") == 1 and says in err


IMPOSSIBLE: list[tuple[str, Change, str]] = [
    ("cash-below-zero", lambda d: d["parties"][1].update(cash=-50), "parties[1].cash: -50 is below zero"),
    ("guild-headed-twice", lambda d: d["parties"][1]["guilds"].append("thieves"),
     "parties[1].guilds: 'thieves' is headed by party 'red' too"),
]
"""Values of the right type that no table reaches, which a position was read with: a party's cash
below zero (a payment the cash does not cover waits for ``debt.raise`` or ends in a takeover, R14,
§5.1) and one guild headed by two parties (R7; a takeover merges the parties). Found by feeding
``analyse`` positions with one value changed."""


@pytest.mark.parametrize(("change", "says"), [(c, s) for _, c, s in IMPOSSIBLE], ids=[n for n, _, _ in IMPOSSIBLE])
def test_a_position_no_table_reaches_is_refused_by_analyse_naming_the_field(change: Change, says: str,
                                                                             tmp_path: Path) -> None:
    doc = position()
    change(doc)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = run_cli("analyse", str(path))
    assert (status, out) == (2, "") and err.count("\n") == 1 and says in err


def test_a_merged_team_heads_several_guilds_and_may_hold_no_cash() -> None:
    """What the refusals above must leave alone: after a takeover one party heads the guilds of both
    (§5.1), and a party may be down to no cash at all."""
    doc = position()
    doc["parties"][0]["guilds"].append("fools")
    doc["bank"]["cash"] += doc["parties"][1]["cash"]
    doc["parties"][1]["cash"] = 0
    assert state_to_json(state_from_json(copy.deepcopy(doc))) == doc
