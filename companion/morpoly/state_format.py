"""The position format ``ankh-morpoly-state/1``: the whole table as JSON, and back, exactly.

``state_from_json(state_to_json(s)) == s`` for every reachable state. Documented with examples in
``docs/morpoly-state-format.md``; fields are only ever added.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from companion.core.errors import InputError
from companion.morpoly.covers import Cover
from companion.morpoly.editions import Edition, load_edition
from companion.morpoly.fsu import Fsu, Ledger, Status, ledger_problems
from companion.morpoly.layout import JAIL as JAIL_SQUARE
from companion.morpoly.setup import ELAM_GUILDS
from companion.morpoly.soundness import (Building, Misplaced, buildings, building_problems, card_held_twice, groups,
                                         money_total, parties_in_debt, supply_problems, token_problems)
from companion.morpoly.state import (HOTEL, JAIL_ATTEMPTS, Bank, GameOver, Npcs, Party, SquareState, State, Token, Turn,
                                     square_state)

FORMAT: Final = "ankh-morpoly-state/1"
_KNOWN_GUILDS: Final = frozenset(ELAM_GUILDS)


def state_to_json(state: State) -> dict[str, Any]:
    doc = {
        "format": FORMAT,
        "edition": state.edition,
        "rules": dict(sorted(state.rules.items())),
        "seating": list(state.seating),
        "parties": [{"id": p.id, "boss": p.boss, "cash": p.cash, "tokens": list(p.tokens), "guilds": list(p.guilds),
                     "jail_cards": list(p.jail_cards)} for p in state.parties],
        "tokens": [{"id": t.id, "party": t.party, "square": t.square, "in_jail": t.in_jail,
                    "jail_attempts": t.jail_attempts} for t in state.tokens],
        "squares": [{"square": i, "owner": sq.owner, "houses": 0 if sq.houses == HOTEL else sq.houses,
                     "hotel": sq.houses == HOTEL, "mortgaged": sq.mortgaged}
                    for i, sq in sorted(state.squares.items())],
        "bank": {"cash": state.bank.cash, "houses": state.bank.houses, "hotels": state.bank.hotels},
        "turn": {"number": state.turn.number, "token": state.turn.token, "doubles": state.turn.doubles,
                 "four_houses_at_start": list(state.turn.four_houses_at_start)},
        "game_over": None if state.game_over is None else {"winner": state.game_over.winner,
                                                           "reason": state.game_over.reason},
        "fsus": ledger_to_json(state.ledger),
        "fsu_next_id": state.ledger.next_id,
        "thefts": {token: {"square": square, "victim": victim, "loot": loot}
                   for token, (square, victim, loot) in sorted(state.thefts.items())},
    }
    doc.update(_optional_to_json(state))
    return doc


def _optional_to_json(state: State) -> dict[str, Any]:
    """The keys of the optional rules, present when the rule is on (or, read from an older document,
    when they hold something): ``fortuna`` (§5.2), ``lives`` and ``npcs`` (ELAM, §5.3–5.4)."""
    doc: dict[str, Any] = {}
    if state.rules.get("fortuna") == "on" or state.fortuna or state.fortuna_earned:
        doc["fortuna"] = {"holders": list(state.fortuna), "earned": list(state.fortuna_earned)}
    if state.rules.get("elam") == "on" or state.lives or state.npcs is not None:
        doc["lives"] = dict(state.lives)
        npcs = state.npcs
        doc["npcs"] = None if npcs is None else {
            "death": npcs.death, "luggage": npcs.luggage, "dibbler": npcs.dibbler, "luggage_with": npcs.luggage_with,
            "reversed_tokens": list(state.reversed_tokens)}
        if npcs is not None and npcs.banker is not None:
            doc["npcs"]["banker"] = npcs.banker
    return doc


def ledger_to_json(ledger: Ledger) -> list[dict[str, Any]]:
    """The ``fsus`` key: every FSU the ledger holds (the engine keeps only the active ones), in the
    order bought, each with its covers in a fixed order (the next id is ``fsu_next_id``)."""
    return [{"id": f.fsu_id, "insurer": f.insurer, "beneficiary": f.beneficiary, "holder_token": f.holder_token,
             "square": f.square, "premium": f.premium, "covers": _cover_names(f.covers),
             "fool_modifiable": f.fool_modifiable, "bought_at": f.bought_at, "status": f.status.value,
             "paid": f.paid} for f in ledger.fsus]


def _cover_names(covers: frozenset[Cover]) -> list[str]:
    """A contract's covers by name in a fixed order (a new list: the document is the caller's)."""
    return list(_sorted_cover_names(covers))


@lru_cache(maxsize=None)
def _sorted_cover_names(covers: frozenset[Cover]) -> tuple[str, ...]:
    """Sorted once per set of covers: a handful of sets recur in every game's contracts."""
    return tuple(sorted(c.value for c in covers))


