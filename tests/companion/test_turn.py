"""The turn procedure: win check, playing cards, chains, Drumknott's order, powers, pass, refill."""
from __future__ import annotations

from typing import Any

from companion.core.procedure import Outcome, run
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json
from companion.morpork.turn import turn_procedure

START = ("the-shades", "the-scours", "dolly-sisters")
INTERRUPTS = ["gaspode", "fresh-start-club", "wallace-sonky", "igor", "susan"]


def table(*, areas: dict[str, Any] | None = None, red: dict[str, Any] | None = None, draw_pile: int = 40,
          discard: list[str] | None = None, turn: dict[str, Any] | None = None,
          personalities: tuple[str, str, str] = ("vetinari", "vimes", "rust")) -> State:
    doc_areas: dict[str, Any] = {a: {"minions": {"red": 1, "blue": 1, "green": 1}, "trouble": True} for a in START}
    doc_areas.update(areas or {})
    doc: dict[str, Any] = {
        "players": [{"color": "red", "personality": personalities[0], **(red or {})},
                    {"color": "blue", "personality": personalities[1]},
                    {"color": "green", "personality": personalities[2]}],
        "areas": doc_areas, "active_player": "red", "draw_pile": draw_pile,
        "discard_pile": INTERRUPTS if discard is None else discard,
    }
    if turn is not None:
        doc["turn"] = turn
    return state_from_json(doc)


def play(state: State, answers: list[str]) -> Outcome:
    return run(turn_procedure, state, {}, answers)


def test_secret_condition_at_the_start_of_the_turn_ends_the_game() -> None:
    areas = {a: {"trouble": True} for a in ("the-hippo", "dimwell", "longwall", "nap-hill", "small-gods")}
    state = table(areas=areas, personalities=("dragon-king-of-arms", "vimes", "rust"))
    progress = play(state, [])
    assert progress.question is None
    over = progress.state.game_over
    assert over is not None and over.reason == "personality" and over.winners == ["red"]
    assert over.personality == "dragon-king-of-arms"


def test_only_the_active_players_condition_counts_and_vimes_never_at_turn_start() -> None:
    areas = {a: {"trouble": True} for a in ("the-hippo", "dimwell", "longwall", "nap-hill", "small-gods")}
    state = table(areas=areas, personalities=("vimes", "dragon-king-of-arms", "rust"))
    progress = play(state, [])
    assert progress.state.game_over is None and progress.question is not None


def test_first_question_offers_cards_not_known_elsewhere_and_pass() -> None:
    question = play(table(discard=[*INTERRUPTS, "groat"]), []).question
    assert question is not None and question.key == "turn.play-card" and question.player == "red"
    assert "pass" in question.options and "groat" not in question.options and "ruby" in question.options


def test_a_player_without_cards_can_only_pass_and_still_refills() -> None:
    progress = play(table(red={"hand": 0}), [])
    assert progress.question is not None and progress.question.options == ("pass",)
    done = play(table(red={"hand": 0}), ["pass"])
    assert done.question is None and done.state.player("red").hand == 5 and done.state.draw_pile == 35
    assert done.state.active_player == "blue" and done.state.turn.number == 2


def test_turn_ends_without_a_question_when_nothing_is_left_to_do() -> None:
    progress = play(table(discard=[*INTERRUPTS, "doctor-mossy-lawn"]), ["groat", "dimwell"])
    assert progress.question is None and progress.state.active_player == "blue"


def test_symbols_are_optional_and_skipped_symbols_change_nothing() -> None:
    progress = play(table(), ["captain-carrot", "skip", "skip", "skip", "end-turn"])
    assert progress.question is None
    assert progress.state.player("red").money == 10 and progress.state.areas["the-shades"].trouble


def test_the_random_event_cannot_be_skipped() -> None:
    question = play(table(), ["the-dean"]).question
    assert question is not None and question.key == "event.draw" and "skip" not in question.options


def test_play_another_card_chains() -> None:
    progress = play(table(), ["pink-pussycat-club", "take", "the-clacks", "do", "take", "groat", "dimwell"])
    assert progress.question is not None and progress.question.key == "turn.end"
    state = progress.state
    assert state.player("red").money == 15 and state.areas["dimwell"].minion_count("red") == 1
    assert state.discard_pile[-3:] == ["pink-pussycat-club", "the-clacks", "groat"]


