"""Translations for the app: gettext catalogues under ``ui/locale/<lang>/LC_MESSAGES/ankh_companion.mo``.

One :class:`Translator` per app (no module-level current language), so switching language is one
call and a test can hold two apps in different languages. Area names come from the board data
(``companion.morpork.board``), card and event names from the catalog; everything the app says itself is a
gettext message. Engine questions and narration carry a stable ``key`` and ``params``: when the
catalogue has a template for ``q:<key>`` / ``n:<key>`` it is used, else the engine's English text.
English has a template for every Discworld: Ankh-Morpork key too, since the engine's sentences quote
ids and colours ("yellow places a minion in dolly-sisters") where a player reads names.
A game mode's options (its rulings) are worded by ``o:<option>`` (name), ``o:<option>:about``
(the one-line description, the engine's English as the source) and ``o:<option>=<value>``.
A greyed option's reason is a ``Reason`` (a rule id and its values) translated the same way by
``r:<key>``; every language, English included, has a short template for each, so the engine may
reword its sentences without touching any screen. A refused input (``RuleViolation``/``InputError``)
is said by ``e:<key>`` the same way (:meth:`Translator.refusal`), and so is a journal or disk problem
(``e:journal.disk-full``, …; a replay problem's ``{detail}`` is the engine's refusal, translated).
A card's scroll text is ``scroll:<card>`` (the engine's card data holds the English text, the rule;
the words of the other languages are here); a question about a card may say it as ``{scroll}``.
A line saying why something was skipped names the reason's key as its ``why`` param and says it as
``{why}``, by the reason's ``r:`` template (one wording for the line and the checklist strip).

Plurals: a message about a number may hold one form per plural category of its language, split by
``|`` ("{n} krok|{n} kroki|{n} kroków"); :func:`plural_form` picks one by the number (Polish has three
forms — 1 agent, 2–4 agenty, 5 agentów, 22 agenty; English, German and Italian two). An app message
says its number as ``{n}`` (:meth:`Translator.plural`), an engine template by its first parameter in
:data:`COUNT_PARAMS`. A message with no ``|`` is one form for every number.
A message with a second number (or a number not in :data:`COUNT_PARAMS`) gives that number its own
forms in its placeholder, ICU's ``#`` standing for the number: ``{left:została # karta|zostały #
karty|zostało # kart}`` (:class:`CountedFormatter`); so "Nie można o 3 kroki: możliwy tylko 1"
says each number with its own form. A ``|`` inside braces never splits the whole message.

A line of the log is a sentence: every narration template starts with a capital, and the composed
line too (:func:`sentence`), for a template that starts with a value ("red", a name typed in lower case).
"""
from __future__ import annotations

import gettext
import string
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from companion.core.procedure import Question, Reason
from companion.morpoly.currency import PROFILES
from companion.morpork.board import AREA_BY_ID
from companion.morpork.catalog import display_name
from companion.morpork.progress import only_skip_and_powers
from ui.palette import SEATS

DOMAIN = "ankh_companion"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES: tuple[str, ...] = ("en", "de", "pl", "it")
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "pl": "Polski", "it": "Italiano"}


OPTION_WORDS: dict[str, str] = {
    "skip": "Skip", "pass": "Pass", "stop": "Stop here", "end-turn": "End the turn: draw up to five", "take": "Take it",
    "do": "Do it", "done": "Done", "pay": "Pay", "refuse": "Refuse", "decline": "Decline", "none": "None",
    "money": "Money", "card": "A card", "take-card": "Take a card", "swap": "Swap", "seen": "Seen",
    "yes": "Yes", "no": "No", "keep": "Keep", "ignore": "Ignore",
}
"""The engine's answer words and how a button shows them (English msgids for gettext)."""

GUILD_WORDS: dict[str, str] = {
    "thieves": "Thieves' Guild", "watch": "City Watch", "merchants": "Merchants' Guild",
    "beggars": "Beggars' Guild", "undead": "Undead", "patrician": "The Patrician",
    "fools": "Fools' Guild", "wizards": "Wizards", "assassins": "Assassins' Guild",
}
"""Ankh-Morpoly's guilds by id, as a sentence or a button names them (English msgids)."""


def plural_form(language: str, n: int) -> int:
    """Which of a message's plural forms (0, 1, 2) fits the number ``n`` in ``language`` (the rules
    gettext's ``Plural-Forms`` header writes down: Polish one / few / many, the others one / other)."""
    if language == "pl":
        if n == 1:
            return 0
        return 1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2
    return 0 if n == 1 else 1


COUNT_PARAMS: tuple[str, ...] = ("count", "cards", "buildings", "kept", "markers", "steps", "distance", "n")
"""The engine parameters that count something, in the order a plural template is chosen by."""


