"""The position format ``ankh-morpoly-state/1``: the whole table as JSON, and back, exactly.

``state_from_json(state_to_json(s)) == s`` for every reachable state. Documented with examples in
``docs/morpoly-state-format.md``; fields are only ever added.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from companion.core.errors import InputError
from companion.morpoly.covers import Cover
from companion.morpoly.editions import load_edition
from companion.morpoly.fsu import Fsu, Ledger, Status, ledger_problems
from companion.morpoly.state import HOTEL, JAIL_ATTEMPTS, Bank, GameOver, Npcs, Party, State, Token, Turn, square_state

FORMAT: Final = "ankh-morpoly-state/1"


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
    an empty ledger; without ``fsu_next_id`` the next id follows the highest one)."""
    fsus = tuple(Fsu(int(f["id"]), str(f["insurer"]), str(f["beneficiary"]), str(f["holder_token"]),
                     int(f["square"]), int(f["premium"]), frozenset(_cover(str(c)) for c in f["covers"]),
                     bool(f["fool_modifiable"]), int(f["bought_at"]), _status(str(f["status"])), int(f["paid"]))
                 for f in (contracts or []))
    prefix = 0
    while prefix < len(fsus) and not fsus[prefix].is_active:
        prefix += 1
    following = max((f.fsu_id for f in fsus), default=0) + 1
    return Ledger(fsus, following if next_id is None else int(next_id), prefix)


def state_from_json(doc: Any) -> State:
    """Parse a position; anything malformed is an :class:`InputError` naming the field."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise InputError(f"not an {FORMAT} document", "state.malformed")
    try:
        state = _parse(doc)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InputError(f"malformed {FORMAT} document: {exc!r}", "state.malformed") from None
    problem = _structure_problem(state)
    if problem is not None:
        raise InputError(f"inconsistent {FORMAT} document: {problem}", "state.malformed")
    return state


def _parse(doc: dict[str, Any]) -> State:
    squares = {}
    for sq in doc["squares"]:
        houses = HOTEL if sq["hotel"] else int(sq["houses"])
        squares[int(sq["square"])] = square_state(sq["owner"], houses, bool(sq["mortgaged"]))
    turn = doc["turn"]
    over = doc["game_over"]
    fortuna = doc.get("fortuna") or {"holders": [], "earned": []}
    npcs = doc.get("npcs")
    return State(
        str(doc["edition"]), {str(k): str(v) for k, v in doc["rules"].items()},
        [Party(str(p["id"]), int(p["cash"]), [str(t) for t in p["tokens"]], str(p["boss"]),
               [str(g) for g in p["guilds"]], [str(c) for c in p["jail_cards"]]) for p in doc["parties"]],
        [Token(str(t["id"]), str(t["party"]), int(t["square"]), bool(t["in_jail"]), int(t["jail_attempts"]))
         for t in doc["tokens"]],
        squares,
        Bank(int(doc["bank"]["cash"]), int(doc["bank"]["houses"]), int(doc["bank"]["hotels"])),
        [str(s) for s in doc["seating"]],
        Turn(int(turn["number"]), turn["token"], int(turn["doubles"]),
             [int(s) for s in turn["four_houses_at_start"]]),
        None if over is None else GameOver(str(over["winner"]), str(over["reason"])),
        ledger=ledger_from_json(doc.get("fsus"), doc.get("fsu_next_id")),
        thefts={str(token): (int(t["square"]), str(t["victim"]), int(t["loot"]))
                for token, t in (doc.get("thefts") or {}).items()},
        fortuna=[str(p) for p in fortuna["holders"]], fortuna_earned=[str(p) for p in fortuna["earned"]],
        lives={str(p): int(n) for p, n in (doc.get("lives") or {}).items()},
        npcs=None if npcs is None else Npcs(int(npcs["death"]), int(npcs["luggage"]), int(npcs["dibbler"]),
                                            None if npcs["luggage_with"] is None else str(npcs["luggage_with"]),
                                            None if npcs.get("banker") is None else str(npcs["banker"])),
        reversed_tokens=[] if npcs is None else [str(t) for t in npcs.get("reversed_tokens", [])],
    )


def _structure_problem(state: State) -> str | None:
    """What makes a parsed position impossible (money totals are the invariants' business)."""
    try:
        edition = load_edition(state.edition)
    except ValueError as exc:
        return str(exc)
    if sorted(state.squares) != _ownable_sorted(edition.id):
        return f"squares must list exactly the ownable squares {list(edition.ownable())}"
    parties = {p.id for p in state.parties}
    tokens = {t.id for t in state.tokens}
    for token in state.tokens:
        if token.party not in parties or not 0 <= token.square < 40 or not 0 <= token.jail_attempts < JAIL_ATTEMPTS:
            return f"token {token.id!r}: party {token.party!r}, square {token.square}, attempts {token.jail_attempts}"
    for party in state.parties:
        if set(party.tokens) - tokens or party.boss not in party.tokens:
            return f"party {party.id!r}: tokens {party.tokens} and boss {party.boss!r} must be tokens of the game"
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
    return _ledger_problem(state, parties, tokens)


@lru_cache(maxsize=None)
def _ownable_sorted(edition_id: str) -> list[int]:
    """The edition's ownable squares in order, listed once (compared at every parse; never changed)."""
    return sorted(load_edition(edition_id).ownable())


def _ledger_problem(state: State, parties: set[str], tokens: set[str]) -> str | None:
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
