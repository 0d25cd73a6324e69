"""Setting up the table for 2, 3 or 4 players, as the rulebook's "Starting the game" says."""
from __future__ import annotations

from companion.morpork.board import COLORS, START_AREAS, STARTING_MONEY
from companion.morpork.catalog import CARDS, EVENT_IDS, TWO_PLAYER_REMOVED_CARDS
from companion.core.errors import RuleViolation
from companion.morpork.options import EDITION_RULINGS, EDITIONS, Rulings, overrides
from companion.morpork.state import Player, State, empty_areas

HAND_SIZE = 5


def deck_size(player_count: int) -> int:
    """Player cards in the game: all 101, less Hubert and Cosmo Lavish with two players."""
    removed = len(TWO_PLAYER_REMOVED_CARDS) if player_count == 2 else 0
    return len(CARDS) - removed


def opening_draw_pile(player_count: int) -> int:
    """Cards left to draw once every player holds five: the default for a position that omits it."""
    return deck_size(player_count) - HAND_SIZE * player_count


def new_state(colors: list[str], edition: str = "en", first_player: str | None = None,
              rulings: Rulings | None = None) -> State:
    """The opening position: a minion of each colour and a trouble marker in The Shades, The Scours
    and Dolly Sisters; $10 each; five cards each; all twelve events in their deck. ``rulings``
    (default: the edition's) are the game's rule options (``companion.morpork.options``)."""
    if not 2 <= len(colors) <= 4:
        raise RuleViolation("setup.players", f"the game is for 2 to 4 players, not {len(colors)!r}")
    for color in colors:
        if color not in COLORS:
            raise RuleViolation("setup.colour", f"unknown colour {color!r}; expected one of {', '.join(COLORS)}")
    if len(set(colors)) != len(colors):
        raise RuleViolation("setup.colour", f"each player needs a colour of their own: {colors!r}")
    if edition not in EDITIONS:
        raise RuleViolation("setup.edition", f"unknown edition {edition!r}; expected one of {', '.join(EDITIONS)}")
    if first_player is not None and first_player not in colors:
        raise RuleViolation("setup.first-player", f"{first_player!r} is not playing")
    rules = rulings or EDITION_RULINGS[edition]
    areas = empty_areas()
    for area_id in START_AREAS:
        areas[area_id].minions = {c: 1 for c in colors}
        areas[area_id].trouble = True
    players = [Player(color=c, money=STARTING_MONEY, hand=HAND_SIZE) for c in colors]
    return State(
        players=players,
        areas=areas,
        active_player=first_player or colors[0],
        edition=edition,
        bank=rules.bank - STARTING_MONEY * len(colors),
        draw_pile=opening_draw_pile(len(colors)),
        event_deck=list(EVENT_IDS),
        rulings=overrides(edition, rules),
    )
