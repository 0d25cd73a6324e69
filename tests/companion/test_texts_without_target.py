"""A card's text with no legal target is skipped like a symbol, with its reason, not asked "do / skip"
and then silently empty (rules revision 3); a text that can do only part of what it says names what
it could not do. A game of revision 2 keeps asking what it asked.

Sources: the symbols are taken left to right and "every action is optional except E"
(shared/reference/cards.md, symbols); the card texts are cards.md's rows (The Duckman: "Move another
player's minion from its area to an adjacent area", Modo: "Discard one card", History Monks: "Shuffle
the discard pile, draw four cards from it", The Beggars' Guild: "they hand you two cards of their own
choosing", Mr Boggis: "Each other player pays you $2 'if possible'", Nobby Nobbs: "Take $3 from a player
you choose", Carcer: "Roll twice; remove one minion of your choice from each rolled area", Hobsons's
Livery Stable: "Pay $2 to a player of your choice, then move one of your minions to any area", The Dean:
"Remove one minion from Unreal Estate", The Bursar: "Swap the positions of any two minions on the board",
Adora Belle Dearheart / Dorfl: "Move one of your minions from its area to any other area", Drumknott /
Ponder Stibbons: "Play two more cards from your hand", Errol: "Roll: 7 or more, remove a minion of your
choice from an area with a trouble marker", Cosmo Lavish: "Pay another player $2; they must remove a
minion ... from an area with a trouble marker", Burleigh & Stronginthearm: "Pay $2 to a player of your
choice, then pick a minion to assassinate"); ruling 1
(shared/reference/board.md): "A player who must pay more than they have pays what they have ('do as
much as possible')" — so a possible payment is still made, and a text that can still roll does.
"""
from __future__ import annotations

from typing import Any

import pytest

from companion.core.mode import Progress
from companion.core.procedure import Outcome, Pending, run
from companion.morpork.game import Game
from companion.morpork.mode import MODE
from companion.morpork.revisions import SINGLE_WINDOW, TEXTS_WITHOUT_TARGET_SKIPPED
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json
from companion.morpork.turn import turn_procedure

START = ("the-shades", "the-scours", "dolly-sisters")
INTERRUPTS = ["gaspode", "fresh-start-club", "wallace-sonky", "igor", "susan"]
PLAYERS = ("red", "blue", "green")


def position(*, areas: dict[str, Any] | None = None, money: dict[str, int] | None = None,
             hand: dict[str, int] | None = None, discard: list[str] | None = None, trouble: bool = True,
             revision: int = TEXTS_WITHOUT_TARGET_SKIPPED) -> State:
    """Red, blue and green at the set-up table (a minion each in the three starting areas), red to
    play, the interrupts on the discard pile (no window opens unless the test asks for one)."""
    doc_areas: dict[str, Any] = {a: {"minions": {c: 1 for c in PLAYERS}, "trouble": trouble} for a in START}
    doc_areas.update(areas or {})
    money = {c: 10 for c in PLAYERS} | (money or {})
    hand = {c: 5 for c in PLAYERS} | (hand or {})
    state = state_from_json({
        "players": [{"color": c, "personality": p, "money": money[c], "hand": hand[c]}
                    for c, p in zip(PLAYERS, ("vetinari", "vimes", "rust"))],
        "areas": doc_areas, "active_player": "red", "draw_pile": 40,
        "discard_pile": INTERRUPTS if discard is None else discard, "bank": 120 - sum(money.values()),
    })
    state.revision = revision
    return state


def at(state: State, answers: list[str]) -> tuple[Outcome, Progress]:
    outcome = run(turn_procedure, state, {}, answers)
    assert outcome.answers_used == len(answers), "every answer was used"
    game = Game(outcome.state, Pending("turn", {}, state, list(answers)), len(answers), outcome.narration, 0,
                outcome.question)
    return outcome, MODE.progress(game)


ONLY_RED_MINIONS = {a: {"minions": {"red": 1}, "trouble": False} for a in START}
NO_RED_MINION = {a: {"minions": {"blue": 1, "green": 1}, "trouble": True} for a in START}