def test_stop_ends_a_chain() -> None:
    progress = play(table(), ["pink-pussycat-club", "take", "stop"])
    assert progress.question is not None and progress.question.key == "turn.end"


def test_drumknott_finishes_each_card_with_its_chain_before_the_second() -> None:
    """FAQ: the first of the two cards starts a chain (Pink PussyCat Club: play another); the chain
    is finished before Drumknott's second card is asked for."""
    answers = ["drumknott", "do", "pink-pussycat-club", "take"]
    question = play(table(), answers).question
    assert question is not None and question.key == "turn.play-another"
    question = play(table(), [*answers, "nobby-nobbs", "do", "blue"]).question
    assert question is not None and question.key == "turn.play-another"  # Nobby Nobbs has "play another"
    question = play(table(), [*answers, "nobby-nobbs", "do", "blue", "stop"]).question
    assert question is not None and question.key == "card.play-more"  # Drumknott's second card
    progress = play(table(), [*answers, "nobby-nobbs", "do", "blue", "stop", "groat", "dimwell"])
    assert progress.question is not None and progress.question.key == "turn.end"
    assert progress.state.player("red").hand == 1 and progress.state.player("red").money == 16


def test_drumknott_stops_when_the_hand_is_empty() -> None:
    progress = play(table(red={"hand": 2}), ["drumknott", "do", "groat", "dimwell"])
    assert progress.question is None  # no second card to ask for, nothing left: the turn ends
    assert progress.state.player("red").hand == 5 and progress.state.draw_pile == 35


def test_city_area_power_offered_at_any_point_and_once_per_turn() -> None:
    areas = {"the-hippo": {"minions": {"red": 1}, "building": "red"}}
    question = play(table(areas=areas), []).question
    assert question is not None and "power:the-hippo" in question.options
    progress = play(table(areas=areas), ["power:the-hippo"])
    assert progress.state.player("red").money == 12
    assert progress.question is not None and "power:the-hippo" not in progress.question.options
    # In the middle of a card, between its symbols:
    build = play(table(areas=areas), ["captain-carrot", "dimwell"]).question
    assert build is not None and "power:the-hippo" in build.options


def test_power_not_usable_on_the_turn_its_card_was_gained() -> None:
    areas = {"the-hippo": {"minions": {"red": 1}, "building": "red"}}
    question = play(table(areas=areas, turn={"cards_gained": ["the-hippo"]}), []).question
    assert question is not None and "power:the-hippo" not in question.options


def test_power_with_a_target_asks_for_it() -> None:
    areas = {"isle-of-gods": {"minions": {"red": 1}, "building": "red"}}
    progress = play(table(areas=areas), ["power:isle-of-gods", "the-scours"])
    assert not progress.state.areas["the-scours"].trouble and progress.state.player("red").money == 8


def test_scours_power_discards_a_named_card() -> None:
    areas = {"the-scours": {"minions": {"red": 1, "blue": 1, "green": 1}, "building": "red", "trouble": True}}
    progress = play(table(areas=areas), ["power:the-scours", "groat"])
    state = progress.state
    assert "groat" in state.discard_pile and state.player("red").hand == 4 and state.player("red").money == 12


def test_end_of_turn_refills_to_five_and_passes_on() -> None:
    progress = play(table(), ["hex", "do", "end-turn"])
    state = progress.state
    assert progress.question is None
    assert state.player("red").hand == 7 and state.draw_pile == 37  # never discard down
    assert state.active_player == "blue" and state.turn.number == 2


def test_game_ends_at_once_when_a_card_empties_the_draw_pile() -> None:
    progress = play(table(draw_pile=3), ["librarian", "do"])
    assert progress.question is None
    over = progress.state.game_over
    assert over is not None and over.reason == "draw-pile" and over.winners == ["blue"] and over.personality == "vimes"
    assert progress.state.player("red").hand == 7


def test_game_ends_on_points_when_nobody_is_vimes() -> None:
    progress = play(table(draw_pile=1, personalities=("vetinari", "rust", "selachii")), ["groat", "skip", "end-turn"])
    over = progress.state.game_over
    assert over is not None and over.reason == "draw-pile" and over.personality is None


