"""Every one of the 101 player cards, played from a written position with written answers.

One table, one runner: a scenario is (card, position changes, the answers after the card is chosen,
the question the turn should then wait for, the expected table). The runner plays the card as the
first card of red's turn through the real turn procedure (``companion.morpork.turn``).

The base position is the set-up table for red, blue and green (red to play), with the interrupt
cards against other players already on the discard pile so that no window opens unless asked for
(the interrupts have their own tests in ``test_cards_interrupts.py``).
The cards with a random event draw Riots, which asks nothing with three trouble markers on the board,
so the scenarios test the cards and not an event's questions.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.morpork.catalog import CARD_IDS
from companion.core.procedure import Outcome, run
from companion.morpork.revisions import EMPTY_BANK_UNASKED, LATEST, SINGLE_WINDOW
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json
from companion.morpork.turn import turn_procedure

INTERRUPTS = ["gaspode", "fresh-start-club", "wallace-sonky", "igor", "susan"]
"""Interrupts on the discard pile: no window opens. Doctor Mossy Lawn stays possible, so the turn
waits at "end your turn?" (end-turn / doctor-mossy-lawn) and the hand is seen before the refill."""
START = {"the-shades", "the-scours", "dolly-sisters"}


def position(*, areas: dict[str, dict[str, Any]] | None = None, money: dict[str, int] | None = None,
             hand: dict[str, int] | None = None, discard: list[str] | None = None, draw_pile: int = 40,
             personality: dict[str, str] | None = None, stuck: dict[str, list[str]] | None = None,
             events: list[str] | None = None, players: tuple[str, ...] = ("red", "blue", "green")) -> State:
    """The set-up table with changes: ``areas`` replace whole areas; money balances the bank."""
    money = {c: 10 for c in players} | (money or {})
    hand = {c: 5 for c in players} | (hand or {})
    personalities = {"red": "vetinari", "blue": "vimes", "green": "rust", "yellow": "selachii"} | (personality or {})
    doc_areas: dict[str, Any] = {a: {"minions": {c: 1 for c in players}, "trouble": True} for a in START}
    doc_areas.update(areas or {})
    doc = {
        "players": [{"color": c, "money": money[c], "hand": hand[c], "personality": personalities[c],
                     "stuck_cards": (stuck or {}).get(c, [])} for c in players],
        "areas": doc_areas,
        "active_player": players[0],
        "draw_pile": draw_pile,
        "discard_pile": INTERRUPTS if discard is None else discard,
        "bank": 120 - sum(money.values()),
    }
    if events is not None:
        doc["event_deck"] = events
    return state_from_json(doc)


def play(state: State, answers: list[str]) -> Outcome:
    return run(turn_procedure, state, {}, answers)


@dataclass
class Scenario:
    card: str
    answers: list[str]
    expect: list[tuple[Any, ...]]
    waits_for: str | None = "turn.end"
    position: dict[str, Any] = field(default_factory=dict)
    name: str = ""
    revision: int = LATEST

    @property
    def id(self) -> str:
        return self.card + (f"[{self.name}]" if self.name else "")


def check(state: State, expectation: tuple[Any, ...]) -> None:
    kind, *args = expectation
    if kind == "money":
        assert state.player(args[0]).money == args[1], expectation
    elif kind == "hand":
        assert state.player(args[0]).hand == args[1], expectation
    elif kind == "minions":
        assert state.areas[args[0]].minion_count(args[1]) == args[2], expectation
    elif kind == "trouble":
        assert state.areas[args[0]].trouble is args[1], expectation
    elif kind == "building":
        assert state.areas[args[0]].building == args[1], expectation
    elif kind == "trolls":
        assert state.areas[args[0]].trolls == args[1], expectation
    elif kind == "discarded":
        assert (args[0] in state.discard_pile) is args[1], (expectation, state.discard_pile)
    elif kind == "draw_pile":
        assert state.draw_pile == args[0], (expectation, state.draw_pile)
    elif kind == "loans":
        assert state.player(args[0]).loans == args[1], expectation
    elif kind == "stuck":
        assert state.player(args[0]).stuck_cards == args[1], expectation
    elif kind == "personality":
        assert state.player(args[0]).personality == args[1], expectation
    elif kind == "bank_balanced":
        assert state.money_in_play == state.bank_total
    else:  # pragma: no cover
        raise AssertionError(f"unknown expectation {expectation!r}")


RED_HIPPO = {"the-hippo": {"minions": {"red": 1}}}
BLUE_HIPPO_BUILDING = {"the-hippo": {"minions": {"blue": 1}, "building": "blue"}}

S = Scenario
SCENARIOS: list[Scenario] = [
    # -- green cards -----------------------------------------------------------------------------
    S("mr-boggis", ["do", "dimwell"], [("money", "red", 14), ("money", "blue", 8), ("money", "green", 8),
                                       ("minions", "dimwell", "red", 1)]),
    S("mr-boggis", ["do", "skip"], [("money", "red", 13), ("money", "blue", 0)], name="pays-what-they-have",
      position={"money": {"blue": 1}}),
    S("mr-bent", ["do"], [("money", "red", 20), ("loans", "red", ["mr-bent"]), ("discarded", "mr-bent", False)],
      waits_for="turn.play-another"),
    S("the-beggars-guild", ["do", "blue", "skip"], [("hand", "blue", 3), ("hand", "red", 6)]),
    S("the-bank-of-ankh-morpork", ["do"], [("money", "red", 20), ("loans", "red", ["the-bank-of-ankh-morpork"])],
      waits_for="turn.play-another"),
    S("the-ankh-morpork-sunshine-dragon-sanctuary", ["do", "money", "card"],
      [("money", "red", 11), ("money", "blue", 9), ("hand", "green", 4), ("hand", "red", 5)],
      waits_for="turn.play-another"),
    S("sergeant-angua", ["the-shades"], [("trouble", "the-shades", False)], waits_for="turn.play-another"),
    S("the-agony-aunts", ["the-shades/blue", "take", "skip"],
      [("minions", "the-shades", "blue", 0), ("trouble", "the-shades", False), ("money", "red", 12)]),
    S("the-dysk", ["do"], [("money", "red", 14)],
      position={"areas": {"isle-of-gods": {"minions": {"red": 1, "blue": 2}, "trolls": 1}}}),
    S("the-duckman", ["do", "the-shades/blue", "the-hippo"],
      [("minions", "the-hippo", "blue", 1), ("minions", "the-shades", "blue", 0), ("trouble", "the-shades", False)]),
    S("drumknott", ["do", "groat", "dimwell", "sergeant-detritus", "the-shades", "the-scours"],
      [("minions", "dimwell", "red", 1), ("trouble", "the-scours", False), ("hand", "red", 2),
       ("discarded", "drumknott", True), ("discarded", "groat", True)]),
    S("cmot-dibbler", ["do", "8"], [("money", "red", 14)], waits_for="turn.play-another"),
    S("cmot-dibbler", ["do", "1", "pay"], [("money", "red", 8)], waits_for="turn.play-another", name="one-pays"),
    S("cmot-dibbler", ["do", "1", "the-shades/red"], [("minions", "the-shades", "red", 0), ("money", "red", 10)],
      waits_for="turn.play-another", name="one-minion"),
    S("cmot-dibbler", ["do", "4"], [("money", "red", 10)], waits_for="turn.play-another", name="nothing"),
    S("dr-cruces", ["the-scours/green", "take"], [("minions", "the-scours", "green", 0), ("money", "red", 13)]),
    S("captain-carrot", ["dimwell", "dolly-sisters", "take"],
      [("minions", "dimwell", "red", 1), ("trouble", "dolly-sisters", False), ("money", "red", 11)]),
    S("mrs-cake", ["do", "chrysoprase", "seen", "take"], [("money", "red", 12)]),
    S("groat", ["the-hippo"], [("minions", "the-hippo", "red", 1), ("trouble", "the-hippo", False)]),
    S("gimlets-dwarf-delicatessen", ["take", "the-scours"],
      [("money", "red", 13), ("minions", "the-scours", "red", 2)]),
    S("foul-ole-ron", ["do", "the-scours/green", "small-gods"], [("minions", "small-gods", "green", 1)],
      waits_for="turn.play-another"),
    S("the-fools-guild", ["do", "blue", "take-card", "skip"],
      [("hand", "blue", 6), ("stuck", "blue", ["the-fools-guild"]), ("discarded", "the-fools-guild", False)]),
    S("the-fools-guild", ["do", "blue", "pay", "skip"],
      [("money", "blue", 5), ("money", "red", 15), ("discarded", "the-fools-guild", True)], name="pays"),
    S("the-fire-brigade", ["do", "blue", "refuse", "the-hippo"], [("building", "the-hippo", None)],
      waits_for="turn.play-another", position={"areas": BLUE_HIPPO_BUILDING}),
    S("the-fire-brigade", ["do", "blue", "pay"], [("building", "the-hippo", "blue"), ("money", "red", 15)],
      waits_for="turn.play-another", position={"areas": BLUE_HIPPO_BUILDING}, name="pays"),
    S("inigo-skimmer", ["the-dolly-sisters/blue".replace("the-", ""), "take"],
      [("minions", "dolly-sisters", "blue", 0), ("money", "red", 12)]),
    S("history-monks", ["do", "groat", "ruby", "dwarves", "hex", "skip"],
      [("hand", "red", 8), ("discarded", "groat", False), ("discarded", "modo", True)],
      position={"discard": [*INTERRUPTS, "groat", "ruby", "dwarves", "hex", "modo"]}),
    S("hex", ["do"], [("hand", "red", 7), ("draw_pile", 37)]),
    S("here-n-now", ["do", "9", "green"], [("money", "red", 13), ("money", "green", 7)],
      waits_for="turn.play-another"),
    S("here-n-now", ["do", "1", "dolly-sisters"], [("minions", "dolly-sisters", "red", 0)],
      waits_for="turn.play-another", name="one"),
    S("harry-king", ["skip", "do", "groat", "dwarves", "done"], [("money", "red", 14), ("hand", "red", 2),
                                                                 ("discarded", "dwarves", True)]),
    S("hargas-house-of-ribs", ["take", "skip"], [("money", "red", 13)]),
    S("mr-gryle", ["the-shades/troll", "take"], [("trolls", "the-shades", 0), ("money", "red", 11)],
      position={"areas": {"the-shades": {"minions": {"red": 1}, "trolls": 1, "trouble": True}}}),
    S("the-peeled-nuts", [], [("discarded", "the-peeled-nuts", True), ("hand", "red", 4), ("money", "red", 10)]),
    S("the-opera-house", ["do"], [("money", "red", 12)],
      position={"areas": {"isle-of-gods": {"minions": {"red": 1}, "demons": 1, "trouble": True}}}),
    S("nobby-nobbs", ["do", "green"], [("money", "red", 13), ("money", "green", 7)], waits_for="turn.play-another"),
    S("modo", ["do", "groat", "skip"], [("discarded", "groat", True), ("hand", "red", 3)]),
    S("the-mended-drum", ["the-hippo", "take"], [("building", "the-hippo", "red"), ("money", "red", 10)],
      position={"areas": RED_HIPPO, "money": {"red": 20}}),
    S("librarian", ["do"], [("hand", "red", 8), ("draw_pile", 36)]),
    S("leonard-of-quirm", ["do"], [("hand", "red", 8), ("draw_pile", 36)]),
    S("shonky-shop", ["do", "groat", "done"], [("money", "red", 11), ("hand", "red", 3)]),
    S("sacharissa-cripslock", ["do", "skip"], [("money", "red", 13)]),
    S("rosie-palm", ["skip", "do", "blue"], [("hand", "red", 3), ("hand", "blue", 6), ("money", "red", 12),
                                             ("money", "blue", 8)]),
    S("rincewind", ["riots", "do", "the-shades/red", "the-hippo"],
      [("draw_pile", 40), ("minions", "the-hippo", "red", 1), ("minions", "the-shades", "red", 0)],
      waits_for="turn.play-another"),
    S("the-royal-mint", ["the-hippo", "take"], [("building", "the-hippo", "red"), ("money", "red", 13)],
      position={"areas": RED_HIPPO, "money": {"red": 20}}),
    S("queen-molly", ["skip", "do", "green"], [("hand", "green", 3), ("hand", "red", 6)]),
    S("pink-pussycat-club", ["take"], [("money", "red", 13)], waits_for="turn.play-another"),
    S("zorgo-the-retro-phrenologist", ["do", "swap", "selachii"], [("personality", "red", "selachii")]),
    S("dr-whiteface", ["do", "green", "take-card", "skip"], [("hand", "green", 6), ("stuck", "green", ["dr-whiteface"])]),
    S("the-seamstresses-guild", ["do", "green", "skip"], [("hand", "green", 6), ("money", "green", 8),
                                                          ("money", "red", 12)]),
    S("mr-pin-and-mr-tulip", ["the-scours/blue", "skip"], [("minions", "the-scours", "blue", 0), ("money", "red", 10)]),
    S("the-thieves-guild", ["do", "skip"], [("money", "red", 14), ("money", "green", 8)]),
    # -- green cards at their edges (reference cards.md; board.md rulings 1 and 9) -------------------
    # "Every other player gives you either $1 or one of their cards": the giver chooses, and with
    # only one of the two that one is given without a question; with neither, nothing.
    S("the-ankh-morpork-sunshine-dragon-sanctuary", ["do"],
      [("money", "red", 11), ("money", "blue", 0), ("hand", "blue", 4), ("money", "green", 9), ("hand", "green", 0),
       ("hand", "red", 5)],
      waits_for="turn.play-another", position={"money": {"blue": 0}, "hand": {"green": 0}}, name="one-way-to-give"),
    S("the-ankh-morpork-sunshine-dragon-sanctuary", ["do"], [("money", "red", 10), ("hand", "red", 4)],
      waits_for="turn.play-another", position={"players": ("red", "blue"), "money": {"blue": 0}, "hand": {"blue": 0}},
      name="two-players-nothing-to-give"),
    # "they hand you two cards of their own choosing": as many as they have, never a stuck card (FAQ:
    # "once you have accepted one of these cards you are stuck with it for the rest of the game").
    S("the-beggars-guild", ["do", "blue", "skip"], [("hand", "blue", 0), ("hand", "red", 5)],
      position={"hand": {"blue": 1}}, name="one-card-left"),
    S("queen-molly", ["skip", "do", "blue"], [("hand", "blue", 1), ("stuck", "blue", ["the-fools-guild"]),
                                              ("hand", "red", 6)],
      position={"hand": {"blue": 3}, "stuck": {"blue": ["the-fools-guild"]}}, name="stuck-card-stays"),
    # "they must pay you $2 for it": a buyer with less pays what they have (ruling 1); a seller with no
    # card left has nothing to give, and nobody is asked.
    S("rosie-palm", ["skip", "do", "blue"], [("money", "red", 11), ("money", "blue", 0), ("hand", "blue", 6)],
      position={"money": {"blue": 1}}, name="buyer-pays-what-they-have"),
    # with no card to give the text is skipped unasked (rules revision 3), only the M is answered
    S("the-seamstresses-guild", ["skip"], [("hand", "blue", 5), ("money", "red", 10), ("draw_pile", 35)],
      waits_for=None, position={"hand": {"red": 1}}, name="no-card-to-give"),  # red's empty hand refilled by 5
    # "they pay you $5, or you may remove one of their buildings": no building, nothing lost; "may".
    S("the-fire-brigade", ["do", "blue", "refuse"], [("money", "red", 10), ("money", "blue", 10)],
      waits_for="turn.play-another", name="no-building"),
    S("the-fire-brigade", ["do", "blue", "refuse", "skip"], [("building", "the-hippo", "blue"), ("money", "red", 10)],
      waits_for="turn.play-another", position={"areas": BLUE_HIPPO_BUILDING}, name="may-spare-it"),
    # CMOT Dibbler's 1, "pay the bank $2 or remove one of your minions": short of $2 the minion goes;
    # with no minion either, the player pays what they have (ruling 1).
    S("cmot-dibbler", ["do", "1", "the-shades/red"], [("money", "red", 1), ("minions", "the-shades", "red", 0)],
      waits_for="turn.play-another", position={"money": {"red": 1}}, name="one-short-of-money"),
    S("cmot-dibbler", ["do", "1", "pay"], [("money", "red", 1)], waits_for="turn.play-another",
      position={"money": {"red": 3}, "areas": {a: {"minions": {"blue": 1}, "trouble": True} for a in START}},
      name="one-without-minions"),
    # Here'n'Now's 1, "remove one of your own minions": none on the board, nothing happens.
    S("here-n-now", ["do", "1"], [("minions", "the-shades", "blue", 1)], waits_for="turn.play-another",
      position={"areas": {a: {"minions": {"blue": 1}, "trouble": True} for a in START}}, name="one-without-minions"),
    # History Monks, "draw four cards from it": fewer in the pile, the player takes them all.
    S("history-monks", ["do", "groat", "ruby", "skip"], [("hand", "red", 6), ("discarded", "groat", False),
                                                         ("discarded", "ruby", False)],
      position={"discard": ["groat", "ruby"]}, name="fewer-than-four"),
    # Hex, "Draw three cards": the game ends as soon as the last card leaves the draw pile (ruling 9).
    S("hex", ["do"], [("hand", "red", 6), ("draw_pile", 0)], waits_for=None, position={"draw_pile": 2},
      name="takes-the-last-card"),
    # Mr Bent, "take $10 now": the bank pays what it holds (ruling 1); the loan is still $12 at the end.
    S("mr-bent", ["do"], [("money", "red", 100), ("loans", "red", ["mr-bent"])], waits_for="turn.play-another",
      position={"money": {"red": 95}}, name="bank-short"),
    # -- brown cards -----------------------------------------------------------------------------
    S("adora-belle-dearheart", ["do", "the-shades/red", "nap-hill", "skip", "nap-hill"],
      [("minions", "nap-hill", "red", 1), ("building", "nap-hill", "red"), ("money", "red", 8)],
      position={"money": {"red": 20}}),
    S("archchancellor-ridcully", ["riots", "do", "unreal-estate", "nap-hill"],
      [("minions", "unreal-estate", "red", 1), ("minions", "nap-hill", "red", 1), ("draw_pile", 40)]),
    S("buggy-swires", ["dolly-sisters"], [("trouble", "dolly-sisters", False)]),
    S("burleigh-and-stronginthearm", ["do", "blue", "the-shades/green", "skip"],
      [("money", "red", 8), ("money", "blue", 12), ("minions", "the-shades", "green", 0)]),
    S("cable-street-particulars", ["do", "blue", "groat", "skip"], [("hand", "blue", 4), ("discarded", "groat", True)]),
    S("canting-crew", ["do", "dolly-sisters/green", "nap-hill", "skip"], [("minions", "nap-hill", "green", 1)]),
    S("carcer", ["do", "7", "the-shades/blue", "5", "the-scours/red"],
      [("minions", "the-shades", "blue", 0), ("minions", "the-scours", "red", 0)], waits_for="turn.play-another"),
    S("cosmo-lavish", ["do", "blue", "the-shades/green"],
      [("money", "red", 8), ("money", "blue", 12), ("minions", "the-shades", "green", 0)],
      waits_for="turn.play-another"),
    S("deep-dwarves", ["do", "seven-sleepers"], [("minions", "seven-sleepers", "red", 1),
                                                 ("trouble", "seven-sleepers", False)],
      waits_for="turn.play-another", position={"areas": {"seven-sleepers": {"minions": {"blue": 1}}}}),
    S("doctor-hix", ["riots", "do", "nap-hill"], [("trouble", "nap-hill", True)], waits_for="turn.play-another"),
    S("dorfl", ["do", "dolly-sisters/red", "longwall"], [("minions", "longwall", "red", 1)],
      waits_for="turn.play-another"),
    S("dwarves", ["dimwell", "longwall"], [("minions", "dimwell", "red", 1), ("minions", "longwall", "red", 1)]),
    S("edward-death", ["the-shades/blue", "take", "the-hippo"],
      [("minions", "the-shades", "blue", 0), ("building", "the-hippo", "red"), ("money", "red", 1)],
      position={"areas": RED_HIPPO}),
    S("errol", ["do", "8", "the-scours/blue"], [("minions", "the-scours", "blue", 0)], waits_for="turn.play-another"),
    S("errol", ["do", "1", "the-scours"], [("minions", "the-scours", "red", 0)], waits_for="turn.play-another",
      name="one"),
    # red can build nowhere, but holds two money powers: the build is asked, with them (revisions 3 and 4)
    S("gargoyles", ["do", "skip"], [("hand", "red", 6)],
      position={"areas": {"the-hippo": {"building": "red"}, "nap-hill": {"building": "red"}}},
      revision=EMPTY_BANK_UNASKED),
    # … which cannot help: every area of red's minions has a marker (revision 5 skips the build)
    S("gargoyles", ["do"], [("hand", "red", 6)],
      position={"areas": {"the-hippo": {"building": "red"}, "nap-hill": {"building": "red"}}},
      name="revision 5"),
    S("death", ["the-shades/blue", "the-scours/green", "skip"],
      [("minions", "the-shades", "blue", 0), ("minions", "the-scours", "green", 0)]),
    S("hobsons-livery-stable", ["do", "blue", "the-shades/red", "longwall"],
      [("money", "red", 8), ("money", "blue", 12), ("minions", "longwall", "red", 1)]),
    S("hubert", ["do", "blue", "green", "skip"], [("money", "blue", 7), ("money", "green", 13), ("money", "red", 10)]),
    S("lord-downey", ["the-scours/blue", "take", "skip"], [("minions", "the-scours", "blue", 0), ("money", "red", 13)]),
    S("moist-von-lipwig", ["skip", "take", "do"], [("money", "red", 13), ("hand", "red", 6)],
      waits_for="turn.play-another"),
    S("mr-shine", ["do", "nap-hill"], [("minions", "nap-hill", "red", 1), ("trouble", "nap-hill", False)],
      position={"areas": {"nap-hill": {"minions": {"green": 2}}}}),
    S("mr-slant", ["do", "the-shades"], [("money", "red", 16)]),
    S("mr-teatime", ["take", "dolly-sisters/green"], [("money", "red", 13), ("minions", "dolly-sisters", "green", 0)],
      waits_for="turn.play-another"),
    S("otto-chriek", ["do"], [("money", "red", 13)]),
    S("patricians-palace", ["the-hippo", "take", "skip"], [("building", "the-hippo", "red"), ("money", "red", 12)],
      position={"areas": RED_HIPPO, "money": {"red": 20}}),
    S("ponder-stibbons", ["riots", "do", "pink-pussycat-club", "take", "stop", "groat", "dimwell"],
      [("money", "red", 13), ("minions", "dimwell", "red", 1), ("hand", "red", 2)]),
    S("professor-of-recent-runes", ["riots", "do"], [("hand", "red", 6), ("draw_pile", 38)],
      waits_for="turn.play-another"),
    S("reacher-gilt", ["do", "the-shades"], [("building", "the-shades", "red"), ("money", "red", 4),
                                             ("money", "blue", 16)],
      position={"areas": {"the-shades": {"minions": {"red": 1, "blue": 1}, "building": "blue", "trouble": True}}}),
    S("ruby", ["skip", "the-hippo"], [("building", "the-hippo", "red"), ("money", "red", 0)],
      position={"areas": RED_HIPPO, "money": {"red": 12}}),
    S("sergeant-cheery-littlebottom", ["do", "skip"], [("hand", "red", 6)]),
    S("sergeant-colon", ["the-shades", "the-hippo"], [("trouble", "the-shades", False),
                                                     ("minions", "the-hippo", "red", 1)]),
    S("sergeant-detritus", ["the-shades", "the-scours"], [("trouble", "the-shades", False),
                                                         ("trouble", "the-scours", False)]),
    S("sir-charles-lavatory", ["do"], [("money", "red", 12)],
      position={"areas": {"the-hippo": {"building": "blue"}, "nap-hill": {"building": "green"}}}),
    S("stanley", ["do", "blue", "skip"], [("hand", "blue", 4), ("hand", "red", 5)]),
    S("sybil-vimes", ["take", "do", "the-hippo"], [("building", "the-hippo", "red"), ("money", "red", 1),
                                                   ("money", "blue", 22)],
      position={"areas": BLUE_HIPPO_BUILDING}),
    S("the-alchemists-guild", ["do", "groat", "dwarves", "done"], [("hand", "red", 5), ("draw_pile", 37),
                                                                   ("discarded", "groat", True)]),
    S("the-auditors", ["do", "the-shades", "the-scours"], [("minions", "the-shades", "blue", 0),
                                                           ("minions", "the-scours", "green", 0)]),
    S("the-bursar", ["riots", "do", "the-shades/blue", "the-scours/green"],
      [("minions", "the-scours", "blue", 2), ("minions", "the-shades", "green", 2), ("minions", "the-shades", "blue", 0)],
      waits_for="turn.play-another"),
    S("the-chair-of-indefinite-studies", ["riots", "do", "blue"], [("hand", "red", 3), ("hand", "blue", 5),
                                                                 ("stuck", "blue", ["dr-whiteface"])],
      waits_for="turn.play-another", position={"hand": {"blue": 4}, "stuck": {"blue": ["dr-whiteface"]}}),
    S("the-clacks", ["do", "take"], [("hand", "red", 6), ("money", "red", 12)], waits_for="turn.play-another"),
    S("the-dean", ["riots", "do", "unreal-estate/troll"], [("trolls", "unreal-estate", 0)],
      waits_for="turn.play-another", position={"areas": {"unreal-estate": {"trolls": 1, "minions": {"red": 1}}}}),
    S("the-luggage", ["the-shades/blue", "do", "groat"], [("minions", "the-shades", "blue", 0),
                                                          ("discarded", "groat", True)]),
    S("the-mob", ["do", "the-hippo", "skip"], [("trouble", "the-hippo", True)], waits_for="turn.play-another"),
    S("the-post-office", ["do", "skip"], [("money", "red", 11)], position={"areas": {"the-hippo": {"building": "blue"}}}),
    S("the-senior-wrangler", ["riots", "do", "isle-of-gods"], [("minions", "isle-of-gods", "red", 1)],
      waits_for="turn.play-another"),
    S("the-smoking-gnu", ["do", "the-shades"], [("minions", "the-shades", "red", 2)], waits_for="turn.play-another"),
    S("the-watch", ["the-hippo", "dolly-sisters"], [("building", "the-hippo", "red"), ("trouble", "dolly-sisters", False)],
      position={"areas": RED_HIPPO, "money": {"red": 12}}),
    S("wee-mad-arthur", ["do", "unreal-estate"], [("building", "unreal-estate", "red"), ("money", "red", 1)],
      position={"areas": {"unreal-estate": {"minions": {"red": 1}}}}),
    S("william-de-worde", ["skip", "do"], [("money", "red", 13)]),
    S("willikins", ["do", "the-hippo"], [("minions", "the-hippo", "red", 1)],
      position={"areas": {"the-hippo": {"building": "red"}}}),
]

INTERRUPT_CARDS = ["gaspode", "fresh-start-club", "wallace-sonky", "igor", "susan", "doctor-mossy-lawn"]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_card_scenario(scenario: Scenario) -> None:
    state = position(**scenario.position)
    state.revision = scenario.revision
    progress = play(state, [scenario.card, *scenario.answers])
    assert progress.answers_used == len(scenario.answers) + 1
    waits = progress.question.key if progress.question else None
    assert waits == scenario.waits_for, [n.text for n in progress.narration]
    for expectation in scenario.expect:
        check(progress.state, expectation)
    check(progress.state, ("bank_balanced",))
    assert progress.state.player("red").hand >= 0


def test_every_card_id_has_a_scenario_or_an_interrupt_test() -> None:
    covered = {s.card for s in SCENARIOS} | set(INTERRUPT_CARDS)
    assert covered == set(CARD_IDS)


def test_interrupt_cards_are_not_offered_as_the_turns_card() -> None:
    progress = play(position(discard=[]), [])
    assert progress.question is not None
    for card in INTERRUPT_CARDS:
        assert card not in progress.question.options


def test_mrs_cake_shows_the_unused_personalities_but_one_privately() -> None:
    progress = play(position(), ["mrs-cake", "do"])
    draw = progress.question
    assert draw is not None and draw.kind == "random" and draw.private and draw.player is None
    assert set(draw.options) == {"selachii", "de-worde", "dragon-king-of-arms", "chrysoprase"}
    look = play(position(), ["mrs-cake", "do", "de-worde"]).question
    assert look is not None and look.private and look.player == "red"
    shown = dict(look.params)["shown"].split(",")
    assert sorted(shown) == ["chrysoprase", "dragon-king-of-arms", "selachii"]


def test_zorgo_draws_only_unused_personalities() -> None:
    draw = play(position(), ["zorgo-the-retro-phrenologist", "do", "swap"]).question
    assert draw is not None and draw.kind == "random" and "vimes" not in draw.options
    assert "vetinari" not in draw.options


@pytest.mark.parametrize("card", ["mrs-cake", "zorgo-the-retro-phrenologist"])
def test_two_player_unused_personalities_leave_out_chrysoprase(card: str) -> None:
    """Two players: "remove the Chrysoprase card before shuffling and dealing out Personality
    cards" (rulebook), so it is not among the unused ones Mrs Cake sees or Zorgo draws from."""
    answers = ["do"] if card == "mrs-cake" else ["do", "swap"]
    draw = play(position(players=("red", "blue")), [card, *answers]).question
    assert draw is not None and draw.kind == "random"
    assert set(draw.options) == {"selachii", "rust", "de-worde", "dragon-king-of-arms"}