def split_forms(text: str) -> list[str]:
    """A message's whole-sentence plural forms: ``text`` split at each ``|`` outside braces (a ``|``
    inside a placeholder separates that number's own forms)."""
    forms, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "|" and depth == 0:
            forms.append(text[start:i])
            start = i + 1
    return forms + [text[start:]]


def _count_of(value: object) -> int | None:
    text = str(value)
    return int(text) if text.isdigit() else None


DOUBLED_WORDS: dict[str, tuple[tuple[str, str], ...]] = {
    "pl": (("dzielnicy Dzielnica ", "Dzielnicy "), ("dzielnica Dzielnica ", "Dzielnica ")),
}
"""A template's word before an area's name that the name already starts with, and how the sentence
says the two: Polish templates say "w dzielnicy {area}", and Unreal Estate is "Dzielnica Magów" —
the rulebook writes "w Dzielnicy Magów", not "w dzielnicy Dzielnica Magów"."""


EUPHONIC_D = frozenset({"it"})
"""Languages whose "a" and "e" take a euphonic d before a word that starts with the same vowel:
Italian writes "tocca ad Annunziata", "ed Enrico", "fino ad Atlantic Avenue". A template says "tocca a
{token}" for every name, and a table read "Turno 9: tocca a Annunziata", "a Annunziata restano 7
membri della gilda" (:func:`euphonic_d`)."""


def euphonic_d(text: str) -> str:
    """``text`` with the euphonic d of :data:`EUPHONIC_D`: a lone "a"/"e" before a word that starts
    with the same vowel becomes "ad"/"ed" ("a Annunziata" → "ad Annunziata"); before another vowel it
    stays ("a Enrico"). A player named in a sentence is drawn "[color=…]◆[/color] Anna": the coloured
    mark between is passed over. Word by word (no regular expression reads the app's text)."""
    words = text.split(" ")
    for index, word in enumerate(words[:-1]):
        if word not in ("a", "e", "A", "E"):
            continue
        following = words[index + 1]
        if following.startswith("[color=") and following.endswith("[/color]") and index + 2 < len(words):
            following = words[index + 2]
        if following[:1].lower() == word.lower():
            words[index] = word + "d"
    return " ".join(words)


NAME_QUOTES: dict[str, tuple[str, str]] = {"de": ("\u201e", "\u201c")}
"""How a language's sentences set off an area's or a card's name: the German rulebook writes
"in „Die Schatten“", "mit der Karte „Gaspode“" — unquoted, "in Die Schatten" and "spielt Der Dekan"
read as broken grammar (an article in capitals mid-sentence, in the wrong case). Buttons, which show
a name alone, stay unquoted (:meth:`Translator.option`)."""


def sentence(text: str) -> str:
    """``text`` as a line of the log starts: with a capital. A template may begin with a value (a
    player's colour, "red", when no name was typed; a name typed in lower case; "il Bagaglio"), so
    the composed line is capitalised, not only the catalogue's words."""
    first = text[:1]
    return first.upper() + text[1:] if first.islower() and len(first.upper()) == 1 else text


class CountedFormatter(string.Formatter):
    """``str.format`` where a placeholder may hold its number's plural forms:
    ``{left:# karta|# karty|# kart}`` says the ``left`` parameter in the form of the formatter's
    language that fits it, ``#`` being the number (the last form for a value that is no number)."""

    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" not in format_spec:
            return str(super().format_field(value, format_spec))
        forms = format_spec.split("|")
        count = _count_of(value)
        form = forms[-1] if count is None else forms[min(plural_form(self.language, count), len(forms) - 1)]
        return form.replace("#", str(value))


CHOICE_WORDS: dict[str, str] = {"yes": "Yes", "no": "No", "on": "on", "off": "off"}
"""The values every yes/no or on/off game option shares, in the app's words; any other value of an
option has its own ``o:<option>=<value>`` message."""


CURRENCY_SYMBOLS: tuple[str, ...] = tuple(sorted({profile.symbol for profile in PROFILES.values()}, key=len,
                                                 reverse=True))
"""The symbols of Ankh-Morpoly's currencies (:data:`companion.morpoly.currency.PROFILES`), longest
first, before or after the digits: written out here, the list had lost the pound and the Monopoly dollar."""


DIGITS = frozenset("0123456789")


def is_amount(value: str) -> bool:
    """Whether a sentence's value is an amount as the engine writes it (``38 €``, ``DM 4.000``,
    ``$3,150``): a number that a wrapped line must not split from its symbol, nor a comma into a list."""
    if DIGITS.isdisjoint(value):  # most values are ids and names: no digit, no amount
        return False
    text = value[1:] if value.startswith("-") else value
    for symbol in CURRENCY_SYMBOLS:
        digits = text[len(symbol):] if text.startswith(symbol) else text[:-len(symbol)] if text.endswith(symbol) else ""
        digits = digits.strip(" ")
        if digits[:1].isdigit() and digits.replace(".", "").replace(",", "").isdigit():
            return True
    return False


