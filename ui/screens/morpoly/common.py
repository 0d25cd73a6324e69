"""Words and colours the Ankh-Morpoly screens share: guild names, option labels, money as the
edition prints it, the edition of the running game. Everything shown comes from the engine's state
and questions; nothing here decides a rule."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

# only the engine's data modules here: Home, the Journal and the app's refresh read this module in a
# game of either kind, and the engine's rule modules (its roll tables, moves, game end: half the
# engine; 4.6 MB and 35 ms to import here) cost a Discworld table at every start; the two functions
# that need them import them
from companion.morpoly.editions import Edition, load_edition
from companion.morpoly.layout import CHANCE, COMMUNITY_CHEST, GO
from ui.palette import SEATS
from ui.i18n import GUILD_WORDS, LANGUAGES, PLACE_CHANCE, PLACE_CHEST, PLACE_GO, TRADE_ITEMS, Translator, group_digits

MODE_ID = "ankh-morpoly"
PLAYER_IDS = SEATS
"""The seats a table can fill, two to eight (Monopoly's limit, R7): the first game's four colours, so
Home lists both games alike, and four more."""


def N_(message: str) -> str:
    """Mark a message for extraction; translated where it is shown."""
    return message


GUILD_NAMES = GUILD_WORDS
"""Each guild's name (the translator names guilds in sentences alike)."""
VERBS = {
    "roll": N_("Roll the dice"), "buy": N_("Buy"), "decline": N_("Decline"), "build": N_("Build a house on {square}"),
    "sell": N_("Sell a house on {square}"), "mortgage": N_("Mortgage {square}"), "lift": N_("Lift the mortgage on {square}"),
    "pay": N_("Pay"), "card": N_("Use a card"), "end": N_("End the turn"),
    "trade": N_("Buy {square} from its owner"),
}
HOTEL_VERBS = {"build": N_("Build a hotel on {square}"), "sell": N_("Sell the hotel on {square}")}
"""``build:`` on a street with four houses and ``sell:`` on one with a hotel (:func:`verb_label`)."""
COVER_WORDS = {
    "thieves": N_("robbed by a thief"), "watch": N_("sent to jail"),
    "merchants": N_("any payment (up to 3 × the premium)"), "beggars": N_("a beggar lands on their square"),
    "undead": N_("landing on a cemetery"), "patrician": N_("a tax"), "fools:doubles": N_("third doubles"),
    "fools:seven": N_("landing on Chance or Community Chest"), "fools:even": N_("landing on Community Chest"),
    "fools:odd": N_("landing on Chance"), "wizards": N_("teleported"), "assassins": N_("a death"),
}
"""What each cover of an FSU pays for, in words (the exposure view's ``covers``); the Fools' name the
card squares in the language's own words, which are the set's when it speaks the table's language."""
PRINTED_COVER_WORDS = {
    "fools:seven": N_("landing on {chance_name} or {chest_name}"), "fools:even": N_("landing on {chest_name}"),
    "fools:odd": N_("landing on {chance_name}"),
}
"""The Fools' covers for a set of another language than the table's, the card squares named as the
set prints them in a construction that reads with a quoted foreign name ("Landung auf einem Feld
„Chance“" with the US set at a German table): :func:`cover_words`."""
PLAYER_VERBS = {
    "fortuna": N_("{player}: spend the Fortuna token"), "attack": N_("Attack {player}"),
    "hire": N_("Hire the Assassins against {player}"), "give": N_("Give the card to {player}"),
}
"""Answers that name a party or token after a verb (Fortuna's window, the Assassins)."""
WORDS = {
    "play-on": N_("Play on"), "no-attack": N_("No attack"), "flee": N_("Flee"), "stay": N_("Stay"),
    "chance": N_("Chance"), "chest": N_("Community Chest"),
    "walk": N_("Walk forward"), "walk-backward": N_("Walk backward"), "split": N_("Split in two halves"),
    "split-backward": N_("Split, walking backward"), "teleport": N_("Teleport"), "forward": N_("Forward"),
    "backward": N_("Backward"), "as-drawn": N_("Where the card says"), "opposite": N_("The opposite square"),
    "previous": N_("The previous one"), "first": N_("The first half"), "second": N_("The second half"),
    "step": N_("Step on"), "modify": N_("Roll to change the card"),
    "trade": N_("Buy a deed from another party"), "pay-fine": N_("Pay the jail fine"), "cancel": N_("Cancel"),
    "leave": N_("Leave it"), "nobody": N_("Nobody bids"), "steal": N_("Steal"), "buy-out": N_("Buy it out"),
    "arrest": N_("Arrest"), "let-go": N_("Let go"), "swap": N_("Swap"), "keep": N_("Keep"),
    "draw": N_("Draw a card"), "time-up": N_("Time is up: end the game"),
    "others-manage": N_("Houses and mortgages of another player"), "done": N_("Done"),
    "auction-buildings": N_("Auction the bank's last houses or hotels"), "house": N_("A house"),
    "hotel": N_("A hotel"),
}
"""The Ankh-Morpoly engine's answer words as its buttons show them (``others-manage``: rules revision
12's building, selling, mortgaging and lifting by another party than the menu's; ``done`` ends it;
``auction-buildings``, ``house`` and ``hotel``: revision 13's auction of the bank's last buildings in a
housing shortage, plain Monopoly)."""
DECK_WORD = N_("{deck} deck")
"""A card deck as Dibbler's "from which deck?" names it when the set speaks another language than
the table ("Stapel „Chance“" with the US set at a German table, "Ereignisfeld deck" with a German set
at an English one); ``chance`` and ``chest`` above are the language's own words, said when the set
speaks the table's language (:func:`option_label`)."""
QUESTION_WORDS = {
    ("morpoly.card.fool-modify", "as-drawn"): N_("Play the card as drawn"),
    ("morpoly.assassins.flee", "stay"): N_("Stay (and be killed)"),
    ("morpoly.transfer.lift", "keep"): N_("Keep the mortgage"),
}
"""An answer word that says something else in one question: the Fools' "as drawn" is about any
card, money too (not "where the card says"); staying when the Assassin's victim may flee means
being killed (L178), which "Stay" did not say; a deed received mortgaged is kept mortgaged, not
just kept."""
PAID_WORDS = {"0": "roll:paid:0", "1": "roll:paid:1"}
"""Table C's payout when it is no multiple worth saying (nothing, the premium back); else ``roll:paid``."""
EDITION_NAMES = {"us": N_("US (dollars)"), "de": N_("German (euro)"), "de-dm": N_("German (D-Mark)")}
GROUP_RGB = {
    "brown": (0.55, 0.33, 0.2), "light-blue": (0.6, 0.85, 0.95), "pink": (0.85, 0.3, 0.6),
    "orange": (0.95, 0.55, 0.15), "red": (0.85, 0.15, 0.15), "yellow": (0.95, 0.85, 0.2),
    "green": (0.15, 0.6, 0.3), "dark-blue": (0.15, 0.25, 0.65),
}
SQUARE_KIND_MARK = {"chest": N_("CC"), "chance": "?", "tax": "%", "jail": "▦", "parking": "P",
                    "go-to-jail": "→▦", "station": "≡", "utility": "⚡"}
"""The ring's mark of a square's kind, beside its number: symbols, and Community Chest's initials
(:func:`chest_mark`: GF at a German table with a German set). GO has none: the ring names it as the
set prints it (:func:`go_name`)."""


def go_name(ed: Edition) -> str:
    """GO as the set on the table prints it ("GO" on the US set, "Los" on the German ones), in any
    language: names on a set are shown as printed on that set, as the log's moves and the cards name
    it ("zieht 5 Felder auf GO", "Advance to GO"); the ring, the answers and the sentences that name
    it (``{go_name}``, :meth:`ui.i18n.Translator.use_places`) say the same."""
    return ed.squares[GO].name


def chance_name(ed: Edition) -> str:
    """The Chance squares as the set prints them ("Chance" on the US set, "Ereignisfeld" on the
    German ones), as the log's moves name them ("zieht 7 Felder auf Chance")."""
    return ed.squares[min(CHANCE)].name


def chest_name(ed: Edition) -> str:
    """The Community Chest squares as the set prints them ("Community Chest" on the US set,
    "Gemeinschaftsfeld" on the German ones)."""
    return ed.squares[min(COMMUNITY_CHEST)].name


def places_of(game: Any) -> dict[str, str]:
    """The squares the table's sentences name as the set prints them (:func:`go_name`,
    :func:`chance_name`, :func:`chest_name`)."""
    ed = game_edition(game)
    return {PLACE_GO: go_name(ed), PLACE_CHANCE: chance_name(ed), PLACE_CHEST: chest_name(ed)}


def use_the_set(translator: Translator, game: Any) -> None:
    """Tell the translator the set on the table: the squares as it prints them, and the language it
    speaks, from the edition's data (:meth:`ui.i18n.Translator.names_as_printed` decides from it)."""
    translator.use_places(places_of(game), set_speaks=game_edition(game).language)


def cover_words(app: Any, game: Any, cover: str) -> str:
    """What an FSU's cover pays for, in the table's words (the ledger, a square's deed, the Fools'
    roll hint): the card squares in the language's own words when the set speaks the table's
    language ("Landung auf einem Ereignisfeld"), else named as the set prints them
    (:data:`PRINTED_COVER_WORDS`: "landing on Ereignisfeld" with a German set at an English table)."""
    printed = PRINTED_COVER_WORDS.get(cover) if app.translator.names_as_printed() else None
    if printed is None:
        return str(app.t(COVER_WORDS.get(cover, cover)))
    return str(app.t(printed)).format(**places_of(game))


@lru_cache(maxsize=4)
def _catalogue(language: str) -> Translator:
    return Translator(language)


def chest_mark(app: Any, ed: Edition) -> str:
    """Community Chest's mark on the ring: the initials of the square's name as printed beside it.
    With a set that speaks the table's language, the table's (the ``CC`` msgid: GF at a German
    table); with a set of another language, as the set's own language abbreviates its printed name
    (CC on the US set at a German, Polish or Italian table, GF on a German set at an English one):
    "Pr" at an Italian table beside a ring and log that say "Community Chest" abbreviated a name
    that is nowhere on the board. A set in a language the app has no catalogue for keeps the
    table's initials."""
    if app.translator.names_as_printed() and ed.language in LANGUAGES:
        return _catalogue(ed.language).gettext(SQUARE_KIND_MARK["chest"])
    return str(app.t(SQUARE_KIND_MARK["chest"]))

HOTEL_MARK = N_("H")
"""A hotel on the ring and in the bank's stock, one letter: the table's word's (albergo: A at an
Italian table)."""

MORTGAGE_MARK = N_("M")
"""A mortgaged deed on the ring, in the table's word: one letter (zastawiona: Z, ipotecata: I), and
"Hyp" in German, where H is the hotel (Hypothek); a square's deed says what each mark means."""


@lru_cache(maxsize=4)
def edition(edition_id: str) -> Edition:
    return load_edition(edition_id)


def game_edition(game: Any) -> Edition:
    return edition(game.state.edition)


def money(ed: Edition, amount: int, language: str) -> str:
    """An amount with the set's symbol where the set prints it (before dollars, after marks and
    euros), its thousands grouped as the table's ``language`` writes them (:func:`ui.i18n.group_digits`:
    a US set's "$16,080" is "$16.080" to an Italian table, "$16 080" to a Polish one)."""
    symbol = ed.currency.symbol
    text = group_digits(amount, language)
    return f"{symbol}{text}" if symbol == "$" else f"{text}\u00a0{symbol}"  # one word: never wrapped apart


def is_morpoly(session: Any) -> bool:
    """Whether the session's open game is Ankh-Morpoly: its journal record names the mode."""
    from ui.app import mode_of
    return mode_of(session) == MODE_ID


def is_plain(game: Any) -> bool:
    """Whether ``game`` is Ankh-Morpoly played as plain Monopoly (``base=standard``): no guild, no
    FSU, no Ankh-Morpork to control (``None`` or the other game's: no)."""
    state: Any = getattr(game, "state", None)
    if not isinstance(getattr(state, "rules", None), dict) or not hasattr(state, "parties"):
        return False  # no game, or the other game's
    from companion.morpoly.rules import is_variant  # the engine's one answer; imported when a game asks
    return not is_variant(state)


PLAIN_WORDS = {"trade": N_("Buy a deed from another player")}
"""Answer words a plain-Monopoly table (``base=standard``) says otherwise than the variant's: there
every party is one player (no guild takes another over)."""
TRADE_WORDS = {"trade": N_("Trade with another party"), "propose": N_("Propose the trade"),
               "accept": N_("Accept"), "refuse": N_("Refuse"), "pay": N_("Pay cash"), "ask": N_("Ask for cash"),
               "others-trade": N_("A trade another player proposes")}
"""Rules revision 6's trade (:mod:`companion.morpoly.trade`): the menu's ``trade`` is an offer both
ways, no longer one deed bought; the offer's words; and revision 7's ``others-trade``, a trade another
party proposes on this menu."""
PLAIN_TRADE = N_("Trade with another player")
"""The menu's ``trade`` at a plain-Monopoly table from rules revision 6 (see :data:`PLAIN_WORDS`)."""
OFFER_ITEMS = {"give": N_("Give {item}"), "get": N_("Ask for {item}"), "give-card": N_("Give {item}"),
               "get-card": N_("Ask for {item}")}
"""An item the offer question offers (``give:<square>``, ``get-card:<card>``…), by its verb."""
TAKE_BACK = N_("Take back: {item}")
"""An item already in the offer (the question's ``chosen``): answered again, it is taken back."""
TAKE_BACK_PAID = N_("Take back the cash you pay: {amount}")
TAKE_BACK_ASKED = N_("Take back the cash you ask: {amount}")
"""Cash in the offer, each way its own words: two buttons "take back: 200 €" did not say which."""
OFFER_KEYS = ("morpoly.trade.offer", "morpoly.trade.answer")
ONLY_TRADE_WORDS = ("propose", "accept", "ask")
"""Answers no other Ankh-Morpoly question gives (``pay`` and ``refuse`` are other questions' too)."""


def _only_trade(value: str) -> bool:
    """Whether ``value`` is an answer only the trade gives: ``propose``, ``accept``, ``ask``, a card
    either way, a square given or asked (the Assassins' ``give:<token>`` names no square)."""
    verb, _, rest = value.partition(":")
    return value in ONLY_TRADE_WORDS or verb in ("give-card", "get-card") or (verb in ("give", "get") and rest.isdigit())


def trade_label(app: Any, game: Any, value: str, question: Any) -> str | None:
    """A word of rules revision 6's trade as its button says it, or ``None`` for another answer:
    the menu's ``trade``, and the offer's items (a square as the set prints it, a card by a short
    name: :meth:`ui.i18n.Translator.trade_items`), "take back" for those in the offer, cash, propose,
    accept and refuse."""
    key = getattr(question, "key", "")
    if value == "trade":  # the menu's, and from rules revision 8 the question to raise a debt's (R74)
        from companion.morpoly.revisions import TRADES_BOTH_WAYS  # an Ankh-Morpoly game's menu only
        if getattr(game.state, "revision", 0) < TRADES_BOTH_WAYS:
            return None
        return str(app.t(PLAIN_TRADE if is_plain(game) else TRADE_WORDS["trade"]))
    if value == "others-trade":  # the menu's (rules revision 7), whoever plays
        return str(app.t(TRADE_WORDS[value]))
    if key not in OFFER_KEYS and (key or not _only_trade(value)):
        return None  # another question's answer (an answer read without its question: only the trade's own)
    chosen = dict(getattr(question, "params", ())).get("chosen", "").split(",")
    verb, _, rest = value.partition(":")
    if verb in OFFER_ITEMS and rest:
        ed = game_edition(game)
        item = ed.squares[int(rest)].name if rest.isdigit() and 0 <= int(rest) < len(ed.squares) else \
            app.translator.trade_items(rest)
        return str(app.t(TAKE_BACK if value in chosen else OFFER_ITEMS[verb]).format(item=item))
    if value in ("pay", "ask") and value in chosen:
        params = dict(question.params)
        side = params.get("gives" if value == "pay" else "gets", "").split(TRADE_ITEMS)[-1]
        words = TAKE_BACK_PAID if value == "pay" else TAKE_BACK_ASKED
        return str(app.t(words).format(amount=side.replace(" ", "\u00a0")))
    if value in TRADE_WORDS and value != "trade":
        return str(app.t(TRADE_WORDS[value]))
    return None


def option_label(app: Any, game: Any, value: str, question: Any = None) -> str:
    """A question's option as its button shows it: a guild, a verb with its square, a card's text,
    an amount of money (``question`` asks for a sum: "150 €", not "150")."""
    ed = game_edition(game)
    maximum: int = getattr(question, "maximum", 0)
    if maximum and value.isdigit():
        return money(ed, int(value), app.translator.language)
    if value in GUILD_NAMES:
        return str(app.t(GUILD_NAMES[value]))
    traded = trade_label(app, game, value, question) if value in TRADE_WORDS or ":" in value else None
    if traded is not None:
        return traded
    verb, _, rest = value.partition(":")
    if verb in PLAYER_VERBS and rest:
        return str(app.t(PLAYER_VERBS[verb]).format(player=party_name(app, rest)))
    if verb == "use-card" and rest:  # a get-out-of-jail card the party holds
        return str(app.t("Play the card: {card}")).format(card=jail_card_words(card_text(ed, rest) or rest))
    special = QUESTION_WORDS.get((getattr(question, "key", ""), value))
    if special is not None:
        return str(app.t(special))
    if value == "go":  # a Wizard's start again on GO, or on the opposite square (R49)
        return go_name(ed)
    if value in ("chance", "chest") and app.translator.names_as_printed():  # Dibbler's "from which deck?"
        return str(app.t(DECK_WORD)).format(deck=chance_name(ed) if value == "chance" else chest_name(ed))
    if value in PLAIN_WORDS and is_plain(game):
        return str(app.t(PLAIN_WORDS[value]))
    if value in WORDS:
        return str(app.t(WORDS[value])) + leads_to(ed, question, value)
    if rest and rest.split(":")[-1].isdigit():
        index = int(rest.split(":")[-1])
        if 0 <= index < len(ed.squares):
            if verb in VERBS:
                return verb_label(app, ed, verb, index, question)
            return f"{app.t(verb.capitalize())}: {ed.squares[index].name}"
    if value in VERBS:
        return str(app.t(VERBS[value]))
    text = card_text(ed, value)
    return text if text is not None else str(app.translator.option(value))


def verb_label(app: Any, ed: Edition, verb: str, index: int, question: Any) -> str:
    """A deed's verb and square: a hotel named as one (four houses become a hotel; a hotel sold
    becomes four houses), and under a hotel the bank cannot break, a second line with the group's
    houses after the sale: the whole group comes down, not one house. Both as the engine publishes
    them with the question (``hotels``, ``sale_<square>``: :func:`companion.morpoly.building.deed_params`),
    so the Journal says the same of an answer long past."""
    from kivy.metrics import sp
    params = dict(getattr(question, "params", ()))
    hotel = f"{verb}:{index}" in params.get("hotels", "").split(",")
    words = HOTEL_VERBS.get(verb, VERBS[verb]) if hotel else VERBS[verb]
    label = str(app.t(words).format(square=ed.squares[index].name))
    sale = params.get(f"sale_{index}", "") if verb == "sell" else ""
    after = [part.split(":") for part in sale.split(";") if ":" in part]
    if not after:
        return label
    group = " · ".join(f"{ed.squares[int(street)].name} ⌂{level}" for street, level in after)
    return f"{label}\n[size={int(sp(12))}]→ {group}[/size]"


def leads_to(ed: Edition, question: Any, value: str) -> str:
    """Where a way to move leads, as a second line of its button ("→ 8 · Vermont Avenue"; both
    halves of an Undead's split): the squares the engine publishes with ``morpoly.move.how``
    (:func:`companion.morpoly.rolled_move.reaches`); "" for any other answer."""
    from kivy.metrics import sp
    if getattr(question, "key", "") != "morpoly.move.how":
        return ""
    from companion.morpoly.rolled_move import way_param
    squares = dict(question.params).get(way_param(value), "")
    named = [f"{n} · {ed.squares[int(n)].name}" for n in squares.split(",") if n.isdigit()]
    return f"\n[size={int(sp(12))}]→ {' / '.join(named)}[/size]" if named else ""


def roll_table(app: Any, game: Any, question: Any) -> str:
    """What the results of the roll ``question`` asks for mean, in the table's words ("" for a roll
    on no table): the engine's :func:`~companion.morpoly.roll_tables.roll_table`, each class of
    result and its outcome translated by their ids (``roll:when:<class>``, ``roll:<outcome>``; a
    Fools' cover in the ledger's words). Words only; the engine decides what happens."""
    from companion.morpoly import roll_tables
    ed = game_edition(game)
    table = roll_tables.roll_table(getattr(question, "key", ""), ed)
    if table is None:
        return ""
    said = []
    for outcome in table.outcomes:
        params = {**places_of(game), **dict(outcome.params)}  # the Luggage swallows: "back to GO", as printed
        if outcome.outcome.startswith("cover:"):
            cover = outcome.outcome[len("cover:"):]
            what = cover_words(app, game, cover)
        else:
            if "multiple" in params:
                multiple = params["multiple"]
                params["paid"] = str(app.t(PAID_WORDS.get(multiple, "roll:paid"))).format(multiple=multiple)
            what = app.translator.keyed("roll", outcome.outcome, outcome.outcome, params)
        said.append(f"{app.t('roll:when:' + outcome.when)}: {what}")
    text = " · ".join(said)
    return text[:1].upper() + text[1:]


def jail_card_words(text: str) -> str:
    """A get-out-of-jail card on the turn menu's button: its first sentence, enough to know it ("Du
    kommst aus dem Gefängnis frei."). The German sets' whole text ("… Diese Karte musst du behalten,
    bis du sie benötigst oder verkaufst.") did not fit a half-width button: the table saw only "Karte
    musst du behalten, bis du sie", neither the verb nor the card. The button is drawn taller too
    (:data:`TALL_OPTIONS`)."""
    first, dot, _rest = text.partition(". ")
    return first + dot.strip()


TALL_OPTIONS = ("use-card:",)
"""Options whose words take three lines of a half-width button (a card's first sentence after the
verb, "Zagraj kartę: Du kommst aus dem Gefängnis frei."): drawn as tall as a two-line label."""


def card_text(ed: Edition, card_id: str) -> str | None:
    """A Chance or Community Chest card as the set prints it; ``None`` when the set has no such card."""
    try:
        return ed.card(card_id).text
    except KeyError:
        return None


def paper(widget: Any, rgb: tuple[float, float, float] = (0.96, 0.94, 0.88)) -> None:
    """The app's page colour behind ``widget`` (its labels are dark ink, as on every screen)."""
    from kivy.graphics import Color, Rectangle
    with widget.canvas.before:
        Color(*rgb, 1)
        rect = Rectangle(pos=widget.pos, size=widget.size)
    widget.bind(pos=lambda w, v: setattr(rect, "pos", v), size=lambda w, v: setattr(rect, "size", v))


def party_name(app: Any, party: str) -> str:
    """A player's name as typed at set-up (the journal record keeps it), else the seat's colour."""
    record = getattr(app.session, "record", None) if app.session is not None else None
    if record is not None and record.names and party in record.players:
        name = record.names[list(record.players).index(party)]
        if name:
            return str(name)
    return str(app.translator.color(party))


def party_marks(state: Any, party: str) -> str:
    """ELAM's lives left (♥) and a Fortuna token held (✦), after a party's cash (" ♥18 ✦"): the board's
    money panel and the Journal's position (here, where both import it: the board's module was a
    twentieth of opening an Ankh-Morpoly game's Journal before its game was shown)."""
    marks = ""
    lives = getattr(state, "lives", {})
    if party in lives:
        marks += f" ♥{lives[party]}"
    if party in getattr(state, "fortuna", []):
        marks += " ✦"
    return marks


def player_labels_of(app: Any, game: Any) -> dict[str, str]:
    """Each player's coloured name, by seat, for either game (Ankh-Morpoly's parties are seats; the
    names are the journal's)."""
    from ui.widgets import player_labels, player_markup
    if is_morpoly(app.session):  # every seat, and a player taken over too: "pays $540 to Giuseppina", not "to red"
        seats = {token.id for token in game.state.tokens} | {p.id for p in game.state.parties}
        record = getattr(app.session, "record", None)
        seats |= set(getattr(record, "players", ()) or ())
        return {seat: player_markup(seat, party_name(app, seat)) for seat in sorted(seats, key=PLAYER_IDS.index)
                if seat in PLAYER_IDS}
    return dict(player_labels(game.state))