@pytest.mark.parametrize("card", ["the-duckman", "foul-ole-ron"])
def test_moving_another_players_minion_offers_no_troll_demon_or_own_minion(card: str) -> None:
    """"Move another player's minion": trolls and demons are minions "unless a text says ... another
    player's minion" (ruling 4), and one's own minion is not another player's."""
    areas = {"the-shades": {"minions": {"red": 1, "blue": 1}, "trolls": 1, "demons": 1, "trouble": True}}
    question = play(position(areas=areas), [card, "do"]).question
    assert question is not None and question.key == "card.move-other"
    assert "the-shades/blue" in question.options and "the-scours/green" in question.options
    assert not {"the-shades/red", "the-shades/troll", "the-shades/demon"} & set(question.options)


def test_rincewind_moves_only_out_of_an_area_with_a_trouble_marker() -> None:
    """Rincewind: "Move one of your minions out of an area that has a trouble marker"."""
    areas = {"the-hippo": {"minions": {"red": 1}}, "the-shades": {"minions": {"red": 1, "blue": 1}, "trouble": True}}
    question = play(position(areas=areas), ["rincewind", "riots", "do"]).question
    assert question is not None and question.key == "card.move-own"
    assert "the-shades/red" in question.options and "the-hippo/red" not in question.options