THOUSANDS: dict[str, str] = {"en": ",", "de": ".", "pl": "\u00a0", "it": "."}
"""How each language groups an amount's thousands: "$16,080" read by a Polish or Italian table is
sixteen dollars and eight cents; Polish groups with a (no-break) space, German and Italian with a point."""


def group_digits(amount: int, language: str) -> str:
    """``amount``'s digits grouped by thousands as ``language`` writes them ("16.080", "16 080")."""
    return f"{amount:,}".replace(",", THOUSANDS.get(language, ","))


def regrouped(value: str, language: str) -> str:
    """An amount as the engine wrote it (:func:`is_amount`: "$16,080", "DM 4.000", "-38 €") with its
    digits grouped as ``language`` writes them; its symbol stays where the set prints it."""
    first = next(i for i, c in enumerate(value) if c in DIGITS)
    last = max(i for i, c in enumerate(value) if c in DIGITS)
    return value[:first] + group_digits(int(value[first:last + 1].replace(",", "").replace(".", "")),
                                        language) + value[last + 1:]


def amounts_whole(text: str) -> str:
    """A printed sentence (a card's) with each amount held to its symbol by a no-break space, as a
    param's amount is (:func:`is_amount`): "Zahle 50 €." wrapped on the log as "Zahle 50" and "€."."""
    words = text.split(" ")
    joined = words[0]
    for before, word in zip(words, words[1:]):
        joined += ("\u00a0" if _amount_halves(before, word) else " ") + word
    return joined


def _amount_halves(before: str, after: str) -> bool:
    """Whether two words a space apart are an amount's digits and its symbol ("50" "€.", "DM" "400"):
    the symbol not part of a word ("5 Minuten", "TM 4" are no amounts)."""
    for symbol in CURRENCY_SYMBOLS:
        if before[-1:].isdigit() and after.startswith(symbol) and not after[len(symbol):len(symbol) + 1].isalpha():
            return True
        if after[:1].isdigit() and before.endswith(symbol) and not before[:-len(symbol)][-1:].isalpha():
            return True
    return False


PLACE_GO = "go_name"
"""The placeholder of GO as the set prints it, which every engine sentence may use beside the engine's
params (:meth:`Translator.use_places`)."""
PLACE_CHANCE = "chance_name"
PLACE_CHEST = "chest_name"
"""The placeholders of the two card decks' squares as the set prints them ("Chance" and "Community
Chest" on the US set, "Ereignisfeld" and "Gemeinschaftsfeld" on the German ones), like ``{go_name}``;
said only by the sentences of a set of another language (:data:`AS_PRINTED`)."""
ROLL_KEY = "morpoly.roll."
"""The roll a question follows (its ``roll`` param: Fortuna's window) says itself in the question's
``q:<key>.<roll>`` form where the catalogue has one ("… rolled 3 and 6 to move Death: play on …?").
The window after a throw for Death, the Luggage or CMOT Dibbler said only "Przemysław rolled 3 and 6",
and the log names the NPC's throw only after the window: the table could not tell which throw it
was asked to void. The same key and params, so recorded games replay as they were."""

AS_PRINTED = "as-printed:"
"""The prefix of a sentence's variant for a set that speaks another language than the table
(:meth:`Translator.names_as_printed`): ``as-printed:q:morpoly.card.chance`` names the deck as the
set prints it in a construction that reads with a quoted foreign name ("welche Karte vom Stapel
„Chance“ wurde gezogen?"), where the sentence itself says the language's own word ("welche
Ereigniskarte wurde gezogen?"), which is the set's when the set speaks the table's language."""
CLAIM_LINES = frozenset({"morpoly.fsu.claimed", "morpoly.fsu.redeemed"})
"""An FSU's line after its claim (params ``amount`` and ``waived``), which says "after this payout"
a line below the payment. When nothing was paid out the line says so by another form
(:func:`claim_form`): "mit dieser Auszahlung eingelöst" read as a payout that never was, below
"… verzichtet auf …" or a Fool's doubles."""
FORM_BY_PARAM = {"morpoly.fsu.fool-rolled": "purpose", "morpoly.building.sold-short": "houses",
                 "event.small-gods": "kind",
                 **{f"morpoly.shortage.{key}": "kind" for key in ("winner", "bid", "where", "no-bid", "auctioned")}}