def _all_twelve_out() -> dict[str, Any]:
    """Red has all twelve minions on the board (10 in Longwall, one in The Shades, one in The Scours)."""
    return {"longwall": {"minions": {"red": 10}},
            "dolly-sisters": {"minions": {"blue": 1, "green": 1}, "trouble": True}}


def test_with_all_twelve_out_the_placement_can_still_be_skipped_after_picking_the_minion() -> None:
    # Review of issue 4: once a player had picked which minion to move, the placement lost its
    # "skip" and the symbol was forced on them.
    state = table(areas=_all_twelve_out())
    question = play(state, ["groat"]).question
    assert question is not None and question.key == "symbol.minion.move-from" and "skip" in question.options
    question = play(state, ["groat", "longwall"]).question
    assert question is not None and question.key == "symbol.minion" and "skip" in question.options
    progress = play(state, ["groat", "longwall", "skip"])
    assert progress.state.areas["longwall"].minion_count("red") == 10
    assert progress.state.minions_on_board("red") == 12


def test_minion_and_build_questions_grey_the_illegal_areas_with_reasons() -> None:
    question = play(table(), ["groat"]).question
    assert question is not None and question.key == "symbol.minion"
    greyed = dict(question.unavailable)
    assert "seven-sleepers" in greyed and "seven-sleepers" not in question.options
    assert not set(greyed) & set(question.options)
    assert set(greyed) | {o for o in question.options if o != "skip"} >= {"seven-sleepers", "the-hippo"}
    question = play(table(), ["ruby", "dimwell"]).question
    assert question is not None and question.key == "symbol.build" and "dimwell" in question.options
    greyed = dict(question.unavailable)
    assert greyed["the-shades"].key == "build.trouble" and greyed["nap-hill"].key == "build.minion"
    state = table(areas=_all_twelve_out())
    question = play(state, ["groat", "longwall"]).question
    assert question is not None
    moved_from = dict(question.unavailable)["longwall"]
    assert moved_from.key == "place.move-same-area" and moved_from.text == "the minion is moved from here"


def test_a_power_chosen_by_mistake_can_be_skipped_at_its_target() -> None:
    """Tapping a City Area power is not a commitment: its target question offers ``skip``, which
    leaves money, board and the once-per-turn use untouched and asks the same question again."""
    powers = {"isle-of-gods": {"minions": {"red": 1}, "building": "red"},
              "dimwell": {"minions": {"red": 1}, "building": "red"},
              "the-scours": {"minions": {"red": 1, "blue": 1, "green": 1}, "building": "red", "trouble": True}}
    for power in ("isle-of-gods", "dimwell", "the-scours"):
        question = play(table(areas=powers), [f"power:{power}"]).question
        assert question is not None and question.player == "red" and "skip" in question.options, power
        progress = play(table(areas=powers), [f"power:{power}", "skip"])
        assert progress.question is not None and progress.question.key == "turn.play-card"
        assert f"power:{power}" in progress.question.options, power
        state = progress.state
        assert state.player("red").money == 10 and state.player("red").hand == 5 and state.turn.powers_used == []
        assert state.trouble_on_board() == 3 and state.minions_on_board("red") == 5


# -- a City Area power between two actions (rules revision 3) ------------------------------------
# EN "City Area Cards": "In most cases you can use this ability once per turn and you choose when you
# wish to use it"; "You complete one action before you start the next action." So once one symbol is
# done the holder may use a power before the next — also when that next symbol has no legal option
# yet, which the power can give it. Revision 2 skipped such a symbol without a question.

def _ruby_behind_isle_of_gods(revision: int) -> State:
    """Red holds Isle of Gods (building and minion there) and $20; each other area with a red
    minion has a trouble marker; blue has a minion in Dimwell."""
    state = table(areas={"isle-of-gods": {"minions": {"red": 1}, "building": "red"},
                         "dimwell": {"minions": {"blue": 1}}}, red={"money": 20})
    state.revision = revision
    return state


