"""The state format ankh-morpork-state/1: defaults, strict reading, exact round trips."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.morpork.board import AREA_IDS
from companion.core.errors import StateFormatError
from companion.morpork.setup import new_state
from companion.morpork.state_format import FORMAT, state_from_json, state_from_text, state_to_json, state_to_text

# The example position from the issue that defined ankh-morpork-state/1, shared with the
# other state-format tests.
ISSUE_EXAMPLE: dict[str, Any] = json.loads(
    (Path(__file__).parent / "fixtures" / "state-issue-example.json").read_text(encoding="utf-8"))


def test_issue_example_reads_with_defaults() -> None:
    state = state_from_json(ISSUE_EXAMPLE)
    assert state.colors == ["red", "blue"]
    assert state.bank == 120 - 17
    assert state.areas["the-shades"].minions == {"red": 1, "blue": 2}
    assert state.areas["the-shades"].trolls == 1
    assert all(state.areas[a].is_empty for a in AREA_IDS if a != "the-shades")
    assert len(state.event_deck) == 12
    assert state.turn.number == 1 and state.game_over is None


def test_minimal_position() -> None:
    state = state_from_json({"players": [{"color": "green"}, {"color": "yellow"}]})
    assert state.active_player == "green"
    assert [p.money for p in state.players] == [10, 10]
    assert state.bank == 100 and state.edition == "en"


def test_polish_bank_total() -> None:
    state = state_from_json({"edition": "pl", "players": [{"color": "green"}, {"color": "yellow"}]})
    assert state.bank == 110


@pytest.mark.parametrize("colors", [["red", "blue"], ["red", "yellow", "green"], ["blue", "green", "yellow", "red"]])
def test_round_trip_is_exact(colors: list[str]) -> None:
    state = new_state(colors)
    state.areas["the-hippo"].demons = 1
    state.areas["the-hippo"].building = colors[0]
    state.lost_area_cards.append("the-hippo")
    state.player(colors[1]).stuck_cards.append("the-fools-guild")
    state.player(colors[1]).loans.append("the-bank-of-ankh-morpork")
    state.discard_pile.append("mr-boggis")
    state.turn.powers_used.append("the-hippo")
    text = state_to_text(state)
    again = state_from_text(text)
    assert again == state
    assert state_to_text(again) == text
    assert json.loads(text)["format"] == FORMAT


def test_writing_is_canonical_whatever_order_the_areas_are_held_in() -> None:
    """Equal states write the same text, areas in board order (1–12), as the format doc promises."""
    state = new_state(["red", "blue"])
    shuffled = state.copy()
    shuffled.areas = dict(reversed(list(state.areas.items())))
    assert shuffled == state
    assert state_to_text(shuffled) == state_to_text(state)
    assert list(state_to_json(shuffled)["areas"]) == ["dolly-sisters", "the-scours", "the-shades"]


def test_round_trip_of_the_issue_example_keeps_its_meaning() -> None:
    state = state_from_json(ISSUE_EXAMPLE)
    assert state_from_json(state_to_json(state)) == state


def _bad(doc: dict[str, Any]) -> str:
    with pytest.raises(StateFormatError) as info:
        state_from_json(doc)
    return info.value.field


def _with(**changes: Any) -> dict[str, Any]:
    doc = json.loads(json.dumps(ISSUE_EXAMPLE))
    doc.update(changes)
    return doc


def test_errors_name_the_field() -> None:
    assert _bad(_with(format="chess/1")) == "format"
    assert _bad(_with(edition="fr")) == "edition"
    assert _bad(_with(areas={"ankh": {}})) == "areas.ankh"
    assert _bad(_with(areas={"dimwell": {"trouble": "yes"}})) == "areas.dimwell.trouble"
    assert _bad(_with(areas={"dimwell": {"trouble": 1}})) == "areas.dimwell.trouble"
    assert _bad(_with(areas={"dimwell": {"minions": {"green": 1}}})) == "areas.dimwell.minions.green"
    assert _bad(_with(areas={"dimwell": {"building": "purple"}})) == "areas.dimwell.building"
    assert _bad(_with(active_player="green")) == "active_player"
    assert _bad(_with(lost_area_cards=["atlantis"])) == "lost_area_cards[0]"
    assert _bad(_with(event_deck=["plague"])) == "event_deck[0]"
    assert _bad(_with(draw_pile=-1)) == "draw_pile"
    assert _bad(_with(players=[{"color": "red"}])) == "players"
    assert _bad(_with(surprise=1)) == "surprise"


def test_another_format_is_named_before_its_fields() -> None:
    """A position of another format (the second game's, a newer version) was refused for its first
    field this format lacks (``analyse`` on ``{"format": "ankh-morpoly-state/2", "rules": …}`` said
    ``rules: unknown field``); found by ``analyse`` runs on positions with a changed ``format``."""
    assert _bad({"format": "ankh-morpoly-state/2", "edition": "us", "rules": {}}) == "format"
    assert _bad({"format": "chess-fen/1", "board": "8/8/8/8/8/8/8/8"}) == "format"
    assert _bad(_with(format="ankh-morpork-state/2", rules={})) == "format"


def test_player_errors_name_the_field() -> None:
    players = ISSUE_EXAMPLE["players"]
    assert _bad(_with(players=[players[0], {**players[1], "money": -1}])) == "players[1].money"
    assert _bad(_with(players=[players[0], {**players[1], "color": "pink"}])) == "players[1].color"
    assert _bad(_with(players=[players[0], {**players[1], "personality": "rincewind"}])) == "players[1].personality"
    assert _bad(_with(players=[players[0], {**players[1], "loans": ["mr-boggis"]}])) == "players[1].loans[0]"
    assert _bad(_with(players=[players[0], {**players[1], "money": 200}])) == "players"
    assert _bad(_with(players=[players[0], dict(players[0])])) == "players"


def test_a_card_is_held_once() -> None:
    """There is one Mr Bent, one Bank of Ankh-Morpork, one Fools' Guild and one Dr Whiteface: a
    loan held twice would cost $12 of net worth and up to 15 points twice over."""
    players = ISSUE_EXAMPLE["players"]
    assert _bad(_with(players=[players[0], {**players[1], "loans": ["mr-bent"]}])) == "players[1].loans[0]"
    assert _bad(_with(players=[{**players[0], "loans": ["mr-bent", "mr-bent"]}, players[1]])) == "players[0].loans[1]"
    stuck = {"stuck_cards": ["dr-whiteface"], "hand": 5}
    assert _bad(_with(players=[{**players[0], **stuck}, {**players[1], **stuck}])) == "players[1].stuck_cards[0]"
    both = state_from_json(_with(players=[players[0], {**players[1], "loans": ["the-bank-of-ankh-morpork"]}]))
    assert [p.loans for p in both.players] == [["mr-bent"], ["the-bank-of-ankh-morpork"]]


def test_piece_totals() -> None:
    assert _bad(_with(areas={"dimwell": {"minions": {"red": 7}}, "longwall": {"minions": {"red": 6}}})) \
        .endswith("minions.red")
    seven = {a: {"building": "red"} for a in AREA_IDS[:7]}
    assert "building" in _bad(_with(areas=seven))
    assert "demons" in _bad(_with(areas={"dimwell": {"demons": 3}, "longwall": {"demons": 2}}))
    assert "trolls" in _bad(_with(areas={"dimwell": {"trolls": 4}}))


def test_bank_must_make_up_the_box() -> None:
    assert state_from_json(_with(bank=103)).bank == 103
    assert _bad(_with(bank=50)) == "bank"
    assert _bad(_with(bank=104)) == "bank"


def test_malformed_text() -> None:
    with pytest.raises(StateFormatError) as info:
        state_from_text("{not json")
    assert info.value.field == "(document)"
    with pytest.raises(StateFormatError):
        state_from_text("[" * 100000)
    with pytest.raises(StateFormatError):
        state_from_text("[1, 2]")


def test_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        state_from_json(_with(edition=3))


@pytest.mark.parametrize("field, value", [
    ("event_deck", ["fog", "fog"]),
    ("lost_area_cards", ["dimwell", "dimwell"]),
    ("discard_pile", ["groat", "groat"]),
])
def test_an_id_listed_twice_names_the_repeat(field: str, value: list[str]) -> None:
    doc = {"players": [{"color": "red"}, {"color": "blue"}], field: value}
    with pytest.raises(StateFormatError) as raised:
        state_from_json(doc)
    assert raised.value.field == f"{field}[1]"


@pytest.mark.parametrize("players, expected", [(2, 89), (3, 86), (4, 81)])
def test_a_position_without_draw_pile_is_a_fresh_deal(players: int, expected: int) -> None:
    colors = ["red", "yellow", "green", "blue"][:players]
    state = state_from_json({"players": [{"color": c} for c in colors]})
    assert state.draw_pile == expected


def two(**first: Any) -> dict[str, Any]:
    return {"players": [{"color": "red", **first}, {"color": "blue"}]}


@pytest.mark.parametrize("doc, field, says", [
    ({**two(loans=["mr-bent"]), "discard_pile": ["mr-bent"]}, "discard_pile[0]",
     "there is one 'mr-bent' card and players[0].loans holds it"),
    ({**two(stuck_cards=["dr-whiteface"], hand=3), "discard_pile": ["groat", "dr-whiteface"]}, "discard_pile[1]",
     "there is one 'dr-whiteface' card and players[0].stuck_cards holds it"),
    ({**two(), "discard_pile": ["cosmo-lavish"]}, "discard_pile[0]", "'cosmo-lavish' is taken out of a two-player game"),
    (two(personality="chrysoprase"), "players[0].personality", "'chrysoprase' is taken out of a two-player game"),
    (two(hand=500), "players[0].hand", "500 cards, more than the 99 cards of a 2-player game"),
    ({**two(), "draw_pile": 102}, "draw_pile", "102 cards, more than the 99 cards of a 2-player game"),
])
def test_a_card_in_two_places_or_out_of_the_game_is_refused_naming_the_field(doc: dict[str, Any], field: str,
                                                                             says: str) -> None:
    """Values of the right type no table reaches, which a position was read with: a loan or a stuck
    card also in the discard pile (each is one card), a card or the personality a two-player game
    takes out at set-up (Hubert and Cosmo Lavish, Chrysoprase), a hand or a draw pile larger than the
    whole deck. Found by feeding ``analyse`` positions with one field changed."""
    with pytest.raises(StateFormatError, match="^" + re.escape(f"{field}: {says}")) as caught:
        state_from_json(doc)
    assert caught.value.field == field


def test_what_the_card_refusals_leave_alone() -> None:
    """Cosmo Lavish and Chrysoprase play with three players; a hand may hold the whole deck."""
    three = {"players": [{"color": "red", "personality": "chrysoprase"}, {"color": "blue"}, {"color": "green"}],
             "discard_pile": ["cosmo-lavish"]}
    assert state_to_json(state_from_json(three))["discard_pile"] == ["cosmo-lavish"]
    # the whole deck drawn: the game ended on the draw pile, red and blue level on $10 and no card
    whole_deck = {**two(hand=99), "draw_pile": 0, "game_over": {"reason": "draw-pile", "winners": ["red", "blue"]}}
    assert state_from_json(whole_deck).players[0].hand == 99