"""Lines said in the form their param's value names (``n:<key>.<value>``, when the catalogue has it):
the Fools' dice on a claim (table C) and on a new FSU's cover (table B) were both said "Bob rolls 3
and 4", and the log's reader could not tell what the throw was for. A hotel sold while the bank is
short of houses says the bank's houses left, and none by its ``.0`` form: "the bank has only 0
houses" counted what is not there ("the bank has no houses"). The auction of the bank's last houses or
hotels (rules revision 13) asks and says each in the form of its kind (``.hotel``; a house the plain
form): a kind is a word of the sentence, not a name to put in it. Small Gods' offer against a random
event asks in the form of what is at stake (``.minion``, ``.building``; the plain form for the pieces a
demon or troll would join): Polish asked to protect "pionki" (minions) of a building an earthquake was
about to destroy. Questions take these forms too (:meth:`Translator.question`)."""
ITEM_PARAMS = frozenset({"gives", "gets"})
"""Params that list one side of an Ankh-Morpoly trade's offer (:meth:`Translator.trade_items`)."""
MORTGAGED_ITEMS = "mortgaged"
"""The param that names the offer's squares that change hands mortgaged, marked so among its items."""
MORTGAGED_ITEM = "{item} (mortgaged)"
"""A square of an offer that changes hands mortgaged: who takes it takes the mortgage (and, where R12
is read so, pays the bank its tenth), which the partner's question did not say (listed in ``messages.txt``)."""
INTEREST_FORM = "interest"
"""A question with an ``interest`` param (the trade's answer: R12's tenth on the mortgaged squares the
partner receives) says it by its ``q:<key>.interest`` form where the catalogue has one."""
TRADE_ITEMS = " + "
"""How the engine joins a trade's items (``companion.morpoly.trade.ITEMS``)."""


CLAIM_FORMS = {"nothing": ".unpaid", "waived": ".waived", "paid": ""}
"""The form of each ``payout`` the engine says of a claim (``companion.morpoly.settle.payout``)."""


def claim_form(params: Mapping[str, str]) -> str:
    """The form of an FSU's line after its claim (:data:`CLAIM_LINES`) that says what was paid out:
    ``.unpaid`` for a claim of nothing (a Fool's doubles, table C: the FSU stays, nothing paid),
    ``.waived`` for one the Merchants waived whole (R33), else ``""`` (a payment line above it) — as the
    engine says it (param ``payout``, :data:`CLAIM_FORMS`). A line of a journal written before the
    engine said it is read from its formatted amounts, as it was: no digit but 0, nothing paid."""
    if params.get("payout") in CLAIM_FORMS:
        return CLAIM_FORMS[params["payout"]]
    amount, waived = params.get("amount", ""), params.get("waived", "")
    if not any(c in "123456789" for c in amount):
        return ".unpaid"
    return ".waived" if waived == amount else ""


@lru_cache(maxsize=4096)
def template_fields(template: str) -> frozenset[str] | None:
    """The params a template names (``{payer}``, ``{left:# karta|# kart}``: ``payer``, ``left``), or
    ``None`` for a template that does not parse (it is then filled with every param, and fails there)."""
    try:
        return frozenset(field.partition(".")[0].partition("[")[0]
                         for _text, field, _spec, _conversion in string.Formatter().parse(template) if field)
    except ValueError:
        return None


def sentence_forms(prefix: str, params: Mapping[str, str]) -> Iterator[str]:
    """The other wordings an engine sentence (``<prefix>:<key>``) may be said in, by its params, in
    the order they are added (each where the catalogue has it: :meth:`Translator.in_form`):

    * ``:for``: a payment's line or question that says what the money is for (:meth:`Translator.purpose`);
    * a question's throw (param ``roll``, :data:`ROLL_KEY`): Fortuna's window says what the throw moves;
    * ``.interest`` (:data:`INTEREST_FORM`): a trade's answer that names R12's tenth due on the
      mortgaged squares received;
    * ``.<form>``: a question's other wording its ``form`` param names (a debt's raise question that
      offers a trade)."""
    if params.get("for"):
        yield ":for"
    if prefix != "q":
        return
    roll = params.get("roll", "")
    if roll.startswith(ROLL_KEY):
        yield "." + roll[len(ROLL_KEY):]
    if params.get(INTEREST_FORM):
        yield "." + INTEREST_FORM
    if params.get("form"):
        yield "." + params["form"]


def param_form(key: str, params: Mapping[str, str]) -> str:
    """The form (``.<value>``) of the param :data:`FORM_BY_PARAM` names for ``key``, or ``""``: one
    reading for lines and questions alike."""
    by = FORM_BY_PARAM.get(key)
    return "." + params[by] if by and params.get(by) else ""


def narration_forms(key: str, params: Mapping[str, str], base: str) -> Iterator[str]:
    """The other wordings a narration line (``n:<key>``) may be said in, before
    :func:`sentence_forms` (each where the catalogue has it, in this order):

    * ``.<base>``: a plain-Monopoly table's own words (``.standard``; see :meth:`Translator.narration`);
    * ``.<value>`` of the param :data:`FORM_BY_PARAM` names for the key (the Fools' throws by purpose);
    * a claim's payout (:data:`CLAIM_LINES`, :func:`claim_form`): nothing paid out, or waived;
    * ``.bank``: Ankh-Morpoly's bank as a payee ("an die Bank", "do banku", "alla banca")."""
    if base:
        yield "." + base
    form = param_form(key, params)
    if form:
        yield form
    if key in CLAIM_LINES:
        form = claim_form(params)
        if form:
            yield form
    if "bank" in params.values():
        yield ".bank"