def test_isle_of_gods_between_ruby_s_minion_and_its_build() -> None:
    """Ruby (place a minion, then build): the minion placed in Dimwell brings a trouble marker, so
    red can build nowhere; red may pay Isle of Gods $2 to take that marker off, then build there."""
    answers = ["ruby", "dimwell"]
    question = play(_ruby_behind_isle_of_gods(3), answers).question
    assert question is not None and question.key == "symbol.build"
    assert list(question.options) == ["skip", "power:isle-of-gods"]
    assert dict(question.unavailable)["dimwell"].key == "build.trouble"
    question = play(_ruby_behind_isle_of_gods(3), [*answers, "power:isle-of-gods", "dimwell"]).question
    assert question is not None and question.key == "symbol.build" and list(question.options) == ["dimwell", "skip"]
    progress = play(_ruby_behind_isle_of_gods(3), [*answers, "power:isle-of-gods", "dimwell", "dimwell"])
    state = progress.state
    assert state.areas["dimwell"].building == "red" and not state.areas["dimwell"].trouble
    assert state.player("red").money == 20 - 2 - 6
    skipped = play(_ruby_behind_isle_of_gods(3), [*answers, "skip"])
    assert skipped.narration[-1].key == "symbol.no-option.build"  # said as before, after the question
    assert skipped.state.player("red").money == 20 and skipped.state.areas["dimwell"].trouble


def test_revision_2_skips_ruby_s_build_without_asking() -> None:
    """A game journalled under revision 2 goes on as it was played: no question before the skip."""
    progress = play(_ruby_behind_isle_of_gods(2), ["ruby", "dimwell"])
    assert any(line.key == "symbol.no-option.build" for line in progress.narration)
    assert progress.question is not None and progress.question.key == "turn.end"
    assert progress.state.areas["dimwell"].building is None


def _death_behind_the_shades(revision: int) -> State:
    """Red holds The Shades (building and minion there, no trouble marker); two blue minions in The
    Hippo, next to The Shades, with the only trouble marker on the board."""
    state = table(areas={"the-shades": {"minions": {"red": 1}, "building": "red"},
                         "the-scours": {"minions": {"red": 1}}, "dolly-sisters": {"minions": {"red": 1}},
                         "the-hippo": {"minions": {"blue": 2}, "trouble": True}})
    state.revision = revision
    return state


def test_the_shades_between_death_s_two_assassinations() -> None:
    """Death (assassinate, assassinate, build): the first takes a blue minion and the marker out of
    The Hippo; then The Shades may put a marker back there ("At any point in your turn"), and the
    second assassination has a target."""
    answers = ["death", "the-hippo/blue"]
    question = play(_death_behind_the_shades(3), answers).question
    assert question is not None and question.key == "symbol.assassinate"
    assert list(question.options) == ["skip", "power:the-shades"]
    progress = play(_death_behind_the_shades(3), [*answers, "power:the-shades", "the-hippo", "the-hippo/blue"])
    assert progress.state.areas["the-hippo"].minions == {} and not progress.state.areas["the-hippo"].trouble
    legacy = play(_death_behind_the_shades(2), answers)
    assert any(line.key == "symbol.no-option.assassinate" for line in legacy.narration)
    assert legacy.question is not None and legacy.question.key != "symbol.assassinate"


def test_the_shades_between_sergeant_detritus_two_removals() -> None:
    """Sergeant Detritus (remove a trouble marker, twice): the first takes the only marker; the
    second is asked with The Shades, which may put one down for it — revision 2 skipped it."""
    answers = ["sergeant-detritus", "the-hippo"]
    question = play(_death_behind_the_shades(3), answers).question
    assert question is not None and question.key == "symbol.trouble"
    assert list(question.options) == ["skip", "power:the-shades"]
    progress = play(_death_behind_the_shades(3), [*answers, "power:the-shades", "the-scours", "the-scours"])
    assert progress.state.trouble_on_board() == 0 and progress.state.turn.powers_used == ["the-shades"]
    legacy = play(_death_behind_the_shades(2), answers)
    assert any(line.key == "symbol.no-option.trouble" for line in legacy.narration)
    assert legacy.question is not None and legacy.question.key != "symbol.trouble"


def _gimlets_with_the_bank_empty(revision: int, isle_of_gods: bool = False) -> State:
    """Red holds Gimlet's Dwarf Delicatessen ($3, then place a minion) and $100 of the box's $120;
    blue and green hold $10 each: the bank is empty. With ``isle_of_gods`` red also has a building
    and a minion on the Isle of Gods, whose power pays the bank $2 to remove a trouble marker."""
    areas = {"isle-of-gods": {"minions": {"red": 1}, "building": "red"}} if isle_of_gods else {}
    state = table(areas=areas, red={"money": 100})
    state.revision = revision
    assert state.bank == 0
    return state