def test_two_player_game_never_offers_hubert_or_cosmo() -> None:
    state = position(players=("red", "blue"))
    options = play(state, []).question.options  # type: ignore[union-attr]
    assert "hubert" not in options and "cosmo-lavish" not in options


def test_a_card_on_the_discard_pile_cannot_be_played() -> None:
    state = position(discard=[*INTERRUPTS, "groat"])
    question = play(state, []).question
    assert question is not None and "groat" not in question.options and "ruby" in question.options


def test_card_stuck_in_hand_is_not_playable_and_not_discardable() -> None:
    state = position(stuck={"red": ["the-fools-guild"]})
    question = play(state, []).question
    assert question is not None and "the-fools-guild" not in question.options
    modo = play(state, ["modo", "do"]).question
    assert modo is not None and "the-fools-guild" not in modo.options


def test_loan_counts_against_chrysoprase_and_lies_in_front() -> None:
    from companion.morpork.scoring import net_worth

    progress = play(position(), ["mr-bent", "do", "stop", "end-turn"])
    assert progress.question is None
    assert net_worth(progress.state, "red") == 20 - 12
    assert "mr-bent" not in progress.state.discard_pile


def test_ridcully_places_only_in_or_next_to_unreal_estate() -> None:
    question = play(position(), ["archchancellor-ridcully", "riots", "do"]).question
    assert question is not None and question.key == "card.place-minion"
    assert set(question.options) == {"unreal-estate", "dolly-sisters", "dragons-landing", "small-gods",
                                     "isle-of-gods", "seven-sleepers", "nap-hill", "skip"}