WITHOUT_TARGET: list[tuple[str, dict[str, Any], list[str], str, str]] = [
    # card, position, answers after the card (the symbols before its text), why, the question that
    # follows ("": none, red's hand is empty and the turn ends without asking)
    ("canting-crew", {"areas": ONLY_RED_MINIONS}, [], "skipped.no-other-minion", "symbol.minion"),
    ("the-duckman", {"areas": ONLY_RED_MINIONS}, [], "skipped.no-other-minion", "turn.end"),
    ("foul-ole-ron", {"areas": ONLY_RED_MINIONS}, [], "skipped.no-other-minion", "turn.play-another"),
    ("rincewind", {"trouble": False}, ["riots"], "skipped.no-minion-in-trouble", "turn.play-another"),
    ("modo", {"hand": {"red": 1}}, [], "skipped.no-card-to-discard", "symbol.minion"),
    ("harry-king", {"hand": {"red": 1}}, ["skip"], "skipped.no-card-to-discard", ""),  # the turn ends
    ("shonky-shop", {"hand": {"red": 1}, "trouble": False}, [], "skipped.no-card-to-discard", "symbol.build"),
    ("history-monks", {"discard": []}, [], "skipped.discard-pile-empty", "symbol.minion"),
    ("the-beggars-guild", {"hand": {"blue": 0, "green": 0}}, [], "skipped.no-card-in-hand", "symbol.minion"),
    ("queen-molly", {"hand": {"blue": 0, "green": 0}}, ["skip"], "skipped.no-card-in-hand", "turn.end"),
    ("stanley", {"hand": {"blue": 0, "green": 0}}, [], "skipped.no-card-in-hand", "symbol.minion"),
    ("mr-boggis", {"money": {"blue": 0, "green": 0}}, [], "skipped.no-money-to-take", "symbol.minion"),
    ("the-thieves-guild", {"money": {"blue": 0, "green": 0}}, [], "skipped.no-money-to-take", "symbol.minion"),
    ("nobby-nobbs", {"money": {"blue": 0, "green": 0}}, [], "skipped.no-money-to-take", "turn.play-another"),
    ("the-dean", {}, ["riots"], "skipped.nothing-in-unreal-estate", "turn.play-another"),
    ("the-bursar", {"areas": ONLY_RED_MINIONS}, ["riots"], "skipped.nothing-to-swap", "turn.play-another"),
    ("the-bursar", {"areas": {a: {"minions": {}, "trouble": False} for a in START}
                    | {"the-hippo": {"minions": {"blue": 1}}}}, ["riots"], "skipped.nothing-to-swap",
     "turn.play-another"),
    ("adora-belle-dearheart", {"areas": NO_RED_MINION}, [], "skipped.no-own-minion", "symbol.minion"),
    ("dorfl", {"areas": NO_RED_MINION}, [], "skipped.no-own-minion", "turn.play-another"),
    ("drumknott", {"hand": {"red": 1}}, [], "skipped.no-card-to-play", ""),  # the turn ends
    ("ponder-stibbons", {"hand": {"red": 1}}, ["riots"], "skipped.no-card-to-play", ""),
    # Willikins: "Place a minion in an area where you have a building" — red has none
    ("willikins", {}, [], "skipped.no-own-building", "turn.end"),
    # Rosie Palm, The Seamstresses' Guild: "Give a player of your choice one of your cards" — red's
    # hand is empty once the card is played
    ("rosie-palm", {"hand": {"red": 1}}, ["skip"], "skipped.no-card-to-give", ""),
    ("the-seamstresses-guild", {"hand": {"red": 1}}, [], "skipped.no-card-to-give", "symbol.minion"),
]


@pytest.mark.parametrize(("card", "changes", "before", "why", "next_key"), WITHOUT_TARGET,
                         ids=[row[0] for row in WITHOUT_TARGET])
