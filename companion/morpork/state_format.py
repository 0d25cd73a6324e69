"""The table state format ``ankh-morpork-state/1``: read, validate and write a position as JSON.

This is a contract (``docs/state-format.md``): users save and share positions with it, bug reports
carry it, and the commands talk in it. Reading is strict — every problem raises a
``StateFormatError`` that names the field — and writing is canonical, so ``read(write(s)) == s``.
Fields with defaults may be left out of a hand-written position. One check may be left out by the
reader: whether a table can reach the position (the app draws the engine's own view even when it
cannot, and says so in its log: :func:`state_from_json`).
"""
from __future__ import annotations

import json
from typing import Any

from companion.morpork.board import AREA_IDS, BUILDINGS_PER_PLAYER, COLORS, MINIONS_PER_PLAYER, TROLLS, DEMONS, TROUBLE_MARKERS
from companion.morpork.catalog import (CARD_IDS, EVENT_IDS, LOAN_CARD_IDS, PERSONALITY_IDS, STICKY_CARD_IDS,
                                       TWO_PLAYER_REMOVED_CARDS, TWO_PLAYER_REMOVED_PERSONALITIES)
from companion.core.errors import InputError, StateFormatError
from companion.core.jsontext import JsonTextError, parse_json
from companion.morpork.options import EDITIONS, Rulings, overrides
from companion.morpork.setup import deck_size, opening_draw_pile
from companion.morpork.soundness import unreachable
from companion.morpork.state import AreaState, GameOver, Player, State, TurnState, empty_areas

FORMAT = "ankh-morpork-state/1"
MODE_ID = "ankh-morpork"
"""The game mode a position belongs to (the optional ``mode`` field says so, as ``game state`` does)."""
GAME_OVER_REASONS: tuple[str, ...] = ("personality", "draw-pile", "riots", "points")


def state_from_text(text: str) -> State:
    """Parse a JSON document; malformed JSON (or one too long, too deep or with a giant number, see
    :mod:`companion.core.jsontext`) is a ``StateFormatError`` on the field ``(document)``."""
    try:
        doc = parse_json(text, "the position")
    except JsonTextError as exc:
        raise StateFormatError("(document)", str(exc)) from None
    return state_from_json(doc)


def state_to_text(state: State) -> str:
    return json.dumps(state_to_json(state), indent=2, ensure_ascii=False)


# -- reading -----------------------------------------------------------------------------------

