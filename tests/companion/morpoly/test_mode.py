"""The ankh-morpoly mode as the core sees it: registered, options with defaults, public views, the
roll it waits for, the position format round-trip, and the result."""
from __future__ import annotations

import json

import pytest

from companion.core.errors import CompanionError, InputError
from companion.core.inputs import Answer, DieRoll
from companion.core.mode import get_mode, mode_ids, resolve_options
from companion.morpoly.editions import load_edition
from companion.morpoly.game_end import standings
from companion.morpoly.state_format import FORMAT, state_from_json, state_to_json
from companion.morpoly.random_play import play


def test_registered_with_its_options() -> None:
    assert "ankh-morpoly" in mode_ids()
    mode = get_mode("ankh-morpoly")
    assert mode.id == "ankh-morpoly" and mode.revision == 13  # companion.morpoly.revisions
    names = {o.name: o.default for o in mode.options}
    assert {"edition": "us", "base": "variant", "fortuna": "off", "elam": "off"}.items() <= names.items()
    assert len(names) == len(mode.options) > 20  # the §7 rulings too, each once
    with pytest.raises(InputError):
        resolve_options(mode.options, {"edition": "uk"})


def test_a_game_through_the_mode() -> None:
    mode = get_mode("ankh-morpoly")
    game = mode.new_game(["red", "blue", "green"], resolve_options(mode.options, {}), None, 1)
    assert mode.progress(game).screen == "setup"
    for player, guild in (("red", "thieves"), ("blue", "watch"), ("green", "fools")):
        question = mode.question(game)
        assert question is not None and question.player == player and guild in question.options
        game = mode.apply(game, Answer(guild))
    with pytest.raises(CompanionError):
        mode.apply(game, Answer("watch"))
    game = mode.apply(game, Answer("roll"))
    roll = mode.progress(game).roll
    assert roll is not None and (roll.dice, roll.sides, roll.player, roll.for_) == (2, 6, "red", "morpoly.roll.move")
    assert mode.question_for(game, "blue") == mode.question_for(game, None)
    game = mode.apply(game, DieRoll(faces=(2, 3)))
    view = mode.view(game, None)
    assert view["format"] == FORMAT and view["tokens"][0]["square"] == 5
    assert [p["guilds"] for p in view["parties"]] == [["thieves"], ["watch"], ["fools"]]
    assert mode.result(game, 5) is None


def test_the_position_format_round_trips_exactly_through_json() -> None:
    game, _ = play(5, 4, {"edition": "de-dm", "base": "variant"}, cap=800)
    doc = state_to_json(game.state)
    assert state_from_json(json.loads(json.dumps(doc))) == game.state
    with pytest.raises(InputError):
        state_from_json({"format": FORMAT, "edition": "us"})


def test_the_result_names_the_last_party() -> None:
    game, inputs = play(0, 3, {"edition": "us", "base": "standard"}, cap=1500)
    assert game.is_over
    result = get_mode("ankh-morpoly").result(game, len(inputs))
    assert result is not None and result.winners == (game.state.parties[0].boss,)
    assert result.reason == "one party left"


def test_the_result_scores_each_party_by_net_worth_as_the_game_end_ranks_them() -> None:
    """Home lists a finished game by its result: the scores are the standings' net worth (cash,
    squares, half the buildings, less mortgages), not the cash alone, which Home once showed as the
    winner's $394 beside a game end that ranked the same party at $2,634."""
    game, inputs = play(0, 3, {"edition": "us", "base": "standard"}, cap=1500)
    state = game.state
    result = get_mode("ankh-morpoly").result(game, len(inputs))
    assert result is not None
    ranked = standings(state, load_edition(state.edition))
    assert result.scores == {s.boss: s.net_worth for s in ranked}
    assert all(result.scores[p.boss] >= p.cash for p in state.parties)
    assert any(result.scores[p.boss] > p.cash for p in state.parties), "the winner owns squares: worth beyond cash"


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(edition="uk"), "unknown edition"),
    (lambda d: d["squares"].pop(), "exactly the ownable squares"),
    (lambda d: d["tokens"][0].update(party="nobody"), "token 'red'"),
    (lambda d: d["squares"][0].update(owner="nobody"), "not a party"),
    (lambda d: d["squares"][2].update(houses=2), "cannot carry"),  # square 5: a station
    (lambda d: d["parties"][0].update(boss="ghost"), "boss"),
    (lambda d: d["bank"].pop("cash"), "malformed"),
])
def test_an_impossible_position_is_refused_in_one_line(change: object, message: str) -> None:
    from companion.morpoly.setup import new_state

    doc = state_to_json(new_state(["red", "blue"], {"edition": "us"}))
    change(doc)  # type: ignore[operator]
    with pytest.raises(InputError, match=message):
        state_from_json(doc)


def test_a_game_of_a_newer_rules_revision_is_refused_not_played_by_today_s_rules() -> None:
    """A journal written by a newer companion names a revision this one does not know: refused,
    naming the revision (the first game's mode did so already; the second's took any number)."""
    mode = get_mode("ankh-morpoly")
    with pytest.raises(InputError, match="rules revision 14: this companion plays ankh-morpoly revisions 1 to 13"):
        mode.new_game(["red", "blue"], {}, None, revision=14)
    with pytest.raises(InputError, match="rules revision 0"):
        mode.new_game(["red", "blue"], {}, None, revision=0)
    assert mode.new_game(["red", "blue"], {}, None, revision=1).question is not None
    assert mode.new_game(["red", "blue"], {}, None, revision=2).state.revision == 2
    assert mode.new_game(["red", "blue"], {}, None, revision=3).state.revision == 3
    assert mode.new_game(["red", "blue"], {}, None, revision=4).state.revision == 4
    assert mode.new_game(["red", "blue"], {}, None, revision=5).state.revision == 5
    assert mode.new_game(["red", "blue"], {}, None, revision=6).state.revision == 6
    assert mode.new_game(["red", "blue"], {}, None, revision=7).state.revision == 7
    assert mode.new_game(["red", "blue"], {}, None, revision=8).state.revision == 8
    assert mode.new_game(["red", "blue"], {}, None, revision=12).state.revision == 12


def test_options_not_given_take_their_defaults_through_the_one_resolver() -> None:
    game = get_mode("ankh-morpoly").new_game(["red", "blue"], {"fortuna": "on"}, None)
    assert game.state.rules == resolve_options(get_mode("ankh-morpoly").options, {"fortuna": "on"})