def test_a_text_with_no_legal_target_is_skipped_with_its_reason(card: str, changes: dict[str, Any],
                                                                before: list[str], why: str, next_key: str) -> None:
    outcome, progress = at(position(**changes), [card, *before])
    assert (outcome.question.key if outcome.question is not None else "") == next_key, outcome.question
    line = next(n for n in outcome.narration if n.key == "symbol.no-option.scroll")
    assert dict(line.params)["why"] == why and dict(line.params)["card"] == card
    shown = progress.innermost("card")
    if shown is not None:  # the card is still on the table (a symbol after its text): the strip says why
        step = shown.steps[shown.steps.index(next(s for s in shown.steps if s.name == "S"))]
        assert step.status == "skipped" and step.why is not None and step.why.key == why


@pytest.mark.parametrize(("card", "changes", "before", "why", "next_key"), WITHOUT_TARGET,
                         ids=[row[0] for row in WITHOUT_TARGET])
def test_revision_2_still_asks_do_or_skip_for_the_same_text(card: str, changes: dict[str, Any],
                                                            before: list[str], why: str, next_key: str) -> None:
    outcome, progress = at(position(**changes, revision=SINGLE_WINDOW), [card, *before])
    assert outcome.question is not None and outcome.question.key == "symbol.scroll"
    assert outcome.question.options[:2] == ("do", "skip")


def test_the_duckman_with_another_players_minion_is_still_offered() -> None:
    """Blue has a minion in The Hippo: the text has a target, so "do / skip" is asked."""
    areas = {**ONLY_RED_MINIONS, "the-hippo": {"minions": {"blue": 1}}}
    outcome, _ = at(position(areas=areas), ["the-duckman"])
    assert outcome.question is not None and outcome.question.key == "symbol.scroll"
    outcome, _ = at(position(areas=areas), ["the-duckman", "do"])
    assert outcome.question is not None and outcome.question.options[:1] == ("the-hippo/blue",)


@pytest.mark.parametrize(("card", "areas", "before"), [
    ("the-dean", {"unreal-estate": {"minions": {"blue": 1}}}, ["riots"]),
    ("the-bursar", {**ONLY_RED_MINIONS, "the-hippo": {"minions": {"blue": 1}}}, ["riots"]),
    ("dorfl", {**NO_RED_MINION, "the-hippo": {"minions": {"red": 1}}}, []),
])
def test_a_text_with_a_target_is_still_asked(card: str, areas: dict[str, Any], before: list[str]) -> None:
    """A blue minion in Unreal Estate for The Dean, a red and a blue minion in different areas for
    The Bursar, a red minion for Dorfl: each text can act, so "do / skip" is asked."""
    outcome, _ = at(position(areas=areas), [card, *before])
    assert outcome.question is not None and outcome.question.key == "symbol.scroll"
    assert outcome.question.options[:2] == ("do", "skip")


def test_the_beggars_guild_greys_a_player_with_no_card_and_revision_2_offers_them() -> None:
    state = position(hand={"blue": 0})
    outcome, _ = at(state, ["the-beggars-guild", "do"])
    q = outcome.question
    assert q is not None and q.options == ("green", "skip")
    assert dict(q.unavailable)["blue"].key == "hand.no-free-card"
    old, _ = at(position(hand={"blue": 0}, revision=SINGLE_WINDOW), ["the-beggars-guild", "do"])
    assert old.question is not None and old.question.options == ("blue", "green", "skip")
    assert not old.question.unavailable


def test_nobby_nobbs_greys_a_player_with_no_money() -> None:
    outcome, _ = at(position(money={"blue": 0}), ["nobby-nobbs", "do"])
    q = outcome.question
    assert q is not None and q.options == ("green", "skip")
    assert dict(q.unavailable)["blue"].key == "money.none"
    old, _ = at(position(money={"blue": 0}, revision=SINGLE_WINDOW), ["nobby-nobbs", "do"])
    assert old.question is not None and old.question.options == ("blue", "green", "skip")


@pytest.mark.parametrize("revision", [SINGLE_WINDOW, TEXTS_WITHOUT_TARGET_SKIPPED])
def test_mr_boggis_says_a_player_has_no_money_to_pay_not_that_they_pay_0(revision: int) -> None:
    """Mr Boggis takes $2 "if possible": green pays, blue has nothing and is said to have nothing."""
    outcome, _ = at(position(money={"blue": 0}, revision=revision), ["mr-boggis", "do"])
    said = [(n.key, dict(n.params).get("payer")) for n in outcome.narration if n.key.startswith("money.")]
    assert said == [("money.none-to-pay", "blue"), ("money.paid", "green")]
    assert outcome.state.player("red").money == 12