def test_death_board_assassination_needs_trouble() -> None:
    question = play(position(areas={"the-hippo": {"minions": {"blue": 1}}}), ["death"]).question
    assert question is not None and question.key == "symbol.assassinate"
    assert "the-hippo/blue" not in question.options and "the-shades/blue" in question.options
    assert "the-shades/red" not in question.options


@pytest.mark.parametrize("card,answers", [
    ("the-duckman", ["do", "dolly-sisters/green"]),
    ("dorfl", ["do", "dolly-sisters/red"]),
    ("hubert", ["do", "blue"]),
])
def test_a_text_can_still_be_skipped_after_its_first_pick(card: str, answers: list[str]) -> None:
    """Review of issue 4: picking the minion to move (or Hubert's payer) commits to nothing yet, so
    the next question keeps ``skip`` and skipping leaves the table as it was."""
    state = position()
    question = play(state, [card, *answers]).question
    assert question is not None and "skip" in question.options
    progress = play(state, [card, *answers, "skip"])
    after = progress.state
    for color in ("red", "blue", "green"):
        assert after.player(color).money == state.player(color).money
        for area in START:
            assert after.areas[area].minion_count(color) == 1


def test_building_with_all_six_out_can_be_skipped_at_the_building_to_move() -> None:
    areas = {a: {"building": "red"} for a in ("the-hippo", "nap-hill", "longwall", "small-gods", "dimwell",
                                               "isle-of-gods")}
    areas["seven-sleepers"] = {"minions": {"red": 1}}
    state = position(areas=areas, money={"red": 30})
    question = play(state, ["ruby", "skip", "seven-sleepers"]).question
    assert question is not None and question.key == "symbol.build.move-from" and "skip" in question.options
    progress = play(state, ["ruby", "skip", "seven-sleepers", "skip"])
    assert progress.state.areas["seven-sleepers"].building is None and progress.state.player("red").money == 30