_COVERS: Final = {c.value: c for c in Cover}
_STATUSES: Final = {s.value: s for s in Status}


def _cover(name: str) -> Cover:
    """``Cover(name)`` through a table (an enum lookup by value was a hot spot of the simulator's
    round-trips); an unknown name still raises the enum's ``ValueError``."""
    cover = _COVERS.get(name)
    return Cover(name) if cover is None else cover


def _status(name: str) -> Status:
    status = _STATUSES.get(name)
    return Status(name) if status is None else status


def ledger_from_json(contracts: Any, next_id: Any) -> Ledger:
    """The ``fsus`` and ``fsu_next_id`` keys back (absent in positions written before FSUs existed:
    an empty ledger; without ``fsu_next_id`` the next id follows the highest one). Each field is
    read by its type, as :func:`state_from_json` reads the rest (a :class:`Malformed` names it)."""
    if contracts is not None and not isinstance(contracts, list):
        raise Malformed("fsus", f"expected a list, got {contracts!r:.60}")
    fsus = tuple(_fsu(f, f"fsus[{i}]") for i, f in enumerate(contracts or []))
    prefix = 0
    while prefix < len(fsus) and not fsus[prefix].is_active:
        prefix += 1
    following = max((f.fsu_id for f in fsus), default=0) + 1
    if next_id is not None and type(next_id) is not int:
        raise Malformed("fsu_next_id", f"expected a whole number, got {next_id!r:.60}")
    return Ledger(fsus, following if next_id is None else next_id, prefix)


def _fsu(raw: Any, at: str) -> Fsu:
    f = _object(raw, at)
    try:
        covers = frozenset(_cover(c) for c in _texts_of(f, "covers", at))
        status = _status(_text_of(f, "status", at))
    except ValueError as exc:
        if isinstance(exc, Malformed):
            raise
        raise Malformed(at, str(exc)) from None
    return Fsu(_int_of(f, "id", at), _text_of(f, "insurer", at), _text_of(f, "beneficiary", at),
               _text_of(f, "holder_token", at), _int_of(f, "square", at), _int_of(f, "premium", at), covers,
               _flag_of(f, "fool_modifiable", at), _int_of(f, "bought_at", at), status, _int_of(f, "paid", at))


class Malformed(InputError):
    """A field of a position that is missing or of the wrong type, named by its path
    (``parties[0].cash``): a JSON ``true``, ``5.7`` or ``"1500"`` is never read as a number, nor a
    ``"false"`` as a flag (``bool("false")`` is true), nor a list as a text."""

    def __init__(self, at: str, problem: str) -> None:
        super().__init__(f"malformed {FORMAT} document: {at}: {problem}", "state.malformed")


# Each reader takes the object, the key and the object's path, and builds the field's path only to
# name it in a refusal: a position is read back after every 128th input of a simulated game.
_MISSING: Final = object()


def _wrong(doc: dict[str, Any], key: str, at: str, expected: str) -> Malformed:
    where = f"{at}.{key}" if at else key
    if key not in doc:
        return Malformed(where, "missing")
    return Malformed(where, f"expected {expected}, got {doc[key]!r:.60}")


def _object(value: Any, at: str) -> dict[str, Any]:
    if type(value) is not dict:
        raise Malformed(at, f"expected an object, got {value!r:.60}")
    return value


def _int_of(doc: dict[str, Any], key: str, at: str) -> int:
    value = doc.get(key, _MISSING)
    if type(value) is int:  # not a bool (true is not 1 here), a float or a text
        return value
    raise _wrong(doc, key, at, "a whole number")


def _text_of(doc: dict[str, Any], key: str, at: str) -> str:
    value = doc.get(key, _MISSING)
    if type(value) is str and value:
        return value
    raise _wrong(doc, key, at, "a text")


def _optional_text_of(doc: dict[str, Any], key: str, at: str) -> str | None:
    """A text or ``null`` (the key itself must be there)."""
    value = doc.get(key, _MISSING)
    if value is None or type(value) is str and value:
        return value
    raise _wrong(doc, key, at, "a text or null")