def test_mr_boggis_asks_only_players_with_money_whether_they_cancel_it() -> None:
    """Wallace Sonky may be held (not on the discard pile): the one window is for those the text
    takes money from; under revision 2 it was for every other player."""
    discard = [c for c in INTERRUPTS if c != "wallace-sonky"]
    new, _ = at(position(money={"blue": 0}, discard=discard), ["mr-boggis", "do"])
    assert new.question is not None and new.question.key == "interrupt.anyone"
    assert [o for o in new.question.options if o != "none"] == ["green:wallace-sonky"]
    old, _ = at(position(money={"blue": 0}, discard=discard, revision=SINGLE_WINDOW), ["mr-boggis", "do"])
    assert old.question is not None
    assert [o for o in old.question.options if o != "none"] == ["blue:wallace-sonky", "green:wallace-sonky"]


def test_carcer_rolling_an_empty_area_says_there_is_nothing_to_remove() -> None:
    """The Hippo (6) is empty: the first roll removes nothing and says so; The Shades (7) has three."""
    outcome, _ = at(position(), ["carcer", "do", "6", "7"])
    assert any(n.key == "symbol.no-option.nothing-to-remove" and n.area == "the-hippo" for n in outcome.narration)
    assert outcome.question is not None and outcome.question.key == "card.carcer-remove"


def test_hobsons_pays_and_then_says_there_is_no_minion_to_move() -> None:
    """Red has no minion on the board: the $2 is still paid (a payment that is possible), and the
    move it cannot make is said."""
    no_red = {a: {"minions": {"blue": 1, "green": 1}, "trouble": True} for a in START}
    outcome, _ = at(position(areas=no_red), ["hobsons-livery-stable", "do", "blue"])
    keys = [n.key for n in outcome.narration]
    assert "money.paid" in keys and "symbol.no-option.no-minion-to-move" in keys
    assert outcome.state.player("blue").money == 12


DONE_IN_PART: list[tuple[str, dict[str, Any], list[str], str]] = [
    # card, position, answers, the line that says what the text could not do. Errol's roll and the
    # payments of Cosmo Lavish and Burleigh & Stronginthearm are made (ruling 1), so these texts are
    # asked; the removal they then cannot make (no trouble marker anywhere) is said, not silent.
    ("errol", {"trouble": False}, ["errol", "do", "8"], "symbol.no-option.none-in-trouble"),
    ("cosmo-lavish", {"trouble": False}, ["cosmo-lavish", "do", "blue"], "symbol.no-option.none-in-trouble"),
    ("burleigh", {"trouble": False}, ["burleigh-and-stronginthearm", "do", "blue"], "symbol.no-option.assassinate"),
    # Drumknott's first further card empties red's hand: no second one, and that is said
    ("drumknott", {"hand": {"red": 2}}, ["drumknott", "do", "groat", "dimwell"], "symbol.no-option.no-card-to-play"),
]


def test_here_n_now_rolled_with_nobody_to_take_from_says_so() -> None:
    """Here'n'Now: "Roll: 7 or more, take $3 from a player you choose": rolled 9, and blue and green
    have no money (both greyed from revision 3): the line says nobody has money to take, not silence;
    a game of revision 2 still asks whom (and takes $0)."""
    broke = {"money": {"blue": 0, "green": 0}}
    outcome, _ = at(position(**broke), ["here-n-now", "do", "9"])
    said = [n for n in outcome.narration if n.key == "symbol.no-option.scroll"]
    assert len(said) == 1 and dict(said[0].params)["why"] == "skipped.no-money-to-take"
    assert outcome.question is None or outcome.question.key != "card.choose-player"
    outcome, _ = at(position(**broke, revision=SINGLE_WINDOW), ["here-n-now", "do", "9"])
    assert outcome.question is not None and outcome.question.key == "card.choose-player"