@pytest.mark.parametrize("card,answers,player,option", [
    ("the-fools-guild", ["do", "blue"], "blue", "pay"),
    ("dr-whiteface", ["do", "blue"], "blue", "pay"),
    ("the-fire-brigade", ["do", "blue"], "blue", "pay"),
    ("cmot-dibbler", ["do", "1"], "red", "pay"),
])
def test_an_unaffordable_payment_is_greyed_with_the_reason(card: str, answers: list[str], player: str,
                                                          option: str) -> None:
    """Paying $5 (or Dibbler's $2) needs the money: the option is not offered, but the screen shows
    it greyed with why, so the player sees they were not cheated of a choice."""
    state = position(money={"blue": 4, "red": 1})
    question = play(state, [card, *answers]).question
    assert question is not None and question.player == player and option not in question.options
    reason = dict(question.unavailable)[option]
    assert reason.key == "money.short" and dict(reason.params)["player"] == player
    assert "$" in reason.text and player in reason.text
    rich = play(position(), [card, *answers]).question
    assert rich is not None and option in rich.options and not rich.unavailable


@pytest.mark.parametrize("card", ["cable-street-particulars", "stanley"])
def test_a_player_without_cards_is_greyed_not_hidden_for_cable_street_and_stanley(card: str) -> None:
    question = play(position(hand={"blue": 0}), [card, "do"]).question
    assert question is not None and question.key == "card.choose-player"
    assert "blue" not in question.options and "green" in question.options
    reason = dict(question.unavailable)["blue"]
    assert reason.key == "hand.no-free-card" and "card" in reason.text