class Translator:
    """The current language and its catalogue."""

    def __init__(self, language: str = "en") -> None:
        self.language = "en"
        self._catalog: gettext.NullTranslations = gettext.NullTranslations()
        self.players: dict[str, str] = {}
        self.places: dict[str, str] = {}
        self.set_speaks: str | None = None
        self.set_language(language)

    def use_players(self, names: Mapping[str, str]) -> None:
        """The names the players typed, by colour: every sentence says "Anna", never "red"."""
        self.players = {color: name for color, name in names.items() if name}

    def use_places(self, places: Mapping[str, str], set_speaks: str | None = None) -> None:
        """Squares a sentence names as the set on the table prints them, by placeholder (``{go_name}``:
        "GO" on the US set, "Los" on the German ones), whatever the language: the board's ring and
        the log's moves say the printed name, and a sentence that said its own word for the square
        ("zieht 200 $ auf Los ein" beside "GO" on the ring) named another place. With no set at hand
        (no Ankh-Morpoly game open), the language's own word ("GO" in ``messages.txt``).

        ``set_speaks`` is the language the set is printed in (the edition's ``language``: "en" for
        the US set, "de" for the German ones; ``None`` with no set at hand), which decides how the
        card decks are named (:meth:`names_as_printed`)."""
        self.places = dict(places)
        self.set_speaks = set_speaks

    def names_as_printed(self) -> bool:
        """Whether the sentences name the card decks as the set prints them, in a construction made
        for a quoted foreign name (:data:`AS_PRINTED`): only when the set on the table speaks another
        language than the table (a German set at an English table, the US set at a German, Polish or
        Italian one). A set that speaks the table's language is named by the language's own words
        in its natural sentences ("welche Ereigniskarte wurde gezogen?", "which Chance card was
        drawn?"), which are the set's words too. The one place this is decided; the language may
        change mid-game, so it is asked each time, not stored."""
        return self.set_speaks is not None and self.set_speaks != self.language

    def set_language(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}")
        self.language = language
        self._formatter = CountedFormatter(language)
        self._catalog = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[language])

    def gettext(self, message: str) -> str:
        return self._catalog.gettext(message)

    def knows(self, msgid: str) -> bool:
        """Whether the catalogue has a template for ``msgid`` (``gettext`` hands an unknown one back)."""
        return self.gettext(msgid) != msgid

    def in_form(self, msgid: str, suffixes: Iterable[str]) -> str:
        """``msgid`` with each of ``suffixes`` added in turn where the catalogue has that form: a
        sentence's other wordings (:func:`sentence_forms`, :func:`narration_forms`) are each a
        template of their own, and a language without one says the plain sentence."""
        for suffix in suffixes:
            if self.knows(msgid + suffix):
                msgid += suffix
        return msgid

    def format(self, message: str, **params: object) -> str:
        """Translate, then fill ``{name}`` placeholders (a placeholder with plural forms, ``{n:…|…}``,
        in the form that fits its number)."""
        return self.fill(self.gettext(message), **params)

    def fill(self, template: str, **params: object) -> str:
        """``template`` (already translated) filled with ``params``, each counted placeholder in its form
        (a template without one is filled by ``str.format`` itself, as the formatter would fill it: the
        formatter's Python loop was a fifth of saying a line)."""
        if "|" not in template:
            return template.format(**params)
        return self._formatter.format(template, **params)

    def choose_form(self, text: str, n: int) -> str:
        """The one of ``text``'s ``|``-split plural forms that fits ``n`` (the last form when a
        catalogue gives fewer forms than the language has)."""
        forms = split_forms(text)
        return forms[min(plural_form(self.language, n), len(forms) - 1)]

    def counted(self, template: str, params: Mapping[str, str]) -> str:
        """An engine template's plural form for its count, the first of :data:`COUNT_PARAMS` it has."""
        if "|" not in template:
            return template
        count = next((str(params[k]) for k in COUNT_PARAMS if k in params and str(params[k]).isdigit()), "")
        return self.choose_form(template, int(count) if count else 0)

    def plural(self, message: str, n: int, **params: object) -> str:
        """A message about ``n`` things, in the form of this language that fits ``n`` (filled with
        ``n`` and ``params``)."""
        return self.fill(self.choose_form(self.gettext(message), n), n=n, **params)

    def area(self, area_id: str) -> str:
        return AREA_BY_ID[area_id].name(self.language)

    def card(self, card_id: str) -> str:
        return display_name("card", card_id, self.language)

    def event(self, event_id: str) -> str:
        return display_name("event", event_id, self.language)

    def card_text(self, card_id: str) -> str:
        """A card's scroll text in this language (``scroll:<card>``); the card data's English where
        the catalogue has none. The data's ``**word**`` (emphasis, for the docs) is shown as the
        plain word: a screen's label would print the asterisks."""
        from companion.morpork.catalog import CARD_BY_ID
        msgid = f"scroll:{card_id}"
        text = self.gettext(msgid)
        return (CARD_BY_ID[card_id].text if text == msgid else text).replace("**", "")

    def personality(self, personality_id: str) -> str:
        return display_name("personality", personality_id, self.language)

    def color(self, color: str) -> str:
        return self.gettext(color)

    def player(self, color: str) -> str:
        """A player as the table knows them: the name typed at set-up, else the colour's word."""
        return self.players.get(color) or self.color(color)

    def keyed(self, prefix: str, key: str, english: str, params: Mapping[str, str]) -> str:
        """An engine sentence: the catalogue's template for ``prefix:key`` filled with the params
        (area ids shown as translated names), or the engine's English text when there is none. A
        template may also say the ``card`` param's scroll text, as ``{scroll}``. With a set of another
        language than the table's, a key's :data:`AS_PRINTED` variant is said where it has one."""
        msgid = self.in_form(f"{prefix}:{key}", sentence_forms(prefix, params))
        if self.names_as_printed() and self.knows(AS_PRINTED + msgid):
            msgid = AS_PRINTED + msgid  # the deck as a set of another language prints it (names_as_printed);
            # not a key of its own: no question the engine asks (docs/morpoly-state-format.md lists those)
        template = self.counted(self.gettext(msgid), params)
        if template == msgid:  # no template in this language: the engine's English
            return english
        # only the params the template says, each as the table says it (a line carries a payment's
        # purpose, its payer's and payee's parties…: saying them all was half of opening the Journal
        # of a long Ankh-Morpoly game)
        named = template_fields(template)
        shown = {PLACE_GO: self.gettext("GO"), **self.places,
                 **{k: self.trade_items(v, params.get(MORTGAGED_ITEMS, "")) if k in ITEM_PARAMS else self._param(v)
                    for k, v in params.items() if named is None or k in named}}
        cause = params.get("cause")
        if cause is not None and self.knows(f"cause:{cause}"):
            shown["cause"] = self.gettext(f"cause:{cause}")  # how a token died (ELAM), as the sentence says it
        if "{scroll}" in template and params.get("card") and self.is_card(params["card"]):
            shown["scroll"] = self.card_text(params["card"])
        if "{for}" in template and params.get("for"):
            shown["for"] = self.purpose(params)
        if "{why}" in template and prefix != "r" and params.get("why"):
            # a line that says why something was skipped says it as the checklist strip does: by the
            # reason's own template (r:<why>), filled from the line's params, which carry the reason's
            shown["why"] = self.keyed("r", params["why"], params["why"], params)
        try:
            said = self.fill(template, **shown)
        except (KeyError, IndexError, ValueError):
            return english
        for doubled, single in DOUBLED_WORDS.get(self.language, ()):
            said = said.replace(doubled, single)
        if self.language in EUPHONIC_D:
            said = euphonic_d(said)
        return said

    def purpose(self, params: Mapping[str, str]) -> str:
        """What an Ankh-Morpoly payment is for (params ``for`` and ``for_…``,
        :mod:`companion.morpoly.purposes`), a noun phrase for "pays … for {for}" and "raise … for
        {for}": the catalogue's ``for:<key>``, wrapped in ``for:on-behalf`` when the Merchants pay it for
        the party they insure; the engine's English (``why``) for a key without a template."""
        english = params.get("why", params["for"])
        if not self.knows(f"for:{params['for']}"):
            return english
        said = self.keyed("for", params["for"], english, params)
        if "for_behalf" not in params:
            return said
        try:  # (the phrase as it stands: translated already, it is no param to say again)
            return self.fill(self.gettext("for:on-behalf"), for_what=said, for_behalf=self._param(params["for_behalf"]),
                             for_fsu=params.get("for_fsu", ""))
        except (KeyError, IndexError, ValueError):
            return english

    def reason(self, reason: Reason) -> str:
        """Why an option is greyed, short and in this language, by its rule id (``r:<key>``); the
        engine's English sentence only when the catalogue has no template for the key."""
        return self.keyed("r", reason.key, reason.text, dict(reason.params))

    def refusal(self, error: BaseException) -> str:
        """Why the engine refused an input, one line in this language, by the error's rule id: the
        catalogue's ``e:<key>`` (or the greyed option's ``r:<key>``, for a refusal that is one) filled
        with its values and ``{question}``, the question it answers as the screen words it. The
        engine's English sentence only for an error with no key or no template."""
        key = getattr(error, "key", "")
        if not key:
            return str(error)
        params = {k: self._param(v) for k, v in getattr(error, "params", ())}
        detail = getattr(error, "detail", None)
        if isinstance(detail, BaseException):  # a journal row the engine refuses: the engine's refusal
            params["detail"] = self.refusal(detail)
        question = getattr(error, "question", None)
        if question is not None:  # on the message line the whole table reads: a secret's gated form
            params["question"] = self.public_question(question)
        for prefix in ("e", "r"):
            msgid = f"{prefix}:{key}"
            template = self.gettext(msgid)
            if template != msgid:
                try:
                    return self.fill(self.counted(template, dict(getattr(error, "params", ()))), **params)
                except (KeyError, IndexError, ValueError):
                    break
        return str(error)

    def public_question(self, question: object) -> str:
        """A question as the whole table may read it: a private one that shows its player a secret
        in its sentence (Mrs Cake's "unused personalities: …") says its gated form
        (``q:<key>:gated``) instead; any other question as :meth:`question` words it."""
        if getattr(question, "private", False):
            msgid = f"q:{getattr(question, 'key', '')}:gated"
            gated = self.gettext(msgid)
            if gated != msgid:
                return gated
        return self.question(question)

    def question(self, question: object) -> str:
        """A question as the screen asks it, without the player's name the engine puts in front.

        A symbol asked with only ``skip`` and City Area powers (it has no legal option; rules
        revision 3) says so by its ``q:<key>:no-option`` form: its own sentence ("build where?")
        asked where a player finds nothing to tap. The same question key and params, so recorded
        games replay as they were."""
        text, player = str(getattr(question, "text", "")), getattr(question, "player", None)
        english = text[len(player) + 2:] if player and text.startswith(player + ": ") else text
        key = str(getattr(question, "key", ""))
        if getattr(question, "options", ()) and isinstance(question, Question) and only_skip_and_powers(question) \
                and self.knows(f"q:{key}:no-option"):
            key += ":no-option"
        params = dict(getattr(question, "params", ()))
        return self.keyed("q", self.question_form(key, params), english, params)

    def question_form(self, key: str, params: Mapping[str, str]) -> str:
        """A question's key in the form of the param :data:`FORM_BY_PARAM` names for it (``.hotel``),
        where the catalogue has that form: the board asks with it as the journal does."""
        form = param_form(key, params)
        return self.in_form(f"q:{key}", (form,))[len("q:"):] if form else key

    def board_question(self, question: Question) -> str:
        """A question as Ankh-Morpoly's board asks it: in its form (:meth:`question_form`), and in
        the engine's own English, the player's name in front, where the catalogue lacks it (the
        Journal, :meth:`question`, says it without the name: its row names the player)."""
        params = dict(question.params)
        return self.keyed("q", self.question_form(question.key, params), question.text, params)

    def narration(self, line: object, base: str = "") -> str:
        """One line of the engine's narration in this language (its area is a parameter too).

        ``base``: an Ankh-Morpoly game's base rules (``standard``: plain Monopoly), for the lines a
        plain-Monopoly table says in its own words (``n:<key>.standard``): the end of the game is no
        guild's control of Ankh-Morpork there, but the last player not bankrupt."""
        params = dict(getattr(line, "params"))
        area = getattr(line, "area", None)
        if area:
            params.setdefault("area", area)
        key = getattr(line, "key")
        key = self.in_form(f"n:{key}", narration_forms(key, params, base))[len("n:"):]
        return sentence(self.keyed("n", key, getattr(line, "text"), params))

    def trade_items(self, value: str, mortgaged: str = "") -> str:
        """One side of an Ankh-Morpoly trade (params :data:`ITEM_PARAMS`): its items as the table
        says them — a square as the set prints it (one of ``mortgaged``, the :data:`MORTGAGED_ITEMS`
        param, marked :data:`MORTGAGED_ITEM`), an amount unbroken, a get-out-of-jail card by a
        short name and its deck as the set prints it (the card's printed sentence, two lines in
        German, did not fit an offer) — joined as the engine joins them; "nothing" for none."""
        if not value:
            return self.gettext("nothing")
        marked = set(mortgaged.split(TRADE_ITEMS)) if mortgaged else set()
        said = []
        for item in value.split(TRADE_ITEMS):
            deck, dot, rest = item.partition(".")
            if dot and rest == "jail-free" and deck in ("chance", "chest"):
                place = self.places.get(PLACE_CHANCE if deck == "chance" else PLACE_CHEST) \
                    or self.gettext("Chance" if deck == "chance" else "Community Chest")
                said.append(self.gettext("Get Out of Jail Free ({deck})").format(deck=place))
            elif item in marked:
                said.append(self.gettext(MORTGAGED_ITEM).format(item=self._param(item)))
            else:
                said.append(self._param(item) if not is_amount(item) else
                            regrouped(item, self.language).replace(" ", "\u00a0"))
        return TRADE_ITEMS.join(said)

    def _param(self, value: str) -> str:
        """A parameter as the table says it: an area, card, event or personality by its name, a
        player by the name they typed, a piece ("area/red") and a list ("a,b") item by item. An item
        is taken without the space after its comma: the engine joins some lists with ", " (the
        winners of a tie, "red, blue", whose second item kept its space and was no colour), and an
        Ankh-Morpoly card's text as the set prints it ("Go to Jail. Go directly to Jail, do not pass
        Go, …") read ",  do not pass" with the space doubled."""
        from companion.morpork.catalog import CARD_BY_ID, EVENT_BY_ID
        if is_amount(value):  # an Ankh-Morpoly amount: "38 €" never wraps to "38" and "€", grouped as the table writes
            return regrouped(value, self.language).replace(" ", "\u00a0")
        if "," in value:  # a list ("red,blue", or "red, blue" as the engine may join it), but not "$3,150"
            # each item stripped and the items joined with one space: a printed card's sentence ("If
            # unowned, you may buy it") reads as written, not with a second space after each comma
            return ", ".join(self._param(item.strip()) for item in value.split(","))
        if "/" in value and value.partition("/")[0] in AREA_BY_ID:
            return self.option(value)
        if value in AREA_BY_ID:
            return self.quoted(self.area(value))
        if value in CARD_BY_ID:
            return self.quoted(self.card(value))
        if value in EVENT_BY_ID:
            return self.event(value)
        if value in SEATS:
            return self.player(value)
        if value in ("troll", "demon"):
            return self.gettext(value)
        if value.startswith(("chance.", "chest.")):
            printed = self.morpoly_card_as_printed(value)
            if printed is not None:  # a sentence (its own full stop): quoted in every language
                marks = NAME_QUOTES.get(self.language, ("\u201c", "\u201d"))
                return f"{marks[0]}{amounts_whole(printed)}{marks[1]}"
        if value in GUILD_WORDS:
            return self.gettext(GUILD_WORDS[value])
        try:
            return display_name("personality", value, self.language)
        except KeyError:
            return amounts_whole(value)  # a card's printed sentence (``card_text``): "Zahle 50 €." kept whole

    def morpoly_card_as_printed(self, card_id: str) -> str | None:
        """An Ankh-Morpoly Chance or Community Chest card by the words printed on it: the set on the
        table's, else another set's (a card of the German set held under the scanner at a US table).
        A refusal of a scanned card said its id ("chance.drunk is not a choice for …"); the card in
        a player's hand (a Get Out of Jail Free) or of another set is named as the table reads it."""
        from companion.morpoly.editions import EDITION_IDS, load_edition
        order = sorted(EDITION_IDS, key=lambda e: (load_edition(e).language != self.set_speaks,
                                                   load_edition(e).language != self.language))
        for edition_id in order:
            try:
                return load_edition(edition_id).card(card_id).text
            except KeyError:
                continue
        return None

    def quoted(self, name: str) -> str:
        """An area's or card's name as this language's sentences set it off (:data:`NAME_QUOTES`)."""
        marks = NAME_QUOTES.get(self.language)
        return f"{marks[0]}{name}{marks[1]}" if marks else name

    def is_card(self, value: str) -> bool:
        from companion.morpork.catalog import CARD_BY_ID
        return value in CARD_BY_ID

    def option(self, value: str) -> str:
        """A question option as shown on a button: area, colour, card, or a translated word."""
        if value in AREA_BY_ID:
            return self.area(value)
        if value in SEATS:
            return self.player(value)
        if value.startswith("power:") and value[6:] in AREA_BY_ID:
            return self.gettext("Power: {area}").format(area=self.area(value[6:]))
        color, colon, card = value.partition(":")
        if colon and color in SEATS:  # who plays which interrupt: the
            return self.option(card)  # card here; screens that know the players add the name
        if "/" in value:
            area, _, piece = value.partition("/")
            if area in AREA_BY_ID:
                return f"{self.area(area)}: {self.option(piece)}"
        if value in ("troll", "demon"):
            return self.gettext(value)
        try:
            return self.card(value)
        except KeyError:
            pass
        for kind in ("event", "personality"):
            try:
                return display_name(kind, value, self.language)
            except KeyError:
                pass
        if value in OPTION_WORDS:
            return self.gettext(OPTION_WORDS[value])
        return value

    def option_name(self, name: str) -> str:
        """A game option's short name for a settings list (``o:<option>``); its id when the catalogue
        has none."""
        msgid = f"o:{name}"
        text = self.gettext(msgid)
        return name if text == msgid else text

    def option_about(self, name: str, english: str) -> str:
        """A game option's one-line description (``o:<option>:about``); the engine's English
        description is the source and is shown where the catalogue has none."""
        msgid = f"o:{name}:about"
        text = self.gettext(msgid)
        return english if text == msgid else text

    def option_choice(self, name: str, choice: str) -> str:
        """One value of a game option on a button (``o:<option>=<value>``); yes/no and on/off in the
        app's own words, a number as it is, else the value's id."""
        msgid = f"o:{name}={choice}"
        text = self.gettext(msgid)
        if text != msgid:
            return text
        if choice in CHOICE_WORDS:
            return self.gettext(CHOICE_WORDS[choice])
        return choice