@pytest.mark.parametrize("revision", [SINGLE_WINDOW, TEXTS_WITHOUT_TARGET_SKIPPED])
@pytest.mark.parametrize(("name", "changes", "answers", "line"), DONE_IN_PART, ids=[row[0] for row in DONE_IN_PART])
def test_a_text_done_in_part_says_what_it_could_not_do(name: str, changes: dict[str, Any], answers: list[str],
                                                       line: str, revision: int) -> None:
    outcome, _ = at(position(**changes, revision=revision), answers)
    said = [n for n in outcome.narration if n.key == line]
    assert len(said) == 1 and dict(said[0].params)["player"] == "red"
    assert outcome.question is None or not outcome.question.key.startswith("card."), outcome.question
    if name != "errol" and name != "drumknott":  # the payment was still made
        assert outcome.state.player("red").money == 8 and outcome.state.player("blue").money == 12


def test_a_text_a_city_area_power_may_give_a_target_is_asked_with_do_greyed() -> None:
    """Nobody is in Unreal Estate, but red holds Dolly Sisters, whose power ("pay $3: place one of
    your minions in Dolly Sisters or an adjacent area", board.md) may put one there — Unreal Estate
    is adjacent (1-2) — and a power is used "at a time of your choice": The Dean's text is asked,
    "do" greyed with the reason until the power has given it a minion to remove."""
    areas = {"dolly-sisters": {"minions": {c: 1 for c in PLAYERS}, "trouble": True, "building": "red"}}
    outcome, _ = at(position(areas=areas), ["the-dean", "riots"])
    q = outcome.question
    assert q is not None and q.key == "symbol.scroll" and q.options == ("skip", "power:dolly-sisters")
    assert dict(q.unavailable)["do"].key == "skipped.nothing-in-unreal-estate"
    outcome, _ = at(position(areas=areas), ["the-dean", "riots", "power:dolly-sisters", "unreal-estate"])
    q = outcome.question
    assert q is not None and q.key == "symbol.scroll" and q.options[:2] == ("do", "skip") and not q.unavailable
    outcome, _ = at(position(areas=areas), ["the-dean", "riots", "power:dolly-sisters", "unreal-estate", "do"])
    assert outcome.question is not None and outcome.question.options[:1] == ("unreal-estate/red",)
    old, _ = at(position(areas=areas, revision=SINGLE_WINDOW), ["the-dean", "riots"])
    assert old.question is not None and old.question.options == ("do", "skip", "power:dolly-sisters")
    # skipped while "do" is greyed: the line and the strip say why, not "done" in silence
    outcome, progress = at(position(areas=areas), ["the-dean", "riots", "skip"])
    said = [n for n in outcome.narration if n.key == "symbol.no-option.scroll"]
    assert len(said) == 1 and dict(said[0].params)["why"] == "skipped.nothing-in-unreal-estate"
    card = progress.innermost("card")
    if card is not None:
        step = next(s for s in card.steps if s.name == "S")
        assert step.status == "skipped" and step.why is not None and step.why.key == "skipped.nothing-in-unreal-estate"


@pytest.mark.parametrize("revision", [SINGLE_WINDOW, TEXTS_WITHOUT_TARGET_SKIPPED])
def test_the_bursar_offers_first_only_a_minion_with_one_to_swap_with(revision: int) -> None:
    """Red's minions in the three starting areas, blue's one minion in The Shades with red's: red's
    minion in The Shades has no minion of another owner in another area to swap with ("swap the
    positions of any two minions", cards.md; two in one area or of one owner change nothing), so
    revision 3 does not offer it first; revision 2 did, and then ended the text in silence."""
    areas = {**ONLY_RED_MINIONS, "the-shades": {"minions": {"red": 1, "blue": 1}}}
    outcome, _ = at(position(areas=areas, revision=revision), ["the-bursar", "riots", "do"])
    q = outcome.question
    assert q is not None and q.key == "card.bursar-first"
    offered = [o for o in q.options if o != "skip"]
    if revision >= TEXTS_WITHOUT_TARGET_SKIPPED:
        assert sorted(offered) == ["dolly-sisters/red", "the-scours/red", "the-shades/blue"]
    else:
        assert "the-shades/red" in offered