def _flag_of(doc: dict[str, Any], key: str, at: str) -> bool:
    value = doc.get(key, _MISSING)
    if type(value) is bool:
        return value
    raise _wrong(doc, key, at, "true or false")


def _object_of(doc: dict[str, Any], key: str, at: str) -> dict[str, Any]:
    value = doc.get(key, _MISSING)
    if type(value) is dict:
        return value
    raise _wrong(doc, key, at, "an object")


def _list_of(doc: dict[str, Any], key: str, at: str) -> list[Any]:
    value = doc.get(key, _MISSING)
    if type(value) is list:
        return value
    raise _wrong(doc, key, at, "a list")


def _texts_of(doc: dict[str, Any], key: str, at: str) -> list[str]:
    items = _list_of(doc, key, at)
    for i, item in enumerate(items):
        if type(item) is not str or not item:
            raise Malformed(f"{at}.{key}[{i}]" if at else f"{key}[{i}]", f"expected a text, got {item!r:.60}")
    return list(items)


def _ints_of(doc: dict[str, Any], key: str, at: str) -> list[int]:
    items = _list_of(doc, key, at)
    for i, item in enumerate(items):
        if type(item) is not int:
            raise Malformed(f"{at}.{key}[{i}]" if at else f"{key}[{i}]", f"expected a whole number, got {item!r:.60}")
    return list(items)


def _distinct(items: list[str], at: str, what: str) -> None:
    if len(set(items)) != len(items):
        twice = next(item for i, item in enumerate(items) if item in items[:i])
        raise Malformed(at, f"{what} {twice!r} is listed twice")


