"""Every Ankh-Morpoly question a player answers says whose it is: the board shows one question for
the whole table, and "Which square do you buy from another player?" did not say who "you" was (the
only question without a name, in every language). Found on the Polish board ("Które pole kupujesz od
innego gracza?") in a game played by touch; the question addressed to the whole table (who bid
highest at a takeover's auction) names the guild instead."""
from __future__ import annotations

import re

import pytest

from companion.core.procedure import Question
from ui.i18n import LANGUAGES, LOCALE_DIR, Translator
from ui.i18n_tools import parse_po

TO_THE_TABLE = {"q:morpoly.takeover.auction", "q:morpoly.deed.auction", "q:morpoly.fortuna.window",
                *(f"q:morpoly.fortuna.window.npc-{npc}" for npc in ("death", "luggage", "dibbler")),
                "q:morpoly.trade.proposer", "q:morpoly.manage.party",
                *(f"q:morpoly.shortage.{key}" for key in ("kind", "winner", "winner.hotel"))}
"""Questions the whole table answers: an auction's highest bidder (of a guild taken over, or of a deed
in standard Monopoly: the sentence names the deed), whether anyone spends a Fortuna token on a
throw (the sentence names who threw, and after a throw for an NPC, what it moves), and which party
proposes a trade on another's menu (rules revision 7), and whose houses and mortgages are managed there
(revision 12); the auction of the bank's last houses or hotels, which kind and who bid highest (revision
13)."""

WHOSE = re.compile(r"\{\w+\}: ")
"""A question opens with the name of who answers it ("{party}: …", "{token}: …"), as the board shows it."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_question_names_who_answers(language: str) -> None:
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    nameless = {key: text for key, text in entries.items()
                if key.startswith("q:morpoly.") and key not in TO_THE_TABLE and not WHOSE.match(text)}
    assert not nameless, nameless


@pytest.mark.parametrize(("language", "said"), [
    ("pl", "Małgorzata: które pole kupujesz od innego gracza?"),
    ("it", "Małgorzata: quale casella compri da un altro giocatore?"),
    ("en", "Małgorzata: which square do you buy from another player?"),
])
def test_the_trade_question_names_the_buyer(language: str, said: str) -> None:
    tr = Translator(language)
    tr.use_players({"yellow": "Małgorzata"})
    question = Question(kind="choice", key="morpoly.trade.square", text="", player="yellow",
                        options=("cancel",), params=(("party", "yellow"), ("boss", "yellow")))
    assert tr.question(question) == said


@pytest.mark.parametrize(("language", "said"), [
    ("de", "Bernd: Welches Feld kaufst du einem Mitspieler ab?"),
    ("en", "Bernd: which square do you buy from another player?"),
    ("pl", "Bernd: które pole kupujesz od innego gracza?"),
    ("it", "Bernd: quale casella compri da un altro giocatore?"),
])
def test_the_trade_question_names_the_boss(language: str, said: str) -> None:
    """Only a party's boss trades (R57): the question is the boss's, and it named ``{party}`` (the
    party, a merged team's seat) where the one who answers is meant; it names the boss the engine
    asks (the ``boss`` param, as the debt's and the FSU's questions do)."""
    tr = Translator(language)
    tr.use_players({"yellow": "Anna", "green": "Bernd"})
    question = Question(kind="choice", key="morpoly.trade.square", text="", player="green",
                        options=("cancel",), params=(("party", "yellow"), ("boss", "green")))
    assert tr.question(question) == said