def test_an_empty_bank_is_not_asked_for_money() -> None:
    """Ruling 1 (the German rulebook: nobody can take money from an empty bank): from rules revision 4
    the $3 symbol is skipped with its reason, and the card goes on to its minion."""
    progress = play(_gimlets_with_the_bank_empty(4), ["gimlets-dwarf-delicatessen"])
    skipped = [line for line in progress.narration if line.key == "symbol.no-option.bank-empty"]
    assert len(skipped) == 1 and dict(skipped[0].params) == {"player": "red", "amount": "3"}
    assert progress.question is not None and progress.question.key == "symbol.minion"
    assert progress.state.player("red").money == 100 and progress.state.bank == 0


def test_revision_3_still_asks_an_empty_bank_for_money() -> None:
    """A game journalled under revision 3 goes on as it was played: "take $3?" asked, and "take"
    pays nothing."""
    progress = play(_gimlets_with_the_bank_empty(3), ["gimlets-dwarf-delicatessen"])
    assert progress.question is not None and progress.question.key == "symbol.money"
    assert list(progress.question.options) == ["take", "skip"]
    taken = play(_gimlets_with_the_bank_empty(3), ["gimlets-dwarf-delicatessen", "take"])
    assert taken.state.player("red").money == 100 and taken.question is not None
    assert taken.question.key == "symbol.minion"


def test_an_empty_bank_is_asked_while_a_power_may_pay_it_first() -> None:
    """Isle of Gods pays the bank $2 (to remove a trouble marker): red may use it before the $3
    symbol, which is asked with "take" greyed by the empty bank; then the bank pays what it holds."""
    answers = ["gimlets-dwarf-delicatessen"]
    question = play(_gimlets_with_the_bank_empty(4, isle_of_gods=True), answers).question
    assert question is not None and question.key == "symbol.money"
    assert list(question.options) == ["skip", "power:isle-of-gods"]
    assert dict(question.unavailable)["take"].key == "money.bank-empty"
    answers += ["power:isle-of-gods", "the-shades"]
    question = play(_gimlets_with_the_bank_empty(4, isle_of_gods=True), answers).question
    assert question is not None and question.key == "symbol.money" and list(question.options) == ["take", "skip"]
    progress = play(_gimlets_with_the_bank_empty(4, isle_of_gods=True), [*answers, "take"])
    assert progress.state.player("red").money == 100 - 2 + 2 and progress.state.bank == 0
    skipped = play(_gimlets_with_the_bank_empty(4, isle_of_gods=True), ["gimlets-dwarf-delicatessen", "skip"])
    assert skipped.narration[-1].key == "symbol.no-option.bank-empty"
    assert skipped.question is not None and skipped.question.key == "symbol.minion"


def test_a_power_that_puts_out_the_twelfth_minion_mid_question_asks_which_minion_to_move() -> None:
    """A minion placed by a City Area power while the placement is asked changes the table the
    answer is checked against: the twelfth minion out, the answer's area is not taken as it is
    but the minion to move is asked first (``cards.symbols.place_minion_steps`` checks an answer
    again only after a power was used meanwhile)."""
    state = table(areas={"longwall": {"minions": {"red": 8}},
                         "dolly-sisters": {"minions": {"blue": 1, "green": 1}, "trouble": True},
                         "dimwell": {"minions": {"red": 1}, "building": "red"}})
    assert state.minions_on_board("red") == 11
    asked = play(state, ["groat"]).question
    assert asked is not None and asked.key == "symbol.minion" and "power:dimwell" in asked.options
    again = play(state, ["groat", "power:dimwell", "dimwell"])
    assert again.state.minions_on_board("red") == 12 and again.state.turn.powers_used == ["dimwell"]
    assert again.question is not None and again.question.key == "symbol.minion"
    area = next(o for o in again.question.options if o != "skip")
    progress = play(state, ["groat", "power:dimwell", "dimwell", area])
    assert progress.question is not None and progress.question.key == "symbol.minion.move-from"
    assert progress.state.minions_on_board("red") == 12
    assert progress.state.areas[area].minion_count("red") == again.state.areas[area].minion_count("red")