def _int(value: Any, name: str, minimum: int = 0, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateFormatError(name, f"expected a whole number, got {value!r}")
    if value < minimum:
        raise StateFormatError(name, f"must be at least {minimum}, got {value!r}")
    if maximum is not None and value > maximum:
        raise StateFormatError(name, f"must be at most {maximum}, got {value!r}")
    return value


def _list(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise StateFormatError(name, f"expected a list, got {value!r}")
    return value


def _id(value: Any, name: str, allowed: tuple[str, ...], what: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise StateFormatError(name, f"unknown {what} {value!r}")
    return value


def _ids(value: Any, name: str, allowed: tuple[str, ...], what: str) -> list[str]:
    """A list of distinct ids: every card, event and area exists once, so a repeat is a mistake
    (an event listed twice in ``event_deck`` could otherwise happen twice)."""
    items = _list(value, name)
    known = _ALLOWED.get(id(allowed))  # the catalogue's tuples as sets, made once (else made here)
    if all(isinstance(v, str) for v in items) and len(set(items)) == len(items) \
            and (known if known is not None else frozenset(allowed)).issuperset(items):
        return list(items)  # the usual case, checked at once; the loop below names what is wrong
    ids = [_id(v, f"{name}[{i}]", allowed, what) for i, v in enumerate(items)]
    for i, item in enumerate(ids):
        if item in ids[:i]:
            raise StateFormatError(f"{name}[{i}]", f"{what} {item!r} is listed twice")
    return ids


_ALLOWED: dict[int, frozenset[str]] = {id(ids): frozenset(ids) for ids in (
    CARD_IDS, EVENT_IDS, AREA_IDS, LOAN_CARD_IDS, STICKY_CARD_IDS)}
"""The allowed ids of :func:`_ids` as sets, by the identity of the catalogue's tuple (module
constants, alive as long as this module, so no other object has their id); a tuple made by the
caller (the players' colours) is turned into a set at each call as before. A round trip of the
position through its JSON, which the simulator checks, made a set of the whole deck each time."""


def _count(doc: dict[str, Any], key: str, name: str, maximum: int) -> int:
    """``doc[key]`` (0 when left out) as :func:`_int` reads it from 0 to ``maximum``, the field's
    name made only when it is refused: a whole number in range, the usual case, is read at once
    (a ``bool`` is not an ``int`` by ``type``, and goes to :func:`_int`, which refuses it)."""
    value = doc.get(key, 0)
    if type(value) is int and 0 <= value <= maximum:
        return value
    return _int(value, f"{name}.{key}", 0, maximum)


def _object(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StateFormatError(name, f"expected an object, got {value!r}")
    return value


def _check_keys(doc: dict[str, Any], name: str, allowed: set[str]) -> None:
    for key in doc:
        if key not in allowed:
            raise StateFormatError(f"{name}.{key}" if name else key, "unknown field")


_PLAYER_KEYS = {"color", "money", "personality", "loans", "hand", "stuck_cards", "name"}
_AREA_KEYS = {"minions", "building", "trouble", "demons", "trolls"}
_TOP_KEYS = {
    "format", "edition", "players", "areas", "active_player", "draw_pile", "lost_area_cards", "bank",
    "discard_pile", "event_deck", "turn", "game_over", "options", "mode", "revision",
}


def _player_from_json(raw: Any, name: str) -> Player:
    doc = _object(raw, name)
    _check_keys(doc, name, _PLAYER_KEYS)
    if "color" not in doc:
        raise StateFormatError(f"{name}.color", "missing")
    # each field read at once when it is what it usually is (a plain ``str`` or ``int`` in range, an
    # empty list); else by the checks that name the field (the names made only then)
    color = doc["color"]
    if type(color) is not str or color not in COLORS:
        color = _id(color, f"{name}.color", COLORS, "colour")
    personality = doc.get("personality")
    if personality is not None and (type(personality) is not str or personality not in PERSONALITY_IDS):
        personality = _id(personality, f"{name}.personality", PERSONALITY_IDS, "personality")
    player_name = doc.get("name")
    if player_name is not None and not isinstance(player_name, str):
        raise StateFormatError(f"{name}.name", f"expected text, got {player_name!r}")
    stuck = _id_list(doc, "stuck_cards", name, STICKY_CARD_IDS, "card that stays in hand")
    hand = _whole(doc, "hand", name, 5)
    if hand < len(stuck):
        raise StateFormatError(f"{name}.hand", f"{hand!r} is fewer than the {len(stuck)} cards stuck in it")
    return Player(
        color=color,
        money=_whole(doc, "money", name, 10),
        personality=personality,
        loans=_id_list(doc, "loans", name, LOAN_CARD_IDS, "loan card"),
        hand=hand,
        stuck_cards=stuck,
        name=player_name,
    )


def _whole(doc: dict[str, Any], key: str, name: str, default: int) -> int:
    """``doc[key]`` (``default`` when left out) as :func:`_int` reads it (at least 0), the field's
    name made only when it is refused (see :func:`_count`)."""
    value = doc.get(key, default)
    if type(value) is int and value >= 0:
        return value
    return _int(value, f"{name}.{key}")


def _id_list(doc: dict[str, Any], key: str, name: str, allowed: tuple[str, ...], what: str) -> list[str]:
    """``doc[key]`` (none when left out) as :func:`_ids` reads it; an empty list, the usual case,
    read at once (a new empty list, as ``_ids`` gives), the field's name made only otherwise."""
    value = doc.get(key, [])
    if type(value) is list and not value:
        return []
    return _ids(value, f"{name}.{key}", allowed, what)


def _check_cards_held_once(players: list[Player]) -> None:
    """Each loan card and each card stuck in a hand exists once in the box: holding one twice would
    count $12 against net worth (and cost up to 15 points) or shrink a hand twice over."""
    holder: dict[str, str] = {}
    for i, p in enumerate(players):
        for kind, cards in (("loans", p.loans), ("stuck_cards", p.stuck_cards)):
            for j, card in enumerate(cards):
                if card in holder:
                    raise StateFormatError(f"players[{i}].{kind}[{j}]",
                                           f"there is one {card!r} card and {holder[card]} already holds it")
                holder[card] = p.color


def _area_from_json(raw: Any, name: str, colors: list[str]) -> AreaState:
    doc = _object(raw, name)
    _check_keys(doc, name, _AREA_KEYS)
    minions: dict[str, int] = {}
    raw_minions = doc.get("minions", {})
    if type(raw_minions) is not dict:
        _object(raw_minions, f"{name}.minions")  # refused there, the field named
    for color, count in raw_minions.items():
        if color not in colors:
            raise StateFormatError(f"{name}.minions.{color}", f"unknown colour {color!r} (not a player)")
        n = count if type(count) is int and 0 <= count <= MINIONS_PER_PLAYER \
            else _int(count, f"{name}.minions.{color}", 0, MINIONS_PER_PLAYER)  # the field named when refused
        if n:
            minions[color] = n
    building = doc.get("building")
    if building is not None and building not in colors:
        raise StateFormatError(f"{name}.building", f"unknown colour {building!r} (not a player)")
    trouble = doc.get("trouble", False)
    if not isinstance(trouble, bool):
        raise StateFormatError(f"{name}.trouble", f"expected true or false, got {trouble!r}")
    return AreaState(
        minions=minions,
        building=building,
        trouble=trouble,
        demons=_count(doc, "demons", name, DEMONS),
        trolls=_count(doc, "trolls", name, TROLLS),
    )


def state_from_json(raw: Any, check_reachable: bool = True) -> State:
    """Build a ``State`` from a parsed JSON document, checking every field and the piece counts.

    ``check_reachable=False`` leaves out the one check of what no table reaches
    (:func:`unreachable_problem`): for the app, which draws the engine's own view, where a position
    the rules cannot make is the engine's slip to log, not a reason to stop showing the table (each
    draw would stop again)."""
    doc = _object(raw, "(document)")
    # the format first: another format's fields are not typos of this one's
    if doc.get("format", FORMAT) != FORMAT:
        raise StateFormatError("format", f"unknown format {doc.get('format')!r:.60}; expected {FORMAT!r}")
    _check_keys(doc, "", _TOP_KEYS)
    edition = doc.get("edition", "en")
    if edition not in EDITIONS:
        raise StateFormatError("edition", f"unknown edition {edition!r}; expected one of {', '.join(EDITIONS)}")
    rulings = _rulings_from_json(doc, edition)
    raw_players = _list(doc.get("players"), "players") if "players" in doc else None
    if raw_players is None:
        raise StateFormatError("players", "missing")
    if not 2 <= len(raw_players) <= 4:
        raise StateFormatError("players", f"2 to 4 players, got {len(raw_players)!r}")
    players = [_player_from_json(p, f"players[{i}]") for i, p in enumerate(raw_players)]
    colors = [p.color for p in players]
    if len(set(colors)) != len(colors):
        raise StateFormatError("players", f"a colour is listed twice: {colors!r}")
    personalities = [p.personality for p in players if p.personality]
    if len(set(personalities)) != len(personalities):
        raise StateFormatError("players", f"a personality is dealt twice: {personalities!r}")
    _check_cards_held_once(players)

    areas = empty_areas()
    for area_id, raw_area in _object(doc.get("areas", {}), "areas").items():
        if area_id not in AREA_IDS:
            raise StateFormatError(f"areas.{area_id}", f"unknown area {area_id!r}")
        areas[area_id] = _area_from_json(raw_area, f"areas.{area_id}", colors)

    active = doc.get("active_player", colors[0])
    if active not in colors:
        raise StateFormatError("active_player", f"{active!r} is not one of the players {colors!r}")

    total = rulings.bank
    held = sum(p.money for p in players)
    if held > total:
        raise StateFormatError("players", f"the players hold ${held}, more than the ${total} in the {edition!r} box")
    bank = _int(doc["bank"], "bank", 0) if "bank" in doc else total - held
    if bank + held != total:
        # Money only moves between the bank and the players: the coins in the box are all there is.
        raise StateFormatError(
            "bank", f"${bank!r} in the bank and ${held} with the players make ${bank + held}, "
            f"but the {edition!r} box holds ${total}; leave 'bank' out to derive it")

    event_deck = _ids(doc.get("event_deck", list(EVENT_IDS)), "event_deck", EVENT_IDS, "event")
    turn_doc = _object(doc.get("turn", {}), "turn")
    _check_keys(turn_doc, "turn", {"number", "powers_used", "cards_gained"})
    turn = TurnState(
        number=_int(turn_doc.get("number", 1), "turn.number", 1),
        powers_used=_ids(turn_doc.get("powers_used", []), "turn.powers_used", AREA_IDS, "area"),
        cards_gained=_ids(turn_doc.get("cards_gained", []), "turn.cards_gained", AREA_IDS, "area"),
    )
    game_over = None
    if doc.get("game_over") is not None:
        go = _object(doc["game_over"], "game_over")
        _check_keys(go, "game_over", {"reason", "winners", "personality"})
        personality = go.get("personality")
        if personality is not None:
            personality = _id(personality, "game_over.personality", PERSONALITY_IDS, "personality")
        game_over = GameOver(
            reason=_id(go.get("reason"), "game_over.reason", GAME_OVER_REASONS, "reason"),
            winners=_ids(go.get("winners", []), "game_over.winners", tuple(colors), "colour"),
            personality=personality,
        )

    state = State(
        players=players,
        areas=areas,
        active_player=active,
        edition=edition,
        bank=bank,
        draw_pile=_int(doc.get("draw_pile", opening_draw_pile(len(players))), "draw_pile"),
        discard_pile=_ids(doc.get("discard_pile", []), "discard_pile", CARD_IDS, "card"),
        event_deck=event_deck,
        lost_area_cards=_ids(doc.get("lost_area_cards", []), "lost_area_cards", AREA_IDS, "area"),
        turn=turn,
        game_over=game_over,
        rulings=overrides(edition, rulings),
    )
    _check_totals(state)
    _check_cards(state)
    if check_reachable:
        problem = unreachable_problem(state)
        if problem is not None:
            raise problem
    return state


def _rulings_from_json(doc: dict[str, Any], edition: str) -> Rulings:
    """The rule options of ``options`` (the rulings not given follow the edition), and the optional
    ``mode`` and ``revision`` that ``game state`` adds (checked, not stored: a position is the same
    whichever revision reached it)."""
    if doc.get("mode", MODE_ID) != MODE_ID:
        raise StateFormatError("mode", f"a position of {MODE_ID!r}, not of {doc.get('mode')!r}")
    if "revision" in doc:
        _int(doc["revision"], "revision", 1)
    given = _object(doc.get("options", {}), "options")
    for name, value in given.items():
        if not isinstance(value, str):
            raise StateFormatError(f"options.{name}", f"expected text, got {value!r}")
    if given.get("edition", edition) != edition:
        raise StateFormatError("options.edition", f"{given['edition']!r} is not the edition {edition!r}")
    try:
        return Rulings.from_options({**given, "edition": edition})
    except InputError as exc:
        raise StateFormatError("options", str(exc)) from None


def _check_totals(state: State) -> None:
    """Piece totals across the board: no colour over 12 minions or 6 buildings, no neutral over its box."""
    for color in state.colors:
        if state.minions_on_board(color) > MINIONS_PER_PLAYER:
            raise StateFormatError(f"areas.*.minions.{color}", f"{state.minions_on_board(color)} minions on the board; a colour has {MINIONS_PER_PLAYER}")
        if state.buildings_on_board(color) > BUILDINGS_PER_PLAYER:
            raise StateFormatError(f"areas.*.building", f"{state.buildings_on_board(color)} {color} buildings; a colour has {BUILDINGS_PER_PLAYER}")
    if state.demons_in_supply() < 0:
        raise StateFormatError("areas.*.demons", f"more than the {DEMONS} demons in the box")
    if state.trolls_in_supply() < 0:
        raise StateFormatError("areas.*.trolls", f"more than the {TROLLS} trolls in the box")
    if state.trouble_in_supply() < 0:  # pragma: no cover - 12 areas, 12 markers
        raise StateFormatError("areas.*.trouble", f"more than {TROUBLE_MARKERS} trouble markers")


def _check_cards(state: State) -> None:
    """The player cards, each one card of the box: a loan or a card stuck in a hand is not also in the
    discard pile; with two players the cards and the personality taken out at set-up are not in the
    game; and no hand and no draw pile holds more cards than the deck. (The sum of the hands, the
    piles and the loans is not held to the deck: a position that leaves ``draw_pile`` out gets the
    opening one, whatever its discard pile holds, and hand-written positions rely on that.)"""
    two_players = len(state.players) == 2
    held = {card: f"players[{i}].{kind}" for i, p in enumerate(state.players)
            for kind, cards in (("loans", p.loans), ("stuck_cards", p.stuck_cards)) for card in cards}
    for i, card in enumerate(state.discard_pile):
        if card in held:
            raise StateFormatError(f"discard_pile[{i}]", f"there is one {card!r} card and {held[card]} holds it")
        if two_players and card in TWO_PLAYER_REMOVED_CARDS:
            raise StateFormatError(f"discard_pile[{i}]", f"{card!r} is taken out of a two-player game")
    for i, p in enumerate(state.players):
        if two_players and p.personality in TWO_PLAYER_REMOVED_PERSONALITIES:
            raise StateFormatError(f"players[{i}].personality",
                                   f"{p.personality!r} is taken out of a two-player game")
    deck = deck_size(len(state.players))
    for i, p in enumerate(state.players):
        if p.hand > deck:
            raise StateFormatError(f"players[{i}].hand", f"{p.hand} cards, more than the {deck} cards of a "
                                   f"{len(state.players)}-player game")
    if state.draw_pile > deck:
        raise StateFormatError("draw_pile", f"{state.draw_pile} cards, more than the {deck} cards of a "
                               f"{len(state.players)}-player game")


def unreachable_problem(state: State) -> StateFormatError | None:
    """The first thing about ``state`` that no table shows, as reading it raises it; None when a
    table can reach it. By the rules the invariants hold too (:mod:`companion.morpork.soundness`):
    an end the rulebook does not make (no winner; a Personality card not the winner's, not won at the
    start of their turn or whose condition does not hold; winners without the most points; Riots
    with fewer than eight trouble markers; the draw pile's end with cards left), an empty draw pile
    in a game going on, a second City Area card lost. The rules that read the event deck are left to
    the invariants: a position without ``event_deck`` gets all twelve."""
    found = unreachable(state, events=False)
    return StateFormatError(found[0].field, found[0].says) if found else None


# -- writing -----------------------------------------------------------------------------------

def _player_to_json(p: Player) -> dict[str, Any]:
    doc: dict[str, Any] = {"color": p.color, "money": p.money, "personality": p.personality,
                           "loans": list(p.loans), "hand": p.hand}
    if p.stuck_cards:
        doc["stuck_cards"] = list(p.stuck_cards)
    if p.name is not None:
        doc["name"] = p.name
    return doc


def _area_to_json(a: AreaState) -> dict[str, Any]:
    return {"minions": {c: n for c, n in a.minions.items() if n}, "building": a.building,
            "trouble": a.trouble, "demons": a.demons, "trolls": a.trolls}


def state_to_json(state: State) -> dict[str, Any]:
    """The canonical document: empty areas are left out, everything else is written, areas in board
    order whatever order the state holds them in, so that equal states always write the same text.
    ``options`` (every ruling) is written only when a ruling differs from the edition's."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "edition": state.edition,
        "players": [_player_to_json(p) for p in state.players],
        "areas": {a: _area_to_json(state.areas[a]) for a in AREA_IDS if not state.areas[a].is_empty},
        "active_player": state.active_player,
        "draw_pile": state.draw_pile,
        "lost_area_cards": list(state.lost_area_cards),
        "bank": state.bank,
        "discard_pile": list(state.discard_pile),
        "event_deck": list(state.event_deck),
        "turn": {"number": state.turn.number, "powers_used": list(state.turn.powers_used),
                 "cards_gained": list(state.turn.cards_gained)},
        "game_over": None,
    }
    if state.game_over is not None:
        doc["game_over"] = {"reason": state.game_over.reason, "winners": list(state.game_over.winners),
                            "personality": state.game_over.personality}
    if state.rulings is not None:
        doc["options"] = state.rulings.to_options()
    return doc
