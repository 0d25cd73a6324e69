"""The position format ``ankh-morpoly-state/1``: the whole table as JSON, and back, exactly.

``state_from_json(state_to_json(s)) == s`` for every reachable state. Documented with examples in
``docs/morpoly-state-format.md``; fields are only ever added.
"""
from __future__ import annotations

from typing import Any, Final

from companion.core.errors import InputError
from companion.morpoly.state import HOTEL, Bank, GameOver, Party, SquareState, State, Token, Turn

FORMAT: Final = "ankh-morpoly-state/1"


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "edition": state.edition,
        "rules": dict(sorted(state.rules.items())),
        "seating": list(state.seating),
        "parties": [{"id": p.id, "boss": p.boss, "cash": p.cash, "tokens": list(p.tokens), "guilds": list(p.guilds),
                     "jail_cards": list(p.jail_cards)} for p in state.parties],
        "tokens": [{"id": t.id, "party": t.party, "square": t.square, "in_jail": t.in_jail,
                    "jail_attempts": t.jail_attempts} for t in state.tokens],
        "squares": [{"square": i, "owner": sq.owner, "houses": min(sq.houses, 4) if not sq.hotel else 0,
                     "hotel": sq.hotel, "mortgaged": sq.mortgaged} for i, sq in sorted(state.squares.items())],
        "bank": {"cash": state.bank.cash, "houses": state.bank.houses, "hotels": state.bank.hotels},
        "turn": {"number": state.turn.number, "token": state.turn.token, "doubles": state.turn.doubles,
                 "four_houses_at_start": list(state.turn.four_houses_at_start)},
        "game_over": None if state.game_over is None else {"winner": state.game_over.winner,
                                                           "reason": state.game_over.reason},
    }


def state_from_json(doc: Any) -> State:
    """Parse a position; anything malformed is an :class:`InputError` naming the field."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise InputError(f"not an {FORMAT} document")
    try:
        squares = {}
        for sq in doc["squares"]:
            houses = HOTEL if sq["hotel"] else int(sq["houses"])
            squares[int(sq["square"])] = SquareState(sq["owner"], houses, bool(sq["mortgaged"]))
        turn = doc["turn"]
        over = doc["game_over"]
        return State(
            str(doc["edition"]), {str(k): str(v) for k, v in doc["rules"].items()},
            [Party(str(p["id"]), int(p["cash"]), [str(t) for t in p["tokens"]], str(p["boss"]),
                   [str(g) for g in p["guilds"]], [str(c) for c in p["jail_cards"]]) for p in doc["parties"]],
            [Token(str(t["id"]), str(t["party"]), int(t["square"]), bool(t["in_jail"]), int(t["jail_attempts"]))
             for t in doc["tokens"]],
            squares,
            Bank(int(doc["bank"]["cash"]), int(doc["bank"]["houses"]), int(doc["bank"]["hotels"])),
            [str(s) for s in doc["seating"]],
            Turn(int(turn["number"]), turn["token"], int(turn["doubles"]), [int(s) for s in turn["four_houses_at_start"]]),
            None if over is None else GameOver(str(over["winner"]), str(over["reason"])),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InputError(f"malformed {FORMAT} document: {exc!r}") from None