def test_cosmo_lavish_the_paid_player_may_not_remove_the_card_players_minion() -> None:
    """cards.md, Cosmo Lavish: "Pay another player $2; they must remove a minion of their choice
    (not one of yours) from an area with a trouble marker." "Yours" is the card's player (red), not
    the paid player (blue): blue may pick any piece in a troubled area but red's, their own included."""
    state = position(areas={"the-hippo": {"minions": {"red": 1, "blue": 1}, "trolls": 1, "trouble": True}})
    question = play(state, ["cosmo-lavish", "do", "blue"]).question
    assert question is not None and question.key == "card.cosmo-remove" and question.player == "blue"
    assert not any(option.endswith("/red") for option in question.options)
    assert {"the-shades/blue", "the-shades/green", "the-hippo/blue", "the-hippo/troll"} <= set(question.options)
    assert dict(question.params)["spared"] == "red"
    progress = play(state, ["cosmo-lavish", "do", "blue", "the-hippo/blue"])
    assert progress.state.areas["the-hippo"].minion_count("blue") == 0
    assert progress.state.areas["the-hippo"].minion_count("red") == 1


def test_cosmo_lavish_in_a_game_of_rules_revision_2_spares_the_paid_players_minions() -> None:
    """A game journalled before rules revision 3 read "yours" as the paid player's and replays and
    resumes so: blue may remove red's minion, not their own (the question says whose are spared)."""
    state = position(areas={"the-hippo": {"minions": {"red": 1, "blue": 1}, "trolls": 1, "trouble": True}})
    state.revision = SINGLE_WINDOW
    question = play(state, ["cosmo-lavish", "do", "blue"]).question
    assert question is not None and question.key == "card.cosmo-remove"
    assert "the-hippo/red" in question.options and not any(o.endswith("/blue") for o in question.options)
    assert dict(question.params)["spared"] == "blue"