def state_from_json(doc: Any) -> State:
    """Parse a position; anything malformed is an :class:`InputError` naming the field."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise InputError(f"not an {FORMAT} document", "state.malformed")
    state = _parse(doc)
    problem = _structure_problem(state)
    if problem is not None:
        raise InputError(f"inconsistent {FORMAT} document: {problem}", "state.malformed")
    return state


def _parse(doc: dict[str, Any]) -> State:
    squares: dict[int, SquareState] = {}
    for i, sq in enumerate(_list_of(doc, "squares", "")):
        if type(sq) is dict:  # the usual case, checked at once; _square names what is wrong
            index, houses, hotel, mortgaged = sq.get("square"), sq.get("houses"), sq.get("hotel"), sq.get("mortgaged")
            owner = sq.get("owner", _MISSING)
            if type(index) is int and type(houses) is int and type(hotel) is bool and type(mortgaged) is bool \
                    and (owner is None or type(owner) is str and owner) and index not in squares:
                squares[index] = square_state(owner, HOTEL if hotel else houses, mortgaged)
                continue
        _square(sq, f"squares[{i}]", squares)
    parties = [_party(p, f"parties[{i}]") for i, p in enumerate(_list_of(doc, "parties", ""))]
    _distinct([p.id for p in parties], "parties", "party")
    tokens = [_token(t, f"tokens[{i}]") for i, t in enumerate(_list_of(doc, "tokens", ""))]
    _distinct([t.id for t in tokens], "tokens", "token")
    seating = _texts_of(doc, "seating", "")
    _distinct(seating, "seating", "player")
    bank, turn = _object_of(doc, "bank", ""), _object_of(doc, "turn", "")
    over = None if doc.get("game_over", _MISSING) is None else _object_of(doc, "game_over", "")
    fortuna = _object(doc.get("fortuna") or {"holders": [], "earned": []}, "fortuna")
    npcs = None if doc.get("npcs") is None else _object_of(doc, "npcs", "")
    return State(
        _text_of(doc, "edition", ""), _rules(_object_of(doc, "rules", "")), parties, tokens, squares,
        Bank(_int_of(bank, "cash", "bank"), _int_of(bank, "houses", "bank"), _int_of(bank, "hotels", "bank")),
        seating,
        Turn(_int_of(turn, "number", "turn"), _optional_text_of(turn, "token", "turn"), _int_of(turn, "doubles", "turn"),
             _ints_of(turn, "four_houses_at_start", "turn")),
        None if over is None else GameOver(_text_of(over, "winner", "game_over"), _text_of(over, "reason", "game_over")),
        ledger=ledger_from_json(doc.get("fsus"), doc.get("fsu_next_id")),
        thefts={thief: _theft(t, f"thefts.{thief}")
                for thief, t in _object(doc.get("thefts") or {}, "thefts").items()},
        fortuna=_texts_of(fortuna, "holders", "fortuna"), fortuna_earned=_texts_of(fortuna, "earned", "fortuna"),
        lives={party: _int_of(lives, party, "lives")
               for lives in (_object(doc.get("lives") or {}, "lives"),) for party in lives},
        npcs=None if npcs is None else Npcs(
            _int_of(npcs, "death", "npcs"), _int_of(npcs, "luggage", "npcs"), _int_of(npcs, "dibbler", "npcs"),
            _optional_text_of(npcs, "luggage_with", "npcs"),
            None if npcs.get("banker") is None else _text_of(npcs, "banker", "npcs")),
        reversed_tokens=[] if npcs is None or "reversed_tokens" not in npcs else
        _texts_of(npcs, "reversed_tokens", "npcs"),
    )


@lru_cache(maxsize=1)
def _rule_choices() -> dict[str, frozenset[str]]:
    from companion.morpoly.mode import OPTIONS  # the mode imports this module

    return {option.name: frozenset(option.choices) for option in OPTIONS}


def _rules(rules: dict[str, Any]) -> dict[str, str]:
    """The options the position is played by: known names, each with one of its values (a position
    may leave some out, as one written before an option existed does)."""
    choices = _rule_choices()
    for name, value in rules.items():
        if name not in choices:
            raise Malformed(f"rules.{name}", f"unknown option; this game has {', '.join(choices)}")
        if type(value) is not str or value not in choices[name]:  # a list or an object hashes not
            raise Malformed(f"rules.{name}", f"{value!r:.60} is not one of {', '.join(sorted(choices[name]))}")
    return dict(rules)


def _square(raw: Any, at: str, squares: dict[int, SquareState]) -> None:
    sq = _object(raw, at)
    index = _int_of(sq, "square", at)
    if index in squares:
        raise Malformed(f"{at}.square", f"square {index} is listed twice")
    houses = HOTEL if _flag_of(sq, "hotel", at) else _int_of(sq, "houses", at)
    squares[index] = square_state(_optional_text_of(sq, "owner", at), houses, _flag_of(sq, "mortgaged", at))


def _party(raw: Any, at: str) -> Party:
    p = _object(raw, at)
    return Party(_text_of(p, "id", at), _int_of(p, "cash", at), _texts_of(p, "tokens", at), _text_of(p, "boss", at),
                 _texts_of(p, "guilds", at), _texts_of(p, "jail_cards", at))


def _token(raw: Any, at: str) -> Token:
    t = _object(raw, at)
    return Token(_text_of(t, "id", at), _text_of(t, "party", at), _int_of(t, "square", at),
                 _flag_of(t, "in_jail", at), _int_of(t, "jail_attempts", at))


def _theft(raw: Any, at: str) -> tuple[int, str, int]:
    t = _object(raw, at)
    return _int_of(t, "square", at), _text_of(t, "victim", at), _int_of(t, "loot", at)


def _structure_problem(state: State) -> str | None:
    """What makes a parsed position impossible in its structure: parties, tokens, seats and squares
    that do not fit together (the values no table reaches are :func:`_unreachable_problem`'s)."""
    try:
        edition = load_edition(state.edition)
    except ValueError as exc:
        return str(exc)
    if tuple(sorted(state.squares)) != edition.ownable():
        return f"squares must list exactly the ownable squares {list(edition.ownable())}"
    parties = {p.id for p in state.parties}
    tokens = {t.id for t in state.tokens}
    for token in state.tokens:
        if token.party not in parties or not 0 <= token.square < 40 or not 0 <= token.jail_attempts < JAIL_ATTEMPTS:
            return f"token {token.id!r}: party {token.party!r}, square {token.square}, attempts {token.jail_attempts}"
    for party in state.parties:
        if set(party.tokens) - tokens or party.boss not in party.tokens:
            return f"party {party.id!r}: tokens {party.tokens} and boss {party.boss!r} must be tokens of the game"
        if set(party.guilds) - _KNOWN_GUILDS or len(set(party.guilds)) != len(party.guilds):
            return f"party {party.id!r}: guilds {party.guilds} must be guilds of the game ({', '.join(ELAM_GUILDS)}), each once"
    problem = _cash_or_guild_problem(state)
    if problem is not None:
        return problem
    for index, sq in state.squares.items():
        if sq.owner is not None and sq.owner not in parties:
            return f"square {index} is owned by {sq.owner!r}, not a party"
        if not 0 <= sq.houses <= HOTEL or (sq.houses and edition.squares[index].kind != "street"):
            return f"square {index} cannot carry {sq.houses} buildings"
    if state.turn.token is not None and state.turn.token not in state.seating:
        return f"turn token {state.turn.token!r} is not seated"
    for thief, (square, _, loot) in state.thefts.items():
        if thief not in tokens or not 0 <= square < 40 or loot < 0:
            return f"thefts: {thief!r} on {square} with loot {loot} must be a token of the game on a square 0–39"
    problem = _unreachable_problem(state, edition)
    if problem is not None:
        return problem
    return _ledger_problem(state, parties, tokens)


def _unreachable_problem(state: State, edition: Edition) -> str | None:
    """Values of the right type that no table reaches, named by the field (each is an invariant the
    random-play tests hold after every input, :mod:`companion.morpoly.invariants`): the tokens and
    cards, the squares' buildings, the bank's supply and money, and the turn."""
    return (_tokens_and_cards_problem(state) or _buildings_problem(state, edition)
            or _bank_problem(state, edition) or _turn_problem(state, edition))


def _tokens_and_cards_problem(state: State) -> str | None:
    """A token is in the party that lists it, and only there (a takeover moves it, §5.1); a jailed
    token stands on the jail (square 10); each get-out-of-jail card is one card, held once. Only
    "only there" is the format's own (the invariants leave it to the round-trip): the rest are
    :mod:`~companion.morpoly.soundness`'s."""
    member_of: dict[str, str] = {}
    for i, party in enumerate(state.parties):
        for member in party.tokens:
            if member in member_of:
                return f"parties[{i}].tokens: token {member!r} is in party {member_of[member]!r} too"
            member_of[member] = party.id
    twice = card_held_twice(state.parties)
    if twice is not None:
        i, card, first = twice
        return f"parties[{i}].jail_cards: {card!r} is held by party {first!r} too (there is one of each card)"
    problems = token_problems(state.tokens, {p.id: p for p in state.parties})
    if problems:  # the squares are 0 to 39 (_structure_problem): off its square is a jailed token off the jail
        i, problem = problems[0]
        token = state.tokens[i]
        if problem is Misplaced.UNLISTED:
            return f"tokens[{i}].party: {token.party!r}, but party {token.party!r} does not list token {token.id!r}"
        return f"tokens[{i}].square: {token.square}, but a token in jail stands on square {JAIL_SQUARE}"
    return None


def _buildings_problem(state: State, edition: Edition) -> str | None:
    """Houses and hotels stand only on an unmortgaged street whose whole colour group is its
    owner's (one builds only on a whole group, and a square with buildings cannot be mortgaged:
    they are sold first, R12 and the standard rules; :func:`soundness.building_problems`)."""
    group_of = groups(edition.id)
    for i, (index, sq) in enumerate(state.squares.items()):
        if not sq.houses:
            continue
        group = group_of.get(index, ())
        problems = building_problems(state.squares, group, sq)
        if not problems:
            continue
        if problems[0] is not Building.SPLIT:
            what = "mortgaged" if problems[0] is Building.MORTGAGED else "owned by the bank"
            return f"squares[{i}]: square {index} is {what} and carries buildings ({sq.houses})"
        return (f"squares[{i}]: square {index} carries buildings, but {sq.owner!r} does not own its whole "
                f"group {list(group)}")
    return None


def _bank_problem(state: State, edition: Edition) -> str | None:
    """The supply: a house or hotel is in the bank or on a street, so the bank's and the board's
    make the edition's 32 and 12 (never below zero in the bank: with none left nobody builds, the
    standard rules' housing shortage); and the money: every payment moves money between parties and
    the bank, so the bank's and the parties' cash make the edition's ``bank_money`` (the bank's own
    may go below zero, the standard rules' banker writing IOUs; see :func:`money.transfer`). The
    rules are :mod:`~companion.morpoly.soundness`'s; the words are the format's."""
    short = supply_problems(state.bank, edition, *buildings(state.squares))
    if short:
        key, in_bank, on_board, supply = short[0]
        if in_bank < 0:
            return f"bank.{key}: {in_bank} is below zero"
        return (f"bank.{key}: {in_bank} in the bank and {on_board} on the board make {in_bank + on_board}, "
                f"but the edition has {supply}")
    total = money_total(state, edition)
    if total is not None:
        return (f"bank.cash: {state.bank.cash} in the bank and {total - state.bank.cash} with the parties make "
                f"{total}, but the edition's money is {edition.bank_money} (money only moves between them)")
    return None


def _turn_problem(state: State, edition: Edition) -> str | None:
    """The turn count starts at 0 and only goes up; doubles in a row are 0 to 3 (the third sends the
    token to jail and ends the turn, but its questions are asked first); the streets with four
    houses when the turn began are streets, each once."""
    turn = state.turn
    if turn.number < 0:
        return f"turn.number: {turn.number} is below zero"
    if not 0 <= turn.doubles <= 3:
        return f"turn.doubles: {turn.doubles} doubles in a row (0 to 3: the third ends the turn)"
    for i, square in enumerate(turn.four_houses_at_start):
        if not 0 <= square < len(edition.squares) or edition.squares[square].kind != "street" \
                or square in turn.four_houses_at_start[:i]:
            return f"turn.four_houses_at_start[{i}]: {square} is not a street listed once"
    return None


def _cash_or_guild_problem(state: State) -> str | None:
    """Two things no table can reach, named by the field: a party's cash below zero (a payment its
    cash does not cover waits while the party raises money, ``debt.raise``, or is taken over: R14,
    §5.1; the cash itself never goes below zero) and a guild headed by two parties (each guild is
    headed once, R7; a takeover merges the taken-over party, guilds and all, into the creditor's,
    so a team heads several guilds but no guild has two parties). The first party in debt
    (:func:`soundness.parties_in_debt`) is named where the walk over the parties meets it."""
    in_debt = parties_in_debt(state.parties)
    first_in_debt = in_debt[0] if in_debt else -1
    headed: dict[str, str] = {}
    for i, party in enumerate(state.parties):
        if i == first_in_debt:
            return (f"parties[{i}].cash: {party.cash} is below zero (a party short of cash raises money or "
                    "is taken over; its cash never goes below zero)")
        for guild in party.guilds:
            if guild in headed:
                return (f"parties[{i}].guilds: {guild!r} is headed by party {headed[guild]!r} too (each guild "
                        "has one party; a takeover merges the parties)")
            headed[guild] = party.id
    return None


def _ledger_problem(state: State, parties: set[str], tokens: set[str]) -> str | None:
    if state.ledger.next_id < 1:
        return f"fsu_next_id: {state.ledger.next_id} is below 1 (the first FSU is number 1)"
    for i, fsu in enumerate(state.ledger.fsus):  # numbered from 1, stamped with the turn it was bought in
        if fsu.fsu_id < 1:
            return f"fsus[{i}].id: {fsu.fsu_id} is below 1 (FSUs are numbered from 1)"
        if not 0 <= fsu.bought_at <= state.turn.number:
            return (f"fsus[{i}].bought_at: turn {fsu.bought_at}, not a turn so far (0 to turn.number "
                    f"{state.turn.number})")
    problems = ledger_problems(state.ledger)
    if problems:
        return f"fsus: {problems[0]}"
    for fsu in state.ledger.active():
        if fsu.insurer not in parties or fsu.beneficiary not in parties or fsu.holder_token not in tokens:
            return (f"fsus: contract {fsu.fsu_id} names {fsu.insurer!r}, {fsu.beneficiary!r} and token "
                    f"{fsu.holder_token!r}, which must be parties and a token of the game")
    return _optional_problem(state, parties, tokens)


def _optional_problem(state: State, parties: set[str], tokens: set[str]) -> str | None:
    for key, listed in (("fortuna.holders", state.fortuna), ("fortuna.earned", state.fortuna_earned)):
        if set(listed) - parties or len(set(listed)) != len(listed):
            return f"{key} {listed} must name parties of the game, each once"
    if set(state.fortuna) & set(state.fortuna_earned):
        return f"a party holds a Fortuna token and earns another: {state.fortuna} / {state.fortuna_earned}"
    for party, lives in state.lives.items():
        if party not in parties or lives < 1:
            return f"lives: {party!r} has {lives}; only parties in the game, each with at least one life"
    npcs = state.npcs
    if npcs is not None:
        if not all(0 <= sq < 40 for sq in (npcs.death, npcs.luggage, npcs.dibbler)):
            return f"npcs must stand on squares 0-39: {npcs}"
        if npcs.luggage_with is not None and npcs.luggage_with not in tokens:
            return f"npcs.luggage_with {npcs.luggage_with!r} is not a token of the game"
        if npcs.banker is not None and npcs.banker not in state.seating:
            return f"npcs.banker {npcs.banker!r} is not a player of the game"
    if set(state.reversed_tokens) - tokens:
        return f"npcs.reversed_tokens {state.reversed_tokens} must be tokens of the game"
    return None