def test_cosmo_lavish_with_only_the_card_players_minions_in_trouble_removes_nothing() -> None:
    """The same sentence: red's minions are never the paid player's to remove, so with nothing else
    in a troubled area blue removes nothing (and keeps the $2, ruling 1's "as much as possible")."""
    areas: dict[str, dict[str, Any]] = {a: {"minions": {"red": 1}, "trouble": True} for a in START}
    progress = play(position(areas=areas), ["cosmo-lavish", "do", "blue"])
    assert progress.question is not None and progress.question.key == "turn.play-another"
    assert all(progress.state.areas[a].minion_count("red") == 1 for a in START)
    assert progress.state.player("blue").money == 12


def test_stanley_tells_the_table_to_take_two_at_random_keep_one_and_give_one_back() -> None:
    """cards.md, Stanley: "Take two cards at random from one player, keep one and give the other
    back." The line says that (not "blue gives red a card of random's choice", with "random" as if a
    player); a player with one card left loses just that one."""
    progress = play(position(), ["stanley", "do", "blue"])
    line = next(n for n in progress.narration if n.key.startswith("cards.stanley"))
    assert line.key == "cards.stanley" and dict(line.params) == {"taker": "red", "giver": "blue"}
    assert "two cards at random" in line.text and "random's" not in line.text
    assert progress.state.player("blue").hand == 4 and progress.state.player("red").hand == 5
    one = play(position(hand={"blue": 1}), ["stanley", "do", "blue"])
    line = next(n for n in one.narration if n.key.startswith("cards.stanley"))
    assert line.key == "cards.stanley-one" and one.state.player("blue").hand == 0
